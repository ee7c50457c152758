// The stored runs through the Actions cache store (the real @actions/cache client against the
// cache service fake): each save restores the newest entry and saves the next, a failed run joins
// the stored runs without replacing the baseline, and trends reads the series back.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCacheStore } from '../../src/adapters/baseline-store-cache.js';
import { lookupBaseline, saveBaseline } from '../../src/entry/baseline-io.js';
import { parseBaseline, storedRuns } from '../../src/core/results/baseline.js';
import { analyzeTrends } from '../../src/core/trends/analyze.js';
import { defaultCompareConfig } from '../../src/core/config/compare.js';
import type { Baseline } from '../../src/core/types/results.js';
import type { Config } from '../../src/core/types/config.js';
import { makeResults } from '../core/fixtures.js';
import { useCacheServiceFake } from '../fakes/cache-client.js';

const config = {
  services: [],
  scenarios: [],
  thresholds: {},
  allowHosts: [],
  compare: defaultCompareConfig(),
  trends: { keep: 20, minSegment: 4, alpha: 0.001 },
} as Config;

describe('stored runs in the Actions cache store', () => {
  const cache = useCacheServiceFake('perfgate-trends-cache-');

  it('keeps trends.keep runs, failed ones beside the unchanged baseline, and trends finds the step', async () => {
    const store = createCacheStore({ configHash: 'abc123', workDir: join(cache.scratch, 'perfgate') });
    const runs = 24;
    for (let i = 0; i < runs; i++) {
      const lookup = await lookupBaseline(store);
      const previous =
        lookup.kind === 'found' ? (parseBaseline(lookup.text) as { baseline: Baseline }).baseline : undefined;
      const failed = i >= 12; // the step: the gate fails from here on, so these are kept as runs only
      const results = makeResults({
        seed: 500 + i,
        commit: `c${String(i).padStart(3, '0')}`,
        startTime: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
        scenarios: [
          { name: 'api', segments: 4, ratePerSec: 50, scale: failed ? 1.3 : 1, loadSd: 0.01, burstSd: 0.01 },
          { name: 'flat', segments: 4, ratePerSec: 50, loadSd: 0.01, burstSd: 0.01 },
        ],
      });
      await saveBaseline(store, {
        results,
        previous,
        status: previous ? { kind: 'ok' } : { kind: 'missing', detail: 'first' },
        config,
        runId: String(1000 + i),
        attempt: '1',
        now: new Date(Date.UTC(2026, 0, 1 + i)),
        verdict: failed ? 'fail' : 'pass',
        runOnly: failed,
      });
    }
    const loaded = await store.load();
    const parsed = parseBaseline(loaded!.text);
    expect(parsed.status.kind).toBe('ok');
    const baseline = (parsed as { baseline: Baseline }).baseline;
    // The baseline is still the last run that passed; the stored runs hold all 24, capped at keep 20.
    expect(baseline.results.git?.commit).toBe('c011');
    expect(baseline.trends).toHaveLength(20);
    expect(baseline.trends!.filter((run) => run.verdict === 'fail')).toHaveLength(12);
    const history = storedRuns(baseline);
    expect(history.map((run) => run.commit)).toEqual(
      Array.from({ length: 20 }, (_, i) => `c${String(i + 4).padStart(3, '0')}`),
    );

    const analysis = analyzeTrends(history, config);
    expect(analysis.changePoints.map((p) => [p.scenario, p.metric, p.commit, p.failedRun])).toEqual([
      ['api', 'p50', 'c012', true],
    ]);
  }, 120_000);
});
