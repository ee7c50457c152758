// `--format gitlab`: the k6 summary-export shape GitLab's load-performance widget reads, checked
// against a schema written from GitLab's documented shape, and read back the way the widget reads it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { renderGitlabLoadPerformance } from '../../../src/core/report/gitlab.js';
import { createHistogram, encodeHistogram } from '../../../src/core/histogram.js';
import type { Comparison } from '../../../src/core/types/comparison.js';
import type { ScenarioResult } from '../../../src/core/types/results.js';
import { checkout, fetchByKey, makeFailingComparison, makeResults } from './fixtures.js';

const schema = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'gitlab-load-performance.schema.json'), 'utf8'),
) as object;
const validate = new Ajv({ strict: true, allErrors: true }).compile(schema);

function schemaErrors(text: string): string[] {
  return validate(JSON.parse(text)) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** What GitLab's merge request widget shows from a report (normalizeLoadPerformanceMetrics). */
function readAsGitlab(text: string): Record<string, string | number> {
  const { metrics } = JSON.parse(text) as { metrics: Record<string, Record<string, number>> };
  const shown: Record<string, string | number> = {};
  if (metrics.http_reqs) shown.RPS = metrics.http_reqs.rate!;
  if (metrics.http_req_waiting) {
    shown['TTFB P90'] = metrics.http_req_waiting['p(90)']!;
    shown['TTFB P95'] = metrics.http_req_waiting['p(95)']!;
  }
  if (metrics.checks)
    shown.Checks = `${((metrics.checks.passes! / (metrics.checks.passes! + metrics.checks.fails!)) * 100).toFixed(2)}%`;
  return shown;
}

function histogramOf(values: [ms: number, times: number][]): string {
  const h = createHistogram();
  for (const [ms, times] of values) h.recordValueWithCount(ms * 1000, times);
  const encoded = encodeHistogram(h);
  h.destroy();
  return encoded;
}

function comparisonOf(scenarios: ScenarioResult[]): Comparison {
  return { ...makeFailingComparison(), current: makeResults(scenarios) };
}

describe('renderGitlabLoadPerformance', () => {
  it('gives GitLab its RPS, TTFB P90/P95 (pooled over the scenarios) and Checks (the ok share)', () => {
    const a: ScenarioResult = {
      ...fetchByKey,
      ttfbMs: { ...fetchByKey.latencyMs, p90: 1, p95: 50 },
      ttfbHistogram: histogramOf([
        [1, 90],
        [50, 10],
      ]),
    };
    const b: ScenarioResult = {
      ...checkout,
      ttfbMs: { ...checkout.latencyMs, p90: 10, p95: 10 },
      ttfbHistogram: histogramOf([[10, 100]]),
    };
    const text = renderGitlabLoadPerformance(comparisonOf([a, b]));
    expect(schemaErrors(text)).toEqual([]);
    const shown = readAsGitlab(text);
    const total = a.requests.total + b.requests.total;
    const ok = a.requests.ok + b.requests.ok;
    expect(shown.RPS).toBeCloseTo(total / ((a.durationMs + b.durationMs) / 1000), 6);
    // 90 at 1 ms, 100 at 10 ms, 10 at 50 ms: the 180th and 190th of 200 are 10 ms.
    expect(shown['TTFB P90']).toBeCloseTo(10, 1);
    expect(shown['TTFB P95']).toBeCloseTo(10, 1);
    expect(shown.Checks).toBe(`${((ok / total) * 100).toFixed(2)}%`);
    // Each scenario as a k6 sub-metric, from its own summary.
    const metrics = JSON.parse(text).metrics as Record<string, Record<string, number>>;
    expect(metrics[`http_req_waiting{scenario:${a.name}}`]?.['p(95)']).toBe(50);
    expect(metrics[`http_req_duration{scenario:${b.name}}`]?.['p(99)']).toBe(checkout.latencyMs.p99);
    expect(metrics[`http_reqs{scenario:${b.name}}`]).toEqual({ count: b.requests.total, rate: b.requests.total / 60 });
  });

  it('reads a latency: ttfb scenario its own way round: its latency is the wait, its full time the duration', () => {
    const ttfb: ScenarioResult = {
      ...checkout,
      latency: 'ttfb',
      fullMs: { ...checkout.latencyMs, p95: 99 },
      fullHistogram: histogramOf([[99, 10]]),
    };
    const text = renderGitlabLoadPerformance(comparisonOf([ttfb]));
    expect(schemaErrors(text)).toEqual([]);
    const metrics = JSON.parse(text).metrics as Record<string, Record<string, number>>;
    expect(metrics['http_req_waiting{scenario:checkout}']?.['p(95)']).toBe(checkout.latencyMs.p95);
    expect(metrics['http_req_duration{scenario:checkout}']?.['p(95)']).toBe(99);
    expect(metrics.http_req_duration?.['p(95)']).toBeCloseTo(99, 0);
  });

  it('leaves out a wait it did not measure and a latency no request had, rather than write 0 ms', () => {
    const none: ScenarioResult = { ...checkout, name: 'down', requests: { total: 50, ok: 0, ko: 50, dropped: 0 } };
    const text = renderGitlabLoadPerformance(comparisonOf([fetchByKey, none]));
    expect(schemaErrors(text)).toEqual([]);
    const metrics = JSON.parse(text).metrics as Record<string, unknown>;
    // fetchByKey has no time-to-first-byte measure (results from before it was recorded).
    expect(metrics.http_req_waiting).toBeUndefined();
    expect(Object.keys(metrics).filter((k) => k.endsWith('{scenario:down}'))).toEqual([
      'http_reqs{scenario:down}',
      'checks{scenario:down}',
      'http_req_failed{scenario:down}',
    ]);
    expect(readAsGitlab(text).Checks).toBe(
      `${((fetchByKey.requests.ok / (fetchByKey.requests.total + 50)) * 100).toFixed(2)}%`,
    );
  });

  it('keeps a sub-metric name in k6 form whatever the scenario is called', () => {
    const odd: ScenarioResult = { ...checkout, name: 'GET /a{b},c "d" <e>' };
    const text = renderGitlabLoadPerformance(comparisonOf([odd]));
    expect(schemaErrors(text)).toEqual([]);
    expect(Object.keys(JSON.parse(text).metrics)).toContain('http_reqs{scenario:GET /a_b__c "d" <e>}');
  });

  it('is checked by a schema that refuses what GitLab could not read', () => {
    const report = JSON.parse(renderGitlabLoadPerformance(makeFailingComparison())) as {
      metrics: Record<string, Record<string, unknown>>;
    };
    const broken = (change: (m: Record<string, Record<string, unknown>>) => void): string[] => {
      const copy = structuredClone(report);
      change(copy.metrics);
      return schemaErrors(JSON.stringify(copy));
    };
    expect(broken((m) => delete m.checks)).not.toEqual([]);
    expect(broken((m) => (m.http_reqs!.rate = '150'))).not.toEqual([]);
    expect(broken((m) => (m.http_req_waiting = { avg: 1 }))).not.toEqual([]);
    expect(broken((m) => (m['http_reqs{scenario:a,b}'] = { count: 1, rate: 1 }))).not.toEqual([]);
  });
});
