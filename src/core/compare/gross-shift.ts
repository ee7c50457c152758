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
// - the generator: a segment where it kept up as well as in the baseline (no late start, its event
//   loop no later at p99 than in the baseline's worst segment) is read as measured: the baseline's
//   segments show what that generator added. Elsewhere the segment's start delays bound what the
//   generator added (generator-bound.ts). On a quiet machine a 2.8× head (1.4–2.6 ms →
//   4.8–5.4 ms) was left at p = 0.07 by a baseline that stepped halfway; on a busy one a 2.8× head
//   (1.6 → 4.4 ms) whose generator started 71 of 2,150 requests 10–60 ms late passed, when a single
//   10 ms step took more than the whole change off every segment with a late start;
// - other work: only the current segments with no more competing work than the busiest baseline
//   segment had (plus OTHER_LOAD_CHANGE_CORES) are read, so the baseline itself shows what that
//   much competition did to the old code;
// - the event loop's delay in reading an answer is not taken off: with other work matched and the
//   generator itself nearly idle (under GENERATOR_BUSY_CORES; the rule does not apply otherwise),
//   a loop that fell further behind than the baseline's did so for the CPU that the service under
//   test took (the 2.8× service's CPU went from 19% to 71% of a core at the same rate);
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
import { baselineMayReadFaster, OTHER_LOAD_CHANGE_CORES } from './guards.js';
import { MIN_SEGMENTS } from '../config/defaults.js';
import { GENERATOR_BUSY_CORES, laterThanOf, leastOwnQuantileUs } from './generator-bound.js';

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

/**
 * The service's own percentile in one segment, at least (µs): see generator-bound.ts. A segment
 * whose generator kept up as well as in the baseline (no late start, its event loop's p99 delay no
 * more than the baseline's worst segment's) is taken as measured: its generator added no more
 * than the baseline's did, and the comparison is with the baseline's slowest segment.
 */
function lowerBoundUs(
  run: PreparedRun,
  scenario: ScenarioResult,
  segment: number,
  percentile: number,
  baselineLoopP99Ms: number,
): number {
  const record = scenario.segments[segment]!;
  const measuredUs = (q: number) => segmentQuantileUs(run, segment, q);
  const loopP99Ms = record.contention?.loopDelayP99Ms;
  if (record.contention?.lateStarts === 0 && loopP99Ms !== undefined && loopP99Ms <= baselineLoopP99Ms)
    return measuredUs(percentile);
  const laterThan = laterThanOf([record]) ?? [];
  const recorded = run.recorded[segment] ?? 0;
  return leastOwnQuantileUs(measuredUs, percentile, recorded, laterThan, scenario.generator.maxStartDelayMs);
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
  if (current.generator.cpuCores >= GENERATOR_BUSY_CORES) return undefined;
  // A baseline that may have read faster than its service (guards.ts: a closed model's generator
  // behind, or more of its requests dropped): its slowest segment bounds nothing.
  if (baselineMayReadFaster(base, current)) return undefined;
  const baseOther = base.segments.map((segment) => segment.contention?.otherCores);
  if (baseOther.some((cores) => cores === undefined)) return undefined;
  const busiestBase = Math.max(...(baseOther as number[]));
  // The generator's worst segment in the baseline (its loop's p99 delay); a baseline that fell
  // behind anywhere gives no such reference.
  const baselineLoopP99Ms = base.generator.saturated
    ? -Infinity
    : Math.max(...base.segments.map((segment) => segment.contention?.loopDelayP99Ms ?? -Infinity));
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
    bounds.push(lowerBoundUs(currentRun, current, i, percentile, baselineLoopP99Ms));
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

/**
 * In duet the two variants of a block were sent at the same instants through the same generator
 * beside the same other work, so a block needs no bound: its head-to-base ratio is the change,
 * noise aside. On an overloaded 2-core machine a head whose handler cost 3× as much read p50
 * 38.6 → 234 ms with the generator 137 ms behind, and the block bootstrap's interval ran from
 * −40% to +6090%: "⚠ PASS". When three quarters of the blocks (the lower quartile of their ratios)
 * have the head at least DUET_GROSS_RATIO times the base, it is a regression whatever the test
 * made of it. In 70 saved A/A duet runs (Python and Node services, quiet and overloaded) that
 * lower quartile never exceeded 1.00, nor 1.24 in the +10% runs.
 */
export const DUET_GROSS_RATIO = 1.5;

export interface PairedGrossShift {
  /** The lower quartile of the per-block head-to-base ratios of the percentile. */
  ratio: number;
  blocks: number;
}

export function pairedGrossShift(logRatios: readonly number[], minBlocks: number): PairedGrossShift | undefined {
  const ratios = logRatios.filter(Number.isFinite).map(Math.exp);
  if (ratios.length < minBlocks) return undefined;
  ratios.sort((a, b) => a - b);
  const ratio = ratios[Math.floor(ratios.length / 4)]!;
  return ratio >= DUET_GROSS_RATIO ? { ratio, blocks: ratios.length } : undefined;
}
