// action.yml is the one place the action's inputs, their defaults and its outputs are written.
// This writes src/entry/action-manifest.generated.ts from it (run by scripts/build.mjs, checked in
// CI like dist/), so that the code reads the same defaults GitHub applies, also where no runner
// applies them (local runs, @github/local-action, the tests).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
export const manifestModule = join(repo, 'src/entry/action-manifest.generated.ts');

export function writeActionManifest() {
  const action = parse(readFileSync(join(repo, 'action.yml'), 'utf8'));
  const defaults = {};
  for (const [name, input] of Object.entries(action.inputs ?? {})) {
    const value = input?.default;
    // An expression (${{ github.token }}) is the runner's to fill in: no default for the code.
    defaults[name] = value === undefined || String(value).includes('${{') ? '' : String(value);
  }
  const outputs = Object.keys(action.outputs ?? {});
  const text = `// Generated from action.yml by scripts/action-manifest.mjs (npm run build): do not edit.
// Every input with its default as action.yml gives it ('' for none, or for an expression the
// runner fills in), and every output.

export const ACTION_INPUT_DEFAULTS = ${JSON.stringify(defaults, null, 2)
    .replace(/"([a-z-]+)":/g, "'$1':")
    .replace(/"/g, "'")} as const;

export type ActionInputName = keyof typeof ACTION_INPUT_DEFAULTS;

export const ACTION_OUTPUT_NAMES = ${JSON.stringify(outputs).replace(/"/g, "'")} as const;
`;
  writeFileSync(manifestModule, text);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeActionManifest();
