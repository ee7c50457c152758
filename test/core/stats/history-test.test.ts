import { describe, expect, it } from 'vitest';
import { findLastChange, MAX_HISTORY_READ, testAgainstHistory } from '../../../src/core/stats/history-test.js';

describe('testAgainstHistory', () => {
  it('matches a hand computation: y = 1..5, x = 7', () => {
    // ȳ = 3, s = √2.5, MAD-scale = 1.4826 < s, so s is used; t = 4 / (√2.5·√1.2) = 2.3094, df = 4.
    // df = 4 closed form: F(t) = 1/2 + (3/8)·u·(1 − t²/(12(1 + t²/4))), u = t/√(1 + t²/4).
    const t = 4 / Math.sqrt(2.5 * 1.2);
    const u = t / Math.sqrt(1 + (t * t) / 4);
    const cdf = 0.5 + 0.375 * u * (1 - (t * t) / (12 * (1 + (t * t) / 4)));
    const result = testAgainstHistory(7, [1, 2, 3, 4, 5]);
    expect(result.t).toBeCloseTo(2.3094, 4);
    expect(result.df).toBe(4);
    expect(result.scaleKind).toBe('stddev');
    expect(result.pValue).toBeCloseTo(1 - cdf, 10);
    expect(result.pValue).toBeCloseTo(0.041, 4);
    // 95% interval: 4 ± 2.7764·√3.
    expect(result.interval[0]).toBeCloseTo(4 - 2.7764 * Math.sqrt(3), 3);
    expect(result.interval[1]).toBeCloseTo(4 + 2.7764 * Math.sqrt(3), 3);
  });

  it('is one-sided in the direction of the change', () => {
    const down = testAgainstHistory(-1, [1, 2, 3, 4, 5]);
    expect(down.effect).toBe(-4);
    expect(down.pValue).toBeCloseTo(0.041, 4);
    expect(testAgainstHistory(3, [1, 2, 3, 4, 5]).pValue).toBe(1);
  });

  it('widens with the robust scale when the MAD exceeds the standard deviation, never narrows', () => {
    // Two clusters: s = √0.3 = 0.5477, MAD-scale = 1.4826·0.5 = 0.7413.
    const wide = testAgainstHistory(2, [0, 0, 0, 1, 1, 1]);
    expect(wide.scaleKind).toBe('mad');
    expect(wide.scale).toBeCloseTo(0.7413, 4);
    // One wild run inflates s; the MAD stays small, and s (the larger) is kept.
    const outlier = testAgainstHistory(2, [1, 1.01, 0.99, 1, 1.02, 3]);
    expect(outlier.scaleKind).toBe('stddev');
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
