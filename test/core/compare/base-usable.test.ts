// A base that could not serve is no reference (src/core/compare/base-usable.ts): judged like one
// that did not boot, in every schedule, for capacity and at every look of an extended run; and
// a base just inside the line is still paired.
import { describe, expect, it } from 'vitest';
import { BASE_MAX_ERROR_RATE, BASE_MAX_ERROR_RISE, findUnusableBase } from '../../../src/core/compare/base-usable.js';
import { comparePaired } from '../../../src/core/compare/index.js';
import { alphaShares } from '../../../src/core/compare/sequential.js';
import { NoVerdictError } from '../../../src/core/errors.js';
import { judgeRun, type BaselineLookup } from '../../../src/core/gate.js';
import { createBaseline } from '../../../src/core/results/baseline.js';
import { appendExtension } from '../../../src/core/results/extend.js';
import type { AbSchedule, CompareConfig } from '../../../src/core/types/config.js';
import type { CapacityLevel, CapacityResult, Results } from '../../../src/core/types/results.js';
import { makeAbResults, segmentsAsRun, type AbScenarioFixture } from '../ab-fixtures.js';
import { makeResults, TEST_COMPARE } from '../fixtures.js';

const compare: CompareConfig = { ...TEST_COMPARE, mode: 'ab', extend: { maxWindowFactor: 0 } };
const missing: BaselineLookup = { kind: 'missing', detail: 'no baseline yet' };

function judge(current: Results, options: { thresholds?: Record<string, string[]>; baseline?: BaselineLookup } = {}) {
  return judgeRun({
    current,
    config: { thresholds: options.thresholds ?? {}, compare },
    baseline: options.baseline ?? missing,
  }).comparison;
}

/** A head 30% slower than its base, the base failing `baseErrorRate` of its requests. */
function run(schedule: AbSchedule, baseErrorRate: number, headErrorRate = 0.002, seed = 3): Results {
  const api: AbScenarioFixture = {
    name: 'api',
    pairs: 8,
    ratePerSec: 400,
    headScale: 1.3,
    errorRate: baseErrorRate,
    headErrorRate,
  };
  return makeAbResults({ seed, schedule, scenarios: [api] });
}

/** The stored baseline a fallback compares with: a run like the base when it still served. */
function stored(current: Results): BaselineLookup {
  const healthy = makeResults({ seed: 9, scenarios: [{ name: 'api', segments: 8, ratePerSec: 400 }] });
  healthy.configHash = current.configHash;
  healthy.environment = current.environment;
  const baseline = createBaseline(healthy, undefined, { savedAt: '2026-12-01T00:00:00Z', historyLength: 10 });
  return { kind: 'found', text: JSON.stringify(baseline), source: 'test' };
}

describe.each<AbSchedule>(['duet', 'alternate'])('an A/B base that could not serve (%s)', (schedule) => {
  it('a base answering every request with an error gives no verdict: no pass, no improvement', () => {
    const current = run(schedule, 1);
    expect(findUnusableBase(current)).toHaveLength(1);
    expect(() => judge(current)).toThrow(NoVerdictError);
    expect(() => judge(current)).toThrow(/base could not serve \(api: \d+ of \d+ base requests failed \(100%/);
    // Called directly, the paired comparison refuses it too.
    expect(() => comparePaired({ current, baselineStatus: { kind: 'ok' }, compare, thresholds: [] })).toThrow(
      NoVerdictError,
    );
  });

  it('a base that failed 59% (killed mid-run) falls back to the stored baseline, which catches the head', () => {
    const current = run(schedule, 0.59);
    const comparison = judge(current, { baseline: stored(current) });
    expect(comparison.mode).not.toBe('ab');
    expect(comparison.notes[0]).toMatch(/^A\/B: the base could not serve .*compared with the stored baseline instead/);
    expect(comparison.improvements.filter((m) => m.metric === 'error_rate')).toHaveLength(0);
  });

  it('with thresholds and no stored baseline, the thresholds judge it and the note says why', () => {
    const current = run(schedule, 1);
    const comparison = judge(current, { thresholds: { '*': ['p(95)<10'] } });
    expect(comparison.mode).toBe('thresholds-only');
    expect(comparison.verdict).toBe('fail');
    expect(comparison.notes[0]).toMatch(/base could not serve/);
  });

  it(`a base just under ${BASE_MAX_ERROR_RATE * 100}% errors and under a ${BASE_MAX_ERROR_RISE * 100}-point rise is still the reference`, () => {
    // 45% failed in the base and 30% in the head: a rise of 15 points, inside both lines.
    const inside = run(schedule, 0.45, 0.3);
    expect(findUnusableBase(inside)).toHaveLength(0);
    expect(judge(inside).mode).toBe('ab');
    // 18% against 0%: inside; 25% against 0%: a rise past the line.
    expect(judge(run(schedule, 0.18, 0)).mode).toBe('ab');
    expect(findUnusableBase(run(schedule, 0.25, 0))).toHaveLength(1);
    expect(() => judge(run(schedule, 0.25, 0))).toThrow(NoVerdictError);
    // 55% against 50%: a small rise, but the base failed more than it served.
    expect(findUnusableBase(run(schedule, 0.55, 0.5))).toHaveLength(1);
  });

  it('a healthy base is still the reference: the head is measured against it', () => {
    const comparison = judge(run(schedule, 0.002));
    expect(comparison.mode).toBe('ab');
    const p50 = comparison.scenarios[0]!.metrics.find((m) => m.metric === 'p50')!;
    expect(p50.method).toBe('paired');
    expect(p50.change).toBeGreaterThan(0.2);
    expect(p50.verdict).not.toBe('improvement');
  });
});

describe('capacity: a base whose search met mostly errors', () => {
  function level(intendedPerSec: number, ok: number, ko: number, held: boolean): CapacityLevel {
    return {
      phase: 'climb',
      intendedPerSec,
      achievedPerSec: ok / 5,
      sentPerSec: (ok + ko) / 5,
      durationMs: 5000,
      requests: { intended: ok + ko, ok, ko, dropped: 0 },
      latencyMs: { p50: 5, p95: 10, p99: 20 },
      errorRate: ok + ko > 0 ? ko / (ok + ko) : 0,
      failures: ko > 0 ? { ECONNREFUSED: ko } : {},
      held,
      brokeBecause: held ? [] : ['error_rate'],
      generatorSaturated: false,
      generatorLimited: false,
      notes: [],
    };
  }
  function search(ratePerSec: number, high: number | null, levels: CapacityLevel[]): CapacityResult {
    return {
      ratePerSec,
      bracket: [ratePerSec, high],
      resolution: 0.05,
      limitedBy: 'service',
      durationMs: 30_000,
      levels,
    };
  }
  function capacityRun(seed: number, capacity: CapacityResult): Results {
    const results = makeResults({
      seed,
      scenarios: [{ name: 'digest', executor: 'constant-arrival-rate', ratePerSec: 200 }],
    });
    results.scenarios[0] = { ...results.scenarios[0]!, executor: 'capacity', capacity };
    return results;
  }
  const head = search(100, 105, [level(50, 250, 0, true), level(100, 500, 0, true), level(105, 400, 125, false)]);

  it('a base that died at its second level is no reference; one that held its levels is', () => {
    const dead = capacityRun(2, head);
    dead.ab = {
      schedule: 'alternate',
      seed: 1,
      base: capacityRun(1, search(50, 100, [level(50, 250, 0, true), level(100, 0, 2500, false)])),
    };
    expect(findUnusableBase(dead)).toEqual([expect.objectContaining({ scenario: 'digest', baseFailed: 2500 })]);
    expect(() => judge(dead)).toThrow(NoVerdictError);

    const healthy = capacityRun(2, head);
    healthy.ab = {
      schedule: 'alternate',
      seed: 1,
      base: capacityRun(
        1,
        search(200, 210, [level(100, 500, 0, true), level(200, 1000, 0, true), level(210, 900, 150, false)]),
      ),
    };
    expect(findUnusableBase(healthy)).toHaveLength(0);
    const comparison = judgeRun({
      current: healthy,
      config: { thresholds: {}, compare: { ...compare, metrics: ['capacity'] } },
      baseline: missing,
    }).comparison;
    expect(comparison.mode).toBe('ab');
    expect(comparison.regressions.map((m) => m.metric)).toEqual(['capacity']);
  });
});

describe('compare.extend: a base that stopped serving in an extension', () => {
  it('is found at the look it failed in, and the run falls back', () => {
    const healthy = makeAbResults({
      seed: 5,
      schedule: 'duet',
      scenarios: [{ name: 'api', pairs: 8, ratePerSec: 400 }],
    });
    const broken = makeAbResults({
      seed: 6,
      schedule: 'duet',
      scenarios: [{ name: 'api', pairs: 16, ratePerSec: 400, errorRate: 1, headErrorRate: 0.002 }],
    });
    const head = healthy.scenarios[0]!;
    const base = healthy.ab!.base.scenarios[0]!;
    const planned: Results = { ...healthy, sequential: { alphaShares: alphaShares(true) } };
    expect(findUnusableBase(planned)).toHaveLength(0);
    const extended: Results = {
      ...planned,
      scenarios: [appendExtension(head, segmentsAsRun(broken.scenarios[0]!, 0, 16), ['p95'])],
      ab: {
        ...planned.ab!,
        base: {
          ...planned.ab!.base,
          scenarios: [appendExtension(base, segmentsAsRun(broken.ab!.base.scenarios[0]!, 0, 16), ['p95'])],
        },
      },
    };
    expect(extended.scenarios[0]!.extension?.looks).toHaveLength(2);
    expect(() => judge(extended)).toThrow(/base could not serve/);
    const comparison = judge(extended, { baseline: stored(extended) });
    expect(comparison.mode).not.toBe('ab');
    expect(comparison.notes[0]).toMatch(/base could not serve/);
  });
});
