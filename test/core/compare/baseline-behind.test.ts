import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../src/core/compare/index.js';
import type { Results } from '../../../src/core/types/results.js';
import { makeResults, TEST_COMPARE, type ScenarioFixture } from '../fixtures.js';

// A baseline whose generator fell behind measured slower than its service was: a current run
// slower still is a regression, a faster or equal one may be that generator. Before, the
// baseline's lag held every verdict back, and a 2.8× head read p50 +247% [+184%, +325%] and passed.

const shop: ScenarioFixture = { name: 'shop', executor: 'constant-arrival-rate', ratePerSec: 150, segments: 15 };

function run(seed: number, medianMs: number, saturated: boolean): Results {
  const results = makeResults({ seed, scenarios: [{ ...shop, medianMs, saturated }] });
  const scenario = results.scenarios[0]!;
  // Other work and the event loop alike in both runs: only the late starts differ.
  for (const segment of scenario.segments)
    segment.contention = {
      generatorCores: 0.04,
      loopDelayP99Ms: 5,
      lateStarts: saturated ? 25 : 0,
      otherCores: 0.3,
      stealCores: 0,
    };
  if (saturated) {
    scenario.generator.lateStarts = 25 * scenario.segments.length;
    scenario.generator.maxStartDelayMs = 60;
  }
  return results;
}

function p50(current: Results, base: Results) {
  const comparison = compareRuns({
    current,
    baseline: {
      schemaVersion: 1,
      kind: 'perfgate-baseline',
      savedAt: '2025-01-01T00:00:00Z',
      results: base,
      history: [],
    },
    baselineStatus: { kind: 'ok' },
    compare: TEST_COMPARE,
    thresholds: [],
    replicates: 400,
  });
  return comparison.scenarios[0]!.metrics.find((metric) => metric.metric === 'p50')!;
}

describe('a stored baseline whose generator fell behind', () => {
  it('lets a current run far slower than it be a regression', () => {
    const verdict = p50(run(1, 4.4, false), run(2, 1.6, true));
    expect(verdict.verdict).toBe('regression');
    expect(verdict.reasons.map((reason) => reason.kind)).not.toContain('generator-behind');
  });

  it('holds back an improvement, saying the baseline fell behind', () => {
    const verdict = p50(run(3, 0.6, false), run(5, 1.6, true));
    expect(verdict.verdict).toBe('inconclusive');
    expect(verdict.decidedBy).toBeUndefined();
    expect(verdict.reasons).toEqual([expect.objectContaining({ kind: 'generator-behind', run: 'baseline' })]);
    // The same improvement against a baseline whose generator kept up is one.
    expect(p50(run(3, 0.6, false), run(5, 1.6, false)).verdict).toBe('improvement');
    // And the same build against it claims nothing.
    expect(p50(run(4, 1.6, false), run(5, 1.6, true)).verdict).toBe('inconclusive');
  });

  it("still holds back a regression when the current run's own generator fell behind", () => {
    const verdict = p50(run(6, 4.4, true), run(7, 1.6, true));
    expect(verdict.verdict).not.toBe('regression');
  });
});
