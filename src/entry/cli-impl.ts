// The CLI's commands, each a small composition of the shared pieces.
import { renderComparisonJson } from '../core/report/json.js';
import { renderJunit } from '../core/report/junit.js';
import { renderGitlabLoadPerformance } from '../core/report/gitlab.js';
import { existsSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ConfigError, InputFileError } from '../core/errors.js';
import type { ComparisonFormat, FailOn, Shard } from '../core/options.js';
import type { ShardSplit } from '../core/split/index.js';
import type { Comparison } from '../core/types/comparison.js';
import type { Config, ProfilerConfig } from '../core/types/config.js';
import type { Results } from '../core/types/results.js';
import {
  judgeRun,
  pairsWithOwnBase,
  refuseServiceExit,
  summarizeServiceExit,
  type BaselineLookup,
} from '../core/gate.js';
import { decideExit } from '../core/compare/index.js';
import type { SaveMode } from '../core/save-policy.js';
import { defaultCompareConfig } from '../core/config/compare.js';
import { findConfigWarnings } from '../core/config/index.js';
import { mergeResults } from '../core/results/merge.js';
import { readResultsText } from '../core/results/read.js';
import { renderRunSummary } from '../core/report/run-summary.js';
import { renderComparisonText, renderThresholdLines } from '../core/report/text.js';
import { renderMarkdown } from '../core/report/markdown.js';
import { planRuns } from '../core/compare/plan.js';
import { renderPlanText } from '../core/report/plan.js';
import { renderSlackLines } from '../core/report/slack.js';
import { formatCount, pluralize } from '../core/report/format.js';
import { checkServiceFolders, loadConfig, loadScenarioRows } from '../adapters/config-file.js';
import { createDirStore } from '../adapters/baseline-store-dir.js';
import { readProvenance } from '../adapters/provenance.js';
import { checkOutputPath, writeFileAtomic } from '../adapters/output-file.js';
import { readInputFile } from '../adapters/input-file.js';
import type { DistributionChoice } from '../core/report/distribution.js';
import { runLoadTest, type LoadTestOptions } from './run-impl.js';
import { createRunJudge, lookupBaseline, saveAfterVerdict } from './baseline-io.js';
import { appendStepSummary, REPORT_FILES, writeReportFiles, type ReportFiles } from './report-files.js';

export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  /** Aborted on Ctrl-C: the run stops, and what it measured is still written. */
  signal?: AbortSignal;
}

/** The shell's code for a run ended by SIGINT. */
export const INTERRUPTED_EXIT_CODE = 130;

/** As the action's `config` input. */
export const DEFAULT_CONFIG_PATH = 'perfgate.yml';
/** Where `gate` leaves its results without -o, for `perfgate compare` (and the action's report) to find. */
export const DEFAULT_GATE_OUTPUT = '.perfgate/results.json';

interface ConfigChoice {
  configPath: string;
  /** True when -c was not given, so a missing file is explained as the default. */
  configDefaulted?: boolean;
}

/** A missing default config says what was looked for and how to name another. */
async function checkConfigPath(choice: ConfigChoice): Promise<void> {
  if (!choice.configDefaulted) return;
  try {
    await access(choice.configPath);
  } catch {
    throw new ConfigError(
      `no ${choice.configPath} in ${resolve('.')}: name the config with -c path/to/perfgate.yml, or create one (examples/orders/perfgate.yml in the perfgate repository is a start)`,
    );
  }
}

/** What the command line chooses about a load run beyond its config: shard, base, seed. */
interface LoadChoices {
  shard?: Shard;
  split?: ShardSplit;
  startAtMs?: number;
  baseDir?: string;
  baseRef?: string;
  seed?: number;
  judge?: LoadTestOptions['judge'];
  profile?: ProfilerConfig;
}

export async function runRunCommand(
  io: CliIo,
  options: ConfigChoice & LoadChoices & { outputPath: string; logDir: string },
): Promise<number> {
  await checkConfigPath(options);
  await checkOutputPath(options.outputPath, '-o');
  const { config, results } = await runLoad(io, options.configPath, options.logDir, {
    shard: options.shard,
    ...(options.split ? { split: options.split } : {}),
    ...(options.startAtMs === undefined ? {} : { startAtMs: options.startAtMs }),
    baseDir: options.baseDir,
    baseRef: options.baseRef,
    ...(options.profile ? { profile: options.profile } : {}),
    seed: options.seed,
  });
  await writeJsonFile(options.outputPath, results);
  const { comparison } = judgeRun({
    current: results,
    config,
    baseline: { kind: 'missing', detail: 'perfgate run compares with no baseline' },
  });
  io.stdout.write(
    `${renderRunSummary(results, { thresholds: comparison.scenarios.flatMap((s) => s.thresholds), distribution: config.report?.distribution })}\n`,
  );
  if (results.interrupted) return reportInterrupted(io, options.outputPath);
  refuseServiceExit(results, options.outputPath);
  return reportThresholds(io, comparison, options.outputPath);
}

/** `perfgate check`: the config and its data files, validated as a run would, without running. */
export async function runCheckCommand(io: CliIo, options: ConfigChoice): Promise<number> {
  await checkConfigPath(options);
  const { config, baseDir } = await loadConfig(options.configPath, { source: '-c' });
  await checkServiceFolders(config, options.configPath, baseDir);
  // A data file the setup commands write does not exist yet: a run reads it after they ran.
  const written = (file: string): boolean => (config.setup ?? []).length > 0 && !existsSync(resolve(baseDir, file));
  const rows = await loadScenarioRows(
    { ...config, scenarios: config.scenarios.filter((s) => !s.data || !written(s.data.file)) },
    baseDir,
  );
  const thresholds = Object.values(config.thresholds).reduce((n, list) => n + list.length, 0);
  const data = [...new Set(config.scenarios.flatMap((s) => (s.data ? [s.data.file] : [])))];
  const rowCounts = data.map((file) => {
    const scenario = config.scenarios.find((s) => s.data?.file === file);
    if (written(file)) return `${file} (written by setup)`;
    return `${file} (${pluralize(rows.get(scenario?.name ?? '')?.length ?? 0, 'row')})`;
  });
  io.stdout.write(
    `${options.configPath}: valid · ${pluralize(config.scenarios.length, 'scenario')} · ${pluralize(config.services.length, 'service')} · ` +
      `${pluralize(thresholds, 'threshold')}${rowCounts.length > 0 ? ` · data: ${rowCounts.join(', ')}` : ''}\n`,
  );
  for (const warning of findConfigWarnings(config)) io.stderr.write(`perfgate check: warning: ${warning}\n`);
  return 0;
}

/**
 * The config `compare` and `report` judge with: -c when given, else ./perfgate.yml when there is
 * one (as every other command and the action default to it), else none, said on stderr, since a
 * comparison without the config has no thresholds and only the default compare rules.
 */
export async function comparisonConfigPath(io: CliIo, given: string | undefined): Promise<string | undefined> {
  if (given !== undefined) return given;
  try {
    await access(DEFAULT_CONFIG_PATH);
    return DEFAULT_CONFIG_PATH;
  } catch {
    io.stderr.write(
      `perfgate: note: no -c and no ${DEFAULT_CONFIG_PATH} in ${resolve('.')}: judged without thresholds and with the default compare rules (name the config with -c)\n`,
    );
    return undefined;
  }
}

export async function runCompareCommand(
  io: CliIo,
  options: {
    baselinePath?: string;
    currentPath: string;
    configPath?: string;
    format: ComparisonFormat;
    failOn: FailOn;
    seed?: number;
    reportFiles?: ReportFiles;
  },
): Promise<number> {
  await checkReportFiles(options.reportFiles);
  const { comparison, config } = await judgeFiles(io, options);
  io.stdout.write(`${renderReport(comparison, options.format, config.report?.distribution)}\n`);
  await writeCliReportFiles(io, comparison, options.reportFiles);
  return decideExit(comparison, options.failOn);
}

/** --junit and --gitlab, checked before anything is read or run: a bad path costs no measurement. */
export async function checkReportFiles(files: ReportFiles = {}): Promise<void> {
  for (const { key } of REPORT_FILES) {
    const path = files[key];
    if (path !== undefined) await checkOutputPath(path, `--${key}`);
  }
}

/** Writes --junit and --gitlab after the verdict; one that fails is a warning, and the exit code stays the verdict's. */
export async function writeCliReportFiles(io: CliIo, comparison: Comparison, files: ReportFiles = {}): Promise<void> {
  const { written, failed } = await writeReportFiles(comparison, files, (key) => `--${key}`);
  for (const line of written) io.stderr.write(`perfgate: ${line}\n`);
  for (const line of failed) io.stderr.write(`perfgate: warning: ${line}; the verdict stands\n`);
}

/**
 * `perfgate plan`: the results judged as `compare` judges them, then, per scenario and targeted
 * metric (compare.detect, or p50 5% and p95 10%), the window that sees the target. Always 0: it
 * advises, it does not gate.
 */
export async function runPlanCommand(
  io: CliIo,
  options: { baselinePath?: string; currentPath: string; configPath?: string },
): Promise<number> {
  const { comparison, config } = await judgeFiles(io, options);
  const compare = config.compare;
  io.stdout.write(renderPlanText(planRuns(comparison, compare), comparison, compare, options.currentPath));
  return 0;
}

/** Reads --current (and --baseline, and the config) and judges them, as `compare` does. */
async function judgeFiles(
  io: CliIo,
  options: { baselinePath?: string; currentPath: string; configPath?: string; seed?: number },
): Promise<{ comparison: Comparison; config: Pick<Config, 'thresholds' | 'compare' | 'report'> }> {
  const read = parseResultsFile(
    await readInputFile(options.currentPath, `--current ${options.currentPath}`),
    options.currentPath,
  );
  refuseInterrupted(read, options.currentPath, '--current');
  const pairable = read.ab !== undefined && read.ab.baseFailure === undefined;
  if (options.baselinePath === undefined && !pairable) {
    throw new ConfigError(
      `--baseline is required: ${options.currentPath} holds no base variant to pair with (it is not from an A/B run, or its base did not boot); name the results or baseline to compare with, like --baseline base.json`,
    );
  }
  // An explicit --baseline is what the user asked to compare with, even for A/B results.
  const { ab: _ab, ...headAlone } = read;
  const current = options.baselinePath !== undefined && pairable ? headAlone : read;
  if (current !== read) {
    // In duet the head shared the runner with the base: against a baseline measured alone it reads slower.
    const shared =
      read.ab?.schedule === 'duet'
        ? '; its head ran beside the base (duet), so it had half the runner a run alone has, and reads slower than one'
        : '';
    io.stderr.write(
      `perfgate: ${options.currentPath} is from an A/B run: compared with --baseline ${options.baselinePath}, not with the base variant inside it (leave out --baseline for that)${shared}\n`,
    );
  }
  const baselineText =
    options.baselinePath === undefined
      ? undefined
      : await readInputFile(options.baselinePath, `--baseline ${options.baselinePath}`);
  const configPath = await comparisonConfigPath(io, options.configPath);
  const loaded = configPath ? (await loadConfig(configPath)).config : undefined;
  const config: Pick<Config, 'thresholds' | 'compare' | 'report'> = loaded ?? {
    thresholds: {},
    compare: defaultCompareConfig(),
  };
  // Only the compare rules matter here; the run's own advice (warm-up, segments) was given by `run`.
  for (const warning of loaded ? findConfigWarnings(loaded) : []) {
    if (warning.startsWith('compare.')) io.stderr.write(`perfgate: warning: ${warning}\n`);
  }
  const { comparison, baseline } = judgeRun({
    current,
    config,
    baseline:
      options.baselinePath === undefined || baselineText === undefined
        ? { kind: 'missing', detail: 'an A/B run is compared with its own base variant' }
        : { kind: 'found', text: baselineText, source: options.baselinePath },
    seed: options.seed,
  });
  if (baseline !== undefined && options.baselinePath !== undefined)
    refuseInterrupted(baseline.results, options.baselinePath, '--baseline');
  return { comparison, config };
}

export async function runGateCommand(
  io: CliIo,
  options: ConfigChoice & {
    baselineDir: string;
    outputPath: string;
    logDir: string;
    /** Absent: never save. */
    save?: SaveMode;
    format: ComparisonFormat;
    failOn: FailOn;
    seed?: number;
    /** A/B mode: the base checkout. */
    baseDir?: string;
    /** A/B mode: the base commit, checked out by perfgate. */
    baseRef?: string;
    profile?: ProfilerConfig;
    reportFiles?: ReportFiles;
  },
): Promise<number> {
  await checkConfigPath(options);
  await checkOutputPath(options.outputPath, '-o');
  await checkReportFiles(options.reportFiles);
  const looks = createRunJudge(
    (configHash) => lookupBaseline(createDirStore(options.baselineDir, configHash)),
    options.seed,
  );
  const { config, configHash, results } = await runLoad(io, options.configPath, options.logDir, {
    baseDir: options.baseDir,
    baseRef: options.baseRef,
    ...(options.profile ? { profile: options.profile } : {}),
    seed: options.seed,
    judge: looks.judge,
  });
  await writeJsonFile(options.outputPath, results);
  if (results.interrupted) {
    // A partial run is neither judged against the baseline nor saved as one.
    io.stdout.write(`${renderRunSummary(results, { distribution: config.report?.distribution })}\n`);
    return reportInterrupted(io, options.outputPath);
  }
  if (results.serviceExit) {
    io.stdout.write(`${renderRunSummary(results, { distribution: config.report?.distribution })}\n`);
    refuseServiceExit(results, options.outputPath);
  }
  const store = createDirStore(options.baselineDir, configHash);
  const lookup = await looks.lookup(configHash);
  const { comparison, baseline } = judgeRun({ current: results, config, baseline: lookup, seed: options.seed });
  io.stdout.write(`${renderReport(comparison, options.format, config.report?.distribution)}\n`);
  await writeCliReportFiles(io, comparison, options.reportFiles);
  await appendStepSummary(io, comparison, config.report?.distribution);
  io.stderr.write(`perfgate: results written to ${options.outputPath} (${againHint(options, results, lookup)})\n`);
  // Without --save a first run never becomes the baseline, and every later run would pass on its
  // thresholds alone: say so, with the flag, rather than leave the user to find out. A/B mode needs
  // no stored baseline.
  if (!options.save && options.baseDir === undefined && comparison.baselineStatus.kind === 'missing') {
    io.stderr.write(
      `perfgate: note: no baseline in ${options.baselineDir}, and this run was not saved as one (no --save): every gate run will be judged on thresholds alone until one is; run once with --save (e.g. on the main branch) to keep a passing run as the baseline\n`,
    );
  }
  if (options.save) {
    const now = new Date();
    await saveAfterVerdict(
      {
        store,
        mode: options.save,
        optIn: '--save always',
        names: { store: options.baselineDir, trends: 'perfgate trends' },
        comparison,
        baseline,
        results,
        config,
        commit: results.git?.commit,
        runId: String(now.getTime()),
        attempt: '1',
        now,
      },
      {
        info: (message) => io.stderr.write(`perfgate: ${message}\n`),
        refused: (reason) => io.stderr.write(`perfgate: ${reason}\n`),
        warning: (message) => io.stderr.write(`perfgate: warning: ${message}\n`),
      },
    );
  }
  return decideExit(comparison, options.failOn);
}

/**
 * The command that judges the written results again. Only A/B results hold their own reference;
 * a stored-mode run needs the baseline it was judged against named (`compare` refuses it
 * otherwise), and a run with none has nothing to compare with, only thresholds to render.
 */
export function againHint(
  options: { outputPath: string; configPath: string; seed?: number },
  results: Results,
  lookup: BaselineLookup,
): string {
  const config = options.configPath === DEFAULT_CONFIG_PATH ? '' : ` -c ${options.configPath}`;
  // The bootstrap's seed moves a p-value near α: the verdict repeats with the seed it was judged with.
  const seed = options.seed === undefined ? '' : ` --seed ${options.seed}`;
  if (pairsWithOwnBase(results))
    return `compare them again with perfgate compare --current ${options.outputPath}${config}${seed}`;
  if (lookup.kind === 'found')
    return `compare them again with perfgate compare --baseline ${lookup.source} --current ${options.outputPath}${config}${seed}`;
  return `no baseline to compare them with; perfgate report --current ${options.outputPath}${config} --format text renders them again`;
}

export async function runMergeCommand(
  io: CliIo,
  options: { inputPaths: string[]; outputPath: string },
): Promise<number> {
  await checkOutputPath(options.outputPath, '-o');
  const shards: { path: string; results: Results }[] = [];
  for (const path of options.inputPaths)
    shards.push({ path, results: parseResultsFile(await readInputFile(path, `merge ${path}`), path) });
  const merged = mergeResults(shards);
  await writeJsonFile(options.outputPath, merged);
  io.stdout.write(`${renderRunSummary(merged)}\n`);
  io.stderr.write(
    `perfgate: merged ${pluralize(shards.length, 'shard')} (${formatCount(merged.scenarios.length)} scenarios) into ${options.outputPath}\n`,
  );
  // The merge carries what its shards were: say so here, not first at the compare that refuses it.
  if (merged.serviceExit)
    io.stderr.write(
      `perfgate: warning: a shard's service died while its load ran (${summarizeServiceExit(merged.serviceExit)}); the merge keeps that, so it is never compared\n`,
    );
  if (merged.interrupted)
    io.stderr.write(
      'perfgate: warning: a shard was interrupted before its end; the merge is too, so it is never compared\n',
    );
  return 0;
}

function reportInterrupted(io: CliIo, outputPath: string | undefined): number {
  io.stderr.write(
    `perfgate: interrupted: not compared and not saved${outputPath ? `; ${outputPath} holds what was measured` : ''}\n`,
  );
  return INTERRUPTED_EXIT_CODE;
}

async function runLoad(io: CliIo, configPath: string, logDir: string, extra: LoadChoices = {}) {
  return runLoadTest({
    signal: io.signal,
    configPath,
    configSource: '-c',
    onWarning: (message) => io.stderr.write(`perfgate: warning: ${message}\n`),
    logDir,
    progressStream: io.stderr,
    env: io.env,
    git: await readProvenance(io.env, dirname(resolve(configPath))),
    shard: extra.shard,
    ...(extra.split ? { split: extra.split } : {}),
    ...(extra.startAtMs === undefined ? {} : { startAtMs: extra.startAtMs, startAtSource: '--start-at' }),
    ...(extra.baseDir === undefined ? {} : { baseDir: extra.baseDir, baseDirSource: '--base-dir' }),
    ...(extra.baseRef === undefined ? {} : { baseRef: extra.baseRef, baseRefSource: '--base-ref' }),
    ...(extra.seed === undefined ? {} : { seed: extra.seed }),
    ...(extra.judge ? { judge: extra.judge } : {}),
    ...(extra.profile ? { profile: extra.profile } : {}),
    onNote: (message) => io.stderr.write(`perfgate: A/B: ${message}\n`),
  });
}

/** `run` ends like `gate`: every threshold with its unit, breached first, then one verdict line. */
function reportThresholds(io: CliIo, comparison: Comparison, outputPath: string): number {
  const lines = renderThresholdLines(comparison);
  const all = comparison.scenarios.reduce((n, s) => n + s.thresholds.length, 0);
  const breached = comparison.breaches.length;
  const verdict =
    all === 0
      ? '✓ PASS — no thresholds set (perfgate gate compares with a baseline)'
      : breached > 0
        ? `✗ FAIL — ${formatCount(breached)} of ${pluralize(all, 'threshold')} breached`
        : `✓ PASS — ${pluralize(all, 'threshold')} met`;
  if (lines.length > 0) io.stdout.write(`thresholds:\n${lines.map((line) => `  ${line}`).join('\n')}\n`);
  io.stdout.write(`perfgate run: ${verdict}\n`);
  io.stderr.write(`perfgate: results written to ${outputPath}\n`);
  return breached > 0 ? 1 : 0;
}

export function renderReport(
  comparison: Comparison,
  format: ComparisonFormat,
  distribution?: DistributionChoice,
): string {
  switch (format) {
    case 'text':
      return renderComparisonText(comparison);
    case 'markdown':
      return renderMarkdown(comparison, { now: new Date(), ...(distribution ? { distribution } : {}) });
    case 'slack':
      return renderSlackLines(comparison.current, comparison).join('\n');
    case 'json':
      return renderComparisonJson(comparison);
    case 'junit':
      return renderJunit(comparison);
    case 'gitlab':
      return renderGitlabLoadPerformance(comparison);
  }
}

/** A run stopped early measured a different, shorter load: comparing it would judge the stop. */
function refuseInterrupted(results: Results, path: string, flag: string): void {
  if (results.serviceExit)
    throw new InputFileError(
      `${flag} ${path}: a service of this run died while the load ran (${summarizeServiceExit(results.serviceExit)}); perfgate never compares such a run: run the load test again and pass that results file`,
    );
  if (!results.interrupted) return;
  throw new InputFileError(
    `${flag} ${path}: this run was interrupted before the end, so it holds a partial measurement that perfgate never compares; run the load test to the end and pass that results file`,
  );
}

function parseResultsFile(text: string, path: string): Results {
  const read = readResultsText(text, 'trusted');
  if ('results' in read) return read.results;
  const { problem } = read;
  switch (problem.kind) {
    case 'not-json':
    case 'too-large':
      throw new InputFileError(`${path}: not JSON; pass a results file written by "perfgate run -o"`);
    case 'not-perfgate':
    case 'future-version':
      throw new InputFileError(
        `${path}: not a perfgate results file (schemaVersion ${JSON.stringify(problem.schemaVersion)}); pass a file written by "perfgate run -o"`,
      );
    case 'damaged':
      throw new InputFileError(`${path}: damaged: ${problem.detail}; pass a file written by "perfgate run -o"`);
  }
}

async function writeJsonFile(path: string, value: unknown): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`, '-o');
}
