import { describe, expect, it } from 'vitest';
import { decideRun } from '../../../src/core/compare/decide.js';
import type { Draft } from '../../../src/core/compare/shared.js';
import { testTwoRuns } from '../../../src/core/stats/variance-model.js';
import { tQuantile } from '../../../src/core/stats/t-distribution.js';
import { formatMdeValue } from '../../../src/core/report/format.js';
import type { MetricComparison } from '../../../src/core/types/comparison.js';

/** One test's draft as a method builds it: interval and power from the same SE and df. */
function draft(metric: MetricComparison['metric'], effect: number, se: number, df: number): Draft {
  // A within-run part with `df` degrees of freedom and no prior: Welch–Satterthwaite gives df back.
  const test = testTwoRuns({ effect, within: [{ variance: se * se, df }], betweenSd: 0 });
  const toChange = (x: number): number => (metric === 'error_rate' ? x : Math.expm1(x));
  return {
    comparison: {
      scenario: 's',
      metric,
      baseline: 1,
      current: 1,
      change: toChange(effect),
      changeInterval: [toChange(test.interval[0]), toChange(test.interval[1])],
      pValue: test.pValue,
      method: 'bootstrap',
      minEffect: 0,
      verdict: 'inconclusive',
      reasons: [],
    },
    guards: [],
    power: { standardError: test.standardError, df: test.df },
  };
}

/** Half the width of the printed interval, back on the effect's (log) scale. */
function logHalfWidth(m: MetricComparison): number {
  const [low, high] = m.changeInterval!;
  return (Math.log1p(high) - Math.log1p(low)) / 2;
}

describe('the MDE on the interval’s own scale', () => {
  it('is (t(1 − α′/2) + t(0.8)) / t(0.975) × the interval’s half-width at large df, in both directions', () => {
    // Six tests in the family: α′ = 0.05 / 6 is Holm's strictest step, the one the MDE is quoted at.
    const drafts = ['p50', 'p90', 'p95', 'p99', 'rps'].map((metric, i) =>
      draft(metric as MetricComparison['metric'], 0.01 * i, 0.04, 200),
    );
    drafts.push(draft('error_rate', 0.001, 0.002, 200));
    decideRun(drafts, 0.05);
    for (const { comparison: m } of drafts) {
      const [fall, rise] = m.minDetectableChange!;
      const factor = (tQuantile(1 - 0.05 / 12, 200) + tQuantile(0.8, 200)) / tQuantile(0.975, 200);
      if (m.metric === 'error_rate') {
        const half = (m.changeInterval![1] - m.changeInterval![0]) / 2;
        expect(rise / half).toBeCloseTo(factor, 2);
        expect(fall).toBeCloseTo(-rise, 12);
        continue;
      }
      // On the log scale the two directions are one magnitude; as percentages they differ.
      expect(Math.log1p(rise)).toBeCloseTo(-Math.log1p(fall), 12);
      expect(Math.log1p(rise) / logHalfWidth(m)).toBeCloseTo(factor, 2);
      // minDetectableEffect is the magnitude in the bad direction: a rise for latencies, a fall for rps.
      expect(m.metric === 'rps' ? -fall : rise).toBeCloseTo(m.minDetectableEffect!, 12);
    }
  });

  it('is the noncentral t at small df: larger than the central shortcut, by what scipy says', () => {
    // scipy 1.17: brentq(lambda d: nct.sf(t.ppf(1 − a/2, df), df, d) − 0.8), a = 0.05 / 6.
    const cases: [df: number, delta: number][] = [
      [5, 5.382272949414825],
      [200, 3.510470963777964],
    ];
    for (const [df, delta] of cases) {
      const drafts = Array.from({ length: 6 }, (_, i) => draft('p50', 0.001 * i, 0.05, df));
      decideRun(drafts, 0.05);
      const m = drafts[0]!.comparison;
      const log = Math.log1p(m.minDetectableChange![1]);
      expect(log / 0.05).toBeCloseTo(delta, 3);
      // The interval printed beside it has the same SE and df: its half-width is t(0.975, df)·SE.
      expect(logHalfWidth(m) / 0.05).toBeCloseTo(tQuantile(0.975, df), 6);
      const central = tQuantile(1 - 0.05 / 12, df) + tQuantile(0.8, df);
      expect(log / 0.05).toBeGreaterThanOrEqual(central - 1e-9);
    }
  });

  it('prints both directions from 20% up (a log ratio: +43% up is −30% down), one ± below', () => {
    const m = Math.log(1.43);
    expect(
      formatMdeValue({ metric: 'p50', minDetectableEffect: 0.43, minDetectableChange: [Math.expm1(-m), 0.43] }),
    ).toBe('−30%/+43%');
    const small = Math.log(1.02);
    expect(
      formatMdeValue({ metric: 'p50', minDetectableEffect: 0.02, minDetectableChange: [Math.expm1(-small), 0.02] }),
    ).toBe('±2.0%');
    expect(formatMdeValue({ metric: 'error_rate', minDetectableEffect: 0.0174 })).toBe('±1.74 pp');
  });

  it('says only that it is past +1000% where a run could not see a metric at all', () => {
    const huge = Math.log(4797606);
    expect(
      formatMdeValue({
        metric: 'p99',
        minDetectableEffect: 4797605,
        minDetectableChange: [Math.expm1(-huge), 4797605],
      }),
    ).toBe('−100%/>+1000%');
    expect(formatMdeValue({ metric: 'p99', minDetectableEffect: 12 })).toBe('>±1000%');
    expect(formatMdeValue({ metric: 'p99', minDetectableEffect: 9.5, minDetectableChange: [-0.9, 9.5] })).toBe(
      '−90%/+950%',
    );
  });
});
