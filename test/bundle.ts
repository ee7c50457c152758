// The bundle (cli.js and index.js) of the source under test, built by scripts/build.mjs on first
// use in a vitest run and shared by every file after it (see test/global-setup.ts), and the CLI in
// it run as a user runs it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
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

/** What a run of the CLI left: its exit code (null when a signal ended it) and its output. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `cli` (the bundle's cli.js) with `args` in `cwd` to its end, killed after `timeoutMs`. */
export function runCli(cli: string, args: string[], cwd: string, timeoutMs: number): CliRun {
  const run = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', timeout: timeoutMs });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/**
 * runCli without blocking this process, so that loopback servers in it keep answering;
 * `whileRunning` gets the child once it is started (to signal it, say).
 */
export function startCli(
  cli: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
  whileRunning?: (child: ChildProcess) => Promise<void>,
): Promise<CliRun> {
  const child = spawn(process.execPath, [cli, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const closed = new Promise<CliRun>((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
  void whileRunning?.(child);
  return closed;
}
