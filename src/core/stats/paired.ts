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
export function pairedTTest(
  differences: readonly number[],
  sdFloor = LOG_SD_FLOOR,
  serial: SerialCorrection = 'none',
): PairedTest | undefined {
  const finite = differences.filter((d) => Number.isFinite(d));
  const n = finite.length;
  if (n < 2) return undefined;
  const mean = finite.reduce((sum, d) => sum + d, 0) / n;
  const variance = finite.reduce((sum, d) => sum + (d - mean) ** 2, 0) / (n - 1);
  const sd = Math.max(Math.sqrt(variance), sdFloor);
  const correction = serialCorrection(finite, sd > sdFloor ? serial : 'none');
  const standardError = (sd * Math.sqrt(correction.factor)) / Math.sqrt(n);
  const df = Math.max(1, (n - 1) * correction.dfShare);
  const t = mean / standardError;
  // The tail itself, not 1 − CDF, so that a clear change keeps its p-value below 1e-16.
  const pValue = mean === 0 ? 1 : tUpperTail(Math.abs(t), df);
  const half = tQuantile(0.975, df) * standardError;
  return { effect: mean, standardError, df, pValue, interval: [mean - half, mean + half], pairs: n };
}

/**
 * How the pairs' serial correlation enters the standard error. A per-process state that persists
 * over segments (a JIT tier, a cache, a GC heap that drifts) makes neighbouring pair differences
 * alike, and the IID variance then understates the mean's: an AR(1) of sd 1.4% per variant took
 * duet p50 to 2p ≤ 5% in a quarter of A/A runs. Every AR(1) method estimates the lag-1
 * autocorrelation ρ of the (winsorized) differences in time order and corrects its small-sample
 * bias (+(1 + 3ρ)/n, Kendall); the variance is multiplied by (1 + ρ)/(1 − ρ), the AR(1) variance of
 * a mean.
 * - `ar1-bounded` (the default) takes ρ 1.25 standard errors (√((1 − ρ²)/n)) above that estimate,
 *   caps it at 0.6 (a factor of at most 4), and multiplies the degrees of freedom by
 *   (1 − ρ²)/(1 + ρ²), the effective df of an AR(1) series' sample variance (by Bartlett's formula,
 *   Var(s²) ≈ 2σ⁴(1 + ρ²)/(n(1 − ρ²)) against 2σ⁴/n): at least 0.47 of the IID df.
 * - `ar1-upper` (the earlier choice) adds one standard error, caps ρ at 0.9 and divides the df by
 *   the variance factor: at 12 pairs a series with ρ̂ = 0.4 (real A/A p50 pairs read 0.40–0.43)
 *   took ρ to 0.85, a factor of 12 and df 1, and a real +42% head once read "inconclusive".
 * - `ar1` is the bias-corrected estimate alone (df divided by the factor); `newey-west` uses
 *   Bartlett weights over ⌈n^⅓⌉ lags. None goes below the IID variance.
 * Chosen by calibration in bench/stats/serial.ts and real runs in bench/ab/serial-real.mjs
 * (docs/design/statistics.md, "Serial correlation").
 */
export type SerialCorrection = 'none' | 'ar1' | 'ar1-upper' | 'ar1-bounded' | 'newey-west';
export const DEFAULT_SERIAL: SerialCorrection = 'ar1-bounded';
/** ar1-upper's and ar1's cap on ρ: beyond it 12–40 pairs hold less than one independent pair. */
const MAX_RHO = 0.9;
/**
 * ar1-bounded's cap. In the simulation the false-regression rates at φ ≤ 0.5 were the same with a
 * cap of 0.9 and of 0.6 (duet, 12 and 24 pairs: 0.98% and 1.08% against 1.02% and 1.08% per
 * metric, margin 1), while the cap of 0.9 cost up to a third of the power and left a real run
 * whose pairs wander (lag-1 ρ̂ 0.4 at 12 pairs) at df 1.
 */
export const BOUNDED_MAX_RHO = 0.6;
/** ar1-bounded's margin, in standard errors of ρ̂: 1.25 keeps duet at φ = 0.5 under 1% per metric. */
export const BOUNDED_MARGIN = 1.25;
/**
 * Below this many pairs ρ is not estimated: the margin alone (√(1/n) = 0.5 at 4 pairs) with the bias
 * term takes ρ to its cap whatever the series. Such short runs are warned about by the config
 * (fewer than 8 segments), and their verdict rests on the plain paired t.
 */
export const MIN_SERIAL_PAIRS = 8;

function autocovariances(series: readonly number[], lags: number): number[] {
  const n = series.length;
  const mean = series.reduce((sum, d) => sum + d, 0) / n;
  const out: number[] = [];
  for (let k = 0; k <= lags; k++) {
    let sum = 0;
    for (let i = k; i < n; i++) sum += ((series[i] ?? 0) - mean) * ((series[i - k] ?? 0) - mean);
    out.push(sum / n);
  }
  return out;
}

/**
 * The factor on the IID variance of the mean and the share of the IID degrees of freedom kept, for
 * the differences in time order; `rho` is the ρ used (AR(1) methods).
 */
export function serialCorrection(
  series: readonly number[],
  method: SerialCorrection,
): { factor: number; dfShare: number; rho?: number } {
  const n = series.length;
  if (method === 'none' || n < MIN_SERIAL_PAIRS) return { factor: 1, dfShare: 1 };
  if (method === 'ar1' || method === 'ar1-upper' || method === 'ar1-bounded') {
    const [g0 = 0, g1 = 0] = autocovariances(series, 1);
    if (!(g0 > 0)) return { factor: 1, dfShare: 1 };
    const raw = g1 / g0;
    // The estimate's own spread (one standard error is 0.27 at 12 pairs) is what leaves plain ar1
    // anti-conservative: the upper methods take ρ that far above it.
    const z = method === 'ar1-bounded' ? BOUNDED_MARGIN : method === 'ar1-upper' ? 1 : 0;
    const margin = z * Math.sqrt(Math.max(0, 1 - raw * raw) / n);
    const cap = method === 'ar1-bounded' ? BOUNDED_MAX_RHO : MAX_RHO;
    const rho = Math.min(cap, Math.max(0, raw + (1 + 3 * raw) / n + margin));
    const factor = (1 + rho) / (1 - rho);
    const dfShare = method === 'ar1-bounded' ? (1 - rho * rho) / (1 + rho * rho) : 1 / factor;
    return { factor, dfShare, rho };
  }
  const lags = Math.min(n - 1, Math.ceil(Math.cbrt(n)));
  const gammas = autocovariances(series, lags);
  const g0 = gammas[0] ?? 0;
  if (!(g0 > 0)) return { factor: 1, dfShare: 1 };
  let longRun = g0;
  for (let k = 1; k <= lags; k++) longRun += 2 * (1 - k / (lags + 1)) * (gammas[k] ?? 0);
  const factor = Math.max(1, longRun / g0);
  return { factor, dfShare: 1 / factor };
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
  serial: SerialCorrection = DEFAULT_SERIAL,
): PairedTest | undefined {
  const inOrder = differences.filter((d) => Number.isFinite(d));
  const sorted = [...inOrder].sort((a, b) => a - b);
  const n = sorted.length;
  // Below 8 pairs a trimmed pair costs more degrees of freedom than the trimming can win back
  // (5 pairs would leave df 2, fewer than 4 untrimmed ones have).
  const g = n < MIN_TRIMMED_PAIRS ? 0 : Math.floor(trim * n);
  if (g === 0) return pairedTTest(inOrder, sdFloor, serial);
  const kept = n - 2 * g;
  if (kept < 2) return undefined;
  const low = sorted[g]!;
  const high = sorted[n - g - 1]!;
  let trimmedSum = 0;
  for (let i = g; i < n - g; i++) trimmedSum += sorted[i]!;
  const mean = trimmedSum / kept;
  // Winsorized in time order, so that the serial correction sees the pairs' sequence.
  const winsorized = inOrder.map((d) => Math.min(high, Math.max(low, d)));
  const winsorizedMean = winsorized.reduce((sum, d) => sum + d, 0) / n;
  const winsorizedVariance = winsorized.reduce((sum, d) => sum + (d - winsorizedMean) ** 2, 0) / (n - 1);
  const sd = Math.max(Math.sqrt(winsorizedVariance), sdFloor);
  // At the floor the pairs agree to the bucket: their "correlation" is the histogram's rounding.
  const correction = serialCorrection(winsorized, sd > sdFloor ? serial : 'none');
  const standardError = Math.sqrt((correction.factor * ((n - 1) * sd * sd)) / (kept * (kept - 1)));
  // Tukey–McLaughlin give h − 1; one fewer keeps the tail honest at the small α that Holm asks
  // for when the pairs are near normal (h − 1 rejected 1.2–1.5× the nominal rate at 0.25% there,
  // h − 2 at most 1.2×), while heavy-tailed pairs stay conservative (0.3–0.96×): the table in
  // bench/ab/README.md, section 1c.
  const df = Math.max(1, (kept - 2) * correction.dfShare);
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

/**
 * The whole-run change of a percentile: ln Q_p of the head's pooled pairs − ln Q_p of the base's,
 * with a jackknife-over-pairs standard error (leave one pair out of both variants; pseudo-values
 * in time order, through the same serial correction), t with n − 1 degrees of freedom. It is the
 * estimand users read (the ratio of the whole-run values), where the trimmed mean leaves out a
 * change that a few pairs carry: a head that stalls 3× as often moved whole-run p99 by +10.4% while
 * the pairs' trimmed mean read +5.5%. Calibrated in simulation at 8–40 pairs (bench/ab/README.md,
 * "pooled estimate, jackknife-over-pairs SE": 1.7–5.6% at nominal 5%).
 */
export function wholeRunTest(
  head: PreparedRun,
  base: PreparedRun,
  percentile: number,
  serial: SerialCorrection = DEFAULT_SERIAL,
): PairedTest | undefined {
  const n = Math.min(head.segments, base.segments);
  if (n < 4) return undefined;
  const pooledLog = (leaveOut: number): number => {
    const headWeights = new Float64Array(head.segments);
    const baseWeights = new Float64Array(base.segments);
    for (let i = 0; i < n; i++) {
      headWeights[i] = i === leaveOut ? 0 : 1;
      baseWeights[i] = i === leaveOut ? 0 : 1;
    }
    return Math.log(quantileUs(head, headWeights, percentile)) - Math.log(quantileUs(base, baseWeights, percentile));
  };
  const effect = pooledLog(-1);
  if (!Number.isFinite(effect)) return undefined;
  const pseudo: number[] = [];
  for (let i = 0; i < n; i++) {
    const without = pooledLog(i);
    if (!Number.isFinite(without)) return undefined;
    pseudo.push(n * effect - (n - 1) * without);
  }
  const mean = pseudo.reduce((sum, d) => sum + d, 0) / n;
  const variance = pseudo.reduce((sum, d) => sum + (d - mean) ** 2, 0) / (n - 1);
  const correction = serialCorrection(pseudo, serial);
  const standardError = Math.max(Math.sqrt((correction.factor * variance) / n), LOG_SD_FLOOR / Math.sqrt(n));
  const df = Math.max(1, (n - 1) * correction.dfShare);
  const pValue = effect === 0 ? 1 : tUpperTail(Math.abs(effect / standardError), df);
  const half = tQuantile(0.975, df) * standardError;
  return { effect, standardError, df, pValue, interval: [effect - half, effect + half], pairs: n };
}
