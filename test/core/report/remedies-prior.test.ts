import { describe, expect, it } from 'vitest';
import { remediesFor } from '../../../src/core/report/remedies.js';
import type { MetricComparison } from '../../../src/core/types/comparison.js';

// A stored run against one baseline: p50 +91% (p < 0.001) that only the runner-noise prior kept
// from failing the gate (a Python service's 1.9x head, measured).
const priorOnly = {
  scenario: 'items/get',
  metric: 'p50',
  verdict: 'inconclusive',
  method: 'bootstrap',
  minDetectableEffect: 0.59,
  reasons: [{ kind: 'prior-only', metric: 'p50', change: 0.906, direction: 'regression', adjustedPValue: 0.00084 }],
} as unknown as MetricComparison;

describe('what you can do about a change the prior alone held back', () => {
  it('names the ways that make it gate: A/B mode, a history, a measured runner noise', () => {
    const remedies = remediesFor({
      mode: 'bootstrap',
      scenarios: [{ name: 'items/get', metrics: [priorOnly] }],
    } as never);
    expect(remedies.filter((r) => /use A\/B mode/.test(r))).toHaveLength(1);
    expect(remedies.filter((r) => /keep a history/.test(r))).toHaveLength(1);
    expect(remedies.filter((r) => /compare\.runnerNoise/.test(r))).toHaveLength(1);
    // It says how to measure the spread, and quotes no other machine's figure to copy.
    const prior = remedies.find((r) => /compare\.runnerNoise/.test(r))!;
    expect(prior).toContain('over 10 or more runs of one build');
    expect(prior).not.toMatch(/\d%/);
    expect(remedies.filter((r) => /^run longer/.test(r))).toHaveLength(0);
  });
});
