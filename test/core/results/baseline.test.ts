import { describe, expect, it } from 'vitest';
import { createBaseline, parseBaseline, summarizeForHistory } from '../../../src/core/results/baseline.js';
import type { Baseline } from '../../../src/core/types/results.js';
import { makeResults } from '../fixtures.js';

const small = (seed: number, commit?: string) =>
  makeResults({
    seed,
    commit,
    startTime: `2025-02-${String(seed).padStart(2, '0')}T00:00:00Z`,
    scenarios: [{ name: 'api', segments: 4, ratePerSec: 20 }],
  });

describe('createBaseline', () => {
  it('carries the previous run, summarized, in front of the history, newest first', () => {
    let baseline: Baseline | undefined;
    for (let i = 1; i <= 4; i++)
      baseline = createBaseline(small(i, `c${i}`), baseline, { savedAt: `t${i}`, historyLength: 10 });
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
    const segments = scenario.segments.map((segment, i) => ({
      ...segment,
      contention: i === 0 ? { ...calm, otherCores: 1.4 } : calm,
    }));
    const entry = summarizeForHistory({ ...run, scenarios: [{ ...scenario, segments }] }).scenarios.api!;
    expect(entry.count).toBe(scenario.requests.total - scenario.segments[0]!.count);
    expect(entry).toMatchObject({ otherCores: 0.1, stealCores: 0, loopDelayP99Ms: 1 });
  });

  it('cuts the history at historyLength, dropping the oldest', () => {
    let baseline: Baseline | undefined;
    for (let i = 1; i <= 6; i++)
      baseline = createBaseline(small(i, `c${i}`), baseline, { savedAt: `t${i}`, historyLength: 3 });
    expect(baseline?.history.map((entry) => entry.commit)).toEqual(['c5', 'c4', 'c3']);
    expect(createBaseline(small(1), baseline, { savedAt: 'x', historyLength: 0 }).history).toEqual([]);
  });

  it('starts with an empty history and takes meta.commit over the results commit', () => {
    const baseline = createBaseline(small(1, 'from-results'), undefined, {
      savedAt: 'now',
      historyLength: 10,
      commit: 'from-meta',
    });
    expect(baseline).toMatchObject({
      schemaVersion: 1,
      kind: 'perfgate-baseline',
      savedAt: 'now',
      commit: 'from-meta',
      history: [],
    });
  });
});

describe('parseBaseline', () => {
  const baseline = createBaseline(small(2), createBaseline(small(1), undefined, { savedAt: 'a', historyLength: 10 }), {
    savedAt: 'b',
    historyLength: 10,
  });
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
    expect(parsed.baseline).toEqual({
      schemaVersion: 1,
      kind: 'perfgate-baseline',
      savedAt: results.startTime,
      commit: 'abc',
      results,
      history: [],
    });
  });

  const cases: [string, string, string, RegExp][] = [
    ['not JSON', '{"kind": "perfgate-baseline",', 'corrupt', /not JSON/],
    // A baseline file linked to a secret: the note says where it broke, never what it read.
    [
      'a link to a key file',
      'ghp_0123456789abcdefSECRET',
      'corrupt',
      /^The baseline is not JSON \(it (does not parse|breaks at character \d+)\)\.$/,
    ],
    ['not an object', '[1, 2]', 'corrupt', /not a JSON object/],
    ['something else', '{"hello": 1}', 'corrupt', /neither a perfgate baseline/],
    ['history missing', JSON.stringify({ ...baseline, history: undefined }), 'corrupt', /baseline\.history is missing/],
    [
      'a segment without its histogram',
      JSON.stringify({
        ...baseline,
        results: {
          ...baseline.results,
          scenarios: [{ ...baseline.results.scenarios[0], segments: [{ startMs: 0, durationMs: 1, count: 1, ko: 0 }] }],
        },
      }),
      'corrupt',
      /baseline\.results\.scenarios\[0\]\.segments\[0\]\.histogram is missing/,
    ],
    [
      'a damaged results file',
      JSON.stringify({ ...small(1), rps: 1, scenarios: [{ name: 3 }] }),
      'corrupt',
      /results\.scenarios\[0\]\.\w+ is missing/,
    ],
    [
      'a future baseline',
      JSON.stringify({ ...baseline, schemaVersion: 2 }),
      'future-version',
      /schemaVersion 2, newer than this perfgate reads \(1\)/,
    ],
    ['a future results file', JSON.stringify({ ...small(1), schemaVersion: 3 }), 'future-version', /schemaVersion 3/],
    [
      'another config',
      text.replace('"configHash":"cfg-1"', '"configHash":"cfg-9"'),
      'other-config',
      /another config \(hash cfg-9, this run cfg-1\)/,
    ],
  ];
  it.each(cases)('reports %s', (_name, input, kind, detail) => {
    const parsed = parseBaseline(input, 'cfg-1');
    expect(parsed.status.kind).toBe(kind);
    expect('detail' in parsed.status ? parsed.status.detail : '').toMatch(detail);
    expect('baseline' in parsed).toBe(false);
  });

  // A shape that passes, with numbers perfgate never writes: each threw deep in the statistics
  // (a histogram that does not decode, a null summary) or moved a verdict (crafted counts).
  const damaged = (change: (copy: Baseline) => void): string => {
    const copy = JSON.parse(text) as Baseline;
    change(copy);
    return JSON.stringify(copy);
  };
  const scenario0 = (copy: Baseline) => copy.results.scenarios[0]!;
  const history0 = (copy: Baseline) => copy.history[0]!.scenarios as Record<string, unknown>;
  const numberCases: [string, string, RegExp][] = [
    [
      'a segment histogram that does not decode',
      damaged((copy) => (scenario0(copy).segments[1]!.histogram = 'aGVsbG8gd29ybGQ=')),
      /baseline\.results\.scenarios\[0\]\.segments\[1\]\.histogram does not decode \(.+\)/,
    ],
    [
      'a truncated segment histogram',
      damaged((copy) => (scenario0(copy).segments[2]!.histogram = scenario0(copy).segments[2]!.histogram.slice(0, 30))),
      /segments\[2\]\.histogram does not decode/,
    ],
    [
      "a whole-run histogram with another run's latencies",
      damaged((copy) => (scenario0(copy).histogram = scenario0(copy).segments[0]!.histogram)),
      /scenarios\[0\]\.histogram holds \d+ latencies, but the counts say \d+ ok requests/,
    ],
    [
      'a crafted segment count',
      damaged((copy) => (scenario0(copy).segments[0]!.count = 1e12)),
      /segments\[0\]\.count is 1000000000000, more than a run can hold/,
    ],
    [
      'crafted request counts',
      damaged((copy) => Object.assign(scenario0(copy).requests, { total: 1e12 + 5, ok: 1e12 })),
      /requests\.total is 1000000000005, more than a run can hold/,
    ],
    [
      'counts that do not add up',
      damaged((copy) => (scenario0(copy).requests.ko += 7)),
      /requests: ok \d+ \+ ko \d+ is not total \d+/,
    ],
    [
      'a negative percentile',
      damaged((copy) => (scenario0(copy).latencyMs.p95 = -5)),
      /latencyMs\.p95 is -5, not a finite number/,
    ],
    [
      'percentiles out of order',
      damaged((copy) => (scenario0(copy).latencyMs.p99 = 0.001)),
      /latencyMs\.p99 \(0\.001\) is below a lower percentile/,
    ],
    [
      'an error rate above 1',
      damaged((copy) => (scenario0(copy).errorRate = 2)),
      /errorRate is 2, not a share in \[0, 1\]/,
    ],
    [
      'a scenario twice',
      damaged((copy) => copy.results.scenarios.push(scenario0(copy))),
      /scenarios\[1\]\.name "api" appears twice/,
    ],
    [
      'an empty history summary',
      damaged((copy) => (history0(copy).api = {})),
      /baseline\.history\[0\]\.scenarios\.api\.p50 is missing/,
    ],
    [
      'a null history summary',
      damaged((copy) => (history0(copy).api = null)),
      /baseline\.history\[0\]\.scenarios\.api is not an object/,
    ],
    [
      'a crafted history count',
      damaged((copy) => ((history0(copy).api as { count: number }).count = 1e12)),
      /history\[0\]\.scenarios\["api"\]\.count is 1000000000000/,
    ],
    [
      'a history percentile as text',
      damaged((copy) => ((history0(copy).api as Record<string, unknown>).p95 = 'fast')),
      /baseline\.history\[0\]\.scenarios\.api\.p95 is not a number/,
    ],
  ];
  it.each(numberCases)('reports %s as corrupt, naming the part', (_name, input, detail) => {
    const parsed = parseBaseline(input, 'cfg-1');
    expect(parsed.status.kind).toBe('corrupt');
    expect('detail' in parsed.status ? parsed.status.detail : '').toMatch(detail);
    expect('baseline' in parsed).toBe(false);
  });

  it('says how to replace a corrupt baseline, for a file and for a cache entry', () => {
    const input = numberCases[0]![1];
    const fromFile = parseBaseline(input, 'cfg-1', { source: '/repo/.perfgate/perfgate-v1-cfg-1-9-1.json' });
    expect('detail' in fromFile.status && fromFile.status.detail).toMatch(
      /^\/repo\/\.perfgate\/perfgate-v1-cfg-1-9-1\.json: The baseline is damaged: .* Judged on thresholds alone until it is replaced: delete \/repo\/\.perfgate\/perfgate-v1-cfg-1-9-1\.json/,
    );
    const fromCache = parseBaseline(input, 'cfg-1', { source: 'Actions cache key perfgate-v1-cfg-1-9-1' });
    expect('detail' in fromCache.status && fromCache.status.detail).toMatch(/gh cache delete perfgate-v1-cfg-1-9-1/);
  });

  it('cuts a stored history to compare.history before reading it (200,000 entries)', () => {
    const entry = baseline.history[0]!;
    const huge = JSON.stringify({
      ...baseline,
      history: Array.from({ length: 200_000 }, (_, i) => ({ ...entry, commit: `c${i}` })),
    });
    const parsed = parseBaseline(huge, 'cfg-1', { historyLength: 10 });
    expect(parsed.status).toEqual({ kind: 'ok' });
    if (!('baseline' in parsed)) throw new Error('expected a baseline');
    expect(parsed.baseline.history.map((kept) => kept.commit)).toEqual(Array.from({ length: 10 }, (_, i) => `c${i}`));
    // A damaged entry past the cap is never read.
    const damagedTail = JSON.stringify({ ...baseline, history: [entry, { ...entry, scenarios: { api: null } }] });
    expect(parseBaseline(damagedTail, 'cfg-1', { historyLength: 1 }).status).toEqual({ kind: 'ok' });
    expect(parseBaseline(damagedTail, 'cfg-1').status.kind).toBe('corrupt');
  });

  it('skips the config check when no hash is expected', () => {
    expect(parseBaseline(text.replace('"configHash":"cfg-1"', '"configHash":"cfg-9"')).status.kind).toBe('ok');
  });
});
