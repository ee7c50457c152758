// A change too large for anything a held-back verdict blames to explain: the generator falling
// behind, other work on the runner, a noisier runner than the prior.
//
// Against one stored run, a service made 2.8× costlier overloaded itself and the 2-core runner: its
// p50 went from 1.22 ms to 22 ms, the generator's event loop fell 53 ms behind at p99 (247 of 2,250
// requests started late), and the run's pooled percentiles swung between 5 ms and 210 ms from one
// second to the next. The generator guard held every latency back and the bootstrap's interval ran
// from −96% to +936,510%: "⚠ PASS — no regression". Yet every one of its segments was slower than
// the slowest segment of the baseline, which had run beside more other work than it.
//
// The rule here asks only what those causes can do, segment by segment:
// - the generator: a request's start delay is at most LATE_START_MS unless it was one of the
//   segment's late starts, so the service's own percentile in a segment is at least the measured
//   one at (p − its late share) less LATE_START_MS (and at least the measured one less the run's
//   largest start delay);
// - other work: only the current segments with no more competing work than the busiest baseline
//   segment had (plus OTHER_LOAD_CHANGE_CORES) are read, so the baseline itself shows what that
//   much competition did to the old code;
// - runner noise: the margin is the prior's runner-noise sd times PRIOR_ROBUSTNESS, at the normal
//   quantile of α over twice the family's size (Bonferroni, two-sided).
// A regression is called when the median of those segments' lower bounds is above the slowest
// baseline segment by more than that margin. Under no change the median of one run's segments
// beats the other run's maximum only by a runner shift, which the margin covers; it is a bound
// from extremes, so it decides only gross changes and never replaces the test.
import type { ScenarioResult } from '../types/results.js';
import { LATENCY_PERCENTILES, prepareRun, type LatencyMetric, type PreparedRun } from '../stats/bootstrap.js';
import { segmentQuantileUs } from '../stats/paired.js';
import { tQuantile } from '../stats/t-distribution.js';
import { PRIOR_ROBUSTNESS } from '../stats/variance-model.js';
import { OTHER_LOAD_CHANGE_CORES } from './guards.js';
import { LATE_START_MS, MIN_SEGMENTS } from '../config/defaults.js';

export interface GrossShift {
  /** ln(the median segment's lower bound / the slowest baseline segment): above 0. */
  logRatio: number;
  /** The runner-noise prior's sd for the metric (ln scale). */
  priorSd: number;
  /** Current segments read (no busier than the baseline's busiest), and how many there were. */
  segments: number;
  of: number;
  /** The slowest baseline segment's percentile and the median lower bound (ms). */
  baselineMaxMs: number;
  currentBoundMs: number;
}

/** The margin (ln scale) a gross shift must exceed in a family of `tests` tests at level `alpha`. */
export function grossShiftMargin(gross: GrossShift, alpha: number, tests: number): number {
  // The normal quantile (a t with unbounded df), two-sided and Bonferroni over the family.
  const z = tQuantile(1 - alpha / (2 * Math.max(1, tests)), 1e9);
  return z * PRIOR_ROBUSTNESS * gross.priorSd;
}

/** The service's own percentile in one segment, at least (µs): see the file's comment. */
function lowerBoundUs(run: PreparedRun, scenario: ScenarioResult, segment: number, percentile: number): number {
  const count = scenario.segments[segment]?.count ?? 0;
  const late = scenario.segments[segment]?.contention?.lateStarts ?? 0;
  const lateShare = count > 0 ? (100 * late) / count : 100;
  const measured = segmentQuantileUs(run, segment, percentile);
  const maxDelayUs = 1000 * scenario.generator.maxStartDelayMs;
  const bounds = [measured - maxDelayUs];
  if (percentile - lateShare > 0)
    bounds.push(segmentQuantileUs(run, segment, percentile - lateShare) - 1000 * LATE_START_MS);
  return Math.max(0, ...bounds.filter(Number.isFinite));
}

/**
 * The evidence of a gross shift of one latency percentile from the stored run `base` to `current`:
 * undefined when the median lower bound is not above the slowest baseline segment, or when the runs
 * lack what it needs (per-segment contention, enough segments). grossShiftMargin says whether it is
 * large enough.
 */
export function grossShift(
  metric: LatencyMetric,
  current: ScenarioResult,
  base: ScenarioResult,
  priorSd: number,
): GrossShift | undefined {
  const percentile = LATENCY_PERCENTILES[metric];
  if (current.segments.length < MIN_SEGMENTS || base.segments.length < MIN_SEGMENTS) return undefined;
  const baseOther = base.segments.map((segment) => segment.contention?.otherCores);
  if (baseOther.some((cores) => cores === undefined)) return undefined;
  const busiestBase = Math.max(...(baseOther as number[]));
  const baseRun = prepareRun(base.segments);
  const baselineMaxUs = Math.max(
    ...base.segments.map((_, i) => segmentQuantileUs(baseRun, i, percentile)).filter(Number.isFinite),
  );
  if (!(baselineMaxUs > 0)) return undefined;
  const currentRun = prepareRun(current.segments);
  const bounds: number[] = [];
  current.segments.forEach((segment, i) => {
    const other = segment.contention?.otherCores;
    if (other === undefined || other > busiestBase + OTHER_LOAD_CHANGE_CORES) return;
    if ((currentRun.recorded[i] ?? 0) === 0) return;
    bounds.push(lowerBoundUs(currentRun, current, i, percentile));
  });
  if (bounds.length < MIN_SEGMENTS) return undefined;
  bounds.sort((a, b) => a - b);
  // The lower median: more than half of the segments are at or above it.
  const median = bounds[Math.floor((bounds.length - 1) / 2)]!;
  const logRatio = Math.log(median / baselineMaxUs);
  if (!(logRatio > 0)) return undefined;
  return {
    logRatio,
    priorSd,
    segments: bounds.length,
    of: current.segments.length,
    baselineMaxMs: baselineMaxUs / 1000,
    currentBoundMs: median / 1000,
  };
}
