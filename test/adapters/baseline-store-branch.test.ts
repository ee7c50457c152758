// The branch store against a real bare origin over file://, cloned one commit deep as
// actions/checkout clones: a branch made on the first save, read by another clone, two saves at
// once both kept (the later push rebuilt on the newer tip), and old files pruned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBranchStore } from '../../src/adapters/baseline-store-branch.js';
import { git } from '../fakes/git.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-branch-store-'));
const origin = join(work, 'origin.git');
const savedTemp = process.env.RUNNER_TEMP;

let clones = 0;
function clone(): string {
  const dir = join(work, `clone-${++clones}`);
  git(work, ['clone', '-q', '--depth=1', `file://${origin}`, dir]);
  return dir;
}

beforeAll(() => {
  process.env.RUNNER_TEMP = join(work, 'runner-temp');
  mkdirSync(process.env.RUNNER_TEMP, { recursive: true });
  const source = join(work, 'source');
  mkdirSync(source);
  git(source, ['init', '-q', '-b', 'main']);
  writeFileSync(join(source, 'perfgate.yml'), 'scenarios: {}\n');
  git(source, ['add', '-A']);
  git(source, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', 'main']);
  git(work, ['clone', '-q', '--bare', source, origin]);
});

afterAll(() => {
  if (savedTemp === undefined) delete process.env.RUNNER_TEMP;
  else process.env.RUNNER_TEMP = savedTemp;
});

const meta = (runId: number) => ({ runId: String(runId), attempt: '1' });
const filesOnBranch = () =>
  git(origin, ['ls-tree', '--name-only', 'perfgate-data', 'baselines/']).split('\n').filter(Boolean);

describe('the branch store', () => {
  it('has no baseline before the branch exists; the first save creates it; another clone reads it', async () => {
    const a = createBranchStore({ repoDir: clone(), branch: 'perfgate-data', key: 'abc', retryDelayMs: 0 });
    try {
      expect(await a.load()).toBeUndefined();
      await a.save('{"n":1}\n', meta(1));
    } finally {
      await a.close();
    }
    expect(git(origin, ['rev-parse', '--verify', 'perfgate-data'])).toMatch(/^[0-9a-f]{40}$/);
    // The data branch shares no history with main: an empty root commit, then the save.
    expect(git(origin, ['rev-list', '--count', 'perfgate-data'])).toBe('2');
    expect(spawnSync('git', ['merge-base', 'main', 'perfgate-data'], { cwd: origin }).status).not.toBe(0);
    const b = createBranchStore({ repoDir: clone(), branch: 'perfgate-data', key: 'abc', retryDelayMs: 0 });
    try {
      const loaded = await b.load();
      expect(loaded?.text).toBe('{"n":1}\n');
      expect(loaded?.source).toMatch(/^perfgate-data:baselines\/perfgate-v1-abc-\d{8}T\d{9}Z-1-1\.json$/);
    } finally {
      await b.close();
    }
  });

  it('two saves at once from two clones both land: the push that lost is rebuilt on the newer tip', async () => {
    const stores = [clone(), clone()].map((dir) =>
      createBranchStore({ repoDir: dir, branch: 'perfgate-data', key: 'abc', retryDelayMs: 0 }),
    );
    const builds: string[] = [];
    try {
      await Promise.all(
        stores.map((store, i) =>
          store.update(
            (newest) => {
              const previous = JSON.parse(newest?.text ?? '{"runs":[]}') as { runs?: number[] };
              builds.push(`${i}`);
              return `${JSON.stringify({ runs: [...(previous.runs ?? []), 10 + i] })}\n`;
            },
            meta(10 + i),
          ),
        ),
      );
      const reader = createBranchStore({ repoDir: clone(), branch: 'perfgate-data', key: 'abc' });
      const newest = JSON.parse((await reader.load())!.text) as { runs: number[] };
      await reader.close();
      expect([...newest.runs].sort()).toEqual([10, 11]);
      // At least one build more than the two saves: the loser's rebuild.
      expect(builds.length).toBeGreaterThanOrEqual(3);
      expect(git(origin, ['rev-list', '--count', 'perfgate-data'])).toBe('4');
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('keeps the newest 5 files of a config (the newest holds the whole history), and other configs apart', async () => {
    const dir = clone();
    const store = createBranchStore({ repoDir: dir, branch: 'perfgate-data', key: 'abc', retryDelayMs: 0 });
    const other = createBranchStore({ repoDir: dir, branch: 'perfgate-data', key: 'xyz', retryDelayMs: 0 });
    try {
      for (let i = 0; i < 6; i++) await store.save(`{"i":${i}}\n`, meta(100 + i));
      await other.save('{"other":true}\n', meta(200));
      expect(JSON.parse((await store.load())!.text)).toEqual({ i: 5 });
      expect(JSON.parse((await other.load())!.text)).toEqual({ other: true });
    } finally {
      await store.close();
      await other.close();
    }
    const files = filesOnBranch();
    expect(files.filter((name) => name.includes('perfgate-v1-abc-'))).toHaveLength(5);
    expect(files.filter((name) => name.includes('perfgate-v1-xyz-'))).toHaveLength(1);
  });
});
