// The gate's judgement in one pure function: thresholds, the baseline's state and the comparison.
// The callers (CLI `gate`/`compare`, the action) fetch the baseline text and act on the verdict.
import type { Baseline, Results } from './types/results.js';
import type { BaselineStatus, Comparison } from './types/comparison.js';
import type { Config } from './types/config.js';
import { parseBaseline } from './results/baseline.js';
import { evaluateThresholds } from './thresholds.js';
import { comparePaired, compareRuns } from './compare/index.js';

/** What a baseline store handed back: the text, or why there is none. */
export type BaselineLookup =
  | { kind: 'found'; text: string; source: string }
  | { kind: 'missing'; detail: string }
  | { kind: 'unreadable'; detail: string };

export interface Judgement {
  comparison: Comparison;
  /** The parsed baseline, when it could be used; a later save carries its history forward. */
  baseline?: Baseline;
}

export function judgeRun(input: {
  current: Results;
  config: Pick<Config, 'thresholds' | 'compare'>;
  baseline: BaselineLookup;
  seed?: number;
}): Judgement {
  const thresholds = evaluateThresholds(input.config.thresholds, input.current);
  let baseline: Baseline | undefined;
  let baselineStatus: BaselineStatus;
  if (input.baseline.kind === 'found') {
    const parsed = parseBaseline(input.baseline.text, input.current.configHash, {
      historyLength: input.config.compare.historyLength,
      source: input.baseline.source,
    });
    baselineStatus = parsed.status;
    if ('baseline' in parsed) baseline = parsed.baseline;
  } else {
    baselineStatus = input.baseline;
  }
  const compareInput = {
    current: input.current,
    baseline,
    baselineStatus,
    compare: input.config.compare,
    thresholds,
    ...(input.seed === undefined ? {} : { seed: input.seed }),
  };
  const ab = input.current.ab;
  let comparison: Comparison;
  if (ab && !ab.baseFailure) {
    comparison = comparePaired(compareInput);
  } else {
    comparison = compareRuns(compareInput);
    if (ab?.baseFailure) comparison.notes.unshift(describeBaseFailure(ab.baseFailure));
  }
  return baseline ? { comparison, baseline } : { comparison };
}

/** An A/B run whose base did not boot falls back to the stored baseline, and says why. */
export function describeBaseFailure(failure: NonNullable<NonNullable<Results['ab']>['baseFailure']>): string {
  const tail = failure.logTail.length > 0 ? ` Last lines of its log: ${failure.logTail.slice(-10).join(' ⏎ ')}` : '';
  // The boot error usually names the service already ('service "api" exited early …').
  const why = failure.reason.includes(`"${failure.service}"`)
    ? failure.reason
    : `service "${failure.service}": ${failure.reason}`;
  return `A/B: the base did not boot (${why}), so this run is compared with the stored baseline instead.${tail}`;
}
