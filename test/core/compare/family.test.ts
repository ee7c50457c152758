// Holm's family: which tests of a run spend α.
import { describe, expect, it } from 'vitest';
import { decideRun } from '../../../src/core/compare/decide.js';
import type { Draft } from '../../../src/core/compare/shared.js';
import { judgeRun } from '../../../src/core/gate.js';
import type { Comparison, MetricComparison } from '../../../src/core/types/comparison.js';
import type { Executor } from '../../../src/core/types/config.js';
import { makeAbResults } from '../ab-fixtures.js';
import { TEST_COMPARE } from '../fixtures.js';

/** A draft as a paired test leaves it: a two-sided p once doubled, an interval. */
function draft(metric: MetricComparison['metric'], change: number, pValue: number, outsideFamily?: true): Draft {
  return {
    comparison: {
      scenario: 's',
      metric,
      baseline: 1,
      current: 1 + change,
      change,
      changeInterval: [change / 2, change * 2],
      pValue,
      method: 'paired',
      minEffect: metric === 'error_rate' ? 0.01 : 0.03,
      verdict: 'inconclusive',
      reasons: [],
      ...(outsideFamily ? { outsideFamily } : {}),
    },
    guards: [],
  };
}

describe("Holm's family", () => {
  // A +8% p50 at a two-sided p of 0.012: in a family of five tests Holm makes it 0.06 (> 0.05); in
  // the three that could decide, 0.036.
  const run = (leaveOut: boolean) => ({
    p50: draft('p50', 0.08, 0.006),
    p90: draft('p90', 0.02, 0.3),
    p95: draft('p95', 0.01, 0.4),
    p99: draft('p99', 0.1, 0.2, leaveOut ? true : undefined),
    errors: draft('error_rate', 0, 0.5, leaveOut ? true : undefined),
  });

  it('spends no α on a test that could not decide, and shows its p as if it were in the family', () => {
    const { p50, p90, p95, p99, errors } = run(true);
    decideRun([p50, p90, p95, p99, errors], 0.05);
    expect(p50.comparison.adjustedPValue).toBeCloseTo(0.036, 12);
    expect(p50.comparison.verdict).toBe('regression');
    expect(p99.comparison.outsideFamily).toBe(true);
    expect(p50.comparison.outsideFamily).toBeUndefined();
    expect(p99.comparison.adjustedPValue).toBeGreaterThanOrEqual(0.4);
    const all = run(false);
    decideRun(Object.values(all), 0.05);
    expect(all.p50.comparison.adjustedPValue).toBeCloseTo(0.06, 12);
    expect(all.p50.comparison.verdict).toBe('inconclusive');
  });

  /** An A/A duet run of 15 s at 150/s in 250 ms blocks, judged. */
  function judged(executor: Executor, errorRate: number): Comparison {
    const current = makeAbResults({
      seed: 3,
      schedule: 'duet',
      scenarios: [{ name: 'api', executor, ratePerSec: 150, segmentMs: 250, pairs: 60, errorRate }],
    });
    return judgeRun({
      current,
      config: { thresholds: {}, compare: { ...TEST_COMPARE, mode: 'ab' } },
      baseline: { kind: 'missing', detail: 'A/B' },
    }).comparison;
  }
  const outside = (comparison: Comparison) =>
    comparison.scenarios[0]!.metrics.filter((m) => m.outsideFamily === true).map((m) => m.metric);

  it('leaves out, in A/B, a tail thin in both variants of an open-model run and an error rate with no error', () => {
    // 2,250 requests per variant: under 50 beyond p99 in both, whatever the latencies.
    expect(outside(judged('constant-arrival-rate', 0))).toEqual(['p99', 'error_rate']);
    // An error in either variant: the error rate could move, so it stays in.
    expect(outside(judged('constant-arrival-rate', 0.01))).toEqual(['p99']);
    // A closed model sends fewer requests from a slower variant: which tail is thin depends on the
    // latencies, so the thin p99 stays in the family.
    expect(outside(judged('constant-vus', 0))).toEqual(['error_rate']);
  });
});
