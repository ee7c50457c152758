import { describe, expect, it } from 'vitest';
import {
  logGamma,
  normalCdf,
  regularizedIncompleteBeta,
  tCdf,
  tQuantile,
  tUpperTail,
} from '../../../src/core/stats/t-distribution.js';

describe('t distribution', () => {
  it('reproduces the table value t(0.975, 9) = 2.262: two-sided p ≈ 0.05', () => {
    expect(2 * (1 - tCdf(2.262, 9))).toBeCloseTo(0.05, 3);
    expect(tQuantile(0.975, 9)).toBeCloseTo(2.2622, 3);
    expect(tQuantile(0.975, 4)).toBeCloseTo(2.7764, 3);
  });

  it('matches the closed forms for df = 1 (Cauchy) and df = 2', () => {
    expect(tCdf(1, 1)).toBeCloseTo(0.75, 12);
    expect(tCdf(-1, 1)).toBeCloseTo(0.25, 12);
    for (const t of [-3, -0.4, 0, 0.7, 2.5]) {
      expect(tCdf(t, 2)).toBeCloseTo(0.5 + t / (2 * Math.sqrt(2 + t * t)), 10);
    }
  });

  it('tends to the normal for large df', () => {
    expect(tCdf(1.959964, 1e6)).toBeCloseTo(0.975, 5);
  });

  it('computes the incomplete beta and log-gamma exactly where they have closed forms', () => {
    expect(regularizedIncompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(regularizedIncompleteBeta(0.3, 3, 1)).toBeCloseTo(0.027, 12);
    expect(regularizedIncompleteBeta(0.3, 1, 2)).toBeCloseTo(1 - 0.7 ** 2, 12);
    expect(regularizedIncompleteBeta(0, 2, 3)).toBe(0);
    expect(regularizedIncompleteBeta(1, 2, 3)).toBe(1);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 12);
  });
});

describe('t distribution: tails and broken inputs', () => {
  it('computes a far tail directly, so p-values far below 1e-16 do not round to 0', () => {
    const tail = tUpperTail(40, 30);
    expect(tail).toBeGreaterThan(0);
    expect(tail).toBeLessThan(1e-20);
    expect(tUpperTail(2.262, 9)).toBeCloseTo(0.025, 4);
    expect(tUpperTail(-2.262, 9)).toBeCloseTo(0.975, 4);
    // At 5,000 df the t's own tail (scipy: 0.0250277), not the normal's 0.025; at ∞ the normal's.
    expect(tUpperTail(1.959964, 5000)).toBeCloseTo(0.0250277, 6);
    expect(tUpperTail(8, Infinity) / 6.22096e-16).toBeCloseTo(1, 4);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
  });

  it('gives NaN, never 0 or 1, for a NaN input', () => {
    expect(tCdf(NaN, 5)).toBeNaN();
    expect(tCdf(1, NaN)).toBeNaN();
    expect(tUpperTail(NaN, 5)).toBeNaN();
    expect(normalCdf(NaN)).toBeNaN();
    expect(tQuantile(NaN, 5)).toBeNaN();
    expect(tCdf(Infinity, 5)).toBe(1);
    expect(tUpperTail(Infinity, 5)).toBe(0);
  });
});

describe('far tails and extreme quantiles', () => {
  it('keeps the t tail above df 1000 (scipy.stats.t.sf), where a normal is off by 15–91%', () => {
    const cases: [t: number, df: number, sf: number][] = [
      [5, 2000, 3.11644891777302e-7],
      [8, 5000, 7.669935943457742e-16],
      [10, 1500, 3.8821769866547034e-23],
      [6, 1e6, 9.86924906177215e-10],
    ];
    for (const [t, df, sf] of cases) expect(tUpperTail(t, df) / sf).toBeCloseTo(1, 6);
    expect(normalCdf(-10) / 3.8821769866547034e-23).toBeLessThan(0.5);
  });

  it('has no cap on the quantile: t(0.99999, 1) is 31,831', () => {
    expect(tQuantile(0.99999, 1)).toBeCloseTo(31830.988608051957, 3);
    expect(tQuantile(0.9999, 3)).toBeCloseTo(22.203742273205, 6);
    expect(tQuantile(0.025, 10)).toBeCloseTo(-2.2281388519862753, 9);
  });
});
