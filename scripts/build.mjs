// Bundles the entry points into the committed dist/: dist/cli.js (the CLI) and dist/index.js
// (the action), self-contained ESM, so neither needs node_modules; the CLI's rarely used parts are
// chunks beside it in dist/chunks/ (below), the action stays one file. The
// sub-actions' entries (dist/report.js, dist/merge.js, dist/trends.js) are a few lines each that
// name their sub-action and load dist/index.js, rather than three more copies of its 7 MB.
import { build } from 'esbuild';
import { SUB_ACTIONS, writeActionManifest } from './action-manifest.mjs';
import { writeSchemaValidators } from './schema-validators.mjs';
import { dedupeIdenticalCopies, writeThirdPartyLicenses } from './third-party.mjs';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// `--outdir DIR` builds elsewhere (the end-to-end tests bundle the source they test).
const outdirFlag = process.argv.indexOf('--outdir');
const outdir = outdirFlag === -1 ? 'dist' : process.argv[outdirFlag + 1];

// Some bundled CommonJS dependencies call require() at run time; ESM has none, so give them one.
const requireShim =
  "import { createRequire as __perfgateCreateRequire } from 'node:module'; const require = __perfgateCreateRequire(import.meta.url);";

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // The notices travel whole in licenses.txt (below), not as the few comments a bundler keeps.
  legalComments: 'none',
  logLevel: 'warning',
  // A worktree whose node_modules is a link to another checkout's bundles the same bytes as that
  // checkout: esbuild's per-module path comments then read node_modules/…, not ../other/node_modules/….
  preserveSymlinks: true,
  metafile: true,
  plugins: [dedupeIdenticalCopies()],
};

// The action's input defaults come from action.yml (src/entry/action-manifest.generated.ts).
writeActionManifest();
// The schemas' validators, compiled now rather than in every run (src/core/*/schema-validator*.generated.js).
writeSchemaValidators();
rmSync(outdir, { recursive: true, force: true });
// The CLI is split at its dynamic imports: what a plain `run` never touches (undici, gRPC, the other
// commands' code) goes to dist/chunks/ and is parsed only by the runs that load it, since V8
// compiling one 4.7 MB bundle was the largest part of a run's start-up (docs/design/measurements.md).
const cli = await build({
  ...common,
  entryPoints: { cli: 'src/entry/cli.ts' },
  outdir,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  banner: { js: requireShim },
});
writeFileSync(join(outdir, 'cli.js'), `#!/usr/bin/env node\n${readFileSync(join(outdir, 'cli.js'), 'utf8')}`);
// The package's bin, committed executable: npm sets this mode when it installs the package, and a
// committed 644 would show the installed checkout's dist/cli.js as modified.
chmodSync(join(outdir, 'cli.js'), 0o755);
const action = await build({
  ...common,
  entryPoints: ['src/entry/action.ts'],
  outfile: join(outdir, 'index.js'),
  banner: { js: requireShim },
});
// The runner tells a step nothing about which action.yml started it, so each sub-action's entry
// says it before the action's bundle runs (src/entry/action.ts reads it): a dynamic import, since
// a static one would run dist/index.js before the first line here.
for (const name of SUB_ACTIONS) {
  writeFileSync(
    join(outdir, `${name}.js`),
    `// The ${name}/ sub-action (${name}/action.yml): the action in mode ${name}, reading only that action.yml's inputs.
// Written by scripts/build.mjs: do not edit.
globalThis[Symbol.for('perfgate.subAction')] = '${name}';
await import('./index.js');
`,
  );
}
writeThirdPartyLicenses(
  [
    { name: 'cli.js', metafile: cli.metafile },
    { name: 'index.js', metafile: action.metafile },
  ],
  join(outdir, 'licenses.txt'),
);
