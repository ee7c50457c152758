import { afterEach, describe, expect, it } from 'vitest';
import { parseThreshold } from '../../src/core/thresholds.js';
import type { CapacityLevel, CapacityLoad, ScenarioConfig, ScenarioResult } from '../../src/core/types.js';
import { runCapacity } from '../../src/engine/capacity.js';
import { createBaseline } from '../../src/core/baseline.js';
import { compareRuns } from '../../src/core/compare/index.js';
import { defaultCompareConfig } from '../../src/core/config.js';
import type { Results } from '../../src/core/types.js';
import type { TargetServer, TargetServerOptions } from '../fakes/target-server.js';
import { startTargetServer } from '../fakes/target-server.js';
import type { CpuTarget } from '../fakes/cpu-target.js';
import { startCpuTarget } from '../fakes/cpu-target.js';

// Targets whose capacity is known by construction: k workers (the latch) × d ms each serve at
// most k × 1000 / d requests per second. Rates stay low (≤ 300/s): the machine is shared.

function capacityScenario(baseUrl: string, load: Partial<CapacityLoad>, overrides: Partial<ScenarioConfig> = {}): ScenarioConfig {
  return {
    name: 'digest',
    load: { executor: 'capacity', startRatePerSec: 50, maxRatePerSec: 800, step: { kind: 'factor', factor: 1.5 }, resolution: 0.05, holdMs: 3000, ...load },
    baseUrl,
    request: { method: 'GET', path: '/', headers: {} },
    warmupMs: 1000,
    timeoutMs: 5000,
    thinkTimeMs: 0,
    maxInFlight: 1000,
    segmentMs: 1000,
    ...overrides,
  };
}

const SLO = ['p(95)<100', 'error_rate<0.01'].map((expression) => parseThreshold(expression, 'test'));

const closers: { close(): Promise<void> }[] = [];
async function cpuTarget(workMs: number): Promise<CpuTarget> {
  const server = await startCpuTarget(workMs);
  closers.push(server);
  return server;
}
async function target(options: TargetServerOptions): Promise<TargetServer> {
  const server = await startTargetServer(options);
  closers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(closers.splice(0).map((server) => server.close()));
});

/** Every intended request of every level is ok, ko or dropped, and the intended count is the
 * schedule's: the level's rate × its hold. */
function expectAccounted(levels: CapacityLevel[]): void {
  for (const level of levels) {
    const { intended, ok, ko, dropped } = level.requests;
    expect(ok + ko + dropped).toBe(intended);
    expect(Math.abs(intended - (level.intendedPerSec * level.durationMs) / 1000)).toBeLessThanOrEqual(1);
    expect(level.notes.filter((note) => note.startsWith('accounting'))).toEqual([]);
  }
}

/** Climb levels run above the true capacity before the climb stopped. */
function climbsPastKnee(levels: CapacityLevel[], trueCapacity: number): number {
  return levels.filter((level) => level.phase === 'climb' && level.intendedPerSec > trueCapacity).length;
}

function describeCurve(result: ScenarioResult): string {
  return (result.capacity?.levels ?? [])
    .map((l) => `${l.phase} ${l.intendedPerSec}/s→${l.achievedPerSec}/s p95 ${l.latencyMs.p95} ${l.held ? 'held' : `broke: ${l.brokeBecause.join('; ')}`} ${l.notes.join(' | ')}`)
    .join('\n');
}

describe('runCapacity against targets of known capacity', () => {
  it('finds 4 workers × 20 ms = 200 req/s, stops climbing one level past it, and accounts for every request', async () => {
    const server = await target({ delayMs: 20, latch: 4 });
    const result = await runCapacity(capacityScenario(server.url, { startRatePerSec: 100 }), { thresholds: SLO });
    const capacity = result.capacity!;
    const curve = describeCurve(result);
    expect(capacity.limitedBy, curve).toBe('service');
    expect(capacity.ratePerSec, curve).toBeLessThanOrEqual(220);
    expect(capacity.ratePerSec, curve).toBeGreaterThanOrEqual(150);
    expect(capacity.bracket[1]).not.toBeNull();
    expect(capacity.bracket[1]! - capacity.bracket[0]).toBeLessThanOrEqual(0.05 * capacity.bracket[0] + 1e-9);
    expect(climbsPastKnee(capacity.levels, 200), curve).toBeLessThanOrEqual(2);
    expect(capacity.firstFailure?.reason).toMatch(/p\(95\)<100 breached|fell behind/);
    expectAccounted(capacity.levels);
    const sent = capacity.levels.reduce((sum, level) => sum + level.requests.ok + level.requests.ko, 0);
    expect(server.received()).toBeGreaterThanOrEqual(sent);
    expect(result.executor).toBe('capacity');
    expect(result.rate?.intendedPerSec).toBe(capacity.ratePerSec);
  }, 120_000);

  it('finds 2 workers × 50 ms = 40 req/s', async () => {
    const server = await target({ delayMs: 50, latch: 2 });
    const result = await runCapacity(capacityScenario(server.url, { startRatePerSec: 20, holdMs: 4000 }), { thresholds: SLO });
    const capacity = result.capacity!;
    const curve = describeCurve(result);
    expect(capacity.limitedBy, curve).toBe('service');
    expect(capacity.ratePerSec, curve).toBeLessThanOrEqual(44);
    expect(capacity.ratePerSec, curve).toBeGreaterThanOrEqual(30);
    expect(capacity.bracket[1]! - capacity.bracket[0]).toBeLessThanOrEqual(0.05 * capacity.bracket[0] + 1e-9);
    expect(climbsPastKnee(capacity.levels, 40), curve).toBeLessThanOrEqual(2);
    expectAccounted(capacity.levels);
  }, 120_000);

  it('finds a CPU-bound service (10 ms of CPU per request: at most 100 req/s on a free core)', async () => {
    const server = await cpuTarget(10);
    const result = await runCapacity(capacityScenario(server.url, { startRatePerSec: 30 }), { thresholds: SLO });
    const capacity = result.capacity!;
    const curve = describeCurve(result);
    expect(capacity.limitedBy, curve).toBe('service');
    // Never more than one core can give; the lower bound leaves room for a busy shared machine.
    expect(capacity.ratePerSec, curve).toBeLessThanOrEqual(110);
    expect(capacity.ratePerSec, curve).toBeGreaterThanOrEqual(30);
    expect(climbsPastKnee(capacity.levels, 100), curve).toBeLessThanOrEqual(2);
    expectAccounted(capacity.levels);
  }, 120_000);
});

describe('runCapacity bounds', () => {
  it('reports a service that holds every level up to maxRate as at least maxRate', async () => {
    const server = await target({ delayMs: 2 });
    const result = await runCapacity(
      capacityScenario(server.url, { startRatePerSec: 20, maxRatePerSec: 60, step: { kind: 'increment', ratePerSec: 20 } }),
      { thresholds: SLO },
    );
    const capacity = result.capacity!;
    expect(capacity.levels.map((level) => [level.intendedPerSec, level.held])).toEqual([
      [20, true],
      [40, true],
      [60, true],
    ]);
    expect(capacity).toMatchObject({ limitedBy: 'maxRate', ratePerSec: 60, bracket: [60, null] });
    expect(capacity.firstFailure).toBeUndefined();
    expectAccounted(capacity.levels);
    expect(result.rps).toBeGreaterThan(0);
  }, 60_000);

  it('starts no level that would end after maxDuration', async () => {
    const server = await target({ delayMs: 2 });
    const result = await runCapacity(capacityScenario(server.url, { startRatePerSec: 20, maxDurationMs: 9000 }), { thresholds: SLO });
    const capacity = result.capacity!;
    // 1 s warm-up + 3 s hold, then 1 s settle + 3 s per level: the third would end after 12 s.
    expect(capacity.limitedBy).toBe('maxDuration');
    expect(capacity.levels.length).toBeGreaterThanOrEqual(1);
    expect(capacity.levels.length).toBeLessThanOrEqual(2);
    expect(result.params.maxDurationMs).toBe(9000);
  }, 60_000);

  it('says the start rate already broke the SLO', async () => {
    const server = await target({ delayMs: 50, latch: 1 });
    const result = await runCapacity(capacityScenario(server.url, { startRatePerSec: 40 }), { thresholds: SLO });
    const capacity = result.capacity!;
    expect(capacity).toMatchObject({ limitedBy: 'service', ratePerSec: 0, bracket: [0, 40] });
    expect(capacity.levels).toHaveLength(1);
    expect(capacity.firstFailure?.reason).toMatch(/fell behind|p\(95\)<100 breached/);
    expectAccounted(capacity.levels);
  }, 60_000);

  it('tells a generator that stalls from a service that broke: retried once, then reported as the generator\'s limit', async () => {
    const server = await target({ delayMs: 2 });
    // From 80/s on, the generator's own event loop stalls 60 ms in every 100 ms: a stand-in for a
    // neighbour that takes the generator's core. The service itself is never the limit.
    const result = await runCapacity(capacityScenario(server.url, { startRatePerSec: 40, step: { kind: 'factor', factor: 2 } }), {
      thresholds: ['p(95)<40'].map((expression) => parseThreshold(expression, 'test')),
      progressIntervalMs: 100,
      onProgress: (progress) => {
        if ((progress.intendedRatePerSec ?? 0) < 80) return;
        const until = performance.now() + 60;
        while (performance.now() < until);
      },
    });
    const capacity = result.capacity!;
    const curve = describeCurve(result);
    expect(capacity.limitedBy, curve).toBe('generator');
    expect(capacity.levels.map((level) => [level.phase, level.intendedPerSec, level.held]), curve).toEqual([
      ['climb', 40, true],
      ['climb', 80, false],
      ['retry', 80, false],
    ]);
    expect(capacity.levels.slice(1).every((level) => level.generatorLimited)).toBe(true);
    expect(capacity.ratePerSec).toBe(40);
    expect(result.generator.saturated).toBe(true);
    expect(result.generator.reasons.at(-1)).toMatch(/capacity is the generator's limit/);
    expectAccounted(capacity.levels);
  }, 60_000);
});

function resultsOf(scenario: ScenarioResult): Results {
  return {
    schemaVersion: 1,
    tool: { name: 'perfgate', version: 'test' },
    configHash: 'cfg',
    startTime: scenario.startTime,
    durationMs: scenario.capacity?.durationMs ?? scenario.durationMs,
    environment: { cpuModel: 'test', cpuCount: 2, nodeVersion: process.version, os: 'linux', fingerprint: 'env' },
    services: [],
    scenarios: [scenario],
  };
}

describe('a capacity regression', () => {
  it('calls a build 25% slower per request (4 × 25 ms = 160 req/s) a regression against the stored baseline of the faster one (200 req/s)', async () => {
    const fast = await target({ delayMs: 20, latch: 4 });
    const before = await runCapacity(capacityScenario(fast.url, { startRatePerSec: 100 }), { thresholds: SLO });
    const slow = await target({ delayMs: 25, latch: 4 });
    const after = await runCapacity(capacityScenario(slow.url, { startRatePerSec: 100 }), { thresholds: SLO });
    const curves = `before:\n${describeCurve(before)}\nafter:\n${describeCurve(after)}`;
    expect(after.capacity!.ratePerSec, curves).toBeLessThan(before.capacity!.ratePerSec);
    const baseline = createBaseline(resultsOf(before), undefined, { savedAt: '2026-12-01T00:00:00Z', historyLength: 10 });
    const comparison = compareRuns({ current: resultsOf(after), baseline, baselineStatus: { kind: 'ok' }, compare: defaultCompareConfig(), thresholds: [] });
    const metric = comparison.scenarios[0]!.metrics.find((m) => m.metric === 'capacity')!;
    expect(metric.verdict, `${curves}\n${JSON.stringify(metric)}`).toBe('regression');
    expect(comparison.verdict).toBe('fail');
    // And the faster build against itself is no regression.
    const again = await runCapacity(capacityScenario(fast.url, { startRatePerSec: 100 }), { thresholds: SLO });
    const same = compareRuns({ current: resultsOf(again), baseline, baselineStatus: { kind: 'ok' }, compare: defaultCompareConfig(), thresholds: [] });
    expect(same.scenarios[0]!.metrics.find((m) => m.metric === 'capacity')!.verdict).not.toBe('regression');
  }, 180_000);
});

describe('runCapacity interrupted', () => {
  it('returns the levels measured so far, marked interrupted, when aborted mid-search', async () => {
    const server = await target({ delayMs: 2 });
    const controller = new AbortController();
    const result = await runCapacity(capacityScenario(server.url, { startRatePerSec: 20 }), {
      thresholds: SLO,
      signal: controller.signal,
      onLevel: () => controller.abort(),
    });
    expect(result.capacity).toMatchObject({ limitedBy: 'interrupted', ratePerSec: 20 });
    expect(result.capacity!.levels).toHaveLength(1);
  }, 30_000);

  it('still gives a result when aborted before the first level', async () => {
    const server = await target({ delayMs: 2 });
    const controller = new AbortController();
    controller.abort();
    const result = await runCapacity(capacityScenario(server.url, {}), { thresholds: SLO, signal: controller.signal });
    expect(result.capacity).toMatchObject({ limitedBy: 'interrupted', ratePerSec: 0, levels: [] });
    expect(result.executor).toBe('capacity');
  }, 30_000);
});
