// What a fork's results file can hold that the campaign of issue 21 tried: each refused with a
// message naming where (InputFileError, exit 2), or read and defused; never a raw crash.
import { describe, expect, it } from 'vitest';
import { InputFileError } from '../../src/core/errors.js';
import { parseUntrustedResults } from '../../src/entry/report-impl.js';
import { makeResults } from '../core/fixtures.js';
import { judgeRun } from '../../src/core/gate.js';
import { defaultCompareConfig } from '../../src/core/config/compare.js';
import { renderMarkdown } from '../../src/core/report/markdown.js';

type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function refusal(damage: (results: Raw) => void): Error | undefined {
  const results = JSON.parse(JSON.stringify(makeResults({ seed: 11 }))) as Raw;
  damage(results);
  try {
    parseUntrustedResults(JSON.stringify(results), 'results.json');
  } catch (error) {
    return error as Error;
  }
  return undefined;
}

describe('an untrusted results file', () => {
  it.each<[string, (r: Raw) => void, RegExp]>([
    ['a negative p50', (r) => (r.scenarios[0].latencyMs.p50 = -5), /latencyMs\.p50 is -5/],
    ['a negative rps', (r) => (r.scenarios[0].rps = -1), /rps is -1/],
    ['a duplicate scenario', (r) => r.scenarios.push(structuredClone(r.scenarios[0])), /appears twice/],
    ['a histogram that does not decode', (r) => (r.scenarios[0].histogram = 'AAAA'), /histogram does not decode/],
    ['a garbage segment', (r) => (r.scenarios[0].segments = [{ foo: 1 }]), /segments\[0\]\.startMs is missing/],
    ['garbage capacity', (r) => (r.scenarios[0].capacity = { foo: 'bar' }), /capacity\.\S+ is missing/],
    ['ab without a base', (r) => (r.ab = { schedule: 'alternate', seed: 1, order: [] }), /results\.ab\.\S+ is missing/],
    [
      'a logTail that is not an array',
      (r) =>
        (r.ab = {
          schedule: 'alternate',
          seed: 1,
          base: structuredClone(r),
          baseFailure: { service: 'api', reason: 'x', logTail: 'x' },
        }),
      /logTail is not an array/,
    ],
    ['an interrupted run', (r) => (r.interrupted = true), /interrupted before the end/],
    [
      'a run whose service died',
      (r) =>
        (r.serviceExit = {
          variant: 'base',
          service: 'api',
          reason: 'exited with code 1',
          scenario: 'a',
          logTail: ['x'],
        }),
      /a service of this run died while the load ran \(the base's service "api" exited with code 1 during scenario a/,
    ],
    [
      'a service exit with a log line longer than perfgate writes',
      (r) =>
        (r.serviceExit = { variant: 'head', service: 'api', reason: 'x', scenario: 'a', logTail: ['y'.repeat(2001)] }),
      /logTail\[0\]/,
    ],
  ])('refuses %s with a message that names it', (_name, damage, message) => {
    const error = refusal(damage);
    expect(error).toBeInstanceOf(InputFileError);
    expect(error!.message).toMatch(message);
  });

  it('refuses 100,000 levels of nesting without overflowing the stack', () => {
    const results = makeResults({ seed: 11 }) as unknown as Raw;
    results.scenarios[0].params = 'DEEP';
    const deep = `${'{"a":'.repeat(100_000)}{}${'}'.repeat(100_000)}`;
    const text = JSON.stringify(results).replace('"DEEP"', deep);
    expect(() => parseUntrustedResults(text, 'results.json')).toThrow(InputFileError);
    expect(() => parseUntrustedResults(text, 'results.json')).toThrow(/nests deeper than perfgate writes/);
  });

  it('reads a capacity scenario (the schema knows the executor)', () => {
    const error = refusal((r) => (r.scenarios[0].executor = 'capacity'));
    expect(error).toBeUndefined();
  });

  it('refuses a capacity result with a negative rate, naming it', () => {
    const capacity = {
      ratePerSec: -5,
      bracket: [100, 150],
      resolution: 0.05,
      limitedBy: 'service',
      durationMs: 9000,
      levels: [],
    };
    const error = refusal((r) => {
      r.scenarios[0].executor = 'capacity';
      r.scenarios[0].capacity = capacity;
    });
    expect(error).toBeInstanceOf(InputFileError);
    expect(error!.message).toMatch(/capacity\.ratePerSec/);
    expect(
      refusal(
        (r) => ((r.scenarios[0].executor = 'capacity'), (r.scenarios[0].capacity = { ...capacity, ratePerSec: 5 })),
      ),
    ).toBeUndefined();
  });

  // A review found a threshold on `users/@me` silently skipped in the trusted report and merge
  // jobs: the defused name no longer matched the config's glob. The name stays defused for every
  // report; the threshold matches it as the config writes it.
  it('applies a threshold to a scenario whose name has an @, which stays defused', () => {
    const results = makeResults({ seed: 11 });
    results.scenarios[0]!.name = 'users/@me';
    const parsed = parseUntrustedResults(JSON.stringify(results), 'results.json');
    expect(parsed.scenarios[0]!.name).toBe('users/@\u2060me');
    const { comparison } = judgeRun({
      current: parsed,
      config: {
        thresholds: { 'users/@me': ['p(95)<0.001'], 'users/*': ['error_rate<0.5'] },
        compare: defaultCompareConfig(),
      },
      baseline: { kind: 'missing', detail: 'none' },
    });
    expect(comparison.breaches.map((breach) => breach.expression)).toEqual(['p(95)<0.001']);
    expect(comparison.scenarios[0]!.thresholds).toHaveLength(2);
    expect(renderMarkdown(comparison, { now: new Date(0) })).not.toMatch(/@me/);
  });

  it('defuses mentions in object keys too', () => {
    const results = makeResults({ seed: 11 });
    results.scenarios[0]!.errorExamples = { '@alice': 'ping @bob' };
    const parsed = parseUntrustedResults(JSON.stringify(results), 'results.json');
    expect(JSON.stringify(parsed)).not.toMatch(/@(?!\\u2060|\u2060)/);
  });
});
