import { describe, it, expect } from 'vitest';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDirStore } from '../../src/adapters/baseline-store-dir.js';
import { defaultCompareConfig } from '../../src/core/config.js';
import { judgeRun } from '../../src/core/gate.js';
import type { Config } from '../../src/core/types.js';
import { lookupBaseline, saveBaseline } from '../../src/entry/baseline-io.js';
import { makeResults } from '../core/fixtures.js';

const config = { thresholds: [], compare: defaultCompareConfig() } as unknown as Config;
const hash = 'abc123';

function storeAt(dir: string, isoTime: string) {
  return createDirStore(dir, hash, { now: () => new Date(isoTime) });
}

async function gateAndSave(dir: string, isoTime: string, seed: number) {
  const store = storeAt(dir, isoTime);
  const results = { ...makeResults({ seed }), configHash: hash };
  const { comparison, baseline } = judgeRun({ current: results, config, baseline: await lookupBaseline(store) });
  await saveBaseline(store, { results, previous: baseline, status: comparison.baselineStatus, config, runId: String(seed), attempt: '1', now: new Date(isoTime) });
  return comparison;
}

describe('saveBaseline', () => {
  it('carries the history forward from the baseline it was compared with', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-baseline-io-'));
    expect((await gateAndSave(dir, '2026-01-01T00:00:00Z', 1)).baselineStatus.kind).toBe('missing');
    expect((await gateAndSave(dir, '2026-01-02T00:00:00Z', 2)).baselineStatus.kind).toBe('ok');
    const found = await lookupBaseline(storeAt(dir, '2026-01-03T00:00:00Z'));
    expect(found.kind).toBe('found');
    expect(JSON.parse((found as { text: string }).text).history).toHaveLength(1);
  });

  it('refuses to hide a corrupt stored baseline, and says how to start anew', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-baseline-io-'));
    await gateAndSave(dir, '2026-01-01T00:00:00Z', 1);
    await storeAt(dir, '2026-01-02T00:00:00Z').save('{ not json', { runId: 'bad', attempt: '1' });
    const files = readdirSync(dir);
    await expect(gateAndSave(dir, '2026-01-03T00:00:00Z', 3)).rejects.toThrow(/the stored baseline is corrupt .*delete it from directory .* to start anew/);
    expect(readdirSync(dir)).toEqual(files);
  });

  it('does not save over a store it could not read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-baseline-io-'));
    const store = storeAt(dir, '2026-01-01T00:00:00Z');
    const results = { ...makeResults({ seed: 1 }), configHash: hash };
    const status = { kind: 'unreadable', detail: 'the cache service answered 503' } as const;
    await expect(saveBaseline(store, { results, status, config, runId: '1', attempt: '1', now: new Date() })).rejects.toThrow(
      /the stored baseline is unreadable \(the cache service answered 503\).*the next run will save once the store can be read/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('lookupBaseline with no store service', () => {
  it('reads "no cache service" as a missing baseline, so a later save is not blocked', async () => {
    const { CacheStoreError } = await import('../../src/adapters/baseline-store-cache.js');
    const saved: string[] = [];
    const store = {
      description: 'a stubbed cache',
      load: () => Promise.reject(new CacheStoreError('the Actions cache service is not available', 'unavailable')),
      save: (text: string) => {
        saved.push(text);
        return Promise.resolve();
      },
    };
    const lookup = await lookupBaseline(store);
    expect(lookup.kind).toBe('missing');
    const results = { ...makeResults({ seed: 3 }), configHash: hash };
    const { comparison } = judgeRun({ current: results, config, baseline: lookup });
    await saveBaseline(store, { results, status: comparison.baselineStatus, config, runId: '1', attempt: '1', now: new Date('2026-01-01T00:00:00Z') });
    expect(saved).toHaveLength(1);
  });

  it('still reads a store that failed to answer as unreadable', async () => {
    const store = { description: 'a broken cache', load: () => Promise.reject(new Error('HTTP 500')), save: () => Promise.resolve() };
    expect((await lookupBaseline(store)).kind).toBe('unreadable');
  });
});
