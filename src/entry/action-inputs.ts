// Every action input is read here, inside a function, into one plain object (never at module
// top level), and validated with the same core functions the CLI uses. The defaults are
// action.yml's (through action-manifest.generated.ts): GitHub applies them in a workflow, and
// the code applies the same ones where nothing does (local runs, the tests).
import * as core from '@actions/core';
import { parseProfilerChoice } from '../core/profile/plan.js';
import type { ProfilerConfig } from '../core/types/config.js';
import { ConfigError } from '../core/errors.js';
import { parseDuration } from '../core/duration.js';
import { resolve } from 'node:path';
import { configIdentity } from '../core/paths.js';
import type { SlackTarget } from '../adapters/slack.js';
import type { CommentMode, FailOn, Shard, SlackOn } from '../core/options.js';
import { parseBooleanChoice, parseCommentMode, parseFailOn, parseShard, parseSlackOn } from '../core/options.js';
import {
  ACTION_INPUT_DEFAULTS,
  SUB_ACTIONS,
  type ActionInputName,
  type SubActionName,
} from './action-manifest.generated.js';
import type { ReportFiles } from './report-files.js';
import { parseShardSplit } from '../core/split/index.js';
import { parseStartAt } from '../core/split/start-at.js';

export const Inputs = {
  config: 'config',
  githubToken: 'github-token',
  slackWebhookUrl: 'slack-webhook-url',
  slackToken: 'slack-token',
  slackChannel: 'slack-channel',
  slackOn: 'slack-on',
  baselineKey: 'baseline-key',
  baselineDir: 'baseline-dir',
  baselineBranch: 'baseline-branch',
  saveBaseline: 'save-baseline',
  failOn: 'fail-on',
  comment: 'comment',
  shard: 'shard',
  shardSplit: 'shard-split',
  startAt: 'start-at',
  networkTimeout: 'network-timeout',
  mode: 'mode',
  results: 'results',
  prNumber: 'pr-number',
  uploadResults: 'upload-results',
  commentOnAlert: 'comment-on-alert',
  alertCommentCcUsers: 'alert-comment-cc-users',
  baseDir: 'base-dir',
  baseRef: 'base-ref',
  acceptLabel: 'accept-label',
  acceptCommand: 'accept-command',
  profile: 'profile',
  junitPath: 'junit-path',
  gitlabPath: 'gitlab-path',
} as const satisfies Record<string, ActionInputName>;

export const Outputs = {
  verdict: 'verdict',
  resultsPath: 'results-path',
  reportMarkdown: 'report-markdown',
  regressions: 'regressions',
  commentId: 'comment-id',
  commentUrl: 'comment-url',
  artifactId: 'artifact-id',
  changePoints: 'change-points',
  trendsPath: 'trends-path',
  pagesPath: 'pages-path',
  accepted: 'accepted',
  mode: 'mode',
  baseline: 'baseline',
  baselineDetail: 'baseline-detail',
} as const;

/** run: load-test and report; report: re-render uploaded results in a trusted workflow_run job
 * (fork PRs); merge: merge the load shards' results and judge them once (docs/scale-out.md);
 * trends: change points over the stored runs (docs/trends.md). */
export type ActionMode = 'run' | 'report' | 'merge' | 'trends';

export interface ActionOptions {
  configPath: string;
  /** The config's one name (relative to the workspace): the comment marker, the artifact name,
   * the step's folder and pr.json use it, so every spelling of one path is one identity. */
  configId: string;
  githubToken: string;
  slack?: SlackTarget;
  slackOn: SlackOn;
  /** Replaces the config hash in the cache key when set. */
  baselineKey?: string;
  baselineDir?: string;
  /** Keep baselines and the stored runs as files on this branch of origin (durable). */
  baselineBranch?: string;
  /** undefined = decide from the event (save on the default branch); `always` saves even a run
   * that failed the gate, which otherwise is never saved. */
  saveBaseline?: boolean | 'always';
  failOn: FailOn;
  comment: CommentMode;
  shard?: Shard;
  /** With a shard: every scenario at 1/N of the load, judged by a later mode: merge job. */
  split?: 'load';
  /** Start barrier of a load shard (epoch ms). */
  startAtMs?: number;
  /** The most time one network step (baseline download, PR comment, Slack, baseline save) may take. */
  networkTimeoutMs: number;
  mode: ActionMode;
  /** mode report and merge: a results.json, or a folder searched for them (a downloaded artifact). */
  resultsPath?: string;
  /** mode report: the PR, when the workflow_run payload does not name it (fork PRs). */
  prNumber?: number;
  uploadResults: boolean;
  /** A commit comment when a push to the default branch regresses. */
  commentOnAlert: boolean;
  /** Logins (or org/team) the commit comment mentions, without the "@". */
  alertCcUsers: string[];
  /** A/B mode: the PR's base commit, checked out beside the head. */
  baseDir?: string;
  /** A/B mode: the base commit perfgate checks out itself; '' = the event's default (the PR's
   * base SHA on pull_request), 'none' = off. */
  baseRef: string;
  /** What accepts an intended regression on a PR: a label and a comment command ('' = off). */
  accept: { label: string; command: string };
  /** A profiler for every service without its own (the profile input). */
  profile?: ProfilerConfig;
  /** Where to write the comparison for other CI systems (junit-path, gitlab-path); absent: not written. */
  reportFiles: ReportFiles;
}

function parseSaveBaseline(value: string): boolean | 'always' {
  if (value.toLowerCase() === 'always') return 'always';
  try {
    return parseBooleanChoice(value, Inputs.saveBaseline);
  } catch {
    throw new ConfigError(
      `${Inputs.saveBaseline}: "${value}" is not one of auto, true, false, always; use auto (the default branch saves a run that passed), true, false, or always (save even a run that failed the gate)`,
    );
  }
}

/** The sub-action an entry named (dist/report.js …), or undefined for the root action. */
export function readSubAction(value: unknown): SubActionName | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && Object.hasOwn(SUB_ACTIONS, value)) return value as SubActionName;
  throw new Error(`perfgate: the bundle was started as the sub-action ${String(value)}, which does not exist`);
}

/**
 * The inputs of the root action, or of a sub-action: its folder is its mode, and it reads only the
 * inputs its action.yml declares (the others at the root's defaults), so that a run from the tests
 * or @github/local-action sees what a runner would pass it.
 */
export function readActionInputs(subAction?: SubActionName): ActionOptions {
  const declared: ReadonlySet<string> | undefined = subAction ? new Set(SUB_ACTIONS[subAction].inputs) : undefined;
  const text = (name: ActionInputName): string => {
    if (subAction && name === Inputs.mode) return subAction;
    const given = declared && !declared.has(name) ? '' : core.getInput(name).trim();
    return given || ACTION_INPUT_DEFAULTS[name];
  };
  const webhookUrl = text(Inputs.slackWebhookUrl);
  const slackToken = text(Inputs.slackToken);
  const slackChannel = text(Inputs.slackChannel);
  const githubToken = text(Inputs.githubToken);
  // Masked before anything else can print them, error messages included.
  for (const secret of [webhookUrl, slackToken, githubToken]) if (secret) core.setSecret(secret);

  let slack: SlackTarget | undefined;
  if (webhookUrl) {
    if (!/^https?:\/\//.test(webhookUrl)) {
      throw new ConfigError(
        `${Inputs.slackWebhookUrl}: the value is not a URL; use the incoming webhook URL Slack gave you (https://hooks.slack.com/…), from a secret`,
      );
    }
    slack = { webhookUrl };
  } else if (slackToken || slackChannel) {
    if (!slackToken || !slackChannel) {
      throw new ConfigError(
        `${slackToken ? Inputs.slackChannel : Inputs.slackToken}: missing; ${Inputs.slackToken} and ${Inputs.slackChannel} go together (or use ${Inputs.slackWebhookUrl})`,
      );
    }
    // PERFGATE_SLACK_API_URL points chat.postMessage elsewhere (Slack Enterprise Grid proxies, tests).
    const apiUrl = process.env.PERFGATE_SLACK_API_URL;
    slack = { token: slackToken, channel: slackChannel, ...(apiUrl ? { apiUrl } : {}) };
  }

  const save = text(Inputs.saveBaseline);
  const shard = text(Inputs.shard);
  const baselineKey = text(Inputs.baselineKey);
  if (baselineKey && !/^[A-Za-z0-9._]+$/.test(baselineKey)) {
    throw new ConfigError(
      `${Inputs.baselineKey}: "${baselineKey}" has characters perfgate cannot use in a cache key; use letters, digits, "." and "_" (a "-" would let one key's prefix match another's)`,
    );
  }
  const networkTimeoutMs = parseDuration(text(Inputs.networkTimeout), Inputs.networkTimeout);
  if (networkTimeoutMs < 1000) {
    throw new ConfigError(
      `${Inputs.networkTimeout}: "${text(Inputs.networkTimeout)}" is too short for a network call; use at least "1s" (the default is "${ACTION_INPUT_DEFAULTS[Inputs.networkTimeout]}")`,
    );
  }
  return {
    configPath: text(Inputs.config),
    configId: readConfigId(text(Inputs.config)),
    networkTimeoutMs,
    githubToken,
    ...(slack ? { slack } : {}),
    slackOn: parseSlackOn(text(Inputs.slackOn), Inputs.slackOn),
    ...(baselineKey ? { baselineKey } : {}),
    ...(text(Inputs.baselineDir) ? { baselineDir: text(Inputs.baselineDir) } : {}),
    ...readBaselineBranch(text(Inputs.baselineBranch), text(Inputs.baselineDir)),
    ...(save.toLowerCase() === 'auto' ? {} : { saveBaseline: parseSaveBaseline(save) }),
    failOn: parseFailOn(text(Inputs.failOn), Inputs.failOn),
    comment: parseCommentMode(text(Inputs.comment), Inputs.comment),
    ...(shard ? { shard: parseShard(shard, Inputs.shard) } : {}),
    ...readSplitInputs(text, shard !== ''),
    ...readDeliveryInputs(text),
    ...(text(Inputs.baseDir) ? { baseDir: text(Inputs.baseDir) } : {}),
    baseRef: text(Inputs.baseRef),
    // none is off (an empty input reads as the default, as everywhere in this action).
    accept: {
      label: text(Inputs.acceptLabel) === 'none' ? '' : text(Inputs.acceptLabel),
      command: text(Inputs.acceptCommand) === 'none' ? '' : text(Inputs.acceptCommand),
    },
    ...profileInput(text(Inputs.profile)),
    reportFiles: {
      ...(text(Inputs.junitPath) ? { junit: text(Inputs.junitPath) } : {}),
      ...(text(Inputs.gitlabPath) ? { gitlab: text(Inputs.gitlabPath) } : {}),
    },
  };
}

function profileInput(value: string): { profile?: ProfilerConfig } {
  const profile = parseProfilerChoice(value, `the ${Inputs.profile} input`);
  return profile ? { profile } : {};
}

function readBaselineBranch(branch: string, dir: string): { baselineBranch?: string } {
  if (branch === '') return {};
  if (dir !== '')
    throw new ConfigError(
      `${Inputs.baselineBranch}: "${branch}" and ${Inputs.baselineDir}: "${dir}" both name a baseline store; keep one`,
    );
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]{0,100}$/.test(branch) || /\.\.|\/\/|\.lock$|\/$|\.$/.test(branch))
    throw new ConfigError(
      `${Inputs.baselineBranch}: "${branch}" is not a branch name perfgate can push to; use letters, digits, ".", "_", "-" and "/", like perfgate-data`,
    );
  return { baselineBranch: branch };
}

/** The config's path relative to GITHUB_WORKSPACE (the runner's working directory). */
export function readConfigId(configPath: string): string {
  const workspace = resolve(process.env.GITHUB_WORKSPACE || process.cwd());
  return configIdentity(resolve(configPath), workspace);
}

function readSplitInputs(
  text: (name: ActionInputName) => string,
  hasShard: boolean,
): Pick<ActionOptions, 'split' | 'startAtMs'> {
  const split = parseShardSplit(text(Inputs.shardSplit), Inputs.shardSplit);
  if (split === 'load' && !hasShard)
    throw new ConfigError(
      `${Inputs.shardSplit}: "load" needs the ${Inputs.shard} input: which share of the load this job drives, like "\${{ matrix.shard }}/3"`,
    );
  const startAt = text(Inputs.startAt);
  if (startAt !== '' && split !== 'load')
    throw new ConfigError(
      `${Inputs.startAt}: "${startAt}" is a barrier for the shards of one load; set ${Inputs.shardSplit}: load with it, or leave it empty`,
    );
  return {
    ...(split === 'load' ? { split } : {}),
    ...(startAt === '' ? {} : { startAtMs: parseStartAt(startAt, Inputs.startAt) }),
  };
}

function readDeliveryInputs(
  text: (name: ActionInputName) => string,
): Pick<ActionOptions, 'mode' | 'resultsPath' | 'prNumber' | 'uploadResults' | 'commentOnAlert' | 'alertCcUsers'> {
  const mode = text(Inputs.mode);
  if (mode !== 'run' && mode !== 'report' && mode !== 'merge' && mode !== 'trends') {
    throw new ConfigError(
      `${Inputs.mode}: "${mode}" is not one of "run", "report", "merge", "trends"; use "report" only in the trusted workflow_run job that comments for fork PRs, "merge" in the job after the load shards, "trends" after a nightly run`,
    );
  }
  const prText = text(Inputs.prNumber);
  const prNumber = prText === '' ? undefined : Number(prText);
  if (prNumber !== undefined && !(Number.isInteger(prNumber) && prNumber > 0)) {
    throw new ConfigError(
      `${Inputs.prNumber}: "${prText}" is not a pull request number; use a whole number like 42, or leave it empty to read it from the uploaded results`,
    );
  }
  const cc = text(Inputs.alertCommentCcUsers);
  const users =
    cc === ''
      ? []
      : cc
          .split(/[\s,]+/)
          .filter(Boolean)
          .map((user) => user.replace(/^@/, ''));
  const bad = users.find((user) => !/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\/[A-Za-z0-9._-]{1,100})?$/.test(user));
  if (bad !== undefined) {
    throw new ConfigError(
      `${Inputs.alertCommentCcUsers}: "${bad}" is not a GitHub login or org/team; list them like "@alice,@acme/perf"`,
    );
  }
  const upload = text(Inputs.uploadResults);
  const alert = text(Inputs.commentOnAlert);
  return {
    mode,
    ...(text(Inputs.results) ? { resultsPath: text(Inputs.results) } : {}),
    ...(prNumber !== undefined ? { prNumber } : {}),
    uploadResults: parseBooleanChoice(upload, Inputs.uploadResults),
    commentOnAlert: parseBooleanChoice(alert, Inputs.commentOnAlert),
    alertCcUsers: users,
  };
}
