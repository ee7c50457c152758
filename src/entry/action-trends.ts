// The action's `mode: trends`: the stored runs of this config's baseline store (the Actions cache,
// or baseline-dir) searched for change points, the digest in the job summary and on Slack, and the
// change points as an output for the workflow's issue step. A store or Slack that fails is a
// warning: the digest in the summary still stands.
import * as core from '@actions/core';
import * as github from '@actions/github';
import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '../adapters/config-file.js';
import { postSlack } from '../adapters/slack.js';
import { withDeadline } from '../adapters/deadline.js';
import { runnerTemp } from '../adapters/runner-temp.js';
import { defaultTrendsConfig } from '../core/config/defaults.js';
import { parseBaseline, storedRuns } from '../core/results/baseline.js';
import { analyzeTrends } from '../core/trends/analyze.js';
import { renderTrendsJson, renderTrendsMarkdown, renderTrendsSlackLines } from '../core/report/trends.js';
import { renderTrendsHtml } from '../core/report/trends-html.js';
import type { HistoryEntry } from '../core/types/results.js';
import { guardLog } from '../core/report/markup/text.js';
import { chooseStore } from './action-store.js';
import { lookupBaseline } from './baseline-io.js';
import { REQUEST_TIMEOUT_MS } from './deliver/octokit.js';
import { Outputs, type ActionOptions } from './action-inputs.js';

export async function reportTrends(options: ActionOptions): Promise<void> {
  const { config, configHash } = await loadConfig(options.configPath, { source: 'the config input' });
  const store = chooseStore(options, configHash);
  let runs: HistoryEntry[] = [];
  if (store) {
    const lookup = await lookupBaseline(store, { timeoutMs: options.networkTimeoutMs });
    if (lookup.kind === 'found') {
      const parsed = parseBaseline(lookup.text, configHash, { source: lookup.source });
      if ('baseline' in parsed) runs = storedRuns(parsed.baseline);
      else core.warning(`perfgate: trends: ${parsed.status.detail}`);
      core.info(`perfgate: trends: ${runs.length} stored runs in ${lookup.source}`);
    } else if (lookup.kind === 'unreadable') core.warning(`perfgate: trends: ${lookup.detail}`);
    else core.info(`perfgate: trends: ${lookup.detail}`);
  }
  const analysis = analyzeTrends(runs, { compare: config.compare, trends: config.trends ?? defaultTrendsConfig() });
  const { serverUrl, repo } = github.context;
  const repositoryUrl = repo.owner && repo.repo ? `${serverUrl}/${repo.owner}/${repo.repo}` : undefined;
  const markdown = renderTrendsMarkdown(analysis, repositoryUrl ? { repositoryUrl } : {});
  const json = renderTrendsJson(analysis);

  const workDir = join(runnerTemp(), 'perfgate', 'trends');
  await mkdir(workDir, { recursive: true });
  const path = join(workDir, 'trends.json');
  await writeFile(path, `${json}\n`);
  core.setOutput(Outputs.reportMarkdown, markdown);
  core.setOutput(Outputs.changePoints, JSON.stringify(JSON.parse(json).changePoints));
  core.setOutput(Outputs.trendsPath, path);
  // A folder of its own with index.html alone: actions/upload-pages-artifact publishes a folder.
  const pagesDir = join(workDir, 'pages');
  await mkdir(pagesDir, { recursive: true });
  const html = renderTrendsHtml(analysis, {
    metrics: config.compare.metrics,
    ...(repositoryUrl ? { repositoryUrl, title: `${repo.owner}/${repo.repo}` } : {}),
  });
  await writeFile(join(pagesDir, 'index.html'), html);
  core.setOutput(Outputs.pagesPath, pagesDir);
  try {
    await core.summary.addRaw(markdown, true).write();
  } catch (error) {
    core.warning(`perfgate: trends: the job summary was not written: ${(error as Error).message}`);
  }
  core.info(guardLog(markdown));

  // One line per change point; no change, no message.
  const lines = renderTrendsSlackLines(analysis, repositoryUrl ? { repositoryUrl } : {});
  if (options.slack !== undefined && lines.length > 0) {
    const text = [`*perfgate trends* · ${repo.owner}/${repo.repo}`, ...lines].join('\n');
    const message = { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: text.slice(0, 3000) } }] };
    const budget = options.networkTimeoutMs;
    try {
      await withDeadline('the Slack message', budget, () =>
        postSlack(options.slack!, message, { timeoutMs: Math.min(REQUEST_TIMEOUT_MS, budget), maxWaitMs: budget / 4 }),
      );
      core.info('Slack message sent');
    } catch (error) {
      core.warning(`perfgate: trends: the Slack message was not sent: ${(error as Error).message}`);
    }
  }
}
