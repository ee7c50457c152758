// A reimplementation of Apache Otava's change point detection (otava/analysis.py and
// otava/change_point_divisive/, read from github.com/apache/otava at 1ceb153; PyPI is not
// reachable from the machine this was written on), for bench/stats/trends.ts to compare with:
// E-divisive means (Matteson & James 2014, the pairwise-distance statistic QQ with power 1) in
// sliding windows of 50 runs (step 25), each candidate tested with Student's t-test of the two
// sides at 10 × max_pvalue ("weak" change points), then Hunter's merge step (Fleming et al. 2023):
// the weakest change point, by p-value, goes until every one is below max_pvalue.
import { tUpperTail } from '../../../src/core/stats/t-distribution.js';

interface Point {
  index: number;
  qhat: number;
  pValue: number;
}

/** The E-divisive candidate of x[start, end): τ (and κ) maximising QQ(x[start:τ], x[τ:κ]). */
function candidate(x: readonly number[], start: number, end: number): { index: number; qhat: number } | undefined {
  if (end - start < 2) return undefined;
  let best = { index: -1, qhat: -Infinity };
  for (let tau = start + 1; tau < end; tau++) {
    const n = tau - start;
    let withinLeft = 0;
    for (let i = start; i < tau; i++) for (let k = i + 1; k < tau; k++) withinLeft += Math.abs(x[i]! - x[k]!);
    let between = 0;
    let withinRight = 0;
    for (let kappa = tau + 1; kappa <= end; kappa++) {
      const j = kappa - 1; // the newest element of the right side
      for (let i = start; i < tau; i++) between += Math.abs(x[i]! - x[j]!);
      for (let k = tau; k < j; k++) withinRight += Math.abs(x[k]! - x[j]!);
      const m = kappa - tau;
      const q =
        (2 / (m + n)) * between -
        (n > 1 ? ((2 * m) / (m + n) / (n - 1)) * withinLeft : 0) -
        (m > 1 ? ((2 * n) / (m + n) / (m - 1)) * withinRight : 0);
      if (q > best.qhat) best = { index: tau, qhat: q };
    }
  }
  return best.index < 0 ? undefined : best;
}

/** scipy's ttest_ind_from_stats(equal_var=True) given numpy's std (ddof 0), as Otava calls it. */
function tTest(left: readonly number[], right: readonly number[]): number {
  const n1 = left.length;
  const n2 = right.length;
  if (n1 === 0 || n2 === 0 || n1 + n2 <= 2) return 1;
  const mean = (v: readonly number[]) => v.reduce((s, a) => s + a, 0) / v.length;
  const std = (v: readonly number[], m: number) =>
    v.length >= 2 ? Math.sqrt(v.reduce((s, a) => s + (a - m) ** 2, 0) / v.length) : 0;
  const m1 = mean(left);
  const m2 = mean(right);
  const s1 = std(left, m1);
  const s2 = std(right, m2);
  const df = n1 + n2 - 2;
  const pooled = ((n1 - 1) * s1 * s1 + (n2 - 1) * s2 * s2) / df;
  const se = Math.sqrt(pooled * (1 / n1 + 1 / n2));
  if (se === 0) return m1 === m2 ? 1 : 0;
  return 2 * tUpperTail(Math.abs(m1 - m2) / se, df);
}

function intervalsOf(points: readonly Point[], start: number, end: number): [number, number][] {
  const bounds = [start, ...points.map((p) => p.index), end];
  return bounds
    .slice(0, -1)
    .map((a, i): [number, number] => [a, bounds[i + 1]!])
    .filter(([a, b]) => a !== b);
}

/** The p-value of a change point between the intervals around it. */
function retest(x: readonly number[], index: number, intervals: readonly [number, number][]): number {
  for (let i = 0; i < intervals.length; i++) {
    const [a, b] = intervals[i]!;
    if (b === index && intervals[i + 1]) return tTest(x.slice(a, b), x.slice(b, intervals[i + 1]![1]));
    if (a < index && index < b) return tTest(x.slice(a, index), x.slice(index, b));
  }
  return 1;
}

/** ChangePointDetector.get_change_points on x[start, end) with the t-test tester. */
function detectWindow(x: readonly number[], start: number, end: number, maxP: number): Point[] {
  const points: Point[] = [];
  for (;;) {
    const intervals = intervalsOf(points, start, end);
    let best: { index: number; qhat: number } | undefined;
    for (const [a, b] of intervals) {
      const c = candidate(x, a, b);
      if (c && (!best || c.qhat > best.qhat)) best = c;
    }
    if (!best) break;
    const pValue = retest(x, best.index, intervals);
    if (pValue > maxP) break;
    points.push({ ...best, pValue });
    points.sort((p, q) => p.index - q.index);
  }
  return points;
}

/** Otava's compute_change_points(series, window_len 50, max_pvalue 0.001, min_magnitude 0): the indices. */
export function otavaChangePoints(x: readonly number[], maxP = 0.001, window = 50): number[] {
  const step = Math.floor(window / 2);
  const weak: Point[] = [];
  for (let start = 0; start < x.length;) {
    const end = Math.min(start + window, x.length);
    const found = detectWindow(x, start, end, maxP * 10);
    for (const p of found) if (!weak.some((w) => w.index === p.index)) weak.push(p);
    start = Math.max(found.at(-1)?.index ?? 0, start + step);
  }
  weak.sort((a, b) => a.index - b.index);
  let points = weak.map((p, _, all) => ({ ...p, pValue: retest(x, p.index, intervalsOf(all, 0, x.length)) }));
  // Merge: drop the weakest while any p-value is at or above max_pvalue (min_magnitude 0 keeps the rest).
  while (points.length > 0) {
    const weakest = points.reduce((w, p) => (p.pValue > w.pValue ? p : w));
    if (weakest.pValue < maxP) break;
    points = points.filter((p) => p !== weakest);
    const intervals = intervalsOf(points, 0, x.length);
    points = points.map((p) => ({ ...p, pValue: retest(x, p.index, intervals) }));
  }
  return points.map((p) => p.index);
}
