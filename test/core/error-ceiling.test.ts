// Nothing succeeded, or most failed: a failure without any threshold (src/core/thresholds.ts
// errorCeilingBreaches), reached through judgeRun by every command; both sides of the ceiling.
import { describe, expect, it } from 'vitest';
import { judgeRun } from '../../src/core/gate.js';
import { DEFAULT_MAX_ERROR_RATE } from '../../src/core/thresholds.js';
import { parseConfig } from '../../src/core/config/index.js';
import type { CompareConfig } from '../../src/core/types/config.js';
import type { Results } from '../../src/core/types/results.js';
import { makeAbResults } from './ab-fixtures.js';
import { makeResults, TEST_COMPARE } from './fixtures.js';

function failing(errorRate: number): Results {
  return makeResults({ seed: 4, scenarios: [{ name: 'api', segments: 6, ratePerSec: 100, errorRate }] });
}

function judge(current: Results, thresholds: Record<string, string[]> = {}, compare: CompareConfig = TEST_COMPARE) {
  return judgeRun({ current, config: { thresholds, compare }, baseline: { kind: 'missing', detail: 'none' } })
    .comparison;
}

describe('the error-rate ceiling without thresholds', () => {
  it('fails a scenario in which no request succeeded, with the counts and the classes', () => {
    const comparison = judge(failing(1));
    expect(comparison.verdict).toBe('fail');
    expect(comparison.breaches).toHaveLength(1);
    const [breach] = comparison.breaches;
    expect(breach!.scenario).toBe('api');
    const total = comparison.current.scenarios[0]!.requests.total;
    expect(breach!.reason).toContain(`no request succeeded (${total} of ${total} failed`);
  });

  it('names the earlier step, not the load, when no iteration of a flow reached a step', () => {
    // A new user's create step captured "$.item_id" from {"id": 1093}: every iteration ended there.
    const run = makeResults({
      seed: 4,
      scenarios: [
        { name: 'shop/order', segments: 6, ratePerSec: 100, errorRate: 1 },
        { name: 'shop/order/create', segments: 6, ratePerSec: 100, errorRate: 1 },
        { name: 'shop/order/fetch', segments: 6, ratePerSec: 100 },
      ],
    });
    const [flow, create, fetch] = run.scenarios;
    const current: Results = {
      ...run,
      scenarios: [
        flow!,
        { ...create!, flow: { scenario: 'shop/order', step: 'create' } },
        {
          ...fetch!,
          flow: { scenario: 'shop/order', step: 'fetch' },
          requests: { total: 0, ok: 0, ko: 0, dropped: 0 },
        },
      ],
    };
    const breaches = judge(current).breaches;
    expect(breaches.map((b) => b.scenario)).toEqual(['shop/order', 'shop/order/create', 'shop/order/fetch']);
    const iterations = flow!.requests.ok + flow!.requests.ko;
    expect(breaches[2]!.reason).toContain(
      `none of the ${iterations} iterations of shop/order reached step "fetch", since an earlier step failed each time`,
    );
    expect(breaches[2]!.reason).not.toContain('check the scenario sends load');
    // A scenario that sent nothing at all keeps the advice to check its load.
    const idle: Results = { ...run, scenarios: [{ ...flow!, requests: { total: 0, ok: 0, ko: 0, dropped: 0 } }] };
    expect(judge(idle).breaches[0]!.reason).toContain('check the scenario sends load');
  });

  it(`fails one over ${DEFAULT_MAX_ERROR_RATE * 100}% failed, passes one under it`, () => {
    const over = judge(failing(0.6));
    expect(over.verdict).toBe('fail');
    expect(over.breaches[0]!.expression).toBe('error_rate<=0.5 (compare.maxErrorRate)');
    expect(over.breaches[0]!.reason).toMatch(/requests failed \(\d+(\.\d)?%; HTTP 500|requests failed \(\d+(\.\d)?%/);
    const under = judge(failing(0.4));
    expect(under.verdict).toBe('pass');
    expect(under.breaches).toHaveLength(0);
  });

  it('an error_rate threshold of the scenario replaces the ceiling; compare.maxErrorRate moves it', () => {
    expect(judge(failing(0.6), { api: ['error_rate<0.7'] }).verdict).toBe('pass');
    expect(judge(failing(0.6), { '*': ['p(95)<100000'] }).verdict).toBe('fail');
    expect(judge(failing(0.6), {}, { ...TEST_COMPARE, maxErrorRate: 0.7 }).verdict).toBe('pass');
    expect(judge(failing(0.6), {}, { ...TEST_COMPARE, maxErrorRate: 1 }).verdict).toBe('pass');
    // Nothing succeeded fails whatever the ceiling or the thresholds say.
    expect(judge(failing(1), { api: ['error_rate<=1'] }, { ...TEST_COMPARE, maxErrorRate: 1 }).verdict).toBe('fail');
  });

  it('holds in A/B mode: a head that failed every request fails against a healthy base', () => {
    const current = makeAbResults({
      seed: 2,
      schedule: 'duet',
      scenarios: [{ name: 'api', pairs: 6, ratePerSec: 200, headErrorRate: 1, errorRate: 0.002 }],
    });
    const comparison = judge(current, {}, { ...TEST_COMPARE, mode: 'ab' });
    expect(comparison.mode).toBe('ab');
    expect(comparison.verdict).toBe('fail');
    expect(comparison.breaches.map((b) => b.scenario)).toEqual(['api']);
  });

  it('the config key: compare.maxErrorRate as a percentage or a fraction, 50% by default', () => {
    const base =
      'scenarios:\n  api: { executor: constant-vus, vus: 1, duration: 1s, baseUrl: "http://127.0.0.1:1", request: { path: / } }\n';
    expect(parseConfig(base, 'perfgate.yml').compare.maxErrorRate).toBe(0.5);
    expect(parseConfig(`${base}compare: { maxErrorRate: 80% }\n`, 'perfgate.yml').compare.maxErrorRate).toBe(0.8);
    expect(() => parseConfig(`${base}compare: { maxErrorRate: 2 }\n`, 'perfgate.yml')).toThrow(/maxErrorRate/);
  });
});
