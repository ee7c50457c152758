import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/stats/prng.js';
import { tQuantile } from '../../../src/core/stats/t-distribution.js';
import { minDetectableEffect, powerAt, testTwoRuns } from '../../../src/core/stats/variance-model.js';

describe('testTwoRuns', () => {
  it('adds twice the between-run variance to the two within-run ones', () => {
    const test = testTwoRuns({
      effect: 0.1,
      within: [
        { variance: 0.0004, df: 9 },
        { variance: 0.0005, df: 9 },
      ],
      betweenSd: 0.05,
    });
    expect(test.standardError).toBeCloseTo(Math.sqrt(0.0004 + 0.0005 + 0.005), 12);
    // Welch–Satterthwaite: the prior has no sampling error, so df is far above 9 + 9.
    expect(test.df).toBeCloseTo(0.0059 ** 2 / ((0.0004 ** 2 + 0.0005 ** 2) / 9), 6);
    expect(test.pValue).toBeGreaterThan(0);
    expect(testTwoRuns({ effect: 0, within: [], betweenSd: 0.05 }).pValue).toBe(1);
    expect(testTwoRuns({ effect: NaN, within: [], betweenSd: 0.05 }).pValue).toBeNaN();
    expect(testTwoRuns({ effect: 0.1, within: [], betweenSd: 0 }).pValue).toBeNaN();
  });

  it('rejects at most α at its boundary: the true change 0, the runner noise exactly the prior', () => {
    // Each run: a runner level N(0, τ²) plus within-run noise N(0, w²), and a within-run variance
    // estimated with df 9 (a scaled χ²), as the test sees it.
    const rng = createRng(7);
    const tau = 0.05;
    const w = 0.03;
    const df = 9;
    const draws = 20_000;
    let rejected = 0;
    const estimate = (): number => {
      let sum = 0;
      for (let i = 0; i < df; i++) sum += rng.normal() ** 2;
      return (w * w * sum) / df;
    };
    for (let i = 0; i < draws; i++) {
      const effect = tau * rng.normal() + w * rng.normal() - tau * rng.normal() - w * rng.normal();
      const test = testTwoRuns({
        effect,
        within: [
          { variance: estimate(), df },
          { variance: estimate(), df },
        ],
        betweenSd: tau,
      });
      if (effect > 0 && test.pValue <= 0.05) rejected++;
    }
    // 5% nominal, Monte Carlo sd 0.15%.
    expect(rejected / draws).toBeLessThanOrEqual(0.055);
    expect(rejected / draws).toBeGreaterThan(0.04);
  });
});

describe('powerAt', () => {
  it('is exact at small df, df 1 included, where the density of the SE ratio is not 0 at 0', () => {
    // References: scipy 1.17 nct.sf(critical, df, delta), cross-checked by scipy.integrate.quad of
    // E_s[1 − Φ(max(c·s, m) − δ)] over the χ² density (they agree to 1e-11).
    const cases: [df: number, critical: number, delta: number, power: number][] = [
      [1, 12.706204736174694, 1, 0.06776301385479813],
      [1, 12.706204736174694, 12.706204736174694, 0.6811953627536596],
      [1, 12.706204736174694, 16.334008869921032, 0.8],
      [1, 76.39000931113632, 97.90612387980562, 0.8],
      [1.5, 6.016663104427929, 2, 0.17290910828556166],
      [2, 4.302652729749462, 4.302652729749462, 0.6147231811326096],
      [3, 5.840909309733355, 7.44048392235162, 0.8],
    ];
    for (const [df, critical, delta, power] of cases) expect(powerAt(delta, df, critical, 0)).toBeCloseTo(power, 5);
    // With a minimum effect the estimate must clear it too (quad only: nct has no such term).
    expect(powerAt(5, 1, 12.706204736174698, 3)).toBeCloseTo(0.3014352699313141, 5);
    expect(powerAt(25, 1, 12.706204736174698, 20)).toBeCloseTo(0.9501763884133627, 5);
    expect(powerAt(6, 2, 4.302652729749464, 5)).toBeCloseTo(0.7314720983629114, 5);
  });

  it('gives the noncentral t MDE at df 1 (it read 1.5% high when the rule skipped s = 0)', () => {
    // scipy: brentq(lambda d: nct.sf(t.ppf(0.975, 1), 1, d) − 0.8) = 16.334008869921032.
    expect(minDetectableEffect({ standardError: 1, df: 1, alpha: 0.05, tests: 1, minEffect: 0 })).toBeCloseTo(
      16.334008869921032,
      3,
    );
  });
});

describe('minDetectableEffect', () => {
  it('is the noncentral t: the δ with P(T′(df, δ) > t(1 − α/2n, df)) = 0.8 (scipy.stats.nct)', () => {
    // Reference values from scipy 1.17: brentq(lambda d: nct.sf(t.ppf(1 − a/2, df), df, d) − 0.8).
    const cases: [df: number, tests: number, delta: number][] = [
      [4, 1, 3.7610602610043022],
      [9, 6, 4.336877160503936],
      [2, 1, 5.653489266405565],
      [50, 5, 3.5354774699625016],
    ];
    for (const [df, tests, delta] of cases) {
      expect(minDetectableEffect({ standardError: 0.1, df, alpha: 0.05, tests, minEffect: 0 })).toBeCloseTo(
        delta * 0.1,
        5,
      );
    }
    // The central-t shortcut (critical + t(0.8)) is optimistic at small df: that is what this fixes.
    expect(3.7610602610043022).toBeGreaterThan(tQuantile(0.975, 4) + tQuantile(0.8, 4));
    // A minimum effect far above the critical value: the estimate must clear it, about 0.84 SE more.
    expect(minDetectableEffect({ standardError: 0.1, df: 1e6, alpha: 0.05, tests: 1, minEffect: 0.4 })).toBeCloseTo(
      0.4 + 0.08416,
      3,
    );
  });

  it('matches the power it promises: a true change at the MDE is detected in about 80% of draws', () => {
    const rng = createRng(11);
    const se = 0.05;
    const df = 30;
    const mde = minDetectableEffect({ standardError: se, df, alpha: 0.05, tests: 6, minEffect: 0.05 });
    const critical = tQuantile(1 - 0.05 / 12, df);
    let detected = 0;
    const draws = 20_000;
    for (let i = 0; i < draws; i++) {
      let chi = 0;
      for (let k = 0; k < df; k++) chi += rng.normal() ** 2;
      // The estimate is normal around the true change; its SE is estimated (χ² with df).
      const estimate = mde + se * rng.normal();
      const estimatedSe = se * Math.sqrt(chi / df);
      if (estimate / estimatedSe >= critical && estimate >= 0.05) detected++;
    }
    expect(detected / draws).toBeGreaterThan(0.78);
    expect(detected / draws).toBeLessThan(0.82);
  });
});
