// The history test: is the current run's ln(metric) inside the prediction interval of the past
// baselines' ln(metric)? The past runs came from different runners, so their spread already holds
// runner-to-runner noise, which no within-run resampling can see.
import { HISTORY_CALIBRATION } from './history-calibration.js';
import { tQuantile, tUpperTail } from './t-distribution.js';

/** At most this many past runs are read (newest first): more adds no precision worth having, and a
 * history of 200,000 entries must cost no more than one of 100. */
export const MAX_HISTORY_READ = 100;

/** A past run farther than this many Qn from the median is a bad run and left out: at 5 a normal
 * history loses a run in well under 1% of draws (the calibration counts those too), while a run
 * on a runner 3× slower sits 20+ sd away at a 5% runner. */
export const BAD_RUN_QN = 5;

export interface HistoryTest {
  /** x − centre, on the log scale (or the raw scale if the caller passed raw values). */
  effect: number;
  t: number;
  df: number;
  /** One-sided, in the direction of the observed effect; NaN when an input was not a number. */
  pValue: number;
  /** 95% interval of the effect: effect ± t(0.975, df)·standardError. */
  interval: [number, number];
  /** λ·scale·√(1 + 1/K′): the standard deviation of x − centre under no change, on the scale of
   * a t with df degrees of freedom. */
  standardError: number;
  centre: number;
  scale: number;
  /** Which scale was used: the kept runs' standard deviation, or the floor. */
  scaleKind: 'stddev' | 'floor';
  /** The past runs read (K). */
  k: number;
  /** How many of them were left out as bad runs (K − K′), the farthest first. */
  left: number;
  /** How far the farthest run left out lay from the median, in Qn (0 when none was). */
  farthest: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

/** Croux & Rousseeuw's small-sample factors of Qn (1992), then their large-n approximation. */
const QN_SMALL: Record<number, number> = {
  2: 0.399,
  3: 0.994,
  4: 0.512,
  5: 0.844,
  6: 0.611,
  7: 0.857,
  8: 0.669,
  9: 0.872,
};

/**
 * Rousseeuw–Croux Qn, scaled to the standard deviation of normal data: the h(h−1)/2-th smallest of
 * the K(K−1)/2 pairwise distances, h = ⌊K/2⌋ + 1. Up to half the runs cannot move it however far
 * they land, and it keeps 82% of the standard deviation's efficiency (the MAD 37%), so it can tell
 * a bad run from a noisy history with few runs. O(K²) over at most MAX_HISTORY_READ runs.
 */
export function qnScale(values: readonly number[]): number {
  const k = values.length;
  if (k < 2) return NaN;
  const distances: number[] = [];
  for (let i = 0; i < k; i++)
    for (let j = i + 1; j < k; j++) distances.push(Math.abs((values[i] ?? NaN) - (values[j] ?? NaN)));
  distances.sort((a, b) => a - b);
  const h = (k >> 1) + 1;
  const rank = (h * (h - 1)) / 2;
  const small = QN_SMALL[k] ?? (k % 2 === 1 ? k / (k + 1.4) : k / (k + 3.8));
  return 2.2219 * small * (distances[rank - 1] ?? NaN);
}

/** At most this many bad runs are left out of K: a majority, and at least 4 runs, always stay. */
export function maxLeftOut(k: number): number {
  return Math.max(0, Math.min((k - 1) >> 1, k - 4));
}

/** λ and ν at K past runs of which `cut` were left out, from HISTORY_CALIBRATION: the row of that
 * cut (the largest listed for K when the simulation never reached `cut` often enough), exact at the
 * listed K, linear in 1/K between them, the first K below them and the last beyond them. */
export function historyCalibration(k: number, cut = 0): { lambda: number; nu: number } {
  const at = (kk: number): { lambda: number; nu: number } => {
    const rows = HISTORY_CALIBRATION.filter((row) => row[0] === kk);
    const row =
      rows.find((r) => r[1] === cut) ??
      rows.reduce<(typeof rows)[number] | undefined>(
        (best, r) => (best === undefined || r[1] > best[1] ? r : best),
        undefined,
      );
    if (row === undefined) throw new Error(`HISTORY_CALIBRATION has no row for K = ${kk}`);
    return { lambda: row[2], nu: row[3] };
  };
  const ks = [...new Set(HISTORY_CALIBRATION.map((row) => row[0]))].sort((a, b) => a - b);
  const first = ks[0];
  const last = ks[ks.length - 1];
  if (first === undefined || last === undefined) throw new Error('HISTORY_CALIBRATION is empty');
  if (k <= first) return at(first);
  if (k >= last) return at(last);
  const hi = ks.find((kk) => kk >= k) ?? last;
  const lo = [...ks].reverse().find((kk) => kk <= k) ?? first;
  if (hi === lo) return at(hi);
  const a = at(lo);
  const b = at(hi);
  const w = (1 / lo - 1 / k) / (1 / lo - 1 / hi);
  return { lambda: a.lambda + w * (b.lambda - a.lambda), nu: a.nu + w * (b.nu - a.nu) };
}

/**
 * t = (x − ȳ′) / (λ·s′·√(1 + 1/K′)) against t(ν), over the newest MAX_HISTORY_READ values, where ȳ′
 * and s′ are the mean and sd of the K′ runs left after the bad ones: those farther than
 * BAD_RUN_QN·Qn from the median (at most maxLeftOut(K), the farthest first). One run of seven on a
 * runner 3× slower would otherwise make s ten times the others' spread and hide a +176% head.
 * λ and ν come from simulating this whole procedure (bench/stats/history-calibrate.py) per K and
 * per number of runs left out, on normal and t₄ run-to-run noise with 0–2 bad runs, because real
 * runners have heavy tails and a t(K − 1) reference rejected 1.7–2.6× its level on t₄ noise. The
 * level is held per number of runs left out, at every level from 5% down to 0.05%, except where
 * that would blind a history with one bad run: at K = 5 a clean history that lost a good run by
 * chance (Qn was small: 6–8% of them) keeps a remainder tighter than the noise, and those draws set
 * the row of one run left out so wide that one real bad run of five hid +20 sd in 70% of runs.
 * There the level is held over all the draws of each kind of history, which they then share.
 * t₃-tailed noise is not covered, nor t₄ fully at K = 6–10 (up to 1.7× the level at 0.05/6;
 * docs/design/statistics.md). The floor is the smallest run-to-run
 * spread the caller will believe (it bounds Qn and s′ from below): K near-identical runs are not
 * evidence of a runner with no noise.
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
  const centreMedian = median(used);
  const qn = Math.max(qnScale(used), floor);
  const farthestFirst = used
    .map((y, i) => ({ i, deviation: Math.abs(y - centreMedian) }))
    .sort((a, b) => b.deviation - a.deviation);
  const bad = new Set(
    farthestFirst
      .slice(0, maxLeftOut(k))
      .filter((run) => run.deviation > BAD_RUN_QN * qn)
      .map((run) => run.i),
  );
  const kept = used.filter((_, i) => !bad.has(i));
  const kk = kept.length;
  const centre = kept.reduce((sum, y) => sum + y, 0) / kk;
  const stddev = Math.sqrt(kept.reduce((sum, y) => sum + (y - centre) ** 2, 0) / (kk - 1));
  const scale = Math.max(stddev, floor);
  const { lambda, nu } = historyCalibration(k, bad.size);
  const standardError = lambda * scale * Math.sqrt(1 + 1 / kk);
  const effect = x - centre;
  const t = effect / standardError;
  const valid = Number.isFinite(x) && used.every((y) => Number.isFinite(y));
  const pValue = !valid ? NaN : effect === 0 ? 1 : tUpperTail(Math.abs(t), nu);
  const half = tQuantile(0.975, nu) * standardError;
  return {
    effect,
    t,
    df: nu,
    pValue,
    interval: [effect - half, effect + half],
    standardError,
    centre,
    scale,
    scaleKind: stddev >= floor ? 'stddev' : 'floor',
    k,
    left: bad.size,
    farthest: bad.size > 0 ? (farthestFirst[0]?.deviation ?? 0) / qn : 0,
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
