// The bundled action's scale-out flow, as examples/workflows/scale-out.yml runs it: three load
// shards (`shard-split: load`, one start barrier) each drive a third of the load against one
// loopback target and upload their results; one `mode: merge` step merges the downloaded shards
// exactly, judges the merge once, saves it on a push and comments once on a PR. A set with a shard
// missing is refused: no verdict, never a pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Results } from '../../src/core/types/results.js';
import { makeWorkDir, startActionWorld, type ActionWorld, type StepRun } from './action-harness.js';

const work = makeWorkDir('action-scale-out');
const configPath = join(work, 'perfgate.yml');
const SHARDS = 3;
let world: ActionWorld;
let target: Server;
let served = 0;

beforeAll(async () => {
  // The staging target all shards share (here on loopback): a fixed 2 ms service time.
  target = createServer((_request, response) => {
    served += 1;
    setTimeout(() => response.end('ok'), 2);
  });
  await new Promise<void>((ready) => target.listen(0, '127.0.0.1', ready));
  const { port } = target.address() as AddressInfo;
  writeFileSync(
    configPath,
    `defaults: { baseUrl: "http://127.0.0.1:${port}", warmup: 300ms, segment: 1s }
scenarios:
  api:
    executor: constant-arrival-rate
    rate: 60/s
    duration: 3s
    request: { path: /api }
thresholds:
  api: ["error_rate<0.01"]
compare: { runnerNoise: { latency: 50%, rps: 50% } }
`,
  );
  world = await startActionWorld({ work, inputs: { config: configPath } });
}, 60_000);

afterAll(async () => {
  await world?.close();
  await new Promise((closed) => target?.close(closed));
});

/** The matrix: every shard at once, each on a runner of its own, sharing one start barrier. */
async function runShards(event: 'push' | 'pull_request'): Promise<StepRun[]> {
  const startAt = String(Date.now() + 5000);
  return Promise.all(
    Array.from({ length: SHARDS }, (_, i) =>
      world.runStep({
        event,
        runnerTemp: world.newRunnerTemp(),
        inputs: { shard: `${i + 1}/${SHARDS}`, 'shard-split': 'load', 'start-at': startAt },
      }),
    ),
  );
}

/** What actions/download-artifact leaves: one folder per shard artifact, each with its results.json. */
function downloaded(shards: StepRun[], name: string): string {
  const folder = join(work, name);
  shards.forEach((shard, i) => {
    const dir = join(folder, `perfgate-shard-${i + 1}-of-${SHARDS}`);
    mkdirSync(dir, { recursive: true });
    cpSync(shard.outputs['results-path']!, join(dir, 'results.json'));
  });
  return folder;
}

const readResults = (path: string): Results => JSON.parse(readFileSync(path, 'utf8')) as Results;
const savedEntries = () => world.cache.entries.filter((entry) => entry.finalized);
/** The first test's push shards: the set the missing-shard test drops one of. */
let pushShards: StepRun[] | undefined;

describe('the action: a load split across a matrix, merged exactly', () => {
  it('shards report only their summary and results; the merge judges once and saves on a push', async () => {
    const before = served;
    const shards = await runShards('push');
    pushShards = shards;
    for (const [i, shard] of shards.entries()) {
      expect(shard.code, shard.stdout).toBe(0);
      expect(shard.outputs.verdict).toBe('shard');
      expect(shard.summary).toContain(`perfgate: load shard ${i + 1} of ${SHARDS}`);
      expect(world.cache.artifacts.some((a) => a.id === Number(shard.outputs['artifact-id']) && a.finalized)).toBe(
        true,
      );
    }
    // A shard saves no baseline (a whole run on a push would).
    expect(savedEntries()).toHaveLength(0);

    const parts = shards.map((shard) => readResults(shard.outputs['results-path']!));
    const merge = await world.runStep({
      event: 'push',
      inputs: { mode: 'merge', results: downloaded(shards, 'push-shards') },
    });
    expect(merge.code, merge.stdout).toBe(0);
    expect(merge.outputs.verdict).toBe('pass');
    const merged = readResults(merge.outputs['results-path']!);
    expect(merged.merged).toEqual({ shards: SHARDS, split: 'load' });
    // Exact: the merge's counts are the shards' sums, and every request the target served is in them.
    const total = (r: Results) => r.scenarios[0]!.requests.total;
    expect(total(merged)).toBe(parts.reduce((sum, part) => sum + total(part), 0));
    expect(parts.every((part) => total(part) > 0)).toBe(true);
    expect(total(merged)).toBeLessThanOrEqual(served - before);
    expect(merged.scenarios[0]!.rate?.intendedPerSec).toBeCloseTo(60, 6);
    expect(savedEntries()).toHaveLength(1);
    expect(merge.summary).toContain('api');
  }, 120_000);

  it('on a PR: the merge is compared with that baseline and comments once', async () => {
    const shards = await runShards('pull_request');
    expect(shards.map((shard) => shard.code)).toEqual([0, 0, 0]);
    // No shard comments on the PR (a whole run would): the merge's comment is the only one.
    expect(world.github.commentsOn('acme', 'shop', 7)).toHaveLength(0);
    const merge = await world.runStep({
      event: 'pull_request',
      inputs: { mode: 'merge', results: downloaded(shards, 'pr-shards') },
    });
    expect(merge.code, merge.stdout).toBe(0);
    expect(merge.stdout).toContain('baseline: Actions cache key perfgate-v1-');
    const comments = world.github.commentsOn('acme', 'shop', 7);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toMatch(/^## (✅|⚠️) perfgate: PASS/m);
    expect(savedEntries()).toHaveLength(1); // a PR never saves
  }, 120_000);

  it('refuses a set with a shard missing: no verdict, never a pass', async () => {
    // Two of the first test's three shards: a set that merged whole above, not a run of its own
    // (the refusal reads only which shards are there).
    expect(pushShards, 'the first test ran the push shards').toBeDefined();
    const folder = downloaded(pushShards!.slice(0, 2), 'two-of-three');
    const merge = await world.runStep({ event: 'push', inputs: { mode: 'merge', results: folder } });
    expect(merge.code).not.toBe(0);
    expect(merge.outputs.verdict).toBe('error');
    expect(merge.summary).toContain('shard 3/3 missing');
    expect(savedEntries()).toHaveLength(1);
  }, 120_000);

  it('refuses shard-split: load without a shard, and a start-at without it', async () => {
    const alone = await world.runStep({ event: 'push', inputs: { 'shard-split': 'load' } });
    expect(alone.code).not.toBe(0);
    expect(alone.stdout).toContain('shard-split: "load" needs the shard input');
    const barrier = await world.runStep({ event: 'push', inputs: { 'start-at': String(Date.now()) } });
    expect(barrier.code).not.toBe(0);
    expect(barrier.stdout).toContain('start-at: ');
    expect(barrier.stdout).toContain('set shard-split: load with it');
  }, 60_000);
});
