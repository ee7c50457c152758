// Synthetic results with the features that break naive statistics: lognormal service time,
// an AR(1) load level per segment (queueing makes neighbouring segments alike), short bursts
// inside a segment, occasional GC pauses that delay a run of consecutive requests, and an optional
// runner-to-runner level shift per run. Reused by the bench/ validation scripts.
import {
  createHistogram,
  encodeHistogram,
  mergeHistograms,
  percentileMs,
  type Histogram,
} from '../../src/core/histogram.js';
import { createRng, deriveSeed, type Rng } from '../../src/core/stats/prng.js';
import type { CompareConfig, Executor } from '../../src/core/types/config.js';
import type { Results, ScenarioResult, SegmentRecord } from '../../src/core/types/results.js';

export interface ScenarioFixture {
  name?: string;
  executor?: Executor;
  segments?: number;
  segmentMs?: number;
  /** Closed model: throughput at the nominal latency; open model: the intended rate. */
  ratePerSec?: number;
  medianMs?: number;
  /** Log-scale spread of one request's service time. */
  sigma?: number;
  /** AR(1) coefficient and innovation sd (log scale) of the per-segment load level. */
  loadPhi?: number;
  loadSd?: number;
  /** Sd (log scale) of short bursts inside a segment (20 per segment, AR(1) 0.5). */
  burstSd?: number;
  gcChancePerSegment?: number;
  gcPauseMs?: number;
  /** Share of a segment's requests queued behind a GC pause. */
  gcShare?: number;
  errorRate?: number;
  /** Multiplies every latency (and divides closed-model throughput): the injected slowdown. */
  scale?: number;
  saturated?: boolean;
  /** Open model: achieved rate as a share of the intended one. */
  achievedShare?: number;
}

export interface ResultsFixture {
  seed: number;
  scenarios?: ScenarioFixture[];
  /** Sd (log scale) of this run's runner level shift, shared by its scenarios. */
  runShiftSd?: number;
  /** This run's runner level shift itself (log scale), drawn by the caller from any distribution;
   * overrides runShiftSd. */
  runShift?: number;
  fingerprint?: string;
  configHash?: string;
  startTime?: string;
  commit?: string;
}

/** Draws shared by the fixtures of one run and of an A/B pair (ab-fixtures.ts). */
export function poisson(rng: Rng, mean: number): number {
  if (mean <= 0) return 0;
  return Math.max(0, Math.round(mean + Math.sqrt(mean) * rng.normal()));
}

export function binomial(rng: Rng, n: number, p: number): number {
  if (p <= 0 || n === 0) return 0;
  if (n * p < 30) {
    let k = 0;
    for (let i = 0; i < n; i++) if (rng.next() < p) k++;
    return k;
  }
  return Math.min(n, Math.max(0, Math.round(n * p + Math.sqrt(n * p * (1 - p)) * rng.normal())));
}

export const OPEN: readonly Executor[] = ['constant-arrival-rate', 'ramping-arrival-rate'];

function makeScenario(rng: Rng, fixture: ScenarioFixture, shift: number, startTime: string): ScenarioResult {
  const name = fixture.name ?? 'scenario';
  const executor = fixture.executor ?? 'constant-vus';
  const open = OPEN.includes(executor);
  const m = fixture.segments ?? 12;
  const segmentMs = fixture.segmentMs ?? 5000;
  const rate = fixture.ratePerSec ?? 200;
  const logMedian = Math.log((fixture.medianMs ?? 20) * 1000);
  const sigma = fixture.sigma ?? 0.45;
  const phi = fixture.loadPhi ?? 0.7;
  const loadSd = fixture.loadSd ?? 0.04;
  const burstSd = fixture.burstSd ?? 0.08;
  const gcChance = fixture.gcChancePerSegment ?? 0.15;
  const gcPauseUs = (fixture.gcPauseMs ?? 80) * 1000;
  const gcShare = fixture.gcShare ?? 0.01;
  const scale = fixture.scale ?? 1;
  const errorRate = fixture.errorRate ?? 0;
  const achievedShare = fixture.achievedShare ?? 1;

  const segments: SegmentRecord[] = [];
  const histograms: Histogram[] = [];
  let level = (loadSd / Math.sqrt(1 - phi * phi)) * rng.normal();
  let total = 0;
  let ko = 0;
  for (let s = 0; s < m; s++) {
    if (s > 0) level = phi * level + loadSd * rng.normal();
    const logLevel = level + shift + Math.log(scale);
    const expected = (rate * segmentMs) / 1000;
    // An open model sends on a schedule: its count is set by the rate, not drawn.
    const count = open ? Math.round(expected * achievedShare) : poisson(rng, expected * Math.exp(-logLevel));
    const errors = binomial(rng, count, errorRate);
    const okCount = count - errors;
    const histogram = createHistogram();
    const gcStart = rng.next() < gcChance ? rng.int(Math.max(1, okCount)) : -1;
    const gcLength = Math.ceil(okCount * gcShare);
    const bursts = 20;
    let burst = 0;
    for (let i = 0; i < okCount; i++) {
      if (i % Math.max(1, Math.ceil(okCount / bursts)) === 0) burst = 0.5 * burst + burstSd * rng.normal();
      let us = Math.exp(logMedian + sigma * rng.normal() + logLevel + burst);
      if (gcStart >= 0 && i >= gcStart && i < gcStart + gcLength) {
        // Requests queued behind the pause wait for what is left of it.
        us += gcPauseUs * scale * (1 - (i - gcStart) / gcLength);
      }
      histogram.recordValue(Math.max(1, Math.round(us)));
    }
    segments.push({
      startMs: s * segmentMs,
      durationMs: segmentMs,
      count,
      ko: errors,
      histogram: encodeHistogram(histogram),
    });
    histograms.push(histogram);
    total += count;
    ko += errors;
  }
  const whole = mergeHistograms(histograms);
  for (const histogram of histograms) histogram.destroy();
  const durationMs = m * segmentMs;
  const ok = total - ko;
  const latencyMs = {
    min: whole.minNonZeroValue / 1000,
    mean: whole.mean / 1000,
    stddev: whole.stdDeviation / 1000,
    p50: percentileMs(whole, 50),
    p75: percentileMs(whole, 75),
    p90: percentileMs(whole, 90),
    p95: percentileMs(whole, 95),
    p99: percentileMs(whole, 99),
    p999: percentileMs(whole, 99.9),
    max: whole.maxValue / 1000,
  };
  const encoded = encodeHistogram(whole);
  whole.destroy();
  const rps = total / (durationMs / 1000);
  const result: ScenarioResult = {
    name,
    executor,
    params: open ? { ratePerSec: rate, durationMs } : { vus: 10, durationMs },
    startTime,
    durationMs,
    warmupMs: 0,
    requests: { total, ok, ko, dropped: 0 },
    latencyMs,
    rps,
    errorRate: total > 0 ? ko / total : 0,
    bytes: { in: total * 200, out: total * 100 },
    statusCodes: ko > 0 ? { '200': ok, '500': ko } : { '200': ok },
    errors: {},
    distribution: { under800: ok, from800to1200: 0, over1200: 0, failed: ko },
    grade: 'excellent',
    histogram: encoded,
    segments,
    timeline: segments.map((segment, i) => ({
      second: (i * segmentMs) / 1000,
      count: segment.count,
      ko: segment.ko,
      p50: latencyMs.p50,
      p95: latencyMs.p95,
      p99: latencyMs.p99,
    })),
    generator: {
      lateStarts: 0,
      maxStartDelayMs: 0,
      eventLoopDelayP99Ms: 1,
      eventLoopDelayMaxMs: 2,
      cpuCores: 0.3,
      saturated: fixture.saturated ?? false,
      reasons: fixture.saturated === true ? ['event-loop delay p99 48 ms (limit 20 ms)'] : [],
    },
    services: [],
  };
  if (open) result.rate = { intendedPerSec: rate, achievedPerSec: rps };
  return result;
}

export function makeResults(options: ResultsFixture): Results {
  const rng = createRng(options.seed);
  const drawn = (options.runShiftSd ?? 0) * rng.normal();
  const shift = options.runShift ?? drawn;
  const startTime = options.startTime ?? '2025-01-01T00:00:00.000Z';
  const fixtures = options.scenarios ?? [{}];
  const scenarios = fixtures.map((fixture, i) =>
    makeScenario(createRng(deriveSeed(options.seed, fixture.name ?? `scenario-${i}`)), fixture, shift, startTime),
  );
  const results: Results = {
    schemaVersion: 1,
    tool: { name: 'perfgate', version: '0.1.0' },
    configHash: options.configHash ?? 'cfg-1',
    startTime,
    durationMs: Math.max(...scenarios.map((scenario) => scenario.durationMs)),
    environment: {
      cpuModel: 'Test CPU',
      cpuCount: 2,
      nodeVersion: 'v24.0.0',
      os: 'linux',
      fingerprint: options.fingerprint ?? 'env-a',
    },
    services: [],
    scenarios,
  };
  if (options.commit !== undefined) results.git = { commit: options.commit };
  return results;
}

/** The compare rules the method tests judge with: the stored modes' minimum effects, α 5%. */
export const TEST_COMPARE: CompareConfig = {
  metrics: ['p50', 'p90', 'p95', 'p99', 'rps', 'error_rate'],
  minEffect: { p50: 0.05, p90: 0.1, p95: 0.1, p99: 0.15, rps: 0.05, error_rate: 0.01, capacity: 0.1 },
  alpha: 0.05,
  minHistory: 5,
  noiseFloor: 0.15,
  historyLength: 10,
};
