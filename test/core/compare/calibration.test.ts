// The promises of issue 7 that a unit test can pin: p-values that Holm can use however large the
// family, no fail-open on errors, honest treatment of empty scenarios and degenerate histories,
// and runs short enough that only auto-sized segments make them judgeable.
import { describe, expect, it } from 'vitest';
import { createBaseline } from '../../../src/core/results/baseline.js';
import { compareRuns, type CompareInput } from '../../../src/core/compare/index.js';
import { defaultCompareConfig } from '../../../src/core/config/compare.js';
import type { Baseline, HistoryEntry, Results } from '../../../src/core/types/results.js';
import type { MetricComparison } from '../../../src/core/types/comparison.js';
import { makeResults, type ScenarioFixture } from '../fixtures.js';
import { describeReason } from '../../../src/core/report/reasons.js';

/** The verdict a test reached, or the one a stored run without history only warns of (prior-only). */
function judged(m: MetricComparison): string {
  const warned = m.reasons.find((reason) => reason.kind === 'prior-only');
  return warned?.kind === 'prior-only' ? warned.direction : m.verdict;
}

const compare = defaultCompareConfig();

function bare(results: Results): Baseline {
  return { schemaVersion: 1, kind: 'perfgate-baseline', savedAt: '2025-01-01T00:00:00Z', results, history: [] };
}

function input(current: Results, baseline: Baseline): CompareInput {
  return { current, baseline, baselineStatus: { kind: 'ok' }, compare, thresholds: [], replicates: 300 };
}

function all(comparison: ReturnType<typeof compareRuns>): MetricComparison[] {
  return comparison.scenarios.flatMap((scenario) => scenario.metrics);
}

describe('a family of hundreds of tests can still reject', () => {
  it('60 scenarios (360 tests), one of them 4× slower: that one is a regression, nothing else is', () => {
    const fixtures = (slow: string | undefined): ScenarioFixture[] =>
      Array.from({ length: 60 }, (_, i) => ({
        name: `s${i}`,
        // Closed model: 4× slower is 4× fewer requests, and p95 still needs 1,000 of them.
        ratePerSec: 250,
        segments: 20,
        segmentMs: 1000,
        ...(`s${i}` === slow ? { scale: 4 } : {}),
      }));
    const baseline = bare(makeResults({ seed: 1, runShiftSd: 0.045, scenarios: fixtures(undefined) }));
    const current = makeResults({ seed: 2, runShiftSd: 0.045, scenarios: fixtures('s17') });
    const result = compareRuns(input(current, baseline));
    const tested = all(result).filter((m) => m.pValue !== undefined);
    expect(tested.length).toBeGreaterThanOrEqual(300);
    // Without history the test's verdicts are at least warnings (prior-only), and Holm over 360
    // tests still reaches them; ×4 stays significant against a runner 4× as noisy as the prior
    // too, so it fails the gate, and only that scenario does.
    const called = all(result).filter((m) => judged(m) === 'regression');
    const regressions = called.map((m) => `${m.scenario}:${m.metric}`);
    expect(new Set(called.map((m) => m.scenario))).toEqual(new Set(['s17']));
    for (const metric of ['p50', 'p90', 'p95', 'rps']) expect(regressions).toContain(`s17:${metric}`);
    expect(all(result).filter((m) => judged(m) === 'improvement')).toEqual([]);
    expect(result.verdict).toBe('fail');
    expect(new Set(result.regressions.map((m) => m.scenario))).toEqual(new Set(['s17']));
    expect(result.regressions.every((m) => m.decidedBy === 'robust-prior')).toBe(true);
    const p50 = called.find((m) => m.metric === 'p50')!;
    expect(p50.adjustedPValue).toBeLessThan(1e-6);
  });

  it('18 closed scenarios, one going from 0.2% errors to 100%: the error rate fails the gate', () => {
    const fixtures = (broken: boolean): ScenarioFixture[] =>
      Array.from({ length: 18 }, (_, i) => ({
        name: `c${i}`,
        ratePerSec: 100,
        segments: 20,
        segmentMs: 1000,
        errorRate: broken && i === 5 ? 1 : 0.002,
      }));
    const result = compareRuns(
      input(
        makeResults({ seed: 3, scenarios: fixtures(true) }),
        bare(makeResults({ seed: 4, scenarios: fixtures(false) })),
      ),
    );
    expect(result.verdict).toBe('fail');
    const errors = result.regressions.filter((m) => m.metric === 'error_rate');
    expect(errors.map((m) => m.scenario)).toEqual(['c5']);
    expect(errors[0]!.change).toBeGreaterThan(0.99);
    // No successful request: no latency verdict from 0 ms values, and the note says why.
    const broken = result.scenarios.find((scenario) => scenario.name === 'c5')!;
    expect(broken.metrics.map((m) => m.metric).sort()).toEqual(['error_rate', 'rps']);
    expect(broken.notes.join(' ')).toMatch(/No request succeeded in the current run: .*the error rate decides/);
    expect(all(result).filter((m) => m.scenario !== 'c5' && m.verdict === 'regression')).toEqual([]);
  });
});

describe('short runs', () => {
  it('judges a 15 s run at 300 req/s in the 1 s segments it now gets: 40% slower is a regression', () => {
    const fixture: ScenarioFixture = { name: 'short', ratePerSec: 300, segments: 15, segmentMs: 1000 };
    const baseline = bare(makeResults({ seed: 11, runShiftSd: 0.045, scenarios: [fixture] }));
    const result = compareRuns(
      input(makeResults({ seed: 12, runShiftSd: 0.045, scenarios: [{ ...fixture, scale: 1.4 }] }), baseline),
    );
    const p50 = all(result).find((m) => m.metric === 'p50')!;
    expect(p50.reasons.map(describeReason).join(' ')).not.toMatch(/too few segments/);
    expect(judged(p50)).toBe('regression');
    // Against the prior alone: a warning, and the gate passes.
    expect(result.verdict).toBe('pass');
  });
});

describe('degenerate histories', () => {
  const fixture: ScenarioFixture = { name: 'api', ratePerSec: 200, segments: 20, segmentMs: 1000 };

  it('the same results saved 6 times count as one past run, so an A/A run is not a regression', () => {
    const saved = makeResults({ seed: 21, scenarios: [fixture] });
    let baseline: Baseline | undefined;
    for (let i = 0; i < 6; i++) baseline = createBaseline(saved, baseline, { savedAt: `t${i}`, historyLength: 10 });
    const result = compareRuns(input(makeResults({ seed: 22, runShiftSd: 0.045, scenarios: [fixture] }), baseline!));
    expect(result.mode).toBe('bootstrap');
    expect(result.regressions).toEqual([]);
    for (const m of all(result)) if (m.pValue !== undefined) expect(m.pValue).toBeGreaterThan(1e-6);
  });

  it('a near-constant history is not infinitely precise: its scale is floored', () => {
    const saved = makeResults({ seed: 23, scenarios: [fixture] });
    let baseline = createBaseline(saved, undefined, { savedAt: 't0', historyLength: 10 });
    const past: HistoryEntry[] = Array.from({ length: 8 }, (_, i) => {
      const s = saved.scenarios[0]!;
      const wiggle = 1 + i * 1e-5;
      return {
        date: `t${i}`,
        environmentFingerprint: saved.environment.fingerprint,
        scenarios: {
          api: {
            p50: s.latencyMs.p50 * wiggle,
            p90: s.latencyMs.p90 * wiggle,
            p95: s.latencyMs.p95 * wiggle,
            p99: s.latencyMs.p99 * wiggle,
            rps: s.rps * wiggle,
            errorRate: s.errorRate,
            count: s.requests.total,
          },
        },
      };
    });
    baseline = { ...baseline, history: past };
    // 3% slower than a history that varies by 0.001%: t would be ~1e3 without the floor.
    const result = compareRuns(input(makeResults({ seed: 23, scenarios: [{ ...fixture, scale: 1.03 }] }), baseline));
    expect(result.mode).toBe('history');
    const p50 = all(result).find((m) => m.metric === 'p50')!;
    expect(p50.method).toBe('history');
    expect(p50.pValue).toBeGreaterThan(0.05);
    expect(p50.verdict).not.toBe('regression');
  });

  it('NaN and Infinity in the history never give p = 0, and a 200,000-entry history is read only in part', () => {
    const saved = makeResults({ seed: 31, scenarios: [fixture] });
    const s = saved.scenarios[0]!;
    const entry = (i: number, p95: number): HistoryEntry => ({
      date: `t${i}`,
      environmentFingerprint: saved.environment.fingerprint,
      scenarios: {
        api: {
          p50: s.latencyMs.p50 * (1 + 0.03 * Math.sin(i)),
          p90: s.latencyMs.p90,
          p95,
          p99: s.latencyMs.p99,
          rps: s.rps * (1 + 0.03 * Math.cos(i)),
          errorRate: 0,
          count: s.requests.total,
        },
      },
    });
    const history = Array.from({ length: 200_000 }, (_, i) =>
      entry(i, i % 3 === 0 ? Infinity : i % 3 === 1 ? NaN : s.latencyMs.p95 * (1 + 0.03 * Math.sin(2 * i))),
    );
    const baseline: Baseline = { ...bare(saved), history };
    const result = compareRuns(input(makeResults({ seed: 32, scenarios: [fixture] }), baseline));
    for (const m of all(result)) {
      if (m.pValue !== undefined) expect(m.pValue).toBeGreaterThan(0);
      if (m.adjustedPValue !== undefined) expect(Number.isNaN(m.adjustedPValue)).toBe(false);
    }
    expect(all(result).find((m) => m.metric === 'p50')!.method).toBe('history');
    expect(result.notes.join(' ')).toMatch(/Compared with up to 100 past baselines/);
  });
});
