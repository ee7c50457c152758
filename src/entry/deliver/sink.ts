// The report sinks (as k6's outputs): the job summary, the log, the annotations, the PR comment,
// Slack, the commit comment on a regression and the results artifact. Each is one small object in
// a file of its own; delivering to one that fails is a warning, never a lost verdict, since the
// verdict's outputs are set before any report is sent.
import * as core from '@actions/core';
import type { Comparison } from '../../core/types/comparison.js';
import type { ReportConfig } from '../../core/types/config.js';
import type { Octokit } from '../../adapters/github-comment.js';
import type { ActionOptions } from '../action-inputs.js';
import type { EventFacts } from './event.js';

export interface ReportContext {
  options: ActionOptions;
  event: EventFacts;
  comparison: Comparison;
  reportConfig?: ReportConfig;
  /** Undefined without a github-token. */
  octokit?: Octokit;
  owner: string;
  repo: string;
  /** The hidden marker of this config's comment. */
  marker: string;
  /** The metric over the stored runs, when there are some (renderHistoryCharts). */
  historyChart?: string;
  /** Per scenario, its p95 over the stored runs as a sparkline (renderRunSparklines). */
  sparklines?: ReadonlyMap<string, string>;
  /** The PR comment's markdown (with the PR's earlier runs), once rendered. */
  markdown?: string;
}

export interface Sink {
  /** What it delivers, for the log: "the Slack message". */
  readonly what: string;
  /** Whether this run delivers here at all (a push has no PR comment). */
  wanted(ctx: ReportContext): boolean;
  deliver(ctx: ReportContext): Promise<void>;
  /** The warning when delivery failed; by default the sink's name, the error and that the verdict stands. */
  failure?(error: unknown, ctx: ReportContext): string;
}

/** Delivers to each sink in turn; a failure is a warning and the next sink still gets its turn. */
export async function deliver(ctx: ReportContext, sinks: readonly Sink[]): Promise<void> {
  for (const sink of sinks) {
    if (!sink.wanted(ctx)) continue;
    try {
      await sink.deliver(ctx);
    } catch (error) {
      core.warning(
        sink.failure?.(error, ctx) ?? `perfgate: ${sink.what} failed (${(error as Error).message}); the verdict stands`,
      );
    }
  }
}
