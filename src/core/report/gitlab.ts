// The run as GitLab's load-performance report (`--format gitlab`, for `artifacts: reports:
// load_performance:`): the shape of k6's `--summary-export` file, which GitLab's merge request
// widget reads and compares between the source and target branches. GitLab reads four figures:
// metrics.http_reqs.rate (RPS), metrics.http_req_waiting["p(90)"] and ["p(95)"] (TTFB P90/P95)
// and metrics.checks.passes / fails (Checks). docs/reports.md says which of ours fills each.
// Everything else here is for a reader of the file: the full time, the failed share, and each
// scenario as a k6 sub-metric (`http_req_waiting{scenario:checkout}`), as k6 names them.
import { decodeHistogram, mergeHistograms, type Histogram } from '../histogram.js';
import type { Comparison } from '../types/comparison.js';
import type { LatencySummaryMs, ScenarioResult } from '../types/results.js';
import { verdictHeadline } from './sentences.js';

/** A k6 trend as --summary-export writes it, in milliseconds. */
interface Trend {
  avg: number;
  min: number;
  med: number;
  max: number;
  'p(90)': number;
  'p(95)': number;
  'p(99)': number;
}

type Metric = Trend | { count: number; rate: number } | { passes: number; fails: number; value: number };

/** The time to first byte and the full time of a scenario's ok requests, where it measured them. */
function measures(r: ScenarioResult): { waiting?: LatencySummaryMs; duration?: LatencySummaryMs } {
  if (r.requests.ok === 0) return {};
  return r.latency === 'ttfb'
    ? { waiting: r.latencyMs, duration: r.fullMs }
    : { waiting: r.ttfbMs, duration: r.latencyMs };
}

function measureHistograms(r: ScenarioResult): { waiting?: string; duration?: string } {
  if (r.requests.ok === 0) return {};
  return r.latency === 'ttfb'
    ? { waiting: r.histogram, duration: r.fullHistogram }
    : { waiting: r.ttfbHistogram, duration: r.histogram };
}

function trendOfSummary(s: LatencySummaryMs): Trend {
  return { avg: s.mean, min: s.min, med: s.p50, max: s.max, 'p(90)': s.p90, 'p(95)': s.p95, 'p(99)': s.p99 };
}

function trendOfHistogram(h: Histogram): Trend {
  const ms = (p: number): number => h.getValueAtPercentile(p) / 1000;
  return {
    avg: h.mean / 1000,
    min: h.minNonZeroValue / 1000,
    med: ms(50),
    max: h.maxValue / 1000,
    'p(90)': ms(90),
    'p(95)': ms(95),
    'p(99)': ms(99),
  };
}

/** The ok requests of every scenario that measured this, as one distribution (percentiles do not add). */
function pooledTrend(scenarios: ScenarioResult[], which: 'waiting' | 'duration'): Trend | undefined {
  const encoded = scenarios.flatMap((r) => measureHistograms(r)[which] ?? []);
  if (encoded.length === 0) return undefined;
  const parts = encoded.map(decodeHistogram);
  const pooled = mergeHistograms(parts);
  const trend = pooled.totalCount > 0 ? trendOfHistogram(pooled) : undefined;
  for (const h of [...parts, pooled]) h.destroy();
  return trend;
}

function requestMetrics(requests: { total: number; ok: number; ko: number }, seconds: number, suffix: string) {
  const metrics: Record<string, Metric> = {};
  metrics[`http_reqs${suffix}`] = { count: requests.total, rate: seconds > 0 ? requests.total / seconds : 0 };
  // k6's checks are its per-response assertions; perfgate's is the scenario's expected answer.
  metrics[`checks${suffix}`] = {
    passes: requests.ok,
    fails: requests.ko,
    value: requests.total > 0 ? requests.ok / requests.total : 0,
  };
  metrics[`http_req_failed${suffix}`] = {
    passes: requests.ko,
    fails: requests.ok,
    value: requests.total > 0 ? requests.ko / requests.total : 0,
  };
  return metrics;
}

export function renderGitlabLoadPerformance(comparison: Comparison): string {
  const scenarios = comparison.current.scenarios;
  const total = { total: 0, ok: 0, ko: 0 };
  for (const r of scenarios) {
    total.total += r.requests.total;
    total.ok += r.requests.ok;
    total.ko += r.requests.ko;
  }
  // Scenarios run one after another: the run's rate is its requests over its measured windows.
  const seconds = scenarios.reduce((sum, r) => sum + r.durationMs, 0) / 1000;
  const metrics: Record<string, Metric> = { ...requestMetrics(total, seconds, '') };
  const waiting = pooledTrend(scenarios, 'waiting');
  const duration = pooledTrend(scenarios, 'duration');
  if (waiting) metrics.http_req_waiting = waiting;
  if (duration) metrics.http_req_duration = duration;
  for (const r of scenarios) {
    // A tag value in k6 ends at "}" or ",": a name holding one is written with it replaced.
    const suffix = `{scenario:${r.name.replace(/[{},]/g, '_')}}`;
    Object.assign(metrics, requestMetrics(r.requests, r.durationMs / 1000, suffix));
    const { waiting: w, duration: d } = measures(r);
    if (w) metrics[`http_req_waiting${suffix}`] = trendOfSummary(w);
    if (d) metrics[`http_req_duration${suffix}`] = trendOfSummary(d);
  }
  const report = {
    metrics,
    // Not read by GitLab: perfgate's own verdict, for whoever reads the artifact.
    perfgate: {
      verdict: comparison.verdict,
      headline: verdictHeadline(comparison),
      mode: comparison.mode,
      regressions: comparison.regressions.length,
      breaches: comparison.breaches.length,
      ...(comparison.current.git?.commit ? { commit: comparison.current.git.commit } : {}),
    },
  };
  return JSON.stringify(report, null, 2);
}
