// compare.extend: the looks of an extended run, the α each spends, and the plan of the next step.
import { describe, expect, it } from 'vitest';
import {
  AB_LOOK_SHARE,
  AB_SINGLE_LOOK_SHARE,
  alphaShares,
  EXTENSION_STEPS,
  FIRST_LOOK_SHARE,
  planExtension,
  runCouldExtend,
} from '../../../src/core/compare/sequential.js';
import { comparePaired, type CompareInput } from '../../../src/core/compare/index.js';
import { judgeRun } from '../../../src/core/gate.js';
import { remediesFor } from '../../../src/core/report/remedies.js';
import { appendExtension, resultsAtLook, scenarioAtLook } from '../../../src/core/results/extend.js';
import { findResultsNumberProblem } from '../../../src/core/results/checks.js';
import type { CompareConfig, MetricName } from '../../../src/core/types/config.js';
import type { Comparison, MetricComparison, Reason } from '../../../src/core/types/comparison.js';
import type { Results, ScenarioResult } from '../../../src/core/types/results.js';
import { makeAbResults, segmentsAsRun, type AbScenarioFixture } from '../ab-fixtures.js';
import { TEST_COMPARE } from '../fixtures.js';

const compare: CompareConfig = { ...TEST_COMPARE, mode: 'ab', extend: { maxWindowFactor: 2 } };

function judge(current: Results, config: CompareConfig = compare): Comparison {
  return judgeRun({
    current,
    config: { thresholds: {}, compare: config },
    baseline: { kind: 'missing', detail: 'A/B' },
  }).comparison;
}

function metric(comparison: Comparison, name: string, scenario = 'api'): MetricComparison {
  const found = comparison.scenarios.find((s) => s.name === scenario)?.metrics.find((m) => m.metric === name);
  if (found === undefined) throw new Error(`no ${name} in ${scenario}`);
  return found;
}

/** An A/B run drawn at `total` pairs, of which the planned window is the first `planned`. */
function drawn(fixture: AbScenarioFixture, total: number, seed = 7) {
  const full = makeAbResults({ seed, schedule: 'duet', scenarios: [{ name: 'api', ...fixture, pairs: total }] });
  return { head: full.scenarios[0]!, base: full.ab!.base.scenarios[0]!, full };
}

function planned(run: ReturnType<typeof drawn>, pairs: number, extendable = true): Results {
  return {
    ...run.full,
    scenarios: [segmentsAsRun(run.head, 0, pairs)],
    ab: { ...run.full.ab!, base: { ...run.full.ab!.base, scenarios: [segmentsAsRun(run.base, 0, pairs)] } },
    ...(extendable ? { sequential: { alphaShares: alphaShares(true) } } : {}),
  };
}

function extend(
  run: ReturnType<typeof drawn>,
  current: Results,
  from: number,
  to: number,
  undecided: string[],
): Results {
  const add = (scenario: ScenarioResult, source: ScenarioResult) =>
    appendExtension(scenario, segmentsAsRun(source, from, to), undecided);
  return {
    ...current,
    scenarios: [add(current.scenarios[0]!, run.head)],
    ab: { ...current.ab!, base: { ...current.ab!.base, scenarios: [add(current.ab!.base.scenarios[0]!, run.base)] } },
  };
}

describe('alphaShares', () => {
  it('spends α once over the looks: in stored mode most on the planned window, the rest evenly on the steps', () => {
    const shares = alphaShares(true);
    expect(shares).toHaveLength(1 + EXTENSION_STEPS);
    expect(shares[0]).toBe(FIRST_LOOK_SHARE);
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(alphaShares(false)).toEqual([1]);
    expect(alphaShares(false, true)).toEqual([AB_SINGLE_LOOK_SHARE]);
  });

  it('gives every look of an A/B run the same share, where small changes are decided at the last looks', () => {
    const shares = alphaShares(true, true);
    expect(shares).toHaveLength(1 + EXTENSION_STEPS);
    for (const share of shares) expect(share).toBe(AB_LOOK_SHARE);
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});

describe('runCouldExtend', () => {
  it('keeps all of α for one look when no scenario of the run could go on in its mode', () => {
    expect(runCouldExtend(compare, ['ramping-vus', 'capacity'], false)).toBe(false);
    expect(runCouldExtend(compare, ['ramping-vus', 'capacity'], true)).toBe(true);
    expect(runCouldExtend(compare, ['capacity', 'shared-iterations'], true)).toBe(false);
    expect(runCouldExtend(compare, ['constant-vus'], false)).toBe(true);
    expect(runCouldExtend({ extend: { maxWindowFactor: 0 } }, ['constant-vus'], true)).toBe(false);
  });
});

describe('appendExtension and scenarioAtLook', () => {
  const run = drawn({ ratePerSec: 300, segmentMs: 2000 }, 18);

  it('appends a step after the window, and gives the planned window back exactly', () => {
    const first = segmentsAsRun(run.head, 0, 12);
    const joined = appendExtension(first, segmentsAsRun(run.head, 12, 18), ['p95']);
    expect(joined.segments).toHaveLength(18);
    expect(joined.durationMs).toBe(36_000);
    expect(joined.segments[12]!.startMs).toBe(24_000);
    expect(joined.requests.total).toBe(run.head.requests.total);
    expect(joined.requests.ok).toBe(run.head.requests.ok);
    expect(joined.latencyMs.p99).toBe(run.head.latencyMs.p99);
    expect(joined.extension?.looks.map((look) => look.segments)).toEqual([12, 18]);
    expect(joined.extension?.looks[1]?.undecided).toEqual(['p95']);
    const back = scenarioAtLook(joined, 0);
    expect(back.segments).toHaveLength(12);
    expect(back.requests).toEqual(first.requests);
    expect(back.latencyMs).toEqual(first.latencyMs);
    expect(back.durationMs).toBe(first.durationMs);
    expect(scenarioAtLook(joined, 1)).toBe(joined);
    expect(scenarioAtLook(first, 0)).toBe(first);
  });

  it('gives the base variant the same looks', () => {
    const current = extend(run, planned(run, 12), 12, 18, ['p95']);
    const view = resultsAtLook(current, 0);
    expect(view.scenarios[0]!.segments).toHaveLength(12);
    expect(view.ab!.base.scenarios[0]!.segments).toHaveLength(12);
  });

  it('refuses looks a run could not have had, and α shares that add up to more than α', () => {
    const current = extend(run, planned(run, 12), 12, 18, ['p95']);
    expect(findResultsNumberProblem(current, 'results')).toBeUndefined();
    const scenario = current.scenarios[0]!;
    const forged = (looks: number[]): Results => ({
      ...current,
      scenarios: [
        {
          ...scenario,
          extension: {
            looks: looks.map((segments, i) => ({ ...scenario.extension!.looks[Math.min(i, 1)]!, segments })),
          },
        },
      ],
    });
    expect(findResultsNumberProblem(forged([12, 40]), 'results')).toMatch(/more than the scenario's 18/);
    expect(findResultsNumberProblem(forged([12, 12, 18]), 'results')).toMatch(/not more than the look before/);
    expect(findResultsNumberProblem({ ...current, sequential: { alphaShares: [1, 1, 1] } }, 'results')).toMatch(
      /add up to 3, more than 1/,
    );
  });
});

describe('compareSequential', () => {
  it('judges an A/B run that could not be extended at half of α, and says so', () => {
    const run = drawn({ ratePerSec: 300, segmentMs: 2000 }, 12);
    // detect: off, so that no A/B target adds its note to the judged run.
    const noTargets: CompareConfig = { ...compare, detect: {} };
    const plain = judge(planned(run, 12, false), noTargets);
    const input: CompareInput = {
      current: planned(run, 12, false),
      baselineStatus: { kind: 'missing', detail: '' },
      compare: noTargets,
      thresholds: [],
    };
    const atHalf = comparePaired({ ...input, look: { alpha: 0.025 } });
    expect(plain.scenarios).toEqual(atHalf.scenarios);
    expect(plain.sequential).toMatchObject({ alphaShares: [AB_SINGLE_LOOK_SHARE], looks: 1 });
    expect(plain.notes.join(' ')).toMatch(/could not be extended .* tested at 0\.025 of α = 0\.05/);
    // The note names what kept it from running on: here the config allowed it, so the command did.
    const single = (notes: string[]) => notes.filter((note) => note.includes('could not be extended'));
    expect(single(plain.notes)).toHaveLength(1);
    expect(single(plain.notes)[0]).toMatch(/\(it was measured by `perfgate run` or in load shards/);
    const noBudget = judge(planned(run, 12, false), { ...noTargets, extend: { maxWindowFactor: 1 } });
    expect(single(noBudget.notes)[0]).toMatch(/\(compare\.extend's budget is the planned window\)/);
    const fixed = planned(run, 12, false);
    const shared = {
      ...fixed,
      scenarios: fixed.scenarios.map((s) => ({ ...s, executor: 'shared-iterations' as const })),
    };
    expect(single(judge(shared, noTargets).notes)[0]).toMatch(
      /\(compare\.extend does not run shared-iterations scenarios on\)/,
    );
    // At the whole α the same run's MDE is smaller: the half is what the ≤ 1% per run costs.
    const whole = comparePaired(input);
    expect(metric(plain, 'p50').minDetectableEffect!).toBeGreaterThan(metric(whole, 'p50').minDetectableEffect!);
  });

  it('an A/B run without compare.detect aims at p50 5% and p95 10%: it names what it missed and runs on for it', () => {
    const run = drawn({ ratePerSec: 300, segmentMs: 2000 }, 12);
    const current = planned(run, 12, true);
    const judged = judge(current);
    const p95 = judged.scenarios[0]!.metrics.find((metric) => metric.metric === 'p95')!;
    expect(p95.minDetectableEffect).toBeGreaterThan(0.1);
    expect(judged.notes.join(' ')).toContain('A/B targets (p50 5%, p95 10%; compare.detect sets others)');
    const plan = planExtension({ comparison: judged, results: current, compare, look: 0 });
    expect(plan.steps[0]?.undecided).toContain('p95');
    // detect: off takes the targets away: no note, and no step for p95's MDE alone.
    const off = judge(current, { ...compare, detect: {} });
    expect(off.notes.join(' ')).not.toContain('A/B targets');
    const offPlan = planExtension({ comparison: off, results: current, compare: { ...compare, detect: {} }, look: 0 });
    expect(offPlan.steps.flatMap((step) => step.detect ?? [])).not.toContain('p95');
  });

  it('tests the planned window at its share of α: the same p-values, a stricter threshold', () => {
    const run = drawn({ ratePerSec: 300, segmentMs: 2000, headScale: 1.08 }, 12);
    const whole = judge({ ...planned(run, 12, false), sequential: { alphaShares: [1] } });
    const shared = judge(planned(run, 12, true));
    expect(shared.sequential).toMatchObject({ alphaShares: alphaShares(true), looks: 1 });
    expect(metric(shared, 'p50').pValue).toBe(metric(whole, 'p50').pValue);
    expect(metric(shared, 'p50').minDetectableEffect!).toBeGreaterThan(metric(whole, 'p50').minDetectableEffect!);
    expect(shared.notes.join(' ')).toMatch(/planned window was tested at 0\.0375 of α = 0\.05/);
  });

  it('says why a run with undecided metrics was not extended, instead of "did not need"', () => {
    let found = 0;
    for (let seed = 1; seed <= 12 && found < 2; seed++) {
      const current = planned(drawn({ ratePerSec: 300, segmentMs: 2000, headScale: 1.01 }, 12, seed), 12);
      const comparison = judge(current);
      const skipped = planExtension({ comparison, results: current, compare, look: 0 }).skipped;
      const undecided = comparison.scenarios[0]!.metrics.filter((m) => m.verdict === 'inconclusive');
      const note = comparison.notes.join(' ');
      if (undecided.length === 0) {
        expect(note).toMatch(/which this run did not need/);
        continue;
      }
      if (skipped.length === 0) continue;
      found += 1;
      expect(note).not.toMatch(/did not need/);
      expect(note).toMatch(/did not take them: no more data within its budget would have decided/);
      for (const { metric } of skipped) expect(note).toMatch(new RegExp(`api [^:]*\\b${metric}\\b`));
      // The advice to raise the budget comes only when the budget is what stopped it.
      expect(comparison.sequential?.moreRoomWouldHelp).toBe(skipped.some((skip) => skip.budget));
      expect(remediesFor(comparison).some((line) => line.includes('compare.extend.maxDuration'))).toBe(
        skipped.some((skip) => skip.budget),
      );
    }
    expect(found).toBeGreaterThan(0);
  });

  it('keeps a change found at the planned window, and judges the rest again, a no change giving way only to a change', () => {
    const run = drawn({ ratePerSec: 300, segmentMs: 2000, headScale: 1.25 }, 20);
    const current = planned(run, 10);
    const first = judge(current);
    const decided = first.scenarios[0]!.metrics.filter(
      (m) => m.verdict === 'regression' || m.verdict === 'improvement',
    );
    expect(decided.length).toBeGreaterThan(0);
    const unchanged = first.scenarios[0]!.metrics.filter((m) => m.verdict === 'no change');
    const later = judge(extend(run, current, 10, 20, ['p99']));
    for (const m of decided) {
      const after = metric(later, m.metric);
      expect(after.verdict).toBe(m.verdict);
      expect(after.change).toBe(m.change);
      expect(after.look).toBe(0);
    }
    // A no change is judged again; less sure at the later look, it keeps the planned window's.
    for (const m of unchanged) expect(metric(later, m.metric).verdict).not.toBe('inconclusive');
    for (const m of later.scenarios[0]!.metrics)
      if (!decided.some((d) => d.metric === m.metric)) expect(m.look === 1 || m.verdict === 'no change').toBe(true);
    // The scenario shows everything it measured, and says why it ran on.
    expect(later.scenarios[0]!.current.segments).toHaveLength(20);
    expect(later.ab?.pairs).toBe(20);
    expect(later.scenarios[0]!.notes[0]).toMatch(
      /Measured 20 s more than planned, in 1 extension step .*p99 after the planned window/,
    );
    // Rows from different looks say which seconds each shows, apart from the thresholds' whole run.
    const reopened = later.scenarios[0]!.metrics.filter((m) => m.look === 1).map((m) => m.metric.replace('_', ' '));
    expect(later.scenarios[0]!.notes[0]).toContain(
      `its row shows that look's values (${decided.map((m) => m.metric.replace('_', ' ')).join(', ')} over the first 20 s; ${reopened.join(', ')} over all 40 s); the thresholds and the details cover all 40 s`,
    );
  });

  it('lets a later look overturn a no change with a change: the head slowed only after the planned window', () => {
    // The planned window from an A/A run, the extension from a head 25% slower (an episode that
    // favoured the head over the planned 15 s of a real +15% head read as "no change"). 80 slower
    // pairs after 20: a level shift inside the run widens the test, so a short slower tail is not enough.
    const same = drawn({ ratePerSec: 1000, segmentMs: 1000, headScale: 1 }, 100);
    const slower = drawn({ ratePerSec: 1000, segmentMs: 1000, headScale: 1.25 }, 100);
    const current = planned(same, 20);
    expect(metric(judge(current), 'p50').verdict).toBe('no change');
    const later = judge(extend(slower, current, 20, 100, ['p99']));
    const p50 = metric(later, 'p50');
    expect(p50.verdict).toBe('regression');
    expect(p50.look).toBe(1);
    // With no change after the planned window either, a later look that is less sure keeps it.
    const still = judge(extend(same, current, 20, 22, ['p99']));
    expect(metric(still, 'p50').verdict).toBe('no change');
  });

  it('decides with the longer window what the planned one could not', () => {
    // +10% on a noisy service: 12 blocks of 500 ms leave it open, 36 decide it.
    let decidedLater = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const run = drawn({ ratePerSec: 300, segmentMs: 500, headScale: 1.1 }, 36, seed);
      const current = planned(run, 12);
      if (metric(judge(current), 'p50').verdict !== 'inconclusive') continue;
      const p50 = metric(judge(extend(run, current, 12, 36, ['p50'])), 'p50');
      if (p50.verdict === 'regression') decidedLater += 1;
      expect(p50.verdict).not.toBe('improvement');
    }
    expect(decidedLater).toBeGreaterThan(0);
  });

  it('gives the same verdicts when a results file is judged again', () => {
    const run = drawn({ ratePerSec: 300, segmentMs: 2000, headScale: 1.05 }, 16);
    const current = extend(run, planned(run, 8), 8, 16, ['p50']);
    const again = JSON.parse(JSON.stringify(current)) as Results;
    const verdicts = (c: Comparison) =>
      c.scenarios[0]!.metrics.map((m) => [m.metric, m.verdict, m.look, m.adjustedPValue]);
    expect(verdicts(judge(again))).toEqual(verdicts(judge(current)));
  });
});

describe('planExtension', () => {
  const run = drawn({ ratePerSec: 300, segmentMs: 2000 }, 24);

  it('extends an A/B scenario whose metric lacks data, by half the budget, and names the metric', () => {
    const current = planned(run, 6);
    const comparison = judge(current);
    const plan = planExtension({ comparison, results: current, compare, look: 0 });
    const open = comparison.scenarios[0]!.metrics.filter((m) => m.verdict === 'inconclusive').map((m) => m.metric);
    expect(open.length).toBeGreaterThan(0);
    expect(plan.steps).toHaveLength(1);
    expect(plan.steps[0]!.scenario).toBe('api');
    // 6 pairs of 2 s planned, budget 2x: two steps of 3 segments.
    expect(plan.steps[0]!.addMs).toBe(6000);
    for (const name of plan.steps[0]!.undecided) expect(open).toContain(name);
  });

  it('does not extend when compare.extend is off, past its steps, or for an interrupted run', () => {
    const current = planned(run, 6);
    const comparison = judge(current);
    const off: CompareConfig = { ...compare, extend: { maxWindowFactor: 0 } };
    expect(planExtension({ comparison, results: current, compare: off, look: 0 }).steps).toEqual([]);
    expect(planExtension({ comparison, results: current, compare, look: EXTENSION_STEPS }).steps).toEqual([]);
    expect(planExtension({ comparison, results: { ...current, interrupted: true }, compare, look: 0 }).steps).toEqual(
      [],
    );
  });

  it('skips a metric held back for a reason more data does not change, and says why', () => {
    const current = planned(run, 6);
    const comparison = judge(current);
    const held: Comparison = {
      ...comparison,
      scenarios: comparison.scenarios.map((s) => ({
        ...s,
        metrics: s.metrics.map((m) => ({
          ...m,
          verdict: 'inconclusive' as const,
          reasons: [{ kind: 'generator-behind' as const, run: 'head' as const, details: [] }],
        })),
      })),
    };
    const plan = planExtension({ comparison: held, results: current, compare, look: 0 });
    expect(plan.steps).toEqual([]);
    expect(plan.skipped[0]?.why).toMatch(/generator-behind/);
  });

  /** The comparison as stored mode would give it, with only `metric` left, held back for `reason`. */
  function storedHeldBack(comparison: Comparison, metric: MetricName, reason: Reason): Comparison {
    return {
      ...comparison,
      mode: 'bootstrap',
      scenarios: comparison.scenarios.map((s) => ({
        ...s,
        metrics: s.metrics
          .filter((m) => m.metric === metric)
          .map((m) => ({ ...m, method: 'bootstrap' as const, verdict: 'inconclusive' as const, reasons: [reason] })),
      })),
    };
  }

  it('does not extend a stored-mode latency whose uncertainty is the runner-noise prior', () => {
    const current = planned(run, 6);
    const stored = storedHeldBack(judge(current), 'p50', {
      kind: 'not-significant',
      metric: 'p50',
      change: 0.02,
      adjustedPValue: 1,
      alpha: 0.05,
    });
    const plan = planExtension({
      comparison: stored,
      results: current,
      compare: { ...compare, mode: 'stored' },
      look: 0,
    });
    expect(plan.steps).toEqual([]);
    expect(plan.skipped[0]?.why).toMatch(/run-to-run noise/);
    // A larger budget would not help either, so the report does not advise one.
    expect(plan.skipped[0]?.budget).toBe(false);
  });

  it('runs on for a change that read small in the planned window by chance, not for one that reads as nothing', () => {
    // p50 alone left, undecided, with a standard error of 3% (on the log scale) and many degrees of
    // freedom; no compare.detect target to run on for. At 4x the standard error halves; the last
    // look's critical t is about 2.4, so the estimate as it stands must reach 3.6% to be decided
    // there. 3% (one standard error) does not, but one standard error beyond it (6%) does: a real
    // +10% that drew +3% in the planned window gets its longer run. 0.3% does not come close.
    const current: Results = { ...planned(run, 6), sequential: { alphaShares: alphaShares(true, true) } };
    const config: CompareConfig = { ...compare, extend: { maxWindowFactor: 4 }, detect: { p50: 10 } };
    const onlyP50 = (z: number): Comparison => {
      const comparison = judge(current, config);
      return {
        ...comparison,
        scenarios: comparison.scenarios.map((s) => ({
          ...s,
          metrics: s.metrics
            .filter((m) => m.metric === 'p50')
            .map((m) => ({
              ...m,
              change: Math.expm1(z * 0.03),
              standardError: 0.03,
              df: 200,
              verdict: 'inconclusive' as const,
              reasons: [
                {
                  kind: 'not-significant' as const,
                  metric: 'p50' as const,
                  change: 0,
                  adjustedPValue: 0.3,
                  alpha: 0.05,
                },
              ],
            })),
        })),
      };
    };
    const plan = (z: number) => planExtension({ comparison: onlyP50(z), results: current, compare: config, look: 0 });
    expect(plan(1).steps[0]?.undecided).toEqual(['p50']);
    expect(plan(0.1).steps).toEqual([]);
    expect(plan(0.1).skipped[0]).toMatchObject({ metric: 'p50', budget: true });
  });

  it('does not count on the budget for a tail the stored baseline lacks', () => {
    const current = planned(run, 6);
    const thin = storedHeldBack(judge(current), 'p99', {
      kind: 'thin-tail',
      metric: 'p99',
      share: 0.01,
      needed: 50,
      runs: [
        { run: 'current', beyond: 49 },
        { run: 'baseline', beyond: 20 },
      ],
    });
    const plan = planExtension({
      comparison: thin,
      results: current,
      compare: { ...compare, mode: 'stored' },
      look: 0,
    });
    expect(plan.steps).toEqual([]);
    expect(plan.skipped[0]).toMatchObject({
      metric: 'p99',
      budget: false,
      why: expect.stringMatching(/baseline has too few/),
    });
  });
});

describe('compare.detect: running on until the run can see the target', () => {
  // Duet's 250 ms blocks: a planned window of 20 s (80 blocks), drawn on to 50 s for the steps. An
  // A/A run whose p50 is a clear "no change" (seed 11), so that only a target runs it on.
  const run = drawn({ ratePerSec: 300, segmentMs: 250 }, 200, 11);
  const current = planned(run, 80);
  const first = judge(current);
  const p50 = metric(first, 'p50');
  const mde = p50.minDetectableEffect!;
  // Just above the minimum effect, which the MDE only creeps down to: more than any step gives.
  const far = p50.minEffect * 1.07;
  const withDetect = (target: number, maxWindowFactor = 2): CompareConfig => ({
    ...compare,
    extend: { maxWindowFactor },
    detect: { p50: target },
  });
  const stepFor = (config: CompareConfig, comparison = judge(current, config), results = current, look = 0) =>
    planExtension({ comparison, results, compare: config, look }).steps.find((step) => step.scenario === 'api');

  it('extends a scenario whose MDE is above its target, by what the target needs, and not one at or below it', () => {
    expect(p50.verdict).toBe('no change');
    expect(mde).toBeGreaterThan(far / 0.97);
    // Without a target, or with one this run already sees, p50 asks for nothing.
    expect(stepFor(compare)?.undecided ?? []).not.toContain('p50');
    expect(stepFor(withDetect(mde * 1.01))?.undecided ?? []).not.toContain('p50');
    // Just above the target, a step of what it needs (the next look's smaller share of α
    // included); far above it, the step's whole share of the budget.
    // (Every metric as a "no change": an undecided one that the budget could decide takes the
    // whole share.)
    const settled = {
      ...first,
      scenarios: first.scenarios.map((s) => ({
        ...s,
        metrics: s.metrics.map((m) => ({ ...m, verdict: 'no change' as const, reasons: [] })),
      })),
    };
    const near = stepFor(withDetect(mde * 0.97, 4), settled);
    const farStep = stepFor(withDetect(far, 4), settled);
    expect(near?.undecided).toContain('p50');
    expect(farStep?.undecided).toContain('p50');
    const fullStep = (20_000 * 4 - 20_000) / EXTENSION_STEPS;
    expect(farStep!.addMs).toBe(fullStep);
    expect(near!.addMs).toBeLessThan(farStep!.addMs);
    expect(near!.addMs).toBeGreaterThan(0);
    expect(near!.addMs % 250).toBe(0);
    // A verdict already reached is final: a regression is not run on for its MDE.
    const regressed = {
      ...first,
      scenarios: first.scenarios.map((s) => ({
        ...s,
        metrics: s.metrics.map((m) => (m.metric === 'p50' ? { ...m, verdict: 'regression' as const } : m)),
      })),
    };
    expect(stepFor(withDetect(far), regressed)?.undecided ?? []).not.toContain('p50');
  });

  it('does not run on for a target the whole budget would leave far away (more than 1.5x its MDE)', () => {
    // At twice the data the MDE falls by about 1/sqrt(2): a third of it is out of reach, two
    // thirds is a near miss worth the longer window.
    expect(stepFor(withDetect(mde / 3, 2))?.undecided ?? []).not.toContain('p50');
    expect(stepFor(withDetect((mde * 2) / 3, 2))?.undecided).toContain('p50');
  });

  it('judges the metric again on the longer run, where its MDE is smaller, and notes a target still not reached', () => {
    const config = withDetect(far, 4);
    const step = stepFor(config)!;
    expect(step.detect).toContain('p50');
    const blocks = 80 + step.addMs / 250;
    const longer = extend(run, current, 80, blocks, step.undecided);
    const judged = judge(longer, config);
    const after = metric(judged, 'p50');
    // Judged at look 1, on the longer window: a smaller MDE than the planned window's.
    expect(after.look).toBe(1);
    expect(after.minDetectableEffect!).toBeLessThan(mde);
    expect(judged.scenarios[0]!.notes.join(' ')).toMatch(/MDE was above its compare\.detect target/);
    // A target just above the minimum effect needs far more than one step's 30 s: the note says
    // it was not reached, and the next step is planned.
    expect(after.minDetectableEffect!).toBeGreaterThan(far);
    expect(judged.notes.join(' ')).toMatch(
      /compare\.detect: p50 of api could see ±[\d.]+%, not the [\d.]+% it targets/,
    );
    expect(stepFor(config, judged, longer, 1)?.undecided).toContain('p50');
    // A metric the target does not name keeps the verdict its planned window reached: a change at
    // that look; a no change unless the longer window found a change.
    const decided = first.scenarios[0]!.metrics.filter((m) => m.verdict !== 'inconclusive' && m.metric !== 'p50');
    expect(decided.length).toBeGreaterThan(0);
    for (const m of decided) {
      const after = metric(judged, m.metric);
      if (m.verdict === 'no change') expect(after.verdict).not.toBe('inconclusive');
      else expect(after.look).toBe(0);
    }
  });

  it('says when every targeted metric reached its target', () => {
    const judged = judge(current, withDetect(mde * 1.5));
    expect(judged.notes.join(' ')).toMatch(/compare\.detect: every targeted metric could see its change/);
  });
});
