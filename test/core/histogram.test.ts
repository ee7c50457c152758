// valuesAtPercentiles must give exactly what hdr-histogram-js's getValueAtPercentile gives, for
// every percentile a summary or a timeline asks, on histograms shaped like real runs and on edges.
import { describe, expect, it } from 'vitest';
import { createHistogram, valuesAtPercentiles } from '../../src/core/histogram.js';
import { summarizeLatency } from '../../src/core/results/summary.js';
import { createRng } from '../../src/core/stats/prng.js';

const PERCENTILES = [0, 1, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100];

function oneByOne(histogram: ReturnType<typeof createHistogram>): number[] {
  return PERCENTILES.map((p) => histogram.getValueAtPercentile(p));
}

describe('valuesAtPercentiles', () => {
  it('matches getValueAtPercentile on lognormal latencies of 1 to 100,000 requests', () => {
    const rng = createRng(34);
    let compared = 0;
    for (const count of [1, 2, 3, 10, 999, 100_000]) {
      for (const medianUs of [40, 1_800, 250_000]) {
        const histogram = createHistogram();
        for (let i = 0; i < count; i += 1) histogram.recordValue(Math.round(medianUs * Math.exp(0.6 * rng.normal())));
        expect(valuesAtPercentiles(histogram, PERCENTILES)).toEqual(oneByOne(histogram));
        compared += 1;
      }
    }
    expect(compared).toBe(18);
  });

  it('matches it when one value holds every count, and at the largest trackable values', () => {
    for (const value of [1, 1_000, 3_599_999_999]) {
      const histogram = createHistogram();
      histogram.recordValueWithCount(value, 7);
      expect(valuesAtPercentiles(histogram, PERCENTILES)).toEqual(oneByOne(histogram));
    }
  });

  it('gives 0 for each percentile of an empty histogram, as the summaries expect', () => {
    expect(valuesAtPercentiles(createHistogram(), [50, 99])).toEqual([0, 0]);
  });
});

describe('summarizeLatency', () => {
  it('gives the figures hdr-histogram-js gives one by one', () => {
    const rng = createRng(3434);
    const histogram = createHistogram();
    for (let i = 0; i < 5_000; i += 1) histogram.recordValue(Math.round(2_000 * Math.exp(0.8 * rng.normal())));
    const ms = (us: number) => Math.round(us) / 1000;
    expect(summarizeLatency(histogram)).toEqual({
      min: ms(histogram.minNonZeroValue),
      mean: ms(histogram.mean),
      stddev: ms(histogram.stdDeviation),
      p50: ms(histogram.getValueAtPercentile(50)),
      p75: ms(histogram.getValueAtPercentile(75)),
      p90: ms(histogram.getValueAtPercentile(90)),
      p95: ms(histogram.getValueAtPercentile(95)),
      p99: ms(histogram.getValueAtPercentile(99)),
      p999: ms(histogram.getValueAtPercentile(99.9)),
      max: ms(histogram.maxValue),
    });
  });
});
