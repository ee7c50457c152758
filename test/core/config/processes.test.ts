// compare.processes: how many processes of its services each variant of an A/B run boots.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/core/config/index.js';
import { problemsOf } from './problems.js';

function config(processes: string): string {
  return `defaults: { baseUrl: "http://127.0.0.1:\${port}" }
services: [{ name: api, run: node server.js }]
scenarios:
  a: { executor: constant-vus, vus: 1, duration: 10s, request: { path: / } }
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
});
