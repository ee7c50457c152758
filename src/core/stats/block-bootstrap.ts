// The duet A/B test: whole-run changes with a paired circular block bootstrap over short time
// blocks. In duet every request goes to head and base at the same intended instant, so block i of
// the head and block i of the base saw the same runner: resampling the same block indices for both
// keeps what they shared (the runner's level, a neighbour's burst) inside every replicate, where it
// cancels in the difference, while each request's own service time varies freely. The estimand is
// the one users read — the ratio of the pooled percentiles, ln Q_p(head) − ln Q_p(base) — and its
// precision comes from the thousands of requests, not from a dozen segment medians. Serial
// correlation of what the variants do not share (a process's own JIT, cache or GC state) is carried
// by the block length; the t's degrees of freedom are the independent blocks less one.
// Calibrated in simulation through comparePaired and judgeRun: bench/ab/blocks.ts, bench/ab/README.md.
import { estimateBlockLength } from './block-length.js';
import {
  drawBlockWeights,
  LATENCY_PERCENTILES,
  quantileUs,
  type LatencyMetric,
  type PreparedRun,
} from './bootstrap.js';
import { LOG_SD_FLOOR, pairDifferences, SHARE_SD_FLOOR, type PairedTest, type PairMetric } from './paired.js';
import { createRng } from './prng.js';
import { tQuantile, tUpperTail } from './t-distribution.js';

/** Replicates of the bootstrap: the standard error's own relative error is about 1/√(2B) = 2%. */
export const BLOCK_REPLICATES = 1000;
/**
 * The tail's df is not taken below this: when the requests beyond a percentile sit in one or two
 * groups (a warm-up stall of one variant), Kish's number says df 0–1, where the t's quantile at
 * Holm's α runs to the hundreds and the MDE to 10^190% (the example's A/A demo). At df 3 the
 * interval is already 3–7 times the normal one: wide enough to call nothing on such a tail.
 */
export const MIN_TAIL_DF = 3;
/** Fewer blocks than this and there is nothing to resample: no test. */
export const MIN_BLOCKS = 8;
/**
 * The block length: ⌈n^⅓⌉ blocks (the rate-optimal order for a block bootstrap's variance; 4 blocks
 * = 1 s at 60 blocks of 250 ms), longer when the Politis–White estimate on the blocks' own
 * differences asks for it, but at most twice that and at most a quarter of the blocks. The cap is
 * what keeps the degrees of freedom: on blocks of a few dozen requests the estimate is noisy, and a
 * service warming up over the run took it to n/4 (df 3, an MDE of ±118% at p90 in the example's
 * A/B demo) while, in simulation, blocks of 2 s instead of 1 s left the A/A spread of t as it was
 * and cost a fifth of the p50 MDE (bench/ab/README.md, section 0).
 */
export function pairedBlockLength(differences: readonly (readonly number[])[], blocks: number): number {
  const floor = Math.ceil(Math.cbrt(blocks) - 1e-9);
  let longest = floor;
  for (const series of differences) {
    const finite = series.filter((d) => Number.isFinite(d));
    if (finite.length >= 8) longest = Math.max(longest, Math.ceil(estimateBlockLength(finite)));
  }
  return Math.max(1, Math.min(longest, 2 * floor, Math.floor(blocks / 4)));
}

export interface PairedBlockTests {
  tests: Partial<Record<PairMetric, PairedTest>>;
  blocks: number;
  blockLength: number;
  replicates: number;
}

interface Pooled {
  count: number;
  ko: number;
  durationMs: number;
}

function pooled(run: PreparedRun, weights: Float64Array, n: number): Pooled {
  let count = 0;
  let ko = 0;
  let durationMs = 0;
  for (let s = 0; s < n; s++) {
    const w = weights[s] ?? 0;
    if (w === 0) continue;
    count += w * (run.count[s] ?? 0);
    ko += w * (run.ko[s] ?? 0);
    durationMs += w * (run.durationMs[s] ?? 0);
  }
  return { count, ko, durationMs };
}

const METRICS: readonly PairMetric[] = ['p50', 'p90', 'p95', 'p99', 'rps', 'error_rate'];
const LATENCIES = Object.keys(LATENCY_PERCENTILES) as LatencyMetric[];

function gridIndex(run: PreparedRun, us: number): number {
  let low = 0;
  let high = run.grid.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((run.grid[mid] ?? 0) >= us) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * How many independent groups of blocks (⌊n/L⌋ runs of L blocks) a percentile's information comes
 * from: Kish's effective number, (Σ c_j)² / Σ c_j², of the requests beyond each variant's observed
 * percentile, counted per group. Spread over the run it is the number of groups; a few stalls that
 * put most of the tail into two or three groups bring it down to about their number, and the t's
 * degrees of freedom follow. A pooled p99 whose tail is a handful of stalls is as uncertain as a
 * handful of observations, and its bootstrap SE, read with the df of the whole run, was not: 7 of
 * 400 A/A runs at 400 req/s called a p99 regression (bench/ab/README.md, section 0).
 */
export function tailGroups(
  head: PreparedRun,
  base: PreparedRun,
  n: number,
  blockLength: number,
  percentile: number,
): number {
  const groups = Math.max(1, Math.floor(n / blockLength));
  const counts = new Float64Array(groups);
  for (const run of [head, base]) {
    const weights = new Float64Array(run.segments);
    weights.fill(1, 0, n);
    const q = quantileUs(run, weights, percentile);
    if (!Number.isFinite(q)) continue;
    const at = gridIndex(run, q);
    const gridSize = run.grid.length;
    for (let s = 0; s < groups * blockLength; s++) {
      const beyond = (run.recorded[s] ?? 0) - (run.cumulative[s * gridSize + at] ?? 0);
      const g = Math.floor(s / blockLength);
      counts[g] = (counts[g] ?? 0) + beyond;
    }
  }
  let sum = 0;
  let squares = 0;
  for (const c of counts) {
    sum += c;
    squares += c * c;
  }
  return squares > 0 ? Math.min(groups, (sum * sum) / squares) : groups;
}

/** Every metric's head-minus-base change for one weighting of the blocks (the same for both). */
function changes(
  head: PreparedRun,
  base: PreparedRun,
  headW: Float64Array,
  baseW: Float64Array,
  n: number,
  out: Float64Array,
): void {
  LATENCIES.forEach((metric, i) => {
    const p = LATENCY_PERCENTILES[metric];
    out[i] = Math.log(quantileUs(head, headW, p)) - Math.log(quantileUs(base, baseW, p));
  });
  const h = pooled(head, headW, n);
  const b = pooled(base, baseW, n);
  out[4] = Math.log(h.count / h.durationMs) - Math.log(b.count / b.durationMs);
  out[5] = (h.count > 0 ? h.ko / h.count : NaN) - (b.count > 0 ? b.ko / b.count : NaN);
}

/**
 * The whole-run change of every metric (log ratio of pooled percentiles and of the pooled rates,
 * difference of the pooled error shares) with its paired block-bootstrap standard error, t with
 * (independent blocks − 1) degrees of freedom. Blocks beyond the shorter run are ignored; an empty
 * block (no request, or every request failed) weighs nothing in a percentile and still counts in
 * the rate and the error share. A metric with no finite estimate, or with fewer than half of its
 * replicates finite, gets no test.
 */
export function pairedBlockTests(
  head: PreparedRun,
  base: PreparedRun,
  options: { seed: number; replicates?: number; blockLength?: number },
): PairedBlockTests {
  const n = Math.min(head.segments, base.segments);
  const replicates = options.replicates ?? BLOCK_REPLICATES;
  if (n < MIN_BLOCKS) return { tests: {}, blocks: n, blockLength: 1, replicates: 0 };
  const diffs = pairDifferences(head, base);
  const blockLength = options.blockLength ?? pairedBlockLength([diffs.p50, diffs.p95, diffs.rps], n);
  // Weights over the head's and the base's own segment arrays (they may be longer than n).
  const headW = new Float64Array(head.segments);
  const baseW = new Float64Array(base.segments);
  headW.fill(1, 0, n);
  baseW.fill(1, 0, n);
  const observed = new Float64Array(METRICS.length);
  changes(head, base, headW, baseW, n, observed);

  const rng = createRng(options.seed);
  const draws = new Float64Array(n);
  const sums = new Float64Array(METRICS.length);
  const squares = new Float64Array(METRICS.length);
  const finite = new Float64Array(METRICS.length);
  const replicate = new Float64Array(METRICS.length);
  for (let r = 0; r < replicates; r++) {
    drawBlockWeights(rng, n, blockLength, draws);
    headW.set(draws);
    baseW.set(draws);
    changes(head, base, headW, baseW, n, replicate);
    for (let m = 0; m < METRICS.length; m++) {
      const value = replicate[m] ?? NaN;
      if (!Number.isFinite(value)) continue;
      // Centred on the observed change: its square sums are exact enough at these magnitudes.
      const d = value - (observed[m] ?? 0);
      sums[m] = (sums[m] ?? 0) + d;
      squares[m] = (squares[m] ?? 0) + d * d;
      finite[m] = (finite[m] ?? 0) + 1;
    }
  }

  const independent = Math.floor(n / blockLength);
  const wholeDf = Math.max(1, independent - 1);
  const tests: Partial<Record<PairMetric, PairedTest>> = {};
  METRICS.forEach((metric, m) => {
    const effect = observed[m] ?? NaN;
    const k = finite[m] ?? 0;
    if (!Number.isFinite(effect) || k < Math.max(2, replicates / 2)) return;
    const mean = (sums[m] ?? 0) / k;
    const variance = Math.max(0, ((squares[m] ?? 0) - k * mean * mean) / (k - 1));
    // Two identical variants can agree to the histogram's bucket in every replicate: the floor
    // (one bucket, 0.1% on the log scale; 0.01 points of error share) keeps t finite.
    const floor = (metric === 'error_rate' ? SHARE_SD_FLOOR : LOG_SD_FLOOR) / Math.sqrt(independent);
    const standardError = Math.max(Math.sqrt(variance), floor);
    const df =
      m < LATENCIES.length
        ? Math.min(
            wholeDf,
            Math.max(MIN_TAIL_DF, tailGroups(head, base, n, blockLength, LATENCY_PERCENTILES[LATENCIES[m]!]) - 1),
          )
        : wholeDf;
    const pValue = effect === 0 ? 1 : tUpperTail(Math.abs(effect / standardError), df);
    const half = tQuantile(0.975, df) * standardError;
    tests[metric] = { effect, standardError, df, pValue, interval: [effect - half, effect + half], pairs: n };
  });
  return { tests, blocks: n, blockLength, replicates };
}
