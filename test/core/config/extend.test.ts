// compare.extend.maxDuration: a multiple of the planned window, a length, or 0.
import { describe, expect, it } from 'vitest';
import { findConfigWarnings, parseConfig } from '../../../src/core/config/index.js';
import { configErrorOf } from './problems.js';

function config(extend: string): string {
  return `defaults: { baseUrl: "http://127.0.0.1:8080" }
scenarios:
  a: { executor: constant-vus, vus: 1, duration: 10s, request: { path: / } }
compare:
  extend: ${extend}
`;
}

function problem(extend: string): string {
  return configErrorOf(config(extend));
}

describe('compare.extend', () => {
  it.each([
    ['{ maxDuration: 3x }', { maxWindowFactor: 3 }],
    ['{ maxDuration: 1.5x }', { maxWindowFactor: 1.5 }],
    ['{ maxDuration: 90s }', { maxWindowMs: 90_000 }],
    ['{ maxDuration: 2m }', { maxWindowMs: 120_000 }],
    ['{ maxDuration: 0 }', { maxWindowFactor: 0 }],
    ['{}', { maxWindowFactor: 4 }],
  ])('reads %s', (written, expected) => {
    expect(parseConfig(config(written), 'perfgate.yml').compare.extend).toEqual(expected);
  });

  it.each([
    [
      '{ maxDuration: 20x }',
      /compare\.extend\.maxDuration: "20x" is not a multiple of the planned window from 1x to 10x; use e\.g\. 4x/,
    ],
    ['{ maxDuration: 0.5x }', /"0\.5x" is not a multiple of the planned window from 1x to 10x/],
    ['{ maxDuration: twice }', /compare\.extend\.maxDuration/],
    ['{ maxDuration: 5 }', /compare\.extend\.maxDuration/],
    ['{ until: 2x }', /compare\.extend/],
  ])('refuses %s, naming the key and the fix', (written, message) => {
    expect(problem(written)).toMatch(message);
  });
});

describe('compare.extend warnings', () => {
  it('warns when a length is no longer than a planned window, which it would then never extend', () => {
    const warnings = findConfigWarnings(parseConfig(config('{ maxDuration: 10s }'), 'perfgate.yml'));
    expect(warnings.join('\n')).toMatch(
      /compare\.extend\.maxDuration: 10s is the length a window may reach, and scenarios\.a is planned for 10s already, so it is never extended/,
    );
    expect(findConfigWarnings(parseConfig(config('{ maxDuration: 20s }'), 'perfgate.yml')).join('\n')).not.toMatch(
      /never extended/,
    );
  });
});

function detectConfig(detect: string, extend = ''): string {
  return `defaults: { baseUrl: "http://127.0.0.1:8080" }
scenarios:
  a: { executor: constant-vus, vus: 1, duration: 10s, request: { path: / } }
compare:
  detect: ${detect}
${extend}`;
}

describe('compare.detect', () => {
  it.each([
    ['5%', { p50: 0.05, p90: 0.05, p95: 0.05, p99: 0.05 }],
    ['0.05', { p50: 0.05, p90: 0.05, p95: 0.05, p99: 0.05 }],
    ['{ p50: 5%, p95: 10% }', { p50: 0.05, p95: 0.1 }],
    ['{ latency: 8%, p50: 4%, error_rate: 0.005 }', { p50: 0.04, p90: 0.08, p95: 0.08, p99: 0.08, error_rate: 0.005 }],
    // No targets at all, not even an A/B run's own (compare/more-data.ts detectFor).
    ['off', {}],
    ['false', {}],
  ])('reads %s', (written, expected) => {
    expect(parseConfig(detectConfig(written), 'perfgate.yml').compare.detect).toEqual(expected);
  });

  it('is absent unless set', () => {
    expect(parseConfig(config('{}'), 'perfgate.yml').compare.detect).toBeUndefined();
  });

  it.each([
    ['0%', /compare\.detect: 0 is a change no run can be sure to see; use a change such as 5%/],
    ['{ p50: "5 percent" }', /compare\.detect\.p50/],
    ['{ p75: 5% }', /compare\.detect/],
    ['{ capacity: 5% }', /compare\.detect/],
  ])('refuses %s, naming the key and the fix', (written, message) => {
    expect(configErrorOf(detectConfig(written))).toMatch(message);
  });

  it('warns when the extension that would reach it is switched off', () => {
    const off = findConfigWarnings(parseConfig(detectConfig('5%', '  extend: { maxDuration: 0 }\n'), 'perfgate.yml'));
    expect(off.join('\n')).toMatch(/compare\.detect: compare\.extend\.maxDuration is 0, so no scenario runs on/);
    const on = findConfigWarnings(parseConfig(detectConfig('5%'), 'perfgate.yml'));
    expect(on.join('\n')).not.toMatch(/compare\.detect/);
    const none = findConfigWarnings(parseConfig(detectConfig('off', '  extend: { maxDuration: 0 }\n'), 'perfgate.yml'));
    expect(none.join('\n')).not.toMatch(/compare\.detect/);
  });
});
