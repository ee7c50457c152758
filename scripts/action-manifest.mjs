// action.yml is the one place the action's inputs, their defaults and its outputs are written.
// This writes src/entry/action-manifest.generated.ts from it (run by scripts/build.mjs, checked in
// CI like dist/), so that the code reads the same defaults GitHub applies, also where no runner
// applies them (local runs, @github/local-action, the tests).
//
// The sub-actions (report/, merge/ and trends/action.yml, like actions/cache's restore/ and save/)
// each declare a subset of the root's inputs and outputs; the runner passes a step only the inputs
// its own action.yml declares, so the code reads the rest at the root's defaults. A sub-action
// input whose name or default differs from the root's would make one input mean two things: the
// build refuses it here.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
export const manifestModule = join(repo, 'src/entry/action-manifest.generated.ts');

/** The sub-actions, each a folder with an action.yml whose runs.main is ../dist/<name>.js. */
export const SUB_ACTIONS = ['report', 'merge', 'trends'];

/** An input's default as the code applies it: an expression (${{ github.token }}) is the runner's to fill in. */
function codeDefault(input) {
  const value = input?.default;
  return value === undefined || String(value).includes('${{') ? '' : String(value);
}

/** A sub-action's inputs and outputs, checked against the root action's. */
function readSubAction(name, root) {
  const file = `${name}/action.yml`;
  const action = parse(readFileSync(join(repo, file), 'utf8'));
  const fail = (what) => {
    throw new Error(`${file}: ${what}`);
  };
  if (action.runs?.using !== root.runs.using || action.runs?.main !== `../dist/${name}.js`)
    fail(`runs must be using: ${root.runs.using} with main: ../dist/${name}.js (the bundle scripts/build.mjs writes)`);
  const inputs = Object.keys(action.inputs ?? {});
  for (const input of inputs) {
    if (!(input in root.inputs))
      fail(`the input ${input} is not one of action.yml's; add it there first (the code reads one set of inputs)`);
    if (codeDefault(action.inputs[input]) !== codeDefault(root.inputs[input]))
      fail(
        `the input ${input} defaults to "${codeDefault(action.inputs[input])}", action.yml's to "${codeDefault(root.inputs[input])}"; give both the same default`,
      );
  }
  if ('mode' in (action.inputs ?? {})) fail('a sub-action has no mode input: its folder is its mode');
  const outputs = Object.keys(action.outputs ?? {});
  for (const output of outputs)
    if (!(output in root.outputs)) fail(`the output ${output} is not one of action.yml's; add it there first`);
  return { inputs, outputs };
}

/** What the generated module holds, from action.yml and the sub-actions' action.yml. */
export function readActionManifest() {
  const action = parse(readFileSync(join(repo, 'action.yml'), 'utf8'));
  const defaults = {};
  for (const [name, input] of Object.entries(action.inputs ?? {})) defaults[name] = codeDefault(input);
  const outputs = Object.keys(action.outputs ?? {});
  const subActions = Object.fromEntries(SUB_ACTIONS.map((name) => [name, readSubAction(name, action)]));
  return { defaults, outputs, subActions };
}

const quoted = (value) => JSON.stringify(value).replace(/"/g, "'");

export function writeActionManifest() {
  const { defaults, outputs, subActions } = readActionManifest();
  const subText = Object.entries(subActions)
    .map(
      ([name, sub]) =>
        `  '${name}': {\n    inputs: ${quoted(sub.inputs)},\n    outputs: ${quoted(sub.outputs)},\n  },\n`,
    )
    .join('');
  const text = `// Generated from action.yml by scripts/action-manifest.mjs (npm run build): do not edit.
// Every input with its default as action.yml gives it ('' for none, or for an expression the
// runner fills in), and every output.

export const ACTION_INPUT_DEFAULTS = ${JSON.stringify(defaults, null, 2)
    .replace(/"([a-z-]+)":/g, "'$1':")
    .replace(/"/g, "'")} as const;

export type ActionInputName = keyof typeof ACTION_INPUT_DEFAULTS;

export const ACTION_OUTPUT_NAMES = ${quoted(outputs)} as const;

// The sub-actions (<name>/action.yml, run by dist/<name>.js): the inputs each declares, which are
// the only ones the runner passes it, and its outputs.
export const SUB_ACTIONS = {
${subText}} as const;

export type SubActionName = keyof typeof SUB_ACTIONS;
`;
  writeFileSync(manifestModule, text);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeActionManifest();
