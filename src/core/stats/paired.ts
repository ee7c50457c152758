// The A/B test over segment pairs: head segment i against base segment i, run on the same runner at
// the same moment (duet) or back to back in a randomised order (alternate). Each pair gives one
// difference per metric (a log ratio, or for the error rate a difference of shares). Latencies and
// rates are tested by Yuen's paired t on the 20%-trimmed mean of those differences, the error rate
// by the plain paired t (its differences are mostly exact zeros, which trimming cannot help). The
// paired t was chosen over a paired block bootstrap, a studentized bootstrap, a sign-flip test and a
// pooled estimate with a jackknife variance by its calibration in simulation at 8–40 pairs
// (bench/ab/README.md): the bootstraps are anti-conservative at these pair counts, the sign-flip's
// p-values are floored at 2^−n. Yuen's version is as well calibrated there, and on real busy
// runners, where a few pairs carry a stall of one variant alone, it is the more powerful one.
import { quantileUs, type LatencyMetric, LATENCY_PERCENTILES, type PreparedRun } from './bootstrap.js';
import { tQuantile, tUpperTail } from './t-distribution.js';

export interface PairedTest {
  /** Mean of the per-pair differences (log scale for latencies and rps). */
  effect: number;
  standardError: number;
  df: number;
  /** One-sided, in the direction of the observed effect (1 when there is none). */
  pValue: number;
  /** Two-sided 95% t interval of the effect. */
  interval: [number, number];
  pairs: number;
}

/**
 * HDR histograms keep 3 significant digits, so two segments' percentiles that agree to the
 * bucket have a log ratio of exactly 0: identical variants would give a zero variance and a t of
 * 0/0. The per-pair sd is floored at one bucket's width (0.1% on the log scale); for error-rate
 * differences (absolute shares) at 0.01 points.
 */
export const LOG_SD_FLOOR = 1e-3;
export const SHARE_SD_FLOOR = 1e-4;

/** Paired t on the per-pair differences; undefined with fewer than 2 finite pairs. */
export function pairedTTest(differences: readonly number[], sdFloor = LOG_SD_FLOOR): PairedTest | undefined {
  const finite = differences.filter((d) => Number.isFinite(d));
  const n = finite.length;
  if (n < 2) return undefined;
  const mean = finite.reduce((sum, d) => sum + d, 0) / n;
  const variance = finite.reduce((sum, d) => sum + (d - mean) ** 2, 0) / (n - 1);
  const sd = Math.max(Math.sqrt(variance), sdFloor);
  const standardError = sd / Math.sqrt(n);
  const df = n - 1;
  const t = mean / standardError;
  // The tail itself, not 1 − CDF, so that a clear change keeps its p-value below 1e-16.
  const pValue = mean === 0 ? 1 : tUpperTail(Math.abs(t), df);
  const half = tQuantile(0.975, df) * standardError;
  return { effect: mean, standardError, df, pValue, interval: [mean - half, mean + half], pairs: n };
}

/** Share of the pairs trimmed from each end by the latency and rate test (Yuen's usual 20%). */
export const PAIR_TRIM = 0.2;
/** From this many pairs on the test trims (at least 6 kept, df ≥ 5); below, it is the plain paired t. */
export const MIN_TRIMMED_PAIRS = 8;

/**
 * Yuen's paired test on the trimmed mean of the per-pair differences. On a busy runner most pairs
 * of a percentile agree closely while a few carry a stall that hit one variant alone (a process
 * descheduled, a GC pause): in one of our real duet runs at 1,000 req/s, 14 of the 20 p95 pairs of
 * a +9% head read +8% or +9% and the other six −9% to +38%. The sd of all pairs is inflated by
 * those few (standard error 1.9% around a mean of +7.9%); the 20% trimmed mean's is not (0.66%
 * around +8.5%). Under A/A the two variants are
 * exchangeable, so the differences are symmetric about 0 and trimming both ends keeps the test
 * centred. The standard error comes from the winsorized variance, df = h − 2 with h the pairs kept
 * (the one-sample trimmed t of Tukey and McLaughlin on the differences, as Wilcox gives it in
 * Introduction to Robust Estimation, ch. 4–5; Yuen's name is usual for it in the paired case).
 * Below MIN_TRIMMED_PAIRS nothing is trimmed and this is the plain paired t.
 */
export function trimmedPairedTest(
  differences: readonly number[],
  sdFloor = LOG_SD_FLOOR,
  trim = PAIR_TRIM,
): PairedTest | undefined {
  const sorted = differences.filter((d) => Number.isFinite(d)).sort((a, b) => a - b);
  const n = sorted.length;
  // Below 8 pairs a trimmed pair costs more degrees of freedom than the trimming can win back
  // (5 pairs would leave df 2, fewer than 4 untrimmed ones have).
  const g = n < MIN_TRIMMED_PAIRS ? 0 : Math.floor(trim * n);
  if (g === 0) return pairedTTest(sorted, sdFloor);
  const kept = n - 2 * g;
  if (kept < 2) return undefined;
  const low = sorted[g]!;
  const high = sorted[n - g - 1]!;
  let trimmedSum = 0;
  for (let i = g; i < n - g; i++) trimmedSum += sorted[i]!;
  const mean = trimmedSum / kept;
  const winsorized = sorted.map((d) => Math.min(high, Math.max(low, d)));
  const winsorizedMean = winsorized.reduce((sum, d) => sum + d, 0) / n;
  const winsorizedVariance = winsorized.reduce((sum, d) => sum + (d - winsorizedMean) ** 2, 0) / (n - 1);
  const sd = Math.max(Math.sqrt(winsorizedVariance), sdFloor);
  const standardError = Math.sqrt(((n - 1) * sd * sd) / (kept * (kept - 1)));
  // Tukey–McLaughlin give h − 1; one fewer keeps the tail honest at the small α that Holm asks
  // for when the pairs are near normal (h − 1 rejected 1.2–1.5× the nominal rate at 0.25% there,
  // h − 2 at most 1.2×), while heavy-tailed pairs stay conservative (0.3–0.96×): the table in
  // bench/ab/README.md, section 1c.
  const df = kept - 2;
  const t = mean / standardError;
  const pValue = mean === 0 ? 1 : tUpperTail(Math.abs(t), df);
  const half = tQuantile(0.975, df) * standardError;
  return { effect: mean, standardError, df, pValue, interval: [mean - half, mean + half], pairs: n };
}

/** The percentile (µs) of one segment alone; NaN when it recorded nothing. */
export function segmentQuantileUs(run: PreparedRun, segment: number, percentile: number): number {
  const weights = new Float64Array(run.segments);
  weights[segment] = 1;
  return quantileUs(run, weights, percentile);
}

export type PairMetric = LatencyMetric | 'rps' | 'error_rate';

/** The per-pair differences of every metric: ln Q_p(head_i) − ln Q_p(base_i), ln rps ratio, and the
 * error-rate difference. Pairs beyond the shorter run are ignored (the engine records equal counts). */
export function pairDifferences(head: PreparedRun, base: PreparedRun): Record<PairMetric, number[]> {
  const n = Math.min(head.segments, base.segments);
  const out: Record<PairMetric, number[]> = { p50: [], p90: [], p95: [], p99: [], rps: [], error_rate: [] };
  for (let i = 0; i < n; i++) {
    for (const metric of Object.keys(LATENCY_PERCENTILES) as LatencyMetric[]) {
      const percentile = LATENCY_PERCENTILES[metric];
      out[metric].push(
        Math.log(segmentQuantileUs(head, i, percentile)) - Math.log(segmentQuantileUs(base, i, percentile)),
      );
    }
    const rate = (run: PreparedRun): number => (run.count[i] ?? 0) / Math.max(1e-9, run.durationMs[i] ?? 0);
    out.rps.push(Math.log(rate(head)) - Math.log(rate(base)));
    const share = (run: PreparedRun): number =>
      (run.count[i] ?? 0) > 0 ? (run.ko[i] ?? 0) / (run.count[i] ?? 1) : NaN;
    out.error_rate.push(share(head) - share(base));
  }
  return out;
}
