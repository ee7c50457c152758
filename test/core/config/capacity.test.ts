// Capacity's caps match every other rate's, and its messages name the value as written (issue 21).
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/core/config/index.js';

const config = (extra: string) =>
  `scenarios:\n  cap:\n    executor: capacity\n    baseUrl: "http://127.0.0.1:8080"\n    request: { path: / }\n    startRate: 10/s\n${extra}`;

function problem(extra: string): string | undefined {
  try {
    parseConfig(config(extra), 'perfgate.yml');
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
}

describe('capacity config caps and messages', () => {
  it.each([
    [
      'maxRate above 1,000,000/s',
      '    maxRate: 2000000/s\n',
      /maxRate: 2000000\/s is more than one load generator can send \(at most 1000000\/s\)/,
    ],
    [
      'an increment above 1,000,000/s',
      '    maxRate: 100/s\n    step: { increment: 2000000/s }\n',
      /step\.increment: 2000000\/s is more than/,
    ],
    ['factor: .inf', '    maxRate: 100/s\n    step: { factor: .inf }\n', /step\.factor: \.inf is not a finite number/],
    [
      'factor: 1e9',
      '    maxRate: 100/s\n    step: { factor: 1e9 }\n',
      /step\.factor: 1000000000 climbs past every level in one step; use a factor from above 1 to 10/,
    ],
    ['resolution: -5%', '    maxRate: 100/s\n    resolution: -5%\n', /resolution: "-5%" is negative/],
  ])('refuses %s, naming the value', (_name, extra, message) => {
    const text = problem(extra);
    expect(text).toMatch(message);
    expect(text).not.toMatch(/null is not|not a minimum effect/);
  });

  it('accepts the caps themselves', () => {
    expect(problem('    maxRate: 1000000/s\n    step: { factor: 10 }\n    resolution: 5%\n')).toBeUndefined();
  });
});
