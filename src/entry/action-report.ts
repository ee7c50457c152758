// The action's `mode: report`: the trusted half of the fork-PR flow. It runs in a `workflow_run`
// job of the base repository, with a write token, on the results a fork PR's run uploaded. It
// never posts markdown the fork made: it checks results.json as untrusted input, judges it against
// the baseline and thresholds of the base repository's own config, renders the report itself and
// comments only when the run was a finished run of the PR's current head.
import * as core from '@actions/core';
import * as github from '@actions/github';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, normalize } from 'node:path';
import { ConfigError, InputFileError } from '../core/errors.js';
import { judgeRun } from '../core/gate.js';
import { decideExit } from '../core/compare/index.js';
import { maskStrings, secretValues } from '../core/mask.js';
import { defaultCompareConfig } from '../core/config/compare.js';
import { parseShard } from '../core/options.js';
import type { Config } from '../core/types/config.js';
import type { Results } from '../core/types/results.js';
import { loadConfig } from '../adapters/config-file.js';
import { findPullHead } from '../adapters/github-comment.js';
import { lookupBaseline } from './baseline-io.js';
import { chooseStore } from './action-store.js';
import { Inputs, Outputs, type ActionOptions } from './action-inputs.js';
import { numberReportFiles } from './report-files.js';
import { ACTION_INPUT_DEFAULTS } from './action-manifest.generated.js';
import type { EventFacts } from './deliver/event.js';
import { report, reportContext } from './deliver/index.js';
import { findResultsFiles, readUntrustedResults } from './report-impl.js';
import { applyAcceptance } from './action-accept.js';
import { setJudgementOutputs } from './judged-by.js';

interface WorkflowRunPayload {
  id: number;
  run_attempt?: number;
  event: string;
  conclusion: string | null;
  head_sha: string;
  html_url: string;
  pull_requests?: { number: number }[];
}

/** Conclusions whose results are worth a comment: a regression makes the PR run fail. */
const reportedConclusions = new Set(['success', 'failure']);

/** Reports every results file found; the exit code the gate would give the worst of them (fail-on). */
export async function reportUploadedResults(options: ActionOptions): Promise<number> {
  const run = github.context.payload.workflow_run as WorkflowRunPayload | undefined;
  if (github.context.eventName !== 'workflow_run' || !run) {
    throw new ConfigError(
      `${Inputs.mode}: "report" runs in a workflow_run job (this event is ${github.context.eventName || 'unknown'}); see examples/workflows/fork-safe.yml`,
    );
  }
  if (run.event !== 'pull_request')
    return skip(
      core.notice,
      `perfgate: run ${run.html_url} ran on the ${run.event} event, not on a pull request; nothing to comment`,
    );
  if (!reportedConclusions.has(run.conclusion ?? '')) {
    return skip(
      core.notice,
      `perfgate: the PR run ${run.html_url} ended ${run.conclusion ?? 'without a conclusion'}; nothing to report`,
    );
  }
  // Every output action.yml documents is set, empty until this step has a value for it: a later
  // step reading one never sees it missing. No artifact is uploaded in this mode.
  for (const output of Object.values(Outputs)) core.setOutput(output, '');
  const searched = options.resultsPath ?? ACTION_INPUT_DEFAULTS[Inputs.results];
  const files = await findResultsFiles(searched);
  if (files.length === 0) {
    return skip(
      core.notice,
      `perfgate: no results.json in ${searched}: the PR run uploaded none (perfgate could not run there; its log says why)`,
    );
  }
  const octokit = github.getOctokit(options.githubToken, { baseUrl: github.context.apiUrl });
  const { owner, repo } = github.context.repo;
  let code = 0;
  for (const [index, file] of files.entries()) {
    const fileOptions =
      files.length > 1 ? { ...options, reportFiles: numberReportFiles(options.reportFiles, index + 1) } : options;
    const fileCode = await core.group(`perfgate: report ${file}`, () =>
      reportOne(fileOptions, run, file, octokit, owner, repo),
    );
    code = Math.max(code, fileCode);
  }
  return code;
}

/** A results file (or event) there is nothing to report for: said in the log, and the step stays green. */
function skip(say: (message: string) => void, message: string): number {
  say(message);
  return 0;
}

async function reportOne(
  options: ActionOptions,
  run: WorkflowRunPayload,
  file: string,
  octokit: ReturnType<typeof github.getOctokit>,
  owner: string,
  repo: string,
): Promise<number> {
  const facts = await readFacts(file);
  const prNumber = options.prNumber ?? run.pull_requests?.[0]?.number ?? facts.number;
  if (prNumber === undefined)
    return skip(
      core.warning,
      `perfgate: ${file}: no PR number (set ${Inputs.prNumber}, or upload the pr.json perfgate writes); nothing posted`,
    );
  if (facts.headSha !== undefined && facts.headSha !== run.head_sha) {
    return skip(
      core.warning,
      `perfgate: ${file} says it is of ${facts.headSha}, but run ${run.id} tested ${run.head_sha}; nothing posted`,
    );
  }
  const head = await findPullHead(octokit, { owner, repo, issueNumber: prNumber });
  if (head === undefined)
    return skip(core.warning, `perfgate: could not read PR #${prNumber} of ${owner}/${repo}; nothing posted`);
  if (head !== run.head_sha) {
    return skip(
      core.notice,
      `perfgate: PR #${prNumber} has moved on to ${head.slice(0, 7)}; the results of ${run.head_sha.slice(0, 7)} are not posted (the newer run will report)`,
    );
  }
  // The fork chose the numbers; the base repository chooses how they are judged. The judging
  // config and the comment's marker come from this job's `config` input only: pr.json's could
  // point into the fork's own artifact, drop the thresholds, or add a comment per new name.
  if (facts.config !== undefined && normalize(facts.config) !== normalize(options.configId)) {
    return skip(
      core.notice,
      `perfgate: ${file} is of config ${facts.config}, and this step judges with ${Inputs.config}: ${options.configPath}; nothing posted (add a report step with ${Inputs.config}: ${facts.config} and ${Inputs.results} pointing at that config's artifact)`,
    );
  }
  const stepOptions: ActionOptions = { ...options, ...(facts.shard ? { shard: facts.shard } : {}) };
  // A file the results schema refuses (a newline or "*" in a name, a file over the size limit) is
  // the fork's input, not this trusted job's failure: a notice, nothing posted, the job stays green.
  let results: Results;
  try {
    results = maskStrings(await readUntrustedResults(file, Inputs.results), secretValues(process.env));
  } catch (error) {
    if (!(error instanceof InputFileError)) throw error;
    return skip(core.notice, `perfgate: ${file} was refused as untrusted input (${error.message}); nothing posted`);
  }
  // One shard of a split load holds 1/N of every scenario: judged alone it would read as a run
  // that lost two thirds of its throughput. The merge job (mode: merge) reports the whole.
  if (results.shard?.split === 'load')
    return skip(
      core.notice,
      `perfgate: ${file} is load shard ${results.shard.index}/${results.shard.count}; the job with mode: merge judges and reports the merged run; nothing posted for the shard`,
    );
  const { config, configHash } = await loadTrustedConfig(stepOptions.configPath);
  const store = chooseStore(stepOptions, configHash ?? results.configHash);
  const lookup = store
    ? await lookupBaseline(store)
    : ({ kind: 'missing', detail: 'no baseline store is available in this run' } as const);
  core.info(lookup.kind === 'found' ? `baseline: ${lookup.source}` : lookup.detail);
  const event: EventFacts = {
    kind: 'pull_request',
    name: 'workflow_run',
    prNumber,
    prUrl: `${github.context.serverUrl}/${owner}/${repo}/pull/${prNumber}`,
    isFork: false,
    runUrl: run.html_url,
    sha: run.head_sha,
    runOrder: run.id * 1000 + (run.run_attempt ?? 1),
  };
  // The label or a writer's command accepts a regression here as in the gate: this job re-judges
  // the PR's results, and without it a PR whose run passed by acceptance would read FAIL here.
  const comparison = await applyAcceptance(
    stepOptions,
    event,
    judgeRun({ current: results, config, baseline: lookup }).comparison,
  );
  core.setOutput(Outputs.verdict, comparison.verdict);
  core.setOutput(Outputs.resultsPath, file);
  core.setOutput(
    Outputs.regressions,
    JSON.stringify(comparison.regressions.map((r) => ({ scenario: r.scenario, metric: r.metric, change: r.change }))),
  );
  core.setOutput(Outputs.accepted, comparison.accepted?.by ?? '');
  // The PR's own run may have been A/B (its results carry the base) or stored; nothing here asks for A/B.
  setJudgementOutputs(comparison, undefined);
  const { markdown } = await report(reportContext(stepOptions, event, comparison));
  core.setOutput(Outputs.reportMarkdown, markdown);
  return decideExit(comparison, stepOptions.failOn);
}

/** pr.json beside the results, as the PR side wrote it: untrusted, so each field is checked and a bad one dropped. */
async function readFacts(
  resultsFile: string,
): Promise<{ number?: number; headSha?: string; config?: string; shard?: { index: number; count: number } }> {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(await readFile(join(resultsFile, '..', 'pr.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
  const facts: { number?: number; headSha?: string; config?: string; shard?: { index: number; count: number } } = {};
  if (typeof value.number === 'number' && Number.isInteger(value.number) && value.number > 0)
    facts.number = value.number;
  if (typeof value.headSha === 'string' && /^[0-9a-f]{7,64}$/i.test(value.headSha)) facts.headSha = value.headSha;
  // Only a config inside the checked-out base repository: a relative path that climbs nowhere.
  if (
    typeof value.config === 'string' &&
    /^[A-Za-z0-9._/-]{1,200}$/.test(value.config) &&
    !isAbsolute(value.config) &&
    !normalize(value.config).startsWith('..')
  ) {
    facts.config = value.config;
  }
  if (typeof value.shard === 'string') {
    try {
      facts.shard = parseShard(value.shard);
    } catch {
      // not a shard: judged as a whole run
    }
  }
  return facts;
}

async function loadTrustedConfig(
  configPath: string,
): Promise<{ config: Pick<Config, 'thresholds' | 'compare'>; configHash?: string }> {
  if (!existsSync(configPath)) {
    core.warning(
      `perfgate: ${Inputs.config} ${configPath} is not in this job's checkout, so the report has no thresholds; check out the base repository first`,
    );
    return { config: { thresholds: {}, compare: defaultCompareConfig() } };
  }
  const loaded = await loadConfig(configPath, { source: `the ${Inputs.config} input` });
  return { config: loaded.config, configHash: loaded.configHash };
}
