// A scenario result made from its latencies, consistent in every figure, for the merge tests.
import { createHistogram, encodeHistogram } from '../../../src/core/histogram.js';
import { summarizeScenario } from '../../../src/core/results/summary.js';
import type { ScenarioResult } from '../../../src/core/types/results.js';

export function histogramOf(valuesUs: number[]) {
  const histogram = createHistogram();
  for (const value of valuesUs) histogram.recordValue(value);
  return histogram;
}

/** A scenario result whose figures are those of `valuesUs` (and `ko` failures), in two segments. */
export function resultFrom(
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
