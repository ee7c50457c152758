// The action's run: one try/catch ending in setFailed. Every report is written before the step
// fails, and a report that cannot be delivered (comment, Slack, cache) is a warning.
import * as core from '@actions/core';
import * as github from '@actions/github';
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { constants as osConstants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BootError, InterruptedError } from '../core/errors.js';
import { judgeRun } from '../core/gate.js';
import { decideExit } from '../core/compare/index.js';
import type { Comparison } from '../core/types/comparison.js';
import type { ReportConfig } from '../core/types/config.js';
import { renderMarkdown } from '../core/report/markdown.js';
import { extractPreviousRuns, type PrRunEntry } from '../core/report/comment-history.js';
import { renderRunSummary } from '../core/report/run-summary.js';
import { renderSlackMessage } from '../core/report/slack.js';
import { describeMetricChange } from '../core/report/sentences.js';
import { renderComparisonText } from '../core/report/text.js';
import type { BaselineStore } from '../adapters/baseline-store.js';
import { createCacheStore } from '../adapters/baseline-store-cache.js';
import { createDirStore } from '../adapters/baseline-store-dir.js';
import { findComment, upsertComment, type FoundComment, type Octokit } from '../adapters/github-comment.js';
import { resultsArtifactName, uploadResultsArtifact } from '../adapters/results-artifact.js';
import { postSlack } from '../adapters/slack.js';
import { withDeadline } from '../adapters/deadline.js';
import { runLoadTest } from './run-impl.js';
import { lookupBaseline, saveBaseline } from './baseline-io.js';
import { decideSave } from '../core/save-policy.js';
import { readActionInputs, Outputs, type ActionOptions } from './action-inputs.js';
import { reportUploadedResults } from './action-report.js';

const FORK_HINT =
  'This looks like a pull request from a fork: its token is read-only and secrets are not passed, so perfgate cannot comment. ' +
  'The report is in the job summary. To comment on fork PRs, set comment: never here and add a trusted `workflow_run` job that runs perfgate with mode: report on the uploaded results (examples/workflows/fork-safe-pr.yml and fork-safe.yml in the perfgate repository).';

/** One GitHub or Slack request; a step of several has the network-timeout as its deadline. */
const REQUEST_TIMEOUT_MS = 20_000;

function fetchWithTimeout(timeoutMs: number): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetch(input, { ...init, signal });
  };
}

export interface EventFacts {
  kind: 'pull_request' | 'default-branch' | 'other';
  prNumber?: number;
  prUrl?: string;
  prTitle?: string;
  isFork: boolean;
  runUrl: string;
  sha: string;
  /** Orders the runs of one PR, for the comment's freshness stamp: run id × 1000 + attempt. */
  runOrder: number;
}

function currentRunOrder(): number {
  return Number(github.context.runId || 0) * 1000 + Number(github.context.runAttempt || 1);
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
      prTitle: typeof pr.title === 'string' ? pr.title : undefined,
      isFork: Boolean(headRepo && baseRepo && headRepo !== baseRepo),
      runUrl,
      sha: (pr.head as { sha?: string } | undefined)?.sha ?? context.sha,
      runOrder: currentRunOrder(),
    };
  }
  const defaultBranch = (payload.repository as { default_branch?: string } | undefined)?.default_branch;
  // A schedule event carries no repository in its payload, and GitHub runs it on the default
  // branch only.
  const onDefault =
    context.eventName === 'schedule' || (defaultBranch !== undefined && context.ref === `refs/heads/${defaultBranch}`);
  const savingEvents = ['push', 'schedule', 'workflow_dispatch'];
  return {
    kind: onDefault && savingEvents.includes(context.eventName) ? 'default-branch' : 'other',
    isFork: false,
    runUrl,
    sha: context.sha,
    runOrder: currentRunOrder(),
  };
}

/**
 * A cancelled job gets SIGINT, then SIGTERM, then SIGKILL: the first stops the run and keeps what
 * it measured (results, outputs, summary), as the CLI does; a second one quits at once.
 */
function interruptOnSignals(): { signal: AbortSignal; received: () => NodeJS.Signals | undefined; remove: () => void } {
  const controller = new AbortController();
  let received: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (received !== undefined) process.exit(signalExitCode(signal));
    received = signal;
    core.info(`perfgate: ${signal}: stopping the run and writing what was measured`);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    received: () => received,
    remove: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

/** The shell's exit status for a process ended by `signal` (130 for SIGINT, 143 for SIGTERM). */
function signalExitCode(signal: NodeJS.Signals | undefined): number {
  return 128 + (signal ? (osConstants.signals[signal] ?? 15) : 2);
}

/** A/B mode: the PR's base commit, which the workflow checked out into base-dir. */
function readBaseCommit(): { commit?: string; ref?: string } {
  const base = github.context.payload.pull_request?.base as { sha?: string; ref?: string } | undefined;
  return { ...(base?.sha ? { commit: base.sha } : {}), ...(base?.ref ? { ref: base.ref } : {}) };
}

export async function run(): Promise<void> {
  const interrupt = interruptOnSignals();
  try {
    const options = readActionInputs();
    if (options.mode === 'report') {
      await reportUploadedResults(options);
      return;
    }
    const event = readEvent();
    const code = await gate(options, event, interrupt.signal);
    if (code === INTERRUPTED) {
      core.setFailed(
        `perfgate: interrupted by ${interrupt.received() ?? 'a signal'}: the run was stopped; what it measured is in results-path, not compared and not saved`,
      );
      process.exitCode = signalExitCode(interrupt.received());
    } else if (code !== 0) {
      core.setFailed(
        `perfgate: the gate failed (fail-on: ${options.failOn}); the report above and in the job summary says why`,
      );
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof InterruptedError) {
      core.setOutput(Outputs.verdict, 'interrupted');
      await writeSummary(`## ⏹ perfgate was interrupted\n\n${message}\n`);
      core.setFailed(`perfgate: ${message}`);
      process.exitCode = signalExitCode(interrupt.received());
      return;
    }
    // The job summary is the report of last resort, also when there is no verdict to report.
    core.setOutput(Outputs.verdict, 'error');
    // A fence longer than any backtick run in the message, so a log tail cannot end it early.
    const fence = '`'.repeat(Math.max(3, ...[...message.matchAll(/`+/g)].map((run) => run[0].length + 1)));
    await writeSummary(`## ❌ perfgate could not run\n\n${fence}\n${message}\n${fence}\n`);
    if (error instanceof BootError) {
      // Its message carries the service's log tail: print it once, as the annotation.
      core.error(message, { title: `perfgate: ${error.service} did not boot` });
      core.setFailed(`perfgate: the service ${error.service} did not boot; the error above has its log`);
    } else {
      core.setFailed(`perfgate: ${message}`);
    }
  } finally {
    interrupt.remove();
  }
}

async function writeSummary(markdown: string): Promise<void> {
  try {
    await core.summary.addRaw(markdown, true).write();
  } catch {
    // No summary file (run outside Actions): the failure still says it all.
  }
}

/** gate()'s answer for a run stopped by a signal. */
const INTERRUPTED = -1;

async function gate(options: ActionOptions, event: EventFacts, signal: AbortSignal): Promise<number> {
  const workDir = stepWorkDir(options);
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
      signal,
      ...(options.baseDir
        ? { baseDir: options.baseDir, baseDirSource: 'the base-dir input', baseGit: readBaseCommit() }
        : {}),
      onNote: (message) => core.info(`perfgate: A/B: ${message}`),
      onMissingBase: (message) =>
        event.kind === 'pull_request' ? core.warning(`perfgate: ${message}`) : core.info(`perfgate: ${message}`),
    });
    // The k6-style summary of what was measured, before any comparison.
    core.info(renderRunSummary(loaded.results, { distribution: loaded.config.report?.distribution }));
    return loaded;
  });
  const { config, configHash, results } = outcome;
  const resultsPath = join(workDir, 'results.json');
  await writeFile(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
  core.setOutput(Outputs.resultsPath, resultsPath);
  if (results.interrupted) {
    // A partial run is neither judged against the baseline nor saved as one (as in the CLI).
    core.setOutput(Outputs.verdict, 'interrupted');
    const fence = '```';
    await writeSummary(
      `## ⏹ perfgate was interrupted\n\nThe run was stopped before its end: not compared with the baseline and not saved. What it measured is in \`${resultsPath}\` (results-path).\n\n${fence}\n${renderRunSummary(results)}\n${fence}\n`,
    );
    return INTERRUPTED;
  }
  const prFactsPath = await writePrFacts(options, event, workDir);

  const store = chooseStore(options, configHash);
  const { comparison, baseline } = await core.group('perfgate: compare with the baseline', async () => {
    const lookup = store
      ? await lookupBaseline(store, { timeoutMs: options.networkTimeoutMs })
      : ({ kind: 'missing', detail: 'no baseline store is available in this run' } as const);
    if (lookup.kind === 'found') core.info(`baseline: ${lookup.source}`);
    else core.info(lookup.detail);
    return judgeRun({ current: results, config, baseline: lookup });
  });

  // The verdict exists: its outputs now, before any report that waits on the network, so that a
  // slow or cancelled report step can never lose it.
  core.setOutput(Outputs.verdict, comparison.verdict);
  core.setOutput(
    Outputs.regressions,
    JSON.stringify(comparison.regressions.map((r) => ({ scenario: r.scenario, metric: r.metric, change: r.change }))),
  );
  const { markdown } = await core.group('perfgate: report', () => report(options, event, comparison, config.report));
  // Beside the results, for workflows that comment from a trusted workflow_run (fork PRs).
  await writeFile(join(workDir, 'report.md'), markdown);
  core.setOutput(Outputs.reportMarkdown, markdown);

  if (options.uploadResults) await uploadResults(options, [resultsPath, ...(prFactsPath ? [prFactsPath] : [])]);
  if (options.commentOnAlert && event.kind === 'default-branch' && comparison.regressions.length > 0)
    await commentOnCommit(options, event, comparison);

  const shouldSave = (options.saveBaseline ?? event.kind === 'default-branch') !== false;
  const decision = decideSave(
    comparison,
    options.saveBaseline === 'always' ? 'always' : 'pass',
    'save-baseline: always',
  );
  if (shouldSave && event.kind === 'pull_request')
    core.info('perfgate: a pull request never saves the baseline, whatever save-baseline says');
  if (shouldSave && event.kind !== 'pull_request' && store && !decision.save)
    core.warning(`perfgate: ${decision.reason}`);
  if (shouldSave && event.kind !== 'pull_request' && store && decision.save) {
    await core.group('perfgate: save the baseline', async () => {
      try {
        await withDeadline(`saving the baseline to ${store.description}`, options.networkTimeoutMs, () =>
          saveBaseline(store, {
            results,
            previous: baseline,
            status: comparison.baselineStatus,
            config,
            commit: event.sha,
            runId: String(github.context.runId),
            attempt: String(github.context.runAttempt || 1),
            now: new Date(),
          }),
        );
        core.info(
          `saved this run as the new baseline in ${store.description}${decision.note ? ` (${decision.note})` : ''}`,
        );
      } catch (error) {
        core.warning(
          `perfgate: this run was not saved as the baseline: ${(error as Error).message}; the verdict stands`,
        );
      }
    });
  }
  core.info(`perfgate: ${((Date.now() - stepStart) / 1000).toFixed(1)} s in all`);
  return decideExit(comparison, options.failOn);
}

/**
 * This step's own folder for results.json, report.md, pr.json and the logs, so that several
 * perfgate steps in one job (other configs or shards) never overwrite each other: named by the
 * step id and a hash of the config path and shard.
 */
export function stepWorkDir(options: Pick<ActionOptions, 'configPath' | 'shard'>): string {
  const shard = options.shard ? ` ${options.shard.index}/${options.shard.count}` : '';
  const hash = createHash('sha256').update(`${options.configPath}${shard}`).digest('hex').slice(0, 10);
  const step = (process.env.GITHUB_ACTION || 'perfgate').replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 60);
  return join(runnerTemp(), 'perfgate', `${step}-${hash}`);
}

function runnerTemp(): string {
  return process.env.RUNNER_TEMP || tmpdir();
}

/** Which PR and head a fork's results are of, and which config made them: the trusted report job reads it. */
async function writePrFacts(options: ActionOptions, event: EventFacts, workDir: string): Promise<string | undefined> {
  if (event.kind !== 'pull_request' || event.prNumber === undefined) return undefined;
  const path = join(workDir, 'pr.json');
  const facts = {
    number: event.prNumber,
    headSha: event.sha,
    config: options.configPath,
    ...(options.shard ? { shard: `${options.shard.index}/${options.shard.count}` } : {}),
  };
  await writeFile(path, `${JSON.stringify(facts)}\n`);
  return path;
}

async function uploadResults(options: ActionOptions, files: string[]): Promise<void> {
  try {
    const uploaded = await uploadResultsArtifact(resultsArtifactName(options.configPath, options.shard), files);
    core.setOutput(Outputs.artifactId, String(uploaded.id));
    core.info(
      `perfgate: results uploaded as the artifact ${uploaded.name} (id ${uploaded.id}, ${uploaded.sizeBytes} B)`,
    );
  } catch (error) {
    core.warning(`perfgate: ${(error as Error).message}; the verdict stands`);
  }
}

/** A regression on the default branch, where no PR comment can say it: a comment on the commit, mentioning who should know. */
async function commentOnCommit(options: ActionOptions, event: EventFacts, comparison: Comparison): Promise<void> {
  const octokit = options.githubToken
    ? github.getOctokit(options.githubToken, { baseUrl: github.context.apiUrl })
    : undefined;
  if (!octokit) return core.warning('perfgate: no github-token, so no commit comment on the regression');
  const cc =
    options.alertCcUsers.length > 0 ? `\n\nCC: ${options.alertCcUsers.map((user) => `@${user}`).join(' ')}` : '';
  const body = `${renderMarkdown(comparison, { marker: commentMarker(options), runUrl: event.runUrl, commitSha: event.sha, now: new Date(), maxChars: 60_000 })}${cc}`;
  try {
    const { owner, repo } = github.context.repo;
    const { data } = await octokit.rest.repos.createCommitComment({ owner, repo, commit_sha: event.sha, body });
    core.info(`perfgate: the regression is commented on commit ${event.sha.slice(0, 7)}: ${data.html_url}`);
  } catch (error) {
    const status = (error as { status?: number }).status;
    core.warning(
      `perfgate: the commit comment failed (${status ? `HTTP ${status} ` : ''}${(error as Error).message})${status === 403 ? "; grant 'contents: write' to the job for comment-on-alert" : ''}; the verdict stands`,
    );
  }
}

export function commentMarker(options: Pick<ActionOptions, 'configPath' | 'shard'>): string {
  return `<!-- perfgate:${options.configPath}${options.shard ? ` shard ${options.shard.index}/${options.shard.count}` : ''} -->`;
}

export function chooseStore(options: ActionOptions, configHash: string): BaselineStore | undefined {
  // Each shard runs other scenarios, so each keeps its own baselines: sharing one key would make
  // one shard's partial run the baseline of all.
  const shard = options.shard ? `.s${options.shard.index}of${options.shard.count}` : '';
  const key = `${options.baselineKey ?? configHash}${shard}`;
  if (options.baselineDir) return createDirStore(options.baselineDir, key);
  if (!process.env.ACTIONS_RESULTS_URL && !process.env.ACTIONS_CACHE_URL) {
    core.warning(
      'perfgate: the Actions cache service is not available here (no ACTIONS_RESULTS_URL), so no baseline is read or saved; set baseline-dir to keep baselines in a folder',
    );
    return undefined;
  }
  // One folder for every step, kept at the same path across runs and workflows: the cache client
  // hashes the path into the entry's version, and a restore matches only the path it was saved
  // from. Steps run one after another and each load removes the file first, so they can share it.
  return createCacheStore({ configHash: key, workDir: join(runnerTemp(), 'perfgate', 'cache') });
}

export async function report(
  options: ActionOptions,
  event: EventFacts,
  comparison: Comparison,
  reportConfig?: ReportConfig,
): Promise<{ markdown: string }> {
  const marker = commentMarker(options);
  // Every GitHub call gets its own timeout (octokit sets none); each comment step has a deadline too.
  const octokit = options.githubToken
    ? github.getOctokit(options.githubToken, {
        baseUrl: github.context.apiUrl,
        request: { fetch: fetchWithTimeout(Math.min(REQUEST_TIMEOUT_MS, options.networkTimeoutMs)) },
      })
    : undefined;
  const budget = options.networkTimeoutMs;
  const { owner, repo } = github.context.repo;

  // The job summary, the log and the annotations first: they need no network, so a hung GitHub
  // or Slack cannot keep them from being written. The summary is this run's report; the PR's
  // earlier runs are listed in the comment.
  const renderOptions = {
    marker,
    runUrl: event.runUrl,
    commitSha: event.sha,
    now: new Date(),
    previousRuns: [] as PrRunEntry[],
    ...(reportConfig ? { distribution: reportConfig.distribution } : {}),
  };
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
    core.error(describeMetricChange(regression), {
      title: `perfgate: ${regression.metric} of ${regression.scenario} regressed`,
    });
  }
  for (const breach of comparison.breaches) {
    core.error(`threshold ${breach.expression} of ${breach.scenario} breached: the value was ${breach.actual}`, {
      title: `perfgate: threshold breached in ${breach.scenario}`,
    });
  }

  // undefined: not looked up (or the lookup failed), so upsertComment looks again.
  let existingComment: FoundComment | null | undefined;
  if (event.kind === 'pull_request' && octokit && event.prNumber !== undefined && options.comment !== 'never') {
    try {
      const issueNumber = event.prNumber;
      existingComment =
        (await withDeadline("reading the PR's comments", budget, () =>
          findComment(octokit, { owner, repo, issueNumber, marker }),
        )) ?? null;
      if (existingComment) renderOptions.previousRuns = extractPreviousRuns(existingComment.body);
    } catch (error) {
      core.warning(`perfgate: could not read the PR's comments (${(error as Error).message})`);
    }
  }
  const markdown = renderMarkdown(comparison, renderOptions);

  const noteworthy = comparison.regressions.length + comparison.improvements.length + comparison.breaches.length > 0;
  const wantsComment =
    options.comment === 'always' || (options.comment === 'on-change' && (noteworthy || Boolean(existingComment)));
  if (event.kind === 'pull_request' && wantsComment && event.prNumber !== undefined) {
    if (!octokit) {
      core.warning('perfgate: no github-token, so no PR comment; the report is in the job summary');
    } else {
      try {
        const issueNumber = event.prNumber;
        await withDeadline('the PR comment', budget, () =>
          postPrComment(
            octokit,
            { owner, repo, issueNumber, marker, body: markdown, existing: existingComment },
            event,
          ),
        );
      } catch (error) {
        // The fork hint only for a fork: a same-repo 403 is a missing `pull-requests: write`, which the message says.
        core.warning(
          event.isFork
            ? `perfgate: ${FORK_HINT}`
            : `perfgate: the PR comment failed (${(error as Error).message}); the verdict stands`,
        );
        core.info(markdown);
      }
    }
  }

  const wantsSlack =
    options.slack &&
    (options.slackOn === 'always' || (options.slackOn === 'regression' && comparison.verdict === 'fail'));
  if (options.slack && wantsSlack) {
    try {
      const message = renderSlackMessage(comparison, {
        runUrl: event.runUrl,
        ...(event.prNumber !== undefined
          ? { pr: { number: event.prNumber, title: event.prTitle, url: event.prUrl } }
          : {}),
        repo: `${owner}/${repo}`,
        ref: github.context.ref,
      });
      const slack = options.slack;
      await withDeadline('the Slack message', budget, () =>
        postSlack(slack, message, { timeoutMs: Math.min(REQUEST_TIMEOUT_MS, budget), maxWaitMs: budget / 4 }),
      );
      core.info('Slack message sent');
    } catch (error) {
      core.warning(`perfgate: the Slack message failed (${(error as Error).message}); the verdict stands`);
    }
  }
  return { markdown };
}

async function postPrComment(
  octokit: Octokit,
  where: {
    owner: string;
    repo: string;
    issueNumber: number;
    marker: string;
    body: string;
    existing: FoundComment | null | undefined;
  },
  event: EventFacts,
): Promise<void> {
  const result = await upsertComment(octokit, { ...where, stamp: { headSha: event.sha, runOrder: event.runOrder } });
  core.setOutput(Outputs.commentId, String(result.id));
  core.setOutput(Outputs.commentUrl, result.url);
  if (result.action === 'skipped-stale')
    core.info(
      `PR comment left as it is: it holds the report of a newer run or of the PR's current head (${result.url})`,
    );
  else core.info(`PR comment ${result.action}: ${result.url}`);
  if (result.removedDuplicates > 0)
    core.info(`removed ${result.removedDuplicates} duplicate comment(s) left by a run at the same time`);
}
