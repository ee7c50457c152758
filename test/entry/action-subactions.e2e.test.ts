// The sub-actions report/, merge/ and trends/ (each action.yml's runs.main, ../dist/<name>.js),
// run as the runner runs them: a process with only INPUT_* variables and the event, against the
// loopback GitHub fake. The results are fixtures judged against a stored baseline in a
// baseline-dir, so no load runs here.
//
// report is also where an accepted regression is judged outside the gate: a fork PR's results
// that regressed fail the trusted workflow_run job and say FAIL; once the PR carries the accept
// label, the same results pass, say who accepted them, and the comment is updated in place, as
// the gate's run would report them. The root action's mode: report reports the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeWorkDir, startActionWorld, subActionBundle, type ActionWorld } from './action-harness.js';
import { loadConfig } from '../../src/adapters/config-file.js';
import { createDirStore } from '../../src/adapters/baseline-store-dir.js';
import { saveBaseline } from '../../src/entry/baseline-io.js';
import type { Results } from '../../src/core/types/results.js';
import { makeResults, type ScenarioFixture } from '../core/fixtures.js';

const work = makeWorkDir('action-subactions');
// The trusted checkout: the config the results are judged with, named as the PR run named it.
const workspace = join(work, 'workspace');
const configPath = join(workspace, 'perfgate.yml');
const baselineDir = join(work, 'baselines');
const forkPr = 9;
const forkHead = 'c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3';
let configHash: string;
let world: ActionWorld;

const scenarios = (scale: number): ScenarioFixture[] => [
  { name: 'api', segments: 8, ratePerSec: 50, scale, loadSd: 0.01, burstSd: 0.01 },
  { name: 'flat', segments: 8, ratePerSec: 50, loadSd: 0.01, burstSd: 0.01 },
];

function writeJson(path: string, value: unknown): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value)}\n`);
}

beforeAll(async () => {
  mkdirSync(workspace, { recursive: true });
  writeFileSync(
    configPath,
    `defaults: { baseUrl: "http://127.0.0.1:9" }
scenarios:
  api: { executor: constant-vus, vus: 1, duration: 1s, request: { path: / } }
  flat: { executor: constant-vus, vus: 1, duration: 1s, request: { path: /flat } }
`,
  );
  const loaded = await loadConfig(configPath);
  configHash = loaded.configHash;
  const baseline = makeResults({ seed: 31, configHash, commit: 'b'.repeat(40), scenarios: scenarios(1) });
  await saveBaseline(createDirStore(baselineDir, configHash), {
    results: baseline,
    status: { kind: 'ok' },
    config: loaded.config,
    runId: '1',
    attempt: '1',
    now: new Date(),
    verdict: 'pass',
  });
  world = await startActionWorld({ work, inputs: { config: 'perfgate.yml', 'baseline-dir': baselineDir } });
}, 60_000);

afterAll(async () => {
  await world?.close();
});

const bots = () => world.github.commentsOn('acme', 'shop', forkPr).filter((c) => c.login.endsWith('[bot]'));
const regressionsOf = (outputs: Record<string, string>) => JSON.parse(outputs.regressions ?? '[]') as unknown[];

describe('perfgate/perfgate/report', () => {
  // What actions/download-artifact unpacks from the fork PR's run: p50 six times slower (a slowdown no runner noise can explain).
  const downloaded = join(workspace, 'perfgate-results', 'perfgate-perfgate.yml');
  beforeAll(() => {
    writeJson(
      join(downloaded, 'results.json'),
      makeResults({ seed: 32, configHash, commit: forkHead, scenarios: scenarios(6) }),
    );
    writeJson(join(downloaded, 'pr.json'), { number: forkPr, headSha: forkHead, config: 'perfgate.yml' });
    world.github.setPullHead('acme', 'shop', forkPr, forkHead);
  });

  const report = (id: number, options: { root?: boolean; inputs?: Record<string, string> } = {}) =>
    world.runStep({
      event: 'workflow_run',
      workflowRun: { id, conclusion: 'failure', headSha: forkHead },
      workspace,
      ...(options.root ? {} : { bundle: subActionBundle('report') }),
      inputs: { results: 'perfgate-results', ...options.inputs },
    });

  it('a regression nobody accepted fails the step and says FAIL; the label turns it into an accepted PASS, in place', async () => {
    // mode and shard are not report/action.yml's inputs: a runner would not pass them, and the
    // sub-action reads neither (no run, and no "shard 1/2" comment of its own).
    const failed = await report(7001, { inputs: { mode: 'run', shard: '1/2' } });
    expect(failed.code, failed.stdout).toBe(1);
    expect(failed.outputs.verdict).toBe('fail');
    expect(failed.outputs.accepted).toBe('');
    expect(regressionsOf(failed.outputs).length).toBeGreaterThan(0);
    expect(failed.stdout).toContain('add the label perf-accepted');
    expect(bots()).toHaveLength(1);
    const first = bots()[0]!;
    expect(first.body).toContain('<!-- perfgate:perfgate.yml -->');
    expect(first.body).toMatch(/^## ❌ perfgate: FAIL/m);
    // The reviewer reads the comment, not the log: it says how to accept on purpose.
    expect(first.body).toContain(
      '- if the slowdown is intended, add the label `perf-accepted` or comment `/perfgate accept` (users with write access) and re-run this job',
    );
    expect(failed.outputs['comment-id']).toBe(String(first.id));
    // The same judgement outputs as the gate's: one stored baseline, the one saved in beforeAll.
    expect(failed.outputs.mode).toBe('stored');
    expect(failed.outputs.baseline).toBe('found');
    expect(failed.outputs['baseline-detail']).toContain(`the stored baseline of ${'b'.repeat(7)}`);

    world.github.setLabels('acme', 'shop', forkPr, ['perf-accepted']);
    const accepted = await report(7002);
    expect(accepted.code, accepted.stdout).toBe(0);
    expect(accepted.outputs.verdict).toBe('pass');
    expect(accepted.outputs.accepted).toBe('label perf-accepted');
    // Never "no regression": the regressions stay listed, the headline names them and who accepted.
    expect(regressionsOf(accepted.outputs)).toEqual(regressionsOf(failed.outputs));
    expect(bots()).toHaveLength(1);
    const body = bots()[0]!.body;
    expect(bots()[0]!.id).toBe(first.id);
    expect(body).toMatch(/^## ✅ perfgate: PASS — \d+ regressions? accepted by label perf-accepted: p\d+ \+\d+/m);
    expect(body).not.toContain('no regression');
    expect(body).not.toContain('if the slowdown is intended');
    expect(accepted.summary).toContain('accepted by label perf-accepted');
    expect(accepted.stdout).not.toMatch(/^::error /m);
    expect([accepted.outputs.mode, accepted.outputs.baseline]).toEqual(['stored', 'found']);
  }, 90_000);

  it("the root action's mode: report judges the same results the same way", async () => {
    const root = await report(7003, { root: true, inputs: { mode: 'report' } });
    expect(root.code, root.stdout).toBe(0);
    expect(root.outputs.verdict).toBe('pass');
    expect(root.outputs.accepted).toBe('label perf-accepted');
    expect(bots()).toHaveLength(1);
    expect(bots()[0]!.body).toMatch(/PASS — \d+ regressions? accepted by label perf-accepted/);
    expect([root.outputs.mode, root.outputs.baseline]).toEqual(['stored', 'found']);

    // Without the label, fail-on: never keeps the step green and the report says FAIL.
    world.github.setLabels('acme', 'shop', forkPr, []);
    const never = await report(7004, { inputs: { 'fail-on': 'never' } });
    expect(never.code, never.stdout).toBe(0);
    expect(never.outputs.verdict).toBe('fail');
    expect(never.outputs.accepted).toBe('');
    expect(bots()[0]!.body).toMatch(/^## ❌ perfgate: FAIL/m);
  }, 90_000);

  it('with no stored baseline, says so in mode and baseline: thresholds alone', async () => {
    const empty = join(work, 'no-baselines');
    mkdirSync(empty, { recursive: true });
    const bare = await report(7005, { inputs: { 'baseline-dir': empty } });
    expect(bare.code, bare.stdout).toBe(0);
    expect(bare.outputs.verdict).toBe('pass');
    expect(bare.outputs.mode).toBe('thresholds');
    expect(bare.outputs.baseline).toBe('none');
    expect(bare.outputs['baseline-detail']).not.toBe('');
    expect(regressionsOf(bare.outputs)).toEqual([]);
  }, 90_000);
});

describe('perfgate/perfgate/merge', () => {
  it('merges the shards into one results file, names it in results-path and judges it once', async () => {
    const shards = join(work, 'shards');
    const names = ['api', 'flat'];
    names.forEach((name, i) => {
      const shard: Results = {
        ...makeResults({
          seed: 40 + i,
          configHash,
          commit: 'd'.repeat(40),
          scenarios: scenarios(1).filter((s) => s.name === name),
        }),
        shard: { index: i + 1, count: names.length },
      };
      writeJson(join(shards, `perfgate-perfgate.yml-shard-${i + 1}-of-2`, 'results.json'), shard);
    });
    const run = await world.runStep({
      event: 'pull_request',
      prNumber: 12,
      workspace,
      bundle: subActionBundle('merge'),
      inputs: { results: shards, 'upload-results': 'false' },
    });
    expect(run.code, run.stdout).toBe(0);
    const path = run.outputs['results-path']!;
    expect(existsSync(path)).toBe(true);
    const merged = JSON.parse(readFileSync(path, 'utf8')) as Results;
    expect(merged.scenarios.map((s) => s.name).sort()).toEqual(names);
    expect(merged.merged).toEqual({ shards: 2, split: 'scenarios' });
    expect(merged.shard).toBeUndefined();
    expect(run.outputs.verdict).toBe('pass');
    expect(run.outputs.baseline).toBe('found');
    // One comment for the merged run, under the config's own marker (no shard's).
    const comments = world.github.commentsOn('acme', 'shop', 12);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain('<!-- perfgate:perfgate.yml -->');
  }, 60_000);
});
