import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDirStore } from '../../src/adapters/baseline-store-dir.js';

describe('createDirStore', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'perfgate-dir-store-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  // A clock that moves one minute per save, so the order of saves is the order of time.
  const steppingClock = (start = Date.UTC(2026, 0, 2, 3, 4, 5, 6)) => {
    let t = start;
    return () => new Date((t += 60_000));
  };

  it('two processes saving into one directory at once: no torn file, no lost save, the last writer is the newest', async () => {
    const dir = join(root, 'shared');
    const writer = fileURLToPath(new URL('../fixtures/dir-store-writer.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const saves = 15;
    await Promise.all(['a', 'b'].map((id) => promisify(execFile)(tsx, [writer, dir, id, String(saves)])));
    const names = (await readdir(dir)).sort();
    // Every save is a file of its own, whole; no lock or temp file is left.
    expect(names).toHaveLength(2 * saves);
    expect(names.every((name) => /^perfgate-v1-abc123-\d{8}T\d{9}Z-[ab]-1\.json$/.test(name))).toBe(true);
    const lists = await Promise.all(
      names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as string[]),
    );
    // Each save built on the one before it, whichever process wrote it: the newest holds all 30.
    lists.forEach((list, index) => expect(list).toHaveLength(index + 1));
    expect(new Set(lists.at(-1)).size).toBe(2 * saves);
    const newest = await createDirStore(dir, 'abc123').load();
    expect(newest?.source).toBe(join(dir, names.at(-1)!));
  }, 60_000);

  it('returns undefined when the directory does not exist yet', async () => {
    const store = createDirStore(join(root, 'missing'), 'abc123');
    await expect(store.load()).resolves.toBeUndefined();
  });

  it('creates the directory on save and loads what it saved', async () => {
    const dir = join(root, 'nested', '.perfgate');
    const store = createDirStore(dir, 'abc123', { now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)) });
    await store.save('{"n":1}\n', { runId: '1001', attempt: '1' });
    expect(await readdir(dir)).toEqual(['perfgate-v1-abc123-20260102T030405006Z-1001-1.json']);
    await expect(store.load()).resolves.toEqual({
      text: '{"n":1}\n',
      source: join(dir, 'perfgate-v1-abc123-20260102T030405006Z-1001-1.json'),
    });
  });

  it('loads the newest of several saves, by the stamp in the name', async () => {
    const dir = join(root, 'b');
    const store = createDirStore(dir, 'abc123', { now: steppingClock() });
    // Run ids that sort the other way round: the stamp decides, not the id.
    await store.save('first', { runId: '900', attempt: '1' });
    await store.save('second', { runId: '1000', attempt: '1' });
    await store.save('third', { runId: '80', attempt: '2' });
    expect((await store.load())?.text).toBe('third');
    expect(await readdir(dir)).toHaveLength(3);
  });

  it("ignores other configs' baselines, temp files and strangers", async () => {
    const dir = join(root, 'c');
    await createDirStore(dir, 'abc123', { now: steppingClock() }).save('mine', { runId: '1', attempt: '1' });
    await createDirStore(dir, 'other', { now: steppingClock(Date.UTC(2030, 0, 1)) }).save('theirs', {
      runId: '2',
      attempt: '1',
    });
    // A config whose hash starts with ours must not be taken for ours either.
    await createDirStore(dir, 'abc123-x', { now: steppingClock(Date.UTC(2030, 0, 1)) }).save('prefix', {
      runId: '3',
      attempt: '1',
    });
    await writeFile(join(dir, '.perfgate-v1-abc123-20990101T000000000Z-9-1.json.tmp'), 'half-written');
    await writeFile(join(dir, 'perfgate-v1-abc123-notes.json'), 'not a baseline');
    expect((await createDirStore(dir, 'abc123').load())?.text).toBe('mine');
    await expect(createDirStore(dir, 'nothing-here').load()).resolves.toBeUndefined();
  });

  it('leaves no temp file behind and never overwrites an older baseline', async () => {
    const dir = join(root, 'd');
    const store = createDirStore(dir, 'abc123', { now: steppingClock() });
    await store.save('one', { runId: '1', attempt: '1' });
    await store.save('two', { runId: '1', attempt: '2' });
    const names = await readdir(dir);
    expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(names).toHaveLength(2);
  });

  it('throws with the path when the directory cannot be listed', async () => {
    const file = join(root, 'a-file');
    await writeFile(file, 'x');
    await expect(createDirStore(file, 'abc123').load()).rejects.toThrow(/cannot list the baseline directory .*a-file/);
  });

  it('throws with the path when the newest baseline cannot be read', async () => {
    const dir = join(root, 'e');
    const store = createDirStore(dir, 'abc123', { now: steppingClock() });
    await store.save('x', { runId: '1', attempt: '1' });
    // A directory with a baseline's name: unreadable as a file, also for root (chmod is not).
    await mkdir(join(dir, 'perfgate-v1-abc123-20991231T000000000Z-2-1.json'));
    await expect(store.load()).rejects.toThrow(/cannot read the baseline file .*20991231T000000000Z-2-1\.json/);
  });

  it('throws with the path when it cannot write', async () => {
    const blocker = join(root, 'blocker');
    await writeFile(blocker, 'x');
    const store = createDirStore(join(blocker, 'sub'), 'abc123');
    await expect(store.save('x', { runId: '1', attempt: '1' })).rejects.toThrow(
      /cannot write the baseline file .*blocker/,
    );
  });

  it('refuses names that would escape the directory', async () => {
    expect(() => createDirStore(root, '../evil')).toThrow(/config hash '..\/evil'/);
    await mkdir(join(root, 'f'));
    await expect(
      createDirStore(join(root, 'f'), 'abc').save('x', { runId: '1/../../x', attempt: '1' }),
    ).rejects.toThrow(/run id/);
  });
});
