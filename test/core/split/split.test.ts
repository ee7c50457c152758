// --split load: each shard's share of every count, which must add up to the config's exactly, and
// the loads that cannot be split, refused with the scenario, the value and the fix.
import { describe, expect, it } from 'vitest';
import { joinParams, rateShareOf, shareOf, splitLoad, splitRows } from '../../../src/core/split/index.js';
import type { LoadModel, ScenarioConfig } from '../../../src/core/types/config.js';
import { createRng } from '../../../src/core/stats/prng.js';
import { checkStartAt, MAX_START_AHEAD_MS } from '../../../src/core/split/start-at.js';
import { ConfigError } from '../../../src/core/errors.js';

function scenario(load: LoadModel): ScenarioConfig {
  return {
    name: 'orders',
    load,
    baseUrl: 'http://127.0.0.1:1',
    request: { method: 'GET', path: '/', headers: {} },
    warmupMs: 1000,
    timeoutMs: 1000,
    thinkTimeMs: 0,
    maxInFlight: 100,
    segmentMs: 1000,
  };
}

const shards = (count: number) => Array.from({ length: count }, (_, i) => ({ index: i + 1, count }));

describe('shares', () => {
  it('add up to the whole for any count and shard number, and differ by at most one', () => {
    const rng = createRng(7);
    for (let round = 0; round < 500; round++) {
      const total = rng.int(10_000);
      const count = 1 + rng.int(40);
      const parts = shards(count).map((shard) => shareOf(total, shard));
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
    }
  });

  it('spread the remainder over the later shards, as k6 execution segments do', () => {
    expect(shards(3).map((shard) => shareOf(10, shard))).toEqual([3, 3, 4]);
    expect(shards(4).map((shard) => shareOf(2, shard))).toEqual([0, 1, 0, 1]);
  });

  it('split rates in thousandths of a request per second, adding up to the rate', () => {
    const parts = shards(3).map((shard) => rateShareOf(100, shard));
    expect(parts).toEqual([33.333, 33.333, 33.334]);
    expect(Math.round(parts.reduce((a, b) => a + b, 0) * 1000) / 1000).toBe(100);
  });
});

describe('splitLoad', () => {
  it('splits VUs, iterations, rates and every stage target', () => {
    const ramp = scenario({
      executor: 'ramping-arrival-rate',
      startRatePerSec: 10,
      stages: [
        { durationMs: 1000, target: 300 },
        { durationMs: 1000, target: 0 },
      ],
    });
    const parts = shards(3).map((shard) => splitLoad(ramp, shard));
    expect(parts.map((p) => (p.executor === 'ramping-arrival-rate' ? p.stages.map((s) => s.target) : []))).toEqual([
      [100, 0],
      [100, 0],
      [100, 0],
    ]);
    expect(joinParams(parts.map((p) => ({ ...p })))).toMatchObject({
      startRatePerSec: 10,
      stages: [{ target: 300 }, { target: 0 }],
    });
    const iterations = splitLoad(
      scenario({ executor: 'shared-iterations', vus: 5, iterations: 100, maxDurationMs: 1000 }),
      {
        index: 2,
        count: 2,
      },
    );
    expect(iterations).toMatchObject({ vus: 3, iterations: 50 });
  });

  it('refuses fewer VUs than shards, a rate too small to split, and a capacity search', () => {
    expect(() =>
      splitLoad(scenario({ executor: 'constant-vus', vus: 2, durationMs: 1000 }), { index: 1, count: 3 }),
    ).toThrow(/scenario orders: vus 2 cannot be split across 3 shards .*use at least 3 VUs/);
    expect(() =>
      splitLoad(scenario({ executor: 'constant-arrival-rate', ratePerSec: 0.001, durationMs: 1000 }), {
        index: 1,
        count: 2,
      }),
    ).toThrow(/leaves shard 1\/2 no load/);
    expect(() =>
      splitLoad(
        scenario({
          executor: 'capacity',
          startRatePerSec: 10,
          maxRatePerSec: 100,
          step: { kind: 'factor', factor: 2 },
          resolution: 0.1,
        }),
        { index: 1, count: 2 },
      ),
    ).toThrow(/a capacity search cannot be split by load/);
  });
});

describe('splitRows', () => {
  it('deals the rows so that no row goes to two shards', () => {
    const rows = Array.from({ length: 7 }, (_, i) => i);
    const dealt = shards(3).map((shard) => splitRows('orders', rows, shard));
    expect(dealt.flat().sort()).toEqual(rows);
    expect(() => splitRows('orders', [1], { index: 2, count: 2 })).toThrow(
      /1 data rows cannot be split across 2 shards/,
    );
  });
});

describe('checkStartAt: the barrier is minutes ahead at most', () => {
  const now = Date.parse('2026-12-04T20:00:00Z');
  it(`takes a barrier up to ${MAX_START_AHEAD_MS / 60_000} min ahead and refuses one beyond, with the fix`, () => {
    expect(() => checkStartAt(now + 90_000, now, 500)).not.toThrow();
    expect(() => checkStartAt(now + MAX_START_AHEAD_MS, now, 500)).not.toThrow();
    expect(() => checkStartAt(now + MAX_START_AHEAD_MS + 60_000, now, 500)).toThrow(
      /--start-at: 2026-12-04T20:31:00\.000Z is 31 min ahead, more than the 30 min a shard waits at most.*now \+ 90 s/,
    );
    expect(() => checkStartAt(now + 2 * 86_400_000, now, 500, 'start-at')).toThrow(/^start-at: .* is 2 days ahead/);
    expect(() => checkStartAt(now + 100 * 365 * 86_400_000, now, 500)).toThrow(ConfigError);
  });
});
