// action.yml is the one place the action's inputs, defaults and outputs are written: the code's
// names match it, and the generated defaults are the ones it gives.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { existsSync } from 'node:fs';
import { ACTION_INPUT_DEFAULTS, ACTION_OUTPUT_NAMES, SUB_ACTIONS } from '../../src/entry/action-manifest.generated.js';
import { Inputs, Outputs } from '../../src/entry/action-inputs.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const action = parse(readFileSync(join(repoRoot, 'action.yml'), 'utf8')) as {
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

describe('the sub-actions report/, merge/ and trends/', () => {
  const subAction = (name: string) =>
    parse(readFileSync(join(repoRoot, name, 'action.yml'), 'utf8')) as {
      inputs: Record<string, { default?: string }>;
      outputs: Record<string, unknown>;
      runs: { using: string; main: string };
    };

  it.each(Object.keys(SUB_ACTIONS))(
    '%s: the generated manifest is its action.yml, a subset of the root one',
    (name) => {
      const sub = subAction(name);
      const manifest = SUB_ACTIONS[name as keyof typeof SUB_ACTIONS];
      expect([...manifest.inputs]).toEqual(Object.keys(sub.inputs));
      expect([...manifest.outputs]).toEqual(Object.keys(sub.outputs));
      expect(Object.keys(sub.inputs)).not.toContain('mode');
      for (const [input, declared] of Object.entries(sub.inputs)) {
        expect(Object.keys(action.inputs), `${name}/action.yml input ${input}`).toContain(input);
        expect(declared.default, `${name}/action.yml input ${input}`).toBe(action.inputs[input]!.default);
      }
      for (const output of Object.keys(sub.outputs)) expect(Object.keys(action.outputs)).toContain(output);
      expect(sub.runs).toEqual({ using: 'node24', main: `../dist/${name}.js` });
      // The committed entry the runner starts, relative to the sub-action's folder.
      expect(existsSync(join(repoRoot, name, sub.runs.main))).toBe(true);
    },
  );
});
