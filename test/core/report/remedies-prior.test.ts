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

describe('what you can do about a generator that fell behind', () => {
  const held = {
    scenario: 'todo/search',
    metric: 'p90',
    verdict: 'inconclusive',
    method: 'paired',
    reasons: [{ kind: 'shared-lag' }],
  } as unknown as MetricComparison;
  const remediesWith = (cpuCores: number) =>
    remediesFor({
      mode: 'ab',
      scenarios: [{ name: 'todo/search', metrics: [held] }],
      current: { scenarios: [{ generator: { saturated: true, cpuCores } }] },
    } as never);

  it('names the other work, not the rate, when the generator used little of a core', () => {
    // A new user's 50/s gate beside a bursty neighbour: the generator at 0.03 cores.
    const remedies = remediesWith(0.03);
    expect(remedies.filter((r) => /lower the rate/.test(r))).toHaveLength(0);
    expect(remedies.filter((r) => /quieter runner/.test(r) && r.includes('0.03 of a core'))).toHaveLength(1);
  });

  it('says to lower the rate when the generator was busy with its own work', () => {
    const remedies = remediesWith(0.95);
    expect(remedies.filter((r) => /lower the rate/.test(r))).toHaveLength(1);
  });
});

describe('what you can do about an A/B run held back by its interval and a thin tail', () => {
  // A real busy A/A gate's advice read "run longer (more segment pairs narrow the interval; this
  // run could detect only changes beyond …; more segments and more requests in the tail; the
  // reasons above say how many; or let …)": its parts ran together at one level of semicolons.
  const held = (metric: string, kind: string) =>
    ({
      scenario: 'items/read',
      metric,
      verdict: 'inconclusive',
      method: 'paired',
      minDetectableEffect: metric === 'p99' ? 0.5 : 0.08,
      reasons: [{ kind, metric }],
    }) as unknown as MetricComparison;

  it('says in one sentence what more data gives, what this run could detect, and the extension budget', () => {
    const remedies = remediesFor({
      mode: 'ab',
      ab: { schedule: 'duet' },
      sequential: { moreRoomWouldHelp: true },
      scenarios: [{ name: 'items/read', metrics: [held('p50', 'not-significant'), held('p99', 'thin-tail')] }],
    } as never);
    const longer = remedies.filter((r) => /^run longer/.test(r));
    expect(longer).toHaveLength(1);
    const parts = longer[0]!.replace(/^run longer: /, '').split('; ');
    expect(parts).toHaveLength(3);
    expect(parts[0]).toBe(
      'more segment pairs narrow the interval, and more requests in the tail decide a thin percentile (the reasons above say how many)',
    );
    expect(parts[1]).toMatch(/^this run could detect only changes beyond /);
    expect(parts[2]).toMatch(/^or let an undecided scenario run on by itself for longer: compare\.extend\.maxDuration/);
  });
});
