import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CacheStoreError, createCacheStore } from '../../src/adapters/baseline-store-cache.js';
import { useCacheServiceFake } from '../fakes/cache-client.js';

describe('createCacheStore with the real @actions/cache client', () => {
  const cache = useCacheServiceFake('perfgate-cache-store-');

  const storeFor = (configHash: string) => createCacheStore({ configHash, workDir: join(cache.scratch, 'perfgate') });

  it('saves under an immutable run key and restores the newest entry by prefix', async () => {
    const store = storeFor('abc123');
    await store.save('{"run":1}\n', { runId: '1001', attempt: '1' });
    await store.save('{"run":2}\n', { runId: '1002', attempt: '1' });
    // Another config's baseline, saved last: the prefix must keep it out.
    await storeFor('def456').save('{"other":true}\n', { runId: '1003', attempt: '1' });

    expect(cache.fake.entries.map((e) => [e.key, e.finalized])).toEqual([
      ['perfgate-v1-abc123-1001-1', true],
      ['perfgate-v1-abc123-1002-1', true],
      ['perfgate-v1-def456-1003-1', true],
    ]);
    const creates = cache.fake.requests.filter((r) => r.kind === 'twirp' && r.method === 'CreateCacheEntry');
    expect(creates).toHaveLength(3);
    expect(creates.every((r) => r.kind === 'twirp' && r.authorization === `Bearer ${cache.fake.token}`)).toBe(true);
    expect(cache.fake.requests.filter((r) => r.kind === 'blob' && r.method === 'PUT').length).toBeGreaterThanOrEqual(3);

    const loaded = await storeFor('abc123').load();
    expect(loaded).toEqual({ text: '{"run":2}\n', source: 'Actions cache key perfgate-v1-abc123-1002-1' });
    const lookup = cache.fake.requests
      .filter((r) => r.kind === 'twirp' && r.method === 'GetCacheEntryDownloadURL')
      .at(-1);
    expect(lookup?.kind === 'twirp' && lookup.body.key).toBe('perfgate-v1-abc123-');
  });

  it('returns undefined on a miss, without a warning turned into an error', async () => {
    await storeFor('abc123').save('{"run":1}\n', { runId: '1', attempt: '1' });
    await expect(storeFor('fffff').load()).resolves.toBeUndefined();
  });

  it('does not pass a stale local file off as a restored baseline', async () => {
    const store = storeFor('abc123');
    await store.save('{"run":1}\n', { runId: '1', attempt: '1' });
    cache.fake.entries.length = 0;
    await expect(store.load()).resolves.toBeUndefined();
  });

  it('throws a conflict error when the key already exists', async () => {
    const store = storeFor('abc123');
    await store.save('{"run":1}\n', { runId: '77', attempt: '2' });
    const error = await store.save('{"run":1}\n', { runId: '77', attempt: '2' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CacheStoreError);
    expect((error as CacheStoreError).kind).toBe('conflict');
    expect((error as Error).message).toContain('perfgate-v1-abc123-77-2');
    expect((error as Error).message).toMatch(/already exists/);
    expect(cache.fake.entries.filter((e) => e.key === 'perfgate-v1-abc123-77-2')).toHaveLength(1);
  });

  // @actions/cache words every failed reserve as "another job may be creating this cache".
  it('reports a reserve answered 429 as rate limiting, not as a taken key', async () => {
    cache.fake.createStatus = 429;
    try {
      const error = await storeFor('abc123')
        .save('{}', { runId: '6', attempt: '1' })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(CacheStoreError);
      expect((error as CacheStoreError).kind).toBe('failed');
      expect((error as Error).message).toMatch(/the cache service is rate limiting this repository \(HTTP 429\)/);
      expect((error as Error).message).not.toMatch(/an entry with this key already exists/);
    } finally {
      cache.fake.createStatus = undefined;
    }
  });

  it("reports a reserve answered 500 (after the client's retries) as a service failure, not as a taken key", async () => {
    cache.fake.createStatus = 500;
    // @actions/cache waits 3 s, then ~4.5, ~6.8 and ~10 s between its five attempts, with no option
    // or variable to shorten that: a fake clock skips the waits (25-35 s of them), while every
    // attempt is still a real request to the loopback cache.fake.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let settled = false;
      const saving = storeFor('abc123')
        .save('{}', { runId: '7', attempt: '1' })
        .then(
          () => undefined,
          (e: unknown) => e,
        )
        .finally(() => (settled = true));
      while (!settled) {
        await vi.advanceTimersToNextTimerAsync();
        // Real I/O (tar, the requests) goes on between the fake clock's steps.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const error = await saving;
      expect((error as CacheStoreError).kind).toBe('failed');
      expect((error as Error).message).toMatch(
        /the cache service failed \(HTTP 500\) and kept failing over its retries/,
      );
      expect((error as Error).message).not.toMatch(/an entry with this key already exists/);
      // The client made all its attempts: not one answer was taken for the service's last word.
      expect(cache.fake.requests.filter((r) => r.kind === 'twirp' && r.method === 'CreateCacheEntry')).toHaveLength(5);
    } finally {
      vi.useRealTimers();
      cache.fake.createStatus = undefined;
    }
  });

  it('throws a read-only error when the token may not write, and stores nothing', async () => {
    cache.fake.readOnly = true;
    const error = await storeFor('abc123')
      .save('{}', { runId: '5', attempt: '1' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(CacheStoreError);
    expect((error as CacheStoreError).kind).toBe('read-only');
    expect((error as Error).message).toMatch(/read-only token/);
    expect((error as Error).message).toContain('cache write denied');
    expect(cache.fake.entries).toHaveLength(0);
    expect(cache.fake.requests.some((r) => r.kind === 'blob')).toBe(false);
  });

  it('treats a runner cache-mode without writes as read-only', async () => {
    process.env.ACTIONS_CACHE_MODE = 'read';
    const error = await storeFor('abc123')
      .save('{}', { runId: '6', attempt: '1' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect((error as CacheStoreError).kind).toBe('read-only');
    expect((error as Error).message).toContain("cache-mode 'read'");
    expect(cache.fake.requests).toHaveLength(0);
  });

  it('throws when reading is denied instead of reporting a miss', async () => {
    await storeFor('abc123').save('{"run":1}\n', { runId: '1', attempt: '1' });
    cache.fake.readDenied = true;
    const error = await storeFor('abc123')
      .load()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(CacheStoreError);
    expect((error as CacheStoreError).kind).toBe('read-only');
    expect((error as Error).message).toContain('cache read denied');
  });

  it('says the service is unavailable when ACTIONS_RESULTS_URL is not set', async () => {
    delete process.env.ACTIONS_RESULTS_URL;
    const store = storeFor('abc123');
    await expect(store.load()).rejects.toThrow(/not available.*--baseline-dir/);
    await expect(store.save('{}', { runId: '1', attempt: '1' })).rejects.toThrow(/not available/);
    expect(cache.fake.requests).toHaveLength(0);
  });

  it('refuses a run id that cannot be part of a key', async () => {
    await expect(storeFor('abc123').save('{}', { runId: 'a,b', attempt: '1' })).rejects.toThrow(/run id 'a,b'/);
  });
});
