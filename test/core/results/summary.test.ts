import { describe, expect, it } from 'vitest';
import { createHistogram, decodeHistogram, encodeHistogram } from '../../../src/core/histogram.js';
import {
  distributionBucket,
  gradeLatency,
  mergeScenarioResults,
  summarizeLatency,
  summarizeScenario,
} from '../../../src/core/results/summary.js';
import type { ScenarioResult } from '../../../src/core/types/results.js';

function histogramOf(valuesUs: number[]) {
  const histogram = createHistogram();
  for (const value of valuesUs) histogram.recordValue(value);
  return histogram;
}

describe('summarizeLatency', () => {
  it('gives ms with µs precision', () => {
    // 1..1000 ms in 1 ms steps.
    const summary = summarizeLatency(histogramOf(Array.from({ length: 1000 }, (_, i) => (i + 1) * 1000)));
    expect(summary.min).toBe(1);
    expect(summary.max).toBeCloseTo(1000, 0);
    expect(summary.mean).toBeCloseTo(500.5, 0);
    expect(summary.stddev).toBeCloseTo(288.7, 0);
    expect(summary.p50).toBeCloseTo(500, 0);
    expect(summary.p75).toBeCloseTo(750, 0);
    expect(summary.p90).toBeCloseTo(900, 0);
    expect(summary.p95).toBeCloseTo(950, 0);
    expect(summary.p99).toBeCloseTo(990, 0);
    expect(summary.p999).toBeCloseTo(999, 0);
  });

  it('keeps sub-millisecond latencies', () => {
    const summary = summarizeLatency(histogramOf([180, 190, 200, 210, 220]));
    expect(summary.p50).toBe(0.2);
    expect(summary.min).toBe(0.18);
  });

  it('is all zeros without values', () => {
    expect(Object.values(summarizeLatency(createHistogram())).every((value) => value === 0)).toBe(true);
  });
});

describe('grades and buckets', () => {
  it.each([
    [10, 'excellent'],
    [49.999, 'excellent'],
    [50, 'good'],
    [99, 'good'],
    [100, 'acceptable'],
    [150, 'arguable'],
    [249, 'arguable'],
    [250, 'unresponsive'],
    [5000, 'unresponsive'],
  ] as const)('p95 %s ms is %s', (p95, grade) => {
    expect(gradeLatency(p95)).toBe(grade);
  });

  it('grades a scenario with no ok request unresponsive', () => {
    expect(gradeLatency(0, 0)).toBe('unresponsive');
  });

  it.each([
    [0.5, 'under800'],
    [799.9, 'under800'],
    [800, 'from800to1200'],
    [1199, 'from800to1200'],
    [1200, 'over1200'],
  ] as const)('%s ms goes in %s', (ms, bucket) => {
    expect(distributionBucket(ms)).toBe(bucket);
  });

  it('computes rps and the error rate from the counters', () => {
    const figures = summarizeScenario({ histogram: histogramOf([1000, 2000]), ok: 90, ko: 10, durationMs: 4000 });
    expect(figures.rps).toBe(25);
    expect(figures.errorRate).toBe(0.1);
    expect(figures.grade).toBe('excellent');
    expect(summarizeScenario({ histogram: createHistogram(), ok: 0, ko: 0, durationMs: 0 })).toMatchObject({
      rps: 0,
      errorRate: 0,
    });
  });
});

function resultFrom(
  name: string,
  valuesUs: number[],
  ko: number,
  durationMs: number,
  extra: Partial<ScenarioResult> = {},
): ScenarioResult {
  const histogram = histogramOf(valuesUs);
  const figures = summarizeScenario({ histogram, ok: valuesUs.length, ko, durationMs });
  const half = Math.floor(valuesUs.length / 2);
  return {
    name,
    executor: 'constant-arrival-rate',
    params: { ratePerSec: 100 },
    startTime: '2026-01-01T00:00:00.000Z',
    durationMs,
    warmupMs: 1000,
    requests: { total: valuesUs.length + ko, ok: valuesUs.length, ko, dropped: 1 },
    ...figures,
    bytes: { in: 10, out: 5 },
    statusCodes: { '200': valuesUs.length, '0': ko },
    errors: ko ? { ETIMEDOUT: ko } : {},
    distribution: { under800: valuesUs.length, from800to1200: 0, over1200: 0, failed: ko },
    histogram: encodeHistogram(histogram),
    segments: [
      {
        startMs: 0,
        durationMs: 5000,
        count: half,
        ko: 0,
        histogram: encodeHistogram(histogramOf(valuesUs.slice(0, half))),
      },
      {
        startMs: 5000,
        durationMs: 5000,
        count: valuesUs.length - half + ko,
        ko,
        histogram: encodeHistogram(histogramOf(valuesUs.slice(half))),
      },
    ],
    timeline: [{ second: 0, count: valuesUs.length + ko, ko, p50: 1, p95: 2, p99: 3 }],
    rate: { intendedPerSec: 100, achievedPerSec: 99 },
    generator: {
      lateStarts: 1,
      maxStartDelayMs: 12,
      eventLoopDelayP99Ms: 1,
      eventLoopDelayMaxMs: 2,
      cpuCores: 0.2,
      saturated: false,
      reasons: [],
    },
    services: [],
    ...extra,
  };
}

describe('mergeScenarioResults', () => {
  it('adds histograms and counters exactly and recomputes the summary', () => {
    const fast = Array.from({ length: 900 }, (_, i) => 1000 + i);
    const slow = Array.from({ length: 100 }, (_, i) => 900_000 + i * 1000);
    const a = resultFrom('s', fast, 0, 10_000);
    const b = resultFrom('s', slow, 20, 10_000, {
      startTime: '2025-12-31T23:59:59.000Z',
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
    const merged = mergeScenarioResults(a, b);
    expect(merged.requests).toEqual({ total: 1020, ok: 1000, ko: 20, dropped: 2 });
    expect(decodeHistogram(merged.histogram).totalCount).toBe(1000);
    // The merged p95 is that of all requests: in the slow shard's range, not an average.
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
    expect(merged.segments.reduce((sum, segment) => sum + decodeHistogram(segment.histogram).totalCount, 0)).toBe(1000);
    expect(merged.timeline).toEqual([{ second: 0, count: 1020, ko: 20, p50: 1, p95: 2, p99: 3 }]);
    expect(merged.rate).toEqual({ intendedPerSec: 200, achievedPerSec: 198 });
    expect(merged.startTime).toBe('2025-12-31T23:59:59.000Z');
    expect(merged.generator).toMatchObject({
      lateStarts: 4,
      maxStartDelayMs: 40,
      cpuCores: 0.95,
      saturated: true,
      reasons: ['busy'],
    });
  });

  it('keeps the longer window when the shards ran for different times', () => {
    const merged = mergeScenarioResults(resultFrom('s', [1000], 0, 4000), resultFrom('s', [1000], 0, 8000));
    expect(merged.durationMs).toBe(8000);
    expect(merged.rps).toBe(0.25);
  });
});
