// One config, one identity: `perfgate.yml`, `./perfgate.yml` and the absolute path of the same
// file give one PR comment (whose earlier runs add up) and one artifact name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeWorkDir, quickOrdersConfig, startActionWorld, writeFiles, type ActionWorld } from './action-harness.js';

const work = makeWorkDir('action-identity');
let world: ActionWorld;

beforeAll(async () => {
  world = await startActionWorld({ work });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

describe('the config input', () => {
  it('three spellings of one path share one comment and one artifact name', async () => {
    const workspace = join(work, 'workspace');
    mkdirSync(workspace, { recursive: true });
    writeFiles(workspace, { 'perfgate.yml': quickOrdersConfig('identity/fetch') });
    const names: string[] = [];
    for (const config of ['perfgate.yml', './perfgate.yml', join(workspace, 'perfgate.yml')]) {
      const run = await world.runStep({ event: 'pull_request', prNumber: 41, workspace, inputs: { config } });
      expect(run.code, run.stdout).toBe(0);
      names.push(world.cache.artifacts.find((a) => String(a.id) === run.outputs['artifact-id'])?.name ?? '');
    }
    const comments = world.github.commentsOn('acme', 'shop', 41);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain('<!-- perfgate:perfgate.yml -->');
    expect(names).toEqual(['perfgate-perfgate.yml', 'perfgate-perfgate.yml', 'perfgate-perfgate.yml']);
    // The comment's history holds the two earlier runs beside the newest.
    const history = comments[0]!.body.split('**Earlier runs on this PR**')[1] ?? '';
    expect(history.split('\n').filter((line) => line.startsWith('| `head'))).toHaveLength(2);
  });
});
