// compare.confirm: a regression of one process per variant fails the gate only if a second pair
// of processes, booted afresh, shows it too.
import { describe, expect, it } from 'vitest';
import { judgeRun } from '../../../src/core/gate.js';
import { confirmationScenario, repeatable, scenariosToConfirm } from '../../../src/core/compare/confirm.js';
import { describeReason } from '../../../src/core/report/reasons.js';
import { remediesFor } from '../../../src/core/report/remedies.js';
import { describeMetricChange } from '../../../src/core/report/sentences.js';
import type { CompareConfig } from '../../../src/core/types/config.js';
import type { Comparison, MetricComparison } from '../../../src/core/types/comparison.js';
import type { Results } from '../../../src/core/types/results.js';
import { makeAbResults, withBursts } from '../ab-fixtures.js';
import { TEST_COMPARE } from '../fixtures.js';

const COMPARE: CompareConfig = { ...TEST_COMPARE, mode: 'ab', schedule: 'duet' } as CompareConfig;

/** A duet run of a head `headScale` times slower than its base (seed picks the noise). */
function duet(headScale: number, seed: number): Results {
  return makeAbResults({
    seed,
    schedule: 'duet',
    scenarios: [{ name: 'api', pairs: 60, segmentMs: 250, ratePerSec: 400, headScale }],
  });
}

/** The first pair's run with a second pair's measurement of it. */
function withSecondPair(first: Results, second: Results, failure?: string): Results {
  return {
    ...first,
    ab: {
      ...first.ab!,
      confirmation: {
        scenarios: second.scenarios,
        base: second.ab!.base.scenarios,
        ...(failure === undefined ? {} : { failure }),
      },
    },
  };
}

function judge(current: Results, compare: CompareConfig = COMPARE): Comparison {
  return judgeRun({
    current,
    config: { thresholds: {}, compare },
    baseline: { kind: 'missing', detail: 'none' },
  }).comparison;
}

function p50(comparison: Comparison): MetricComparison {
  const found = comparison.scenarios[0]!.metrics.find((m) => m.metric === 'p50');
  if (!found) throw new Error('no p50');
  return found;
}

describe('compare.confirm', () => {
  const slower = duet(1.25, 11);

  it('the first pair alone: a +25% head regresses on p50 and asks for a second pair', () => {
    const first = judge(slower);
    expect(p50(first).verdict).toBe('regression');
    expect(first.verdict).toBe('fail');
    expect(scenariosToConfirm(first, slower, COMPARE)).toEqual([
      { scenario: 'api', windowMs: slower.scenarios[0]!.durationMs, look: 0 },
    ]);
  });

  it('measures again for the window of the look that decided the regression, not the whole run, and at least the first extension look', () => {
    const first = judge(slower);
    const planned = slower.scenarios[0]!.durationMs;
    // As if the scenario had run on for its p95 after p50 regressed on the planned window.
    const extended = {
      ...slower,
      scenarios: [
        {
          ...slower.scenarios[0]!,
          durationMs: 3 * planned,
          extension: {
            looks: [0, 1, 2].map((look) => ({
              segments: 0,
              durationMs: (look + 1) * planned,
              dropped: 0,
              generator: slower.scenarios[0]!.generator,
            })),
          },
        },
      ],
    };
    expect(p50(first).look ?? 0).toBe(0);
    expect(scenariosToConfirm(first, extended, COMPARE)).toEqual([{ scenario: 'api', windowMs: planned, look: 0 }]);
    const late = { ...first, regressions: first.regressions.map((m) => ({ ...m, look: 2 })) };
    expect(scenariosToConfirm(late, extended, COMPARE)).toEqual([{ scenario: 'api', windowMs: 3 * planned, look: 2 }]);
    // With compare.extend's budget (4x here), never less than its first extension look's window:
    // planned + (4 - 1) / 2 x planned, where a regression decided early was too short for a second
    // pair to find a real +10% (4 of 26 audit heads).
    const extend = { ...COMPARE, extend: { maxWindowFactor: 4 } } as CompareConfig;
    expect(scenariosToConfirm(first, extended, extend)).toEqual([
      { scenario: 'api', windowMs: 2.5 * planned, look: 0 },
    ]);
    expect(scenariosToConfirm(first, slower, extend)).toEqual([{ scenario: 'api', windowMs: 2.5 * planned, look: 0 }]);
    expect(scenariosToConfirm(late, extended, extend)).toEqual([{ scenario: 'api', windowMs: 3 * planned, look: 2 }]);
    // A flow's step runs on with its flow (compare.extend), and has the flow's looks: its
    // regression at a later look measures the flow again for that look's window.
    const step = { ...extended.scenarios[0]!, name: 'api/fetch', flow: { scenario: 'api', step: 'fetch' } };
    const withStep = { ...extended, scenarios: [{ ...extended.scenarios[0]!, extension: undefined }, step] };
    const lateStep = { ...late, regressions: late.regressions.map((m) => ({ ...m, scenario: 'api/fetch' })) };
    expect(scenariosToConfirm(lateStep, withStep, COMPARE)).toEqual([
      { scenario: 'api', windowMs: 3 * planned, look: 2 },
    ]);
  });

  it('keeps a regression the second pair shows too, and says so', () => {
    const comparison = judge(withSecondPair(slower, duet(1.25, 12)));
    const metric = p50(comparison);
    expect(metric.verdict).toBe('regression');
    expect(metric.confirmation?.outcome).toBe('confirmed');
    expect(metric.confirmation?.change).toBeGreaterThan(0.1);
    expect(comparison.verdict).toBe('fail');
    expect(describeMetricChange(metric)).toContain('a second pair of processes, booted afresh, showed it too (+');
    expect(comparison.notes.join(' ')).toMatch(
      /compare\.confirm: api regressed with one process per variant, so head and base were booted afresh and it ran again for \d+ s on that second pair of processes: it showed p50/,
    );
  });

  it("says a flow's second pair once, naming its steps' metrics beside the flow's", () => {
    // A flow `api` of one step `get`: both regress, and ran again as one.
    const flow = (headScale: number, seed: number): Results => {
      const results = makeAbResults({
        seed,
        schedule: 'duet',
        scenarios: ['api', 'api/get'].map((name) => ({ name, pairs: 60, segmentMs: 250, ratePerSec: 400, headScale })),
      });
      const mark = (list: Results['scenarios']) =>
        list.map((one) => (one.name === 'api/get' ? { ...one, flow: { scenario: 'api', step: 'get' } } : one));
      return {
        ...results,
        scenarios: mark(results.scenarios),
        ab: { ...results.ab!, base: { ...results.ab!.base, scenarios: mark(results.ab!.base.scenarios) } },
      };
    };
    const comparison = judge(withSecondPair(flow(1.25, 21), flow(1.25, 22)));
    const notes = comparison.notes.filter((note) => note.startsWith('compare.confirm:'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^compare\.confirm: api and its step get regressed with one process per variant, so head and base were booted afresh and the flow ran again for \d+ s on that second pair of processes: it showed api p50, .*api\/get p50/,
    );
    expect(scenariosToConfirm(comparison, flow(1.25, 21), COMPARE).map((target) => target.scenario)).toEqual(['api']);
  });

  it('measures an improvement again too: kept where the second pair shows it, inconclusive where it does not', () => {
    const faster = duet(0.8, 31);
    const first = judge(faster);
    expect(p50(first).verdict).toBe('improvement');
    expect(first.verdict).toBe('pass');
    expect(scenariosToConfirm(first, faster, COMPARE)).toEqual([
      { scenario: 'api', windowMs: faster.scenarios[0]!.durationMs, look: 0, improvedOnly: true },
    ]);
    const shown = judge(withSecondPair(faster, duet(0.8, 32)));
    expect(p50(shown).verdict).toBe('improvement');
    expect(p50(shown).confirmation?.outcome).toBe('confirmed');
    expect(shown.improvements.some((m) => m.metric === 'p50')).toBe(true);
    expect(shown.notes.join(' ')).toMatch(
      /compare\.confirm: api improved with one process per variant, .*: it showed the improvement of p50/,
    );
    expect(describeMetricChange(p50(shown))).toContain('a second pair of processes, booted afresh, showed it too (−');
    // A no-op head whose first pair read faster: the second pair does not show it.
    const notShown = judge(withSecondPair(faster, duet(1, 33)));
    const metric = p50(notShown);
    expect(metric.verdict).toBe('inconclusive');
    expect(metric.confirmation?.outcome).toBe('not-reproduced');
    expect(notShown.improvements.filter((m) => m.scenario === 'api' && m.metric === 'p50')).toHaveLength(0);
    expect(describeReason(metric.reasons[0]!)).toMatch(/where an improvement needed p ≤/);
    expect(notShown.verdict).toBe('pass');
  });

  it('makes inconclusive a regression the second pair does not show: the gate passes', () => {
    const comparison = judge(withSecondPair(slower, duet(1, 13)));
    const metric = p50(comparison);
    expect(metric.verdict).toBe('inconclusive');
    expect(metric.confirmation?.outcome).toBe('not-reproduced');
    expect(metric.decidedBy).toBeUndefined();
    const reason = metric.reasons[0]!;
    expect(reason.kind).toBe('not-reproduced');
    expect(describeReason(reason)).toMatch(/in a second pair, head and base booted afresh/);
    expect(comparison.regressions.filter((m) => m.scenario === 'api' && m.metric === 'p50')).toHaveLength(0);
    expect(comparison.regressions.every((m) => m.confirmation?.outcome !== 'not-reproduced')).toBe(true);
    // What you can do: several processes per variant, which count how far processes differ.
    expect(remediesFor(comparison).join('\n')).toMatch(
      /boot several processes of each variant \(compare: \{ processes: 4 \} or more\): a second pair of processes did not show what the first read in p50/,
    );
  });

  it('a second pair whose "no change" a burst held back does not show the regression: the gate passes', () => {
    // A neighbour took a core in three quarters of the second pair's blocks (its quiet level 0
    // cores): half of them are left out, and the rest, half of those kept, hold its "no change" back.
    const busySecond = withBursts(duet(1, 13), (index) => index % 4 !== 0);
    const comparison = judge(withSecondPair(slower, busySecond));
    // p90's second pair read "no change", held back by the burst; p50's interval was too wide.
    const second = judge(busySecond);
    expect(second.scenarios[0]!.metrics.find((m) => m.metric === 'p90')!.reasons.map((r) => r.kind)).toEqual([
      'shared-burst',
    ]);
    for (const name of ['p50', 'p90']) {
      const metric = comparison.scenarios[0]!.metrics.find((m) => m.metric === name)!;
      expect(metric.confirmation?.outcome).toBe('not-reproduced');
      expect(metric.verdict).toBe('inconclusive');
    }
    // Only a percentile the second pair's kept blocks were too few to test (p99) stands on the first.
    expect(comparison.regressions.filter((m) => m.scenario === 'api').map((m) => m.metric)).toEqual(['p99']);
  });

  it('a second pair that could not be measured leaves the first verdict, with a note', () => {
    const comparison = judge(
      withSecondPair(
        slower,
        { ...slower, scenarios: [], ab: { ...slower.ab!, base: { ...slower.ab!.base, scenarios: [] } } },
        'the services did not boot again: port taken',
      ),
    );
    expect(p50(comparison).verdict).toBe('regression');
    expect(comparison.verdict).toBe('fail');
    expect(comparison.notes.join(' ')).toContain('could not be measured (the services did not boot again: port taken)');
  });

  // A merge of shards: one shard's pair failed, this one's was measured. The failed one must not
  // void it (it did, when a merged failure made every first-pair regression stand).
  it('a merge whose other shard could not measure its pair still judges the pair that was measured', () => {
    const merged = withSecondPair(slower, duet(1, 13));
    merged.ab!.confirmation!.unmeasured = 'shard 2/2 (shard-2.json): the services did not boot again';
    const comparison = judge(merged);
    expect(p50(comparison).verdict).toBe('inconclusive');
    expect(p50(comparison).confirmation?.outcome).toBe('not-reproduced');
    expect(comparison.notes.join(' ')).toContain(
      'could not be measured on some shards (shard 2/2 (shard-2.json): the services did not boot again)',
    );
  });

  it('a second pair cut short by a dead service is not judged, however much it measured', () => {
    const comparison = judge(withSecondPair(slower, duet(1, 13), 'the head\'s service "api" was killed by SIGKILL'));
    expect(p50(comparison).verdict).toBe('regression');
    expect(p50(comparison).confirmation).toBeUndefined();
    expect(comparison.verdict).toBe('fail');
    expect(comparison.notes.join(' ')).not.toContain('it did not show');
  });

  it('a second pair whose base could not serve (30% of its requests failed) leaves the first verdict, and says so, not that the run has no verdict', () => {
    const brokenBase = makeAbResults({
      seed: 13,
      schedule: 'duet',
      scenarios: [{ name: 'api', pairs: 60, segmentMs: 250, ratePerSec: 400, errorRate: 0.3, headErrorRate: 0.002 }],
    });
    const comparison = judge(withSecondPair(slower, brokenBase));
    expect(p50(comparison).verdict).toBe('regression');
    expect(comparison.verdict).toBe('fail');
    const notes = comparison.notes.filter((note) => note.startsWith('compare.confirm'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^compare\.confirm: the second pair's base could not serve \(api: \d+ of \d+ base requests failed/,
    );
    expect(notes[0]).toContain("the first pair's verdicts stand");
    expect(notes[0]).not.toContain('no verdict');
  });

  it('compare.confirm false, and compare.processes above 1, ask for no second pair and ignore one', () => {
    const off = { ...COMPARE, confirm: false };
    expect(scenariosToConfirm(judge(slower, off), slower, off)).toEqual([]);
    expect(p50(judge(withSecondPair(slower, duet(1, 13)), off)).verdict).toBe('regression');
    const processes = { ...COMPARE, processes: 4 };
    expect(scenariosToConfirm(judge(slower), slower, processes)).toEqual([]);
  });

  it('a change no process offset explains (1.5× in three quarters of the blocks) is not measured again', () => {
    const doubled = duet(2, 31);
    const comparison = judge(doubled);
    expect(p50(comparison).verdict).toBe('regression');
    expect(p50(comparison).pairedGrossRatio).toBeGreaterThan(1.5);
    expect(scenariosToConfirm(comparison, doubled, COMPARE)).toEqual([]);
    expect(p50(judge(withSecondPair(doubled, duet(1, 32)))).verdict).toBe('regression');
  });

  it('an A/A run asks for nothing', () => {
    const same = duet(1, 21);
    expect(scenariosToConfirm(judge(same), same, COMPARE)).toEqual([]);
  });

  it('a steady load runs on for the window of the deciding look; a ramp decided on its extension is not repeated', () => {
    const steady = { load: { executor: 'constant-arrival-rate' as const, ratePerSec: 150, durationMs: 15_000 } };
    const ramp = {
      load: {
        executor: 'ramping-arrival-rate' as const,
        startRatePerSec: 10,
        stages: [{ durationMs: 15_000, target: 150 }],
      },
    };
    expect(confirmationScenario(steady, 37_500).load.durationMs).toBe(37_500);
    expect(confirmationScenario(steady, 15_000)).toBe(steady);
    expect(confirmationScenario(ramp, 37_500)).toBe(ramp);
    const extended = { scenario: 'api', windowMs: 37_500, look: 1 };
    expect([
      repeatable(extended, steady.load),
      repeatable(extended, ramp.load),
      repeatable(extended, undefined),
    ]).toEqual([true, false, false]);
    expect(repeatable({ ...extended, windowMs: 15_000, look: 0 }, ramp.load)).toBe(true);
  });
});
