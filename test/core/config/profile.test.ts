import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/core/config/index.js';
import { DEFAULT_PROFILE_WINDOW_MS } from '../../../src/core/config/defaults.js';
import { ConfigError } from '../../../src/core/errors.js';
import {
  applyProfilers,
  chooseProfiledScenarios,
  NODE_INSPECT_OPTION,
  parseProfilerChoice,
} from '../../../src/core/profile/plan.js';
import type { Comparison, MetricComparison } from '../../../src/core/types/comparison.js';
import type { ServiceConfig } from '../../../src/core/types/config.js';

const SCENARIO =
  'scenarios:\n  a:\n    executor: constant-vus\n    vus: 1\n    duration: 1s\n    baseUrl: http://127.0.0.1:8080\n    request: { path: / }\n';

function services(profile: string): string {
  return `services:\n  - name: api\n    run: node server.js\n    profile: ${profile}\n`;
}

describe('services[].profile and profile:', () => {
  it.each([
    ['node', { kind: 'node' }],
    ['perf', { kind: 'perf' }],
    ['{ kind: py-spy }', { kind: 'py-spy' }],
    [
      '{ kind: command, start: "asprof start $PERFGATE_PID", stop: "asprof stop" }',
      {
        kind: 'command',
        start: 'asprof start $PERFGATE_PID',
        stop: 'asprof stop',
      },
    ],
  ])('reads profile: %s', (raw, expected) => {
    expect(parseConfig(`${services(raw)}${SCENARIO}`, 'perfgate.yml').services[0]!.profile).toEqual(expected);
  });

  it('is off by default, profile: on regression for 10 s', () => {
    const config = parseConfig(`services:\n  - name: api\n    run: x\n${SCENARIO}`, 'perfgate.yml');
    expect(config.services[0]!.profile).toBeUndefined();
    expect(config.profile).toEqual({ when: 'regression', windowMs: DEFAULT_PROFILE_WINDOW_MS });
    expect(parseConfig(`profile: { when: always, window: 3s }\n${SCENARIO}`, 'perfgate.yml').profile).toEqual({
      when: 'always',
      windowMs: 3000,
    });
  });

  it.each([
    [`${services('jvm')}`, 'services[0].profile'],
    [`${services('{ kind: command, start: x }')}`, 'services[0].profile'],
    ['profile: { window: 500ms }\n', 'profile.window'],
    ['profile: { when: sometimes }\n', 'profile.when'],
  ])('refuses %j, naming %s', (top, path) => {
    expect(() => parseConfig(`${top}${SCENARIO}`, 'perfgate.yml')).toThrow(ConfigError);
    expect(() => parseConfig(`${top}${SCENARIO}`, 'perfgate.yml')).toThrow(path);
  });
});

describe('parseProfilerChoice', () => {
  it('reads node, perf, py-spy; none and empty are off', () => {
    expect(parseProfilerChoice('node', '--profile')).toEqual({ kind: 'node' });
    expect(parseProfilerChoice(' py-spy ', '--profile')).toEqual({ kind: 'py-spy' });
    expect(parseProfilerChoice('none', '--profile')).toBeUndefined();
    expect(parseProfilerChoice('', '--profile')).toBeUndefined();
  });

  it('names the input, the value and the fix', () => {
    expect(() => parseProfilerChoice('command', 'the profile input')).toThrow(
      'the profile input: "command" is not a profiler; use node, perf, py-spy or none (a command profiler is set per service in the config: services[].profile)',
    );
  });
});

describe('applyProfilers', () => {
  const api: ServiceConfig = { name: 'api', run: 'node server.js', env: {}, stopGraceMs: 5000 };
  const db: ServiceConfig = { name: 'db', run: 'postgres', env: {}, stopGraceMs: 5000, profile: { kind: 'perf' } };

  it("adds the inspector to NODE_OPTIONS after the runner's own, and leaves other services as they are", () => {
    const [profiled, other] = applyProfilers([api, db], {
      all: { kind: 'node' },
      parentNodeOptions: '--max-old-space-size=512',
    });
    expect(profiled!.profile).toEqual({ kind: 'node' });
    expect(profiled!.env.NODE_OPTIONS).toBe(`--max-old-space-size=512 ${NODE_INSPECT_OPTION}`);
    expect(other).toEqual(db);
  });

  it("gives the base the head's profiler for a service of the same name", () => {
    const [base] = applyProfilers([api], { head: [{ ...api, profile: { kind: 'node' } }] });
    expect(base!.profile).toEqual({ kind: 'node' });
    expect(base!.env.NODE_OPTIONS).toBe(NODE_INSPECT_OPTION);
  });

  it('changes nothing when no profiler is asked for', () => {
    expect(applyProfilers([api], {})).toEqual([api]);
  });
});

describe('chooseProfiledScenarios', () => {
  const regression = (scenario: string): MetricComparison => ({ scenario, metric: 'p50' }) as MetricComparison;
  const comparison = (scenarios: string[]): Comparison => ({ regressions: scenarios.map(regression) }) as Comparison;

  it("profiles the scenarios that regressed, a flow's step counting for its flow", () => {
    const names = ['browse', 'checkout', 'shop'];
    expect(
      chooseProfiledScenarios(names, { when: 'regression', windowMs: 1 }, comparison(['checkout', 'shop/order'])),
    ).toEqual([
      { scenario: 'checkout', trigger: 'regression' },
      { scenario: 'shop', trigger: 'regression' },
    ]);
    expect(chooseProfiledScenarios(names, { when: 'regression', windowMs: 1 }, comparison([]))).toEqual([]);
    expect(chooseProfiledScenarios(names, { when: 'regression', windowMs: 1 }, undefined)).toEqual([]);
  });

  it('profiles every scenario with when: always', () => {
    expect(chooseProfiledScenarios(['a', 'b'], { when: 'always', windowMs: 1 }, undefined)).toEqual([
      { scenario: 'a', trigger: 'always' },
      { scenario: 'b', trigger: 'always' },
    ]);
  });
});
