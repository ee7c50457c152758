// Baselines in the GitHub Actions cache. Cache entries are immutable, so every save gets its own
// key `perfgate-v1-<configHash>-<run_id>-<attempt>` and a load restores by the prefix
// `perfgate-v1-<configHash>-`, which the cache service answers with the newest entry. A pull
// request can read the entries of its base branch, so it compares with the newest default-branch
// baseline; it never writes one (its token may only read).
import { PerfgateError } from '../core/errors.js';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import * as cache from '@actions/cache';
import {
  baselinePrefix,
  checkNamePart,
  type BaselineStore,
  type LoadedBaseline,
  type SaveMeta,
} from './baseline-store.js';

export interface CacheStoreOptions {
  /** The config's hash (or the user's `baseline-key`): baselines of other configs are never read. */
  configHash: string;
  /**
   * Where the baseline file lives while it is archived or restored. Keep it the same across runs:
   * the cache client hashes the path into the entry's version, and a restore only matches entries
   * saved from the same path.
   */
  workDir: string;
  /** The key's first part; `perfgate-v1` unless a new baseline format needs a clean slate. */
  keyPrefix?: string;
}

export type CacheStoreErrorKind = 'unavailable' | 'read-only' | 'conflict' | 'failed';

export class CacheStoreError extends PerfgateError {
  override name = 'CacheStoreError';
  constructor(
    message: string,
    readonly kind: CacheStoreErrorKind,
  ) {
    super(message, 'PERFGATE_CACHE_STORE');
  }
}

const fileName = 'perfgate-baseline.json';

export function createCacheStore(options: CacheStoreOptions): BaselineStore {
  const prefix = baselinePrefix(checkNamePart('config hash', options.configHash), options.keyPrefix ?? 'perfgate-v1');
  const filePath = join(resolve(options.workDir), fileName);

  return {
    description: `the Actions cache (keys ${prefix}*)`,

    async load(): Promise<LoadedBaseline | undefined> {
      requireCacheService();
      // A file left from an earlier step must not pass for a restored baseline.
      await rm(filePath, { force: true });
      await mkdir(resolve(options.workDir), { recursive: true });
      const { value: matchedKey, messages } = await recordClientLog(() => cache.restoreCache([filePath], prefix));
      if (matchedKey === undefined) {
        // restoreCache reports a failed lookup or download as a miss and logs why; a real miss
        // logs no failure, and only then is "no baseline yet" the truth.
        const failure = messages.find(
          (m) => m.startsWith('Failed to restore:') || m.startsWith('Cache restore skipped:'),
        );
        if (failure === undefined) return undefined;
        const denied = /cache read denied|does not permit reads/.test(failure);
        throw new CacheStoreError(
          `could not read baselines ${prefix}* from the Actions cache: ${failure}${denied ? ' (the token of this run may not read the cache)' : ''}`,
          denied ? 'read-only' : 'failed',
        );
      }
      try {
        return { text: await readFile(filePath, 'utf8'), source: `Actions cache key ${matchedKey}` };
      } catch (error) {
        throw new CacheStoreError(
          `the Actions cache entry ${matchedKey} was restored but holds no ${fileName} (${(error as Error).message})`,
          'failed',
        );
      }
    },

    async save(text: string, meta: SaveMeta): Promise<void> {
      requireCacheService();
      const key = `${prefix}${checkNamePart('run id', meta.runId)}-${checkNamePart('attempt', meta.attempt)}`;
      await mkdir(resolve(options.workDir), { recursive: true });
      await writeFile(filePath, text, 'utf8');
      const { value: cacheId, messages } = await recordClientLog(() => cache.saveCache([filePath], key));
      if (cacheId !== -1) return;
      throw explainFailedSave(key, messages);
    },
  };
}

function requireCacheService(): void {
  // @github/local-action swaps in a cache stub without isFeatureAvailable: ask the environment then.
  const available =
    typeof cache.isFeatureAvailable === 'function'
      ? cache.isFeatureAvailable()
      : Boolean(process.env.ACTIONS_RESULTS_URL || process.env.ACTIONS_CACHE_URL);
  if (!available) {
    throw new CacheStoreError(
      'the Actions cache service is not available (ACTIONS_RESULTS_URL is not set): outside GitHub Actions keep baselines in a directory with --baseline-dir',
      'unavailable',
    );
  }
}

// saveCache returns -1 instead of throwing, and only its log says why (reserve refused, key taken,
// upload failed): see saveCacheV2 in @actions/cache/lib/cache.js. The reason is taken from there.
function explainFailedSave(key: string, messages: string[]): CacheStoreError {
  const summary =
    messages.find((m) => m.startsWith('Failed to save:') || m.startsWith('Cache save skipped:')) ??
    messages.find((m) => m.startsWith('Cache reservation failed:')) ??
    'the cache client gave no reason';
  const detail = messages.find((m) => m.startsWith('Failed to reserve cache:')) ?? '';
  const all = `${summary} ${detail}`;
  const head = `could not save the baseline to the Actions cache under key ${key}`;
  if (/cache write denied|does not permit writes/.test(all)) {
    return new CacheStoreError(
      `${head}: the token of this run may only read the cache (pull requests from forks and other untrusted events get a read-only token; baselines are saved by runs on the default branch). Cache client: ${summary}`,
      'read-only',
    );
  }
  // @actions/cache says "another job may be creating this cache" after ANY failed reserve (a 500,
  // a 429): only the service's own answer (its detail line) tells a taken key from a failure.
  const status = /\((\d{3})\)/.exec(detail)?.[1];
  if (status === '429' || /rate limited/i.test(detail)) {
    return new CacheStoreError(
      `${head}: the cache service is rate limiting this repository (HTTP 429); the next run on the default branch saves a baseline. Cache client: ${summary}${detail ? ` (${detail})` : ''}`,
      'failed',
    );
  }
  if (status !== undefined && status.startsWith('5')) {
    return new CacheStoreError(
      `${head}: the cache service failed (HTTP ${status}) and kept failing over its retries; the next run on the default branch saves a baseline. Cache client: ${summary} (${detail})`,
      'failed',
    );
  }
  if (
    /\(409\)|already[ _]exists/.test(all) ||
    (detail === '' && /another job may be creating this cache/.test(summary))
  ) {
    return new CacheStoreError(
      `${head}: an entry with this key already exists. Keys are immutable and made of the run id and attempt, so this run attempt saved a baseline before. Cache client: ${summary}${detail ? ` (${detail})` : ''}`,
      'conflict',
    );
  }
  return new CacheStoreError(`${head}: ${summary}${detail ? ` (${detail})` : ''}`, 'failed');
}

const maxRecordedChars = 64 * 1024;

/**
 * Runs `fn` while keeping a copy of what @actions/core writes to stdout (info lines and
 * ::warning::/::debug:: commands), decoded into plain messages. Everything still reaches stdout.
 */
async function recordClientLog<T>(fn: () => Promise<T>): Promise<{ value: T; messages: string[] }> {
  const stdout = process.stdout;
  const original = stdout.write;
  let recorded = '';
  stdout.write = function (this: typeof stdout, chunk: unknown, ...rest: unknown[]): boolean {
    if (recorded.length < maxRecordedChars) {
      recorded += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
    }
    return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof stdout.write;
  try {
    const value = await fn();
    return { value, messages: decodeMessages(recorded) };
  } finally {
    stdout.write = original;
  }
}

function decodeMessages(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const command = /^::[a-z-]+(?: [^:]*)?::(.*)$/.exec(line);
      if (!command) return line.trim();
      return (command[1] ?? '').replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%').trim();
    })
    .filter((message) => message.length > 0);
}
