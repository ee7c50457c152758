// Change points in one series of runs (one scenario's metric, one environment), by binary
// segmentation with a rank test. Why this and not E-divisive means with a t-test (Otava):
// - ranks: one slow run moves a rank sum by at most the series' length, where it can move a mean
//   (and a t statistic) by anything; latency series have such runs;
// - the p-value is a permutation test of the largest standardized rank sum over every allowed
//   split: exact for exchangeable runs, and it pays for having looked at every split, so the edge
//   splits (few runs, a noisy statistic) are no likelier to be called than the middle ones — the
//   orion#263 failure is per-split p-values without that price;
// - the permutations are drawn with a PRNG seeded from the series' name: the same history gives
//   the same answer (otava#154).
// Around it: a spike screen (one or two runs out of line are set to their neighbours' level), a
// minimum segment length on both sides (a change in the newest runs waits until it has lasted),
// and a minimum effect: the compare config's, and 2.5 times the series' own run-to-run sd.
import { createRng } from '../stats/prng.js';

export interface DetectOptions {
  /** Runs a level must last on each side of a change point (≥ 3). */
  minSegment: number;
  /** Significance of each split's permutation test. */
  alpha: number;
  /** The smallest change called: relative (after/before − 1) or, for error rates, absolute. */
  minEffect: number;
  effect: 'relative' | 'absolute';
  /** Seeds the permutations; derive it from the series' name (seedFor). */
  seed: number;
  /** Upper bound on permutations per split (default: enough to resolve alpha, at least 999). */
  permutations?: number;
}

export interface DetectedChange {
  /** Index (into the series) of the first run of the new level. */
  index: number;
  /** Medians of the levels before and after, on the raw (unscreened) values. */
  before: number;
  after: number;
  pValue: number;
}

export interface Detection {
  changes: DetectedChange[];
  /** Indices the spike screen set aside as single-run (or two-run) outliers. */
  spikes: number[];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** FNV-1a of a series' name: its permutations' seed. */
export function seedFor(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
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

/**
 * A Hampel filter: a run further than SPIKE_THRESHOLD scaled MADs from the median of the five
 * runs around it is set to that median. A step with at least three runs on each side keeps its
 * median (three of five are on the run's own level), so only bursts of one or two runs go.
 */
export function screenSpikes(values: readonly number[]): { values: number[]; spikes: number[] } {
  const out = [...values];
  const spikes: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const window = values.slice(Math.max(0, i - SPIKE_HALF_WINDOW), i + SPIKE_HALF_WINDOW + 1);
    if (window.length < 2 * SPIKE_HALF_WINDOW + 1) continue; // the edges: too few neighbours to judge
    const center = median(window);
    const mad = 1.4826 * median(window.map((v) => Math.abs(v - center)));
    // Identical neighbours (MAD 0) still let a clear outlier be seen: a floor of 1% of the level.
    const scale = Math.max(mad, Math.abs(center) * 0.01, Number.MIN_VALUE);
    if (Math.abs(values[i]! - center) > SPIKE_THRESHOLD * scale) {
      out[i] = center;
      spikes.push(i);
    }
  }
  return { values: out, spikes };
}

/** Mid-ranks (1-based), ties sharing their mean rank. */
function ranks(values: readonly number[]): number[] {
  const order = values.map((value, i) => ({ value, i })).sort((a, b) => a.value - b.value);
  const out = new Array<number>(values.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) out[order[k]!.i] = rank;
    start = end + 1;
  }
  return out;
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

/**
 * The largest standardized rank-sum (Mann–Whitney) statistic over every interval and every split
 * in it that leaves minSegment runs on each side, and where it is. Standardized, a split near an
 * edge has the power its runs give it; the permutation test of this maximum then pays for having
 * looked at every split of every interval.
 */
function maxRankSum(
  r: readonly number[],
  intervals: readonly [number, number][],
  minSegment: number,
  prefix: Float64Array,
  prefixSquares: Float64Array,
): { k: number; interval: number; split: number } {
  for (let i = 0; i < r.length; i++) {
    prefix[i + 1] = prefix[i]! + r[i]!;
    prefixSquares[i + 1] = prefixSquares[i]! + r[i]! * r[i]!;
  }
  let best = -1;
  let where = -1;
  let split = -1;
  intervals.forEach(([a, b], index) => {
    const n = b - a;
    const total = prefix[b]! - prefix[a]!;
    const mean = total / n;
    const variance = (prefixSquares[b]! - prefixSquares[a]!) / n - mean * mean;
    if (variance <= 1e-12) return; // every rank tied: nothing to split
    for (let t = a + minSegment; t <= b - minSegment; t++) {
      const k = t - a;
      // The sum of the first k ranks against its mean under exchangeability, over its sd
      // (sampling k of the interval's n ranks without replacement).
      const u = Math.abs(prefix[t]! - prefix[a]! - k * mean) / Math.sqrt((variance * k * (n - k)) / (n - 1) || 1e-12);
      if (u > best + 1e-9) {
        best = u;
        where = index;
        split = t;
      }
    }
  });
  return { k: best, interval: where, split };
}

/** The best split of `values` and its permutation p-value; stops drawing once it cannot reach alpha. */
function bestSplit(
  values: readonly number[],
  options: DetectOptions,
  rng: ReturnType<typeof createRng>,
): { split: number; interval: [number, number]; pValue: number } | undefined {
  const r = ranks(values);
  const intervals = seededIntervals(values.length, options.minSegment);
  const prefix = new Float64Array(values.length + 1);
  const prefixSquares = new Float64Array(values.length + 1);
  const observed = maxRankSum(r, intervals, options.minSegment, prefix, prefixSquares);
  if (observed.split < 0 || observed.k <= 0) return undefined;
  const limit = options.permutations ?? Math.max(999, Math.ceil(10 / options.alpha) - 1);
  // (exceed + 1) / (limit + 1) ≤ alpha needs exceed < alpha·(limit + 1): past that the verdict is
  // settled, so a flat series costs a few dozen permutations, not thousands.
  const give = options.alpha * (limit + 1) - 1;
  const shuffled = [...r];
  let exceed = 0;
  let drawn = 0;
  while (drawn < limit) {
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const swap = shuffled[i]!;
      shuffled[i] = shuffled[j]!;
      shuffled[j] = swap;
    }
    drawn++;
    if (maxRankSum(shuffled, intervals, options.minSegment, prefix, prefixSquares).k >= observed.k - 1e-9) {
      exceed++;
      if (exceed > give) break;
    }
  }
  return { split: observed.split, interval: intervals[observed.interval]!, pValue: (exceed + 1) / (drawn + 1) };
}

/**
 * A change must also be this many run-to-run standard deviations: runs of a runner drift together
 * (the load of the neighbours, the hour), which a permutation test takes for a level, and on a
 * noisy series the configured minimum effect can sit inside that drift.
 */
export const NOISE_MULTIPLE = 2.5;

/** The run-to-run sd, from the MAD of successive differences: a step moves one difference only. */
export function runToRunSd(values: readonly number[]): number {
  if (values.length < 3) return 0;
  const differences = values.slice(1).map((value, i) => Math.abs(value - values[i]!));
  return (1.4826 * median(differences)) / Math.SQRT2;
}

/** The change points of one series, oldest run first. Deterministic for a given seed. */
export function detectChanges(raw: readonly number[], options: DetectOptions): Detection {
  if (options.minSegment < 3) throw new Error(`minSegment ${options.minSegment} is below 3`);
  const { values, spikes } = screenSpikes(raw);
  const noise = NOISE_MULTIPLE * runToRunSd(values);
  const large = (before: number, after: number): boolean =>
    Math.abs(effectOf(before, after, options.effect)) >= options.minEffect && Math.abs(after - before) >= noise;
  const rng = createRng(options.seed);
  const found = new Map<number, number>();
  const visit = (lo: number, hi: number): void => {
    if (hi - lo < 2 * options.minSegment) return;
    const segment = values.slice(lo, hi);
    const best = bestSplit(segment, options, rng);
    if (best === undefined || best.pValue > options.alpha) return;
    // The two sides within the interval that showed the step: the levels next to it.
    const before = median(segment.slice(best.interval[0], best.split));
    const after = median(segment.slice(best.split, best.interval[1]));
    if (!large(before, after)) return;
    found.set(lo + best.split, best.pValue);
    visit(lo, lo + best.split);
    visit(lo + best.split, hi);
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
 * (every run of one level below every run of the other) in the middle of the series. Below it no
 * series can give a change point, however large the step: the permutation test of the best split
 * cannot reach `alpha` with so few orderings (12 runs split 6/6 have 924 of them, short of the
 * 1,000 that alpha 0.001 needs even before the search over splits is paid for). Found by running
 * the detector itself, so it stays true when the detector changes.
 */
export function fewestRunsToDetect(minSegment: number, alpha: number): number {
  const key = `${minSegment}/${alpha}`;
  const known = fewestRunsCache.get(key);
  if (known !== undefined) return known;
  let runs = 2 * minSegment;
  for (; runs < FEWEST_RUNS_LIMIT; runs++) {
    const half = Math.floor(runs / 2);
    // Distinct values, so that no ties blunt the ranks, in no order within a level (a trend would
    // make every split look clean); the step is 100%, far past any minimum effect.
    const series = Array.from({ length: runs }, (_, i) => (i < half ? 1 : 2) + (i % 2 === 0 ? i : -i) * 1e-6);
    const { changes } = detectChanges(series, {
      minSegment,
      alpha,
      minEffect: 0.05,
      effect: 'relative',
      seed: seedFor('fewest-runs'),
    });
    if (changes.length > 0) break;
  }
  fewestRunsCache.set(key, runs);
  return runs;
}
