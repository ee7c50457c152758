// A regression on the default branch, where no PR comment can say it: a comment on the commit,
// mentioning who should know (comment-on-alert, alert-cc-users).
import * as core from '@actions/core';
import { renderMarkdown } from '../../core/report/markdown.js';
import { markdownOptions } from './render.js';
import type { Sink } from './sink.js';

export const commitComment: Sink = {
  what: 'the commit comment',
  wanted: ({ options, event, comparison }) =>
    options.commentOnAlert && event.kind === 'default-branch' && comparison.regressions.length > 0,
  async deliver(ctx) {
    const { octokit, options, event } = ctx;
    if (!octokit) return core.warning('perfgate: no github-token, so no commit comment on the regression');
    const cc =
      options.alertCcUsers.length > 0 ? `\n\nCC: ${options.alertCcUsers.map((user) => `@${user}`).join(' ')}` : '';
    const body = `${renderMarkdown(ctx.comparison, { ...markdownOptions(ctx), maxChars: 60_000 })}${cc}`;
    const { data } = await octokit.rest.repos.createCommitComment({
      owner: ctx.owner,
      repo: ctx.repo,
      commit_sha: event.sha,
      body,
    });
    core.info(`perfgate: the regression is commented on commit ${event.sha.slice(0, 7)}: ${data.html_url}`);
  },
  failure(error) {
    const status = (error as { status?: number }).status;
    return `perfgate: the commit comment failed (${status ? `HTTP ${status} ` : ''}${(error as Error).message})${status === 403 ? "; grant 'contents: write' to the job for comment-on-alert" : ''}; the verdict stands`;
  },
};
