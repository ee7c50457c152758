// The stored mode's blind spot: one line when a metric's MDE is above its minimum effect, naming
// the switch to A/B; none in A/B mode, without a baseline, or when every MDE is within reach.
import { describe, expect, it } from 'vitest';
import { describeBlindSpot } from '../../../src/core/report/blind-spot.js';
import type { Comparison, MetricComparison } from '../../../src/core/types/comparison.js';

function metric(name: MetricComparison['metric'], mde: number | undefined, minEffect: number): MetricComparison {
  return {
    scenario: 's',
    metric: name,
    baseline: 10,
    current: 10,
    change: 0,
    method: 'bootstrap',
    minEffect,
    ...(mde === undefined ? {} : { minDetectableEffect: mde }),
    verdict: 'no change',
    reasons: [],
  };
}

function comparison(mode: Comparison['mode'], metrics: MetricComparison[][]): Comparison {
  return {
    verdict: 'pass',
    mode,
    baselineStatus: { kind: 'ok' },
    current: {} as Comparison['current'],
    scenarios: metrics.map((list, i) => ({
      name: `s${i}`,
      current: {} as Comparison['scenarios'][number]['current'],
      metrics: list,
      thresholds: [],
      notes: [],
    })),
    regressions: [],
    improvements: [],
    breaches: [],
    notes: [],
  };
}

const SWITCH = 'The base-ref input';

describe('describeBlindSpot', () => {
  it('names the worst MDE of each blind metric, its minimum effect, and the switch', () => {
    const line = describeBlindSpot(
      comparison('bootstrap', [
        [metric('p50', 0.26, 0.05), metric('p95', 0.3, 0.1), metric('p99', 0.1, 0.15)],
        [metric('p50', 0.4, 0.05)],
      ]),
      SWITCH,
    );
    expect(line).toContain('p50 +40% (minimum effect 5%)');
    expect(line).toContain('p95 +30% (minimum effect 10%)');
    expect(line).not.toContain('p99');
    expect(line).toContain('The base-ref input runs');
    expect(line!.split('\n')).toHaveLength(1);
  });

  it.each([
    ['ab', [[metric('p50', 0.4, 0.05)]]],
    ['thresholds-only', [[metric('p50', 0.4, 0.05)]]],
    ['history', [[metric('p50', 0.04, 0.05), metric('p95', undefined, 0.1)]]],
  ] as const)('says nothing in mode %s when nothing is blind', (mode, metrics) => {
    expect(
      describeBlindSpot(
        comparison(
          mode,
          metrics.map((list) => [...list]),
        ),
        SWITCH,
      ),
    ).toBeUndefined();
  });
});
