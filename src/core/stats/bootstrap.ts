// Segment-level block bootstrap of one scenario's runs. Each segment histogram is decoded once into
// cumulative counts over the run's grid of HDR buckets; a resample is then a vector of segment
// weights, and a quantile of the merged resample is a binary search over weighted cumulative sums,
// so no histogram is rebuilt per replicate.
import { decodeHistogram } from '../histogram.js';
import type { SegmentRecord } from '../types.js';
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
    for (let g = 1; g < gridSize; g++) cumulative[row + g] = (cumulative[row + g] ?? 0) + (cumulative[row + g - 1] ?? 0);
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
  /** One-sided, in the direction of the observed effect, against "no change beyond the margin". */
  pValue: number;
  /** The same against "no change at all" (equal to pValue when there is no margin). */
  pValueNoChange: number;
  /** 95% basic bootstrap interval of the effect (the test inverts this interval). */
  interval: [number, number];
  /** Standard deviation of the replicates of the effect. */
  standardError: number;
}

export interface TwoRunBootstrap {
  baseline: RunStatistics;
  current: RunStatistics;
  effects: Partial<Record<BootstrapMetric, BootstrapEffect>>;
  blockLength: { baseline: number; current: number };
  replicates: number;
}

export function effectOf(metric: BootstrapMetric, current: number, baseline: number): number {
  if (metric === 'error_rate') return current - baseline;
  return Math.log(current) - Math.log(baseline);
}

/** Quantile (type 7) of sorted values. */
function sortedQuantile(sorted: Float64Array, q: number): number {
  const h = (sorted.length - 1) * q;
  const low = Math.floor(h);
  const high = Math.min(sorted.length - 1, low + 1);
  return (sorted[low] ?? NaN) + (h - low) * ((sorted[high] ?? NaN) - (sorted[low] ?? NaN));
}

/**
 * `margin` turns the test of "no change" into a test of "a change beyond the margin" (log scale,
 * `up` > 0 for rises, `down` < 0 for falls): the centred replicates are compared with Δ − margin.
 * With a zero margin this is the STATISTICS.md p-value, (1 + #{Δ* − Δ ≥ Δ}) / (B + 1) for Δ > 0.
 */
export function summarizeReplicates(
  effect: number,
  replicates: Float64Array,
  margin: { up: number; down: number } = { up: 0, down: 0 },
): BootstrapEffect {
  const finite = Float64Array.from(replicates.filter((value) => Number.isFinite(value))).sort();
  const b = finite.length;
  const beyond = effect > 0 ? effect - margin.up : effect - margin.down;
  let exceed = 0;
  let exceedZero = 0;
  for (const value of finite) {
    const centred = value - effect;
    if (effect > 0 ? centred >= beyond : centred <= beyond) exceed++;
    if (effect > 0 ? centred >= effect : centred <= effect) exceedZero++;
  }
  const mean = finite.reduce((sum, value) => sum + value, 0) / Math.max(1, b);
  const variance = finite.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, b - 1);
  const noChange = effect === 0 || b === 0;
  return {
    effect,
    pValue: noChange ? 1 : (1 + exceed) / (b + 1),
    pValueNoChange: noChange ? 1 : (1 + exceedZero) / (b + 1),
    interval: [2 * effect - sortedQuantile(finite, 0.975), 2 * effect - sortedQuantile(finite, 0.025)],
    standardError: Math.sqrt(variance),
  };
}

/** Independent block bootstraps of the two runs (the no-history mode). The same resample of a run
 * serves every metric, so the metrics' effects stay as correlated as the data make them. */
export function bootstrapTwoRuns(
  baseline: PreparedRun,
  current: PreparedRun,
  options: { replicates: number; seed: number; margin?: { up: number; down: number } },
): TwoRunBootstrap {
  const rng = createRng(options.seed);
  const allBase = new Float64Array(baseline.segments).fill(1);
  const allCurrent = new Float64Array(current.segments).fill(1);
  const observedBase = computeStatistics(baseline, allBase);
  const observedCurrent = computeStatistics(current, allCurrent);
  const replicates = Object.fromEntries(
    BOOTSTRAP_METRICS.map((metric) => [metric, new Float64Array(options.replicates)]),
  ) as Record<BootstrapMetric, Float64Array>;
  const baseWeights = new Float64Array(baseline.segments);
  const currentWeights = new Float64Array(current.segments);
  for (let b = 0; b < options.replicates; b++) {
    drawBlockWeights(rng, baseline.segments, baseline.blockLength, baseWeights);
    drawBlockWeights(rng, current.segments, current.blockLength, currentWeights);
    const base = computeStatistics(baseline, baseWeights);
    const cur = computeStatistics(current, currentWeights);
    for (const metric of BOOTSTRAP_METRICS) replicates[metric][b] = effectOf(metric, cur[metric], base[metric]);
  }
  const effects: Partial<Record<BootstrapMetric, BootstrapEffect>> = {};
  for (const metric of BOOTSTRAP_METRICS) {
    const effect = effectOf(metric, observedCurrent[metric], observedBase[metric]);
    // The margin is a relative (log-scale) change; the error rate is tested against no change.
    const margin = metric === 'error_rate' ? undefined : options.margin;
    if (Number.isFinite(effect)) effects[metric] = summarizeReplicates(effect, replicates[metric], margin);
  }
  return {
    baseline: observedBase,
    current: observedCurrent,
    effects,
    blockLength: { baseline: baseline.blockLength, current: current.blockLength },
    replicates: options.replicates,
  };
}
