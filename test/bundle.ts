// The bundle (cli.js and index.js) of the source under test, built by scripts/build.mjs on first
// use in a vitest run and shared by every file after it (see test/global-setup.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '..');

/** The folder holding cli.js and index.js; builds them the first time in this vitest run. */
export function sharedBundleDir(): string {
  const root = inject('runScratchDir');
  const dir = join(root, 'bundle');
  if (existsSync(join(dir, 'cli.js')) && existsSync(join(dir, 'index.js'))) return dir;
  // Built aside and renamed into place, so that no file ever sees half a bundle.
  const staging = join(root, `bundle-${process.pid}`);
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', staging], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (built.status !== 0)
    throw new Error(`scripts/build.mjs --outdir ${staging} failed (exit ${built.status}): ${built.stderr}`);
  try {
    renameSync(staging, dir);
  } catch (error) {
    // Another file got there first: use its bundle.
    if (!existsSync(join(dir, 'cli.js'))) throw error;
    rmSync(staging, { recursive: true, force: true });
  }
  return dir;
}
