// action.yml is the one place the action's inputs, defaults and outputs are written: the code's
// names match it, and the generated defaults are the ones it gives.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ACTION_INPUT_DEFAULTS, ACTION_OUTPUT_NAMES } from '../../src/entry/action-manifest.generated.js';
import { Inputs, Outputs } from '../../src/entry/action-inputs.js';

const action = parse(readFileSync(join(resolve(import.meta.dirname, '../..'), 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, unknown>;
};

describe('action.yml and the code', () => {
  it('name the same inputs and outputs', () => {
    expect(Object.values(Inputs).sort()).toEqual(Object.keys(action.inputs).sort());
    expect(Object.values(Outputs).sort()).toEqual(Object.keys(action.outputs).sort());
    expect([...ACTION_OUTPUT_NAMES].sort()).toEqual(Object.keys(action.outputs).sort());
  });

  it('give the same defaults (an expression is the runner to fill in)', () => {
    for (const [name, input] of Object.entries(action.inputs)) {
      const expected = input.default === undefined || input.default.includes('${{') ? '' : input.default;
      expect(ACTION_INPUT_DEFAULTS[name as keyof typeof ACTION_INPUT_DEFAULTS], name).toBe(expected);
    }
  });
});
