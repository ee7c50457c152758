// The markdown report's options for this run, shared by the job summary, the PR comment and the
// commit comment.
import type { MarkdownOptions } from '../../core/report/markdown.js';
import type { PrRunEntry } from '../../core/report/comment-history.js';
import type { ReportContext } from './sink.js';

export function markdownOptions(ctx: ReportContext, previousRuns: PrRunEntry[] = []): MarkdownOptions {
  return {
    marker: ctx.marker,
    runUrl: ctx.event.runUrl,
    commitSha: ctx.event.sha,
    now: new Date(),
    previousRuns,
    ...(ctx.reportConfig ? { distribution: ctx.reportConfig.distribution } : {}),
    ...(ctx.historyChart ? { historyChart: ctx.historyChart } : {}),
  };
}
