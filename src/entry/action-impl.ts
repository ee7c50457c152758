// The action's run: one try/catch ending in setFailed. Every report is written before the step
// fails, and a report that cannot be delivered (comment, Slack, cache) is a warning.
import * as core from '@actions/core';
import * as github from '@actions/github';
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { BootError, ConfigError, InputFileError, InterruptedError, NoVerdictError } from '../core/errors.js';
import type { Config } from '../core/types/config.js';
import type { Results } from '../core/types/results.js';
import { mergeResults } from '../core/results/merge.js';
import { loadConfig } from '../adapters/config-file.js';
import { resultsArtifactName } from '../adapters/results-artifact.js';
import { ACTION_INPUT_DEFAULTS, type SubActionName } from './action-manifest.generated.js';
import { findResultsFiles, readUntrustedResults } from './report-impl.js';
import { judgeRun, refuseServiceExit, type BaselineLookup } from '../core/gate.js';
import { decideExit } from '../core/compare/index.js';
import { renderRunSummary } from '../core/report/run-summary.js';
import { describeBlindSpot } from '../core/report/blind-spot.js';
import { runLoadTest } from './run-impl.js';
import { createRunJudge, lookupBaseline, saveAfterVerdict } from './baseline-io.js';
import { chooseStore } from './action-store.js';
import { runnerTemp } from '../adapters/runner-temp.js';
import { interruptOnSignals, signalExitCode } from '../adapters/signals.js';
import { readEvent, type EventFacts } from './deliver/event.js';
import { report, reportContext } from './deliver/index.js';
import { deliver } from './deliver/sink.js';
import { resultsArtifact, uploadResults } from './deliver/artifact.js';
import { commitComment } from './deliver/commit-comment.js';
import { Inputs, readActionInputs, Outputs, type ActionOptions } from './action-inputs.js';
import { checkoutOf, isGitWorkTree } from '../adapters/git-worktree.js';
import { reportUploadedResults } from './action-report.js';
import { reportTrends } from './action-trends.js';
import { guardLog } from '../core/report/markup/text.js';
import { applyAcceptance } from './action-accept.js';
import { setJudgementOutputs } from './judged-by.js';
import { renderHistoryCharts } from '../core/report/history-chart.js';
import { renderRunSparklines } from '../core/report/run-sparkline.js';
import { summarizeForHistory } from '../core/results/baseline.js';

/** A/B mode: the PR's base commit, which the workflow checked out into base-dir. */
function readBaseCommit(): { commit?: string; ref?: string } {
  const base = github.context.payload.pull_request?.base as { sha?: string; ref?: string } | undefined;
  return { ...(base?.sha ? { commit: base.sha } : {}), ...(base?.ref ? { ref: base.ref } : {}) };
}

/** The events whose payload names the base A/B compares with by default. */
function eventBase(event: EventFacts): { commit?: string; ref?: string; what: string } | undefined {
  if (event.kind === 'pull_request') return { ...readBaseCommit(), what: "the PR's base SHA" };
  if (event.name === 'merge_group' && event.baseSha) {
    const group = github.context.payload.merge_group as { base_ref?: string } | undefined;
    return {
      commit: event.baseSha,
      ...(group?.base_ref ? { ref: group.base_ref.replace(/^refs\/heads\//, '') } : {}),
      what: "the merge group's base_sha",
    };
  }
  return undefined;
}

/**
 * The base-ref input: an explicit ref is used as given (with base-dir too, runLoadTest refuses the
 * pair); empty is the event's base (a PR's base SHA, a merge group's base_sha) and off elsewhere;
 * none is off.
 */
async function chooseBaseRef(
  options: ActionOptions,
  event: EventFacts,
): Promise<{
  baseRef?: string;
  baseRefSource?: string;
  baseRefIsDefault?: boolean;
  baseGit?: { commit?: string; ref?: string };
}> {
  const ref = options.baseRef.trim();
  if (ref === 'none') return {};
  if (ref !== '') return { baseRef: ref, baseRefSource: 'the base-ref input' };
  if (options.baseDir) return {};
  const found = eventBase(event);
  if (!found?.commit) return {};
  const { what, ...base } = found;
  // Only a git checkout has a base to add as a worktree; without one the default quietly stays off.
  if (!(await isGitWorkTree(options.configPath))) {
    core.info(
      `perfgate: A/B: the workspace is not a git checkout, so ${what} ${found.commit.slice(0, 7)} cannot be checked out; comparing with the stored baseline (check the repository out with actions/checkout, or set base-ref: none)`,
    );
    return {};
  }
  return {
    baseRef: found.commit,
    baseRefSource: `the base-ref input (default: ${what})`,
    baseRefIsDefault: true,
    baseGit: base,
  };
}

/**
 * pull_request_target runs in the base repository's context, and actions/checkout then checks out
 * the base branch, not the PR: a run of that checkout would be base against base, reported as the
 * PR's head. perfgate runs only a checkout of the head (or of its merge commit) and refuses
 * anything else, naming what to do.
 */
async function checkPullRequestTarget(options: ActionOptions, event: EventFacts): Promise<void> {
  if (event.name !== 'pull_request_target') return;
  const dir = dirname(resolve(options.configPath));
  const checkout = await checkoutOf(dir, event.sha);
  const fix =
    "check out the PR's head in this job (actions/checkout with ref: ${{ github.event.pull_request.head.sha }}; that runs the PR's code with this workflow's token and secrets, so only for PRs you trust), or use the fork-safe pair instead: perfgate on pull_request and mode: report in a workflow_run job (examples/workflows/fork-safe-pr.yml and fork-safe.yml)";
  if (checkout === undefined)
    throw new ConfigError(
      `${Inputs.config} ${options.configPath}: on pull_request_target perfgate must run the PR's head ${event.sha.slice(0, 7)}, but ${dir} is not a git checkout, so which commit it holds is unknown; nothing was run or reported. ${fix}`,
    );
  if (!checkout.holds)
    throw new ConfigError(
      `on pull_request_target the workspace holds ${checkout.head.slice(0, 7)} (actions/checkout's default there is the base branch), not the PR's head ${event.sha.slice(0, 7)}: a run would compare the base with itself and report it as the PR, so nothing was run or reported. To judge the PR, ${fix}`,
    );
  core.info(
    checkout.head === event.sha.toLowerCase()
      ? `perfgate: pull_request_target: the workspace holds the PR's head ${event.sha.slice(0, 7)}`
      : `perfgate: pull_request_target: the workspace holds ${checkout.head.slice(0, 7)}, a merge of the PR's head ${event.sha.slice(0, 7)}`,
  );
}

export async function run(subAction?: SubActionName): Promise<void> {
  const interrupt = interruptOnSignals((signal) =>
    core.info(`perfgate: ${signal}: stopping the run and writing what was measured`),
  );
  try {
    const options = readActionInputs(subAction);
    if (options.mode === 'trends') {
      await reportTrends(options);
      return;
    }
    // mode: report judges as the gate does, so it fails the step as the gate would (fail-on).
    const code =
      options.mode === 'report'
        ? await reportUploadedResults(options)
        : options.mode === 'merge'
          ? await mergeShards(options, readEvent())
          : await gate(options, readEvent(), interrupt.signal);
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
    const heading = error instanceof NoVerdictError ? 'perfgate reached no verdict' : 'perfgate could not run';
    await writeSummary(`## ❌ ${heading}\n\n${fence}\n${message}\n${fence}\n`);
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

  // The baseline is read once: for each look of a run that goes on when a verdict is inconclusive
  // (compare.extend), and for the verdict.
  await checkPullRequestTarget(options, event);
  const abChoice = await chooseBaseRef(options, event);
  // Why an A/B run that was asked for was judged against the stored baseline instead.
  let abFallback: string | undefined;
  const looks = createRunJudge((configHash) => findBaseline(options, configHash));
  const outcome = await core.group('perfgate: boot the services and run the scenarios', async () => {
    const loaded = await runLoadTest({
      judge: looks.judge,
      configPath: options.configPath,
      configSource: 'the config input',
      onWarning: (message) => core.warning(`perfgate: ${message}`),
      logDir: join(workDir, 'logs'),
      progressStream: process.stdout,
      env: process.env,
      git: { commit: event.sha, ref: github.context.ref, runUrl: event.runUrl, event: github.context.eventName },
      shard: options.shard,
      ...(options.split ? { split: options.split } : {}),
      ...(options.startAtMs === undefined
        ? {}
        : { startAtMs: options.startAtMs, startAtSource: `the ${Inputs.startAt} input` }),
      signal,
      ...(options.baseDir
        ? { baseDir: options.baseDir, baseDirSource: 'the base-dir input', baseGit: readBaseCommit() }
        : {}),
      ...abChoice,
      ...(options.profile ? { profile: options.profile } : {}),
      onNote: (message) => {
        if (/stored baseline/.test(message)) abFallback = message;
        core.info(`perfgate: A/B: ${message}`);
      },
      onMissingBase: (message) => {
        if (/stored baseline/.test(message)) abFallback = message;
        // On a PR or a merge group the base was expected; on a push there is none to pair with.
        if (event.kind === 'pull_request' || event.name === 'merge_group') core.warning(`perfgate: ${message}`);
        else core.info(`perfgate: ${message}`);
      },
    });
    // The k6-style summary of what was measured, before any comparison.
    core.info(guardLog(renderRunSummary(loaded.results, { distribution: loaded.config.report?.distribution })));
    return loaded;
  });
  const { config, configHash, results } = outcome;
  const resultsPath = await writeResults(workDir, results);
  if (results.interrupted) {
    // A partial run is neither judged against the baseline nor saved as one (as in the CLI).
    core.setOutput(Outputs.verdict, 'interrupted');
    const fence = '```';
    await writeSummary(
      `## ⏹ perfgate was interrupted\n\nThe run was stopped before its end: not compared with the baseline and not saved. What it measured is in \`${resultsPath}\` (results-path).\n\n${fence}\n${renderRunSummary(results)}\n${fence}\n`,
    );
    return INTERRUPTED;
  }
  // No verdict: the error path sets verdict error and writes the reason into the job summary.
  refuseServiceExit(results, `${resultsPath} (results-path)`);
  if (options.split === 'load') return reportLoadShard(options, results, resultsPath);
  return judgeAndDeliver(options, event, {
    config,
    configHash,
    results,
    workDir,
    resultsPath,
    stepStart,
    lookup: looks.lookup,
    ...(abChoice.baseRef !== undefined || options.baseDir ? { abAsked: { fallback: abFallback } } : {}),
  });
}

/** The stored baseline of this config, or why there is none. */
async function findBaseline(options: ActionOptions, configHash: string): Promise<BaselineLookup> {
  const store = chooseStore(options, configHash);
  return store
    ? lookupBaseline(store, { timeoutMs: options.networkTimeoutMs })
    : { kind: 'missing', detail: 'no baseline store is available in this run' };
}

/**
 * One shard of a split load measured 1/N of every scenario: alone it is no run to judge. It
 * reports its job summary and uploads its results for the merge job, which judges them all once.
 */
async function reportLoadShard(options: ActionOptions, results: Results, resultsPath: string): Promise<number> {
  core.setOutput(Outputs.verdict, 'shard');
  const shard = options.shard!;
  const fence = '```';
  await writeSummary(
    `## perfgate: load shard ${shard.index} of ${shard.count}\n\nThis job ran 1/${shard.count} of every scenario's load; the job with mode: merge merges the shards exactly and judges them once. Its results are in \`${resultsPath}\` (results-path) and the artifact ${resultsArtifactName(options.configId, options.shard)}.\n\n${fence}\n${renderRunSummary(results)}\n${fence}\n`,
  );
  if (!options.uploadResults)
    core.warning(
      `perfgate: ${Inputs.uploadResults} is false, so this load shard's results are not uploaded and the merge job cannot find them; set it to true (the default)`,
    );
  else await uploadResults(options, [resultsPath]);
  return 0;
}

/**
 * mode: merge. The load shards' results (downloaded into the results input's folder) become one
 * exact result, judged, reported and saved once, as a whole run of this config would be. A shard
 * that is missing, interrupted, failed or of another config makes the merge refuse: never a pass.
 */
async function mergeShards(given: ActionOptions, event: EventFacts): Promise<number> {
  // The merge is the whole run: its store key, artifact and comment are those of no shard.
  const { shard: _shard, split: _split, startAtMs: _startAtMs, ...options } = given;
  const workDir = stepWorkDir(options);
  await mkdir(workDir, { recursive: true });
  const stepStart = Date.now();
  const searched = options.resultsPath ?? ACTION_INPUT_DEFAULTS[Inputs.results];
  const files = await findResultsFiles(searched);
  if (files.length === 0)
    throw new InputFileError(
      `${Inputs.results} ${searched}: no results.json of a load shard there, so there is nothing to merge and no verdict; download the shards' artifacts into it first (actions/download-artifact with pattern: perfgate-*-shard-*), and read the shard jobs' logs if they uploaded none`,
    );
  const shards = [];
  // The shards ran the PR's code: read like any results perfgate did not write in this job.
  for (const file of files) shards.push({ path: file, results: await readUntrustedResults(file, Inputs.results) });
  const merged = mergeResults(shards);
  const { config, configHash } = await loadConfig(options.configPath, { source: `the ${Inputs.config} input` });
  if (merged.configHash !== configHash)
    throw new InputFileError(
      `${Inputs.results} ${searched}: the shards ran another config than ${options.configPath} (config hash ${merged.configHash.slice(0, 12)}, not ${configHash.slice(0, 12)}); merge in a job that checks out the same commit, with the same config input`,
    );
  core.info(`perfgate: merged ${files.length} shard results (${merged.scenarios.length} scenarios) from ${searched}`);
  core.info(guardLog(renderRunSummary(merged, { distribution: config.report?.distribution })));
  const resultsPath = await writeResults(workDir, merged);
  return judgeAndDeliver(options, event, { config, configHash, results: merged, workDir, resultsPath, stepStart });
}

/** The step's results.json, named in the results-path output as soon as it is written. */
async function writeResults(workDir: string, results: Results): Promise<string> {
  const resultsPath = join(workDir, 'results.json');
  await writeFile(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
  core.setOutput(Outputs.resultsPath, resultsPath);
  return resultsPath;
}

/** Judges a run (or a merge of load shards) against the baseline, reports it and saves it. */
async function judgeAndDeliver(
  options: ActionOptions,
  event: EventFacts,
  run: {
    config: Config;
    configHash: string;
    results: Results;
    workDir: string;
    resultsPath: string;
    stepStart: number;
    /** The run's baseline lookup, when the run judged its looks against it already. */
    lookup?: (configHash: string) => Promise<BaselineLookup>;
    /** A/B was asked for (a base-ref, a base-dir); `fallback` says why the base could not run. */
    abAsked?: { fallback?: string };
  },
): Promise<number> {
  const { config, configHash, results, workDir, resultsPath, stepStart } = run;
  const prFactsPath = await writePrFacts(options, event, workDir);

  const store = chooseStore(options, configHash);
  const judged = await core.group('perfgate: compare with the baseline', async () => {
    const lookup = await (run.lookup ?? ((hash: string) => findBaseline(options, hash)))(configHash);
    if (lookup.kind === 'found') core.info(`baseline: ${lookup.source}`);
    else core.info(lookup.detail);
    const judged = judgeRun({ current: results, config, baseline: lookup });
    // A PR judged in stored mode (base-ref: none, a base that could not run): say what it could not see.
    const blind =
      event.kind === 'pull_request'
        ? describeBlindSpot(
            judged.comparison,
            "The action's base-ref input (on pull_request the PR's base SHA, unless none)",
          )
        : undefined;
    if (blind) judged.comparison.notes.push(blind);
    return judged;
  });
  const { baseline } = judged;
  const comparison = await applyAcceptance(options, event, judged.comparison);

  // The verdict exists: its outputs now, before any report that waits on the network, so that a
  // slow or cancelled report step can never lose it.
  core.setOutput(Outputs.verdict, comparison.verdict);
  core.setOutput(
    Outputs.regressions,
    JSON.stringify(comparison.regressions.map((r) => ({ scenario: r.scenario, metric: r.metric, change: r.change }))),
  );
  core.setOutput(Outputs.accepted, comparison.accepted?.by ?? '');
  setJudgementOutputs(comparison, run.abAsked);
  const ctx = reportContext(options, event, comparison, config.report);
  const storedRuns = baseline ? (baseline.trends ?? [summarizeForHistory(baseline.results), ...baseline.history]) : [];
  const historyChart = baseline ? renderHistoryCharts(comparison, storedRuns) : undefined;
  if (historyChart) ctx.historyChart = historyChart;
  ctx.sparklines = renderRunSparklines(comparison, storedRuns);
  const { markdown } = await core.group('perfgate: report', () => report(ctx));
  // Beside the results, for workflows that comment from a trusted workflow_run (fork PRs).
  await writeFile(join(workDir, 'report.md'), markdown);
  core.setOutput(Outputs.reportMarkdown, markdown);

  // The profiles' folded stacks and flame graphs (under the work folder's logs/) travel with the results.
  const profileFiles = (results.profiles ?? []).flatMap((profile) => profile.files ?? []);
  await deliver(ctx, [
    resultsArtifact([resultsPath, ...(prFactsPath ? [prFactsPath] : []), ...profileFiles]),
    commitComment,
  ]);

  const shouldSave = (options.saveBaseline ?? event.kind === 'default-branch') !== false;
  if (shouldSave && event.kind === 'pull_request')
    core.info('perfgate: a pull request never saves the baseline, whatever save-baseline says');
  if (shouldSave && event.kind !== 'pull_request' && store) {
    await saveAfterVerdict(
      {
        store,
        mode: options.saveBaseline === 'always' ? 'always' : 'pass',
        optIn: 'save-baseline: always',
        names: { store: store.description, trends: 'trends' },
        comparison,
        baseline,
        results,
        config,
        commit: event.sha,
        runId: String(github.context.runId),
        attempt: String(github.context.runAttempt || 1),
        now: new Date(),
        timeoutMs: options.networkTimeoutMs,
      },
      {
        info: (message) => core.info(message),
        refused: (reason) => core.warning(`perfgate: ${reason}`),
        warning: (message) => core.warning(`perfgate: ${message}`),
        group: (title, work) => core.group(title, work),
      },
    );
  }
  core.info(`perfgate: ${((Date.now() - stepStart) / 1000).toFixed(1)} s in all`);
  return decideExit(comparison, options.failOn);
}

/**
 * This step's own folder for results.json, report.md, pr.json and the logs, so that several
 * perfgate steps in one job (other configs or shards) never overwrite each other: named by the
 * step id and a hash of the config path and shard.
 */
export function stepWorkDir(options: Pick<ActionOptions, 'configId' | 'shard'>): string {
  const shard = options.shard ? ` ${options.shard.index}/${options.shard.count}` : '';
  const hash = createHash('sha256').update(`${options.configId}${shard}`).digest('hex').slice(0, 10);
  const step = (process.env.GITHUB_ACTION || 'perfgate').replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 60);
  return join(runnerTemp(), 'perfgate', `${step}-${hash}`);
}

/** Which PR and head a fork's results are of, and which config made them: the trusted report job reads it. */
async function writePrFacts(options: ActionOptions, event: EventFacts, workDir: string): Promise<string | undefined> {
  if (event.kind !== 'pull_request' || event.prNumber === undefined) return undefined;
  const path = join(workDir, 'pr.json');
  const facts = {
    number: event.prNumber,
    headSha: event.sha,
    config: options.configId,
    ...(options.shard ? { shard: `${options.shard.index}/${options.shard.count}` } : {}),
  };
  await writeFile(path, `${JSON.stringify(facts)}\n`);
  return path;
}
