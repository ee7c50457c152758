import { describe, expect, it } from 'vitest';
import { createBaseline, parseBaseline, summarizeForHistory } from '../../src/core/baseline.js';
import type { Baseline } from '../../src/core/types.js';
import { makeResults } from './fixtures.js';

const small = (seed: number, commit?: string) =>
  makeResults({ seed, commit, startTime: `2025-02-${String(seed).padStart(2, '0')}T00:00:00Z`, scenarios: [{ name: 'api', segments: 4, ratePerSec: 20 }] });

describe('createBaseline', () => {
  it('carries the previous run, summarized, in front of the history, newest first', () => {
    let baseline: Baseline | undefined;
    for (let i = 1; i <= 4; i++) baseline = createBaseline(small(i, `c${i}`), baseline, { savedAt: `t${i}`, historyLength: 10 });
    expect(baseline?.results.git?.commit).toBe('c4');
    expect(baseline?.commit).toBe('c4');
    expect(baseline?.history.map((entry) => entry.commit)).toEqual(['c3', 'c2', 'c1']);
    const third = small(3, 'c3');
    expect(baseline?.history[0]).toEqual(summarizeForHistory(third));
    expect(baseline?.history[0]?.scenarios.api).toEqual({
      p50: third.scenarios[0]!.latencyMs.p50,
      p90: third.scenarios[0]!.latencyMs.p90,
      p95: third.scenarios[0]!.latencyMs.p95,
      p99: third.scenarios[0]!.latencyMs.p99,
      rps: third.scenarios[0]!.rps,
      errorRate: third.scenarios[0]!.errorRate,
      count: third.scenarios[0]!.requests.total,
      // Results without per-segment contention: the generator's whole-run figure.
      loopDelayP99Ms: third.scenarios[0]!.generator.eventLoopDelayP99Ms,
    });
  });

  it('summarizes a run over the segments its comparison keeps, without the burst it had', () => {
    const run = small(7, 'c7');
    const scenario = run.scenarios[0]!;
    const calm = { otherCores: 0.1, stealCores: 0, generatorCores: 0.05, loopDelayP99Ms: 1, lateStarts: 0 };
    const segments = scenario.segments.map((segment, i) => ({ ...segment, contention: i === 0 ? { ...calm, otherCores: 1.4 } : calm }));
    const entry = summarizeForHistory({ ...run, scenarios: [{ ...scenario, segments }] }).scenarios.api!;
    expect(entry.count).toBe(scenario.requests.total - scenario.segments[0]!.count);
    expect(entry).toMatchObject({ otherCores: 0.1, stealCores: 0, loopDelayP99Ms: 1 });
  });

  it('cuts the history at historyLength, dropping the oldest', () => {
    let baseline: Baseline | undefined;
    for (let i = 1; i <= 6; i++) baseline = createBaseline(small(i, `c${i}`), baseline, { savedAt: `t${i}`, historyLength: 3 });
    expect(baseline?.history.map((entry) => entry.commit)).toEqual(['c5', 'c4', 'c3']);
    expect(createBaseline(small(1), baseline, { savedAt: 'x', historyLength: 0 }).history).toEqual([]);
  });

  it('starts with an empty history and takes meta.commit over the results commit', () => {
    const baseline = createBaseline(small(1, 'from-results'), undefined, { savedAt: 'now', historyLength: 10, commit: 'from-meta' });
    expect(baseline).toMatchObject({ schemaVersion: 1, kind: 'perfgate-baseline', savedAt: 'now', commit: 'from-meta', history: [] });
  });
});

describe('parseBaseline', () => {
  const baseline = createBaseline(small(2), createBaseline(small(1), undefined, { savedAt: 'a', historyLength: 10 }), { savedAt: 'b', historyLength: 10 });
  const text = JSON.stringify(baseline);

  it('reads back a saved baseline', () => {
    const parsed = parseBaseline(text, 'cfg-1');
    expect(parsed.status).toEqual({ kind: 'ok' });
    expect('baseline' in parsed && parsed.baseline).toEqual(baseline);
  });

  it('takes a bare results file as a baseline without history', () => {
    const results = small(5, 'abc');
    const parsed = parseBaseline(JSON.stringify(results), 'cfg-1');
    expect(parsed.status.kind).toBe('ok');
    if (!('baseline' in parsed)) throw new Error('expected a baseline');
    expect(parsed.baseline).toEqual({ schemaVersion: 1, kind: 'perfgate-baseline', savedAt: results.startTime, commit: 'abc', results, history: [] });
  });

  const cases: [string, string, string, RegExp][] = [
    ['not JSON', '{"kind": "perfgate-baseline",', 'corrupt', /not JSON/],
    ['not an object', '[1, 2]', 'corrupt', /not a JSON object/],
    ['something else', '{"hello": 1}', 'corrupt', /neither a perfgate baseline/],
    ['history missing', JSON.stringify({ ...baseline, history: undefined }), 'corrupt', /baseline\.history is missing/],
    [
      'a segment without its histogram',
      JSON.stringify({ ...baseline, results: { ...baseline.results, scenarios: [{ ...baseline.results.scenarios[0], segments: [{ startMs: 0, durationMs: 1, count: 1, ko: 0 }] }] } }),
      'corrupt',
      /baseline\.results\.scenarios\[0\]\.segments\[0\]\.histogram is missing/,
    ],
    ['a damaged results file', JSON.stringify({ ...small(1), rps: 1, scenarios: [{ name: 3 }] }), 'corrupt', /results\.scenarios\[0\]\.name is not a string/],
    ['a future baseline', JSON.stringify({ ...baseline, schemaVersion: 2 }), 'future-version', /schemaVersion 2, newer than this perfgate reads \(1\)/],
    ['a future results file', JSON.stringify({ ...small(1), schemaVersion: 3 }), 'future-version', /schemaVersion 3/],
    ['another config', text.replace('"configHash":"cfg-1"', '"configHash":"cfg-9"'), 'other-config', /another config \(hash cfg-9, this run cfg-1\)/],
  ];
  it.each(cases)('reports %s', (_name, input, kind, detail) => {
    const parsed = parseBaseline(input, 'cfg-1');
    expect(parsed.status.kind).toBe(kind);
    expect('detail' in parsed.status ? parsed.status.detail : '').toMatch(detail);
    expect('baseline' in parsed).toBe(false);
  });

  it('skips the config check when no hash is expected', () => {
    expect(parseBaseline(text.replace('"configHash":"cfg-1"', '"configHash":"cfg-9"')).status.kind).toBe('ok');
  });
});
