// What `perfgate trends` finds (analyze.ts), as the reports and the JSON output read it.
import type { CompareConfig, MetricName, TrendsConfig } from '../types/config.js';
import type { HistoryEntry } from '../types/results.js';

export interface MetricChange {
  metric: MetricName;
  index: number;
  before: number;
  after: number;
  /** after/before − 1; null when `before` is 0 (an error rate from nothing). */
  change: number | null;
  pValue: number;
}

export interface TrendChangePoint extends MetricChange {
  scenario: string;
  /** The first run of the new level, and the last run before it: the range the change landed in. */
  commit: string | null;
  previousCommit: string | null;
  time: string;
  previousTime: string;
  /** The newest level is back within the minimum effect of `before`. */
  recovered: boolean;
  /** The change made the metric worse (slower, fewer requests per second, more errors). */
  regression: boolean;
  /** The first run of the new level failed its gate (it was kept in the stored runs all the same). */
  failedRun: boolean;
  /** Other metrics of the scenario that changed at the same run (±1). */
  alsoChanged: MetricChange[];
  /** Other scenarios with a change point at the same run (±1): they moved together at this commit. */
  together: string[];
}

export interface EnvironmentChange {
  index: number;
  commit: string | null;
  time: string;
  from: string;
  to: string;
}

/**
 * A change at a run where the machine measurably changed (the runner's competing work, from the
 * contention gauges, moved by MACHINE_SHIFT_CORES or more the same way as the metric) and the other
 * scenarios moved with it (the same way, at least half as much; or there are none): the runner,
 * not a commit. Other scenarios moving on an unchanged machine is never one: a commit to a shared
 * layer moves every endpoint at once.
 */
export interface SharedShift {
  metric: MetricName;
  index: number;
  commit: string | null;
  time: string;
  /** The scenarios whose own series called it a change point, and the median change of the others. */
  scenarios: string[];
  change: number | null;
  othersChange: number | null;
  /** The runner's competing work in cores (otherCores + stealCores), medians before and after; null when not measured. */
  machine: { before: number; after: number } | null;
  /**
   * The generator's event-loop delay p99 (ms) of the scenario's own runs, medians before and
   * after, when that is what showed the runner (a tail percentile that moved with it); else null.
   */
  loopDelayMs: { before: number; after: number } | null;
}

/** Change points of several scenarios at the same run (±1): one commit moved them together. */
export interface CommonChange {
  index: number;
  commit: string | null;
  previousCommit: string | null;
  time: string;
  scenarios: string[];
  /** Scenarios measured then that did not move. */
  unmoved: string[];
}

export interface TrendsAnalysis {
  /** The runs, oldest first, as analysed. */
  runs: HistoryEntry[];
  /** How many scenario × metric series were searched. */
  series: number;
  changePoints: TrendChangePoint[];
  /** Runs measured on another machine than the one before: the series are split there, never compared across. */
  environmentChanges: EnvironmentChange[];
  sharedShifts: SharedShift[];
  /** Runs where several scenarios changed at once, on an unchanged machine. */
  commonChanges: CommonChange[];
  /** Runs a series needs before a change can be found in it: trends.minSegment on each side. */
  minRuns: number;
  /** The most runs any series had (one scenario's metric on one environment). */
  longestSeries: number;
}

export interface TrendsRules {
  compare: Pick<CompareConfig, 'metrics' | 'minEffect'>;
  trends?: TrendsConfig;
}
