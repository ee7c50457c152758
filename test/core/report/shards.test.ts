// A merge of load shards in the reports: the shard count, a row per shard, and what sets one apart
// (a late start, its generator behind, errors or a tail of its own), so that a merged figure is
// never read without knowing that one runner measured something else.
import { describe, expect, it } from 'vitest';
import { describeShardsApart } from '../../../src/core/report/shards.js';
import { renderRunSummary } from '../../../src/core/report/run-summary.js';
import { renderMarkdown } from '../../../src/core/report/markdown.js';
import { judgeRun } from '../../../src/core/gate.js';
import { defaultCompareConfig } from '../../../src/core/config/compare.js';
import type { ShardFigures } from '../../../src/core/types/results.js';
import { makeResults } from '../fixtures.js';

function shard(index: number, change: Partial<ShardFigures> = {}): ShardFigures {
  return {
    index,
    startOffsetMs: 0,
    durationMs: 30_000,
    requests: { total: 1000, ok: 1000, ko: 0, dropped: 0 },
    rps: 33.3,
    p99Ms: 12,
    lateStarts: 0,
    cpuCores: 0.2,
    saturated: false,
    ...change,
  };
}

describe('load shards in the reports', () => {
  it('names what sets a shard apart, and nothing for shards alike', () => {
    const apart = describeShardsApart([
      shard(1),
      shard(2, { startOffsetMs: 4200 }),
      shard(3, { saturated: true, requests: { total: 1000, ok: 900, ko: 100, dropped: 0 }, p99Ms: 80 }),
      shard(4, { startOffsetMs: 8 }),
    ]);
    expect(apart[0]).toEqual([]);
    expect(apart[1]).toEqual(['started 4,200 ms after the others']);
    expect(apart[2]).toEqual([
      'its generator fell behind',
      '10.00% failed, the others 0.00%',
      'p99 80.0 ms, the others 12.0 ms',
    ]);
    // A barrier's few milliseconds are no late start.
    expect(apart[3]).toEqual([]);
  });

  it('gives the shard count and a row per shard in the run summary and the comment', () => {
    const results = makeResults({ seed: 4 });
    results.merged = { shards: 3, split: 'load' };
    results.scenarios[0]!.shards = [shard(1), shard(2, { startOffsetMs: -3100 }), shard(3)];
    const summary = renderRunSummary(results);
    expect(summary).toMatch(/---- Load shards \(3, merged exactly\)/);
    expect(summary).toContain('⚠ shard 2: started 3,100 ms before the others');
    expect(summary.split('\n').filter((text) => /^\s+[123]\s+[+−]/.test(text))).toHaveLength(3);
    const { comparison } = judgeRun({
      current: results,
      config: { thresholds: {}, compare: defaultCompareConfig() },
      baseline: { kind: 'missing', detail: 'none' },
    });
    const markdown = renderMarkdown(comparison, { now: new Date(0) });
    expect(markdown).toContain('**Load shards:** 3, merged exactly');
    expect(markdown).toMatch(/\| 2 +\| +−3,100 ms \|.*started 3,100 ms before the others/);
    // An unmerged run has no shard section.
    expect(renderRunSummary(makeResults({ seed: 4 }))).not.toContain('Load shards');
  });
});
