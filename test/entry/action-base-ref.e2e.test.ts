// The base-ref input's default through the bundled action (test/entry/action-harness.ts): a
// pull_request step whose workspace is a shallow clone (actions/checkout's depth 1, from a bare
// origin over file://) that lacks the PR's base commit. perfgate fetches that commit, checks it out
// as a temporary worktree, runs the config's setup there, boots it beside the head, and finds the
// slower head; nothing of the base is left behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Results } from '../../src/core/types/results.js';
import { isAlive, serverSource, startedIn } from '../fakes/ab-checkouts.js';
import { makeWorkDir, startActionWorld, type ActionWorld } from './action-harness.js';
import { commitFiles, git, initRepository } from '../fakes/git.js';

const work = makeWorkDir('action-base-ref');
let world: ActionWorld;

beforeAll(async () => {
  world = await startActionWorld({ work, inputs: { config: 'perfgate.yml' } });
}, 60_000);

afterAll(async () => {
  await world?.close();
});

const CONFIG = `setup:
  - node -e "require('fs').writeFileSync('setup-done', process.cwd())"
services:
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
`;

/** A bare origin with a base commit and a slower head commit, and a depth-1 clone of the head. */
function shallowCheckout(name: string): { workspace: string; baseSha: string; headSha: string } {
  const source = join(work, `${name}-source`);
  const baseSha = initRepository(
    source,
    { '.gitignore': 'started/\nsetup-done\n', 'perfgate.yml': CONFIG, 'server.mjs': serverSource(3) },
    'base',
  );
  const headSha = commitFiles(source, { 'server.mjs': serverSource(12) }, 'head: slower');
  const origin = join(work, `${name}-origin.git`);
  git(work, ['clone', '-q', '--bare', source, origin]);
  const workspace = join(work, name);
  git(work, ['clone', '-q', '--depth=1', `file://${origin}`, workspace]);
  return { workspace, baseSha, headSha };
}

// The three at once, each with its own origin, checkout and runner (RUNNER_TEMP): the A/B run's
// verdict is a head 4x slower than its base beside it, and the other two have no baseline to be
// compared with (thresholds alone: a pass whatever the load).
describe.concurrent('the action on a pull request, base-ref left at its default', () => {
  it("fetches the PR's base SHA into a shallow clone, runs it beside the head, and fails the slower head", async () => {
    const { workspace, baseSha, headSha } = shallowCheckout('shallow');
    // The clone lacks the base: that is what the fetch is for.
    expect(spawnSync('git', ['cat-file', '-e', `${baseSha}^{commit}`], { cwd: workspace }).status).not.toBe(0);
    const runnerTemp = join(work, 'runner-temp');
    mkdirSync(runnerTemp, { recursive: true });
    const run = await world.runStep({ event: 'pull_request', prNumber: 21, headSha, baseSha, workspace, runnerTemp });

    expect(run.code, run.stdout).toBe(1);
    expect(run.outputs.verdict).toBe('fail');
    expect(run.stdout).toContain(`perfgate: A/B: the base is ${baseSha} (${baseSha.slice(0, 7)})`);
    const results = JSON.parse(readFileSync(run.outputs['results-path']!, 'utf8')) as Results;
    expect(results.ab?.baseFailure).toBeUndefined();
    expect(results.ab?.base.git?.commit).toBe(baseSha);
    expect(results.ab!.base.scenarios[0]!.latencyMs.p50).toBeLessThan(results.scenarios[0]!.latencyMs.p50 - 5);
    const regressions = JSON.parse(run.outputs.regressions ?? '[]') as { metric: string }[];
    expect(regressions.map((regression) => regression.metric)).toContain('p50');
    expect(world.github.commentsOn('acme', 'shop', 21)[0]?.body).toContain('base vs head, same runner');
    // The setup ran in the head; the base's worktree and its folder are gone, and no process is left.
    expect(existsSync(join(workspace, 'setup-done'))).toBe(true);
    expect(
      git(workspace, ['worktree', 'list', '--porcelain'])
        .split('\n')
        .filter((l) => l.startsWith('worktree ')),
    ).toHaveLength(1);
    expect(readdirSync(runnerTemp).filter((entry) => entry.startsWith('perfgate-base-'))).toEqual([]);
    for (const { pid } of startedIn(workspace)) expect(isAlive(pid)).toBe(false);
  }, 120_000);

  it('base-ref: none keeps the stored mode', async () => {
    const { workspace, baseSha, headSha } = shallowCheckout('off');
    const run = await world.runStep({
      event: 'pull_request',
      prNumber: 22,
      headSha,
      baseSha,
      workspace,
      runnerTemp: world.newRunnerTemp(),
      inputs: { 'base-ref': 'none' },
    });
    expect(run.code, run.stdout).toBe(0);
    const results = JSON.parse(readFileSync(run.outputs['results-path']!, 'utf8')) as Results;
    expect(results.ab).toBeUndefined();
    expect(existsSync(join(workspace, 'setup-done'))).toBe(true);
  }, 120_000);

  // A config against a staging target has no services to boot twice: the default A/B would have
  // failed every such PR with exit 2.
  it('judges a config that cannot run A/B in stored mode, and says why', async () => {
    const { workspace, baseSha, headSha } = shallowCheckout('staging');
    const target = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((ready) => target.listen(0, '127.0.0.1', ready));
    try {
      const { port } = target.address() as AddressInfo;
      writeFileSync(
        join(workspace, 'perfgate.yml'),
        `defaults: { baseUrl: "http://127.0.0.1:${port}", warmup: 0s, segment: 1s }\nscenarios:\n  lookup: { executor: constant-vus, vus: 1, duration: 1s, request: { path: /lookup } }\n`,
      );
      const run = await world.runStep({
        event: 'pull_request',
        prNumber: 23,
        headSha,
        baseSha,
        workspace,
        runnerTemp: world.newRunnerTemp(),
      });
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toContain('cannot drive two variants at once (services: none');
      expect(run.stdout).toContain('compared with the stored baseline');
      const results = JSON.parse(readFileSync(run.outputs['results-path']!, 'utf8')) as Results;
      expect(results.ab).toBeUndefined();
      expect(results.scenarios[0]!.requests.ok).toBeGreaterThan(0);
    } finally {
      await new Promise((closed) => target.close(closed));
    }
  }, 120_000);
});
