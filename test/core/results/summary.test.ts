import { describe, expect, it } from 'vitest';
import { createHistogram } from '../../../src/core/histogram.js';
import {
  distributionBucket,
  gradeLatency,
  summarizeLatency,
  summarizeScenario,
} from '../../../src/core/results/summary.js';

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
