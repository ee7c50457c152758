import { describe, expect, it } from 'vitest';
import {
  findLastChange,
  historyCalibration,
  MAX_HISTORY_READ,
  maxLeftOut,
  qnScale,
  testAgainstHistory,
} from '../../../src/core/stats/history-test.js';
import { HISTORY_CALIBRATION } from '../../../src/core/stats/history-calibration.js';
import { createRng } from '../../../src/core/stats/prng.js';
import { tQuantile, tUpperTail } from '../../../src/core/stats/t-distribution.js';

describe('testAgainstHistory', () => {
  it('matches a hand computation: y = 1..5, x = 7', () => {
    // No run lies 5 Qn from the median (Qn: the 3rd smallest of the 10 pairwise distances, 1, times
    // 2.2219 and the small-sample factor 0.844 at K = 5), so all 5 are kept: ȳ = 3, s = √2.5,
    // t = 4 / (λ·√2.5·√1.2) against t(ν), λ and ν from the calibration at K = 5 with none left out.
    expect(qnScale([1, 2, 3, 4, 5])).toBeCloseTo(2.2219 * 0.844, 10);
    const { lambda, nu } = historyCalibration(5, 0);
    const result = testAgainstHistory(7, [1, 2, 3, 4, 5]);
    expect(result.left).toBe(0);
    expect(result.scaleKind).toBe('stddev');
    expect(result.t).toBeCloseTo(4 / (lambda * Math.sqrt(2.5 * 1.2)), 12);
    expect(result.df).toBe(nu);
    expect(result.pValue).toBeCloseTo(tUpperTail(result.t, nu), 12);
    const half = tQuantile(0.975, nu) * lambda * Math.sqrt(2.5 * 1.2);
    expect(result.interval[0]).toBeCloseTo(4 - half, 12);
    expect(result.interval[1]).toBeCloseTo(4 + half, 12);
  });

  it('is one-sided in the direction of the change', () => {
    const up = testAgainstHistory(7, [1, 2, 3, 4, 5]);
    const down = testAgainstHistory(-1, [1, 2, 3, 4, 5]);
    expect(down.effect).toBe(-4);
    expect(down.pValue).toBeCloseTo(up.pValue, 12);
    expect(testAgainstHistory(3, [1, 2, 3, 4, 5]).pValue).toBe(1);
  });

  it('leaves out a run on a 3× slower runner, which would otherwise hide a +50% change', () => {
    // ln p50 of 7 runs at a 5% runner, one of them 3× slower: s = 0.42, nine times the others'.
    const clean = [0, 0.04, -0.05, 0.02, -0.03, 0.06, -0.01];
    const history = clean.map((y, i) => (i === 3 ? y + Math.log(3) : y));
    const slower = testAgainstHistory(Math.log(1.5), history);
    expect(slower.left).toBe(1);
    expect(slower.farthest).toBeGreaterThan(5);
    expect(slower.centre).toBeCloseTo((clean.reduce((a, b) => a + b, 0) - clean[3]!) / 6, 12);
    expect(2 * slower.pValue).toBeLessThan(0.05 / 6);
    // A run like the kept ones is no change; a history without the bad run keeps every run.
    expect(2 * testAgainstHistory(0.03, history).pValue).toBeGreaterThan(0.05);
    expect(testAgainstHistory(Math.log(1.5), clean).left).toBe(0);
    // Never more than a minority, and at least 4 runs stay: two of five at 3× cannot be left out.
    expect(maxLeftOut(5)).toBe(1);
    expect(maxLeftOut(7)).toBe(3);
    expect(maxLeftOut(4)).toBe(0);
  });

  // Student t draws with unit variance, from the fixtures' seeded normal generator.
  function heavy(rng: ReturnType<typeof createRng>, df: number): number {
    let chi = 0;
    for (let i = 0; i < df; i++) chi += rng.normal() ** 2;
    return (rng.normal() / Math.sqrt(chi / df)) * Math.sqrt((df - 2) / df);
  }

  function rejections(k: number, df: number, bad: number): { at1: number; at5: number } {
    const rng = createRng(4242 + k + df + 100 * bad);
    const draw = (): number => (df === 0 ? rng.normal() : heavy(rng, df));
    const n = 20_000;
    let at1 = 0;
    let at5 = 0;
    for (let i = 0; i < n; i++) {
      // The bad runs sit 22 sd above the others (3× at a 5% runner).
      const history = Array.from({ length: k }, (_, j) => draw() + (j < bad ? Math.log(3) / 0.05 : 0));
      const p = 2 * testAgainstHistory(draw(), history).pValue;
      if (p <= 0.01) at1++;
      if (p <= 0.05) at5++;
    }
    return { at1: at1 / n, at5: at5 / n };
  }

  it('holds its level on normal runs, and on heavy-tailed (t₄) runs at K = 10 or with two bad runs', () => {
    // A t(K − 1) reference rejected 2.5× its level at 1% here; bench/stats/history.ts --core has
    // the table.
    for (const [k, df, bad] of [
      [7, 0, 0],
      [10, 0, 0],
      [7, 0, 1],
      [10, 4, 0],
      [7, 4, 2],
    ] as const) {
      const { at1, at5 } = rejections(k, df, bad);
      // Binomial sd at 1%: 0.07 points; the bounds leave 2.5 sd.
      expect(at1).toBeLessThan(0.012);
      expect(at5).toBeLessThan(0.055);
    }
  });

  it('holds its level on heavy-tailed (t₄) runs at K = 5, clean or with one bad run', () => {
    // K = 5 is held over all the draws of a history: the t₄ histories that lost a good run by
    // chance (Qn small, so the kept runs' s is too) spend part of the level instead of setting the
    // row of one run left out.
    for (const bad of [0, 1]) {
      const { at1, at5 } = rejections(5, 4, bad);
      expect(at1).toBeLessThan(0.012);
      expect(at5).toBeLessThan(0.055);
    }
  });

  it('stays within 1.8× its level on t₄ runs at K = 6 and 7, where each row holds it per runs left out', () => {
    // The documented limit (docs/design/statistics.md, "With history"): rows held per number of runs
    // left out keep the clean histories' power at K ≥ 6 and skip the t₄ histories that lost a good
    // run by chance; 1.2–1.7× the level at 1% in the bench.
    for (const [k, bad] of [
      [6, 0],
      [6, 1],
      [7, 0],
      [7, 1],
    ] as const) {
      const { at1, at5 } = rejections(k, 4, bad);
      expect(at1).toBeLessThan(0.018);
      expect(at5).toBeLessThan(0.075);
    }
  });

  function found(k: number, bad: number, shift: number, seed: number): number {
    const rng = createRng(seed);
    const n = 4_000;
    let hits = 0;
    for (let i = 0; i < n; i++) {
      const history = Array.from({ length: k }, (_, j) => rng.normal() + (j < bad ? Math.log(3) / 0.05 : 0));
      const test = testAgainstHistory(rng.normal() + shift, history);
      if (test.effect > 0 && 2 * test.pValue <= 0.05 / 6) hits++;
    }
    return hits / n;
  }

  it('finds +20 sd at K = 5 and 6 when one past run is bad, and keeps power on a clean history', () => {
    // With the row of one run left out held over only the draws that left one out, clean histories
    // that lost a good run by chance set it (λ 2.8 at K = 5) and +20 sd was found in 30% of these
    // draws at K = 5; K = 5 is now held over all draws (91%). From K = 6 the rows are held per runs
    // left out, which keeps +8 sd at K = 7 near 90% on a clean history (64% when every K was held
    // over all draws).
    expect(found(5, 1, 20, 5005)).toBeGreaterThan(0.85);
    expect(found(6, 1, 20, 6006)).toBeGreaterThan(0.9);
    expect(found(5, 0, 20, 5050)).toBeGreaterThan(0.95);
    expect(found(7, 0, 8, 7007)).toBeGreaterThan(0.8);
  });

  it('calls +100% against five past runs, one of them on a 3× slower runner, a regression', () => {
    // ln p50 at a 5% runner; the bad run is left out and the four kept runs spread by 3.9%. Against
    // the previous row for one run left out at K = 5 (λ 2.8, ν 2.2), 2p was 0.015: no regression.
    const clean = [0.01, -0.04, 0.05, -0.02, 0.03];
    const history = clean.map((y, i) => (i === 2 ? y + Math.log(3) : y));
    const head = testAgainstHistory(Math.log(2), history);
    expect(head.left).toBe(1);
    expect(2 * head.pValue).toBeLessThan(0.05 / 6);
    // A run like the kept ones is no change.
    expect(2 * testAgainstHistory(0.03, history).pValue).toBeGreaterThan(0.05);
  });

  it('reads the row of the number of runs left out, the largest listed beyond it', () => {
    const none = historyCalibration(7, 0);
    const two = historyCalibration(7, 2);
    expect(two.lambda).not.toBe(none.lambda);
    // K = 20 can leave out 9 runs; the table lists the counts its draws reached.
    const listed = Math.max(...HISTORY_CALIBRATION.filter((row) => row[0] === 20).map((row) => row[1]));
    expect(listed).toBeLessThan(maxLeftOut(20));
    expect(historyCalibration(20, maxLeftOut(20))).toEqual(historyCalibration(20, listed));
    const slower = testAgainstHistory(1, [0, 0.04, -0.05, 22, -0.03, 0.06, -0.01]);
    expect(slower.left).toBe(1);
    expect(slower.df).toBe(historyCalibration(7, 1).nu);
  });
});

describe('findLastChange', () => {
  it('keeps a stationary history whole', () => {
    expect(findLastChange([0.01, -0.02, 0.03, 0, -0.01, 0.02, -0.03, 0.01, 0])).toEqual({ keep: 9 });
  });

  it('cuts a history at a clear level shift, newest first', () => {
    const newest = [1.0, 1.01, 0.99, 1.02, 0.98, 1.0];
    const older = [0.5, 0.51, 0.49, 0.5];
    expect(findLastChange([...newest, ...older])).toEqual({ keep: 6, changeAt: 6 });
  });
});

describe('the history test with degenerate inputs', () => {
  it('floors the scale, so an identical history is not infinitely precise', () => {
    const ln20 = Math.log(20);
    const unfloored = testAgainstHistory(Math.log(20.02), [ln20, ln20, ln20, ln20, ln20]);
    expect(unfloored.t).toBeGreaterThan(1e5);
    const floored = testAgainstHistory(Math.log(20.02), [ln20, ln20, ln20, ln20, ln20], { floor: 0.025 });
    expect(floored.scaleKind).toBe('floor');
    expect(floored.scale).toBe(0.025);
    expect(floored.pValue).toBeGreaterThan(0.4);
  });

  it('gives p = NaN, never 0, when the run or a past run is not a number', () => {
    expect(testAgainstHistory(NaN, [1, 2, 3, 4, 5]).pValue).toBeNaN();
    expect(testAgainstHistory(Infinity, [1, 2, 3, 4, 5]).pValue).toBeNaN();
    expect(testAgainstHistory(3, [1, 2, NaN, 4, 5]).pValue).toBeNaN();
    expect(testAgainstHistory(3, [1, 2, Infinity, 4, 5]).pValue).toBeNaN();
  });

  it('reads only the newest MAX_HISTORY_READ runs, however long the history', () => {
    const long = Array.from({ length: 200_000 }, (_, i) => Math.sin(i));
    expect(testAgainstHistory(0, long).k).toBe(MAX_HISTORY_READ);
    const cut = findLastChange(long);
    expect(cut.keep).toBeLessThanOrEqual(MAX_HISTORY_READ);
    // A shift among the newest runs is still found; an identical stretch is no shift at all.
    const shifted = [
      ...Array.from({ length: 6 }, (_, i) => 1 + 0.01 * Math.sin(i)),
      ...Array.from({ length: 199_994 }, (_, i) => 0.5 + 0.01 * Math.cos(i)),
    ];
    expect(findLastChange(shifted)).toEqual({ keep: 6, changeAt: 6 });
    expect(findLastChange([1, 1, 1, 1, 1.0001, 1.0001, 1.0001, 1.0001], { floor: 0.02 })).toEqual({ keep: 8 });
  });
});
