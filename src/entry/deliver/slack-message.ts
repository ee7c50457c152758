// The Slack message: the json_oracle lines under a one-line verdict, when slack-on asks for it.
import * as core from '@actions/core';
import * as github from '@actions/github';
import { renderSlackMessage } from '../../core/report/slack.js';
import { postSlack } from '../../adapters/slack.js';
import { withDeadline } from '../../adapters/deadline.js';
import { REQUEST_TIMEOUT_MS } from './octokit.js';
import type { Sink } from './sink.js';

export const slackMessage: Sink = {
  what: 'the Slack message',
  wanted: ({ options, comparison }) =>
    options.slack !== undefined &&
    (options.slackOn === 'always' || (options.slackOn === 'regression' && comparison.verdict === 'fail')),
  async deliver({ options, event, comparison, owner, repo }) {
    const message = renderSlackMessage(comparison, {
      runUrl: event.runUrl,
      ...(event.prNumber !== undefined
        ? { pr: { number: event.prNumber, title: event.prTitle, url: event.prUrl } }
        : {}),
      repo: `${owner}/${repo}`,
      ref: github.context.ref,
    });
    const slack = options.slack!;
    const budget = options.networkTimeoutMs;
    await withDeadline('the Slack message', budget, () =>
      postSlack(slack, message, { timeoutMs: Math.min(REQUEST_TIMEOUT_MS, budget), maxWaitMs: budget / 4 }),
    );
    core.info('Slack message sent');
  },
};
