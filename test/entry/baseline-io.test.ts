import { describe, it, expect } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDirStore } from '../../src/adapters/baseline-store-dir.js';
import type { BaselineStore } from '../../src/adapters/baseline-store.js';
import { defaultCompareConfig } from '../../src/core/config/compare.js';
import { judgeRun, type BaselineLookup } from '../../src/core/gate.js';
import type { Baseline, Results } from '../../src/core/types/results.js';
import type { Comparison } from '../../src/core/types/comparison.js';
import type { Config } from '../../src/core/types/config.js';
import { lookupBaseline, saveAfterVerdict, saveBaseline, type SaveOutput } from '../../src/entry/baseline-io.js';
import { renderComparisonText } from '../../src/core/report/text.js';
import { makeResults } from '../core/fixtures.js';

const config = { thresholds: [], compare: defaultCompareConfig() } as unknown as Config;
const hash = 'abc123';

function storeAt(dir: string, isoTime: string) {
  return createDirStore(dir, hash, { now: () => new Date(isoTime) });
}

async function gateAndSave(dir: string, isoTime: string, seed: number) {
  const store = storeAt(dir, isoTime);
  const results = { ...makeResults({ seed }), configHash: hash };
  return judgeAndSave(store, results, await lookupBaseline(store), new Date(isoTime), String(seed));
}

/** A gate's judgement of `results` against `lookup`, then its save, as `perfgate gate --save` does. */
async function judgeAndSave(store: BaselineStore, results: Results, lookup: BaselineLookup, now: Date, runId: string) {
  const { comparison, baseline } = judgeRun({ current: results, config, baseline: lookup });
  await saveBaseline(store, {
    results,
    previous: baseline,
    status: comparison.baselineStatus,
    config,
    runId,
    attempt: '1',
    now,
  });
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

  // Found in a fault campaign: six gates saving to one store at once left the newest baseline's
  // history with 4 of the 6 runs, each save built on the baseline its gate had read.
  it('keeps every run of gates that save to one store at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-baseline-io-'));
    await gateAndSave(dir, '2026-01-01T00:00:00Z', 1);
    const store = createDirStore(dir, hash);
    const previous = await lookupBaseline(store);
    const gates = [2, 3, 4, 5, 6, 7];
    await Promise.all(
      gates.map(async (seed) => {
        const results = { ...makeResults({ seed }), configHash: hash, git: { commit: `c${seed}` } };
        await judgeAndSave(store, results, previous, new Date(), String(seed));
      }),
    );
    const newest = JSON.parse(((await lookupBaseline(store)) as { text: string }).text) as Baseline;
    const kept = [newest.results.git?.commit, ...newest.history.map((entry) => entry.commit)];
    expect(kept.filter((commit) => commit !== undefined && commit.startsWith('c')).sort()).toEqual(
      gates.map((seed) => `c${seed}`).sort(),
    );
    expect(newest.history).toHaveLength(gates.length);
    expect(readdirSync(dir).filter((name) => name.endsWith('lock'))).toEqual([]);
  });

  it('refuses to hide a baseline that turned corrupt while this run was judged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-baseline-io-'));
    await gateAndSave(dir, '2026-01-01T00:00:00Z', 1);
    const store = createDirStore(dir, hash);
    const results = { ...makeResults({ seed: 2 }), configHash: hash };
    const { comparison, baseline } = judgeRun({ current: results, config, baseline: await lookupBaseline(store) });
    expect(comparison.baselineStatus.kind).toBe('ok');
    await store.save('{ not json', { runId: 'meanwhile', attempt: '1' });
    await expect(
      saveBaseline(store, {
        results,
        previous: baseline,
        status: comparison.baselineStatus,
        config,
        runId: '2',
        attempt: '1',
        now: new Date(),
      }),
    ).rejects.toThrow(/is corrupt .*saving over it would hide it/);
    expect(readdirSync(dir).filter((name) => name.endsWith('lock'))).toEqual([]);
  });

  it('refuses to hide a corrupt stored baseline, and says how to start anew', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-baseline-io-'));
    await gateAndSave(dir, '2026-01-01T00:00:00Z', 1);
    await storeAt(dir, '2026-01-02T00:00:00Z').save('{ not json', { runId: 'bad', attempt: '1' });
    const files = readdirSync(dir);
    await expect(gateAndSave(dir, '2026-01-03T00:00:00Z', 3)).rejects.toThrow(
      /the stored baseline is corrupt .*delete it from directory .* to start anew/,
    );
    expect(readdirSync(dir)).toEqual(files);
  });

  it('does not save over a store it could not read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-baseline-io-'));
    const store = storeAt(dir, '2026-01-01T00:00:00Z');
    const results = { ...makeResults({ seed: 1 }), configHash: hash };
    const status = { kind: 'unreadable', detail: 'the cache service answered 503' } as const;
    await expect(
      saveBaseline(store, { results, status, config, runId: '1', attempt: '1', now: new Date() }),
    ).rejects.toThrow(
      /the stored baseline is unreadable \(the cache service answered 503\).*the next run will save once the store can be read/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('saveAfterVerdict', () => {
  /** An output channel that records what was said, on which channel, in order. */
  function recorder(): SaveOutput & { said: string[] } {
    const said: string[] = [];
    return {
      said,
      info: (message) => said.push(`info: ${message}`),
      refused: (reason) => said.push(`refused: ${reason}`),
      warning: (message) => said.push(`warning: ${message}`),
      group: async (title, work) => {
        said.push(`group: ${title}`);
        await work();
        said.push('end group');
      },
    };
  }

  /** Judges run `seed` against the store's baseline; `failed` turns the verdict into one breached threshold. */
  async function judged(dir: string, seed: number, failed: boolean) {
    const store = storeAt(dir, `2026-02-0${seed}T00:00:00Z`);
    const results = { ...makeResults({ seed }), configHash: hash, git: { commit: `c${seed}` } };
    const { comparison, baseline } = judgeRun({ current: results, config, baseline: await lookupBaseline(store) });
    const verdict: Comparison = failed
      ? { ...comparison, verdict: 'fail', breaches: [{} as Comparison['breaches'][number]] }
      : comparison;
    return { store, results, comparison: verdict, ...(baseline ? { baseline } : {}) };
  }

  function request(run: Awaited<ReturnType<typeof judged>>, mode: 'pass' | 'always') {
    return {
      ...run,
      mode,
      optIn: '--save always',
      names: { store: 'the folder', trends: 'perfgate trends' },
      config,
      commit: run.results.git.commit,
      runId: run.results.git.commit,
      attempt: '1',
      now: new Date('2026-02-09T00:00:00Z'),
    };
  }

  async function newest(dir: string): Promise<Baseline> {
    return JSON.parse(((await lookupBaseline(storeAt(dir, '2026-03-01T00:00:00Z'))) as { text: string }).text);
  }

  it('saves a run that passed as the new baseline, inside the group, and says where', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-save-after-'));
    const out = recorder();
    await saveAfterVerdict(request(await judged(dir, 1, false), 'pass'), out);
    expect(out.said).toEqual([
      'group: perfgate: save the baseline',
      'info: saved this run as the new baseline in the folder',
      'end group',
    ]);
    expect((await newest(dir)).results.git?.commit).toBe('c1');
  });

  it('keeps a failed run beside the baseline (for trends) and says why it is not the baseline', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-save-after-'));
    await saveAfterVerdict(request(await judged(dir, 1, false), 'pass'), recorder());
    const out = recorder();
    await saveAfterVerdict(request(await judged(dir, 2, true), 'pass'), out);
    expect(out.said[0]).toMatch(/^refused: this run failed the gate \(1 breached threshold\).*--save always$/);
    expect(out.said[2]).toBe(
      'info: kept this failed run in the stored runs of the folder (for perfgate trends); the baseline stays the previous one',
    );
    const stored = await newest(dir);
    expect(stored.results.git?.commit).toBe('c1');
    expect(stored.trends?.map((entry) => [entry.commit, entry.verdict])).toEqual([
      ['c2', 'fail'],
      ['c1', 'pass'],
    ]);
  });

  it('keeps a baseline whose generator kept up over a passing run whose generator fell behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-save-after-'));
    await saveAfterVerdict(request(await judged(dir, 1, false), 'pass'), recorder());
    const behind = await judged(dir, 2, false);
    behind.results.scenarios[0]!.generator.saturated = true;
    const out = recorder();
    await saveAfterVerdict(request(behind, 'pass'), out);
    expect(out.said[0]).toMatch(/^refused: the load generator fell behind in .*stays the reference/);
    expect(out.said).toContain(
      'info: kept this run in the stored runs of the folder (for perfgate trends); the baseline stays the previous one',
    );
    expect((await newest(dir)).results.git?.commit).toBe('c1');
    // A third run that kept up is the baseline again.
    await saveAfterVerdict(request(await judged(dir, 3, false), 'pass'), recorder());
    expect((await newest(dir)).results.git?.commit).toBe('c3');
  });

  it('saves nothing of a failed first run, since there is no baseline to keep it beside', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-save-after-'));
    const out = recorder();
    await saveAfterVerdict(request(await judged(dir, 1, true), 'pass'), out);
    expect(out.said).toHaveLength(1);
    expect(out.said[0]).toMatch(/^refused: /);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('saves a failed run as the baseline when the save mode is always, and says it was asked to', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-save-after-'));
    const out = recorder();
    await saveAfterVerdict(request(await judged(dir, 1, true), 'always'), out);
    expect(out.said[1]).toBe(
      'info: saved this run as the new baseline in the folder (saved although it failed the gate (1 breached threshold), as --save always asks)',
    );
    expect((await newest(dir)).results.git?.commit).toBe('c1');
  });

  it('turns a store that fails into a warning: the verdict stands', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'perfgate-save-after-')), 'a-file');
    writeFileSync(file, '');
    const run = { ...(await judged(mkdtempSync(join(tmpdir(), 'perfgate-save-after-')), 1, false)) };
    const out = recorder();
    await saveAfterVerdict(
      { ...request(run, 'pass'), store: storeAt(join(file, 'below'), '2026-02-01T00:00:00Z') },
      out,
    );
    expect(out.said).toHaveLength(3);
    expect(out.said[1]).toMatch(/^warning: this run was not saved as the baseline: .+; the verdict stands$/);
  });
});

describe('a stored baseline damaged on disk', () => {
  /** Saves two runs, then rewrites the newest baseline file with `damage`. */
  async function storeDamaged(damage: (baseline: Baseline) => void): Promise<{ dir: string; path: string }> {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-baseline-io-'));
    await gateAndSave(dir, '2026-01-01T00:00:00Z', 1);
    await gateAndSave(dir, '2026-01-02T00:00:00Z', 2);
    const path = join(dir, readdirSync(dir).sort().at(-1)!);
    const baseline = JSON.parse(readFileSync(path, 'utf8')) as Baseline;
    damage(baseline);
    writeFileSync(path, JSON.stringify(baseline));
    return { dir, path };
  }

  it('a corrupt segment histogram: the gate passes on thresholds and the report names the part and the fix', async () => {
    const { dir, path } = await storeDamaged((baseline) => {
      const segment = baseline.results.scenarios[0]!.segments[3]!;
      segment.histogram = `${segment.histogram.slice(0, 12)}AAAA${segment.histogram.slice(16)}`;
    });
    const store = storeAt(dir, '2026-01-03T00:00:00Z');
    const results = { ...makeResults({ seed: 3 }), configHash: hash };
    const { comparison, baseline } = judgeRun({ current: results, config, baseline: await lookupBaseline(store) });
    expect(comparison.verdict).toBe('pass');
    expect(comparison.mode).toBe('thresholds-only');
    expect(baseline).toBeUndefined();
    expect(comparison.baselineStatus.kind).toBe('corrupt');
    const report = renderComparisonText(comparison);
    expect(report).toContain('baseline corrupt');
    expect(report).toMatch(/baseline\.results\.scenarios\[0\]\.segments\[3\]\.histogram does not decode/);
    expect(report).toContain(`delete ${path}`);
    // Never saved over: the damaged file and its history stay for the user to look at.
    const files = readdirSync(dir);
    await expect(
      saveBaseline(store, {
        results,
        status: comparison.baselineStatus,
        config,
        runId: '3',
        attempt: '1',
        now: new Date('2026-01-03T00:00:00Z'),
      }),
    ).rejects.toThrow(/corrupt/);
    expect(readdirSync(dir)).toEqual(files);
  });

  it('a history of 200,000 entries is compared using its newest compare.history entries', async () => {
    const { dir } = await storeDamaged((baseline) => {
      const entry = baseline.history[0]!;
      baseline.history = Array.from({ length: 200_000 }, () => entry);
    });
    const results = { ...makeResults({ seed: 3 }), configHash: hash };
    const { comparison, baseline } = judgeRun({
      current: results,
      config,
      baseline: await lookupBaseline(storeAt(dir, '2026-01-03T00:00:00Z')),
    });
    expect(comparison.baselineStatus).toEqual({ kind: 'ok' });
    expect(baseline?.history).toHaveLength(config.compare.historyLength);
    expect(comparison.baseline?.historyLength).toBe(config.compare.historyLength);
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
    await saveBaseline(store, {
      results,
      status: comparison.baselineStatus,
      config,
      runId: '1',
      attempt: '1',
      now: new Date('2026-01-01T00:00:00Z'),
    });
    expect(saved).toHaveLength(1);
  });

  it('still reads a store that failed to answer as unreadable', async () => {
    const store = {
      description: 'a broken cache',
      load: () => Promise.reject(new Error('HTTP 500')),
      save: () => Promise.resolve(),
    };
    expect((await lookupBaseline(store)).kind).toBe('unreadable');
  });
});
