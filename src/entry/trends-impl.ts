// `perfgate trends`: the stored runs (the newest baseline's, or results and baseline files given
// by name) searched for the commits where a metric changed level.
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ConfigError, InputFileError } from '../core/errors.js';
import type { TrendsFormat } from '../core/options.js';
import type { HistoryEntry } from '../core/types/results.js';
import type { TrendsConfig } from '../core/types/config.js';
import { defaultCompareConfig } from '../core/config/compare.js';
import { defaultTrendsConfig } from '../core/config/defaults.js';
import { parseBaseline, storedRuns } from '../core/results/baseline.js';
import { analyzeTrends, type TrendsAnalysis, type TrendsRules } from '../core/trends/analyze.js';
import {
  renderTrendsJson,
  renderTrendsMarkdown,
  renderTrendsSlackLines,
  renderTrendsText,
  type TrendsReportOptions,
} from '../core/report/trends.js';
import { renderTrendsHtml } from '../core/report/trends-html.js';
import type { MetricName } from '../core/types/config.js';
import { checkOutputPath, writeFileAtomic } from '../adapters/output-file.js';
import { readInputFile } from '../adapters/input-file.js';
import { loadConfig } from '../adapters/config-file.js';
import { createDirStore } from '../adapters/baseline-store-dir.js';
import type { CliIo } from './cli-impl.js';

export type TrendsFailOn = 'regression' | 'never';

export interface TrendsCommandOptions {
  configPath: string;
  configDefaulted: boolean;
  /** Absent with files: the files are the history. */
  baselineDir?: string;
  files: string[];
  format: TrendsFormat;
  failOn: TrendsFailOn;
  /** -o: the report goes to this file instead of stdout (the html page, typically). */
  outputPath?: string;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** A results file is one run; a saved baseline is every run it keeps. */
function runsOfText(text: string, source: string): HistoryEntry[] {
  const parsed = parseBaseline(text, undefined, { source });
  if (parsed.status.kind !== 'ok' || !('baseline' in parsed))
    throw new InputFileError(`${source}: ${parsed.status.kind === 'ok' ? '' : parsed.status.detail}`);
  if (parsed.baseline.results.interrupted && parsed.baseline.history.length === 0 && !parsed.baseline.trends) return []; // a partial run measured another load
  return storedRuns(parsed.baseline);
}

async function loadRules(options: TrendsCommandOptions): Promise<{ rules: TrendsRules; configHash?: string }> {
  const present = !options.configDefaulted || (await exists(options.configPath));
  if (!present) {
    if (options.files.length > 0) return { rules: { compare: defaultCompareConfig(), trends: defaultTrendsConfig() } };
    throw new ConfigError(
      `no ${options.configPath} in ${resolve('.')}: --baseline-dir needs the config whose baselines to read; name it with -c path/to/perfgate.yml, or name results files instead`,
    );
  }
  const { config, configHash } = await loadConfig(options.configPath, { source: '-c' });
  const trends: TrendsConfig = config.trends ?? defaultTrendsConfig();
  return { rules: { compare: config.compare, trends }, configHash };
}

export async function collectRuns(
  options: TrendsCommandOptions,
  configHash: string | undefined,
): Promise<{ runs: HistoryEntry[]; source: string }> {
  if (options.files.length > 0) {
    const runs: HistoryEntry[] = [];
    for (const file of options.files)
      runs.push(
        ...runsOfText(
          await readInputFile(file, file, 'name results files written by "perfgate run -o" or saved baselines'),
          file,
        ),
      );
    return { runs, source: `${options.files.length} file(s)` };
  }
  const dir = options.baselineDir ?? '.perfgate';
  if (configHash === undefined) throw new ConfigError('--baseline-dir needs a config (-c perfgate.yml)');
  const store = createDirStore(dir, configHash);
  const found = await store.load();
  if (found === undefined) return { runs: [], source: store.description };
  return { runs: runsOfText(found.text, found.source), source: found.source };
}

export function renderTrends(
  analysis: TrendsAnalysis,
  format: TrendsFormat,
  options: TrendsReportOptions & { metrics: readonly MetricName[] },
): string {
  switch (format) {
    case 'html':
      return renderTrendsHtml(analysis, options);
    case 'text':
      return renderTrendsText(analysis);
    case 'markdown':
      return renderTrendsMarkdown(analysis, options);
    case 'slack':
      return renderTrendsSlackLines(analysis, options).join('\n');
    case 'json':
      return renderTrendsJson(analysis);
  }
}

export function repositoryUrl(env: NodeJS.ProcessEnv): string | undefined {
  const server = env.GITHUB_SERVER_URL?.trim();
  const repository = env.GITHUB_REPOSITORY?.trim();
  return server && repository ? `${server}/${repository}` : undefined;
}

export async function runTrendsCommand(io: CliIo, options: TrendsCommandOptions): Promise<number> {
  if (options.files.length > 0 && options.baselineDir !== undefined)
    throw new ConfigError(
      '--baseline-dir and results files both name the history: give one, like "perfgate trends --baseline-dir .perfgate" or "perfgate trends runs/*.json"',
    );
  // Before the runs are read: a page that cannot be written should not cost the analysis first.
  if (options.outputPath !== undefined) await checkOutputPath(options.outputPath, '-o');
  const { rules, configHash } = await loadRules(options);
  const { runs, source } = await collectRuns(options, configHash);
  if (runs.length === 0) io.stderr.write(`perfgate trends: no stored runs in ${source}\n`);
  const analysis = analyzeTrends(runs, rules);
  const url = repositoryUrl(io.env);
  const text = renderTrends(analysis, options.format, {
    metrics: rules.compare.metrics,
    ...(url ? { repositoryUrl: url, title: url.replace(/^https?:\/\/[^/]+\//, '') } : {}),
  });
  if (options.outputPath !== undefined) {
    await writeFileAtomic(options.outputPath, text.endsWith('\n') ? text : `${text}\n`, '-o');
    io.stderr.write(`perfgate trends: wrote ${options.outputPath}\n`);
  } else if (text !== '') io.stdout.write(`${text}\n`); // Slack: no change, no message (an empty output posts nothing).
  const open = analysis.changePoints.filter((point) => point.regression && !point.recovered);
  return options.failOn === 'regression' && open.length > 0 ? 1 : 0;
}
