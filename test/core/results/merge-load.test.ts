// --split load: N shards' results of one scenario added into one, exactly. The property test draws
// latencies, deals them at random to N shards, and checks that the merged figures are the ones a
// single process recording every latency would have written; the rest are the refusals.
import { describe, expect, it } from 'vitest';
import { decodeHistogram, encodeHistogram } from '../../../src/core/histogram.js';
import { mergeResults, type MergeInput } from '../../../src/core/results/merge.js';
import { mergeLoadScenario } from '../../../src/core/results/merge-load.js';
import { findResultsProblem } from '../../../src/core/results/read.js';
import { summarizeLatency } from '../../../src/core/results/summary.js';
import { createRng } from '../../../src/core/stats/prng.js';
import type { Results, ScenarioResult } from '../../../src/core/types/results.js';
import { makeResults } from '../report/fixtures.js';
import { histogramOf, resultFrom } from './merge-fixtures.js';

function shardResults(
  index: number,
  count: number,
  scenarios: ScenarioResult[],
  extra: Partial<Results> = {},
): Results {
  return { ...makeResults(scenarios), shard: { index, count, split: 'load' }, ...extra };
}

function inputs(list: Results[]): MergeInput[] {
  return list.map((results, i) => ({ path: `shard-${i + 1}.json`, results }));
}

function at(ms: number): string {
  return new Date(Date.parse('2026-01-01T00:00:00.000Z') + ms).toISOString();
}

describe('merging load shards', () => {
  it('gives the percentiles and counts of one process, for latencies dealt at random to N shards', () => {
    for (let round = 0; round < 40; round++) {
      const rng = createRng(1000 + round);
      const count = 2 + rng.int(6);
      const values = Array.from({ length: 200 + rng.int(3000) }, () =>
        Math.max(1, Math.round(Math.exp(8 + 1.2 * rng.normal()))),
      );
      const dealt: number[][] = Array.from({ length: count }, () => []);
      for (const value of values) dealt[rng.int(count)]!.push(value);
      const kos = dealt.map(() => rng.int(5));
      const shards = dealt.map((part, i) =>
        shardResults(i + 1, count, [resultFrom('s', part, kos[i]!, 10_000, { startTime: at(rng.int(200)) })]),
      );
      const merged = mergeResults(inputs(shards)).scenarios[0]!;
      // One process's results file holds its histogram encoded: read back, its figures are the
      // merge's exactly. The live histogram keeps exact extremes, which a bucket rounds: they agree
      // to HDR's precision (3 significant digits).
      const live = histogramOf(values);
      const written = summarizeLatency(decodeHistogram(encodeHistogram(live)));
      const one = summarizeLatency(live);
      for (const key of ['min', 'p50', 'p75', 'p90', 'p95', 'p99', 'p999', 'max'] as const) {
        expect(merged.latencyMs[key]).toBe(written[key]);
        expect(Math.abs(merged.latencyMs[key] - one[key])).toBeLessThanOrEqual(one[key] * 1e-3 + 0.001);
      }
      const ko = kos.reduce((a, b) => a + b, 0);
      expect(merged.requests).toEqual({ total: values.length + ko, ok: values.length, ko, dropped: count });
      expect(decodeHistogram(merged.histogram).totalCount).toBe(values.length);
      // Segments add up to the whole as well, every shard in each.
      expect(merged.segments.reduce((n, s) => n + decodeHistogram(s.histogram).totalCount, 0)).toBe(values.length);
      expect(merged.shards?.map((s) => s.index)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect(merged.rate?.intendedPerSec).toBe(100 * count);
    }
  });

  it("keeps every shard's processes (compare.processes): each shard booted its own, so the merge has all of them", () => {
    const process = (values: number[]) => ({
      requests: values.length,
      histogram: encodeHistogram(histogramOf(values)),
    });
    const one = [process([1000, 1100]), process([1200, 1300])];
    const two = [process([2000, 2100, 2200]), process([2300])];
    const merged = mergeLoadScenario([
      {
        path: 'a.json',
        shardIndex: 1,
        shardCount: 2,
        scenario: resultFrom('s', [1000, 1100, 1200, 1300], 0, 10_000, { processes: one }),
      },
      {
        path: 'b.json',
        shardIndex: 2,
        shardCount: 2,
        scenario: resultFrom('s', [2000, 2100, 2200, 2300], 0, 10_000, { processes: two }),
      },
    ]);
    expect(merged.processes?.map((entry) => entry.requests)).toEqual([2, 2, 3, 1]);
    // The processes' requests add up to the merge's ok requests, as they do in each shard.
    expect(merged.processes?.reduce((sum, entry) => sum + entry.requests, 0)).toBe(merged.requests.ok);
    // A shard without them (one process): the merge cannot say how its requests fell, so none.
    const without = mergeLoadScenario([
      {
        path: 'a.json',
        shardIndex: 1,
        shardCount: 2,
        scenario: resultFrom('s', [1000, 1100, 1200, 1300], 0, 10_000, { processes: one }),
      },
      { path: 'b.json', shardIndex: 2, shardCount: 2, scenario: resultFrom('s', [2000, 2100], 0, 10_000) },
    ]);
    expect(without.processes).toBeUndefined();
    // Two shards of compare.processes 8: the merged results file holds 16 and still reads back.
    const eight = Array.from({ length: 8 }, () => process([1000]));
    const shards = [1, 2].map((index) =>
      shardResults(index, 2, [
        resultFrom(
          's',
          Array.from({ length: 8 }, () => 1000),
          0,
          10_000,
          { processes: eight },
        ),
      ]),
    );
    const results = mergeResults(inputs(shards));
    expect(results.scenarios[0]!.processes).toHaveLength(16);
    expect(findResultsProblem(JSON.parse(JSON.stringify(results)))).toBeUndefined();
  });

  it('recomputes the summary from the sum: a slow shard moves the p95, not an average', () => {
    const fast = Array.from({ length: 900 }, (_, i) => 1000 + i);
    const slow = Array.from({ length: 100 }, (_, i) => 900_000 + i * 1000);
    const a = resultFrom('s', fast, 0, 10_000);
    const b = resultFrom('s', slow, 20, 10_000, {
      generator: {
        lateStarts: 3,
        maxStartDelayMs: 40,
        eventLoopDelayP99Ms: 35,
        eventLoopDelayMaxMs: 50,
        cpuCores: 0.95,
        saturated: true,
        reasons: ['busy'],
      },
    });
    const merged = mergeLoadScenario([
      { path: 'a.json', shardIndex: 1, shardCount: 2, scenario: a },
      { path: 'b.json', shardIndex: 2, shardCount: 2, scenario: b },
    ]);
    expect(merged.latencyMs.p95).toBeGreaterThan(900);
    expect(merged.latencyMs.p50).toBeLessThan(2);
    expect(merged.rps).toBe(102);
    expect(merged.errorRate).toBeCloseTo(20 / 1020, 10);
    expect(merged.grade).toBe('unresponsive');
    expect(merged.statusCodes).toEqual({ '200': 1000, '0': 20 });
    expect(merged.errors).toEqual({ ETIMEDOUT: 20 });
    expect(merged.bytes).toEqual({ in: 20, out: 10 });
    expect(merged.distribution).toEqual({ under800: 1000, from800to1200: 0, over1200: 0, failed: 20 });
    expect(merged.segments.map((segment) => [segment.startMs, segment.count, segment.ko])).toEqual([
      [0, 500, 0],
      [5000, 520, 20],
    ]);
    expect(merged.timeline).toEqual([{ second: 0, count: 1020, ko: 20, p50: 1, p95: 2, p99: 3 }]);
    expect(merged.rate).toEqual({ intendedPerSec: 200, achievedPerSec: 198 });
    expect(merged.params).toEqual({ ratePerSec: 200 });
    expect(merged.generator).toMatchObject({
      lateStarts: 4,
      cpuCores: 0.95,
      saturated: true,
      reasons: ['shard 2/2: busy'],
    });
    expect(merged.shards?.[1]).toMatchObject({ index: 2, saturated: true, cpuCores: 0.95, requests: { ko: 20 } });
  });

  it("adds the shards' start delays per step, and keeps none when a shard did not count them", () => {
    const withStarts = (starts: { ms: number; count: number }[] | undefined) => {
      const scenario = resultFrom('s', [1000, 2000, 3000, 4000], 0, 10_000);
      for (const segment of scenario.segments)
        segment.contention = {
          generatorCores: 0.1,
          loopDelayP99Ms: 2,
          lateStarts: 1,
          otherCores: 0.2,
          stealCores: 0,
          ...(starts ? { startsLaterThan: starts } : {}),
        };
      return scenario;
    };
    const merge = (a: ScenarioResult, b: ScenarioResult) =>
      mergeLoadScenario([
        { path: 'a.json', shardIndex: 1, shardCount: 2, scenario: a },
        { path: 'b.json', shardIndex: 2, shardCount: 2, scenario: b },
      ]);
    const merged = merge(
      withStarts([
        { ms: 0.25, count: 3 },
        { ms: 1, count: 1 },
        { ms: 10, count: 1 },
      ]),
      withStarts([
        { ms: 0.25, count: 2 },
        { ms: 1, count: 2 },
        { ms: 10, count: 1 },
      ]),
    );
    for (const segment of merged.segments)
      expect(segment.contention).toMatchObject({
        lateStarts: 2,
        startsLaterThan: [
          { ms: 0.25, count: 5 },
          { ms: 1, count: 3 },
          { ms: 10, count: 2 },
        ],
      });
    const older = merge(withStarts([{ ms: 0.25, count: 3 }]), withStarts(undefined));
    for (const segment of older.segments) expect(segment.contention?.startsLaterThan).toBeUndefined();
  });

  it('aligns segments on wall clock and keeps only those every shard contributed to', () => {
    const values = Array.from({ length: 100 }, (_, i) => 1000 + i);
    const early = resultFrom('s', values, 0, 10_000, { startTime: at(0) });
    const late = resultFrom('s', values, 0, 10_000, { startTime: at(700) });
    const merged = mergeResults(inputs([shardResults(1, 2, [early]), shardResults(2, 2, [late])])).scenarios[0]!;
    expect(merged.segments.map((s) => [s.startMs, s.count])).toEqual([
      [0, 100],
      [5000, 100],
    ]);
    expect(merged.shards?.map((s) => s.startOffsetMs).sort((x, y) => x - y)).toEqual([0, 700]);
  });

  it('refuses a shard whose window overlaps the others by less than 90%, naming it and its offset', () => {
    const values = [1000, 2000];
    const shards = [0, 50, 4050].map((start, i) =>
      shardResults(i + 1, 3, [resultFrom('s', values, 0, 10_000, { startTime: at(start) })]),
    );
    expect(() => mergeResults(inputs(shards))).toThrow(
      /shard 3\/3 \(shard-3\.json\) started scenario s 4\.0 s after the others: its measured window overlaps 60%/,
    );
    // Within the tolerance it merges, and the shard's offset is kept.
    const near = [0, 50, 900].map((start, i) =>
      shardResults(i + 1, 3, [resultFrom('s', values, 0, 10_000, { startTime: at(start) })]),
    );
    expect(mergeResults(inputs(near)).scenarios[0]!.shards?.[2]?.startOffsetMs).toBe(850);
  });

  it('refuses a duplicated index, another config, a missing shard, a missing scenario and a mixed split', () => {
    const s = (name = 's') => resultFrom(name, [1000], 0, 10_000);
    expect(() => mergeResults(inputs([shardResults(1, 2, [s()]), shardResults(1, 2, [s()])]))).toThrow(
      /both are shard 1\/2/,
    );
    expect(() =>
      mergeResults(inputs([shardResults(1, 2, [s()]), shardResults(2, 2, [s()], { configHash: 'other' })])),
    ).toThrow(/different configs/);
    expect(() => mergeResults(inputs([shardResults(1, 3, [s()]), shardResults(3, 3, [s()])]))).toThrow(
      /shard 2\/3 missing/,
    );
    expect(() => mergeResults(inputs([shardResults(1, 2, [s(), s('t')]), shardResults(2, 2, [s()])]))).toThrow(
      /scenario t is missing from shard 2\/2 \(shard-2\.json\)/,
    );
    expect(() =>
      mergeResults(
        inputs([shardResults(1, 2, [s()]), { ...shardResults(2, 2, [s()]), shard: { index: 2, count: 2 } }]),
      ),
    ).toThrow(/split the load .* and shard-2\.json the scenarios/);
  });

  it('keeps the interrupted flag of any shard, and only what every shard measured', () => {
    const s = (name: string) => resultFrom(name, [1000], 0, 10_000);
    const merged = mergeResults(
      inputs([shardResults(1, 2, [s('a'), s('b')]), shardResults(2, 2, [s('a')], { interrupted: true })]),
    );
    expect(merged.interrupted).toBe(true);
    expect(merged.scenarios.map((x) => x.name)).toEqual(['a']);
    expect(merged.merged).toEqual({ shards: 2, split: 'load' });
  });
});

describe('mergeLoadScenario: the time to first byte beside the latency', () => {
  const withTtfb = (name: string, valuesUs: number[]): ScenarioResult => {
    const base = resultFrom(
      name,
      valuesUs.map((us) => us * 10),
      0,
      10_000,
    );
    const ttfb = histogramOf(valuesUs);
    const half = Math.floor(valuesUs.length / 2);
    return {
      ...base,
      ttfbMs: summarizeLatency(ttfb),
      ttfbHistogram: encodeHistogram(ttfb),
      segments: base.segments.map((segment, i) => ({
        ...segment,
        ttfbHistogram: encodeHistogram(histogramOf(i === 0 ? valuesUs.slice(0, half) : valuesUs.slice(half))),
      })),
    };
  };
  const part = (scenario: ScenarioResult, shardIndex: number) => ({
    path: `${shardIndex}.json`,
    shardIndex,
    shardCount: 2,
    scenario,
  });

  it('adds the shards’ TTFB histograms, whole and per segment, as it adds the latency’s', () => {
    const a = withTtfb(
      'api',
      Array.from({ length: 100 }, () => 1000),
    );
    const b = withTtfb(
      'api',
      Array.from({ length: 100 }, () => 3000),
    );
    const merged = mergeLoadScenario([part(a, 1), part(b, 2)]);
    const whole = decodeHistogram(merged.ttfbHistogram!);
    expect(whole.totalCount).toBe(200);
    whole.destroy();
    expect(merged.ttfbMs!.min).toBeCloseTo(1, 2);
    expect(merged.ttfbMs!.max).toBeCloseTo(3, 2);
    const first = decodeHistogram(merged.segments[0]!.ttfbHistogram!);
    expect(first.totalCount).toBe(100);
    first.destroy();
  });

  it('drops the TTFB when a shard has none (a file from before it was recorded)', () => {
    const a = withTtfb('api', [1000, 2000]);
    const b = resultFrom('api', [10_000, 20_000], 0, 10_000);
    const merged = mergeLoadScenario([part(a, 1), part(b, 2)]);
    expect(merged.ttfbMs).toBeUndefined();
    expect(merged.ttfbHistogram).toBeUndefined();
    expect(merged.segments[0]!.ttfbHistogram).toBeUndefined();
  });
});
