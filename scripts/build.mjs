// Bundles the entry points into the committed dist/: dist/cli.js (the CLI) and dist/index.js
// (the action). Each is one self-contained ESM file, so the action needs no node_modules.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

// Some bundled CommonJS dependencies call require() at run time; ESM has none, so give them one.
const requireShim =
  "import { createRequire as __perfgateCreateRequire } from 'node:module'; const require = __perfgateCreateRequire(import.meta.url);";

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  legalComments: 'none',
  logLevel: 'warning',
};

rmSync('dist', { recursive: true, force: true });
await build({
  ...common,
  entryPoints: ['src/entry/cli.ts'],
  outfile: 'dist/cli.js',
  banner: { js: `#!/usr/bin/env node\n${requireShim}` },
});
await build({
  ...common,
  entryPoints: ['src/entry/action.ts'],
  outfile: 'dist/index.js',
  banner: { js: requireShim },
});
