// Every action input is read here, inside a function, into one plain object (never at module
// top level), and validated with the same core functions the CLI uses.
import * as core from '@actions/core';
import { ConfigError } from '../core/errors.js';
import type { SlackTarget } from '../adapters/slack.js';
import type { CommentMode, FailOn, Shard, SlackOn } from '../core/options.js';
import { parseBooleanChoice, parseCommentMode, parseFailOn, parseShard, parseSlackOn } from '../core/options.js';

export const Inputs = {
  config: 'config',
  githubToken: 'github-token',
  slackWebhookUrl: 'slack-webhook-url',
  slackToken: 'slack-token',
  slackChannel: 'slack-channel',
  slackOn: 'slack-on',
  baselineKey: 'baseline-key',
  baselineDir: 'baseline-dir',
  saveBaseline: 'save-baseline',
  failOn: 'fail-on',
  comment: 'comment',
  shard: 'shard',
  baseDir: 'base-dir',
} as const;

export const Outputs = {
  verdict: 'verdict',
  resultsPath: 'results-path',
  reportMarkdown: 'report-markdown',
  regressions: 'regressions',
} as const;


export interface ActionOptions {
  configPath: string;
  githubToken: string;
  slack?: SlackTarget;
  slackOn: SlackOn;
  /** Replaces the config hash in the cache key when set. */
  baselineKey?: string;
  baselineDir?: string;
  /** undefined = decide from the event (save on the default branch). */
  saveBaseline?: boolean;
  failOn: FailOn;
  comment: CommentMode;
  shard?: Shard;
  /** A/B mode: the PR's base commit, checked out beside the head. */
  baseDir?: string;
}

export function readActionInputs(): ActionOptions {
  const text = (name: string) => core.getInput(name).trim();
  const webhookUrl = text(Inputs.slackWebhookUrl);
  const slackToken = text(Inputs.slackToken);
  const slackChannel = text(Inputs.slackChannel);
  const githubToken = text(Inputs.githubToken);
  // Masked before anything else can print them, error messages included.
  for (const secret of [webhookUrl, slackToken, githubToken]) if (secret) core.setSecret(secret);

  let slack: SlackTarget | undefined;
  if (webhookUrl) {
    if (!/^https?:\/\//.test(webhookUrl)) {
      throw new ConfigError(`${Inputs.slackWebhookUrl}: the value is not a URL; use the incoming webhook URL Slack gave you (https://hooks.slack.com/…), from a secret`);
    }
    slack = { webhookUrl };
  } else if (slackToken || slackChannel) {
    if (!slackToken || !slackChannel) {
      throw new ConfigError(`${slackToken ? Inputs.slackChannel : Inputs.slackToken}: missing; ${Inputs.slackToken} and ${Inputs.slackChannel} go together (or use ${Inputs.slackWebhookUrl})`);
    }
    // PERFGATE_SLACK_API_URL points chat.postMessage elsewhere (Slack Enterprise Grid proxies, tests).
    const apiUrl = process.env.PERFGATE_SLACK_API_URL;
    slack = { token: slackToken, channel: slackChannel, ...(apiUrl ? { apiUrl } : {}) };
  }

  const save = text(Inputs.saveBaseline);
  const shard = text(Inputs.shard);
  const baselineKey = text(Inputs.baselineKey);
  if (baselineKey && !/^[A-Za-z0-9._]+$/.test(baselineKey)) {
    throw new ConfigError(`${Inputs.baselineKey}: "${baselineKey}" has characters perfgate cannot use in a cache key; use letters, digits, "." and "_" (a "-" would let one key's prefix match another's)`);
  }
  return {
    configPath: text(Inputs.config) || 'perfgate.yml',
    githubToken,
    ...(slack ? { slack } : {}),
    slackOn: parseSlackOn(text(Inputs.slackOn) || 'always', Inputs.slackOn),
    ...(baselineKey ? { baselineKey } : {}),
    ...(text(Inputs.baselineDir) ? { baselineDir: text(Inputs.baselineDir) } : {}),
    ...(save === '' || save === 'auto' ? {} : { saveBaseline: parseBooleanChoice(save, Inputs.saveBaseline) }),
    failOn: parseFailOn(text(Inputs.failOn) || 'regression', Inputs.failOn),
    comment: parseCommentMode(text(Inputs.comment) || 'always', Inputs.comment),
    ...(shard ? { shard: parseShard(shard, Inputs.shard) } : {}),
    ...(text(Inputs.baseDir) ? { baseDir: text(Inputs.baseDir) } : {}),
  };
}
