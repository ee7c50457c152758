import { afterAll, describe, expect, it } from 'vitest';
import { parseThreshold } from '../../src/core/thresholds.js';
import type { Results, ScenarioResult } from '../../src/core/types/results.js';
import type { ScenarioConfig } from '../../src/core/types/config.js';
import type { Comparison } from '../../src/core/types/comparison.js';
import { runCapacityVariants } from '../../src/engine/run-capacity.js';
import { CAPACITY_REPEATS } from '../../src/core/capacity-search.js';
import { judgeRun } from '../../src/core/gate.js';
import { decideExit } from '../../src/core/compare/index.js';
import { defaultCompareConfig } from '../../src/core/config/compare.js';
import { describeReason } from '../../src/core/report/reasons.js';
import type { TargetServer, TargetServerOptions } from '../fakes/target-server.js';
import { startTargetServer } from '../fakes/target-server.js';

// A/B capacity on real loopback services whose capacity is known by construction (k workers ×
// d ms each: k × 1000 / d req/s). Each pair is searched in turn, as `perfgate run` does with a base
// checkout; the three pairs run side by side (their servers are separate) and stay under ~300 req/s
// in all, the machine being shared.

const SLO = ['p(95)<150', 'error_rate<0.01'].map((expression) => parseThreshold(expression, 'test'));

function scenario(startRatePerSec: number, factor: number): ScenarioConfig {
  return {
    name: 'digest',
    load: {
      executor: 'capacity',
      startRatePerSec,
      maxRatePerSec: 800,
      step: { kind: 'factor', factor },
      resolution: 0.05,
      holdMs: 3000,
    },
    baseUrl: 'http://127.0.0.1:1',
    request: { method: 'GET', path: '/', headers: {} },
    warmupMs: 1000,
    timeoutMs: 5000,
    thinkTimeMs: 0,
    maxInFlight: 1000,
    segmentMs: 1000,
  };
}

function resultsOf(scenario: ScenarioResult): Results {
  return {
    schemaVersion: 1,
    tool: { name: 'perfgate', version: 'test' },
    configHash: 'cfg',
    startTime: scenario.startTime,
    durationMs: scenario.durationMs,
    environment: { cpuModel: 'test', cpuCount: 2, nodeVersion: process.version, os: 'linux', fingerprint: 'env' },
    services: [],
    scenarios: [scenario],
  };
}

const servers: TargetServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function abCapacity(
  base: TargetServerOptions,
  head: TargetServerOptions,
  startRatePerSec: number,
  seed: number,
  factor = 1.09,
): Promise<{
  comparison: Comparison;
  curves: string;
  head: ScenarioResult['capacity'];
  base: ScenarioResult['capacity'];
}> {
  const [baseServer, headServer] = await Promise.all([startTargetServer(base), startTargetServer(head)]);
  servers.push(baseServer, headServer);
  const { results } = await runCapacityVariants(scenario(startRatePerSec, factor), {
    thresholds: SLO,
    seed,
    targets: [
      { name: 'head', baseUrl: headServer.url },
      { name: 'base', baseUrl: baseServer.url },
    ],
  });
  const [headResult, baseResult] = results;
  const current = resultsOf(headResult!);
  current.ab = { schedule: 'alternate', seed, base: resultsOf(baseResult!) };
  // Judged as the gate judges it (judgeRun: the one look's share of α included), not by the
  // paired comparison alone.
  const { comparison } = judgeRun({
    current,
    config: { thresholds: {}, compare: { ...defaultCompareConfig(), mode: 'ab' } },
    baseline: { kind: 'missing', detail: 'A/B' },
  });
  const capacityOf = (result: ScenarioResult | undefined) => result?.capacity;
  const curve = (result: ScenarioResult | undefined): string =>
    (result?.capacity?.levels ?? []).map((l) => `${l.intendedPerSec}/s ${l.held ? 'held' : 'broke'}`).join(', ');
  return {
    comparison,
    curves: `head: ${curve(headResult)}\nbase: ${curve(baseResult)}`,
    head: capacityOf(headResult),
    base: capacityOf(baseResult),
  };
}

const FAST: TargetServerOptions = { delayMs: 24, latch: 2 }; // 83.3 req/s
const HALF: TargetServerOptions = { delayMs: 48, latch: 2 }; // 41.7 req/s
// One worker of 4 ms: 250 req/s at most; every 10th request 20 ms more: 6 ms on average, 167 req/s,
// a third less. A fifth less (every 20th) was the case while the search-to-search noise was assumed
// at 5%: measured per run (4 degrees of freedom), a busy CI machine read it as -15% with a noise sd
// of 5.7%, p = 0.069; the simulation calls -20% in 82% of runs at 5% noise (docs/design/statistics.md,
// "Capacity in A/B").
const QUICK: TargetServerOptions = { delayMs: 4, latch: 1 };
const QUICK_SLOW_PATH: TargetServerOptions = { ...QUICK, slowEvery: { every: 10, extraMs: 20 } };

// The A/A pair starts near its capacity (72/s for 83/s): two climbs of 9%, a break and one
// bisection, 4 levels of 4 s where a start at 60/s took 7. The slow-path pair starts at 125/s:
// the slow path holds ~160/s and the quick one ~240/s, but both serve from this process's event
// loop, beside the other pairs' generators, and a busy stretch took 20% from both in one of six
// runs; a start near the slow path's capacity then breaks at once, and an open bracket against
// the quick one's could not show the fall. The half pair
// starts at 60/s: its head breaks there, and only a start below 80% of the base's capacity makes
// that bound (60/s against ~84/s) a fall of more than a fifth.
// The slow-path pair climbs by 20%, not 9%: its quick variant is ~1.9x the start away, 8 climbs and
// a bisection at 9% (10 levels; with the repeats the pair ran 24 levels of 4 s, 98 s, the file's
// longest), 5 climbs and two bisections at 20% (21 levels with one retry, 86 s; the A/A pair's 18
// took 75 s). The bisections still end within the 5% resolution, so the brackets the repeats
// measure again, and the noise they give, are as narrow as the other pairs'.
const pairs = {
  half: abCapacity(FAST, HALF, 60, 1),
  same: abCapacity(FAST, FAST, 72, 2),
  slowPath: abCapacity(QUICK, QUICK_SLOW_PATH, 125, 3, 1.2),
};
for (const pair of Object.values(pairs)) pair.catch(() => undefined);

describe('capacity in A/B mode (both variants searched on this runner in turn)', () => {
  it('fails a head with half the base capacity', async () => {
    const { comparison, curves } = await pairs.half;
    const capacity = comparison.scenarios[0]!.metrics.find((m) => m.metric === 'capacity')!;
    expect(capacity, curves).toMatchObject({ method: 'bracket', verdict: 'regression' });
    // A head that breaks at the start rate is known only to be below it: the bound (60/s against
    // the base's ~84/s) still decides, and a bound is the smallest change the searches allow.
    expect(capacity.change, curves).toBeLessThan(-0.2);
    expect(capacity.adjustedPValue).toBeLessThanOrEqual(0.05);
    expect(comparison.verdict).toBe('fail');
    expect(decideExit(comparison, 'regression')).toBe(1);
    expect(comparison.scenarios[0]!.notes.join(' ')).toMatch(/searched on this runner in turn/);
  }, 240_000);

  it('fails a head where 1 request in 10 takes 20 ms more (a third less capacity)', async () => {
    const { comparison, curves } = await pairs.slowPath;
    const capacity = comparison.scenarios[0]!.metrics.find((m) => m.metric === 'capacity')!;
    expect(capacity.verdict, `${curves}\n${capacity.reasons.map(describeReason).join(' ')}`).toBe('regression');
    expect(comparison.verdict).toBe('fail');
  }, 240_000);

  it('passes the same build against itself', async () => {
    const { comparison, curves } = await pairs.same;
    const capacity = comparison.scenarios[0]!.metrics.find((m) => m.metric === 'capacity')!;
    expect(capacity.method, curves).toBe('bracket');
    expect(capacity.verdict, curves).not.toBe('regression');
    expect(comparison.verdict).toBe('pass');
  }, 240_000);

  it('measures the search-to-search noise from repeated brackets, and the results and the report say so', async () => {
    const { comparison, curves, head, base } = await pairs.same;
    // Each variant's bracket measured twice more after both searches: the two ends again, held and
    // broken, on a service whose capacity is fixed by construction.
    for (const search of [head, base]) {
      expect(search?.repeats, curves).toHaveLength(CAPACITY_REPEATS);
      for (const repeat of search!.repeats!) {
        expect(repeat.limitedBy).toBe('service');
        expect(repeat.levels.length).toBeGreaterThanOrEqual(2);
      }
      expect(search?.searchNoise).toMatchObject({ source: 'repeats', df: 2 * CAPACITY_REPEATS, searches: 6 });
    }
    const capacity = comparison.scenarios[0]!.metrics.find((m) => m.metric === 'capacity')!;
    const reason = capacity.reasons.find((r) => r.kind === 'capacity-search-noise');
    expect(reason).toEqual({ kind: 'capacity-search-noise', ...head!.searchNoise });
    expect(describeReason(reason!)).toMatch(/measured in this run: sd [\d.]+% of ln\(capacity\) over 6 searches/);
    // A head that broke at the start rate has no bracket to repeat: the base's repeats measure the noise.
    const half = await pairs.half;
    expect(half.head?.repeats ?? []).toHaveLength(0);
    expect(half.base?.searchNoise).toMatchObject({ source: 'repeats', df: CAPACITY_REPEATS });
  }, 240_000);
});
