// `perfgate trends`: every scenario × metric series of the stored runs, in time order, split where
// the environment changed, searched for change points (detect.ts). A change seen in several
// metrics of one scenario at the same run (±1) is one change point: the issue a nightly opens is
// per change, and a slower handler moves its p50, p90 and p99 together.
import type { CompareConfig, MetricName, TrendsConfig } from '../types/config.js';
import type { HistoryEntry } from '../types/results.js';
import { defaultTrendsConfig } from '../config/defaults.js';
import { detectChanges, effectOf, fewestRunsToDetect, median } from './detect.js';

type Summary = HistoryEntry['scenarios'][string];

/** The field of a run's summary each metric reads; error_rate is the one on an absolute scale. */
export const SUMMARY_FIELDS: Record<MetricName, keyof Summary> = {
  p50: 'p50',
  p90: 'p90',
  p95: 'p95',
  p99: 'p99',
  rps: 'rps',
  error_rate: 'errorRate',
  capacity: 'capacity',
};
const HIGHER_IS_BETTER: ReadonlySet<MetricName> = new Set(['rps', 'capacity']);
const LATENCY: ReadonlySet<MetricName> = new Set(['p50', 'p90', 'p95', 'p99']);

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
}

export interface EnvironmentChange {
  index: number;
  commit: string | null;
  time: string;
  from: string;
  to: string;
}

/** A change every other scenario shows too, at the same runs: the runner, not one endpoint's code. */
export interface SharedShift {
  metric: MetricName;
  index: number;
  commit: string | null;
  time: string;
  /** The scenarios whose own series called it a change point, and the median change of the others. */
  scenarios: string[];
  change: number | null;
  othersChange: number;
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
  /** Runs a series needs before a change can be found in it: trends.minSegment on each side. */
  minRuns: number;
  /** The most runs any series had (one scenario's metric on one environment). */
  longestSeries: number;
}

export interface TrendsRules {
  compare: Pick<CompareConfig, 'metrics' | 'minEffect'>;
  trends?: TrendsConfig;
}

/** Oldest first by start time; the same run given twice (a results file and the baseline holding it) counts once. */
export function orderRuns(runs: readonly HistoryEntry[]): HistoryEntry[] {
  const seen = new Set<string>();
  const unique: HistoryEntry[] = [];
  for (const run of runs) {
    const key = `${run.date}\u0000${run.commit ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(run);
  }
  return unique
    .map((run, i) => ({ run, i, t: Date.parse(run.date) }))
    .sort((a, b) => (a.t === b.t || Number.isNaN(a.t - b.t) ? a.i - b.i : a.t - b.t))
    .map(({ run }) => run);
}

function valueOf(summary: Summary | undefined, metric: MetricName): number | undefined {
  if (summary === undefined) return undefined;
  // A run with no ok request has no latency to speak of.
  if (LATENCY.has(metric) && summary.count === 0) return undefined;
  const value = summary[SUMMARY_FIELDS[metric]];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Stretches of consecutive runs measured on one environment, as [start, end) run indices. */
function environmentBlocks(runs: readonly HistoryEntry[]): [number, number][] {
  const blocks: [number, number][] = [];
  let start = 0;
  for (let i = 1; i <= runs.length; i++) {
    if (i === runs.length || runs[i]!.environmentFingerprint !== runs[start]!.environmentFingerprint) {
      blocks.push([start, i]);
      start = i;
    }
  }
  return blocks;
}

function metricChanges(
  runs: readonly HistoryEntry[],
  scenario: string,
  metric: MetricName,
  block: [number, number],
  rules: { minEffect: number; trends: TrendsConfig },
): { changes: MetricChange[]; newest: number | undefined; at: number[] } {
  const at: number[] = [];
  const values: number[] = [];
  for (let i = block[0]; i < block[1]; i++) {
    const value = valueOf(runs[i]!.scenarios[scenario], metric);
    if (value === undefined) continue;
    at.push(i);
    values.push(value);
  }
  const effect = metric === 'error_rate' ? 'absolute' : 'relative';
  const { changes } = detectChanges(values, {
    minSegment: rules.trends.minSegment,
    alpha: rules.trends.alpha,
    minEffect: rules.minEffect,
    effect,
  });
  const last = changes.at(-1);
  return {
    changes: changes.map((change) => ({
      metric,
      index: at[change.index]!,
      before: change.before,
      after: change.after,
      change: change.before === 0 ? null : change.after / change.before - 1,
      pValue: change.pValue,
    })),
    newest: last === undefined ? undefined : median(values.slice(last.index)),
    at,
  };
}

/**
 * How much the other scenarios' same metric moved across `index`: the median over them of the
 * change between the medians of up to `window` runs on each side. Undefined without another
 * scenario measured on both sides.
 */
function othersMoved(
  runs: readonly HistoryEntry[],
  scenarios: readonly string[],
  scenario: string,
  metric: MetricName,
  index: number,
  block: [number, number],
  window: number,
): number | undefined {
  const effect = metric === 'error_rate' ? 'absolute' : 'relative';
  const moves: number[] = [];
  for (const other of scenarios) {
    if (other === scenario) continue;
    const side = (from: number, to: number) => {
      const values: number[] = [];
      for (let i = Math.max(block[0], from); i < Math.min(block[1], to); i++) {
        const value = valueOf(runs[i]!.scenarios[other], metric);
        if (value !== undefined) values.push(value);
      }
      return values;
    };
    const before = side(index - window, index);
    const after = side(index, index + window);
    if (before.length < 2 || after.length < 2) continue;
    const move = effectOf(median(before), median(after), effect);
    if (Number.isFinite(move)) moves.push(move);
  }
  return moves.length === 0 ? undefined : median(moves);
}

export function analyzeTrends(input: readonly HistoryEntry[], rules: TrendsRules): TrendsAnalysis {
  const runs = orderRuns(input);
  const trends = rules.trends ?? defaultTrendsConfig();
  const scenarios = [...new Set(runs.flatMap((run) => Object.keys(run.scenarios)))].sort();
  const changePoints: TrendChangePoint[] = [];
  const sharedShifts: SharedShift[] = [];
  let series = 0;
  let longestSeries = 0;
  for (const block of environmentBlocks(runs)) {
    for (const scenario of scenarios) {
      const grouped: TrendChangePoint[] = [];
      for (const metric of rules.compare.metrics) {
        const minEffect = rules.compare.minEffect[metric];
        const found = metricChanges(runs, scenario, metric, block, { minEffect, trends });
        if (found.at.length === 0) continue;
        series++;
        longestSeries = Math.max(longestSeries, found.at.length);
        found.changes.forEach((change, k) => {
          const isLast = k === found.changes.length - 1;
          const size = metric === 'error_rate' ? change.after - change.before : (change.change ?? Infinity);
          const others = othersMoved(runs, scenarios, scenario, metric, change.index, block, 2 * trends.minSegment);
          // The others moved the same way by at least half as much: the machine (a busier runner,
          // a slower image) moved every endpoint, and no one commit did.
          if (others !== undefined && Math.sign(others) === Math.sign(size) && Math.abs(others) >= Math.abs(size) / 2) {
            const known = sharedShifts.find(
              (shift) => shift.metric === metric && Math.abs(shift.index - change.index) <= 1,
            );
            if (known !== undefined) known.scenarios.push(scenario);
            else {
              const run = runs[change.index]!;
              sharedShifts.push({
                metric,
                index: change.index,
                commit: run.commit ?? null,
                time: run.date,
                scenarios: [scenario],
                change: change.change,
                othersChange: others,
              });
            }
            return;
          }
          const recovered =
            !isLast &&
            found.newest !== undefined &&
            Math.abs(effectOf(change.before, found.newest, metric === 'error_rate' ? 'absolute' : 'relative')) <
              minEffect;
          // A tail percentile, noisier, often places the same step a run or two early: within one
          // minimum segment of each other two changes of a scenario could not be told apart anyway.
          const joins = grouped.find((point) => Math.abs(point.index - change.index) < trends.minSegment);
          if (joins !== undefined) {
            joins.alsoChanged.push(change);
            return;
          }
          const position = found.at.indexOf(change.index);
          const previous = runs[found.at[position - 1] ?? change.index]!;
          const run = runs[change.index]!;
          grouped.push({
            scenario,
            ...change,
            commit: run.commit ?? null,
            previousCommit: previous.commit ?? null,
            time: run.date,
            previousTime: previous.date,
            recovered,
            regression: HIGHER_IS_BETTER.has(metric) ? change.after < change.before : change.after > change.before,
            failedRun: run.verdict === 'fail',
            alsoChanged: [],
          });
        });
      }
      changePoints.push(...grouped);
    }
  }
  changePoints.sort((a, b) => a.index - b.index || (a.scenario < b.scenario ? -1 : a.scenario > b.scenario ? 1 : 0));
  const environmentChanges: EnvironmentChange[] = environmentBlocks(runs)
    .slice(1)
    .map(([start]) => ({
      index: start,
      commit: runs[start]!.commit ?? null,
      time: runs[start]!.date,
      from: runs[start - 1]!.environmentFingerprint,
      to: runs[start]!.environmentFingerprint,
    }));
  sharedShifts.sort((a, b) => a.index - b.index);
  return {
    runs,
    series,
    changePoints,
    environmentChanges,
    sharedShifts,
    minRuns: fewestRunsToDetect(trends.minSegment, trends.alpha),
    longestSeries,
  };
}
