import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import schema from '../../../schema/perfgate.schema.json' with { type: 'json' };
import { hashConfig } from '../../../src/core/config-hash.js';
import { DURATION_PATTERN, PERCENT_PATTERN, RATE_PATTERN } from '../../../src/core/duration.js';
import {
  DEFAULT_AB_SCHEDULE,
  DEFAULT_ALPHA,
  DEFAULT_EXTEND_FACTOR,
  DEFAULT_HISTORY_LENGTH,
  DEFAULT_MAX_IN_FLIGHT,
  DEFAULT_METRICS,
  DEFAULT_MIN_HISTORY,
} from '../../../src/core/config/defaults.js';
import { autoSegmentMs } from '../../../src/core/config/load.js';
import { defaultCompareConfig } from '../../../src/core/config/compare.js';
import { findConfigWarnings, parseConfig } from '../../../src/core/config/index.js';
import { formatPath } from '../../../src/core/paths.js';
import { isHostAllowed, isLoopbackHost } from '../../../src/core/config/hosts.js';
import { ConfigError } from '../../../src/core/errors.js';
import type { Config } from '../../../src/core/types/config.js';
import { problemsOf } from './problems.js';

const fixture = readFileSync(new URL('../../fixtures/config/perfgate.yml', import.meta.url), 'utf8');

/** One scenario `a` (constant-vus) with extra YAML lines spliced into it and the top level. */
function withScenario(scenarioLines: string, topLines = ''): string {
  return [
    'defaults:',
    '  baseUrl: http://127.0.0.1:8080',
    'scenarios:',
    '  a:',
    ...scenarioLines
      .split('\n')
      .filter(Boolean)
      .map((line) => `    ${line}`),
    topLines,
  ].join('\n');
}

const constantVus = 'executor: constant-vus\nvus: 10\nduration: 30s\nrequest: { path: /x }';

describe('parseConfig: a full valid config', () => {
  const config = parseConfig(fixture, 'perfgate.yml');

  it('reads services with defaults and stringified env', () => {
    expect(config.services).toEqual([
      {
        name: 'api',
        run: 'node server.js',
        env: { PORT: '8080', WORKERS: '2' },
        ready: { http: 'http://127.0.0.1:8080/health', timeoutMs: 30_000 },
        stopGraceMs: 5000,
      },
      {
        name: 'db',
        run: './start-db.sh',
        cwd: 'db',
        env: {},
        ready: { tcp: '127.0.0.1:5432', timeoutMs: 30_000 },
        stopGraceMs: 10_000,
      },
    ]);
  });

  it('takes 127.1 in ready.tcp as it does in a URL, and probes the address it checked', () => {
    const text = withScenario(
      constantVus,
      'services:\n  - { name: a, run: x, ready: { tcp: "127.1:5432" } }\n  - { name: b, run: y, ready: { tcp: "LOCALHOST:1" } }',
    );
    expect(parseConfig(text, 'perfgate.yml').services.map((service) => service.ready?.tcp)).toEqual([
      '127.0.0.1:5432',
      'localhost:1',
    ]);
    expect(
      parseConfig(withScenario(`${constantVus}\nbaseUrl: http://127.1:8080`), 'perfgate.yml').scenarios[0]?.baseUrl,
    ).toBe('http://127.0.0.1:8080');
  });

  it('refuses a YAML alias bomb as a config error naming the file', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
      'e: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]',
      'scenarios: {}',
    ].join('\n');
    expect(() => parseConfig(bomb, 'perfgate.yml')).toThrow(ConfigError);
    expect(() => parseConfig(bomb, 'perfgate.yml')).toThrow(/^perfgate\.yml: .*alias.*too many times/i);
  });

  it("passes a variable named with no value through from perfgate's environment", () => {
    const text = withScenario(
      constantVus,
      'services:\n  - { name: api, run: x, env: { PORT: 8080, API_KEY: ~, DB_PASSWORD: } }',
    );
    const [api] = parseConfig(text, 'perfgate.yml').services;
    expect(api).toMatchObject({ env: { PORT: '8080' }, passEnv: ['API_KEY', 'DB_PASSWORD'] });
  });

  it('keeps scenarios in the order written, each executor with its load model', () => {
    expect(config.scenarios.map((s) => s.name)).toEqual([
      'json_oracle/fetchByKey',
      'json_oracle/fetchByQuery',
      'checkout',
      'browse',
      'bulk',
    ]);
    expect(config.scenarios.map((s) => s.load)).toEqual([
      { executor: 'constant-vus', vus: 100, durationMs: 60_000 },
      { executor: 'constant-arrival-rate', ratePerSec: 200, durationMs: 60_000 },
      {
        executor: 'ramping-arrival-rate',
        startRatePerSec: 50,
        stages: [
          { durationMs: 30_000, target: 50 },
          { durationMs: 120_000, target: 100 },
          { durationMs: 30_000, target: 0 },
        ],
      },
      {
        executor: 'ramping-vus',
        startVus: 0,
        stages: [
          { durationMs: 10_000, target: 20 },
          { durationMs: 20_000, target: 20 },
        ],
      },
      { executor: 'shared-iterations', vus: 100, iterations: 10_000, maxDurationMs: 600_000 },
    ]);
  });

  it('fills each scenario from defaults and its own overrides', () => {
    const [fetchByKey, fetchByQuery, checkout] = config.scenarios;
    // 60 s measured and no segment set: sized for the run, 60 s / 20 = 3 s.
    expect(fetchByKey).toEqual({
      name: 'json_oracle/fetchByKey',
      load: { executor: 'constant-vus', vus: 100, durationMs: 60_000 },
      baseUrl: 'http://127.0.0.1:8080',
      request: { method: 'GET', path: '/orders/${row.id}', headers: { Authorization: 'Bearer test' } },
      data: { file: 'keys.csv', order: 'round-robin' },
      warmupMs: 5000,
      timeoutMs: 5000,
      thinkTimeMs: 1000,
      maxInFlight: DEFAULT_MAX_IN_FLIGHT,
      segmentMs: 3000,
    });
    expect(fetchByQuery?.request.body).toEqual({ kind: 'json', value: { q: '${row.q}', limit: '${row.limit}' } });
    expect(fetchByQuery?.data).toEqual({ file: 'queries.json', order: 'random' });
    expect(checkout?.request).toEqual({
      method: 'POST',
      path: '/checkout',
      headers: { Authorization: 'Bearer test', 'content-type': 'application/x-www-form-urlencoded' },
      body: { kind: 'raw', value: 'id=1' },
    });
  });

  it('normalizes thresholds to lists and reads compare with its defaults', () => {
    expect(config.thresholds).toEqual({
      'json_oracle/*': ['p(95)<150', 'error_rate<0.01', 'rps>=30'],
      checkout: ['dropped==0'],
    });
    expect(config.compare).toEqual({
      mode: 'stored',
      schedule: 'duet',
      metrics: ['p50', 'p90', 'p95', 'p99', 'rps', 'error_rate'],
      minEffect: { p50: 0.05, p90: 0.05, p95: 0.05, p99: 0.05, rps: 0.05, error_rate: 0.01, capacity: 0.1 },
      minEffectSet: ['p50', 'p90', 'p95', 'p99', 'rps'],
      alpha: 0.01,
      minHistory: 5,
      noiseFloor: 0.15,
      historyLength: 10,
      runnerNoise: { p50: 0.05, p90: 0.07, p95: 0.07, p99: 0.08, rps: 0.05, error_rate: 0.001, capacity: 0.05 },
      extend: { maxWindowFactor: 4 },
      maxErrorRate: 0.5,
    });
    expect(config.allowHosts).toEqual([]);
  });

  it('reads the same config written as JSON', () => {
    const json = JSON.stringify({
      $schema: './schema/perfgate.schema.json',
      defaults: { baseUrl: 'http://127.0.0.1:8080' },
      scenarios: { a: { executor: 'constant-vus', vus: 2, duration: '10s', request: { path: '/x' } } },
    });
    const fromJson = parseConfig(json, 'perfgate.json');
    const fromYaml = parseConfig(
      withScenario('executor: constant-vus\nvus: 2\nduration: 10s\nrequest: { path: /x }'),
      'perfgate.yml',
    );
    expect(fromJson).toEqual(fromYaml);
  });
});

describe('parseConfig: defaults', () => {
  const config = parseConfig(withScenario(constantVus), 'perfgate.yml');
  const scenario = config.scenarios[0];

  it('applies the documented defaults', () => {
    // 30 s measured: 1.5 s per segment for 20 of them, in whole seconds 1 s (30 segments).
    expect(scenario).toMatchObject({
      warmupMs: 5000,
      timeoutMs: 5000,
      thinkTimeMs: 0,
      maxInFlight: 1000,
      segmentMs: 1000,
    });
    expect(scenario?.okStatus).toBeUndefined();
    expect(scenario?.request).toEqual({ method: 'GET', path: '/x', headers: {} });
    expect(config.services).toEqual([]);
    expect(config.thresholds).toEqual({});
    expect(config.compare).toEqual(defaultCompareConfig());
    expect(config.compare).toEqual({
      mode: 'stored',
      schedule: DEFAULT_AB_SCHEDULE,
      metrics: DEFAULT_METRICS,
      minEffect: { p50: 0.05, p90: 0.1, p95: 0.1, p99: 0.15, rps: 0.05, error_rate: 0.01, capacity: 0.1 },
      alpha: DEFAULT_ALPHA,
      minHistory: DEFAULT_MIN_HISTORY,
      noiseFloor: 0.15,
      historyLength: DEFAULT_HISTORY_LENGTH,
      runnerNoise: { p50: 0.05, p90: 0.07, p95: 0.07, p99: 0.08, rps: 0.05, error_rate: 0.001, capacity: 0.05 },
      extend: { maxWindowFactor: DEFAULT_EXTEND_FACTOR },
      maxErrorRate: 0.5,
    });
    expect(schema.definitions.compare.properties.extend.default).toEqual({ maxDuration: '4x' });
  });

  it('states the same defaults in the JSON Schema that editors show', () => {
    const d = schema.definitions;
    expect(d.defaults.properties.timeout.default).toBe('5s');
    expect(d.defaults.properties.warmup.default).toBe('5s');
    expect(d.defaults.properties.thinkTime.default).toBe(0);
    expect(d.defaults.properties.maxInFlight.default).toBe(DEFAULT_MAX_IN_FLIGHT);
    expect(d.compare.properties.runnerNoise.default).toEqual({
      p50: '5%',
      p90: '7%',
      p95: '7%',
      p99: '8%',
      rps: '5%',
      error_rate: 0.001,
      capacity: '5%',
    });
    expect(d.scenario.properties.maxDuration.default).toBe('10m');
    expect(d.scenario.properties.startVUs.default).toBe(0);
    expect(d.service.properties.stopGrace.default).toBe('5s');
    expect(d.service.properties.ready.properties.timeout.default).toBe('30s');
    expect(d.compare.properties.metrics.default).toEqual(DEFAULT_METRICS);
    expect(d.compare.properties.mode.default).toBe('stored');
    expect(d.compare.properties.schedule.default).toBe(DEFAULT_AB_SCHEDULE);
    expect(d.compare.properties.alpha.default).toBe(DEFAULT_ALPHA);
    expect(d.compare.properties.noiseFloor.default).toBe('15%');
    expect(d.compare.properties.history.default).toBe(DEFAULT_HISTORY_LENGTH);
    expect(d.compare.properties.minHistory.default).toBe(DEFAULT_MIN_HISTORY);
    expect(d.compare.properties.minEffect.default).toEqual({
      p50: '5%',
      p90: '10%',
      p95: '10%',
      p99: '15%',
      rps: '5%',
      error_rate: 0.01,
      capacity: '10%',
    });
  });

  it("uses the parsers' own syntax as the schema patterns", () => {
    // A string or a number: the string branch of each carries the pattern.
    expect(schema.definitions.duration.anyOf[0]!.pattern).toBe(DURATION_PATTERN);
    expect(schema.definitions.rate.pattern).toBe(RATE_PATTERN);
    expect(schema.definitions.percent.pattern).toBe(PERCENT_PATTERN);
    expect(schema.definitions.effect.anyOf[0]!.pattern).toBe(PERCENT_PATTERN);
  });

  it('reads arrival stages given as numbers or rates, and effects given as fractions', () => {
    const config = parseConfig(
      withScenario(
        'executor: ramping-arrival-rate\nstages: [{ duration: 1m, target: "600/m" }, { duration: 30s, target: 2.5 }]\nrequest: { path: /x }',
        'compare: { minEffect: { latency: "10%", p99: 0.2, error_rate: "2%" }, noiseFloor: 0.1, history: 20, minHistory: 3 }',
      ),
      'perfgate.yml',
    );
    expect(config.scenarios[0]?.load).toEqual({
      executor: 'ramping-arrival-rate',
      startRatePerSec: 0,
      stages: [
        { durationMs: 60_000, target: 10 },
        { durationMs: 30_000, target: 2.5 },
      ],
    });
    expect(config.compare).toMatchObject({
      minEffect: { p50: 0.1, p90: 0.1, p95: 0.1, p99: 0.2, rps: 0.05, error_rate: 0.02 },
      // rps keeps its default, so an A/B run gives it A/B mode's own.
      minEffectSet: ['p50', 'p90', 'p95', 'p99', 'error_rate'],
      noiseFloor: 0.1,
      historyLength: 20,
      minHistory: 3,
    });
  });

  it('lets a scenario override every defaults key, and merges headers defaults < scenario < request', () => {
    const text = [
      'defaults:',
      '  baseUrl: http://127.0.0.1:8080',
      '  timeout: 5s',
      '  warmup: 5s',
      '  thinkTime: 1s',
      '  maxInFlight: 50',
      '  segment: 5s',
      '  okStatus: [200]',
      '  headers: { Authorization: "Bearer a", X-Team: perf, Accept: "*/*" }',
      'scenarios:',
      '  closed:',
      '    executor: constant-vus',
      '    vus: 1',
      '    duration: 30s',
      '    baseUrl: http://localhost:9090/api/',
      '    timeout: 1s',
      '    warmup: 3s',
      '    thinkTime: 250ms',
      '    segment: 2s',
      '    okStatus: [200, 404]',
      '    headers: { authorization: "Bearer b", X-Count: 3 }',
      '    request: { path: /orders, headers: { accept: application/json } }',
      '  open:',
      '    executor: constant-arrival-rate',
      '    rate: 12000/m',
      '    duration: 1m',
      '    maxInFlight: 7',
      '    request: { method: DELETE, path: /orders/1 }',
    ].join('\n');
    const [closed, open] = parseConfig(text, 'perfgate.yml').scenarios;
    expect(closed).toMatchObject({
      baseUrl: 'http://localhost:9090',
      timeoutMs: 1000,
      warmupMs: 3000,
      thinkTimeMs: 250,
      segmentMs: 2000,
      okStatus: [200, 404],
      maxInFlight: 50,
      request: {
        method: 'GET',
        path: '/api/orders',
        headers: { authorization: 'Bearer b', 'X-Team': 'perf', accept: 'application/json', 'X-Count': '3' },
      },
    });
    expect(open).toMatchObject({
      baseUrl: 'http://127.0.0.1:8080',
      load: { executor: 'constant-arrival-rate', ratePerSec: 200, durationMs: 60_000 },
      timeoutMs: 5000,
      thinkTimeMs: 1000,
      maxInFlight: 7,
      okStatus: [200],
      request: { method: 'DELETE', path: '/orders/1' },
    });
  });

  it('keeps numeric-looking scenario names in the order written', () => {
    const text = withScenario(
      constantVus,
      '  "2":\n    executor: constant-vus\n    vus: 1\n    duration: 10s\n    request: { path: /y }',
    );
    const names = parseConfig(text.replace('scenarios:\n', 'scenarios:\n'), 'perfgate.yml').scenarios.map(
      (s) => s.name,
    );
    expect(names).toEqual(['a', '2']);
  });
});

describe('parseConfig: each kind of problem, with its exact message', () => {
  it.each([
    [
      'an unknown key close to a known one',
      withScenario(`${constantVus}\nthinktime: 1s`),
      ['scenarios.a.thinktime: unknown key; did you mean "thinkTime"?'],
    ],
    [
      'an unknown key far from any',
      withScenario(`${constantVus}\nbananas: 3`),
      [
        'scenarios.a.bananas: unknown key; use one of executor, group, baseUrl, timeout, warmup, thinkTime, maxInFlight, headers, segment, okStatus, tls, http, latency, stream, vus, duration, startVUs, stages, iterations, maxDuration, rate, startRate, maxRate, step, hold, resolution, request, setup, steps, mix, grpc, data',
      ],
    ],
    [
      'a scenario key at the top level',
      withScenario(constantVus, 'timeout: 5s'),
      ['timeout: unknown key at the top level; "timeout" belongs under defaults: (or in a scenario)'],
    ],
    [
      'a bad duration',
      withScenario('executor: constant-vus\nvus: 10\nduration: 30 sec\nrequest: { path: /x }'),
      ['scenarios.a.duration: "30 sec" is not a duration; use a number with ms, s, m or h like "30s"'],
    ],
    [
      'a bare number as a duration',
      withScenario(`${constantVus}\ntimeout: 30`),
      ['scenarios.a.timeout: 30 is not a duration; use a number with ms, s, m or h like "30s"'],
    ],
    [
      'a rate per minute written "/min"',
      withScenario('executor: constant-arrival-rate\nrate: 200/min\nduration: 30s\nrequest: { path: /x }').replace(
        '  a:',
        '  fetchByKey:',
      ),
      ['scenarios.fetchByKey.rate: "200/min" is not a rate; use "<number>/s" like "200/s"'],
    ],
    [
      'a rate of zero',
      withScenario('executor: constant-arrival-rate\nrate: 0/s\nduration: 30s\nrequest: { path: /x }'),
      ['scenarios.a.rate: "0/s" sends nothing; use a rate above 0 like "200/s"'],
    ],
    [
      'a missing required key',
      withScenario('executor: constant-vus\nvus: 10\nduration: 30s'),
      ['scenarios.a.request: missing; give the scenario a request: { path: "/" }, or steps: a list of named requests'],
    ],
    [
      'keys an executor needs',
      withScenario('executor: constant-arrival-rate\nrequest: { path: /x }'),
      [
        'scenarios.a.rate: missing; constant-arrival-rate needs rate and duration',
        'scenarios.a.duration: missing; constant-arrival-rate needs rate and duration',
      ],
    ],
    [
      'a key of another executor',
      withScenario(`${constantVus}\nrate: 200/s\nstages: []`),
      [
        'scenarios.a.rate: constant-vus does not use "rate"; only constant-arrival-rate does (constant-vus takes vus, duration)',
        'scenarios.a.stages: constant-vus does not use "stages"; only ramping-vus and ramping-arrival-rate do (constant-vus takes vus, duration)',
      ],
    ],
    [
      'thinkTime on an open model and maxInFlight on a closed one',
      [
        'defaults: { baseUrl: "http://127.0.0.1:1" }',
        'scenarios:',
        '  open: { executor: constant-arrival-rate, rate: 10/s, duration: 30s, thinkTime: 1s, request: { path: /x } }',
        '  closed: { executor: constant-vus, vus: 1, duration: 30s, maxInFlight: 5, request: { path: /x } }',
      ].join('\n'),
      [
        'scenarios.open.thinkTime: constant-arrival-rate does not use "thinkTime"; only the closed models do (constant-vus, ramping-vus, shared-iterations)',
        'scenarios.closed.maxInFlight: constant-vus does not use "maxInFlight"; only the open models do (constant-arrival-rate, ramping-arrival-rate, capacity); its virtual users bound the requests in flight',
      ],
    ],
    [
      'the capacity executor without its rates',
      withScenario('executor: capacity\nrequest: { path: /x }'),
      [
        'scenarios.a.startRate: missing; capacity needs startRate and maxRate',
        'scenarios.a.maxRate: missing; capacity needs startRate and maxRate',
      ],
    ],
    [
      'capacity settings that cannot run a search',
      withScenario(
        'executor: capacity\nstartRate: 50/s\nmaxRate: 10/s\nstep: { factor: 2, increment: 5/s }\nhold: 2s\nresolution: 100%\nthinkTime: 1s\nrequest: { path: /x }',
      ),
      [
        'scenarios.a.maxRate: "10/s" is below startRate "50/s"; the search climbs from startRate to maxRate, so set maxRate above it',
        'scenarios.a.step: has both factor and increment; use one of them, like { factor: 1.5 } or { increment: "25/s" }',
        'scenarios.a.hold: "2s" is too short for a level; use at least "3s" (the achieved rate is read from the seconds between the first and the last)',
        'scenarios.a.resolution: "100%" cannot end a bisection; use a share of the rate between 0 and 100%, like "5%"',
        'scenarios.a.thinkTime: capacity does not use "thinkTime"; only the closed models do (constant-vus, ramping-vus, shared-iterations)',
      ],
    ],
    [
      'a capacity threshold on a scenario that measures none',
      withScenario(constantVus, 'thresholds:\n  "*": ["capacity>=380"]\n'),
      [
        'thresholds["*"][0]: "capacity>=380" names capacity, which only the capacity executor measures, but * also matches a; narrow the glob to the capacity scenarios',
      ],
    ],
    [
      'a misspelt executor',
      withScenario('executor: constant-vu\nrequest: { path: /x }'),
      [
        'scenarios.a.executor: "constant-vu" is not allowed; use one of constant-vus, ramping-vus, shared-iterations, constant-arrival-rate, ramping-arrival-rate, capacity (did you mean "constant-vus"?)',
      ],
    ],
    [
      'a wrong type',
      withScenario('executor: constant-vus\nvus: ten\nduration: 30s\nrequest: { path: /x }'),
      ['scenarios.a.vus: "ten" is not a whole number'],
    ],
    [
      'a number out of range',
      withScenario('executor: constant-vus\nvus: 0\nduration: 30s\nrequest: { path: /x }'),
      ['scenarios.a.vus: 0 is too small; use at least 1'],
    ],
    [
      'a non-loopback baseUrl',
      withScenario(`${constantVus}\nbaseUrl: http://api.example.com`),
      [
        'scenarios.a.baseUrl: "http://api.example.com" is not a loopback address; perfgate refuses to load-test other hosts unless you list them in allowHosts',
      ],
    ],
    [
      'a non-loopback defaults.baseUrl',
      withScenario(constantVus).replace('http://127.0.0.1:8080', 'http://10.0.0.8:8080'),
      [
        'defaults.baseUrl: "http://10.0.0.8:8080" is not a loopback address; perfgate refuses to load-test other hosts unless you list them in allowHosts',
      ],
    ],
    [
      'counts no machine can hold',
      [
        'defaults:',
        '  baseUrl: http://127.0.0.1:8080',
        'scenarios:',
        '  a: { executor: constant-vus, vus: 1000000000, duration: 30s, request: { path: /x } }',
        '  b: { executor: constant-arrival-rate, rate: 1000000000000/s, duration: 30s, maxInFlight: 5000000, request: { path: /x } }',
        '  c: { executor: ramping-vus, startVUs: 60000, stages: [{ duration: 10s, target: 100000 }], request: { path: /x } }',
      ].join('\n'),
      [
        'scenarios.a.vus: 1000000000 is more virtual users than one machine can hold (each holds a connection; at most 50000); use at most 50000, or shard the scenario',
        'scenarios.b.rate: 1000000000000/s is more than one load generator can send (at most 1000000/s); use a lower rate, or shard the scenario',
        'scenarios.b.maxInFlight: 5000000 is more requests in flight than one machine can hold (each holds a connection; at most 50000); use at most 50000, or shard the scenario',
        'scenarios.c.startVUs: 60000 is more virtual users than one machine can hold (each holds a connection; at most 50000); use at most 50000, or shard the scenario',
        'scenarios.c.stages[0].target: 100000 is more virtual users than one machine can hold (each holds a connection; at most 50000); use at most 50000, or shard the scenario',
      ],
    ],
    [
      'ready.tcp hosts read as a URL reads them: 127.0.0.08 is no address, 10.1 is not loopback',
      withScenario(
        constantVus,
        'services:\n  - { name: a, run: x, ready: { tcp: "127.0.0.08:80" } }\n  - { name: b, run: y, ready: { tcp: "10.1:80" } }\n  - { name: c, run: z, ready: { tcp: "127.1:80" } }',
      ),
      [
        'services[0].ready.tcp: "127.0.0.08:80": "127.0.0.08" is neither an IP address nor a host name; use one like "127.0.0.1:5432"',
        'services[1].ready.tcp: "10.1:80" is not a loopback address; perfgate refuses to load-test other hosts unless you list them in allowHosts',
      ],
    ],
    [
      'a line break in a literal header value',
      withScenario(
        `${constantVus}\nheaders: { x-token: "line one\\r\\nx-injected: yes", x-tab: "a\\tb", x-ok: "fine" }`,
      ),
      [
        'scenarios.a.headers.x-token: "line one\\r\\nx-injected: yes" holds a line break or control character, which a header value cannot carry; remove it',
      ],
    ],
    [
      'no baseUrl at all',
      withScenario(constantVus).replace('defaults:\n  baseUrl: http://127.0.0.1:8080\n', ''),
      ['scenarios.a.baseUrl: missing; set defaults.baseUrl or scenarios.a.baseUrl, like "http://127.0.0.1:8080"'],
    ],
    [
      'a baseUrl that is not http',
      withScenario(`${constantVus}\nbaseUrl: 127.0.0.1:8080`),
      ['scenarios.a.baseUrl: "127.0.0.1:8080" is not an http(s) URL; use one like "http://127.0.0.1:8080"'],
    ],
    [
      'a remote readiness URL',
      withScenario(
        constantVus,
        'services:\n  - { name: api, run: node s.js, ready: { http: "http://example.com/health" } }',
      ),
      [
        'services[0].ready.http: "http://example.com/health" is not a loopback address; perfgate refuses to load-test other hosts unless you list them in allowHosts',
      ],
    ],
    [
      'readiness without a probe, with both probes, and a bad tcp address',
      withScenario(
        constantVus,
        [
          'services:',
          '  - { name: a, run: x, ready: { timeout: 5s } }',
          '  - { name: b, run: x, ready: { http: "http://127.0.0.1:1/", tcp: "127.0.0.1:1" } }',
          '  - { name: c, run: x, ready: { tcp: "localhost" } }',
        ].join('\n'),
      ),
      [
        'services[0].ready: needs http (a URL that answers 2xx when ready) or tcp ("host:port" that accepts connections)',
        'services[1].ready: has both http and tcp; use one of them',
        'services[2].ready.tcp: "localhost" is not a "host:port"; use one like "127.0.0.1:5432"',
      ],
    ],
    [
      'two services with one name, and a service name with a space',
      withScenario(
        constantVus,
        'services:\n  - { name: api, run: x }\n  - { name: api, run: y }\n  - { name: "my db", run: z }',
      ),
      [
        'services[1].name: "api" is already the name of services[0]; service names must be unique',
        'services[2].name: "my db" is not a valid service name; use letters, digits, ".", "_" or "-"',
      ],
    ],
    [
      'json and body together',
      withScenario('executor: constant-vus\nvus: 1\nduration: 30s\nrequest: { path: /x, json: { a: 1 }, body: "a=1" }'),
      ['scenarios.a.request.body: a request takes json or body, not both; use json for a JSON body, body for raw text'],
    ],
    [
      'a bad placeholder',
      withScenario(
        'executor: constant-vus\nvus: 1\nduration: 30s\nrequest: { path: "/x/${id}" }\ndata: { file: keys.csv }',
      ),
      [
        'scenarios.a.request.path: "${id}" is not a placeholder; use ${row.<column>} like ${row.id} (write $${ for a literal ${)',
      ],
    ],
    [
      'a placeholder without data',
      withScenario('executor: constant-vus\nvus: 1\nduration: 30s\nrequest: { path: /x, json: { q: "${row.q}" } }'),
      [
        'scenarios.a.request.json: uses ${row.q} but the scenario has no data; add data: { file: rows.csv } with a column named "q"',
      ],
    ],
    [
      'a data file that is neither CSV nor JSON',
      withScenario(`${constantVus}\ndata: { file: keys.txt, order: shuffled }`),
      [
        'scenarios.a.data.file: "keys.txt" is neither a .csv nor a .json file; use CSV with a header row or a JSON array of objects',
        'scenarios.a.data.order: "shuffled" is not allowed; use one of round-robin, random',
      ],
    ],
    [
      'a path without a leading slash',
      withScenario('executor: constant-vus\nvus: 1\nduration: 30s\nrequest: { path: orders }'),
      ['scenarios.a.request.path: "orders" does not start with "/"; write the path after baseUrl, like "/orders/1"'],
    ],
    [
      'a segment shorter than 100ms, and a zero timeout',
      withScenario(`${constantVus}\nsegment: 50ms\ntimeout: 0`),
      [
        'scenarios.a.segment: "50ms" is too short for a segment; use at least "100ms"',
        'scenarios.a.timeout: 0 is too short; use a timeout above 0 like "5s"',
      ],
    ],
    [
      'a bad stage',
      withScenario(
        'executor: ramping-vus\nstages: [{ duration: 10s, target: 5/s }, { duration: 10s }]\nrequest: { path: /x }',
      ),
      [
        'scenarios.a.stages[0].target: "5/s" is not a number of virtual users; use a whole number like 50',
        'scenarios.a.stages[1].target: missing required key: ramping-vus: virtual users',
      ],
    ],
    [
      'stages that last no time',
      withScenario('executor: ramping-arrival-rate\nstages: [{ duration: 0s, target: 10 }]\nrequest: { path: /x }'),
      ['scenarios.a.stages: the stages last 0s in total; give at least one stage a duration like "30s"'],
    ],
    [
      'a bad threshold and a glob that matches nothing',
      withScenario(constantVus, 'thresholds:\n  a: ["p95<150", "p(95)<150"]\n  "checkout/*": ["rps>=1"]'),
      [
        'thresholds.a[0]: "p95<150" has an unknown metric "p95" (did you mean "p(95)"?); use one of p(N), avg, med, min, max, stddev, error_rate, rps, dropped, capacity',
        'thresholds["checkout/*"]: matches no scenario; the scenarios are a',
      ],
    ],
    [
      'compare settings out of range',
      withScenario(
        constantVus,
        'compare:\n  metrics: [p50, p75]\n  minEffect: { latency: 5, rps: "5 %" }\n  alpha: 0\n  history: 3\n  minHistory: 4',
      ),
      [
        'compare.metrics[1]: "p75" is not allowed; use one of p50, p90, p95, p99, rps, error_rate, capacity (did you mean "p95"?)',
        'compare.minEffect.latency: 5 is not a share; use a percentage from 0 to 100% like "5%" or a fraction from 0 to 1 like 0.05',
        'compare.minEffect.rps: "5 %" is not a share; use a percentage from 0 to 100% like "5%" or a fraction from 0 to 1 like 0.05',
        'compare.alpha: 0 is too small; use more than 0',
        'compare.minHistory: compare.minHistory (4) is more than compare.history (3), so the history test could never run; keep minHistory ≤ history',
      ],
    ],
    [
      'no scenarios',
      'defaults: { baseUrl: "http://127.0.0.1:1" }\nscenarios: {}',
      ['scenarios: no scenarios; define at least one'],
    ],
    [
      'a scenarios key that is missing',
      'defaults: { baseUrl: "http://127.0.0.1:1" }',
      [
        'scenarios: missing required key: load scenarios by name, run one after another in the order written, each with its own warm-up',
      ],
    ],
  ])('%s', (_title, text, expected) => {
    expect(problemsOf(text)).toEqual(expected);
  });

  it.each([
    'scenarios: [1, 2]',
    'scenarios: { a: null }',
    'scenarios: { a: 5 }',
    'services: { a: 1 }\nscenarios: { a: { executor: constant-vus } }',
    'thresholds: [1]\ncompare: 5\ndefaults: []\nallowHosts: localhost\nscenarios: { a: { executor: ramping-vus, stages: abc, request: "GET /" } }',
    'scenarios: { a: { executor: ramping-vus, stages: [1, null, { target: -1 }], request: { path: 5, headers: [1], json: null } } }',
    'scenarios: { a: { executor: constant-vus, vus: 1.5, duration: [], data: { file: 3 }, okStatus: [700], request: { path: /x, method: get } } }',
    'services: [{ name: a, run: x, ready: { http: 5, tcp: [] }, env: { A: { b: 1 } } }]\nscenarios: {}',
  ])('reports garbage as ConfigError problems, never a crash: %j', (text) => {
    const problems = problemsOf(text);
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem).toMatch(/^[A-Za-z$].*: .+/);
  });

  it('lists every problem in one error, each on its own line with file and line number', () => {
    const text = [
      'defaults:',
      '  baseUrl: http://127.0.0.1:8080',
      'scenarios:',
      '  fetchByKey:',
      '    executor: constant-arrival-rate',
      '    rate: 200/min',
      '    duration: 30s',
      '    thinktime: 1s',
      '    request: { path: /x }',
    ].join('\n');
    expect(() => parseConfig(text, 'perf/perfgate.yml')).toThrow(
      new ConfigError(
        [
          'perf/perfgate.yml has 2 problems:',
          'perf/perfgate.yml:6: scenarios.fetchByKey.rate: "200/min" is not a rate; use "<number>/s" like "200/s"',
          'perf/perfgate.yml:8: scenarios.fetchByKey.thinktime: unknown key; did you mean "thinkTime"?',
        ].join('\n'),
      ),
    );
  });

  it('reports YAML syntax errors with their position', () => {
    expect(() => parseConfig('scenarios:\n  a: 1\n  a: 2\n', 'perfgate.yml')).toThrow(
      /^perfgate\.yml is not valid YAML:\nperfgate\.yml:3:3: Map keys must be unique/,
    );
  });

  it('refuses an empty file and a file that is not a map', () => {
    expect(() => parseConfig('', 'perfgate.yml')).toThrow(
      'perfgate.yml: the config is empty; it needs at least scenarios: (see the config reference)',
    );
    expect(() => parseConfig('- a\n- b\n', 'perfgate.yml')).toThrow(
      'perfgate.yml: the config is ["a","b"], not a map of settings',
    );
  });
});

describe('targets', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['[::1]', true],
    ['::1', true],
    ['[::ffff:7f00:1]', true],
    ['128.0.0.1', false],
    ['127.0.0.256', false],
    ['0.0.0.0', false],
    ['example.com', false],
    ['localhost.example.com', false],
    ['[::2]', false],
  ])('%s is loopback: %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });

  it('accepts hosts listed in allowHosts, exactly, by wildcard or with a port', () => {
    expect(isHostAllowed('staging.internal', '', ['staging.internal'])).toBe(true);
    expect(isHostAllowed('api.staging.internal', '8080', ['*.staging.internal'])).toBe(true);
    expect(isHostAllowed('staging.internal', '8080', ['*.staging.internal'])).toBe(false);
    expect(isHostAllowed('api.example.com', '8080', ['api.example.com:8080'])).toBe(true);
    expect(isHostAllowed('api.example.com', '9090', ['api.example.com:8080'])).toBe(false);
    expect(isHostAllowed('[fd00::1]', '', ['fd00::1'])).toBe(true);

    const text = withScenario(
      `${constantVus}\nbaseUrl: http://staging.internal:8080`,
      'allowHosts: [staging.internal]',
    );
    const config = parseConfig(text, 'perfgate.yml');
    expect(config.scenarios[0]?.baseUrl).toBe('http://staging.internal:8080');
    expect(config.allowHosts).toEqual(['staging.internal']);
  });
});

describe('formatPath', () => {
  it.each([
    [['scenarios', 'a', 'rate'], 'scenarios.a.rate'],
    [
      ['scenarios', 'json_oracle/fetchByKey', 'stages', 0, 'target'],
      'scenarios.json_oracle/fetchByKey.stages[0].target',
    ],
    [['thresholds', 'json_oracle/*', 1], 'thresholds["json_oracle/*"][1]'],
    [['scenarios', 'a b'], 'scenarios["a b"]'],
  ])('%j → %s', (path, text) => {
    expect(formatPath(path)).toBe(text);
  });
});

describe('hashConfig', () => {
  const base = parseConfig(fixture, 'perfgate.yml');
  const variant = (edit: (config: Config) => void): string => {
    const copy = structuredClone(base);
    edit(copy);
    return hashConfig(copy);
  };

  it('is 16 hex characters and stable', () => {
    expect(hashConfig(base)).toMatch(/^[0-9a-f]{16}$/);
    expect(hashConfig(parseConfig(fixture, 'other-name.yml'))).toBe(hashConfig(base));
  });

  it('ignores what does not change the measurement', () => {
    const same = hashConfig(base);
    expect(variant((c) => (c.thresholds = {}))).toBe(same);
    expect(variant((c) => (c.compare.alpha = 0.2))).toBe(same);
    expect(variant((c) => (c.services = []))).toBe(same);
    expect(variant((c) => c.allowHosts.push('example.com'))).toBe(same);
    expect(variant((c) => c.scenarios.forEach((s) => (s.baseUrl = 'http://127.0.0.1:9999')))).toBe(same);
    // Key order in the YAML does not matter either.
    const reordered = fixture.replace('    vus: 100\n    duration: 60s\n', '    duration: 60s\n    vus: 100\n');
    expect(reordered).not.toBe(fixture);
    expect(hashConfig(parseConfig(reordered, 'perfgate.yml'))).toBe(same);
  });

  it.each<[string, (config: Config) => void]>([
    ['the load', (c) => (c.scenarios[0]!.load = { executor: 'constant-vus', vus: 99, durationMs: 60_000 })],
    ['the request', (c) => (c.scenarios[0]!.request.path = '/other')],
    ['a header', (c) => (c.scenarios[0]!.request.headers['x-a'] = '1')],
    ['the data', (c) => (c.scenarios[0]!.data = { file: 'other.csv', order: 'round-robin' })],
    ['the timeout', (c) => (c.scenarios[0]!.timeoutMs = 1)],
    ['the warm-up', (c) => (c.scenarios[0]!.warmupMs = 1)],
    ['the segment', (c) => (c.scenarios[0]!.segmentMs = 1000)],
    ['think time', (c) => (c.scenarios[0]!.thinkTimeMs = 2)],
    ['a scenario name', (c) => (c.scenarios[0]!.name = 'x')],
  ])('changes with %s', (_what, edit) => {
    expect(variant(edit)).not.toBe(hashConfig(base));
  });
});

describe('findConfigWarnings', () => {
  it('warns about a short warm-up and too few segments', () => {
    const config = parseConfig(
      withScenario('executor: constant-vus\nvus: 1\nduration: 10s\nwarmup: 1s\nsegment: 5s\nrequest: { path: /x }'),
      'perfgate.yml',
    );
    expect(findConfigWarnings(config)).toEqual([
      'scenarios.a.warmup: 1s is shorter than the recommended 3s; JIT warm-up and connection set-up will inflate p99',
      'scenarios.a: 10s holds fewer than 8 segments of 5s; baseline comparisons will be weak, or impossible when a burst of other work spoils half of them (run at least 40s)',
    ]);
    expect(findConfigWarnings(parseConfig(withScenario(constantVus), 'perfgate.yml'))).toEqual([]);
  });

  it('says that compare.noiseFloor is ignored, and what replaced it', () => {
    const config = parseConfig(withScenario(constantVus, 'compare: { noiseFloor: 10% }'), 'perfgate.yml');
    expect(config.compare.noiseFloor).toBe(0.1);
    const [warning] = findConfigWarnings(config);
    expect(warning).toMatch(
      /^compare\.noiseFloor: 10% is ignored: run-to-run noise is now part of every test's variance.*compare\.runnerNoise/,
    );
  });
});

describe('segments sized for the run', () => {
  it.each([
    [15_000, 1000],
    [19_999, 1000],
    [40_000, 2000],
    [60_000, 3000],
    [100_000, 5000],
    [600_000, 5000],
    [undefined, 1000],
  ])('%s ms measured → %s ms segments', (measuredMs, segmentMs) => {
    expect(autoSegmentMs(measuredMs)).toBe(segmentMs);
  });

  it('gives a 15 s run 15 segments instead of 3, and keeps a segment the config sets', () => {
    const short = parseConfig(
      withScenario('executor: constant-arrival-rate\nrate: 300/s\nduration: 15s\nrequest: { path: /x }'),
      'perfgate.yml',
    );
    expect(short.scenarios[0]?.segmentMs).toBe(1000);
    const set = parseConfig(
      withScenario('executor: constant-vus\nvus: 2\nduration: 60s\nsegment: 5s\nrequest: { path: /x }'),
      'perfgate.yml',
    );
    expect(set.scenarios[0]?.segmentMs).toBe(5000);
    expect(set.scenarios[0]?.segmentSet).toBe(true);
    expect(short.scenarios[0]?.segmentSet).toBeUndefined();
    const fine = parseConfig(
      withScenario('executor: constant-vus\nvus: 2\nduration: 15s\nsegment: 250ms\nrequest: { path: /x }'),
      'perfgate.yml',
    );
    expect(fine.scenarios[0]?.segmentMs).toBe(250);
  });

  it('reads compare.runnerNoise with latency as a shorthand', () => {
    const config = parseConfig(
      withScenario(constantVus, 'compare: { runnerNoise: { latency: 3%, p99: 0.1 } }'),
      'perfgate.yml',
    );
    expect(config.compare.runnerNoise).toEqual({
      p50: 0.03,
      p90: 0.03,
      p95: 0.03,
      p99: 0.1,
      rps: 0.05,
      error_rate: 0.001,
      capacity: 0.05,
    });
  });
});

describe('parseConfig: the capacity executor', () => {
  it('reads the search with its defaults, and a step given as an increment', () => {
    const text = [
      'defaults: { baseUrl: "http://127.0.0.1:8080" }',
      'scenarios:',
      '  digest: { executor: capacity, startRate: 20/s, maxRate: 600/s, request: { path: /x } }',
      '  stepped: { executor: capacity, startRate: 1200/m, maxRate: 100/s, step: { increment: 10/s }, hold: 4s, resolution: 2%, maxDuration: 3m, maxInFlight: 50, request: { path: /x } }',
      'thresholds:',
      '  digest: ["p(95)<150", "capacity>=380"]',
    ].join('\n');
    const config = parseConfig(text, 'perfgate.yml');
    expect(config.scenarios.map((scenario) => scenario.load)).toEqual([
      {
        executor: 'capacity',
        startRatePerSec: 20,
        maxRatePerSec: 600,
        step: { kind: 'factor', factor: 1.5 },
        resolution: 0.05,
      },
      {
        executor: 'capacity',
        startRatePerSec: 20,
        maxRatePerSec: 100,
        step: { kind: 'increment', ratePerSec: 10 },
        holdMs: 4000,
        resolution: 0.02,
        maxDurationMs: 180_000,
      },
    ]);
    expect(config.scenarios[1]?.maxInFlight).toBe(50);
    expect(config.thresholds.digest).toEqual(['p(95)<150', 'capacity>=380']);
  });
});

describe('report', () => {
  it('buckets the distribution from the thresholds unless told otherwise, and keeps the hash', () => {
    const plain = parseConfig(withScenario(constantVus), 'perfgate.yml');
    expect(plain.report).toEqual({ distribution: 'thresholds' });
    const gatling = parseConfig(withScenario(constantVus, 'report: { distribution: gatling }'), 'perfgate.yml');
    expect(gatling.report).toEqual({ distribution: 'gatling' });
    expect(hashConfig(gatling)).toBe(hashConfig(plain));
  });

  it('refuses an unknown bucketing with the choices', () => {
    const problems = problemsOf(withScenario(constantVus, 'report: { distribution: quartiles }'));
    expect(problems.join('\n')).toMatch(/report\.distribution.*quartiles.*thresholds.*grades.*gatling/);
  });
});
