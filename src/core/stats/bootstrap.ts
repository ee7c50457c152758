// Segment-level block bootstrap of one scenario's runs. Each segment histogram is decoded once into
// cumulative counts over the run's grid of HDR buckets; a resample is then a vector of segment
// weights, and a quantile of the merged resample is a binary search over weighted cumulative sums,
// so no histogram is rebuilt per replicate.
import { decodeHistogram } from '../histogram.js';
import type { SegmentRecord } from '../types/results.js';
import { chooseBlockLength } from './block-length.js';
import { createRng, type Rng } from './prng.js';

export const LATENCY_PERCENTILES = { p50: 50, p90: 90, p95: 95, p99: 99 } as const;
export type LatencyMetric = keyof typeof LATENCY_PERCENTILES;
export type BootstrapMetric = LatencyMetric | 'rps' | 'error_rate';
export const BOOTSTRAP_METRICS: readonly BootstrapMetric[] = ['p50', 'p90', 'p95', 'p99', 'rps', 'error_rate'];

interface HdrInternals {
  countsArrayLength: number;
  getCountAtIndex(index: number): number;
  valueFromIndex(index: number): number;
  highestEquivalentValue(value: number): number;
}

export interface PreparedRun {
  segments: number;
  durationMs: Float64Array;
  count: Float64Array;
  ko: Float64Array;
  /** Requests in each segment's histogram (the ok ones). */
  recorded: Float64Array;
  /** Bucket values (µs, highest equivalent value, as HdrHistogram reports percentiles). */
  grid: Float64Array;
  /** segments × grid cumulative counts, row-major. */
  cumulative: Float64Array;
  blockLength: number;
}

export function prepareRun(segments: readonly SegmentRecord[]): PreparedRun {
  const m = segments.length;
  const sparse: { index: number[]; count: number[] }[] = [];
  const indices = new Set<number>();
  let mapper: HdrInternals | undefined;
  for (const segment of segments) {
    const histogram = decodeHistogram(segment.histogram);
    const internals = histogram as unknown as HdrInternals;
    const entry = { index: [] as number[], count: [] as number[] };
    for (let i = 0; i < internals.countsArrayLength; i++) {
      const count = internals.getCountAtIndex(i);
      if (count > 0) {
        entry.index.push(i);
        entry.count.push(count);
        indices.add(i);
      }
    }
    sparse.push(entry);
    // Every histogram perfgate makes has the same layout, so one of them maps indices to values.
    if (mapper === undefined) mapper = internals;
    else histogram.destroy();
  }
  const sortedIndices = [...indices].sort((a, b) => a - b);
  const position = new Map(sortedIndices.map((index, i) => [index, i]));
  const gridSize = sortedIndices.length;
  const grid = new Float64Array(gridSize);
  const layout = mapper;
  if (layout !== undefined) {
    sortedIndices.forEach((index, i) => {
      grid[i] = layout.highestEquivalentValue(layout.valueFromIndex(index));
    });
    (layout as unknown as { destroy(): void }).destroy();
  }
  const cumulative = new Float64Array(m * gridSize);
  const recorded = new Float64Array(m);
  sparse.forEach((entry, s) => {
    const row = s * gridSize;
    entry.index.forEach((index, k) => {
      const at = row + (position.get(index) ?? 0);
      cumulative[at] = (cumulative[at] ?? 0) + (entry.count[k] ?? 0);
    });
    for (let g = 1; g < gridSize; g++)
      cumulative[row + g] = (cumulative[row + g] ?? 0) + (cumulative[row + g - 1] ?? 0);
    recorded[s] = gridSize > 0 ? (cumulative[row + gridSize - 1] ?? 0) : 0;
  });
  const run: PreparedRun = {
    segments: m,
    durationMs: Float64Array.from(segments, (s) => s.durationMs),
    count: Float64Array.from(segments, (s) => s.count),
    ko: Float64Array.from(segments, (s) => s.ko),
    recorded,
    grid,
    cumulative,
    blockLength: 1,
  };
  run.blockLength = chooseBlockLength(segmentSeries(run), m);
  return run;
}

/** The per-segment series the block length is chosen on: level and tail of latency, and load. */
function segmentSeries(run: PreparedRun): number[][] {
  const median: number[] = [];
  const tail: number[] = [];
  const load: number[] = [];
  const weights = new Float64Array(run.segments);
  for (let s = 0; s < run.segments; s++) {
    weights.fill(0);
    weights[s] = 1;
    if ((run.recorded[s] ?? 0) > 0) {
      median.push(Math.log(quantileUs(run, weights, 50)));
      tail.push(Math.log(quantileUs(run, weights, 95)));
    }
    load.push((run.count[s] ?? 0) / Math.max(1e-9, run.durationMs[s] ?? 0));
  }
  return [median, tail, load];
}

/** HdrHistogram's rank for a percentile (round up, forgiving one ulp of floating-point error). */
function rankAt(total: number, percentile: number): number {
  const fp = (Math.min(percentile, 100) / 100) * total;
  const ulp = fp > 0 ? Math.pow(2, Math.floor(Math.log2(fp)) - 52) : 0;
  return Math.max(Math.ceil(fp - ulp), 1);
}

/** The percentile (µs) of the merged histogram of the segments with the given weights; NaN if empty. */
export function quantileUs(run: PreparedRun, weights: Float64Array, percentile: number): number {
  const gridSize = run.grid.length;
  const active: number[] = [];
  let total = 0;
  for (let s = 0; s < run.segments; s++) {
    const w = weights[s] ?? 0;
    if (w > 0 && (run.recorded[s] ?? 0) > 0) {
      active.push(s);
      total += w * (run.recorded[s] ?? 0);
    }
  }
  if (total === 0 || gridSize === 0) return NaN;
  const rank = rankAt(total, percentile);
  let low = 0;
  let high = gridSize - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    let below = 0;
    for (const s of active) below += (weights[s] ?? 0) * (run.cumulative[s * gridSize + mid] ?? 0);
    if (below >= rank) high = mid;
    else low = mid + 1;
  }
  return run.grid[low] ?? NaN;
}

export type RunStatistics = Record<BootstrapMetric, number>;

/** Latencies in ms, rps per second, error rate as a fraction, for one weighting of the segments. */
export function computeStatistics(run: PreparedRun, weights: Float64Array): RunStatistics {
  let count = 0;
  let ko = 0;
  let durationMs = 0;
  for (let s = 0; s < run.segments; s++) {
    const w = weights[s] ?? 0;
    count += w * (run.count[s] ?? 0);
    ko += w * (run.ko[s] ?? 0);
    durationMs += w * (run.durationMs[s] ?? 0);
  }
  return {
    p50: quantileUs(run, weights, 50) / 1000,
    p90: quantileUs(run, weights, 90) / 1000,
    p95: quantileUs(run, weights, 95) / 1000,
    p99: quantileUs(run, weights, 99) / 1000,
    rps: durationMs > 0 ? count / (durationMs / 1000) : NaN,
    error_rate: count > 0 ? ko / count : NaN,
  };
}

/** Circular block resample: blocks of `blockLength` consecutive segments (wrapping at the end, so
 * the first and last segments are drawn as often as the others) until m segments are taken. */
export function drawBlockWeights(rng: Rng, segments: number, blockLength: number, weights: Float64Array): void {
  weights.fill(0);
  let taken = 0;
  while (taken < segments) {
    const start = rng.int(segments);
    for (let k = 0; k < blockLength && taken < segments; k++, taken++) {
      const s = (start + k) % segments;
      weights[s] = (weights[s] ?? 0) + 1;
    }
  }
}

export interface BootstrapEffect {
  /** ln(current/baseline) for rps and latencies; current − baseline for the error rate. */
  effect: number;
  /** Variance of each run's statistic (on the effect's scale) over its own block resamples: the
   * within-run error only. The test adds the between-run component (stats/variance-model.ts). */
  withinVariance: { current: number; baseline: number };
  /** √(sum of the two within-run variances). */
  standardError: number;
}

export interface TwoRunBootstrap {
  baseline: RunStatistics;
  current: RunStatistics;
  effects: Partial<Record<BootstrapMetric, BootstrapEffect>>;
  blockLength: { baseline: number; current: number };
  segments: { baseline: number; current: number };
  replicates: number;
}

/** The statistic on the scale its effect is measured: log for rps and latencies, raw for errors. */
export function onEffectScale(metric: BootstrapMetric, value: number): number {
  return metric === 'error_rate' ? value : Math.log(value);
}

export function effectOf(metric: BootstrapMetric, current: number, baseline: number): number {
  return onEffectScale(metric, current) - onEffectScale(metric, baseline);
}

/** Sample variance of the finite replicates (NaN with fewer than two). */
export function replicateVariance(replicates: Float64Array): number {
  let n = 0;
  let mean = 0;
  let m2 = 0;
  for (const value of replicates) {
    if (!Number.isFinite(value)) continue;
    n++;
    const delta = value - mean;
    mean += delta / n;
    m2 += delta * (value - mean);
  }
  return n >= 2 ? m2 / (n - 1) : NaN;
}

/** Independent block bootstraps of the two runs (the no-history mode), each giving its own
 * within-run variance. The same resample of a run serves every metric, so the metrics' replicates
 * stay as correlated as the data make them. */
export function bootstrapTwoRuns(
  baseline: PreparedRun,
  current: PreparedRun,
  options: { replicates: number; seed: number },
): TwoRunBootstrap {
  const rng = createRng(options.seed);
  const observedBase = computeStatistics(baseline, new Float64Array(baseline.segments).fill(1));
  const observedCurrent = computeStatistics(current, new Float64Array(current.segments).fill(1));
  const series = (): Record<BootstrapMetric, Float64Array> =>
    Object.fromEntries(BOOTSTRAP_METRICS.map((metric) => [metric, new Float64Array(options.replicates)])) as Record<
      BootstrapMetric,
      Float64Array
    >;
  const baseReplicates = series();
  const currentReplicates = series();
  const baseWeights = new Float64Array(baseline.segments);
  const currentWeights = new Float64Array(current.segments);
  for (let b = 0; b < options.replicates; b++) {
    drawBlockWeights(rng, baseline.segments, baseline.blockLength, baseWeights);
    drawBlockWeights(rng, current.segments, current.blockLength, currentWeights);
    const base = computeStatistics(baseline, baseWeights);
    const cur = computeStatistics(current, currentWeights);
    for (const metric of BOOTSTRAP_METRICS) {
      baseReplicates[metric][b] = onEffectScale(metric, base[metric]);
      currentReplicates[metric][b] = onEffectScale(metric, cur[metric]);
    }
  }
  const effects: Partial<Record<BootstrapMetric, BootstrapEffect>> = {};
  for (const metric of BOOTSTRAP_METRICS) {
    const effect = effectOf(metric, observedCurrent[metric], observedBase[metric]);
    const within = {
      current: replicateVariance(currentReplicates[metric]),
      baseline: replicateVariance(baseReplicates[metric]),
    };
    if (Number.isFinite(effect) && Number.isFinite(within.current) && Number.isFinite(within.baseline)) {
      effects[metric] = { effect, withinVariance: within, standardError: Math.sqrt(within.current + within.baseline) };
    }
  }
  return {
    baseline: observedBase,
    current: observedCurrent,
    effects,
    blockLength: { baseline: baseline.blockLength, current: current.blockLength },
    segments: { baseline: baseline.segments, current: current.segments },
    replicates: options.replicates,
  };
}
