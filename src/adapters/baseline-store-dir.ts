// Baselines kept as files in a directory: for the CLI (`--baseline-dir`) and for users who keep
// baselines as workflow artifacts. Each save adds a file and never overwrites an older one, so a
// bad run can be undone by deleting its file.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
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

  return {
    description: `directory ${absoluteDir}`,

    async load(): Promise<LoadedBaseline | undefined> {
      let names: string[];
      try {
        names = await readdir(absoluteDir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw new Error(`cannot list the baseline directory ${absoluteDir}: ${(error as Error).message}`);
      }
      const newest = names
        .filter((name) => name.startsWith(prefix) && stampPattern.test(name.slice(prefix.length)))
        .sort()
        .at(-1);
      if (newest === undefined) return undefined;
      const path = join(absoluteDir, newest);
      try {
        return { text: await readFile(path, 'utf8'), source: path };
      } catch (error) {
        throw new Error(`cannot read the baseline file ${path}: ${(error as Error).message}`);
      }
    },

    async save(text: string, meta: SaveMeta): Promise<void> {
      const runId = checkNamePart('run id', meta.runId);
      const attempt = checkNamePart('attempt', meta.attempt);
      const stamp = now().toISOString().replace(/[-:.]/g, '');
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
    },
  };
}
