// A run's report to every sink, in the order that keeps the verdict safe: what needs no network
// first (the log, the job summary, the annotations), then what does (the PR comment, Slack).
import * as github from '@actions/github';
import type { Comparison } from '../../core/types/comparison.js';
import type { ReportConfig } from '../../core/types/config.js';
import { extractPreviousRuns } from '../../core/report/comment-history.js';
import { renderMarkdown } from '../../core/report/markdown.js';
import type { ActionOptions } from '../action-inputs.js';
import type { EventFacts } from './event.js';
import { annotations, jobSummary, logReport } from './job-summary.js';
import { createOctokit } from './octokit.js';
import { findPrComment, prComment } from './pr-comment.js';
import { reportFiles } from './report-files.js';
import { markdownOptions } from './render.js';
import { deliver, type ReportContext } from './sink.js';
import { slackMessage } from './slack-message.js';

/** The hidden marker that finds this config's (and shard's) comment again. */
export function commentMarker(options: Pick<ActionOptions, 'configId' | 'shard'>): string {
  return `<!-- perfgate:${options.configId}${options.shard ? ` shard ${options.shard.index}/${options.shard.count}` : ''} -->`;
}

export function reportContext(
  options: ActionOptions,
  event: EventFacts,
  comparison: Comparison,
  reportConfig?: ReportConfig,
): ReportContext {
  const { owner, repo } = github.context.repo;
  const octokit = createOctokit(options.githubToken, options.networkTimeoutMs);
  return {
    options,
    event,
    comparison,
    ...(reportConfig ? { reportConfig } : {}),
    ...(octokit ? { octokit } : {}),
    owner,
    repo,
    marker: commentMarker(options),
  };
}

/** Reports the comparison everywhere it goes; returns the PR comment's markdown (report-markdown). */
export async function report(ctx: ReportContext): Promise<{ markdown: string }> {
  await deliver(ctx, [logReport, jobSummary, annotations, reportFiles]);
  const existing = await findPrComment(ctx);
  const previousRuns = existing ? extractPreviousRuns(existing.body) : [];
  ctx.markdown = renderMarkdown(ctx.comparison, markdownOptions(ctx, previousRuns));
  await deliver(ctx, [prComment(existing), slackMessage]);
  return { markdown: ctx.markdown };
}
