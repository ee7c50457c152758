// The events beyond pull_request and push, through the bundled action against the loopback fakes
// and real git checkouts made as actions/checkout makes them (depth 1 from a bare origin):
// pull_request_target with its default checkout (the base branch) refuses and posts nothing; with
// the head checked out it runs A/B; merge_group runs A/B against the payload's base_sha and reads
// the queued PR's accept label; a base
// that cannot be fetched falls back to the stored baseline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serverSource } from '../fakes/ab-checkouts.js';
import { makeWorkDir, startActionWorld, type ActionWorld } from './action-harness.js';
import { commitFiles, git, initRepository } from '../fakes/git.js';

const work = makeWorkDir('action-events');
let world: ActionWorld;

const CONFIG = `services:
  - name: api
    run: node server.mjs
    ready: { http: "http://127.0.0.1:\${port}/health", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:\${port}", warmup: 300ms, segment: 1s }
scenarios:
  lookup:
    executor: constant-vus
    vus: 1
    duration: 5s
    request: { path: /lookup }
# The events are under test, not extension (compare.extend's own e2e: extend-cli.e2e.test.ts): no
# run goes on past its window. The 8x slower PR is decided at the first look; the other A/B runs
# accept a pass or a fail.
compare: { extend: { maxDuration: 0 } }
`;

let origin = '';
let baseSha = '';
let headSha = '';
let slowSha = '';
let mergeSha = '';

beforeAll(async () => {
  world = await startActionWorld({ work, inputs: { config: 'perfgate.yml', 'upload-results': 'false' } });
  const source = join(work, 'source');
  baseSha = initRepository(
    source,
    { '.gitignore': 'started/\n', 'perfgate.yml': CONFIG, 'server.mjs': serverSource(3) },
    'base',
  );
  git(source, ['checkout', '-q', '-b', 'feature']);
  headSha = commitFiles(source, { 'server.mjs': serverSource(4) }, 'head');
  // A PR whose service is 8x slower than the base's: a regression no runner noise can explain.
  git(source, ['checkout', '-q', '-b', 'slow', 'main']);
  slowSha = commitFiles(source, { 'server.mjs': serverSource(25) }, 'slow');
  // refs/pull/N/merge as GitHub makes it: the head merged into a base branch that moved on.
  git(source, ['checkout', '-q', '-b', 'pr-merge', 'main']);
  git(source, ['commit', '-q', '--allow-empty', '-m', 'main moved on']);
  git(source, ['merge', '-q', '--no-ff', '-m', 'Merge feature', 'feature']);
  mergeSha = git(source, ['rev-parse', 'HEAD']);
  origin = join(work, 'origin.git');
  git(work, ['clone', '-q', '--bare', source, origin]);
}, 60_000);

afterAll(async () => {
  await world?.close();
});

/** actions/checkout's default: one commit deep, of `branch`. */
function checkout(name: string, branch: string): string {
  const workspace = join(work, name);
  git(work, ['clone', '-q', '--depth=1', '--branch', branch, `file://${origin}`, workspace]);
  return workspace;
}

const commentsOn = (pr: number) => world.github.commentsOn('acme', 'shop', pr);

describe('events', () => {
  it('pull_request_target with the default checkout (the base branch) refuses, runs nothing and posts nothing', async () => {
    const workspace = checkout('target-default', 'main');
    const run = await world.runStep({ event: 'pull_request_target', prNumber: 31, headSha, baseSha, workspace });
    expect(run.code, run.stdout).toBe(1);
    expect(run.outputs.verdict).toBe('error');
    expect(run.summary).toContain(`holds ${baseSha.slice(0, 7)}`);
    expect(run.summary).toContain(`not the PR's head ${headSha.slice(0, 7)}`);
    expect(run.summary).toContain('ref: ${{ github.event.pull_request.head.sha }}');
    expect(existsSync(join(workspace, 'started'))).toBe(false); // nothing booted
    expect(commentsOn(31)).toHaveLength(0);
    expect(run.outputs.mode).toBeUndefined();
  });

  // These three at once, each on a runner of its own: their verdicts are not what they test (pass
  // or fail), and none saves a baseline or comments where another looks.
  const targetRun = (folder: string, branch: string, prNumber: number) =>
    world.runStep({
      event: 'pull_request_target',
      prNumber,
      headSha,
      baseSha,
      workspace: checkout(folder, branch),
      runnerTemp: world.newRunnerTemp(),
    });
  it.concurrent(
    "pull_request_target with the PR's head checked out runs A/B against the base and comments about that head",
    async () => {
      const run = await targetRun('target-head', 'feature', 32);
      expect(run.outputs.verdict, run.stdout).toMatch(/^(pass|fail)$/);
      expect(run.outputs.mode).toBe('ab');
      expect(run.outputs.baseline).toBe('found');
      expect(run.stdout).toContain(`pull_request_target: the workspace holds the PR's head ${headSha.slice(0, 7)}`);
      const comments = commentsOn(32);
      expect(comments).toHaveLength(1);
      expect(comments[0]!.body).toContain(headSha.slice(0, 7));
    },
  );

  it.concurrent(
    'pull_request_target with the merge ref checked out (the head as a parent) runs and says which commit it holds',
    async () => {
      const run = await targetRun('target-merge', 'pr-merge', 34);
      expect(run.outputs.verdict, run.stdout).toMatch(/^(pass|fail)$/);
      expect(run.outputs.mode).toBe('ab');
      expect(run.stdout).toContain(
        `pull_request_target: the workspace holds ${mergeSha.slice(0, 7)}, a merge of the PR's head ${headSha.slice(0, 7)}`,
      );
      expect(commentsOn(34)).toHaveLength(1);
    },
  );

  it.concurrent("merge_group runs A/B against the payload's base_sha, comments nowhere and saves nothing", async () => {
    const workspace = checkout('merge-group', 'feature');
    const saved = world.cache.entries.filter((entry) => entry.finalized).length;
    const run = await world.runStep({
      event: 'merge_group',
      headSha,
      baseSha,
      workspace,
      runnerTemp: world.newRunnerTemp(),
    });
    expect(run.outputs.verdict, run.stdout).toMatch(/^(pass|fail)$/);
    expect(run.outputs.mode).toBe('ab');
    expect(run.outputs['baseline-detail']).toContain(`the base ${baseSha.slice(0, 7)} ran beside the head`);
    expect(run.stdout).toContain(`perfgate: A/B: the base is ${baseSha} (${baseSha.slice(0, 7)}), checked out in`);
    expect(world.cache.entries.filter((entry) => entry.finalized).length).toBe(saved);
  });

  it("merge_group reads the queued PR's accept label: a regression the PR accepted does not throw it out of the queue", async () => {
    const workspace = checkout('merge-group-slow', 'slow');
    const queued = { event: 'merge_group', prNumber: 41, headSha: slowSha, baseSha, workspace } as const;
    const failed = await world.runStep(queued);
    expect(failed.code, failed.stdout).toBe(1);
    expect(failed.outputs.verdict).toBe('fail');
    expect(failed.outputs.accepted).toBe('');
    world.github.setLabels('acme', 'shop', 41, ['perf-accepted']);
    const accepted = await world.runStep({ ...queued, workspace: checkout('merge-group-slow-2', 'slow') });
    expect(accepted.code, accepted.stdout).toBe(0);
    expect(accepted.outputs.verdict).toBe('pass');
    expect(accepted.outputs.accepted).toBe('label perf-accepted on #41');
    expect(JSON.parse(accepted.outputs.regressions ?? '[]')).not.toEqual([]);
    expect(accepted.summary).toContain('accepted by label perf-accepted on #41');
    const asked = world.github.requests.filter((r) => r.path === '/repos/acme/shop/issues/41/labels');
    expect(asked).toHaveLength(2);
  }, 120_000);

  it('a base that cannot be fetched falls back to the stored baseline, with a warning that says why', async () => {
    // The stored baseline: a push of the same config.
    const push = await world.runStep({ event: 'push', workspace: checkout('push', 'feature') });
    expect(push.code, push.stdout).toBe(0);
    expect(push.outputs.mode).toBe('thresholds');
    expect(push.outputs.baseline).toBe('none');
    // A clone whose origin is gone, as one without credentials cannot reach it.
    const workspace = checkout('no-fetch', 'feature');
    git(workspace, ['remote', 'set-url', 'origin', `file://${join(work, 'gone.git')}`]);
    const run = await world.runStep({ event: 'pull_request', prNumber: 33, headSha, baseSha, workspace });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/::warning::perfgate: the base could not be fetched \(.*git fetch --depth=1 origin/);
    expect(run.outputs.mode).toBe('stored');
    expect(run.outputs.baseline).toBe('fallback');
    expect(run.outputs['baseline-detail']).toMatch(
      /^the base could not be fetched .*; judged against the stored baseline/,
    );
  });
});

describe('baseline-branch', () => {
  it('a push saves the baseline as a commit on perfgate-data of origin; a PR reads it from there', async () => {
    const inputs = { 'baseline-branch': 'perfgate-data', 'base-ref': 'none' };
    const push = await world.runStep({ event: 'push', workspace: checkout('branch-push', 'feature'), inputs });
    expect(push.code, push.stdout).toBe(0);
    expect(push.stdout).toContain('saved this run as the new baseline in branch perfgate-data of origin');
    expect(git(origin, ['ls-tree', '--name-only', 'perfgate-data', 'baselines/'])).toMatch(/^baselines\/perfgate-v1-/);
    const pr = await world.runStep({
      event: 'pull_request',
      prNumber: 34,
      headSha,
      baseSha,
      workspace: checkout('branch-pr', 'feature'),
      inputs,
    });
    expect(pr.code, pr.stdout).toBe(0);
    expect(pr.stdout).toMatch(/baseline: perfgate-data:baselines\/perfgate-v1-[0-9a-f]+-\d{8}T\d{9}Z-\d+-1\.json/);
    expect(pr.outputs.baseline).toBe('found');
    expect(pr.outputs.mode).toBe('stored');
  });
});
