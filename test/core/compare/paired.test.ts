import { describe, expect, it } from 'vitest';
import { AB_MIN_EFFECT, comparePaired, minEffectFor, type CompareInput } from '../../../src/core/compare/index.js';
import type { CompareConfig } from '../../../src/core/types/config.js';
import type { Comparison, MetricComparison, ThresholdResult } from '../../../src/core/types/comparison.js';
import type { Results } from '../../../src/core/types/results.js';
import { makeAbResults, withBursts, type AbScenarioFixture } from '../ab-fixtures.js';
import { TEST_COMPARE } from '../fixtures.js';
import { describeReason } from '../../../src/core/report/reasons.js';

const compare = TEST_COMPARE;

function input(current: Results, extra: Partial<CompareInput> = {}): CompareInput {
  return { current, baselineStatus: { kind: 'missing', detail: 'no baseline yet' }, compare, thresholds: [], ...extra };
}

function metric(comparison: Comparison, scenario: string, name: string): MetricComparison {
  const found = comparison.scenarios.find((s) => s.name === scenario)?.metrics.find((m) => m.metric === name);
  if (found === undefined) throw new Error(`no ${name} in ${scenario}`);
  return found;
}

const api: AbScenarioFixture = { name: 'api', pairs: 12, ratePerSec: 400 };

describe('comparePaired', () => {
  it('finds no change between identical variants, and says how it compared', () => {
    const head = makeAbResults({ seed: 1, schedule: 'duet', scenarios: [api] });
    // The base is the head itself: every pair's difference is exactly zero.
    const same: Results = { ...head, ab: { schedule: 'duet', seed: 1, base: { ...head, ab: undefined } } };
    const comparison = comparePaired(input(same));
    expect(comparison.mode).toBe('ab');
    expect(comparison.verdict).toBe('pass');
    expect(comparison.baselineStatus).toEqual({ kind: 'ok' });
    expect(comparison.ab).toEqual({ schedule: 'duet', pairs: 12 });
    const metrics = comparison.scenarios[0]?.metrics ?? [];
    expect(metrics).toHaveLength(6);
    for (const m of metrics) {
      expect(m.method).toBe('paired');
      expect(m.verdict).toBe('no change');
      expect(m.change).toBe(0);
      expect(m.pValue).toBe(1);
    }
    expect(comparison.notes.join(' ')).toContain('Duet: every request was sent to head and base at the same moment');
  });

  it('judges with the A/B minimum effects unless the config set its own', () => {
    const comparison = comparePaired(input(makeAbResults({ seed: 2, schedule: 'duet', scenarios: [api] })));
    expect(metric(comparison, 'api', 'p95').minEffect).toBe(AB_MIN_EFFECT.p95);
    expect(metric(comparison, 'api', 'p99').minEffect).toBe(0.08);
    const set: CompareConfig = { ...compare, minEffectSet: ['p95'], minEffect: { ...compare.minEffect, p95: 0.2 } };
    expect(minEffectFor(set, 'p95', 'ab')).toBe(0.2);
    expect(minEffectFor(set, 'p90', 'ab')).toBe(0.05);
    expect(minEffectFor(set, 'p90')).toBe(0.1);
  });

  // Closed model: the 4× slower head completes a quarter of the requests, so the rate is set high
  // enough for its p99 to have the 50 requests beyond it that the tail guard asks for.
  it('catches a 4x slowdown of one scenario among twelve and nothing else', () => {
    const scenarios: AbScenarioFixture[] = Array.from({ length: 12 }, (_, i) => ({
      name: `s${i}`,
      pairs: 60,
      segmentMs: 1000,
      ratePerSec: 800,
      headScale: i === 7 ? 4 : 1,
    }));
    const comparison = comparePaired(input(makeAbResults({ seed: 3, schedule: 'duet', scenarios })));
    expect(comparison.verdict).toBe('fail');
    const regressed = new Set(comparison.regressions.map((m) => m.scenario));
    expect([...regressed]).toEqual(['s7']);
    for (const name of ['p50', 'p90', 'p95', 'p99', 'rps'])
      expect(metric(comparison, 's7', name).verdict).toBe('regression');
    // The whole-run ratio: ×4 in the head over the base's ×4^0.1 (the shared cores' cross-talk).
    expect(metric(comparison, 's7', 'p95').change).toBeGreaterThan(2.3);
  });

  for (const schedule of ['duet', 'alternate'] as const) {
    it(`${schedule}: a 20% p95 slowdown is a regression with its interval and MDE`, () => {
      const comparison = comparePaired(
        input(makeAbResults({ seed: 4, schedule, scenarios: [{ ...api, headScale: 1.2 }] })),
      );
      const p95 = metric(comparison, 'api', 'p95');
      expect(p95.verdict).toBe('regression');
      expect(p95.changeInterval?.[0]).toBeLessThan(p95.change);
      expect(p95.changeInterval?.[1]).toBeGreaterThan(p95.change);
      expect(p95.minDetectableEffect).toBeGreaterThan(0);
      // Duet cancels the moment's load; alternate pays for the slot-to-slot difference.
      expect(p95.minDetectableEffect).toBeLessThan(schedule === 'duet' ? 0.2 : 0.5);
      expect(comparison.ab?.schedule).toBe(schedule);
    });
  }

  it("judges the latencies of a duet whose generator fell behind (the delay was both variants'), but not of an alternate", () => {
    const lagging = (schedule: 'duet' | 'alternate'): Results => {
      const results = makeAbResults({ seed: 4, schedule, scenarios: [{ ...api, headScale: 1.2 }] });
      const behind = { saturated: true, reasons: ['2,851 of 58,428 requests started more than 10 ms late'] };
      const lag = <T extends Results>(r: T): T => ({
        ...r,
        scenarios: r.scenarios.map((sc) => ({ ...sc, generator: { ...sc.generator, ...behind } })),
      });
      return { ...lag(results), ab: { ...results.ab!, base: lag(results.ab!.base) } };
    };
    const duet = comparePaired(input(lagging('duet')));
    expect(metric(duet, 'api', 'p95').verdict).toBe('regression');
    expect(metric(duet, 'api', 'p50').verdict).toBe('regression');
    const note = duet.scenarios[0]?.notes.find((text) => text.startsWith('The load generator fell behind'));
    expect(note).toContain('2,851 of 58,428 requests started more than 10 ms late');
    expect(note).toContain('mostly dilutes a change towards zero');
    const alternate = comparePaired(input(lagging('alternate')));
    for (const name of ['p50', 'p95']) {
      const held = metric(alternate, 'api', name);
      expect(held.verdict).toBe('inconclusive');
      expect(held.reasons.map(describeReason).join(' ')).toContain(
        'the load generator fell behind its schedule in the head',
      );
    }
    expect(alternate.scenarios[0]?.notes.some((text) => text.startsWith('The load generator fell behind'))).toBe(false);
  });

  it('alternate: a generator behind in the base alone holds back an improvement, not a regression (it only slowed the base)', () => {
    const open: AbScenarioFixture = { ...api, executor: 'constant-arrival-rate' };
    const behind = { saturated: true, reasons: ['2,851 of 58,428 requests started more than 10 ms late'] };
    const baseBehind = (headScale: number, fixture = open, dropped = 0): Results => {
      const results = makeAbResults({ seed: 4, schedule: 'alternate', scenarios: [{ ...fixture, headScale }] });
      const base = results.ab!.base;
      const lagged = {
        ...base,
        scenarios: base.scenarios.map((sc) => ({
          ...sc,
          requests: { ...sc.requests, dropped },
          generator: { ...sc.generator, ...behind },
        })),
      };
      return { ...results, ab: { ...results.ab!, base: lagged } };
    };
    const p50 = (results: Results) => metric(comparePaired(input(results)), 'api', 'p50');
    expect(p50(baseBehind(1.5)).verdict).toBe('regression');
    const faster = p50(baseBehind(1 / 1.5));
    expect(faster.verdict).toBe('inconclusive');
    expect(faster.reasons.map(describeReason).join(' ')).toContain(
      'the load generator fell behind its schedule in the base',
    );
    expect(
      p50(makeAbResults({ seed: 4, schedule: 'alternate', scenarios: [{ ...open, headScale: 1 / 1.5 }] })).verdict,
    ).toBe('improvement');
    // Everything is held where the base may have read faster than its service: a closed model (timed
    // from the send, its users held unmeasured) or a base that dropped requests the head did not.
    expect(p50(baseBehind(1.5, api)).verdict).toBe('inconclusive');
    expect(p50(baseBehind(1.5, open, 500)).verdict).toBe('inconclusive');
  });

  it('holds back a "no change" of a duet whose generator fell behind: the shared delay may have diluted a change', () => {
    // 40 pairs: enough to rule out the minimum effects, so that there is a "no change" to hold back.
    const results = makeAbResults({ seed: 7, schedule: 'duet', scenarios: [{ ...api, pairs: 40 }] });
    const behind = { saturated: true, reasons: ["the generator's event loop was delayed 56 ms at p99"] };
    const lag = <T extends Results>(r: T): T => ({
      ...r,
      scenarios: r.scenarios.map((sc) => ({ ...sc, generator: { ...sc.generator, ...behind } })),
    });
    const comparison = comparePaired(input({ ...lag(results), ab: { ...results.ab!, base: lag(results.ab!.base) } }));
    const plain = comparePaired(input(results));
    const noChange = plain.scenarios[0]!.metrics.filter(
      (m) => m.verdict === 'no change' && m.metric !== 'error_rate' && m.metric !== 'rps',
    ).map((m) => m.metric);
    expect(noChange.length).toBeGreaterThan(0);
    for (const name of noChange) {
      const held = metric(comparison, 'api', name);
      expect(held.verdict).toBe('inconclusive');
      expect(held.reasons.map(describeReason).join(' ')).toContain(
        '"no change" cannot be told from a smaller reading of a real one',
      );
    }
  });

  it('leaves the blocks a burst hit out of a duet, for both variants alike, so a change it diluted reads whole', () => {
    const results = makeAbResults({ seed: 7, schedule: 'duet', scenarios: [{ ...api, pairs: 40, headScale: 1.1 }] });
    // The neighbour's core in blocks 10–19 made both variants wait alike: the head read as the base
    // there (the dilution at its worst).
    const hit = (index: number): boolean => index >= 10 && index < 20;
    const diluted: Results = {
      ...results,
      scenarios: results.scenarios.map((sc, i) => ({
        ...sc,
        segments: sc.segments.map((segment, index) =>
          hit(index) ? results.ab!.base.scenarios[i]!.segments[index]! : segment,
        ),
      })),
    };
    const unrecorded = comparePaired(input(diluted));
    const recorded = comparePaired(input(withBursts(diluted, hit)));
    // Judged as if those blocks had never been run: the same comparison as the other 30 blocks'.
    const without = (r: Results): Results => ({
      ...r,
      scenarios: r.scenarios.map((sc) => ({ ...sc, segments: sc.segments.filter((_, index) => !hit(index)) })),
    });
    const kept = comparePaired(input({ ...without(results), ab: { ...results.ab!, base: without(results.ab!.base) } }));
    for (const name of ['p50', 'p90', 'p95', 'p99']) {
      expect(metric(recorded, 'api', name).change).toBeCloseTo(metric(kept, 'api', name).change, 9);
      expect(metric(recorded, 'api', name).changeInterval).toEqual(metric(kept, 'api', name).changeInterval);
    }
    const p50 = metric(recorded, 'api', 'p50');
    expect(p50.change).toBeGreaterThan(0.08);
    expect(p50.verdict).toBe('regression');
    // Read over every block, a quarter of the run hides a quarter of the change.
    expect(metric(unrecorded, 'api', 'p50').change).toBeLessThan(p50.change - 0.015);
    expect(recorded.scenarios[0]!.notes.join(' ')).toContain(
      'Both variants: 10 of 40 blocks left out, hit by a burst of competing work (50–100 s into the window; the worst: 1.00 cores of other work',
    );
  });

  it('holds back a duet\'s "no change" that the hit blocks kept beyond the cap could have diluted, in proportion to them', () => {
    // 80 pairs: after half are left out, enough to rule out the minimum effects, so that there is a
    // "no change" to hold back.
    const results = makeAbResults({ seed: 7, schedule: 'duet', scenarios: [{ ...api, pairs: 80 }] });
    // A neighbour took a core in the first `hit` blocks (the run's quiet level is 0 cores).
    const burst = (hit: number): Results => withBursts(results, (index) => index < hit);
    const latencies = (comparison: Comparison): MetricComparison[] =>
      comparison.scenarios[0]!.metrics.filter((m) => ['p50', 'p90', 'p95', 'p99'].includes(m.metric));
    const plain = latencies(comparePaired(input(results)));
    // Bursts in 60 of 80 blocks: 40 are left out (at most half), and 20 of the 40 kept were hit:
    // read as undiluted, every interval doubles in log terms. (More than three quarters hit would
    // be the run's quiet level.)
    const hit = 60;
    const comparison = comparePaired(input(burst(hit)));
    expect(comparison.scenarios[0]!.notes.join(' ')).toContain(
      `40 of 80 blocks left out, hit by a burst of competing work`,
    );
    let heldBack = 0;
    for (const m of latencies(comparison)) {
      const undiluted = m.changeInterval!.map((c) => Math.abs(Math.expm1((Math.log1p(c) * 40) / (80 - hit))));
      if (m.verdict === 'no change') expect(Math.max(...undiluted)).toBeLessThanOrEqual(m.minEffect);
      const hold = m.reasons.find((reason) => reason.kind === 'shared-burst');
      if (hold === undefined) continue;
      heldBack += 1;
      expect(m.verdict).toBe('inconclusive');
      expect(Math.max(...undiluted)).toBeGreaterThan(m.minEffect);
      expect(describeReason(hold)).toContain(`hit ${hit - 40} of the 40 blocks this duet kept`);
    }
    expect(heldBack).toBeGreaterThan(0);
    // A neighbour in every block is the run's quiet level, not a burst (contention.ts, rule 1).
    const steady = latencies(comparePaired(input(burst(80))));
    expect(steady.map((m) => m.verdict)).toEqual(plain.map((m) => m.verdict));
  });

  it('duet: tests the whole-run change, so a head that stalls in a few segments is caught, with no second test', () => {
    // The head's GC pauses (500 ms, queueing 8% of a segment) in 20% of segments, the base's in 5%:
    // a few segments carry the change, which the whole run has (a trimmed mean of pairs left it out).
    // 60 blocks of 1 s: a duet records many short blocks.
    const stalls: AbScenarioFixture = {
      ...api,
      pairs: 60,
      segmentMs: 1000,
      gcPauseMs: 500,
      gcShare: 0.08,
      gcChancePerSegment: 0.05,
      headGcChancePerSegment: 0.2,
    };
    const comparison = comparePaired(input(makeAbResults({ seed: 8, schedule: 'duet', scenarios: [stalls] })));
    const p99 = metric(comparison, 'api', 'p99');
    expect(p99.verdict, JSON.stringify(p99)).toBe('regression');
    expect(p99.wholeRun).toBeUndefined();
    // The change is the ratio of the whole-run values shown (to HDR's bucket).
    expect(Math.abs(Math.log1p(p99.change) - Math.log(p99.current / p99.baseline))).toBeLessThan(0.01);
    expect(comparison.notes.join(' ')).toContain('paired block bootstrap');
    // The same build against itself: nothing is called.
    const same = comparePaired(
      input(makeAbResults({ seed: 8, schedule: 'duet', scenarios: [{ ...stalls, headGcChancePerSegment: 0.05 }] })),
    );
    expect(same.regressions).toEqual([]);
  });

  it('alternate: tests the trimmed mean of the pairs alone (no whole-run jackknife beside it)', () => {
    const comparison = comparePaired(
      input(makeAbResults({ seed: 8, schedule: 'alternate', scenarios: [{ ...api, pairs: 20 }] })),
    );
    for (const m of comparison.scenarios[0]!.metrics) expect(m.wholeRun, m.metric).toBeUndefined();
    expect(comparison.notes.join(' ')).toContain("Yuen's paired t");
  });

  it('calls A/A runs no change only when the interval rules out the minimum effect, and never a regression (deterministic seeds)', () => {
    let regressions = 0;
    const noChange = { duet: 0, alternate: 0 };
    const total = { duet: 0, alternate: 0 };
    for (let i = 0; i < 20; i++) {
      const schedule = i % 2 === 0 ? 'duet' : 'alternate';
      const comparison = comparePaired(input(makeAbResults({ seed: 500 + i, schedule, scenarios: [api] })));
      regressions += comparison.regressions.length;
      for (const m of comparison.scenarios[0]?.metrics ?? []) {
        total[schedule]++;
        if (m.verdict === 'no change') {
          noChange[schedule]++;
          // Equivalence: the whole interval inside ± the minimum effect.
          if (m.changeInterval) {
            expect(m.changeInterval[0]).toBeGreaterThan(-m.minEffect);
            expect(m.changeInterval[1]).toBeLessThan(m.minEffect);
          }
        } else if (m.verdict === 'inconclusive' && m.reasons.length === 1) {
          expect(m.reasons[0]?.kind).toMatch(/interval-past-min-effect|not-significant|below-min-effect|whole-run/);
        }
      }
    }
    expect(regressions).toBe(0);
    // Duet is precise enough to rule out its minimum effects in most A/A runs; alternate's
    // slot-to-slot noise leaves more of them inconclusive (what a longer run would settle).
    expect(noChange.duet / total.duet).toBeGreaterThan(0.4);
    expect(noChange.alternate / total.alternate).toBeGreaterThan(0.1);
  });

  it('calls an open-model head that cannot keep the rate while the base can a regression', () => {
    const open: AbScenarioFixture = {
      ...api,
      executor: 'constant-arrival-rate',
      headAchievedShare: 0.9,
      baseAchievedShare: 1,
    };
    const comparison = comparePaired(input(makeAbResults({ seed: 5, schedule: 'duet', scenarios: [open] })));
    const rps = metric(comparison, 'api', 'rps');
    expect(rps.method).toBe('rate-check');
    expect(rps.verdict).toBe('regression');
    expect(rps.reasons.map(describeReason).join(' ')).toContain('12 of 12 pairs');
    expect(comparison.verdict).toBe('fail');
  });

  it('finds nothing to test in an open-model rate both variants keep', () => {
    const open: AbScenarioFixture = { ...api, executor: 'constant-arrival-rate' };
    const rps = metric(
      comparePaired(input(makeAbResults({ seed: 6, schedule: 'alternate', scenarios: [open] }))),
      'api',
      'rps',
    );
    expect(rps.method).toBe('rate-check');
    expect(rps.verdict).toBe('no change');
  });

  it('compares the capacities pair by pair when both variants fall short', () => {
    const open: AbScenarioFixture = {
      ...api,
      executor: 'constant-arrival-rate',
      headAchievedShare: 0.8,
      baseAchievedShare: 0.95,
    };
    const rps = metric(
      comparePaired(input(makeAbResults({ seed: 7, schedule: 'duet', scenarios: [open] }))),
      'api',
      'rps',
    );
    expect(rps.method).toBe('paired');
    expect(rps.verdict).toBe('regression');
    expect(rps.change).toBeCloseTo(0.8 / 0.95 - 1, 2);
  });

  it('judges a scenario only the head has on thresholds alone', () => {
    const current = makeAbResults({
      seed: 8,
      schedule: 'duet',
      scenarios: [api],
      headOnly: [{ name: 'new', pairs: 12 }],
    });
    const thresholds: ThresholdResult[] = [{ scenario: 'new', expression: 'p(95)<1', actual: 40, ok: false }];
    const comparison = comparePaired(input(current, { thresholds }));
    const fresh = comparison.scenarios.find((s) => s.name === 'new');
    expect(fresh?.metrics).toEqual([]);
    expect(fresh?.baseline).toBeUndefined();
    expect(fresh?.notes.join(' ')).toContain('judged on thresholds alone');
    expect(comparison.breaches).toHaveLength(1);
    expect(comparison.verdict).toBe('fail');
  });

  it('keeps the tail-count guard of the stored modes', () => {
    const thin: AbScenarioFixture = { ...api, ratePerSec: 20, pairs: 12 };
    const p99 = metric(
      comparePaired(input(makeAbResults({ seed: 9, schedule: 'duet', scenarios: [thin] }))),
      'api',
      'p99',
    );
    expect(p99.verdict).toBe('inconclusive');
    expect(p99.reasons.map(describeReason).join(' ')).toContain('were above p99');
  });

  it('needs the base variant inside the results', () => {
    const head = makeAbResults({ seed: 10, schedule: 'duet', scenarios: [api] });
    expect(() => comparePaired(input({ ...head, ab: undefined }))).toThrow(/base variant/);
  });
});
