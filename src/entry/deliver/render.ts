// The markdown report's options for this run, shared by the job summary, the PR comment and the
// commit comment.
import type { MarkdownOptions } from '../../core/report/markdown.js';
import type { PrRunEntry } from '../../core/report/comment-history.js';
import type { ReportContext } from './sink.js';
import { resultsArtifactName } from '../../adapters/results-artifact.js';

export function markdownOptions(ctx: ReportContext, previousRuns: PrRunEntry[] = []): MarkdownOptions {
  return {
    marker: ctx.marker,
    runUrl: ctx.event.runUrl,
    commitSha: ctx.event.sha,
    now: new Date(),
    previousRuns,
    ...(ctx.reportConfig ? { distribution: ctx.reportConfig.distribution } : {}),
    ...(ctx.historyChart ? { historyChart: ctx.historyChart } : {}),
    ...(ctx.sparklines && ctx.sparklines.size > 0 ? { sparklines: ctx.sparklines } : {}),
    // The profiles' flame graphs travel in the results artifact, listed on the run's page.
    ...(ctx.event.runUrl && ctx.options.uploadResults && ctx.comparison.current.profiles
      ? {
          profilesUrl: `${ctx.event.runUrl}#artifacts`,
          profilesLabel: `artifact ${resultsArtifactName(ctx.options.configId, ctx.options.shard)}, logs/profile/`,
        }
      : {}),
  };
}
