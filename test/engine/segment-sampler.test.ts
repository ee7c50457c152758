import { afterEach, describe, expect, it } from 'vitest';
import type { ScenarioConfig } from '../../src/core/types/config.js';
import { runScenario } from '../../src/engine/run-scenario.js';
import { prepareRun } from '../../src/core/stats/bootstrap.js';
import { segmentQuantileUs } from '../../src/core/stats/paired.js';
import type { CpuProbe } from '../../src/engine/segment-sampler.js';
import type { TargetServer } from '../fakes/target-server.js';
import { startTargetServer } from '../fakes/target-server.js';

const servers: TargetServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Four segments: of 500 ms by default (the burst and the block below are placed in them). */
function openScenario(baseUrl: string, segmentMs = 500): ScenarioConfig {
  return {
    name: 'contention',
    load: { executor: 'constant-arrival-rate', ratePerSec: 200, durationMs: 4 * segmentMs },
    baseUrl,
    request: { method: 'GET', path: '/', headers: {} },
    warmupMs: 300,
    timeoutMs: 5000,
    thinkTimeMs: 0,
    maxInFlight: 1000,
    segmentMs,
  };
}

/** A machine whose neighbour uses 0.1 core, and a whole core from 1.0 s to 1.5 s of the window;
 * the busy total includes perfgate's own CPU, as /proc/stat's does. */
function neighbourProbe(windowStartMs: number): CpuProbe {
  const neighbourSeconds = (tMs: number): number => {
    const base = (0.1 * Math.max(0, tMs)) / 1000;
    const burst = Math.max(0, Math.min(tMs, 1500) - 1000) / 1000;
    return base + 0.9 * burst;
  };
  return () => {
    const own = process.cpuUsage();
    const busySeconds = (own.user + own.system) / 1e6 + neighbourSeconds(performance.now() - windowStartMs);
    return { busySeconds, stealSeconds: 0, serviceSeconds: 0 };
  };
}

/** Blocks the event loop for `forMs` once `afterMs` have passed: nothing else runs meanwhile. */
function stallLoop(afterMs: number, forMs: number): NodeJS.Timeout {
  return setTimeout(() => {
    const until = performance.now() + forMs;
    while (performance.now() < until) {
      // busy: nothing else runs
    }
  }, afterMs);
}

describe('per-segment contention', () => {
  it('shows a neighbour burst and an event-loop block in the segments they hit, not elsewhere', async () => {
    const server = await startTargetServer({ delayMs: 1 });
    servers.push(server);
    const scenario = openScenario(server.url);
    const windowStart = performance.now() + scenario.warmupMs;
    // Block the generator's event loop for 200 ms, 600 ms into the measured window (segment 1).
    const blocker = stallLoop(scenario.warmupMs + 600, 200);
    const result = await runScenario(scenario, { cpuProbe: neighbourProbe(windowStart) });
    clearTimeout(blocker);

    expect(result.segments).toHaveLength(4);
    const contention = result.segments.map((segment) => segment.contention);
    expect(contention.every((sample) => sample !== undefined)).toBe(true);
    const [s0, s1, s2, s3] = contention.map((sample) => sample!);
    // The burst: a whole core of other work in segment 2 only.
    expect(s2!.otherCores).toBeGreaterThan(0.6);
    for (const quiet of [s0!, s1!, s3!]) expect(quiet.otherCores).toBeLessThan(0.4);
    for (const sample of [s0!, s1!, s2!, s3!]) expect(sample.stealCores).toBe(0);
    // The block: late starts and loop delay in segment 1, and the generator's own CPU there.
    expect(s1!.lateStarts).toBeGreaterThanOrEqual(25);
    expect(s1!.loopDelayP99Ms).toBeGreaterThanOrEqual(100);
    expect(s1!.generatorCores).toBeGreaterThan(s3!.generatorCores);
    expect(s0!.lateStarts + s3!.lateStarts).toBeLessThan(10);
    // Every late start of the run is in some segment.
    expect(contention.reduce((sum, sample) => sum + sample!.lateStarts, 0)).toBe(result.generator.lateStarts);
    // The start delays per step: the block's 200 ms shows past 100 ms in segment 1; the counts
    // fall as the steps rise, and the 10 ms step is the segment's late starts.
    const laterThan = (sample: typeof s1, ms: number) =>
      sample!.startsLaterThan!.find((step) => step.ms === ms)?.count ?? 0;
    expect(laterThan(s1, 100)).toBeGreaterThanOrEqual(10);
    expect(laterThan(s0, 100) + laterThan(s3, 100)).toBe(0);
    for (const sample of [s0, s1, s2, s3]) {
      expect(laterThan(sample, 10)).toBe(sample!.lateStarts);
      const counts = sample!.startsLaterThan!.map((step) => step.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    }
  });

  it('counts the late starts of a stall across the window’s start in its first segment', async () => {
    const server = await startTargetServer({ delayMs: 1 });
    servers.push(server);
    const scenario = openScenario(server.url);
    scenario.load = { executor: 'constant-arrival-rate', ratePerSec: 1000, durationMs: 2000 };
    // Block the event loop from 30 ms before the measured window to 120 ms into it: the requests
    // due in the window's first 120 ms go out late, whichever timer the loop runs first after it.
    const blocker = stallLoop(scenario.warmupMs - 30, 150);
    const result = await runScenario(scenario);
    clearTimeout(blocker);
    expect(result.generator.lateStarts).toBeGreaterThanOrEqual(50);
    const segments = result.segments.map((segment) => segment.contention!);
    expect(segments.reduce((sum, sample) => sum + sample.lateStarts, 0)).toBe(result.generator.lateStarts);
    const laterThan = (ms: number) =>
      segments.reduce((sum, sample) => sum + (sample.startsLaterThan!.find((step) => step.ms === ms)?.count ?? 0), 0);
    expect(laterThan(50)).toBeGreaterThanOrEqual(20);
  });

  it('counts the late starts of a stall across a segment’s end where their latencies are', async () => {
    const server = await startTargetServer({ delayMs: 1 });
    servers.push(server);
    const scenario = openScenario(server.url);
    scenario.load = { executor: 'constant-arrival-rate', ratePerSec: 1000, durationMs: 2000 };
    // Block the event loop for 300 ms across the end of segment 1 (the window opens a little after
    // warmupMs): the requests due then go out when it ends, and their answers come back at once.
    const blocker = stallLoop(scenario.warmupMs + 900, 300);
    const result = await runScenario(scenario);
    clearTimeout(blocker);
    const run = prepareRun(result.segments);
    const p95 = result.segments.map((_, i) => segmentQuantileUs(run, i, 95));
    const over50 = result.segments.map(
      (segment) => segment.contention!.startsLaterThan!.find((step) => step.ms === 50)?.count ?? 0,
    );
    const slowest = p95.indexOf(Math.max(...p95));
    expect(over50[slowest]).toBeGreaterThanOrEqual(100);
    expect(over50.reduce((sum, count) => sum + count, 0) - over50[slowest]!).toBeLessThan(20);
  });

  it('records loop delay and late starts without a probe, and no machine figures', async () => {
    const server = await startTargetServer({ delayMs: 1 });
    servers.push(server);
    const result = await runScenario(openScenario(server.url, 250));
    expect(result.segments).toHaveLength(4);
    for (const segment of result.segments) {
      expect(segment.contention).toBeDefined();
      expect(segment.contention!.otherCores).toBeUndefined();
      expect(segment.contention!.loopDelayP99Ms).toBeGreaterThanOrEqual(0);
    }
  });

  it('ignores a probe that throws', async () => {
    const server = await startTargetServer({ delayMs: 1 });
    servers.push(server);
    const result = await runScenario(openScenario(server.url, 250), {
      cpuProbe: () => {
        throw new Error('no /proc here');
      },
    });
    expect(result.requests.ko).toBe(0);
    expect(
      result.segments.every(
        (segment) => segment.contention !== undefined && segment.contention.otherCores === undefined,
      ),
    ).toBe(true);
  });
});
