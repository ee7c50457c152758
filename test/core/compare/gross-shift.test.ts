import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../src/core/compare/index.js';
import { createBaseline } from '../../../src/core/results/baseline.js';
import { DUET_GROSS_RATIO, grossShift, pairedGrossShift } from '../../../src/core/compare/gross-shift.js';
import { decideRun } from '../../../src/core/compare/decide.js';
import type { Draft } from '../../../src/core/compare/shared.js';
import { prepareRun } from '../../../src/core/stats/bootstrap.js';
import { pairDifferences } from '../../../src/core/stats/paired.js';
import { makeAbResults } from '../ab-fixtures.js';
import type { Baseline, Results } from '../../../src/core/types/results.js';
import { makeResults, TEST_COMPARE, type ScenarioFixture } from '../fixtures.js';

// A service made far costlier overloaded the runner and its generator: the generator guard held
// every latency back, and "⚠ PASS" let a 2.8× slowdown through. The gross-shift rule fails it
// when even the least the run can have measured is beyond the slowest baseline segment.

const shop: ScenarioFixture = { name: 'shop', executor: 'constant-arrival-rate', ratePerSec: 150, segments: 15 };

/** A run whose every segment saw `otherCores` of other work, and `lateStarts` late starts each. */
function run(seed: number, fixture: Partial<ScenarioFixture>, otherCores: number, lateStarts = 0): Results {
  const results = makeResults({ seed, scenarios: [{ ...shop, ...fixture }] });
  const scenario = results.scenarios[0]!;
  for (const segment of scenario.segments)
    segment.contention = { generatorCores: 0.04, loopDelayP99Ms: 5, lateStarts, otherCores, stealCores: 0 };
  if (fixture.saturated) {
    scenario.generator.lateStarts = lateStarts * scenario.segments.length;
    scenario.generator.maxStartDelayMs = 104;
  }
  return results;
}

function baseline(results: Results): Baseline {
  return { schemaVersion: 1, kind: 'perfgate-baseline', savedAt: '2025-01-01T00:00:00Z', results, history: [] };
}

function judge(current: Results, base: Results | Baseline) {
  const comparison = compareRuns({
    current,
    baseline: 'kind' in base ? base : baseline(base),
    baselineStatus: { kind: 'ok' },
    compare: TEST_COMPARE,
    thresholds: [],
    replicates: 400,
  });
  return comparison.scenarios[0]!.metrics.find((metric) => metric.metric === 'p50')!;
}

describe('a gross shift', () => {
  it('is not called where the 10 ms a request may start late could make it (1.2 → 12 ms, 8% late)', () => {
    const p50 = judge(run(9, { medianMs: 12, saturated: true }, 1.2, 12), run(10, { medianMs: 1.2 }, 1.7));
    expect(p50.decidedBy).not.toBe('gross-shift');
  });

  it('fails a p50 twenty times slower that the generator guard held back, saying why', () => {
    // As in the run this came from: 1.2 ms to about 22 ms, 8% of the requests late, the run
    // swinging from one second to the next so much that the test's interval reaches +94%, within
    // what the late starts could add.
    const base = run(1, { medianMs: 1.2 }, 1.7);
    const current = run(2, { medianMs: 24, saturated: true, loadSd: 1, loadPhi: 0 }, 1.2, 12);
    const p50 = judge(current, base);
    expect(p50.verdict).toBe('regression');
    expect(p50.decidedBy).toBe('gross-shift');
    expect(p50.reasons[0]).toMatchObject({ kind: 'gross-shift', metric: 'p50', segments: 15, of: 15, factor: 4 });
  });

  it('is nothing in an A/A pair with a saturated generator', () => {
    const p50 = judge(run(3, { medianMs: 1.2, saturated: true }, 1.2, 12), run(4, { medianMs: 1.2 }, 1.7));
    expect(p50.verdict).not.toBe('regression');
    expect(p50.reasons.map((reason) => reason.kind)).toContain('generator-behind');
  });

  it('reads no current segment busier than the busiest baseline segment', () => {
    const base = run(5, { medianMs: 1.2 }, 0.1);
    const current = run(6, { medianMs: 24, saturated: true }, 1.2, 12);
    expect(grossShift('p50', current.scenarios[0]!, base.scenarios[0]!, 0.05)).toBeUndefined();
    expect(judge(current, base).decidedBy).not.toBe('gross-shift');
  });

  it('takes off the most the generator can add: late starts beyond the percentile leave no bound', () => {
    const base = run(7, { medianMs: 1.2 }, 1.7);
    // Every request of every segment started late: the generator can explain any latency.
    const current = run(8, { medianMs: 24, saturated: true }, 1.2, 10_000);
    expect(grossShift('p50', current.scenarios[0]!, base.scenarios[0]!, 0.05)).toBeUndefined();
  });

  it("reads a segment whose generator kept up as well as the baseline's as measured (a quiet 2.8× head)", () => {
    // As in a quiet run: 1.4–2.6 ms → about 5 ms, no late start, the loop as punctual as before.
    const base = run(50, { medianMs: 1.6 }, 0.1);
    const current = run(51, { medianMs: 5 }, 0.1);
    const gross = grossShift('p50', current.scenarios[0]!, base.scenarios[0]!, 0.05);
    expect(gross?.segments).toBe(15);
    expect(judge(current, base).verdict).toBe('regression');
    // A loop later than the baseline's worst, in a run whose starts were up to 9 ms late: that delay
    // may be in the latencies, so it comes off, and leaves nothing to call.
    for (const segment of current.scenarios[0]!.segments) segment.contention!.loopDelayP99Ms = 12;
    current.scenarios[0]!.generator.maxStartDelayMs = 9;
    expect(grossShift('p50', current.scenarios[0]!, base.scenarios[0]!, 0.05)).toBeUndefined();
  });

  it('reads a busy 2.8× head whose generator fell behind now and then by the start delays it counted', () => {
    // As in a busy run: 1.6 → 4.4 ms, 3% of the requests 10–60 ms late, the loop later than the
    // baseline's; the other starts within a millisecond or two of their time.
    const base = run(60, { medianMs: 1.6 }, 1.7);
    const current = run(61, { medianMs: 4.4, saturated: true }, 1.2, 25);
    // Each step's share of a segment's requests that started later than it.
    const withSteps = (results: Results, laterThanOneMs: number) => {
      const shares: [number, number][] = [
        [0.25, Math.max(0.2, laterThanOneMs)],
        [0.5, Math.max(0.1, laterThanOneMs)],
        [1, laterThanOneMs],
        [2, Math.max(0.035, laterThanOneMs - 0.01)],
        [5, Math.max(0.033, laterThanOneMs - 0.02)],
        [10, 0.033],
        [20, 0.02],
        [50, 0.005],
      ];
      for (const segment of results.scenarios[0]!.segments) {
        segment.contention!.loopDelayP99Ms = 12;
        segment.contention!.startsLaterThan = shares.map(([ms, share]) => ({
          ms,
          count: Math.round(share * segment.count),
        }));
      }
    };
    withSteps(current, 0.05);
    expect(grossShift('p50', current.scenarios[0]!, base.scenarios[0]!, 0.05)?.segments).toBe(15);
    expect(judge(current, base)).toMatchObject({ verdict: 'regression', decidedBy: 'gross-shift' });
    // Results from before the per-step counts: 10 ms comes off, and nothing is left to call.
    for (const segment of current.scenarios[0]!.segments) delete segment.contention!.startsLaterThan;
    expect(grossShift('p50', current.scenarios[0]!, base.scenarios[0]!, 0.05)).toBeUndefined();
    // The same counts in an A/A pair: the bound stays under the baseline's slowest segment.
    const same = run(62, { medianMs: 1.6, saturated: true }, 1.2, 25);
    withSteps(same, 0.05);
    expect(grossShift('p50', same.scenarios[0]!, base.scenarios[0]!, 0.05)).toBeUndefined();
    // Most starts 1–10 ms late: the generator could have added up to 10 ms to the median, and the
    // rule no longer speaks.
    withSteps(current, 0.8);
    expect(grossShift('p50', current.scenarios[0]!, base.scenarios[0]!, 0.05)).toBeUndefined();
  });

  it('fails it with a history too, against the newest stored run', () => {
    let history: Baseline | undefined;
    for (let i = 0; i < 6; i++)
      history = createBaseline(run(20 + i, { medianMs: 1.2 }, 1.7), history, { savedAt: `t${i}`, historyLength: 10 });
    // Swinging so much that the history test's interval reaches into what the late starts could add.
    const p50 = judge(run(30, { medianMs: 24, saturated: true, loadSd: 2, loadPhi: 0 }, 1.2, 12), history!);
    expect(p50.method).toBe('history');
    expect(p50.decidedBy).toBe('gross-shift');
    expect(judge(run(31, { medianMs: 1.2, saturated: true }, 1.2, 12), history!).verdict).not.toBe('regression');
  });

  it('is nothing when the generator itself was busy (its own CPU may have delayed its requests)', () => {
    const current = run(40, { medianMs: 24, saturated: true }, 1.2, 12);
    current.scenarios[0]!.generator.cpuCores = 0.95;
    expect(
      grossShift('p50', current.scenarios[0]!, run(41, { medianMs: 1.2 }, 1.7).scenarios[0]!, 0.05),
    ).toBeUndefined();
  });
});

describe('a gross shift in duet', () => {
  const prepared = (headScale: number, seed: number) => {
    const results = makeAbResults({ seed, schedule: 'duet', scenarios: [{ name: 'api', pairs: 24, headScale }] });
    return pairDifferences(
      prepareRun(results.scenarios[0]!.segments),
      prepareRun(results.ab!.base.scenarios[0]!.segments),
    );
  };

  it('is three quarters of the blocks with the head at least 1.5× the base, and nothing in A/A or at +20%', () => {
    const slow = prepared(3, 1);
    expect(pairedGrossShift(slow.p50, 8)?.ratio).toBeGreaterThan(DUET_GROSS_RATIO);
    for (const seed of [2, 3, 4, 5, 6]) {
      const same = prepared(1, seed);
      expect(pairedGrossShift(same.p50, 8)).toBeUndefined();
      expect(pairedGrossShift(same.p90, 8)).toBeUndefined();
      const small = prepared(1.2, seed);
      expect(pairedGrossShift(small.p50, 8)).toBeUndefined();
    }
    // Too few blocks to say anything.
    expect(pairedGrossShift(slow.p50, 100)).toBeUndefined();
  });

  it('turns a verdict the test left inconclusive into a regression, saying why; not when errors moved', () => {
    const draft = (guards: Draft['guards']): Draft => ({
      comparison: {
        scenario: 'api',
        metric: 'p50',
        baseline: 38.6,
        current: 234,
        change: 5.07,
        changeInterval: [-0.4, 60.9],
        pValue: 0.18,
        method: 'paired',
        minEffect: 0.05,
        verdict: 'inconclusive',
        reasons: [],
      },
      guards,
      pairedGross: { ratio: 4.2, blocks: 24 },
    });
    const decided = draft([]);
    const errorsMoved = draft([{ kind: 'population', from: 0, to: 0.3 }]);
    decideRun([decided, errorsMoved], 0.05);
    expect(decided.comparison.verdict).toBe('regression');
    expect(decided.comparison.decidedBy).toBe('gross-shift');
    expect(decided.comparison.reasons).toEqual([
      { kind: 'gross-shift-paired', metric: 'p50', ratio: 4.2, blocks: 24, threshold: DUET_GROSS_RATIO },
    ]);
    expect(errorsMoved.comparison.verdict).not.toBe('regression');
  });
});

// A closed model times each request from its send: a baseline whose generator could not keep up
// held its users before the send, unmeasured, and gave the service less to queue, so its slowest
// segment is no ceiling for what the same users put on the service when the generator keeps up.
describe('a gross shift against a closed-model baseline whose generator fell behind', () => {
  function closed(seed: number, medianMs: number, saturated: boolean): Results {
    const results = makeResults({ seed, scenarios: [{ ...shop, executor: 'constant-vus', medianMs, saturated }] });
    const scenario = results.scenarios[0]!;
    const cores = saturated ? 0.95 : 0.3;
    for (const segment of scenario.segments)
      segment.contention = {
        generatorCores: cores,
        loopDelayP99Ms: saturated ? 35 : 2,
        lateStarts: 0,
        startsLaterThan: [],
        otherCores: 0.3,
        stealCores: 0,
      };
    scenario.generator.cpuCores = cores;
    return results;
  }

  it('is not called', () => {
    const base = closed(1, 1.6, true);
    const current = closed(2, 4.8, false);
    expect(grossShift('p50', current.scenarios[0]!, base.scenarios[0]!, 0.05)).toBeUndefined();
    expect(judge(current, base).verdict).toBe('inconclusive');
    // The same baseline with its generator keeping up: the 3× slower run is a gross shift.
    const kept = closed(1, 1.6, false);
    expect(grossShift('p50', current.scenarios[0]!, kept.scenarios[0]!, 0.05)).toBeDefined();
  });
});
