// `perfgate trends`: every scenario × metric series of the stored runs, in time order, split where
// the environment changed, searched for change points (detect.ts). A change seen in several
// metrics of one scenario at the same run (±1) is one change point: the issue a nightly opens is
// per change, and a slower handler moves its p50, p90 and p99 together.
import type { MetricName, TrendsConfig } from '../types/config.js';
import type { HistoryEntry } from '../types/results.js';
import { defaultTrendsConfig } from '../config/defaults.js';
import { detectChanges, effectOf, fewestRunsToDetect, median } from './detect.js';
import { CONTENTION_TOLERANCE, contentionBound, type RunContention } from '../stats/contention-bound.js';
import { LATENCY_PERCENTILES } from '../stats/bootstrap.js';
import type {
  MetricChange,
  TrendChangePoint,
  EnvironmentChange,
  SharedShift,
  CommonChange,
  TrendsAnalysis,
  TrendsRules,
} from './types.js';

export type {
  MetricChange,
  TrendChangePoint,
  EnvironmentChange,
  SharedShift,
  CommonChange,
  TrendsAnalysis,
  TrendsRules,
} from './types.js';

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
/** The percentiles a stalled generator moves by itself: it delays the slowest requests, not the median. */
const TAILS: ReadonlySet<MetricName> = new Set(['p90', 'p95', 'p99']);

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

/**
 * A tail percentile is searched only in runs with at least this many requests beyond it. Below,
 * it is one of the run's few slowest requests, which any stall of the machine sets: in real
 * loopback histories of 50-request runs on the shared 2-core machine, p90–p99 (5 to 0.5 requests
 * beyond them) moved 15–40% for stretches of several runs while the machine was busy, change
 * points no significance level told from a commit's. The gate asks more (MIN_TAIL_REQUESTS, 50)
 * to call a verdict on a percentile; trends, reading a level over many runs, asks the fewest
 * that keep a single stalled request from being the percentile.
 */
export const TREND_TAIL_REQUESTS = 10;

function thinTail(summary: Summary, metric: MetricName): boolean {
  if (!TAILS.has(metric)) return false;
  const share = 1 - LATENCY_PERCENTILES[metric as keyof typeof LATENCY_PERCENTILES] / 100;
  return summary.count * share < TREND_TAIL_REQUESTS;
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
    const summary = runs[i]!.scenarios[scenario];
    const value = valueOf(summary, metric);
    if (value === undefined || thinTail(summary!, metric)) continue;
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

/**
 * A change of the runner's competing work (otherCores + stealCores, the contention gauges) this
 * large, in cores, between the runs before and after a change, shows the machine changed: on the
 * 2–4 cores of a hosted runner half a core of someone else's work moves every latency.
 */
export const MACHINE_SHIFT_CORES = 0.5;

/** A run's competing work: the largest over its scenarios (each measured its own stretch). */
function competingCores(run: HistoryEntry): number | undefined {
  let most: number | undefined;
  for (const summary of Object.values(run.scenarios)) {
    if (summary.otherCores === undefined && summary.stealCores === undefined) continue;
    const cores = (summary.otherCores ?? 0) + (summary.stealCores ?? 0);
    most = most === undefined ? cores : Math.max(most, cores);
  }
  return most;
}

/** The medians of the competing work over up to `window` runs on each side of `index`, when measured on both. */
function machineAround(
  runs: readonly HistoryEntry[],
  index: number,
  block: [number, number],
  window: number,
): { before: number; after: number } | undefined {
  const side = (from: number, to: number) => {
    const cores: number[] = [];
    for (let i = Math.max(block[0], from); i < Math.min(block[1], to); i++) {
      const value = competingCores(runs[i]!);
      if (value !== undefined) cores.push(value);
    }
    return cores;
  };
  const before = side(index - window, index);
  const after = side(index, index + window);
  if (before.length < 2 || after.length < 2) return undefined;
  return { before: median(before), after: median(after) };
}

/** The scenario's own contention gauges, medians over up to `window` runs on each side of `index`. */
function contentionAround(
  runs: readonly HistoryEntry[],
  scenario: string,
  index: number,
  block: [number, number],
  window: number,
): { before: RunContention; after: RunContention } | undefined {
  const side = (from: number, to: number): RunContention | undefined => {
    const loop: number[] = [];
    const other: number[] = [];
    const steal: number[] = [];
    for (let i = Math.max(block[0], from); i < Math.min(block[1], to); i++) {
      const summary = runs[i]!.scenarios[scenario];
      if (summary?.loopDelayP99Ms === undefined) continue;
      loop.push(summary.loopDelayP99Ms);
      if (summary.otherCores !== undefined) other.push(summary.otherCores);
      if (summary.stealCores !== undefined) steal.push(summary.stealCores);
    }
    if (loop.length < 2) return undefined;
    return {
      loopDelayP99Ms: median(loop),
      ...(other.length > 0 ? { otherCores: median(other) } : {}),
      ...(steal.length > 0 ? { stealCores: median(steal) } : {}),
    };
  };
  const before = side(index - window, index);
  const after = side(index, index + window);
  return before === undefined || after === undefined ? undefined : { before, after };
}

/**
 * A tail's change is the runner's when the generator's loop delay moved the same way by more than
 * its noise (CONTENTION_TOLERANCE) and the contention bound (cores and loop delay together, as a
 * gate judges two runs) explains the whole change.
 */
function tailExplained(
  metric: MetricName,
  change: MetricChange,
  contention: { before: RunContention; after: RunContention },
  worse: boolean,
): boolean {
  const busier = worse ? contention.after : contention.before;
  const quieter = worse ? contention.before : contention.after;
  if (busier.loopDelayP99Ms! - quieter.loopDelayP99Ms! <= CONTENTION_TOLERANCE.loopDelayMs) return false;
  const betterValue = worse ? change.before : change.after;
  const bound = contentionBound(metric, busier, quieter, betterValue);
  if (bound === undefined || betterValue <= 0) return false;
  const ratio = worse ? change.after / change.before : change.before / change.after;
  return ratio <= 1 + bound.explainable;
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
      // The scenario's tail changes put down to the runner, and the figures that showed it.
      const runnerTails: { index: number; figures: Pick<SharedShift, 'machine' | 'loopDelayMs'> }[] = [];
      for (const metric of rules.compare.metrics) {
        const minEffect = rules.compare.minEffect[metric];
        const found = metricChanges(runs, scenario, metric, block, { minEffect, trends });
        if (found.at.length === 0) continue;
        series++;
        longestSeries = Math.max(longestSeries, found.at.length);
        found.changes.forEach((change, k) => {
          const isLast = k === found.changes.length - 1;
          const window = 2 * trends.minSegment;
          const machine = machineAround(runs, change.index, block, window);
          const worse = HIGHER_IS_BETTER.has(metric) ? change.after < change.before : change.after > change.before;
          // A tail percentile, noisier, often places the same step a run or two early: within one
          // minimum segment of each other two changes of a scenario could not be told apart anyway.
          // Joined before the runner is asked about: the scenario's median moving at that commit
          // is the stronger evidence.
          const joins = grouped.find((point) => Math.abs(point.index - change.index) < trends.minSegment);
          if (joins !== undefined) {
            joins.alsoChanged.push(change);
            return;
          }
          const run = runs[change.index]!;
          const runnerShift = (figures: Pick<SharedShift, 'machine' | 'loopDelayMs'>) => {
            const known = sharedShifts.find(
              (shift) => shift.metric === metric && Math.abs(shift.index - change.index) <= 1,
            );
            runnerTails.push({ index: change.index, figures });
            if (known !== undefined) {
              if (!known.scenarios.includes(scenario)) known.scenarios.push(scenario);
              return;
            }
            sharedShifts.push({
              metric,
              index: change.index,
              commit: run.commit ?? null,
              time: run.date,
              scenarios: [scenario],
              change: change.change,
              othersChange: othersMoved(runs, scenarios, scenario, metric, change.index, block, window) ?? null,
              ...figures,
            });
          };
          // The runner is blamed only on a measured change of the machine the same way as the
          // metric (busier and slower, quieter and faster); the fingerprint (CPU model, cores,
          // Node, OS) already split the series. Other scenarios moving too is no evidence of the
          // runner: a commit to a shared layer (a middleware, a driver, logging) moves them all.
          // And a busier machine that left the other scenarios as they were did not slow this one:
          // on a shared runner the gauges move often, and a commit can land in a busy hour.
          const others = othersMoved(runs, scenarios, scenario, metric, change.index, block, window);
          const size = metric === 'error_rate' ? change.after - change.before : (change.change ?? Infinity);
          if (
            machine !== undefined &&
            Math.abs(machine.after - machine.before) >= MACHINE_SHIFT_CORES &&
            machine.after > machine.before === worse &&
            (others === undefined || (Math.sign(others) === Math.sign(size) && Math.abs(others) >= Math.abs(size) / 2))
          ) {
            runnerShift({ machine, loopDelayMs: null });
            return;
          }
          // The tails of a run are where a busy machine shows: the generator's own event loop,
          // late by tens of ms while the 2-core runner was saturated, is added to the slowest
          // requests it times, for as long as the neighbour's job lasts (several runs). A tail
          // that moved with it, no more than the contention bound explains (the rule gates use,
          // src/core/contention.ts), is the runner's; so is a tail of the same scenario moving
          // within minSegment runs of such a shift.
          if (TAILS.has(metric)) {
            const near = runnerTails.find((shift) => Math.abs(shift.index - change.index) < trends.minSegment);
            if (near !== undefined) {
              runnerShift(near.figures);
              return;
            }
            const contention = contentionAround(runs, scenario, change.index, block, window);
            if (contention !== undefined && tailExplained(metric, change, contention, worse)) {
              runnerShift({
                machine: machine ?? null,
                loopDelayMs: { before: contention.before.loopDelayP99Ms!, after: contention.after.loopDelayP99Ms! },
              });
              return;
            }
          }
          const recovered =
            !isLast &&
            found.newest !== undefined &&
            Math.abs(effectOf(change.before, found.newest, metric === 'error_rate' ? 'absolute' : 'relative')) <
              minEffect;
          const position = found.at.indexOf(change.index);
          const previous = runs[found.at[position - 1] ?? change.index]!;
          grouped.push({
            scenario,
            ...change,
            commit: run.commit ?? null,
            previousCommit: previous.commit ?? null,
            time: run.date,
            previousTime: previous.date,
            recovered,
            regression: worse,
            failedRun: run.verdict === 'fail',
            alsoChanged: [],
            together: [],
          });
        });
      }
      changePoints.push(...grouped);
    }
  }
  changePoints.sort((a, b) => a.index - b.index || (a.scenario < b.scenario ? -1 : a.scenario > b.scenario ? 1 : 0));
  const commonChanges = commonChangesOf(runs, scenarios, changePoints);
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
    commonChanges,
    minRuns: fewestRunsToDetect(trends.minSegment, trends.alpha),
    longestSeries,
  };
}

/**
 * Groups the change points of different scenarios at the same run (±1, sorted by run): each
 * learns the others, and a group of two or more is a common change, said once in the report.
 */
function commonChangesOf(
  runs: readonly HistoryEntry[],
  scenarios: readonly string[],
  points: TrendChangePoint[],
): CommonChange[] {
  const common: CommonChange[] = [];
  for (let i = 0; i < points.length;) {
    let j = i + 1;
    while (j < points.length && points[j]!.index - points[i]!.index <= 1) j++;
    const group = points.slice(i, j);
    const names = [...new Set(group.map((point) => point.scenario))].sort();
    if (names.length > 1) {
      for (const point of group) point.together = names.filter((name) => name !== point.scenario);
      const first = group[0]!;
      const measured = scenarios.filter((name) => runs[first.index]!.scenarios[name] !== undefined);
      common.push({
        index: first.index,
        commit: first.commit,
        previousCommit: first.previousCommit,
        time: first.time,
        scenarios: names,
        unmoved: measured.filter((name) => !names.includes(name)),
      });
    }
    i = j;
  }
  return common;
}
