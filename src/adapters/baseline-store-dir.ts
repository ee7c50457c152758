// Baselines kept as files in a directory: for the CLI (`--baseline-dir`) and for users who keep
// baselines as workflow artifacts. Each save adds a file and never overwrites an older one, so a
// bad run can be undone by deleting its file.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { basename, join, resolve } from 'node:path';
import {
  baselinePrefix,
  checkNamePart,
  type BaselineStore,
  type LoadedBaseline,
  type SaveMeta,
} from './baseline-store.js';

export interface DirStoreOptions {
  /** The clock that stamps file names; tests pass a fixed one. */
  now?: () => Date;
}

// The stamp leads the variable part of the name, so sorting names sorts by save time, whatever
// the files' mtimes became after an artifact download or a copy.
const stampPattern = /^(\d{8}T\d{9}Z)-[A-Za-z0-9_.-]+\.json$/;

export function createDirStore(dir: string, configHash: string, options: DirStoreOptions = {}): BaselineStore {
  const prefix = baselinePrefix(checkNamePart('config hash', configHash));
  const absoluteDir = resolve(dir);
  const now = options.now ?? (() => new Date());

  const store = {
    description: `directory ${absoluteDir}`,

    async load(): Promise<LoadedBaseline | undefined> {
      const newest = await newestName();
      if (newest === undefined) return undefined;
      const path = join(absoluteDir, newest);
      try {
        return { text: await readFile(path, 'utf8'), source: path };
      } catch (error) {
        throw new Error(`cannot read the baseline file ${path}: ${(error as Error).message}`);
      }
    },

    save: (text: string, meta: SaveMeta): Promise<void> => write(text, meta, now()),

    async update(build: (newest: LoadedBaseline | undefined) => string, meta: SaveMeta): Promise<void> {
      await mkdir(absoluteDir, { recursive: true });
      const lock = join(absoluteDir, `.${prefix}lock`);
      const token = await acquireLock(lock);
      try {
        const newest = await store.load();
        // Named after the newest even when the clock has not moved on (two saves in one
        // millisecond, a clock behind another runner's): the next load must find this one.
        const newestStamp = newest ? stampTime(basename(newest.source).slice(prefix.length)) : 0;
        const at = new Date(Math.max(now().getTime(), newestStamp + 1));
        await write(build(newest), meta, at);
      } finally {
        await releaseLock(lock, token);
      }
    },
  };
  return store;

  async function newestName(): Promise<string | undefined> {
    let names: string[];
    try {
      names = await readdir(absoluteDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new Error(`cannot list the baseline directory ${absoluteDir}: ${(error as Error).message}`);
    }
    return names
      .filter((name) => name.startsWith(prefix) && stampPattern.test(name.slice(prefix.length)))
      .sort()
      .at(-1);
  }

  async function write(text: string, meta: SaveMeta, at: Date): Promise<void> {
    const runId = checkNamePart('run id', meta.runId);
    const attempt = checkNamePart('attempt', meta.attempt);
    const stamp = at.toISOString().replace(/[-:.]/g, '');
    const name = `${prefix}${stamp}-${runId}-${attempt}.json`;
    const path = join(absoluteDir, name);
    // A dot-file in the same directory: never matched by load, and rename within one file
    // system is atomic, so a reader sees the old newest file or the whole new one.
    const tempPath = join(absoluteDir, `.${name}.${randomUUID()}.tmp`);
    try {
      await mkdir(absoluteDir, { recursive: true });
      await writeFile(tempPath, text, 'utf8');
      await rename(tempPath, path);
    } catch (error) {
      await rm(tempPath, { force: true }).catch(() => undefined);
      throw new Error(`cannot write the baseline file ${path}: ${(error as Error).message}`);
    }
  }
}

/** `20260102T000000123Z-…` → its time in ms. */
function stampTime(name: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(name);
  if (!match) return 0;
  const [, y, mo, d, h, mi, s, ms] = match.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!, ms!);
}

/** How long a writer waits for another's lock; a save of one baseline takes milliseconds. */
const LOCK_WAIT_MS = 30_000;
/** A lock older than this was left by a writer that died (the process was killed mid-save). */
const STALE_LOCK_MS = 60_000;
const LOCK_POLL_MS = 20;

/**
 * mkdir is atomic on every file system the runners use: whoever creates the folder holds the lock.
 * A token inside says whose it is, so that a writer that overran never removes the next one's.
 */
async function acquireLock(lock: string): Promise<string> {
  const start = Date.now();
  const token = randomUUID();
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(join(lock, 'owner'), token, 'utf8');
      return token;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new Error(`cannot lock the baseline directory (${lock}): ${(error as Error).message}`);
    }
    const age = await stat(lock).then(
      (info) => Date.now() - info.mtimeMs,
      () => 0,
    );
    if (age > STALE_LOCK_MS) {
      await rm(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() - start > LOCK_WAIT_MS)
      throw new Error(
        `another perfgate has held the lock ${lock} for ${Math.round(age / 1000)} s; wait for it, or delete the folder if no perfgate is saving`,
      );
    await sleep(LOCK_POLL_MS);
  }
}

async function releaseLock(lock: string, token: string): Promise<void> {
  const owner = await readFile(join(lock, 'owner'), 'utf8').catch(() => undefined);
  if (owner === token) await rm(lock, { recursive: true, force: true });
}
