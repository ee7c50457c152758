// The history test: is the current run's ln(metric) inside the prediction interval of the past
// baselines' ln(metric)? The past runs came from different runners, so their spread already holds
// runner-to-runner noise, which no within-run resampling can see.
import { tCdf, tQuantile } from './t-distribution.js';

export interface HistoryTest {
  /** x − centre, on the log scale (or the raw scale if the caller passed raw values). */
  effect: number;
  t: number;
  df: number;
  /** One-sided, in the direction of the observed effect. */
  pValue: number;
  /** 95% interval of the effect: effect ± t(0.975, df)·scale·√(1 + 1/K). */
  interval: [number, number];
  /** scale·√(1 + 1/K): the standard deviation of x − centre under no change. */
  standardError: number;
  centre: number;
  scale: number;
  /** Which scale was used: the sample standard deviation or 1.4826·MAD, whichever is larger. */
  scaleKind: 'stddev' | 'mad';
  k: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

/**
 * t = (x − ȳ) / (s·√(1 + 1/K)), df = K − 1. The scale is max(s, 1.4826·MAD): the robust scale may
 * only widen the interval, never narrow it, because with K ≈ 10 the MAD is too noisy to trust for
 * narrowing (its efficiency is 37%, so its t reference would need far fewer than K − 1 degrees of
 * freedom), while a history with a clustered core and one wild run is exactly where s alone is too
 * small for the next wild run. Wider only costs power; narrower costs false alarms.
 */
export function testAgainstHistory(x: number, history: readonly number[]): HistoryTest {
  const k = history.length;
  if (k < 2) throw new RangeError(`the history test needs at least 2 past runs, got ${k}`);
  const centre = history.reduce((sum, y) => sum + y, 0) / k;
  const stddev = Math.sqrt(history.reduce((sum, y) => sum + (y - centre) ** 2, 0) / (k - 1));
  const centreMedian = median(history);
  const mad = 1.4826 * median(history.map((y) => Math.abs(y - centreMedian)));
  const scaleKind = mad > stddev ? 'mad' : 'stddev';
  // A history of identical values would make any difference infinitely significant.
  const scale = Math.max(stddev, mad, 1e-9);
  const standardError = scale * Math.sqrt(1 + 1 / k);
  const effect = x - centre;
  const t = effect / standardError;
  const df = k - 1;
  const pValue = effect === 0 ? 1 : effect > 0 ? 1 - tCdf(t, df) : tCdf(t, df);
  const half = tQuantile(0.975, df) * standardError;
  return { effect, t, df, pValue, interval: [effect - half, effect + half], standardError, centre, scale, scaleKind, k };
}

/**
 * The newest stretch of a series (newest first) since its last level shift, found as the split
 * with the largest two-sample t (each side ≥ 2 runs), kept only when it is significant after a
 * Bonferroni correction over the splits tried (two-sided 1%). A history that straddles a past
 * change would inflate s and hide the next one, or centre the test on the wrong level.
 */
export function findLastChange(newestFirst: readonly number[]): { keep: number; changeAt?: number } {
  const n = newestFirst.length;
  if (n < 4) return { keep: n };
  let best = { t: 0, split: 0 };
  for (let split = 2; split <= n - 2; split++) {
    const a = newestFirst.slice(0, split);
    const b = newestFirst.slice(split);
    const meanA = a.reduce((s, y) => s + y, 0) / a.length;
    const meanB = b.reduce((s, y) => s + y, 0) / b.length;
    const pooled =
      (a.reduce((s, y) => s + (y - meanA) ** 2, 0) + b.reduce((s, y) => s + (y - meanB) ** 2, 0)) / (n - 2);
    const se = Math.sqrt(Math.max(pooled, 1e-18) * (1 / a.length + 1 / b.length));
    const t = Math.abs(meanA - meanB) / se;
    if (t > best.t) best = { t, split };
  }
  const splits = n - 3;
  const pTwoSided = 2 * (1 - tCdf(best.t, n - 2));
  if (pTwoSided * splits < 0.01) return { keep: best.split, changeAt: best.split };
  return { keep: n };
}
