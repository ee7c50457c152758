// Change points in one series of runs (one scenario's metric, one environment): binary
// segmentation over seeded intervals, each candidate split tested with a t-test on the two sides
// (as Apache Otava tests E-divisive's candidates), made robust and honest about its search:
// - latencies are read on a log scale: run-to-run noise is a share of the level (lognormal), so a
//   +10% step is the same size at 2 ms as at 200 ms and the two sides' spreads match;
// - a Hampel screen first sets runs far out of line with their neighbours (one or two runs) to the
//   neighbours' median: a mean and a t statistic are what one slow run moves most;
// - the noise is the series' own: the spread of each side around its mean, never below the
//   run-to-run sd of the whole series (the MAD of successive differences, which a step moves
//   once), and inflated by the sides' lag-1 autocorrelation when the runs drift together;
// - the candidate is the best of hundreds of splits, so its p-value is multiplied by how many were
//   looked at (Bonferroni): an edge split with few runs, or a lucky split of a long flat series,
//   pays for the search (Otava's per-split p-value does not, hence its false alarms);
// - a change must also be at least the metric's minimum effect and one run-to-run sd: a step
//   smaller than one run's noise cannot be placed within a run, and a slow drift is not a level.
// No permutations, no random numbers: the same history gives the same answer, in linear time per
// interval level (a 10,000-run series takes milliseconds).
import { tUpperTail } from '../stats/t-distribution.js';

export interface DetectOptions {
  /** Runs a level must last on each side of a change point (≥ 3). */
  minSegment: number;
  /** Significance of a split after paying for the search over every split looked at. */
  alpha: number;
  /** The smallest change called: relative (after/before − 1) or, for error rates, absolute. */
  minEffect: number;
  effect: 'relative' | 'absolute';
}

export interface DetectedChange {
  /** Index (into the series) of the first run of the new level. */
  index: number;
  /** Medians of the levels before and after, on the raw (unscreened) values. */
  before: number;
  after: number;
  /** The split's t-test p-value times the number of splits searched (at most 1). */
  pValue: number;
}

export interface Detection {
  changes: DetectedChange[];
  /** Indices the spike screen set aside as single-run (or two-run) outliers. */
  spikes: number[];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  // A typed array sorts numerically without a comparator call per pair: the 10,000-run series'
  // medians were most of a large history's time.
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The same rule decides the split and the final check: is `after` far enough from `before`? */
export function effectOf(before: number, after: number, effect: DetectOptions['effect']): number {
  if (effect === 'absolute') return after - before;
  if (before === 0) return after === 0 ? 0 : Number.POSITIVE_INFINITY;
  return after / before - 1;
}

const SPIKE_HALF_WINDOW = 2;
/** In scaled MADs (≈ sd for normal noise): 4 leaves ordinary noise alone. */
const SPIKE_THRESHOLD = 4;

const five = new Float64Array(5);
/** The median of five, in a reused buffer: called for every run of every series. */
function median5(a: number, b: number, c: number, d: number, e: number): number {
  five[0] = a;
  five[1] = b;
  five[2] = c;
  five[3] = d;
  five[4] = e;
  for (let i = 1; i < 5; i++) {
    const v = five[i]!;
    let j = i - 1;
    for (; j >= 0 && five[j]! > v; j--) five[j + 1] = five[j]!;
    five[j + 1] = v;
  }
  return five[2]!;
}

/**
 * A Hampel filter: a run further than SPIKE_THRESHOLD sds (`floor`, else scaled MADs) from the median of the five
 * runs around it (the five nearest at either end) is set to that median. A level that lasts three
 * runs or more keeps its median (three of five are on the run's own level), so only bursts of one
 * or two runs go; at the ends too, so that a slow newest run does not pull the newest level.
 */
export function screenSpikes(values: readonly number[], floor = 0): { values: number[]; spikes: number[] } {
  const out = [...values];
  const spikes: number[] = [];
  const n = values.length;
  if (n < 2 * SPIKE_HALF_WINDOW + 1) return { values: out, spikes };
  for (let i = 0; i < n; i++) {
    const start = Math.min(Math.max(0, i - SPIKE_HALF_WINDOW), n - (2 * SPIKE_HALF_WINDOW + 1));
    const w = values.slice(start, start + 2 * SPIKE_HALF_WINDOW + 1) as [number, number, number, number, number];
    const center = median5(...w);
    const mad = 1.4826 * median5(...(w.map((v) => Math.abs(v - center)) as [number, number, number, number, number]));
    // Five runs' MAD is itself noisy, too small or (one ordinary neighbour far out) too large to
    // judge by: with the series' run-to-run sd known it is the scale, which a locally noisier
    // stretch may raise by half. Identical runs (no sd) still let a clear outlier be seen: a floor
    // of 1% of the level.
    const scale =
      floor > 0
        ? Math.max(floor, Math.min(mad, 1.5 * floor))
        : Math.max(mad, Math.abs(center) * 0.01, Number.MIN_VALUE);
    if (Math.abs(values[i]! - center) > SPIKE_THRESHOLD * scale) {
      out[i] = center;
      spikes.push(i);
    }
  }
  return { values: out, spikes };
}

/**
 * Seeded intervals (Kovács et al., "Seeded binary segmentation", 2020): the whole segment, then
 * halves, quarters… each level's intervals overlapping by half, down to 2 × minSegment runs. A
 * single split of the whole segment barely sees a level that came and went (a regression fixed
 * 15 runs later, in a 45-run series: each side mixes both levels); one of the shorter intervals
 * holds that step alone.
 */
export function seededIntervals(m: number, minSegment: number): [number, number][] {
  const intervals: [number, number][] = [[0, m]];
  for (let k = 1; ; k++) {
    const length = Math.floor(m / 2 ** k);
    if (length < 2 * minSegment) break;
    const count = 2 ** (k + 1) - 1;
    for (let j = 0; j < count; j++) {
      const start = Math.floor(((m - length) * j) / (count - 1));
      intervals.push([start, start + length]);
    }
  }
  return intervals;
}

/** The run-to-run sd, from the MAD of successive differences: a step moves one difference only. */
export function runToRunSd(values: readonly number[]): number {
  if (values.length < 3) return 0;
  const differences = values.slice(1).map((value, i) => Math.abs(value - values[i]!));
  return (1.4826 * median(differences)) / Math.SQRT2;
}

/**
 * Below this many runs an interval's lag-1 autocorrelation is not estimated: its sampling error
 * (about 1/√n) would exceed the correlation it corrects for.
 */
const AUTOCORRELATION_MIN_RUNS = 16;
/** The largest lag-1 autocorrelation credited: past it a series is a drift, not noise around a level. */
const AUTOCORRELATION_MAX = 0.5;
/**
 * A change must be at least this many run-to-run sds: a smaller step cannot be placed within one
 * run, and a slow drift passes any significance test on long segments. One, not the 2.5 it was: a
 * +10% step at 5% noise is two.
 */
export const NOISE_MULTIPLE = 1;

interface Candidate {
  split: number;
  start: number;
  end: number;
  pValue: number;
}

/**
 * The split of x[lo, hi) (whose prefix sums are of x − centre) with the largest two-sample z (difference of the side means over
 * σ·√(1/k + 1/(n−k))) over the seeded intervals, and its t-test, paid for every split looked at.
 */
function bestSplit(
  x: readonly number[],
  prefix: Float64Array,
  prefixSquares: Float64Array,
  lo: number,
  hi: number,
  minSegment: number,
  sigma: number,
  centre: number,
): Candidate | undefined {
  let bestZ = -1;
  let split = -1;
  let start = -1;
  let end = -1;
  let searched = 0;
  for (const [a0, b0] of seededIntervals(hi - lo, minSegment)) {
    const a = lo + a0;
    const b = lo + b0;
    const n = b - a;
    const total = prefix[b]! - prefix[a]!;
    for (let t = a + minSegment; t <= b - minSegment; t++) {
      searched++;
      const k = t - a;
      const left = prefix[t]! - prefix[a]!;
      // |mean left − mean right| / √(1/k + 1/(n−k)) = |left·n − total·k| / √(k·(n−k)·n)
      const z = Math.abs(left * n - total * k) / Math.sqrt(k * (n - k) * n);
      if (z > bestZ * (1 + 1e-12)) {
        bestZ = z;
        split = t;
        start = a;
        end = b;
      }
    }
  }
  if (split < 0) return undefined;
  const n = end - start;
  // A level only minSegment − 1 runs long at the segment's end shows as a split one run short of
  // it (its last old run joined to the new level): when the split one run further out, which the
  // minimum segment forbids, fits better, the new level has not lasted yet.
  const zAt = (t: number) => {
    const k = t - start;
    const left = prefix[t]! - prefix[start]!;
    const total = prefix[end]! - prefix[start]!;
    return Math.abs(left * n - total * k) / Math.sqrt(k * (n - k) * n);
  };
  if (split + 1 > hi - minSegment && split + 1 < end && zAt(split + 1) > bestZ) return undefined;
  if (split - 1 < lo + minSegment && split - 1 > start && zAt(split - 1) > bestZ) return undefined;
  const k = split - start;
  const sideStats = (a: number, b: number) => {
    const sum = prefix[b]! - prefix[a]!;
    const mean = sum / (b - a);
    return { mean, squares: Math.max(0, prefixSquares[b]! - prefixSquares[a]! - sum * mean) };
  };
  const left = sideStats(start, split);
  const right = sideStats(split, end);
  const df = n - 2;
  let variance = Math.max((left.squares + right.squares) / df, sigma * sigma);
  if (n >= AUTOCORRELATION_MIN_RUNS) {
    let lagged = 0;
    let squares = 0;
    for (let i = start; i < end; i++) {
      const e = x[i]! - centre - (i < split ? left.mean : right.mean);
      squares += e * e;
      if (i + 1 < end && i + 1 !== split) lagged += e * (x[i + 1]! - centre - (i + 1 < split ? left.mean : right.mean));
    }
    const rho = squares > 0 ? Math.min(AUTOCORRELATION_MAX, Math.max(0, lagged / squares)) : 0;
    variance *= (1 + rho) / (1 - rho);
  }
  const se = Math.sqrt(variance * (1 / k + 1 / (n - k)));
  const difference = Math.abs(right.mean - left.mean);
  const t = se > 0 ? difference / se : difference > 0 ? Number.POSITIVE_INFINITY : 0;
  const pValue = Math.min(1, 2 * tUpperTail(t, df) * searched);
  return { split, start, end, pValue };
}

/** The change points of one series, oldest run first. Deterministic. */
export function detectChanges(raw: readonly number[], options: DetectOptions): Detection {
  if (options.minSegment < 3) throw new Error(`minSegment ${options.minSegment} is below 3`);
  // Relative effects on a log scale; a series with a zero or negative value keeps its own scale.
  const logScale = options.effect === 'relative' && raw.every((v) => v > 0);
  const raw2 = logScale ? raw.map(Math.log) : [...raw];
  const screened = screenSpikes(raw2, runToRunSd(raw2));
  const spikes = screened.spikes;
  const x = screened.values;
  const values = logScale ? x.map(Math.exp) : x;
  const sigma = runToRunSd(x);
  const prefix = new Float64Array(x.length + 1);
  const prefixSquares = new Float64Array(x.length + 1);
  // Centred first, so that the sums of squares of a level far from 0 keep their digits.
  const centre = x.length > 0 ? x.reduce((s, v) => s + v, 0) / x.length : 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i]! - centre;
    prefix[i + 1] = prefix[i]! + v;
    prefixSquares[i + 1] = prefixSquares[i]! + v * v;
  }
  const large = (before: number, after: number): boolean =>
    Math.abs(effectOf(before, after, options.effect)) >= options.minEffect &&
    Math.abs((logScale ? Math.log(after / before) : after - before) || 0) >= NOISE_MULTIPLE * sigma * (1 - 1e-9);
  const found = new Map<number, number>();
  const visit = (lo: number, hi: number): void => {
    if (hi - lo < 2 * options.minSegment) return;
    const best = bestSplit(x, prefix, prefixSquares, lo, hi, options.minSegment, sigma, centre);
    if (best === undefined || best.pValue > options.alpha) return;
    // The two sides within the interval that showed the step: the levels next to it.
    const before = median(values.slice(best.start, best.split));
    const after = median(values.slice(best.split, best.end));
    if (!large(before, after)) return;
    found.set(best.split, best.pValue);
    visit(lo, best.split);
    visit(best.split, hi);
  };
  visit(0, values.length);

  // The final levels decide each change's size: a split made inside a longer segment may turn out
  // smaller than the minimum effect between its final neighbours, and then goes (one at a time,
  // the smallest first, since removing one merges two levels).
  let points = [...found.keys()].sort((a, b) => a - b);
  const levels = (cuts: number[]) => {
    const bounds = [0, ...cuts, raw.length];
    return bounds.slice(0, -1).map((start, i) => median(values.slice(start, bounds[i + 1])));
  };
  for (;;) {
    const level = levels(points);
    let weakest = -1;
    let weakestEffect = Number.POSITIVE_INFINITY;
    points.forEach((_, i) => {
      const size = Math.abs(effectOf(level[i]!, level[i + 1]!, options.effect));
      if (!large(level[i]!, level[i + 1]!) && size < weakestEffect) {
        weakest = i;
        weakestEffect = size;
      }
    });
    if (weakest < 0) break;
    points = points.filter((_, i) => i !== weakest);
  }
  const bounds = [0, ...points, raw.length];
  const rawLevel = bounds.slice(0, -1).map((start, i) => median(raw.slice(start, bounds[i + 1])));
  const screenedLevel = levels(points);
  return {
    changes: points.map((index, i) => ({
      index,
      // The medians of the runs as measured; a spike screened out does not move a median anyway.
      before: Number.isFinite(rawLevel[i]!) ? rawLevel[i]! : screenedLevel[i]!,
      after: Number.isFinite(rawLevel[i + 1]!) ? rawLevel[i + 1]! : screenedLevel[i + 1]!,
      pValue: found.get(index)!,
    })),
    spikes,
  };
}

const fewestRunsCache = new Map<string, number>();
/** The longest series this search looks at for the fewest runs; beyond it the answer is "more". */
const FEWEST_RUNS_LIMIT = 200;

/**
 * The fewest runs of one series in which the detector can call any change at all: a clean step
 * (every run of one level below every run of the other) in the middle of the series. Found by
 * running the detector itself, so it stays true when the detector changes; with the t-test it is
 * 2 × minSegment (one split, nothing to pay for).
 */
export function fewestRunsToDetect(minSegment: number, alpha: number): number {
  const key = `${minSegment}/${alpha}`;
  const known = fewestRunsCache.get(key);
  if (known !== undefined) return known;
  let runs = 2 * minSegment;
  for (; runs < FEWEST_RUNS_LIMIT; runs++) {
    const half = Math.floor(runs / 2);
    // Run-to-run noise of 1% in no order within a level (a trend would make every split look
    // clean); the step is 100%, far past any minimum effect.
    const series = Array.from({ length: runs }, (_, i) => (i < half ? 1 : 2) * (1 + (i % 2 === 0 ? 0.01 : -0.01)));
    const { changes } = detectChanges(series, { minSegment, alpha, minEffect: 0.05, effect: 'relative' });
    if (changes.length > 0) break;
  }
  fewestRunsCache.set(key, runs);
  return runs;
}
