// --base-ref end to end through the bundled CLI: a git repository whose head commit is slower than
// its parent, gated against HEAD~1 (a regression: FAIL) and against HEAD (an A/A: PASS); a base
// whose setup fails falls back; Ctrl-C during the base's setup leaves no worktree and no process; a
// dirty work tree is the head as it is; a ref that does not exist is exit 2.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Results } from '../../src/core/types/results.js';
import { sharedBundleDir } from '../bundle.js';
import { isAlive, serverSource, startedIn } from '../fakes/ab-checkouts.js';
import { commitFiles, git, initRepository } from '../fakes/git.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-base-ref-'));
let cli = '';

beforeAll(() => {
  cli = join(sharedBundleDir(), 'cli.js');
}, 120_000);

const CONFIG = `setup:
  - node setup.mjs
services:
  - name: api
    run: node server.mjs
    ready: { http: "http://127.0.0.1:\${port}/health", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:\${port}", warmup: 300ms, segment: 1s }
scenarios:
  closed:
    executor: constant-vus
    vus: 2
    duration: 4s
    request: { path: /closed }
# --base-ref's flow is under test, not extension (extend-cli.e2e.test.ts): the slower heads (4x the
# base's service time) are decided at the first look, and the A/A run, undecided for lack of data,
# would run on to 4x its window (the default) for the pass it gives at any length.
compare: { extend: { maxDuration: 0 } }
`;

/** setup.mjs: writes setup-done (so the test sees it ran), or fails, or hangs after writing its pid. */
function setupSource(kind: 'ok' | 'fail' | 'hang'): string {
  switch (kind) {
    case 'ok':
      return `import { writeFileSync } from 'node:fs';\nwriteFileSync('setup-done', 'yes');\n`;
    case 'fail':
      return `console.error('base setup: npm ERR! missing script: build');\nprocess.exit(4);\n`;
    case 'hang':
      return `import { writeFileSync } from 'node:fs';\nwriteFileSync(process.env.PERFGATE_TEST_PIDS + '/' + process.pid, 'x');\nsetInterval(() => {}, 1000);\n`;
  }
}

/** A repository under perf/ with a base commit (delay 3 ms) and a head commit (delay `headDelayMs`). */
function repository(name: string, base: { setup: 'ok' | 'fail' | 'hang' }, headDelayMs: number): string {
  const root = join(work, name);
  initRepository(
    root,
    {
      '.gitignore': 'started/\nsetup-done\n.perfgate/\nresults.json\n',
      'perf/perfgate.yml': CONFIG,
      'perf/server.mjs': serverSource(3),
      'perf/setup.mjs': setupSource(base.setup),
    },
    'base',
  );
  commitFiles(root, { 'perf/server.mjs': serverSource(headDelayMs), 'perf/setup.mjs': setupSource('ok') }, 'head');
  return root;
}

function worktrees(root: string): string[] {
  return git(root, ['worktree', 'list', '--porcelain'])
    .split('\n')
    .filter((line) => line.startsWith('worktree '));
}

function gateArgs(ref: string): string[] {
  return [
    cli,
    'gate',
    '-c',
    'perf/perfgate.yml',
    '--base-ref',
    ref,
    '--format',
    'json',
    '--seed',
    '5',
    '-o',
    'results.json',
  ];
}

function gate(root: string, ref: string, temp: string) {
  const child = spawnSync(process.execPath, gateArgs(ref), {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, RUNNER_TEMP: temp },
  });
  const resultsPath = join(root, 'results.json');
  const results = existsSync(resultsPath) ? (JSON.parse(readFileSync(resultsPath, 'utf8')) as Results) : undefined;
  return { code: child.status, stdout: child.stdout, stderr: child.stderr, results };
}

/** Each test's worktrees go to a temp folder of its own (RUNNER_TEMP), so that a leftover is easy to see. */
function tempFor(name: string): string {
  const dir = join(work, `${name}-temp`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

describe('perfgate gate --base-ref', () => {
  it('fails a head slower than HEAD~1, and passes HEAD against itself as an A/A run', () => {
    const root = repository('slow-head', { setup: 'ok' }, 12);
    const headCommit = git(root, ['rev-parse', 'HEAD']);
    const temp = tempFor('slow-head');

    const regression = gate(root, 'HEAD~1', temp);
    expect(regression.code, regression.stderr).toBe(1);
    expect(regression.stderr).toContain('perfgate: A/B: the base is HEAD~1');
    const ab = regression.results!.ab!;
    expect(ab.baseFailure).toBeUndefined();
    expect(ab.base.git?.commit).toBe(git(root, ['rev-parse', 'HEAD~1']));
    expect(ab.base.scenarios[0]!.latencyMs.p50).toBeLessThan(regression.results!.scenarios[0]!.latencyMs.p50 - 5);
    expect(JSON.parse(regression.stdout).regressions.map((r: { metric: string }) => r.metric)).toContain('p50');
    // The setup ran in the head (the work tree); the base's worktree is gone.
    expect(existsSync(join(root, 'perf', 'setup-done'))).toBe(true);
    expect(spawnSync('ls', [temp], { encoding: 'utf8' }).stdout.trim()).toBe('');
    expect(worktrees(root)).toHaveLength(1);

    const same = gate(root, 'HEAD', temp);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr).toContain(`is the head's own commit ${headCommit.slice(0, 7)}: an A/A run`);
    expect(same.results!.ab!.base.scenarios).toHaveLength(1);
    expect(worktrees(root)).toHaveLength(1);
    for (const entry of startedIn(join(root, 'perf'))) expect(isAlive(entry.pid)).toBe(false);
  }, 180_000);

  it("compares the work tree as it is: an uncommitted slow-down is the head's", () => {
    const root = repository('dirty', { setup: 'ok' }, 3);
    writeFileSync(join(root, 'perf', 'server.mjs'), serverSource(12));
    const run = gate(root, 'HEAD', tempFor('dirty'));
    expect(run.code, run.stderr).toBe(1);
    expect(run.results!.ab!.base.scenarios[0]!.latencyMs.p50).toBeLessThan(
      run.results!.scenarios[0]!.latencyMs.p50 - 5,
    );
    expect(worktrees(root)).toHaveLength(1);
  }, 120_000);

  it("falls back to the stored baseline when the base's setup fails, with its log tail", () => {
    const root = repository('setup-fails', { setup: 'fail' }, 3);
    const run = gate(root, 'HEAD~1', tempFor('setup-fails'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("perfgate: A/B: the base's setup failed");
    const failure = run.results!.ab!.baseFailure!;
    expect(failure.service).toBe('setup');
    expect(failure.reason).toContain('exited with code 4');
    expect(failure.logTail).toContain('base setup: npm ERR! missing script: build');
    const report = JSON.parse(run.stdout) as { mode: string; notes: string[] };
    expect(report.mode).not.toBe('ab');
    expect(report.notes.join('\n')).toContain("A/B: the base's setup failed");
    expect(run.results!.scenarios[0]!.requests.ok).toBeGreaterThan(0);
    expect(worktrees(root)).toHaveLength(1);
  }, 120_000);

  it('exits 3 when the head setup fails', () => {
    const root = repository('head-setup-fails', { setup: 'ok' }, 3);
    writeFileSync(join(root, 'perf', 'setup.mjs'), setupSource('fail'));
    const run = gate(root, 'HEAD~1', tempFor('head-setup-fails'));
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain('setup[0] "node setup.mjs" in the head exited with code 4');
    expect(worktrees(root)).toHaveLength(1);
  }, 120_000);

  it('leaves no worktree and no process after Ctrl-C during the base setup', async () => {
    const root = repository('interrupted', { setup: 'hang' }, 3);
    const pids = join(work, 'interrupted-pids');
    mkdirSync(pids, { recursive: true });
    const temp = tempFor('interrupted');
    const child = spawn(process.execPath, gateArgs('HEAD~1'), {
      cwd: root,
      env: { ...process.env, RUNNER_TEMP: temp, PERFGATE_TEST_PIDS: pids },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    for (let i = 0; i < 600 && !(existsSync(pids) && spawnSync('ls', [pids]).stdout.length > 0); i++) await sleep(50);
    const hung = spawnSync('ls', [pids], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
    expect(hung, stderr).toHaveLength(1);
    expect(worktrees(root)).toHaveLength(2);
    child.kill('SIGINT');
    expect(await exited, stderr).toBe(130);
    expect(stderr).toContain('interrupted during the setup');
    expect(isAlive(hung[0]!)).toBe(false);
    expect(worktrees(root)).toHaveLength(1);
    expect(spawnSync('ls', [temp], { encoding: 'utf8' }).stdout.trim()).toBe('');
  }, 120_000);

  it('refuses a ref that does not exist with exit 2, naming it', () => {
    const root = repository('bad-ref', { setup: 'ok' }, 3);
    const run = gate(root, 'no-such-branch', tempFor('bad-ref'));
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain('--base-ref no-such-branch: no such commit');
    expect(run.results).toBeUndefined();
    expect(worktrees(root)).toHaveLength(1);
  }, 60_000);
});
