// The action's run: one try/catch ending in setFailed. Every report is written before the step
// fails, and a report that cannot be delivered (comment, Slack, cache) is a warning.
import * as core from '@actions/core';
import * as github from '@actions/github';
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BootError, InterruptedError } from '../core/errors.js';
import { judgeRun } from '../core/gate.js';
import { decideExit } from '../core/compare/index.js';
import { renderRunSummary } from '../core/report/run-summary.js';
import { withDeadline } from '../adapters/deadline.js';
import { runLoadTest } from './run-impl.js';
import { lookupBaseline, saveBaseline } from './baseline-io.js';
import { chooseStore } from './action-store.js';
import { runnerTemp } from '../adapters/runner-temp.js';
import { interruptOnSignals, signalExitCode } from '../adapters/signals.js';
import { readEvent, type EventFacts } from './deliver/event.js';
import { report, reportContext } from './deliver/index.js';
import { deliver } from './deliver/sink.js';
import { resultsArtifact } from './deliver/artifact.js';
import { commitComment } from './deliver/commit-comment.js';
import { decideSave } from '../core/save-policy.js';
import { readActionInputs, Outputs, type ActionOptions } from './action-inputs.js';
import { reportUploadedResults } from './action-report.js';

/** A/B mode: the PR's base commit, which the workflow checked out into base-dir. */
function readBaseCommit(): { commit?: string; ref?: string } {
  const base = github.context.payload.pull_request?.base as { sha?: string; ref?: string } | undefined;
  return { ...(base?.sha ? { commit: base.sha } : {}), ...(base?.ref ? { ref: base.ref } : {}) };
}

export async function run(): Promise<void> {
  const interrupt = interruptOnSignals((signal) =>
    core.info(`perfgate: ${signal}: stopping the run and writing what was measured`),
  );
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
  const ctx = reportContext(options, event, comparison, config.report);
  const { markdown } = await core.group('perfgate: report', () => report(ctx));
  // Beside the results, for workflows that comment from a trusted workflow_run (fork PRs).
  await writeFile(join(workDir, 'report.md'), markdown);
  core.setOutput(Outputs.reportMarkdown, markdown);

  await deliver(ctx, [resultsArtifact([resultsPath, ...(prFactsPath ? [prFactsPath] : [])]), commitComment]);

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
