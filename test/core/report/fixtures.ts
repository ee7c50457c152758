// Hand-built results and comparisons for the report tests. The figures of json_oracle are those the
// Daml CI job posted to Slack (fetchByKey 131.0 400.0 7.0 733.0 232.5, fetchByQuery 615.0 489.0
// 611.0 1066.0 156.2); the rest are plausible for the example orders service.
import { createHistogram, encodeHistogram } from '../../../src/core/histogram.js';
import type {
  Comparison,
  MetricComparison,
  ScenarioComparison,
  ThresholdResult,
  Verdict,
  Reason,
} from '../../../src/core/types/comparison.js';
import { describeReason } from '../../../src/core/report/reasons.js';
import type { LatencySummaryMs, Results, ScenarioResult } from '../../../src/core/types/results.js';
import type { MetricName } from '../../../src/core/types/config.js';

/** A small real histogram (µs) so that the encoded fields decode like the engine's. */
function encodeSmallHistogram(valuesUs: number[]): string {
  const histogram = createHistogram();
  for (const value of valuesUs) histogram.recordValue(value);
  const encoded = encodeHistogram(histogram);
  histogram.destroy();
  return encoded;
}

const HISTOGRAM = encodeSmallHistogram([412, 3_900, 4_100, 5_600, 7_000, 12_800, 733_000]);

interface ScenarioFigures {
  name: string;
  executor: ScenarioResult['executor'];
  params: Record<string, unknown>;
  latencyMs: LatencySummaryMs;
  rps: number;
  ok: number;
  ko: number;
  dropped?: number;
  errors?: Record<string, number>;
  rate?: { intendedPerSec: number; achievedPerSec: number };
  saturated?: string[];
  grade: ScenarioResult['grade'];
}

export function makeScenarioResult(f: ScenarioFigures): ScenarioResult {
  const durationMs = 60_000;
  const total = f.ok + f.ko;
  const errors = f.errors ?? {};
  const noResponse = Object.values(errors).reduce((a, b) => a + b, 0);
  const statusCodes: Record<string, number> = { '200': f.ok };
  if (noResponse > 0) statusCodes['0'] = noResponse;
  if (f.ko - noResponse > 0) statusCodes['503'] = f.ko - noResponse;
  // Gatling's buckets of the ok requests, in the proportions a heavy-tailed service shows.
  const over1200 = Math.round(f.ok * (f.latencyMs.p99 > 1200 ? 0.012 : f.latencyMs.max > 1200 ? 0.002 : 0));
  const from800to1200 = Math.round(f.ok * (f.latencyMs.p99 > 800 ? 0.02 : f.latencyMs.max > 800 ? 0.004 : 0));
  const segments = Array.from({ length: 12 }, (_, i) => ({
    startMs: i * 5_000,
    durationMs: 5_000,
    count: Math.round(total / 12),
    ko: Math.round(f.ko / 12),
    histogram: HISTOGRAM,
  }));
  const timeline = Array.from({ length: 60 }, (_, second) => ({
    second,
    count: Math.round(f.rps),
    ko: second % 20 === 7 ? f.ko : 0,
    p50: f.latencyMs.p50,
    p95: Math.round(f.latencyMs.p95 * (1 + 0.2 * Math.sin(second / 6)) * 10) / 10,
    p99: f.latencyMs.p99,
  }));
  return {
    name: f.name,
    executor: f.executor,
    params: f.params,
    startTime: '2025-11-30T12:00:05.000Z',
    durationMs,
    warmupMs: 5_000,
    requests: { total, ok: f.ok, ko: f.ko, dropped: f.dropped ?? 0 },
    latencyMs: f.latencyMs,
    rps: f.rps,
    errorRate: total > 0 ? f.ko / total : 0,
    bytes: { in: total * 1_843, out: total * 212 },
    statusCodes,
    errors,
    distribution: { under800: f.ok - over1200 - from800to1200, from800to1200, over1200, failed: f.ko },
    grade: f.grade,
    histogram: HISTOGRAM,
    segments,
    timeline,
    ...(f.rate ? { rate: f.rate } : {}),
    generator: {
      lateStarts: f.saturated ? 412 : 0,
      maxStartDelayMs: f.saturated ? 184.2 : 0.8,
      eventLoopDelayP99Ms: f.saturated ? 61.3 : 2.1,
      eventLoopDelayMaxMs: f.saturated ? 210.4 : 8.4,
      cpuCores: f.saturated ? 0.97 : 0.41,
      saturated: f.saturated !== undefined,
      reasons: f.saturated ?? [],
    },
    services: [{ name: 'api', cpuMeanPercent: 46.3, cpuMaxPercent: 98.1, rssPeakBytes: 87_400_000 }],
  };
}

export const fetchByKey = makeScenarioResult({
  name: 'json_oracle/fetchByKey',
  executor: 'constant-vus',
  params: { vus: 100, durationMs: 60_000, thinkTimeMs: 1_000 },
  latencyMs: {
    min: 0.412,
    mean: 131,
    stddev: 400,
    p50: 4.1,
    p75: 5.6,
    p90: 7,
    p95: 12.8,
    p99: 733,
    p999: 1_650,
    max: 2_210,
  },
  rps: 232.5,
  ok: 13_950,
  ko: 0,
  grade: 'excellent',
});

export const fetchByQuery = makeScenarioResult({
  name: 'json_oracle/fetchByQuery',
  executor: 'constant-arrival-rate',
  params: { ratePerSec: 160, durationMs: 60_000 },
  latencyMs: {
    min: 38.2,
    mean: 615,
    stddev: 489,
    p50: 512,
    p75: 570,
    p90: 611,
    p95: 702,
    p99: 1_066,
    p999: 1_402,
    max: 1_817,
  },
  rps: 156.2,
  ok: 9_258,
  ko: 114,
  errors: { ETIMEDOUT: 22 },
  rate: { intendedPerSec: 160, achievedPerSec: 156.2 },
  grade: 'unresponsive',
});

export const checkout = makeScenarioResult({
  name: 'checkout',
  executor: 'ramping-arrival-rate',
  params: {
    startRatePerSec: 50,
    stages: [
      { durationMs: 30_000, target: 50 },
      { durationMs: 30_000, target: 100 },
    ],
  },
  latencyMs: {
    min: 1.21,
    mean: 18.4,
    stddev: 9.7,
    p50: 15.9,
    p75: 19.2,
    p90: 27.5,
    p95: 36.1,
    p99: 88.3,
    p999: 140.2,
    max: 201.7,
  },
  rps: 62.4,
  ok: 3_744,
  ko: 0,
  rate: { intendedPerSec: 62.5, achievedPerSec: 62.4 },
  saturated: ['event-loop delay p99 61.3 ms (limit 50 ms)', '412 requests started more than 10 ms late'],
  grade: 'excellent',
});

/** The same scenario as the baseline saw it: `factor` scales latency, `rpsFactor` throughput. */
export function scaledResult(
  result: ScenarioResult,
  factors: Partial<Record<keyof LatencySummaryMs, number>>,
  rpsFactor = 1,
): ScenarioResult {
  const latencyMs = { ...result.latencyMs };
  for (const key of Object.keys(factors) as (keyof LatencySummaryMs)[])
    latencyMs[key] = result.latencyMs[key] * (factors[key] ?? 1);
  return { ...result, latencyMs, rps: result.rps * rpsFactor, startTime: '2025-11-27T09:00:05.000Z' };
}

export function makeResults(scenarios: ScenarioResult[], commit = '9f4e2c81b7d0a3e5f6a7b8c9d0e1f2a3b4c5d6e7'): Results {
  return {
    schemaVersion: 1,
    tool: { name: 'perfgate', version: '0.1.0' },
    configHash: '3f2a9c7d41e0b5a86c1d2e3f',
    startTime: '2025-11-30T12:00:00.000Z',
    durationMs: 3 * 65_000 + 1_800,
    environment: {
      cpuModel: 'AMD EPYC 7763 64-Core Processor',
      cpuCount: 2,
      nodeVersion: 'v24.11.1',
      os: 'linux x64',
      runnerOs: 'Linux',
      runnerName: 'GitHub Actions 3',
      fingerprint: 'e1a0c3d4b5f6',
    },
    git: { commit, ref: 'refs/pull/42/merge' },
    services: [{ name: 'api', logPath: '.perfgate/logs/api.log' }],
    scenarios,
  };
}

interface MetricSpec {
  metric: MetricName;
  baseline: number;
  current: number;
  interval?: [number, number];
  p?: number;
  adjusted?: number;
  verdict?: Verdict;
  reasons?: Reason[];
  method?: MetricComparison['method'];
  mde?: number;
}

const MIN_EFFECT: Record<MetricName, number> = {
  p50: 0.05,
  p90: 0.1,
  p95: 0.1,
  p99: 0.15,
  rps: 0.05,
  error_rate: 0.005,
  capacity: 0.1,
};

export function makeMetric(scenario: string, spec: MetricSpec): MetricComparison {
  const change = spec.metric === 'error_rate' ? spec.current - spec.baseline : spec.current / spec.baseline - 1;
  return {
    scenario,
    metric: spec.metric,
    baseline: spec.baseline,
    current: spec.current,
    change,
    ...(spec.interval ? { changeInterval: spec.interval } : {}),
    ...(spec.p !== undefined ? { pValue: spec.p } : {}),
    ...(spec.adjusted !== undefined ? { adjustedPValue: spec.adjusted } : {}),
    method: spec.method ?? 'history',
    minEffect: MIN_EFFECT[spec.metric],
    minDetectableEffect: spec.mde ?? (spec.metric === 'p99' ? 0.12 : spec.metric === 'error_rate' ? 0.004 : 0.06),
    verdict: spec.verdict ?? 'no change',
    reasons: spec.reasons ?? [],
  };
}

function threshold(scenario: string, expression: string, actual: number, ok: boolean): ThresholdResult {
  return { scenario, expression, actual, ok };
}

function scenarioComparison(
  current: ScenarioResult,
  baseline: ScenarioResult | undefined,
  metrics: MetricComparison[],
  thresholds: ThresholdResult[],
  notes: string[] = [],
): ScenarioComparison {
  return { name: current.name, current, ...(baseline ? { baseline } : {}), metrics, thresholds, notes };
}

/**
 * A failing comparison in history mode: fetchByQuery's p95 and p99 regressed and its error-rate
 * threshold is breached, fetchByKey's p50 improved, checkout's p99 is inconclusive (too few tail
 * samples, and its generator was saturated).
 */
export function makeFailingComparison(): Comparison {
  const keyBase = scaledResult(
    fetchByKey,
    { p50: 1 / 0.88, p90: 7.1 / 7, p95: 12.5 / 12.8, p99: 721.4 / 733, mean: 1.02 },
    231.9 / 232.5,
  );
  const queryBase = scaledResult(
    fetchByQuery,
    { p50: 509.3 / 512, p90: 560.2 / 611, p95: 1 / 1.125, p99: 1 / 1.23, mean: 0.93 },
    158.1 / 156.2,
  );
  const checkoutBase = scaledResult(checkout, { p50: 15.7 / 15.9, p90: 27.1 / 27.5, p95: 35.2 / 36.1, p99: 1 / 1.19 });

  const key = fetchByKey.name;
  const keyMetrics = [
    makeMetric(key, {
      metric: 'p50',
      baseline: keyBase.latencyMs.p50,
      current: 4.1,
      interval: [-0.16, -0.08],
      p: 0.0004,
      adjusted: 0.0067,
      verdict: 'improvement',
      mde: 0.05,
    }),
    makeMetric(key, {
      metric: 'p90',
      baseline: keyBase.latencyMs.p90,
      current: 7,
      interval: [-0.05, 0.03],
      p: 0.31,
      adjusted: 1,
    }),
    makeMetric(key, {
      metric: 'p95',
      baseline: keyBase.latencyMs.p95,
      current: 12.8,
      interval: [-0.03, 0.07],
      p: 0.22,
      adjusted: 1,
    }),
    makeMetric(key, {
      metric: 'p99',
      baseline: keyBase.latencyMs.p99,
      current: 733,
      interval: [-0.06, 0.09],
      p: 0.35,
      adjusted: 1,
    }),
    makeMetric(key, {
      metric: 'rps',
      baseline: keyBase.rps,
      current: 232.5,
      interval: [-0.01, 0.015],
      p: 0.4,
      adjusted: 1,
      mde: 0.02,
    }),
    makeMetric(key, { metric: 'error_rate', baseline: 0, current: 0, method: 'rate-check' }),
  ];
  const query = fetchByQuery.name;
  const queryMetrics = [
    makeMetric(query, {
      metric: 'p50',
      baseline: queryBase.latencyMs.p50,
      current: 512,
      interval: [-0.02, 0.03],
      p: 0.38,
      adjusted: 1,
    }),
    makeMetric(query, {
      metric: 'p90',
      baseline: queryBase.latencyMs.p90,
      current: 611,
      interval: [0.02, 0.16],
      p: 0.004,
      adjusted: 0.052,
      verdict: 'inconclusive',
      reasons: [
        {
          kind: 'not-significant',
          metric: 'p90',
          change: 611 / queryBase.latencyMs.p90 - 1,
          adjustedPValue: 0.052,
          alpha: 0.05,
        },
      ],
    }),
    makeMetric(query, {
      metric: 'p95',
      baseline: queryBase.latencyMs.p95,
      current: 702,
      interval: [0.08, 0.17],
      p: 0.0002,
      adjusted: 0.0036,
      verdict: 'regression',
    }),
    makeMetric(query, {
      metric: 'p99',
      baseline: queryBase.latencyMs.p99,
      current: 1_066,
      interval: [0.14, 0.31],
      p: 0.0001,
      adjusted: 0.0019,
      verdict: 'regression',
    }),
    makeMetric(query, { metric: 'rps', baseline: queryBase.rps, current: 156.2, method: 'rate-check', mde: 0.02 }),
    makeMetric(query, {
      metric: 'error_rate',
      baseline: 0.0042,
      current: 0.0122,
      interval: [0.004, 0.012],
      p: 0.003,
      adjusted: 0.042,
      method: 'bootstrap',
    }),
  ];
  const checkoutMetrics = [
    makeMetric('checkout', {
      metric: 'p50',
      baseline: checkoutBase.latencyMs.p50,
      current: 15.9,
      interval: [-0.03, 0.04],
      p: 0.41,
      adjusted: 1,
    }),
    makeMetric('checkout', {
      metric: 'p90',
      baseline: checkoutBase.latencyMs.p90,
      current: 27.5,
      interval: [-0.05, 0.07],
      p: 0.39,
      adjusted: 1,
    }),
    makeMetric('checkout', {
      metric: 'p95',
      baseline: checkoutBase.latencyMs.p95,
      current: 36.1,
      interval: [-0.06, 0.1],
      p: 0.3,
      adjusted: 1,
    }),
    makeMetric('checkout', {
      metric: 'p99',
      baseline: checkoutBase.latencyMs.p99,
      current: 88.3,
      interval: [0.03, 0.38],
      p: 0.02,
      adjusted: 0.2,
      verdict: 'inconclusive',
      reasons: [THIN_P99, { kind: 'generator-behind', run: 'current', details: [] }],
      mde: 0.31,
    }),
    makeMetric('checkout', { metric: 'rps', baseline: 62.4, current: 62.4, method: 'rate-check' }),
    makeMetric('checkout', { metric: 'error_rate', baseline: 0, current: 0, method: 'rate-check' }),
  ];
  const queryThresholds = [
    threshold(query, 'p(95)<800', 702, true),
    threshold(query, 'error_rate<0.01', 0.0122, false),
    threshold(query, 'rps>=30', 156.2, true),
  ];
  const scenarios = [
    scenarioComparison(fetchByKey, keyBase, keyMetrics, [
      threshold(key, 'p(95)<150', 12.8, true),
      threshold(key, 'error_rate<0.01', 0, true),
      threshold(key, 'rps>=30', 232.5, true),
    ]),
    scenarioComparison(fetchByQuery, queryBase, queryMetrics, queryThresholds),
    scenarioComparison(
      checkout,
      checkoutBase,
      checkoutMetrics,
      [threshold('checkout', 'p(99)<250', 88.3, true)],
      ['the generator was saturated: latency figures may be its own'],
    ),
  ];
  const all = scenarios.flatMap((s) => s.metrics);
  return {
    verdict: 'fail',
    mode: 'history',
    baselineStatus: { kind: 'ok' },
    baseline: {
      commit: 'abc1234e5f60718293a4b5c6d7e8f90123456789',
      savedAt: '2025-11-27T09:30:00.000Z',
      historyLength: 8,
      environmentDiffers: false,
    },
    current: makeResults([fetchByKey, fetchByQuery, checkout]),
    scenarios,
    regressions: all.filter((m) => m.verdict === 'regression'),
    improvements: all.filter((m) => m.verdict === 'improvement'),
    breaches: scenarios.flatMap((s) => s.thresholds.filter((t) => !t.ok)),
    notes: [],
  };
}

/** The first run of a config: nothing to compare with, judged on thresholds alone (all met). */
export function makeNoBaselineComparison(): Comparison {
  const scenarios = [
    scenarioComparison(
      fetchByKey,
      undefined,
      [],
      [
        { scenario: fetchByKey.name, expression: 'p(95)<150', actual: 12.8, ok: true },
        { scenario: fetchByKey.name, expression: 'rps>=30', actual: 232.5, ok: true },
      ],
    ),
    scenarioComparison(
      checkout,
      undefined,
      [],
      [{ scenario: 'checkout', expression: 'p(99)<250', actual: 88.3, ok: true }],
    ),
  ];
  return {
    verdict: 'pass',
    mode: 'thresholds-only',
    baselineStatus: { kind: 'missing', detail: 'no cache entry under perfgate-v1-3f2a9c7d41e0b5a86c1d2e3f-' },
    current: makeResults([fetchByKey, checkout]),
    scenarios,
    regressions: [],
    improvements: [],
    breaches: [],
    notes: [],
  };
}

/** `count` scenarios like fetchByQuery, every `regressEvery`-th with a p99 regression. */
export function makeLargeComparison(count: number, regressEvery = 7): Comparison {
  const scenarios: ScenarioComparison[] = [];
  const results: ScenarioResult[] = [];
  for (let i = 0; i < count; i += 1) {
    const name = `orders/endpoint-${String(i).padStart(3, '0')}`;
    const current = { ...fetchByQuery, name };
    const regressed = i % regressEvery === 3;
    const metrics = (['p50', 'p90', 'p95', 'p99', 'rps', 'error_rate'] as const).map((metric) => {
      const value =
        metric === 'rps' ? current.rps : metric === 'error_rate' ? current.errorRate : current.latencyMs[metric];
      const isRegression = regressed && metric === 'p99';
      return makeMetric(name, {
        metric,
        baseline: isRegression ? value / 1.23 : value,
        current: value,
        interval: isRegression ? [0.14, 0.31] : [-0.04, 0.04],
        p: isRegression ? 0.0001 : 0.5,
        adjusted: isRegression ? 0.01 : 1,
        verdict: isRegression ? 'regression' : 'no change',
      });
    });
    results.push(current);
    scenarios.push(
      scenarioComparison(current, current, metrics, [threshold(name, 'p(95)<800', current.latencyMs.p95, true)]),
    );
  }
  const all = scenarios.flatMap((s) => s.metrics);
  const regressions = all.filter((m) => m.verdict === 'regression');
  return {
    verdict: regressions.length > 0 ? 'fail' : 'pass',
    mode: 'history',
    baselineStatus: { kind: 'ok' },
    baseline: {
      commit: 'abc1234e5f60718293a4b5c6d7e8f90123456789',
      savedAt: '2025-11-27T09:30:00.000Z',
      historyLength: 10,
      environmentDiffers: false,
    },
    current: makeResults(results),
    scenarios,
    regressions,
    improvements: [],
    breaches: [],
    notes: [],
  };
}

/** The guard a busy runner gives every scenario: a long sentence, the same word for word. */
export const SHARED_REASON: Reason = {
  kind: 'other-load',
  busier: 'current',
  past: 'baseline',
  currentCores: 0.62,
  pastCores: 0.05,
};
export const SHARED_REASON_WORDS = describeReason(SHARED_REASON);
const THIN_P99: Reason = {
  kind: 'thin-tail',
  metric: 'p99',
  runs: [{ run: 'current', beyond: 37 }],
  needed: 50,
  share: 0.01,
};

/**
 * An inconclusive run: three scenarios whose p95 and p99 are all held back by the same reason,
 * one of them (checkout) with a second reason of its own.
 */
export function makeInconclusiveComparison(): Comparison {
  const results = [fetchByKey, fetchByQuery, checkout];
  const scenarios = results.map((current) => {
    const metrics = (['p50', 'p90', 'p95', 'p99', 'rps', 'error_rate'] as const).map((metric) => {
      const value =
        metric === 'rps' ? current.rps : metric === 'error_rate' ? current.errorRate : current.latencyMs[metric];
      const held = metric === 'p95' || metric === 'p99';
      const reasons: Reason[] = held
        ? [SHARED_REASON, ...(current === checkout && metric === 'p99' ? [THIN_P99] : [])]
        : [];
      return makeMetric(current.name, {
        metric,
        baseline: held ? value / 1.08 : value,
        current: value,
        interval: held ? [0.01, 0.15] : [-0.03, 0.03],
        p: held ? 0.01 : 0.5,
        adjusted: held ? 0.06 : 1,
        verdict: held ? 'inconclusive' : 'no change',
        reasons,
      });
    });
    return scenarioComparison(current, current, metrics, []);
  });
  return {
    verdict: 'pass',
    mode: 'history',
    baselineStatus: { kind: 'ok' },
    baseline: {
      commit: 'abc1234e5f60718293a4b5c6d7e8f90123456789',
      savedAt: '2025-11-27T09:30:00.000Z',
      historyLength: 8,
      environmentDiffers: false,
    },
    current: makeResults(results),
    scenarios,
    regressions: [],
    improvements: [],
    breaches: [],
    notes: [],
  };
}

/** A scenario in which every request failed (connection refused): no latency at all. */
export const allErrors: ScenarioResult = (() => {
  const base = makeScenarioResult({
    name: 'orders/down',
    executor: 'constant-arrival-rate',
    params: { ratePerSec: 400, durationMs: 60_000 },
    latencyMs: { min: 0, mean: 0, stddev: 0, p50: 0, p75: 0, p90: 0, p95: 0, p99: 0, p999: 0, max: 0 },
    rps: 1_945.7,
    ok: 0,
    ko: 116_742,
    dropped: 211,
    errors: { ECONNREFUSED: 116_742 },
    rate: { intendedPerSec: 400, achievedPerSec: 396.5 },
    grade: 'unresponsive',
  });
  const empty = encodeSmallHistogram([]);
  return {
    ...base,
    statusCodes: { '0': 116_742 },
    histogram: empty,
    segments: base.segments.map((s) => ({ ...s, histogram: empty })),
    timeline: base.timeline.map((p) => ({ second: p.second, count: p.count, ko: p.count, allP95: 1.2 })),
  };
})();

/** A first run with the all-error scenario beside a healthy one, its latency threshold unjudgeable. */
export function makeAllErrorComparison(): Comparison {
  const scenarios = [
    scenarioComparison(
      fetchByKey,
      undefined,
      [],
      [{ scenario: fetchByKey.name, expression: 'p(95)<150', actual: 12.8, ok: true }],
    ),
    scenarioComparison(
      allErrors,
      undefined,
      [],
      [
        {
          scenario: allErrors.name,
          expression: 'p(95)<150',
          actual: 0,
          ok: false,
          reason: 'no request succeeded, so there is no latency to check',
        },
      ],
    ),
  ];
  return {
    verdict: 'fail',
    mode: 'thresholds-only',
    baselineStatus: { kind: 'missing', detail: 'no baseline in .perfgate' },
    current: makeResults([fetchByKey, allErrors]),
    scenarios,
    regressions: [],
    improvements: [],
    breaches: scenarios.flatMap((s) => s.thresholds.filter((t) => !t.ok)),
    notes: [],
  };
}
