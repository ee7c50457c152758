// Accepting an intended regression, end to end against the loopback fakes: a PR fails on a staged
// slowdown, a label (or a writer's comment) makes the re-run pass and say who accepted what, a
// label removed makes it fail again, the push of the merge saves the accepted level, and the next
// PR is compared with that level.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeWorkDir, ordersKeys, ordersServer, startActionWorld, type ActionWorld } from './action-harness.js';

const work = makeWorkDir('action-accept');
const configPath = join(work, 'perfgate.yml');
// 7 one-second segments, and a +2,500% slowdown no contention can explain. (At +800%, 50 ms, one
// CI run's push read no regression: three test files at a time beside this one's two flows can
// leave a loop delay and other work that the contention bound lets explain +800% of a 6 ms p50.)
writeFileSync(
  configPath,
  `services:
  - name: orders
    run: node ${JSON.stringify(ordersServer)}
    ready: { http: "http://127.0.0.1:\${port}/health", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:\${port}", warmup: 300ms, segment: 1s }
scenarios:
  browse:
    executor: constant-vus
    vus: 4
    duration: 7s
    request: { path: "/orders/\${row.id}" }
    data: { file: ${JSON.stringify(ordersKeys)} }
# The flow of events is under test, not extension (compare.extend's own e2e: extend-cli.e2e.test.ts):
# no run goes on past its window. The slowdown's +2,500% p50 is decided at the first look, and a run
# at the baseline's level passes whether its thin tail is decided or not.
compare: { runnerNoise: { latency: 30%, rps: 30% }, extend: { maxDuration: 0 } }
`,
);
const slowdown = { EXTRA_DELAY_MS: '150' };

let world: ActionWorld;
beforeAll(async () => {
  world = await startActionWorld({ work, inputs: { config: configPath, 'upload-results': 'false' } });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const saved = () => world.cache.entries.filter((entry) => entry.finalized).length;
const comment = (pr: number) => world.github.commentsOn('acme', 'shop', pr).find((c) => c.login.endsWith('[bot]'));
const regressionsOf = (outputs: Record<string, string>) =>
  JSON.parse(outputs.regressions ?? '[]') as { scenario: string; metric: string }[];

// The two flows at once: each has a world of its own (fakes, runner, ports), and what either judges
// is a +2,500% slowdown, or a run at its baseline's level under the 30% runner-noise prior, which the
// other's load (a few 4-VU windows against a timer-bound service) does not come near.
describe.concurrent('accepting an intended regression', () => {
  it('fail → label → pass that says so → merge → the push saves the new level → the next PR compares with it', async () => {
    const first = await world.runStep({ event: 'push' });
    expect(first.code, first.stdout).toBe(0);
    expect(saved()).toBe(1);

    const failed = await world.runStep({ event: 'pull_request', prNumber: 7, env: slowdown });
    expect(failed.code, failed.stdout).toBe(1);
    expect(failed.outputs.verdict).toBe('fail');
    expect(failed.outputs.accepted).toBe('');
    expect(failed.stdout).toContain('add the label perf-accepted');
    const failedComment = comment(7)!;
    expect(failedComment.body).toMatch(/^## ❌ perfgate: FAIL/m);

    world.github.setLabels('acme', 'shop', 7, ['perf-accepted']);
    const accepted = await world.runStep({ event: 'pull_request', prNumber: 7, env: slowdown });
    expect(accepted.code, accepted.stdout).toBe(0);
    expect(accepted.outputs.verdict).toBe('pass');
    expect(accepted.outputs.accepted).toBe('label perf-accepted');
    // Never "no regression": the regressions stay listed and the headline names them and who accepted.
    expect(regressionsOf(accepted.outputs).length).toBeGreaterThan(0);
    const body = comment(7)!.body;
    expect(body).toMatch(/^## ✅ perfgate: PASS — \d+ regressions? accepted by label perf-accepted: p\d+ \+\d+/m);
    expect(body).not.toContain('no regression');
    expect(accepted.summary).toContain('accepted by label perf-accepted');
    // The accepted regressions are no error annotations: the step passed.
    expect(accepted.stdout).not.toMatch(/^::error /m);
    expect(accepted.stdout).toMatch(/^::warning title=perfgate%3A regression accepted/m);
    expect(saved()).toBe(1); // a PR never saves
    expect(comment(7)!.id).toBe(failedComment.id); // updated in place

    // Withdrawn: the label removed, then the labeled event's run re-run. Its payload still lists
    // the label; the live labels decide, so the gate fails again, in the same comment.
    world.github.setLabels('acme', 'shop', 7, []);
    const withdrawn = await world.runStep({
      event: 'pull_request',
      prNumber: 7,
      env: slowdown,
      labels: ['perf-accepted'],
    });
    expect(withdrawn.code, withdrawn.stdout).toBe(1);
    expect(withdrawn.outputs.verdict).toBe('fail');
    expect(withdrawn.outputs.accepted).toBe('');
    expect(world.github.commentsOn('acme', 'shop', 7).filter((c) => c.login.endsWith('[bot]'))).toHaveLength(1);
    expect(comment(7)!.id).toBe(failedComment.id);
    expect(comment(7)!.body).toMatch(/^## ❌ perfgate: FAIL/m);
    world.github.setLabels('acme', 'shop', 7, ['perf-accepted']); // labelled again before the merge

    // The merge lands on main as a new commit; the push runs the slower code against the old level.
    const pushSha = `sha${withdrawn.runId + 1}`;
    world.github.setMergedPull('acme', 'shop', pushSha, 7);
    const push = await world.runStep({ event: 'push', env: slowdown });
    expect(push.sha).toBe(pushSha);
    expect(push.code, push.stdout).toBe(0);
    expect(push.outputs.accepted, push.stdout).toBe('label perf-accepted on #7');
    expect(regressionsOf(push.outputs).length).toBeGreaterThan(0);
    expect(push.stdout).toContain('saved this run as the new baseline');
    expect(saved()).toBe(2);

    // The next PR, unlabelled, at the accepted level: judged against it, no regression.
    const next = await world.runStep({ event: 'pull_request', prNumber: 8, env: slowdown });
    expect(next.code, next.stdout).toBe(0);
    expect(next.outputs.accepted).toBe('');
    expect(regressionsOf(next.outputs)).toEqual([]);
    expect(comment(8)!.body).toMatch(/^## (✅|⚠️) perfgate: PASS — no regression/m);
  }, 240_000);

  it('a comment command counts from a user with write access, not from one without', async () => {
    // A world of its own, whose baseline is the fast code: the first test left a slow one.
    const own = await startActionWorld({
      work,
      inputs: { config: configPath, 'upload-results': 'false' },
      runIdBase: 5000,
    });
    try {
      own.github.setPermission('mallory', 'read');
      own.github.setPermission('alice', 'write');
      const push = await own.runStep({ event: 'push' });
      expect(push.code, push.stdout).toBe(0);
      own.github.addComment({
        owner: 'acme',
        repo: 'shop',
        issueNumber: 9,
        body: '/perfgate accept',
        login: 'mallory',
      });
      const refused = await own.runStep({ event: 'pull_request', prNumber: 9, env: slowdown });
      expect(refused.code, refused.stdout).toBe(1);
      expect(refused.stdout).toContain('not an acceptance: "/perfgate accept" by @mallory, who has no write access');
      own.github.addComment({
        owner: 'acme',
        repo: 'shop',
        issueNumber: 9,
        body: '/perfgate accept the new serializer is worth it',
        login: 'alice',
      });
      const accepted = await own.runStep({ event: 'pull_request', prNumber: 9, env: slowdown });
      expect(accepted.code, accepted.stdout).toBe(0);
      expect(accepted.outputs.accepted).toBe('@alice');
      const body = own.github.commentsOn('acme', 'shop', 9).find((c) => c.login.endsWith('[bot]'))!.body;
      expect(body).toMatch(/PASS — \d+ regressions? accepted by @alice/);
      const asked = own.github.requests.filter((r) => /\/collaborators\/[^/]+\/permission$/.test(r.path));
      expect(asked.map((r) => r.path.split('/')[5])).toEqual(['mallory', 'alice']);
    } finally {
      await own.close();
    }
  }, 180_000);
});
