// What a scenario's numbers come to: the latency summary, Gatling's buckets, the grade, rps and
// the error rate, all from histograms and counters so that a merged result is summarised exactly
// as a single one is.
import type { Grade, LatencySummaryMs } from '../types/results.js';
import { valuesAtPercentiles, type Histogram } from '../histogram.js';

/** Gatling's response-time buckets (ms): t < 800, 800 ≤ t < 1200, t ≥ 1200. */
export const DISTRIBUTION_LIMITS_MS = { fast: 800, slow: 1200 } as const;

/** µs → ms, kept to whole µs so that sub-millisecond services still read sensibly. */
function toMs(us: number): number {
  return Math.round(us) / 1000;
}

export function summarizeLatency(histogram: Histogram): LatencySummaryMs {
  if (histogram.totalCount === 0) {
    return { min: 0, mean: 0, stddev: 0, p50: 0, p75: 0, p90: 0, p95: 0, p99: 0, p999: 0, max: 0 };
  }
  // One scan for the six percentiles, and the mean passed to the deviation (hdr-histogram-js's
  // stdDeviation getter computes it again): the same figures from three passes instead of nine.
  const [p50, p75, p90, p95, p99, p999] = valuesAtPercentiles(histogram, [50, 75, 90, 95, 99, 99.9]).map(toMs);
  const mean = histogram.mean;
  const stddev = (histogram as unknown as { getStdDeviation(mean: number): number }).getStdDeviation(mean);
  return {
    min: toMs(histogram.minNonZeroValue),
    mean: toMs(mean),
    stddev: toMs(stddev),
    p50: p50!,
    p75: p75!,
    p90: p90!,
    p95: p95!,
    p99: p99!,
    p999: p999!,
    max: toMs(histogram.maxValue),
  };
}

/** Which Gatling bucket an ok latency falls in; the engine counts them as it records. */
export function distributionBucket(latencyMs: number): 'under800' | 'from800to1200' | 'over1200' {
  if (latencyMs < DISTRIBUTION_LIMITS_MS.fast) return 'under800';
  if (latencyMs < DISTRIBUTION_LIMITS_MS.slow) return 'from800to1200';
  return 'over1200';
}

/** DESIGN.md's grade, by p95: the share of users who wait longest is what they remember. */
export function gradeLatency(p95Ms: number, okCount = 1): Grade {
  if (okCount === 0) return 'unresponsive';
  if (p95Ms < 50) return 'excellent';
  if (p95Ms < 100) return 'good';
  if (p95Ms < 150) return 'acceptable';
  if (p95Ms < 250) return 'arguable';
  return 'unresponsive';
}

export interface ScenarioFigures {
  latencyMs: LatencySummaryMs;
  rps: number;
  errorRate: number;
  grade: Grade;
}

/** The figures that follow from the whole-window histogram (ok latencies, µs) and the counters. */
export function summarizeScenario(input: {
  histogram: Histogram;
  ok: number;
  ko: number;
  durationMs: number;
}): ScenarioFigures {
  const total = input.ok + input.ko;
  const latencyMs = summarizeLatency(input.histogram);
  return {
    latencyMs,
    rps: input.durationMs > 0 ? round3((total * 1000) / input.durationMs) : 0,
    errorRate: total > 0 ? input.ko / total : 0,
    grade: gradeLatency(latencyMs.p95, input.ok),
  };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
