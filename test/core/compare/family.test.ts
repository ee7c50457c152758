// Holm's family: which tests of a run spend α.
import { describe, expect, it } from 'vitest';
import { decideRun } from '../../../src/core/compare/decide.js';
import type { Draft } from '../../../src/core/compare/shared.js';
import type { MetricComparison, Reason } from '../../../src/core/types/comparison.js';

/** A draft as a paired test leaves it: a one-sided p, an interval, the guards. */
function draft(
  metric: MetricComparison['metric'],
  change: number,
  pValue: number,
  options: { guards?: Reason[]; current?: number; baseline?: number } = {},
): Draft {
  return {
    comparison: {
      scenario: 's',
      metric,
      baseline: options.baseline ?? 1,
      current: options.current ?? 1 + change,
      change,
      changeInterval: [change / 2, change * 2],
      pValue,
      method: 'paired',
      minEffect: metric === 'error_rate' ? 0.01 : 0.03,
      verdict: 'inconclusive',
      reasons: [],
    },
    guards: options.guards ?? [],
  };
}

const thin = (metric: 'p99'): Reason => ({
  kind: 'thin-tail',
  metric,
  runs: [
    { run: 'head', beyond: 23 },
    { run: 'base', beyond: 23 },
  ],
  needed: 50,
  share: 0.01,
});

describe("Holm's family", () => {
  // A +8% p50 at a two-sided p of 0.012: in a family of five tests Holm makes it 0.06 (> 0.05); in
  // the three that could decide, 0.036.
  const run = () => ({
    p50: draft('p50', 0.08, 0.006),
    p90: draft('p90', 0.02, 0.3),
    p95: draft('p95', 0.01, 0.4),
    p99: draft('p99', 0.1, 0.2, { guards: [thin('p99')] }),
    errors: draft('error_rate', 0, 0.5, { current: 0, baseline: 0 }),
  });

  it('leaves out a tail too thin to decide and an error rate with no error anywhere: they spend no α', () => {
    const { p50, p90, p95, p99, errors } = run();
    decideRun([p50, p90, p95, p99, errors], 0.05);
    expect(p50.comparison.adjustedPValue).toBeCloseTo(0.036, 12);
    expect(p50.comparison.verdict).toBe('regression');
    expect(p99.comparison.outsideFamily).toBe(true);
    expect(errors.comparison.outsideFamily).toBe(true);
    expect(p50.comparison.outsideFamily).toBeUndefined();
    // What they show is their p as if they were in the family; they decide nothing.
    expect(p99.comparison.verdict).toBe('inconclusive');
    expect(p99.comparison.adjustedPValue).toBeGreaterThanOrEqual(0.4);
  });

  it('keeps in an error rate that moved, and a thin tail the stored gross shift still tests', () => {
    const { p50, p90, p95, p99 } = run();
    const errors = draft('error_rate', 0.001, 0.5, { current: 0.001, baseline: 0 });
    p99.gross = {
      logRatio: 0.1,
      priorSd: 0.1,
      segments: 10,
      of: 10,
      baselineMaxMs: 1,
      currentBoundMs: 1,
    };
    decideRun([p50, p90, p95, p99, errors], 0.05);
    expect(p50.comparison.adjustedPValue).toBeCloseTo(0.06, 12);
    expect(p50.comparison.verdict).toBe('inconclusive');
    expect(errors.comparison.outsideFamily).toBeUndefined();
    expect(p99.comparison.outsideFamily).toBeUndefined();
  });
});
