import { describe, expect, it } from 'vitest';
import { decideRun } from '../../../src/core/compare/decide.js';
import type { Draft } from '../../../src/core/compare/shared.js';
import type { MetricComparison } from '../../../src/core/types/comparison.js';

/** A draft as the stored-run test leaves it: a one-sided p, an interval, and for a test against the
 * prior alone the same test at 4× the prior. */
function draft(
  metric: MetricComparison['metric'],
  change: number,
  pValue: number,
  robust?: { pValue: number; interval: [number, number] },
): Draft {
  const d: Draft = {
    comparison: {
      scenario: 's',
      metric,
      baseline: 1,
      current: 1 + change,
      change,
      changeInterval: [change / 2, change * 2],
      pValue,
      method: 'bootstrap',
      minEffect: metric === 'error_rate' ? 0.01 : 0.05,
      verdict: 'inconclusive',
      reasons: [],
    },
    guards: [],
  };
  if (robust !== undefined) {
    d.priorOnly = true;
    d.robust = { ...robust, factor: 4, noise: 0.2 };
  }
  return d;
}

describe('the stored mode’s 4× rule in the run-level step', () => {
  it('fails a change still significant at 4× the prior, and warns of one that is not, saying what 4× gave', () => {
    const large = draft('p50', 1.76, 1e-40, { pValue: 1e-5, interval: [Math.log(1.6), Math.log(4.5)] });
    const medium = draft('p95', 0.5, 1e-12, { pValue: 0.04, interval: [Math.log(0.8), Math.log(2.8)] });
    decideRun([large, medium], 0.05);
    expect(large.comparison.verdict).toBe('regression');
    expect(large.comparison.decidedBy).toBe('robust-prior');
    expect(large.comparison.reasons).toEqual([
      {
        kind: 'robust-to-prior',
        metric: 'p50',
        change: 1.76,
        direction: 'regression',
        factor: 4,
        noise: 0.2,
        adjustedPValue: 4e-5,
      },
    ]);
    // The p shown is the test's at the prior itself, adjusted in the family as shown.
    expect(large.comparison.adjustedPValue).toBeCloseTo(4e-40, 45);
    expect(medium.comparison.verdict).toBe('inconclusive');
    expect(medium.comparison.decidedBy).toBeUndefined();
    expect(medium.comparison.reasons).toEqual([
      {
        kind: 'prior-only',
        metric: 'p95',
        change: 0.5,
        direction: 'regression',
        adjustedPValue: 2e-12,
        robust: { factor: 4, adjustedPValue: 0.08 },
      },
    ]);
  });

  it('needs the minimum effect too at 4×: significant but below it is still only a warning', () => {
    const small = draft('p50', 0.04, 1e-30, { pValue: 1e-9, interval: [0.02, 0.06] });
    decideRun([small], 0.05);
    expect(small.comparison.verdict).toBe('inconclusive');
  });

  it('lets no prior-only p loosen Holm for a test that gates: the gate family takes its p at 4×', () => {
    // The error rate gates on its own test. At the prior the p50 test's p is tiny, which would let
    // Holm test the error rate at the full α (0.03 ≤ 0.05); at 4× its p is 1, so the error rate
    // meets α/2 and its p after Holm is 0.06.
    const errors = draft('error_rate', 0.02, 0.015);
    const p50 = draft('p50', 0.3, 1e-20, { pValue: 0.5, interval: [-0.5, 1] });
    decideRun([errors, p50], 0.05);
    expect(errors.comparison.adjustedPValue).toBeCloseTo(0.06, 12);
    expect(errors.comparison.verdict).not.toBe('regression');
    expect(p50.comparison.verdict).toBe('inconclusive');
  });
});
