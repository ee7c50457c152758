// compare.processes: how many processes of its services each variant of an A/B run boots.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/core/config/index.js';
import { problemsOf } from './problems.js';

function config(processes: string): string {
  return `defaults: { baseUrl: "http://127.0.0.1:\${port}" }
services: [{ name: api, run: node server.js }]
scenarios:
  a: { executor: constant-vus, vus: 8, duration: 10s, request: { path: / } }
compare:
  processes: ${processes}
`;
}

describe('compare.processes', () => {
  it.each([
    ['2', 2],
    ['8', 8],
    ['1', undefined],
  ])('reads %s', (written, expected) => {
    expect(parseConfig(config(written), 'perfgate.yml').compare.processes).toBe(expected);
  });

  it('is absent (one process) when not written', () => {
    const text = config('2').replace(/compare:\n.*\n/, '');
    expect(parseConfig(text, 'perfgate.yml').compare.processes).toBeUndefined();
  });

  it.each([
    ['0', 'compare.processes: 0 is too small; use at least 1'],
    ['9', 'compare.processes: 9 is too large; use at most 8'],
    ['1.5', 'compare.processes: 1.5 is not a whole number; use a whole number from 1 to 8'],
    ['two', 'compare.processes: "two" is not a whole number; use a whole number from 1 to 8'],
  ])('refuses %s, naming the key, the value and the fix', (written, message) => {
    expect(problemsOf(config(written))).toEqual([message]);
  });

  it('refuses VUs that do not split evenly over the processes, which would load them unequally', () => {
    // VU n keeps a connection to process n mod k: 6 VUs over 4 processes give two of them 2 VUs, and
    // a process of one worker answers twice as slowly at twice the load, which is no build's doing.
    expect(problemsOf(config('4').replace('vus: 8,', 'vus: 6,'))).toEqual([
      'scenarios.a.vus: 6 VUs over compare.processes 4 give the processes unequal loads (VU n goes to process n mod 4), so their latencies would differ by their load, not their build; use a multiple of 4 (4 or 8), or compare.processes 2, 3 or 6',
    ]);
    const ramping = config('2').replace(
      'constant-vus, vus: 8, duration: 10s',
      'ramping-vus, startVUs: 0, stages: [{ duration: 5s, target: 4 }, { duration: 5s, target: 3 }]',
    );
    expect(problemsOf(ramping)).toEqual([
      'scenarios.a.stages[1].target: 3 VUs over compare.processes 2 give the processes unequal loads (VU n goes to process n mod 2), so their latencies would differ by their load, not their build; use a multiple of 2 (2 or 4), or compare.processes 3',
    ]);
    // Even splits, and an open model (request n goes to process n mod k), are fine.
    expect(parseConfig(config('4'), 'perfgate.yml').compare.processes).toBe(4);
    const open = config('3').replace(
      'constant-vus, vus: 8, duration: 10s',
      'constant-arrival-rate, rate: 100/s, duration: 10s',
    );
    expect(parseConfig(open, 'perfgate.yml').compare.processes).toBe(3);
  });
});
