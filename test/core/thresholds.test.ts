import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { createHistogram, encodeHistogram } from '../../src/core/histogram.js';
import { closestMatch, levenshtein } from '../../src/core/closest-match.js';
import {
  compareThreshold,
  evaluateThresholds,
  matchesGlob,
  parseThreshold,
  type Threshold,
} from '../../src/core/thresholds.js';
import type { Results, ScenarioResult } from '../../src/core/types/results.js';

describe('parseThreshold', () => {
  it.each<[string, Omit<Threshold, 'expression'>]>([
    ['p(95)<150', { metric: 'p', percentile: 95, operator: '<', value: 150 }],
    ['p(99.9)<=800', { metric: 'p', percentile: 99.9, operator: '<=', value: 800 }],
    [' p( 90 ) > 1.5 ', { metric: 'p', percentile: 90, operator: '>', value: 1.5 }],
    ['avg<50', { metric: 'avg', operator: '<', value: 50 }],
    ['med<20', { metric: 'med', operator: '<', value: 20 }],
    ['min>=0', { metric: 'min', operator: '>=', value: 0 }],
    ['max<2000', { metric: 'max', operator: '<', value: 2000 }],
    ['max<2s', { metric: 'max', operator: '<', value: 2000 }],
    ['p(95)<150ms', { metric: 'p', percentile: 95, operator: '<', value: 150 }],
    ['stddev<10', { metric: 'stddev', operator: '<', value: 10 }],
    ['error_rate<0.01', { metric: 'error_rate', operator: '<', value: 0.01 }],
    ['error_rate<1%', { metric: 'error_rate', operator: '<', value: 0.01 }],
    ['rps>=30', { metric: 'rps', operator: '>=', value: 30 }],
    ['dropped==0', { metric: 'dropped', operator: '==', value: 0 }],
    ['dropped!=0', { metric: 'dropped', operator: '!=', value: 0 }],
    ['p(100)<5000', { metric: 'p', percentile: 100, operator: '<', value: 5000 }],
  ])('%j', (expression, parsed) => {
    expect(parseThreshold(expression, 'thresholds.a[0]')).toEqual({ expression, ...parsed });
  });

  const known = 'use one of p(N), avg, med, min, max, stddev, error_rate, rps, dropped, capacity';
  it.each([
    ['p95<150', `t: "p95<150" has an unknown metric "p95" (did you mean "p(95)"?); ${known}`],
    ['avgg<50', `t: "avgg<50" has an unknown metric "avgg" (did you mean "avg"?); ${known}`],
    ['latency<50', `t: "latency<50" has an unknown metric "latency"; ${known}`],
    ['avg(95)<50', `t: "avg(95)<50" has an unknown metric "avg(95)" (did you mean "avg"?); ${known}`],
    ['p<50', `t: "p<50" has an unknown metric "p" (did you mean "rps"?); ${known}`],
    ['p(0)<50', 't: "p(0)<50": percentile "0" is out of range; use p(N) with 0 < N ≤ 100, like p(99.9)'],
    ['p(101)<50', 't: "p(101)<50": percentile "101" is out of range; use p(N) with 0 < N ≤ 100, like p(99.9)'],
    ['p(x)<50', 't: "p(x)<50": percentile "x" is out of range; use p(N) with 0 < N ≤ 100, like p(99.9)'],
    ['dropped=0', 't: "dropped=0": "=" is not an operator; did you mean "=="? (operators < <= > >= == !=)'],
    ['avg=<5', 't: "avg=<5": "=<" is not an operator; did you mean "<="? (operators < <= > >= == !=)'],
    [
      'p(95)<fast',
      't: "p(95)<fast": "fast" is not a number; latency is in ms, like "p(95)<150" (or with a unit: "p(95)<1.5s")',
    ],
    [
      'error_rate<low',
      't: "error_rate<low": "low" is not a number; error_rate is a fraction, like "error_rate<0.01" (or "error_rate<1%")',
    ],
    ['rps>=30/s', 't: "rps>=30/s": "30/s" is not a number; rps is requests per second, like "rps>=30"'],
    ['dropped==none', 't: "dropped==none": "none" is not a number; dropped is a count of requests, like "dropped==0"'],
    [
      'p(95)',
      't: "p(95)" is not a threshold; write <metric><operator><value> like "p(95)<150" (operators < <= > >= == !=; metrics p(N), avg, med, min, max, stddev, error_rate, rps, dropped, capacity)',
    ],
    [
      'p(95)<',
      't: "p(95)<" is not a threshold; write <metric><operator><value> like "p(95)<150" (operators < <= > >= == !=; metrics p(N), avg, med, min, max, stddev, error_rate, rps, dropped, capacity)',
    ],
    [
      '',
      't: "" is not a threshold; write <metric><operator><value> like "p(95)<150" (operators < <= > >= == !=; metrics p(N), avg, med, min, max, stddev, error_rate, rps, dropped, capacity)',
    ],
  ])('%j is refused', (expression, message) => {
    expect(() => parseThreshold(expression, 't')).toThrow(new ConfigError(message));
  });
});

describe('compareThreshold', () => {
  it.each<[number, Threshold['operator'], number, boolean]>([
    [149, '<', 150, true],
    [150, '<', 150, false],
    [150, '<=', 150, true],
    [151, '>', 150, true],
    [150, '>=', 150, true],
    [149, '>=', 150, false],
    [0, '==', 0, true],
    [1, '==', 0, false],
    [1, '!=', 0, true],
  ])('%d %s %d is %s', (actual, operator, limit, ok) => {
    expect(compareThreshold(actual, operator, limit)).toBe(ok);
  });
});

describe('globs and suggestions', () => {
  it.each([
    ['json_oracle/*', 'json_oracle/fetchByKey', true],
    ['json_oracle/*', 'json_oracle/a/b', true],
    ['json_oracle/*', 'json_oracle', false],
    ['*', 'anything/at/all', true],
    ['*/fetch*', 'x/fetchByKey', true],
    ['checkout', 'checkout', true],
    ['checkout', 'checkout2', false],
    ['a.b', 'axb', false],
    ['(a)+', '(a)+', true],
  ])('%s matches %s: %s', (glob, name, matches) => {
    expect(matchesGlob(glob, name)).toBe(matches);
  });

  it('measures edit distance and suggests only close words', () => {
    expect(levenshtein('thinktime', 'thinkTime')).toBe(1);
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(closestMatch('thinktime', ['timeout', 'thinkTime'])).toBe('thinkTime');
    expect(closestMatch('durration', ['duration', 'iterations'])).toBe('duration');
    expect(closestMatch('bananas', ['timeout', 'thinkTime'])).toBeUndefined();
  });
});

function scenarioResult(name: string, overrides: Partial<ScenarioResult> = {}): ScenarioResult {
  const histogram = createHistogram();
  // 1 ms … 1000 ms, one request each: p(N) ≈ 10·N ms.
  for (let ms = 1; ms <= 1000; ms++) histogram.recordValue(ms * 1000);
  const encoded = encodeHistogram(histogram);
  return {
    name,
    executor: 'constant-vus',
    params: { vus: 10, durationMs: 10_000 },
    startTime: '2025-01-01T00:00:00.000Z',
    durationMs: 10_000,
    warmupMs: 5000,
    requests: { total: 1010, ok: 1000, ko: 10, dropped: 2 },
    // Deliberately not what the histogram says, to show which source each metric reads.
    latencyMs: { min: 1, mean: 40, stddev: 12, p50: 21, p75: 31, p90: 41, p95: 141, p99: 161, p999: 181, max: 1000 },
    rps: 101,
    errorRate: 10 / 1010,
    bytes: { in: 0, out: 0 },
    statusCodes: { '200': 1000, '500': 10 },
    errors: {},
    distribution: { under800: 800, from800to1200: 200, over1200: 0, failed: 10 },
    grade: 'good',
    histogram: encoded,
    segments: [],
    timeline: [],
    generator: {
      lateStarts: 0,
      maxStartDelayMs: 0,
      eventLoopDelayP99Ms: 0,
      eventLoopDelayMaxMs: 0,
      cpuCores: 0.5,
      saturated: false,
      reasons: [],
    },
    services: [],
    ...overrides,
  };
}

function results(...scenarios: ScenarioResult[]): Results {
  return {
    schemaVersion: 1,
    tool: { name: 'perfgate', version: '0.0.0' },
    configHash: '0123456789abcdef',
    startTime: '2025-01-01T00:00:00.000Z',
    durationMs: 30_000,
    environment: { cpuModel: 'x', cpuCount: 2, nodeVersion: 'v24', os: 'linux', fingerprint: 'f' },
    services: [],
    scenarios,
  };
}

describe('evaluateThresholds', () => {
  it('checks each expression on each scenario its glob matches, in order', () => {
    const run = results(
      scenarioResult('json_oracle/fetchByKey'),
      scenarioResult('json_oracle/fetchByQuery', { rps: 20 }),
      scenarioResult('checkout'),
    );
    const outcome = evaluateThresholds({ 'json_oracle/*': ['p(95)<150', 'rps>=30'], checkout: ['dropped==0'] }, run);
    expect(outcome).toEqual([
      { scenario: 'json_oracle/fetchByKey', expression: 'p(95)<150', actual: 141, ok: true },
      { scenario: 'json_oracle/fetchByKey', expression: 'rps>=30', actual: 101, ok: true },
      { scenario: 'json_oracle/fetchByQuery', expression: 'p(95)<150', actual: 141, ok: true },
      { scenario: 'json_oracle/fetchByQuery', expression: 'rps>=30', actual: 20, ok: false },
      { scenario: 'checkout', expression: 'dropped==0', actual: 2, ok: false },
    ]);
  });

  it('reads every metric from the right place', () => {
    const expressions = [
      'p(50)<1',
      'p(75)<1',
      'p(90)<1',
      'p(99)<1',
      'p(99.9)<1',
      'avg<1',
      'med<1',
      'min<1',
      'max<1',
      'stddev<1',
      'error_rate<0.01',
      'rps>100',
      'dropped<=2',
    ];
    const outcome = evaluateThresholds({ a: expressions }, results(scenarioResult('a')));
    expect(outcome.map((r) => [r.expression, r.actual, r.ok])).toEqual([
      ['p(50)<1', 21, false],
      ['p(75)<1', 31, false],
      ['p(90)<1', 41, false],
      ['p(99)<1', 161, false],
      ['p(99.9)<1', 181, false],
      ['avg<1', 40, false],
      ['med<1', 21, false],
      ['min<1', 1, false],
      ['max<1', 1000, false],
      ['stddev<1', 12, false],
      ['error_rate<0.01', 10 / 1010, true],
      ['rps>100', 101, true],
      ['dropped<=2', 2, true],
    ]);
  });

  it('computes unrecorded percentiles from the histogram', () => {
    const [p97, p10] = evaluateThresholds({ a: ['p(97)<969', 'p(10)>=100'] }, results(scenarioResult('a')));
    expect(p97?.actual).toBeGreaterThan(969);
    expect(p97?.actual).toBeLessThan(972);
    expect(p97?.ok).toBe(false);
    expect(p10?.actual).toBeCloseTo(100, 0);
    expect(p10?.ok).toBe(true);
  });

  it('breaches a latency threshold when no request succeeded', () => {
    const failed = scenarioResult('a', { requests: { total: 50, ok: 0, ko: 50, dropped: 0 }, errorRate: 1 });
    expect(evaluateThresholds({ a: ['p(95)<150', 'error_rate<0.5'] }, results(failed))).toEqual([
      {
        scenario: 'a',
        expression: 'p(95)<150',
        actual: 0,
        ok: false,
        reason: 'no request succeeded, so there is no latency to check',
      },
      { scenario: 'a', expression: 'error_rate<0.5', actual: 1, ok: false },
    ]);
  });

  it('yields nothing for a glob with no scenario in these results, and throws on a bad expression', () => {
    expect(evaluateThresholds({ 'other/*': ['p(95)<150'] }, results(scenarioResult('a')))).toEqual([]);
    expect(() => evaluateThresholds({ a: ['p95<150'] }, results(scenarioResult('a')))).toThrow(
      /^thresholds\.a\[0\]: "p95<150" has an unknown metric/,
    );
  });
});

describe('thresholds on a latency measure (p(95):ttfb, p(95):full)', () => {
  const ttfbSummary = { min: 1, mean: 5, stddev: 1, p50: 4, p75: 5, p90: 6, p95: 7, p99: 9, p999: 11, max: 20 };

  it('parses the measure after a latency metric, and refuses it elsewhere or misspelt', () => {
    expect(parseThreshold('p(95):ttfb<200', 't')).toEqual({
      expression: 'p(95):ttfb<200',
      metric: 'p',
      percentile: 95,
      measure: 'ttfb',
      operator: '<',
      value: 200,
    });
    expect(parseThreshold('avg : full <1s', 't')).toMatchObject({ metric: 'avg', measure: 'full', value: 1000 });
    expect(() => parseThreshold('rps:ttfb>3', 't')).toThrow(/":ttfb" picks a latency measure, and rps is no latency/);
    expect(() => parseThreshold('p(95):tffb<3', 't')).toThrow(/":tffb" is no latency measure; use :ttfb .* or :full/);
  });

  it("reads the other measure's summary and histogram, or the scenario's own when it is that measure", () => {
    const histogram = createHistogram();
    for (let ms = 1; ms <= 100; ms++) histogram.recordValue(ms * 100); // 0.1 … 10 ms
    const ttfbHistogram = encodeHistogram(histogram);
    histogram.destroy();
    const full = scenarioResult('full', { ttfbMs: ttfbSummary, ttfbHistogram });
    const ttfb = scenarioResult('ttfb', { latency: 'ttfb' });
    const outcome = evaluateThresholds(
      { '*': ['p(95):ttfb<8', 'p(95):full<100', 'p(95)<150', 'p(80):ttfb<9'] },
      results(full, ttfb),
    );
    expect(outcome.map((o) => [o.scenario, o.expression, o.actual, o.ok])).toEqual([
      ['full', 'p(95):ttfb<8', 7, true],
      ['full', 'p(95):full<100', 141, false],
      ['full', 'p(95)<150', 141, true],
      // p(80) is in no summary: it comes from the TTFB histogram (8 ms), not the full one (≈ 800 ms).
      ['full', 'p(80):ttfb<9', expect.closeTo(8, 1), true],
      ['ttfb', 'p(95):ttfb<8', 141, false],
      // A ttfb scenario's full time is not in this fixture: nothing to check, and it says so.
      ['ttfb', 'p(95):full<100', 0, false],
      ['ttfb', 'p(95)<150', 141, true],
      ['ttfb', 'p(80):ttfb<9', expect.any(Number), false],
    ]);
    expect(outcome[5]!.reason).toMatch(/hold no full time for this scenario/);
  });
});
