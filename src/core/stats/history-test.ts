// The history test: is the current run's ln(metric) inside the prediction interval of the past
// baselines' ln(metric)? The past runs came from different runners, so their spread already holds
// runner-to-runner noise, which no within-run resampling can see.
import { tQuantile, tUpperTail } from './t-distribution.js';

/** At most this many past runs are read (newest first): more adds no precision worth having, and a
 * history of 200,000 entries must cost no more than one of 100. */
export const MAX_HISTORY_READ = 100;

export interface HistoryTest {
  /** x − centre, on the log scale (or the raw scale if the caller passed raw values). */
  effect: number;
  t: number;
  df: number;
  /** One-sided, in the direction of the observed effect; NaN when an input was not a number. */
  pValue: number;
  /** 95% interval of the effect: effect ± t(0.975, df)·scale·√(1 + 1/K). */
  interval: [number, number];
  /** scale·√(1 + 1/K): the standard deviation of x − centre under no change. */
  standardError: number;
  centre: number;
  scale: number;
  /** Which scale was used: the sample standard deviation, 1.4826·MAD, or the floor. */
  scaleKind: 'stddev' | 'mad' | 'floor';
  k: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

/**
 * t = (x − ȳ) / (s·√(1 + 1/K)), df = K − 1, over the newest MAX_HISTORY_READ values. The scale is
 * max(s, 1.4826·MAD, floor): the robust scale may only widen the interval, never narrow it,
 * because with K ≈ 10 the MAD is too noisy to trust for narrowing (its efficiency is 37%, so its
 * t reference would need far fewer than K − 1 degrees of freedom), while a history with a
 * clustered core and one wild run is exactly where s alone is too small for the next wild run.
 * The floor is the smallest run-to-run spread the caller will believe: K near-identical runs are
 * not evidence of a runner with no noise. Wider only costs power; narrower costs false alarms.
 * A non-finite x or past value gives no test (p = NaN), never p = 0.
 */
export function testAgainstHistory(
  x: number,
  history: readonly number[],
  options: { floor?: number } = {},
): HistoryTest {
  const used = history.slice(0, MAX_HISTORY_READ);
  const k = used.length;
  if (k < 2) throw new RangeError(`the history test needs at least 2 past runs, got ${k}`);
  const floor = Math.max(options.floor ?? 0, 1e-9);
  const centre = used.reduce((sum, y) => sum + y, 0) / k;
  const stddev = Math.sqrt(used.reduce((sum, y) => sum + (y - centre) ** 2, 0) / (k - 1));
  const centreMedian = median(used);
  const mad = 1.4826 * median(used.map((y) => Math.abs(y - centreMedian)));
  const scale = Math.max(stddev, mad, floor);
  const scaleKind = scale === floor ? 'floor' : mad > stddev ? 'mad' : 'stddev';
  const standardError = scale * Math.sqrt(1 + 1 / k);
  const effect = x - centre;
  const t = effect / standardError;
  const df = k - 1;
  const valid = Number.isFinite(x) && used.every((y) => Number.isFinite(y));
  const pValue = !valid ? NaN : effect === 0 ? 1 : tUpperTail(Math.abs(t), df);
  const half = tQuantile(0.975, df) * standardError;
  return {
    effect,
    t,
    df,
    pValue,
    interval: [effect - half, effect + half],
    standardError,
    centre,
    scale,
    scaleKind,
    k,
  };
}

/**
 * The newest stretch of a series (newest first) since its last level shift, found as the split
 * with the largest two-sample t (each side ≥ 2 runs), kept only when it is significant after a
 * Bonferroni correction over the splits tried (two-sided 1%). A history that straddles a past
 * change would inflate s and hide the next one, or centre the test on the wrong level. Linear in
 * the newest MAX_HISTORY_READ values (prefix sums), and `floor` bounds the pooled sd from below
 * as in the test, so a near-constant history does not see a shift in every rounding difference.
 */
export function findLastChange(
  newestFirst: readonly number[],
  options: { floor?: number } = {},
): { keep: number; changeAt?: number } {
  const series = newestFirst.slice(0, MAX_HISTORY_READ);
  const n = series.length;
  if (n < 4 || !series.every((y) => Number.isFinite(y))) return { keep: n };
  const floor = options.floor ?? 0;
  // Centred first, so the sums of squares do not cancel catastrophically.
  const mean = series.reduce((s, y) => s + y, 0) / n;
  const centred = series.map((y) => y - mean);
  const sum = [0];
  const squares = [0];
  centred.forEach((y, i) => {
    sum.push((sum[i] ?? 0) + y);
    squares.push((squares[i] ?? 0) + y * y);
  });
  const totalSum = sum[n] ?? 0;
  const totalSquares = squares[n] ?? 0;
  let best = { t: 0, split: 0 };
  for (let split = 2; split <= n - 2; split++) {
    const sumA = sum[split] ?? 0;
    const sumB = totalSum - sumA;
    const nB = n - split;
    const ssA = Math.max(0, (squares[split] ?? 0) - (sumA * sumA) / split);
    const ssB = Math.max(0, totalSquares - (squares[split] ?? 0) - (sumB * sumB) / nB);
    const pooled = Math.max((ssA + ssB) / (n - 2), floor * floor, 1e-18);
    const se = Math.sqrt(pooled * (1 / split + 1 / nB));
    const t = Math.abs(sumA / split - sumB / nB) / se;
    if (t > best.t) best = { t, split };
  }
  const splits = n - 3;
  const pTwoSided = 2 * tUpperTail(best.t, n - 2);
  if (pTwoSided * splits < 0.01) return { keep: best.split, changeAt: best.split };
  return { keep: n };
}
