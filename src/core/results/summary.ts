// What a scenario's numbers come to: the latency summary, Gatling's buckets, the grade, rps and
// the error rate, all from histograms and counters so that a merged result is summarised exactly
// as a single one is.
import type { Grade, LatencySummaryMs, ScenarioResult, SegmentRecord, TimelinePoint } from '../types/results.js';
import type { Histogram } from '../histogram.js';
import { decodeHistogram, encodeHistogram, mergeHistograms } from '../histogram.js';

/** Gatling's response-time buckets (ms): t < 800, 800 ≤ t < 1200, t ≥ 1200. */
export const DISTRIBUTION_LIMITS_MS = { fast: 800, slow: 1200 } as const;

export type Distribution = ScenarioResult['distribution'];

/** µs → ms, kept to whole µs so that sub-millisecond services still read sensibly. */
function toMs(us: number): number {
  return Math.round(us) / 1000;
}

export function summarizeLatency(histogram: Histogram): LatencySummaryMs {
  if (histogram.totalCount === 0) {
    return { min: 0, mean: 0, stddev: 0, p50: 0, p75: 0, p90: 0, p95: 0, p99: 0, p999: 0, max: 0 };
  }
  const at = (p: number) => toMs(histogram.getValueAtPercentile(p));
  return {
    min: toMs(histogram.minNonZeroValue),
    mean: toMs(histogram.mean),
    stddev: toMs(histogram.stdDeviation),
    p50: at(50),
    p75: at(75),
    p90: at(90),
    p95: at(95),
    p99: at(99),
    p999: at(99.9),
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

function addCounts(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const sum: Record<string, number> = { ...a };
  for (const [key, count] of Object.entries(b)) sum[key] = (sum[key] ?? 0) + count;
  return sum;
}

function mergeEncoded(encoded: string[]): string {
  const histograms = encoded.map(decodeHistogram);
  const merged = mergeHistograms(histograms);
  const result = encodeHistogram(merged);
  for (const histogram of histograms) histogram.destroy();
  merged.destroy();
  return result;
}

/** Shards ran side by side, so segments with the same start add up. */
function mergeSegments(a: SegmentRecord[], b: SegmentRecord[]): SegmentRecord[] {
  const byStart = new Map<number, SegmentRecord[]>();
  for (const segment of [...a, ...b]) {
    const list = byStart.get(segment.startMs) ?? [];
    list.push(segment);
    byStart.set(segment.startMs, list);
  }
  return [...byStart.entries()]
    .sort(([x], [y]) => x - y)
    .map(([startMs, list]) => ({
      startMs,
      durationMs: Math.max(...list.map((s) => s.durationMs)),
      count: list.reduce((n, s) => n + s.count, 0),
      ko: list.reduce((n, s) => n + s.ko, 0),
      histogram: list.length === 1 ? list[0]!.histogram : mergeEncoded(list.map((s) => s.histogram)),
    }));
}

/**
 * The timeline keeps only percentiles per second, which do not add. The merged p50 is the
 * count-weighted mean of the shards' and p95/p99 the larger of theirs: an upper bound, so a slow
 * second in one shard is never hidden by a fast one in another.
 */
function mergeTimelines(a: TimelinePoint[], b: TimelinePoint[]): TimelinePoint[] {
  const bySecond = new Map<number, TimelinePoint>();
  for (const point of [...a, ...b]) {
    const seen = bySecond.get(point.second);
    if (!seen) {
      bySecond.set(point.second, { ...point });
      continue;
    }
    const okSeen = seen.p50 === undefined ? 0 : seen.count - seen.ko;
    const okPoint = point.p50 === undefined ? 0 : point.count - point.ko;
    const okSum = okSeen + okPoint;
    const larger = (x: number | undefined, y: number | undefined): number | undefined =>
      x === undefined ? y : y === undefined ? x : Math.max(x, y);
    const merged: TimelinePoint = { second: point.second, count: seen.count + point.count, ko: seen.ko + point.ko };
    if (okSum > 0) merged.p50 = round3(((seen.p50 ?? 0) * okSeen + (point.p50 ?? 0) * okPoint) / okSum);
    const p95 = larger(seen.p95, point.p95);
    const p99 = larger(seen.p99, point.p99);
    const allP95 = larger(seen.allP95, point.allP95);
    if (p95 !== undefined) merged.p95 = p95;
    if (p99 !== undefined) merged.p99 = p99;
    if (allP95 !== undefined) merged.allP95 = allP95;
    bySecond.set(point.second, merged);
  }
  return [...bySecond.values()].sort((x, y) => x.second - y.second);
}

/**
 * One scenario run by two shards at the same time: histograms and counters add exactly, the
 * window is the longer of the two, and every summary figure is recomputed from the sums.
 */
export function mergeScenarioResults(a: ScenarioResult, b: ScenarioResult): ScenarioResult {
  const histogramA = decodeHistogram(a.histogram);
  const histogramB = decodeHistogram(b.histogram);
  const whole = mergeHistograms([histogramA, histogramB]);
  const ok = a.requests.ok + b.requests.ok;
  const ko = a.requests.ko + b.requests.ko;
  const durationMs = Math.max(a.durationMs, b.durationMs);
  const figures = summarizeScenario({ histogram: whole, ok, ko, durationMs });
  const histogram = encodeHistogram(whole);
  histogramA.destroy();
  histogramB.destroy();
  whole.destroy();

  const startTime = Date.parse(a.startTime) <= Date.parse(b.startTime) ? a.startTime : b.startTime;
  const merged: ScenarioResult = {
    ...a,
    startTime,
    durationMs,
    warmupMs: Math.max(a.warmupMs, b.warmupMs),
    requests: {
      total: a.requests.total + b.requests.total,
      ok,
      ko,
      dropped: a.requests.dropped + b.requests.dropped,
    },
    ...figures,
    bytes: { in: a.bytes.in + b.bytes.in, out: a.bytes.out + b.bytes.out },
    statusCodes: addCounts(a.statusCodes, b.statusCodes),
    errors: addCounts(a.errors, b.errors),
    ...(a.errorExamples || b.errorExamples ? { errorExamples: { ...b.errorExamples, ...a.errorExamples } } : {}),
    distribution: {
      under800: a.distribution.under800 + b.distribution.under800,
      from800to1200: a.distribution.from800to1200 + b.distribution.from800to1200,
      over1200: a.distribution.over1200 + b.distribution.over1200,
      failed: a.distribution.failed + b.distribution.failed,
    },
    histogram,
    segments: mergeSegments(a.segments, b.segments),
    timeline: mergeTimelines(a.timeline, b.timeline),
    generator: {
      lateStarts: a.generator.lateStarts + b.generator.lateStarts,
      maxStartDelayMs: Math.max(a.generator.maxStartDelayMs, b.generator.maxStartDelayMs),
      eventLoopDelayP99Ms: Math.max(a.generator.eventLoopDelayP99Ms, b.generator.eventLoopDelayP99Ms),
      eventLoopDelayMaxMs: Math.max(a.generator.eventLoopDelayMaxMs, b.generator.eventLoopDelayMaxMs),
      cpuCores: Math.max(a.generator.cpuCores, b.generator.cpuCores),
      saturated: a.generator.saturated || b.generator.saturated,
      reasons: [...new Set([...a.generator.reasons, ...b.generator.reasons])],
    },
    services: [...a.services, ...b.services],
  };
  if (a.rate || b.rate) {
    merged.rate = {
      intendedPerSec: round3((a.rate?.intendedPerSec ?? 0) + (b.rate?.intendedPerSec ?? 0)),
      achievedPerSec: round3((a.rate?.achievedPerSec ?? 0) + (b.rate?.achievedPerSec ?? 0)),
    };
  }
  return merged;
}
