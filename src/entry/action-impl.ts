// The action's run: one try/catch ending in setFailed. Every report is written before the step
// fails, and a report that cannot be delivered (comment, Slack, cache) is a warning.
import * as core from '@actions/core';
import * as github from '@actions/github';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BootError } from '../core/errors.js';
import { judgeRun } from '../core/gate.js';
import { decideExit } from '../core/compare/index.js';
import type { Comparison } from '../core/types.js';
import { renderMarkdown, extractPreviousRuns, type PrRunEntry } from '../core/report/markdown.js';
import { renderRunSummary } from '../core/report/run-summary.js';
import { renderSlackMessage } from '../core/report/slack.js';
import { describeMetricChange, renderComparisonText } from '../core/report/text.js';
import type { BaselineStore } from '../adapters/baseline-store.js';
import { createCacheStore } from '../adapters/baseline-store-cache.js';
import { createDirStore } from '../adapters/baseline-store-dir.js';
import { findComment, upsertComment, type FoundComment } from '../adapters/github-comment.js';
import { postSlack } from '../adapters/slack.js';
import { runLoadTest } from './run-impl.js';
import { lookupBaseline, saveBaseline } from './baseline-io.js';
import { readActionInputs, Outputs, type ActionOptions } from './action-inputs.js';

const FORK_HINT =
  'This looks like a pull request from a fork: its token is read-only and secrets are not passed, so perfgate cannot comment. ' +
  'The report is in the job summary. To comment on fork PRs, run perfgate in a `workflow_run` workflow (see examples/workflows/fork-safe.yml in the perfgate README).';

interface EventFacts {
  kind: 'pull_request' | 'default-branch' | 'other';
  prNumber?: number;
  prUrl?: string;
  isFork: boolean;
  runUrl: string;
  sha: string;
}

function readEvent(): EventFacts {
  const { context } = github;
  const payload = context.payload;
  const runUrl = `${context.serverUrl}/${context.repo.owner}/${context.repo.repo}/actions/runs/${context.runId}`;
  const pr = payload.pull_request;
  if (pr) {
    const headRepo = (pr.head as { repo?: { full_name?: string } } | undefined)?.repo?.full_name;
    const baseRepo = (pr.base as { repo?: { full_name?: string } } | undefined)?.repo?.full_name;
    return {
      kind: 'pull_request',
      prNumber: pr.number,
      prUrl: pr.html_url,
      isFork: Boolean(headRepo && baseRepo && headRepo !== baseRepo),
      runUrl,
      sha: (pr.head as { sha?: string } | undefined)?.sha ?? context.sha,
    };
  }
  const defaultBranch = (payload.repository as { default_branch?: string } | undefined)?.default_branch;
  // A schedule event carries no repository in its payload, and GitHub runs it on the default
  // branch only.
  const onDefault = context.eventName === 'schedule' || (defaultBranch !== undefined && context.ref === `refs/heads/${defaultBranch}`);
  const savingEvents = ['push', 'schedule', 'workflow_dispatch'];
  return { kind: onDefault && savingEvents.includes(context.eventName) ? 'default-branch' : 'other', isFork: false, runUrl, sha: context.sha };
}

/** A/B mode: the PR's base commit, which the workflow checked out into base-dir. */
function readBaseCommit(): { commit?: string; ref?: string } {
  const base = github.context.payload.pull_request?.base as { sha?: string; ref?: string } | undefined;
  return { ...(base?.sha ? { commit: base.sha } : {}), ...(base?.ref ? { ref: base.ref } : {}) };
}

export async function run(): Promise<void> {
  try {
    const options = readActionInputs();
    const event = readEvent();
    const code = await gate(options, event);
    if (code !== 0) core.setFailed(`perfgate: the gate failed (fail-on: ${options.failOn}); the report above and in the job summary says why`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The job summary is the report of last resort, also when there is no verdict to report.
    core.setOutput(Outputs.verdict, 'error');
    try {
      // A fence longer than any backtick run in the message, so a log tail cannot end it early.
      const fence = '`'.repeat(Math.max(3, ...[...message.matchAll(/`+/g)].map((run) => run[0].length + 1)));
      await core.summary.addRaw(`## ❌ perfgate could not run\n\n${fence}\n${message}\n${fence}\n`, true).write();
    } catch {
      // No summary file (run outside Actions): the failure below still says it all.
    }
    if (error instanceof BootError) {
      // Its message carries the service's log tail: print it once, as the annotation.
      core.error(message, { title: `perfgate: ${error.service} did not boot` });
      core.setFailed(`perfgate: the service ${error.service} did not boot; the error above has its log`);
    } else {
      core.setFailed(`perfgate: ${message}`);
    }
  }
}

async function gate(options: ActionOptions, event: EventFacts): Promise<number> {
  const workDir = join(process.env.RUNNER_TEMP || tmpdir(), 'perfgate');
  await mkdir(workDir, { recursive: true });
  const stepStart = Date.now();

  const outcome = await core.group('perfgate: boot the services and run the scenarios', async () => {
    const loaded = await runLoadTest({
      configPath: options.configPath,
      configSource: 'the config input',
      onWarning: (message) => core.warning(`perfgate: ${message}`),
      logDir: join(workDir, 'logs'),
      progressStream: process.stdout,
      env: process.env,
      git: { commit: event.sha, ref: github.context.ref },
      shard: options.shard,
      ...(options.baseDir ? { baseDir: options.baseDir, baseDirSource: 'the base-dir input', baseGit: readBaseCommit() } : {}),
      onNote: (message) => core.info(`perfgate: A/B: ${message}`),
    });
    // The k6-style summary of what was measured, before any comparison.
    core.info(renderRunSummary(loaded.results));
    return loaded;
  });
  const { config, configHash, results } = outcome;
  const resultsPath = join(workDir, 'results.json');
  await writeFile(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
  core.setOutput(Outputs.resultsPath, resultsPath);

  const store = chooseStore(options, configHash, workDir);
  const { comparison, baseline } = await core.group('perfgate: compare with the baseline', async () => {
    const lookup = store ? await lookupBaseline(store) : ({ kind: 'missing', detail: 'no baseline store is available in this run' } as const);
    if (lookup.kind === 'found') core.info(`baseline: ${lookup.source}`);
    else core.info(lookup.detail);
    return judgeRun({ current: results, config, baseline: lookup });
  });

  const markdown = await core.group('perfgate: report', () => report(options, event, comparison));
  // Beside the results, for workflows that comment from a trusted workflow_run (fork PRs).
  await writeFile(join(workDir, 'report.md'), markdown);
  core.setOutput(Outputs.verdict, comparison.verdict);
  core.setOutput(Outputs.reportMarkdown, markdown);
  core.setOutput(
    Outputs.regressions,
    JSON.stringify(comparison.regressions.map((r) => ({ scenario: r.scenario, metric: r.metric, change: r.change }))),
  );

  const shouldSave = options.saveBaseline ?? event.kind === 'default-branch';
  if (shouldSave && event.kind === 'pull_request') core.info('perfgate: a pull request never saves the baseline, whatever save-baseline says');
  if (shouldSave && event.kind !== 'pull_request' && store) {
    await core.group('perfgate: save the baseline', async () => {
      try {
        await saveBaseline(store, {
          results,
          previous: baseline,
          status: comparison.baselineStatus,
          config,
          commit: event.sha,
          runId: String(github.context.runId),
          attempt: String(github.context.runAttempt || 1),
          now: new Date(),
        });
        core.info(`saved this run as the new baseline in ${store.description}`);
      } catch (error) {
        core.warning(`perfgate: this run was not saved as the baseline: ${(error as Error).message}; the verdict stands`);
      }
    });
  }
  core.info(`perfgate: ${((Date.now() - stepStart) / 1000).toFixed(1)} s in all`);
  return decideExit(comparison, options.failOn);
}

function chooseStore(options: ActionOptions, configHash: string, workDir: string): BaselineStore | undefined {
  // Each shard runs other scenarios, so each keeps its own baselines: sharing one key would make
  // one shard's partial run the baseline of all.
  const shard = options.shard ? `.s${options.shard.index}of${options.shard.count}` : '';
  const key = `${options.baselineKey ?? configHash}${shard}`;
  if (options.baselineDir) return createDirStore(options.baselineDir, key);
  if (!process.env.ACTIONS_RESULTS_URL && !process.env.ACTIONS_CACHE_URL) {
    core.warning('perfgate: the Actions cache service is not available here (no ACTIONS_RESULTS_URL), so no baseline is read or saved; set baseline-dir to keep baselines in a folder');
    return undefined;
  }
  return createCacheStore({ configHash: key, workDir: join(workDir, 'cache') });
}

async function report(options: ActionOptions, event: EventFacts, comparison: Comparison): Promise<string> {
  const marker = `<!-- perfgate:${options.configPath}${options.shard ? ` shard ${options.shard.index}/${options.shard.count}` : ''} -->`;
  const octokit = options.githubToken ? github.getOctokit(options.githubToken, { baseUrl: github.context.apiUrl }) : undefined;
  const { owner, repo } = github.context.repo;

  let previousRuns: PrRunEntry[] = [];
  // undefined: not looked up (or the lookup failed), so upsertComment looks again.
  let existingComment: FoundComment | null | undefined;
  if (event.kind === 'pull_request' && octokit && event.prNumber !== undefined && options.comment !== 'never') {
    try {
      existingComment = (await findComment(octokit, { owner, repo, issueNumber: event.prNumber, marker })) ?? null;
      if (existingComment) previousRuns = extractPreviousRuns(existingComment.body);
    } catch (error) {
      core.warning(`perfgate: could not read the PR's comments (${(error as Error).message})`);
    }
  }

  const renderOptions = { marker, runUrl: event.runUrl, commitSha: event.sha, now: new Date(), previousRuns };
  const markdown = renderMarkdown(comparison, renderOptions);
  // GitHub caps a summary at 1 MiB of bytes; emoji and dashes take 3-4 bytes, so leave room.
  const summary = renderMarkdown(comparison, { ...renderOptions, maxChars: 600_000 });

  // The reviewer's text report in the log too, for whoever reads the job's output first.
  core.info(renderComparisonText(comparison));

  // The job summary is always written: it is the report of last resort.
  try {
    await core.summary.addRaw(summary, true).write();
  } catch (error) {
    core.warning(`perfgate: could not write the job summary (${(error as Error).message})`);
    core.info(summary);
  }

  for (const regression of comparison.regressions) {
    core.error(describeMetricChange(regression), { title: `perfgate: ${regression.metric} of ${regression.scenario} regressed` });
  }
  for (const breach of comparison.breaches) {
    core.error(`threshold ${breach.expression} of ${breach.scenario} breached: the value was ${breach.actual}`, {
      title: `perfgate: threshold breached in ${breach.scenario}`,
    });
  }

  const noteworthy = comparison.regressions.length + comparison.improvements.length + comparison.breaches.length > 0;
  const wantsComment = options.comment === 'always' || (options.comment === 'on-change' && (noteworthy || Boolean(existingComment)));
  if (event.kind === 'pull_request' && wantsComment && event.prNumber !== undefined) {
    if (!octokit) {
      core.warning('perfgate: no github-token, so no PR comment; the report is in the job summary');
    } else {
      try {
        const result = await upsertComment(octokit, { owner, repo, issueNumber: event.prNumber, marker, body: markdown, existing: existingComment });
        core.info(`PR comment ${result.action}: ${result.url}`);
      } catch (error) {
        const status = (error as { status?: number }).status;
        core.warning(status === 403 || event.isFork ? `perfgate: ${FORK_HINT}` : `perfgate: the PR comment failed (${(error as Error).message}); the verdict stands`);
        core.info(markdown);
      }
    }
  }

  const wantsSlack = options.slack && (options.slackOn === 'always' || (options.slackOn === 'regression' && comparison.verdict === 'fail'));
  if (options.slack && wantsSlack) {
    try {
      const message = renderSlackMessage(comparison, {
        runUrl: event.runUrl,
        prUrl: event.prUrl,
        repo: `${owner}/${repo}`,
        ref: github.context.ref,
      });
      await postSlack(options.slack, message);
      core.info('Slack message sent');
    } catch (error) {
      core.warning(`perfgate: the Slack message failed (${(error as Error).message}); the verdict stands`);
    }
  }
  return markdown;
}
