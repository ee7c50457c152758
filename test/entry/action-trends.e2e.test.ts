// The bundled action's `mode: trends` over a baseline-dir whose stored runs hold a +30% p50 step:
// the change points in the output and the trends file, the digest in the job summary, one Slack
// message with one line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startActionWorld, subActionBundle, type ActionWorld } from './action-harness.js';
import { loadConfig } from '../../src/adapters/config-file.js';
import { createDirStore } from '../../src/adapters/baseline-store-dir.js';
import { saveBaseline } from '../../src/entry/baseline-io.js';
import { parseBaseline } from '../../src/core/results/baseline.js';
import type { Baseline } from '../../src/core/types/results.js';
import { makeResults } from '../core/fixtures.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-action-trends-'));
const configPath = join(work, 'perfgate.yml');
const baselineDir = join(work, 'baselines');
let world: ActionWorld;

beforeAll(async () => {
  writeFileSync(
    configPath,
    `defaults: { baseUrl: "http://127.0.0.1:9" }
scenarios:
  api: { executor: constant-vus, vus: 1, duration: 1s, request: { path: / } }
  flat: { executor: constant-vus, vus: 1, duration: 1s, request: { path: /flat } }
`,
  );
  const { config, configHash } = await loadConfig(configPath);
  let stamp = 0;
  const store = createDirStore(baselineDir, configHash, { now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, stamp++)) });
  let previous: Baseline | undefined;
  for (let i = 0; i < 24; i++) {
    const results = makeResults({
      seed: 900 + i,
      configHash,
      commit: `${String(i).padStart(4, '0')}${'a'.repeat(36)}`,
      startTime: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      scenarios: [
        { name: 'api', segments: 4, ratePerSec: 50, scale: i >= 12 ? 1.3 : 1, loadSd: 0.01, burstSd: 0.01 },
        { name: 'flat', segments: 4, ratePerSec: 50, loadSd: 0.01, burstSd: 0.01 },
      ],
    });
    await saveBaseline(store, {
      results,
      previous,
      status: { kind: 'ok' },
      config,
      runId: String(i),
      attempt: '1',
      now: new Date(),
      verdict: 'pass',
    });
    previous = (parseBaseline((await store.load())!.text) as { baseline: Baseline }).baseline;
  }
  world = await startActionWorld({ work, inputs: { config: configPath } });
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('mode: trends', () => {
  it('reports the change point in its outputs, the job summary and one Slack line', async () => {
    const run = await world.runStep({
      event: 'push',
      inputs: { mode: 'trends', 'baseline-dir': baselineDir, 'slack-webhook-url': world.slack.webhookUrl },
    });
    expect(run.code, run.stdout).toBe(0);
    const points = JSON.parse(run.outputs['change-points']!);
    expect(points).toHaveLength(1);
    expect(points[0]).toMatchObject({
      scenario: 'api',
      metric: 'p50',
      index: 12,
      commit: `0012${'a'.repeat(36)}`,
      regression: true,
    });
    expect(JSON.parse(readFileSync(run.outputs['trends-path']!, 'utf8')).runs).toBe(24);
    expect(run.summary).toContain('perfgate trends: 1 change point');
    expect(run.summary).toContain(`https://github.com/acme/shop/compare/0011${'a'.repeat(36)}...0012${'a'.repeat(36)}`);
    expect(world.slack.delivered).toHaveLength(1);
    expect(world.slack.delivered[0]!.text?.split('\n')).toHaveLength(2);
  }, 60_000);

  it('the trends sub-action (trends/action.yml) writes the same digest to the job summary', async () => {
    const run = await world.runStep({
      event: 'schedule',
      bundle: subActionBundle('trends'),
      // mode is no input of trends/action.yml: the runner would not pass it, and it is not read.
      inputs: { mode: 'run', 'baseline-dir': baselineDir },
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.summary).toContain('perfgate trends: 1 change point');
    const points = JSON.parse(run.outputs['change-points']!) as { scenario: string; metric: string; index: number }[];
    expect(points.map((p) => [p.scenario, p.metric, p.index])).toEqual([['api', 'p50', 12]]);
    expect(JSON.parse(readFileSync(run.outputs['trends-path']!, 'utf8')).runs).toBe(24);
    expect(run.outputs['report-markdown']).toContain('1 change point');
  }, 60_000);
});
