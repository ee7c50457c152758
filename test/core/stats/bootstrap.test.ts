import { describe, expect, it } from 'vitest';
import {
  createHistogram,
  decodeHistogram,
  encodeHistogram,
  mergeHistograms,
  percentileMs,
} from '../../../src/core/histogram.js';
import {
  bootstrapTwoRuns,
  computeStatistics,
  drawBlockWeights,
  prepareRun,
  quantileUs,
  replicateVariance,
} from '../../../src/core/stats/bootstrap.js';
import { createRng } from '../../../src/core/stats/prng.js';
import type { SegmentRecord } from '../../../src/core/types/results.js';
import { makeResults } from '../fixtures.js';

function constantSegments(valueUs: number, m: number, perSegment = 100): SegmentRecord[] {
  return Array.from({ length: m }, (_, s) => {
    const histogram = createHistogram();
    histogram.recordValueWithCount(valueUs, perSegment);
    const encoded = encodeHistogram(histogram);
    histogram.destroy();
    return { startMs: s * 1000, durationMs: 1000, count: perSegment, ko: 0, histogram: encoded };
  });
}

describe('segment quantiles', () => {
  it('equal HdrHistogram percentiles of the merged resampled segments', () => {
    const scenario = makeResults({ seed: 3, scenarios: [{ segments: 8 }] }).scenarios[0]!;
    const run = prepareRun(scenario.segments);
    const rng = createRng(11);
    const weights = new Float64Array(run.segments);
    for (let trial = 0; trial < 5; trial++) {
      drawBlockWeights(rng, run.segments, 3, weights);
      const parts = scenario.segments.flatMap((segment, s) =>
        Array.from({ length: weights[s] ?? 0 }, () => decodeHistogram(segment.histogram)),
      );
      const merged = mergeHistograms(parts);
      for (const p of [50, 90, 95, 99]) expect(quantileUs(run, weights, p) / 1000).toBe(percentileMs(merged, p));
      merged.destroy();
    }
    const all = new Float64Array(run.segments).fill(1);
    expect(computeStatistics(run, all).p95).toBe(scenario.latencyMs.p95);
    expect(computeStatistics(run, all).rps).toBeCloseTo(scenario.rps, 9);
  });

  it('draws circular blocks that always add up to m segments', () => {
    const rng = createRng(5);
    const weights = new Float64Array(10);
    for (let i = 0; i < 20; i++) {
      drawBlockWeights(rng, 10, 3, weights);
      expect(weights.reduce((a, b) => a + b, 0)).toBe(10);
    }
  });
});

describe('replicateVariance', () => {
  it('is the sample variance of the finite replicates', () => {
    // mean 0.2, squares 0.04 + 0.01 + 0 + 0.01 + 0.04 = 0.1, over n − 1 = 4.
    expect(replicateVariance(Float64Array.from([0, 0.1, 0.2, 0.3, 0.4, NaN]))).toBeCloseTo(0.025, 12);
    expect(replicateVariance(Float64Array.from([1]))).toBeNaN();
  });
});

describe('bootstrapTwoRuns', () => {
  it('gives zero within-run variance when every segment is alike', () => {
    const base = prepareRun(constantSegments(10_000, 6));
    const current = prepareRun(constantSegments(20_000, 6));
    const result = bootstrapTwoRuns(base, current, { replicates: 199, seed: 1 });
    const p95 = result.effects.p95!;
    expect(p95.effect).toBeCloseTo(Math.log(20_015 / 10_007), 9);
    expect(p95.withinVariance.current).toBeCloseTo(0, 12);
    expect(p95.withinVariance.baseline).toBeCloseTo(0, 12);
    expect(p95.standardError).toBeCloseTo(0, 12);
    expect(result.effects.rps!.effect).toBe(0);
    expect(result.segments).toEqual({ baseline: 6, current: 6 });
  });

  it('reproduces from its seed and moves with another seed', () => {
    const a = makeResults({ seed: 21, scenarios: [{ segments: 12 }] }).scenarios[0]!;
    const b = makeResults({ seed: 22, scenarios: [{ segments: 12, scale: 1.1 }] }).scenarios[0]!;
    const base = prepareRun(a.segments);
    const current = prepareRun(b.segments);
    const first = bootstrapTwoRuns(base, current, { replicates: 500, seed: 9 });
    const again = bootstrapTwoRuns(base, current, { replicates: 500, seed: 9 });
    const other = bootstrapTwoRuns(base, current, { replicates: 500, seed: 10 });
    expect(again).toEqual(first);
    expect(other.effects.p95!.effect).toBe(first.effects.p95!.effect);
    expect(other.effects.p95!.withinVariance).not.toEqual(first.effects.p95!.withinVariance);
    expect(first.effects.p95!.effect).toBeGreaterThan(0);
    expect(first.effects.p95!.withinVariance.current).toBeGreaterThan(0);
    expect(first.effects.p95!.withinVariance.baseline).toBeGreaterThan(0);
    expect(first.blockLength.baseline).toBeGreaterThanOrEqual(1);
    expect(first.blockLength.baseline).toBeLessThanOrEqual(4);
  });
});
