// Issue 36's "the same for a Python service with py-spy", with the real py-spy (installed from
// PyPI by .ci/run): a git repository whose head makes one named Python function (compute_discount)
// three times costlier, gated against HEAD~1 with profile: py-spy. The gate fails on p50 and "where
// the time went" names compute_discount first; HEAD against itself (A/A) names nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedBundleDir } from '../bundle.js';
import { commitFiles, initRepository } from '../fakes/git.js';
import { gateAgainstRef } from './profile-gate.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-pyspy-e2e-'));
const serverFixture = fileURLToPath(new URL('../fixtures/profile/discount_server.py', import.meta.url));
let cli = '';

beforeAll(() => {
  // Not skipped when missing: a skipped test would leave the py-spy profiler untested in CI unnoticed.
  const version = spawnSync('py-spy', ['--version'], { encoding: 'utf8' });
  if (version.status !== 0) {
    throw new Error(
      `py-spy is not on PATH (${version.error?.message ?? version.stderr.trim()}): this test runs the real one; install it with python3 -m pip install py-spy (.ci/run does)`,
    );
  }
  cli = join(sharedBundleDir(), 'cli.js');
}, 120_000);

function config(extra = '', compare = ''): string {
  return `services:
  - name: api
    run: python3 server.py
    ready: { http: "http://127.0.0.1:\${port}/health", timeout: 15s }
    profile: py-spy
defaults: { baseUrl: "http://127.0.0.1:\${port}", warmup: 1s }
scenarios:
  price:
    executor: constant-arrival-rate
    rate: 30/s
    duration: 8s
    request: { path: /price }
profile: { window: 6s${extra} }
${compare}`;
}

/**
 * test/fixtures/profile/discount_server.py (also the cost bench's, bench/profile/gate-cost-pyspy.sh),
 * written into the checkout with `work` in place of __WORK__, so that base and head differ in code.
 * The standard library's threaded HTTP server, whose time is compute_discount's loop of `work`
 * iterations (100,000: about 5 ms here) and format_price's (about 2 ms), so that tripling the loop
 * makes a request about 2.4 times as slow and moves compute_discount's share of the CPU from about
 * two thirds to nine tenths. With the two about as costly (a 2× slower request), one run in three
 * on this busy machine judged p50 inconclusive (+83% [+8%, +210%], p 0.07 at 180 requests).
 */
function serverSource(work: number): string {
  return readFileSync(serverFixture, 'utf8').replace('__WORK__', String(work));
}

/** perf/ with a base commit, and a head commit whose compute_discount does `headWork` iterations. */
function repository(name: string, headWork: number, extra = '', compare = ''): string {
  const root = join(work, name);
  initRepository(
    root,
    {
      '.gitignore': '.perfgate/\nresults.json\n',
      'perf/perfgate.yml': config(extra, compare),
      'perf/server.py': serverSource(100_000),
    },
    'base',
  );
  commitFiles(root, { 'perf/server.py': serverSource(headWork) }, 'head');
  return root;
}

function gate(root: string, ref: string, extraArgs: string[] = []) {
  return gateAgainstRef(cli, work, root, ref, extraArgs);
}

describe('perfgate gate with profile: py-spy (the real py-spy)', () => {
  it('fails a head whose compute_discount costs three times as much, and names it first', () => {
    // p50 alone: the tail's verdict and its MDE target (compare.detect) are not under test, and a
    // thin p95 of 240 requests took the run on by two 9 s steps on a busy machine.
    const root = repository('slow-discount', 300_000, '', 'compare: { metrics: [p50], detect: off }\n');
    const run = gate(root, 'HEAD~1');
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(/p50 .*regression/);
    expect(run.stderr).toContain('perfgate: profiling api on price (it regressed)');
    const [profile] = run.results!.profiles!;
    expect(profile).toMatchObject({ scenario: 'price', service: 'api', kind: 'py-spy', trigger: 'regression' });
    expect(profile!.error, run.stderr).toBeUndefined();
    const first = profile!.grown![0];
    expect(first, JSON.stringify({ ...profile, files: undefined })).toBeDefined();
    // py-spy's frames are `function (file:line)`, the line the function's first (py-spy --function),
    // the file as python was given it (the service runs in perf/ of each checkout: server.py).
    expect(first!.frame).toBe('compute_discount (server.py:6)');
    expect(first!.head.own).toBeGreaterThan(first!.base.own);
    expect(first!.ownShare[1]).toBeGreaterThan(first!.ownShare[0]);
    expect(run.stdout).toMatch(/where the time went[^\n]*\n[^\n]*\n\s+compute_discount\s+server\.py:6/);
    // py-spy's raw output for both variants, and the differential flame graph.
    expect(profile!.files!.filter((file) => file.endsWith('.py-spy.txt'))).toHaveLength(2);
    const svg = profile!.files!.find((file) => file.endsWith('api.diff.svg'))!;
    expect(readFileSync(join(root, svg), 'utf8')).toContain('compute_discount (server.py:6)');
  }, 180_000);

  it('names nothing when head and base are one commit (A/A), profiled with profile.when: always', () => {
    // The verdict is not what this tests (an A/A gate fails now and then): the profile list is. So
    // the A/A run stops at its window instead of running on to 4x it (compare.extend's default)
    // for a verdict undecided for lack of data.
    const root = repository('same', 100_000, ', when: always', 'compare: { extend: { maxDuration: 0 } }\n');
    const run = gate(root, 'HEAD', ['--fail-on', 'never']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toContain('perfgate: profiling api on price (profile.when: always)');
    const [profile] = run.results!.profiles!;
    expect(profile!.error, run.stderr).toBeUndefined();
    // py-spy samples at 100 Hz, only while a thread holds the GIL: about 6 s × a fifth × 100 Hz,
    // some 120; a machine busy with other work gave one variant exactly 50, so the floor is what
    // shows a sampled profile, not a quiet machine's count.
    expect(profile!.baseSamples).toBeGreaterThan(20);
    expect(profile!.headSamples).toBeGreaterThan(20);
    expect(profile!.grown, JSON.stringify({ ...profile, files: undefined })).toEqual([]);
    expect(run.stdout).toContain("no function's share of the CPU grew");
    // The service runs as sh -c "python3 server.py": py-spy's frames of both processes lose their
    // pids, so the two variants' stacks share their roots.
    const folded = readFileSync(
      join(
        root,
        profile!.files!.find((file) => file.endsWith('head-api.folded'))!,
      ),
      'utf8',
    );
    expect(folded).toContain('process:"');
    expect(folded).not.toMatch(/process \d+:/);
  }, 180_000);
});
