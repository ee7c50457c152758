import { describe, expect, it } from 'vitest';
import { createBaseline } from '../../../src/core/results/baseline.js';
import { compareRuns, decideExit, decideVerdict, type CompareInput } from '../../../src/core/compare/index.js';
import type { Baseline, Results } from '../../../src/core/types/results.js';
import type { MetricName } from '../../../src/core/types/config.js';
import type { MetricComparison, ThresholdResult } from '../../../src/core/types/comparison.js';
import { makeResults, type ScenarioFixture } from '../fixtures.js';
import { TEST_COMPARE } from '../fixtures.js';
import { describeReason } from '../../../src/core/report/reasons.js';
import { DEFAULT_RUNNER_NOISE } from '../../../src/core/config/defaults.js';

/** The verdict a test reached, or the one a stored run without history only warns of (prior-only). */
function judged(m: MetricComparison): string {
  const warned = m.reasons.find((reason) => reason.kind === 'prior-only');
  return warned?.kind === 'prior-only' ? warned.direction : m.verdict;
}

const compare = TEST_COMPARE;
const api: ScenarioFixture = { name: 'api', ratePerSec: 200, segments: 12 };

function run(
  seed: number,
  fixture: Partial<ScenarioFixture> = {},
  extra: { fingerprint?: string; runShiftSd?: number } = {},
): Results {
  return makeResults({ seed, scenarios: [{ ...api, ...fixture }], ...extra });
}

function bare(results: Results): Baseline {
  return { schemaVersion: 1, kind: 'perfgate-baseline', savedAt: '2025-01-01T00:00:00Z', results, history: [] };
}

function withHistory(k: number, fixture: Partial<ScenarioFixture> = {}): Baseline {
  let baseline: Baseline | undefined;
  for (let i = 0; i < k; i++) {
    baseline = createBaseline(run(100 + i, fixture, { runShiftSd: 0.03 }), baseline, {
      savedAt: `t${i}`,
      historyLength: 10,
    });
  }
  return baseline!;
}

function input(current: Results, baseline: Baseline | undefined, extra: Partial<CompareInput> = {}): CompareInput {
  return { current, baseline, baselineStatus: { kind: 'ok' }, compare, thresholds: [], replicates: 400, ...extra };
}

function metric(comparison: ReturnType<typeof compareRuns>, name: string): MetricComparison {
  const found = comparison.scenarios[0]?.metrics.find((m) => m.metric === name);
  if (found === undefined) throw new Error(`no ${name}`);
  return found;
}

describe('decideVerdict', () => {
  const base = { metric: 'p95' as const, alpha: 0.05, minEffect: 0.1, guards: [] };
  const table: [string, Parameters<typeof decideVerdict>[0], string][] = [
    [
      'significant and large, latency up',
      { ...base, change: 0.2, adjustedPValue: 0.01, interval: [0.12, 0.3] },
      'regression',
    ],
    [
      'significant and large, latency down',
      { ...base, change: -0.2, adjustedPValue: 0.01, interval: [-0.3, -0.12] },
      'improvement',
    ],
    ['rps down is the bad direction', { ...base, metric: 'rps', change: -0.2, adjustedPValue: 0.01 }, 'regression'],
    ['rps up is an improvement', { ...base, metric: 'rps', change: 0.2, adjustedPValue: 0.01 }, 'improvement'],
    [
      'error rate up',
      { ...base, metric: 'error_rate', minEffect: 0.01, change: 0.03, adjustedPValue: 0.001 },
      'regression',
    ],
    [
      'neither, interval inside ±minimum',
      { ...base, change: 0.02, adjustedPValue: 0.4, interval: [-0.05, 0.09] },
      'no change',
    ],
    // Equivalence: small and not significant is not "no change" while the interval reaches past
    // the minimum effect (the run cannot rule out +15%).
    [
      'neither, interval past the minimum',
      { ...base, change: 0.02, adjustedPValue: 0.4, interval: [-0.08, 0.15] },
      'inconclusive',
    ],
    ['neither, no interval', { ...base, change: 0.02, adjustedPValue: 0.4 }, 'inconclusive'],
    [
      'large but not significant',
      { ...base, change: 0.15, adjustedPValue: 0.2, interval: [-0.05, 0.4] },
      'inconclusive',
    ],
    [
      'significant, small, interval past the minimum',
      { ...base, change: 0.06, adjustedPValue: 0.01, interval: [0.02, 0.12] },
      'inconclusive',
    ],
    [
      'significant, small, interval inside ±minimum',
      { ...base, change: 0.04, adjustedPValue: 0.01, interval: [0.02, 0.06] },
      'no change',
    ],
    [
      'a guard overrides everything',
      {
        ...base,
        change: 0.5,
        adjustedPValue: 0.001,
        guards: [{ kind: 'generator-behind' as const, run: 'current' as const, details: [] }],
      },
      'inconclusive',
    ],
    ['no test', { ...base, change: 0.5 }, 'inconclusive'],
  ];
  it.each(table)('%s', (_name, args, verdict) => {
    const decided = decideVerdict(args);
    expect(decided.verdict).toBe(verdict);
    if (verdict === 'inconclusive') expect(decided.reasons.length).toBeGreaterThan(0);
  });

  it('says why a small change is not "no change": its interval reaches past the minimum effect', () => {
    const decided = decideVerdict({ ...base, change: 0.02, adjustedPValue: 0.4, interval: [-0.08, 0.15] });
    expect(decided.reasons.map(describeReason).join(' ')).toMatch(/interval \(-8.*\+15.*\) reaches past the ±10/);
  });
});

describe('compareRuns without a usable baseline', () => {
  const current = run(1);
  const breach: ThresholdResult = { scenario: 'api', expression: 'p(95)<1', actual: 40, ok: false };

  it.each(['missing', 'corrupt', 'future-version', 'other-config', 'unreadable'] as const)(
    'judges on thresholds alone when %s',
    (kind) => {
      const result = compareRuns(input(current, undefined, { baselineStatus: { kind, detail: 'Because.' } }));
      expect(result.mode).toBe('thresholds-only');
      expect(result.verdict).toBe('pass');
      expect(result.scenarios[0]?.metrics).toEqual([]);
      // The reason is carried once, in the status, for the reports to word (see report/text.ts).
      expect(result.baselineStatus).toEqual({ kind, detail: 'Because.' });
      expect(result.notes).toEqual([]);
    },
  );

  it('still fails on a breached threshold', () => {
    const result = compareRuns(
      input(current, undefined, { baselineStatus: { kind: 'missing', detail: 'none saved' }, thresholds: [breach] }),
    );
    expect(result.verdict).toBe('fail');
    expect(result.breaches).toEqual([breach]);
    expect(result.scenarios[0]?.thresholds).toEqual([breach]);
    expect(decideExit(result, 'threshold')).toBe(1);
    expect(decideExit(result, 'never')).toBe(0);
  });
});

describe('compareRuns, no history (bootstrap against the stored run)', () => {
  const baseline = bare(run(1));

  it('finds no change between two runs of the same build, and says where the runner noise comes from', () => {
    const result = compareRuns(input(run(2), baseline));
    expect(result.mode).toBe('bootstrap');
    expect(result.verdict).toBe('pass');
    for (const m of result.scenarios[0]!.metrics) {
      expect(m.method).toBe('bootstrap');
      expect(m.verdict).not.toBe('regression');
      expect(m.verdict).not.toBe('improvement');
      expect(m.adjustedPValue).toBeGreaterThanOrEqual(m.pValue!);
      // The runner-noise prior (6% per run for p95) alone puts the MDE above 20%.
      if (m.metric !== 'error_rate')
        expect(m.minDetectableEffect).toBeGreaterThan(m.metric === 'p50' || m.metric === 'rps' ? 0.12 : 0.2);
    }
    // The configured minimum effect applies as it is: the noise is in the variance, not the threshold.
    expect(metric(result, 'p95').minEffect).toBe(0.1);
    expect(metric(result, 'error_rate').minEffect).toBe(0.01);
    expect(result.notes.join(' ')).toMatch(/runner-to-runner noise.*compare\.runnerNoise/);
  });

  it('reports a 60% slowdown with its interval and MDE and warns, but does not fail the gate on the prior', () => {
    const result = compareRuns(input(run(2, { scale: 1.6 }), baseline));
    const p95 = metric(result, 'p95');
    // The test says regression; without a measured spread that is a warning, not a failed gate.
    expect(judged(p95)).toBe('regression');
    expect(p95.verdict).toBe('inconclusive');
    expect(p95.reasons.map(describeReason).join(' ')).toMatch(/judged against the configured runner-noise prior/);
    expect(p95.change).toBeGreaterThan(0.4);
    expect(p95.changeInterval![0]).toBeLessThan(p95.change);
    expect(p95.changeInterval![1]).toBeGreaterThan(p95.change);
    expect(p95.adjustedPValue).toBeLessThanOrEqual(0.05);
    expect(p95.minDetectableEffect).toBeGreaterThan(0);
    expect(judged(metric(result, 'rps'))).toBe('regression');
    expect(result.verdict).toBe('pass');
    expect(result.regressions).toEqual([]);
    expect(result.notes.join(' ')).toMatch(/fails the gate only if it stays significant with a runner 4× as noisy/);
    // It names the rule that would have failed it, and that rule's p.
    expect(p95.reasons.map(describeReason).join(' ')).toMatch(
      /would fail the gate if it stayed significant with a runner 4× as noisy as the prior; there p = /,
    );
    expect(decideExit(result, 'regression')).toBe(0);
    // A breached threshold still fails.
    const breached = compareRuns({
      ...input(run(2, { scale: 1.6 }), baseline),
      thresholds: [{ scenario: 'api', expression: 'p(95)<1', actual: 5, ok: false }],
    });
    expect(breached.verdict).toBe('fail');
    expect(decideExit(breached, 'regression')).toBe(1);
    expect(decideExit(breached, 'never')).toBe(0);
  });

  it('fails a 2.8× slowdown on the default prior: it stays significant against a runner 4× as noisy, and says so', () => {
    const result = compareRuns(input(run(2, { scale: 2.76 }), baseline));
    const p50 = metric(result, 'p50');
    expect(p50.verdict).toBe('regression');
    expect(p50.decidedBy).toBe('robust-prior');
    const reason = p50.reasons.find((r) => r.kind === 'robust-to-prior');
    expect(reason).toMatchObject({ factor: 4, direction: 'regression' });
    expect(reason?.kind === 'robust-to-prior' && reason.noise).toBeCloseTo(4 * DEFAULT_RUNNER_NOISE.p50, 10);
    // The gate family's p (against the 4× prior) is larger than the one shown at the prior itself.
    expect(reason?.kind === 'robust-to-prior' && reason.adjustedPValue).toBeGreaterThan(p50.adjustedPValue!);
    expect(reason?.kind === 'robust-to-prior' && reason.adjustedPValue).toBeLessThanOrEqual(TEST_COMPARE.alpha);
    expect(describeReason(reason!)).toMatch(
      /^\+1[4-9]\d% stays significant \(p = .* after Holm\) even if this runner were 4× noisier than the runner-noise prior \(a run-to-run sd of 20% for p50/,
    );
    expect(result.verdict).toBe('fail');
    expect(result.regressions.map((m) => m.metric)).toContain('p50');
    expect(decideExit(result, 'regression')).toBe(1);
  });

  it('gates on a runner noise the config sets (a spread the user measured): the 60% slowdown fails', () => {
    const measured = { ...TEST_COMPARE, runnerNoiseSet: ['p50', 'p90', 'p95', 'p99'] as MetricName[] };
    const result = compareRuns({ ...input(run(2, { scale: 1.6 }), baseline), compare: measured });
    expect(metric(result, 'p95').verdict).toBe('regression');
    expect(judged(metric(result, 'rps'))).toBe('regression');
    expect(metric(result, 'rps').verdict).toBe('inconclusive');
    expect(result.verdict).toBe('fail');
  });

  it('reports a 40% speed-up as an improvement it only warns of, and passes', () => {
    const result = compareRuns(input(run(2, { scale: 0.6 }), baseline));
    expect(judged(metric(result, 'p50'))).toBe('improvement');
    expect(result.improvements).toEqual([]);
    expect(result.verdict).toBe('pass');
  });

  it('reproduces exactly from its seed', () => {
    const current = run(2, { scale: 1.1 });
    const a = compareRuns(input(current, baseline, { seed: 5 }));
    const b = compareRuns(input(current, baseline, { seed: 5 }));
    const c = compareRuns(input(current, baseline, { seed: 6 }));
    expect(b).toEqual(a);
    expect(metric(c, 'p95').change).toBe(metric(a, 'p95').change);
    expect(metric(c, 'p95').changeInterval).not.toEqual(metric(a, 'p95').changeInterval);
  });
});

describe('guards', () => {
  const baseline = bare(run(1));
  const reasonsOf = (result: ReturnType<typeof compareRuns>, name: string) =>
    metric(result, name).reasons.map(describeReason).join(' ');

  it('holds back p99 when a build has fewer than 5,000 requests', () => {
    const thin = bare(run(1, { ratePerSec: 50 }));
    const result = compareRuns(input(run(2, { ratePerSec: 50, scale: 2 }), thin));
    expect(metric(result, 'p99').verdict).toBe('inconclusive');
    // Both runs are thin, and the reason says so in one sentence.
    expect(reasonsOf(result, 'p99')).toMatch(
      /^only [\d,]+ in the current run and [\d,]+ in the baseline were above p99 \(a p99 needs 50 requests beyond it, so 5,000 per run\)/,
    );
    expect(judged(metric(result, 'p50'))).toBe('regression');
  });

  it('holds back every metric when the generator saturated in the current run', () => {
    const result = compareRuns(input(run(2, { scale: 2, saturated: true }), bare(run(1))));
    for (const m of result.scenarios[0]!.metrics) {
      expect(m.verdict).toBe('inconclusive');
      expect(m.reasons.map(describeReason).join(' ')).toMatch(/fell behind its schedule in the current run/);
    }
    expect(result.verdict).toBe('pass');
  });

  it('holds back all but a regression when the generator saturated in an open-model baseline (it only made the baseline slower)', () => {
    const open = { executor: 'constant-arrival-rate' } as const;
    const slower = compareRuns(input(run(2, { ...open, scale: 2 }), bare(run(1, { ...open, saturated: true }))));
    expect(judged(metric(slower, 'p50'))).toBe('regression');
    const faster = compareRuns(input(run(2, { ...open, scale: 0.5 }), bare(run(1, { ...open, saturated: true }))));
    for (const name of ['p50', 'p90', 'p95'] as const) {
      expect(metric(faster, name).verdict).toBe('inconclusive');
      expect(reasonsOf(faster, name)).toMatch(/fell behind its schedule in the baseline: event-loop delay/);
    }
  });

  it('holds back every latency when the generator saturated in a closed-model baseline (timed from the send, it may have read faster)', () => {
    const slower = compareRuns(input(run(2, { scale: 2 }), bare(run(1, { saturated: true }))));
    for (const name of ['p50', 'p90', 'p95'] as const) {
      expect(metric(slower, name).verdict).toBe('inconclusive');
      expect(reasonsOf(slower, name)).toMatch(/fell behind its schedule in the baseline: event-loop delay/);
    }
  });

  it('holds back latencies when the error rate changed the population', () => {
    const result = compareRuns(input(run(2, { errorRate: 0.05, scale: 2 }), baseline));
    expect(metric(result, 'p95').verdict).toBe('inconclusive');
    expect(reasonsOf(result, 'p95')).toMatch(/error rate moved from 0\.0% to [45]\.\d%, .*not the same population/);
    expect(judged(metric(result, 'error_rate'))).toBe('regression');
  });

  it('holds back comparisons with a baseline from another environment', () => {
    const result = compareRuns(input(run(2, { scale: 2 }, { fingerprint: 'env-b' }), baseline));
    expect(metric(result, 'p95').verdict).toBe('inconclusive');
    expect(reasonsOf(result, 'p95')).toMatch(/another environment \(env-a vs env-b\)/);
    expect(result.baseline?.environmentDiffers).toBe(true);
    expect(result.notes.join(' ')).toMatch(/another environment/);
  });

  it('holds back timings when other work on the machine changed between the runs, but not the error rate', () => {
    const withOtherLoad = (results: Results, otherCores: number): Results => ({
      ...results,
      scenarios: results.scenarios.map((s) => ({
        ...s,
        machine: { cpuCount: 2, busyCores: 1.5 + otherCores, otherCores, stealCores: 0 },
      })),
    });
    // 0.85 core more of 2 explains up to +85%: a 50% slowdown is within that.
    const busyNow = compareRuns(
      input(withOtherLoad(run(2, { scale: 1.5, errorRate: 0.05 }), 0.9), bare(withOtherLoad(run(1), 0.05))),
    );
    for (const name of ['p50', 'p90', 'p95', 'p99', 'rps']) {
      expect(metric(busyNow, name).verdict).toBe('inconclusive');
      expect(reasonsOf(busyNow, name)).toMatch(
        /the current run had 0\.85 more cores of competing work \(other processes, steal\), which can explain a change of up to (\+85|-46)% in/,
      );
    }
    expect(judged(metric(busyNow, 'error_rate'))).toBe('regression');
    // ... a 4× slowdown is not: the bound keeps a busy runner from blinding the gate.
    const muchSlower = compareRuns(input(withOtherLoad(run(2, { scale: 4 }), 0.9), bare(withOtherLoad(run(1), 0.05))));
    expect(judged(metric(muchSlower, 'p50'))).toBe('regression');

    // A busier baseline could only have made the baseline slower: it cannot explain a slowdown.
    const busyBefore = compareRuns(input(withOtherLoad(run(2, { scale: 2 }), 0.05), bare(withOtherLoad(run(1), 0.9))));
    expect(judged(metric(busyBefore, 'p50'))).toBe('regression');
    // ... but it can explain an improvement.
    const fasterNow = compareRuns(input(withOtherLoad(run(2, { scale: 0.7 }), 0.05), bare(withOtherLoad(run(1), 0.9))));
    expect(metric(fasterNow, 'p50').verdict).toBe('inconclusive');
    expect(reasonsOf(fasterNow, 'p50')).toMatch(/^the baseline had 0\.85 more cores of competing work/);

    // Steady outside work in both runs (a database in a container) is no reason to hold back.
    const steady = compareRuns(input(withOtherLoad(run(2, { scale: 2 }), 0.8), bare(withOtherLoad(run(1), 0.7))));
    expect(judged(metric(steady, 'p50'))).toBe('regression');
    // Nor is a baseline from before the machine was measured.
    expect(judged(metric(compareRuns(input(withOtherLoad(run(2, { scale: 2 }), 0.9), baseline)), 'p50'))).toBe(
      'regression',
    );
  });

  it('holds back runs too short to resample', () => {
    const result = compareRuns(input(run(2, { segments: 3, scale: 2 }), bare(run(1, { segments: 3 }))));
    expect(metric(result, 'p50').verdict).toBe('inconclusive');
    expect(reasonsOf(result, 'p50')).toMatch(/too few segments to resample \(3 now, 3 in the baseline; needs 4\)/);
  });
});

describe('open-model throughput: rate check', () => {
  const open = { executor: 'constant-arrival-rate' as const, ratePerSec: 200 };
  const baseline = bare(run(1, open));

  it('is no change when the achieved rate is within 1% of the intended', () => {
    const rps = metric(compareRuns(input(run(2, open), baseline)), 'rps');
    expect(rps).toMatchObject({ method: 'rate-check', verdict: 'no change' });
    expect(rps.pValue).toBeUndefined();
  });

  it('is a regression when the service fell short, and says so', () => {
    const result = compareRuns(input(run(2, { ...open, achievedShare: 0.9 }), baseline));
    const rps = metric(result, 'rps');
    expect(judged(rps)).toBe('regression');
    expect(rps.reasons.map(describeReason).join(' ')).toMatch(
      /completed only 9\d% of the intended 200 req\/s .*could not keep up/,
    );
    expect(result.verdict).toBe('fail');
  });

  it('compares capacities when the baseline fell short too, and fails only beyond the runner noise', () => {
    const saturatedBase = bare(run(1, { ...open, achievedShare: 0.5 }));
    const same = metric(compareRuns(input(run(2, { ...open, achievedShare: 0.5 }), saturatedBase)), 'rps');
    // Against the prior alone the interval (±14%) reaches past the 5% minimum effect: not "no change".
    expect(same.verdict).toBe('inconclusive');
    expect(same.reasons.map(describeReason).join(' ')).toMatch(/reaches past the ±5(\.0)?% that counts/);
    expect(same.reasons.map(describeReason).join(' ')).toMatch(
      /the baseline fell short too \(50% of its intended rate\), so the two capacities are compared/,
    );
    expect(metric(compareRuns(input(run(2, { ...open, achievedShare: 0.45 }), saturatedBase)), 'rps').verdict).toBe(
      'inconclusive',
    );
    expect(judged(metric(compareRuns(input(run(2, { ...open, achievedShare: 0.35 }), saturatedBase)), 'rps'))).toBe(
      'regression',
    );
    expect(judged(metric(compareRuns(input(run(2, { ...open, achievedShare: 0.65 }), saturatedBase)), 'rps'))).toBe(
      'improvement',
    );
  });

  it('is inconclusive when the service fell short while other work took the machine', () => {
    const current = run(2, { ...open, achievedShare: 0.9 });
    const busy = {
      ...current,
      scenarios: current.scenarios.map((s) => ({
        ...s,
        machine: { cpuCount: 2, busyCores: 2, otherCores: 1, stealCores: 0 },
      })),
    };
    const quiet = bare({
      ...baseline.results,
      scenarios: baseline.results.scenarios.map((s) => ({
        ...s,
        machine: { cpuCount: 2, busyCores: 1, otherCores: 0, stealCores: 0 },
      })),
    });
    const rps = metric(compareRuns(input(busy, quiet)), 'rps');
    expect(rps.verdict).toBe('inconclusive');
    expect(rps.reasons.map(describeReason).join(' ')).toMatch(
      /fell short .* but the machine was busier with other work during the current run/,
    );
  });

  it('is inconclusive when the generator saturated', () => {
    const rps = metric(compareRuns(input(run(2, { ...open, achievedShare: 0.9, saturated: true }), baseline)), 'rps');
    expect(rps.verdict).toBe('inconclusive');
    expect(rps.reasons.map(describeReason).join(' ')).toMatch(/fell short .* but the load generator fell behind/);
  });
});

describe('compareRuns with history (K ≥ 5)', () => {
  it('holds back a slowdown when the current run had more competing work than the past runs on average', () => {
    const history = withHistory(8);
    const quietPast: Baseline = {
      ...history,
      history: history.history.map((entry) => ({
        ...entry,
        scenarios: Object.fromEntries(
          Object.entries(entry.scenarios).map(([name, s]) => [name, { ...s, otherCores: 0.05 }]),
        ),
      })),
    };
    const slower = run(300, { scale: 1.5 }, { runShiftSd: 0.03 });
    const busy = {
      ...slower,
      scenarios: slower.scenarios.map((s) => ({
        ...s,
        machine: { cpuCount: 2, busyCores: 2, otherCores: 0.9, stealCores: 0 },
      })),
    };
    const result = compareRuns(input(busy, quietPast));
    expect(result.mode).toBe('history');
    expect(metric(result, 'p95').verdict).toBe('inconclusive');
    expect(metric(result, 'p95').reasons.map(describeReason).join(' ')).toMatch(
      /the current run had 0\.85 more cores of competing work .*up to \+85% in p95/,
    );
    // Four times slower is beyond anything 0.85 core can explain.
    const muchSlower = run(300, { scale: 4 }, { runShiftSd: 0.03 });
    const busyAndSlow = {
      ...muchSlower,
      scenarios: muchSlower.scenarios.map((s) => ({
        ...s,
        machine: { cpuCount: 2, busyCores: 2, otherCores: 0.9, stealCores: 0 },
      })),
    };
    expect(judged(metric(compareRuns(input(busyAndSlow, quietPast)), 'p95'))).toBe('regression');
    // The same slowdown on a quiet machine is a regression.
    const quiet = {
      ...slower,
      scenarios: slower.scenarios.map((s) => ({
        ...s,
        machine: { cpuCount: 2, busyCores: 1, otherCores: 0.05, stealCores: 0 },
      })),
    };
    expect(judged(metric(compareRuns(input(quiet, quietPast)), 'p95'))).toBe('regression');
  });

  it('uses the prediction interval and finds no change in a run like the past ones', () => {
    const result = compareRuns(input(run(300, {}, { runShiftSd: 0.03 }), withHistory(8)));
    expect(result.mode).toBe('history');
    const p95 = metric(result, 'p95');
    expect(p95.method).toBe('history');
    expect(p95.minEffect).toBe(0.1);
    expect(p95.verdict).not.toBe('regression');
    expect(metric(result, 'error_rate').method).toBe('bootstrap');
    expect(result.notes.join(' ')).toMatch(/up to 8 past baselines .*geometric mean/);
  });

  it('calls a 50% slowdown a regression', () => {
    const result = compareRuns(input(run(300, { scale: 1.5 }, { runShiftSd: 0.03 }), withHistory(8)));
    expect(judged(metric(result, 'p50'))).toBe('regression');
    expect(judged(metric(result, 'p95'))).toBe('regression');
    expect(metric(result, 'p95').changeInterval![0]).toBeGreaterThan(0.2);
  });

  it('a run of seven on a 3× slower runner neither hides a +50% head nor fails an A/A run', () => {
    // The slow run inflates the history's sd tenfold; the median and Qn do not see it.
    let baseline: Baseline | undefined;
    for (let i = 0; i < 7; i++) {
      baseline = createBaseline(run(100 + i, { scale: i === 3 ? 3 : 1 }, { runShiftSd: 0.03 }), baseline, {
        savedAt: `t${i}`,
        historyLength: 10,
      });
    }
    const slower = compareRuns(input(run(300, { scale: 1.5 }, { runShiftSd: 0.03 }), baseline));
    const p50 = metric(slower, 'p50');
    expect(p50.method).toBe('history');
    expect(judged(p50)).toBe('regression');
    expect(p50.changeInterval![0]).toBeGreaterThan(0.2);
    expect(slower.verdict).toBe('fail');
    expect(slower.scenarios[0]!.notes.join(' ')).toMatch(
      /p50, p90, p95, p99, rps: 1 past run lies far from the other 6 .* left out of the history test as runs on a bad runner/,
    );
    const same = compareRuns(input(run(301, {}, { runShiftSd: 0.03 }), baseline));
    expect(same.regressions).toEqual([]);
    expect(metric(same, 'p50').baseline).toBeLessThan(metric(same, 'p50').current * 1.2);
  });

  it('names the metrics whose history a level shift cut short, instead of miscounting the past runs', () => {
    let baseline: Baseline | undefined;
    for (let i = 0; i < 8; i++) {
      baseline = createBaseline(run(100 + i, { scale: i < 6 ? 1 : 1.5 }, { runShiftSd: 0.03 }), baseline, {
        savedAt: `t${i}`,
        historyLength: 10,
      });
    }
    const result = compareRuns(input(run(300, { scale: 1.5 }, { runShiftSd: 0.03 }), baseline));
    expect(metric(result, 'p50').method).toBe('bootstrap');
    const notes = result.notes.join(' ');
    expect(notes).toMatch(/Some metrics have too little usable history \(p50[^)]*: fewer than the 5 past runs/);
    expect(notes).not.toMatch(/8 past runs on this environment, the history test needs 5/);
    // With too few runs at all, the count is what it says.
    expect(compareRuns(input(run(300), withHistory(3))).notes.join(' ')).toMatch(
      /There is too little history \(3 past runs on this environment, the history test needs 5\)/,
    );
  });

  it('falls back to the bootstrap with fewer than 5 past runs, or on another environment', () => {
    expect(metric(compareRuns(input(run(300), withHistory(4))), 'p95').method).toBe('bootstrap');
    const elsewhere = compareRuns(input(run(300, {}, { fingerprint: 'env-b' }), withHistory(8)));
    expect(metric(elsewhere, 'p95').method).toBe('bootstrap');
  });
});

describe('scenarios on one side only', () => {
  it('notes a new scenario and one gone from the run', () => {
    const current = makeResults({ seed: 2, scenarios: [{ ...api }, { name: 'search', ratePerSec: 100 }] });
    const baseline = bare(makeResults({ seed: 1, scenarios: [{ ...api }, { name: 'legacy', ratePerSec: 100 }] }));
    const result = compareRuns(input(current, baseline));
    const search = result.scenarios.find((s) => s.name === 'search');
    expect(search?.metrics).toEqual([]);
    expect(search?.notes.join(' ')).toMatch(/New in this run/);
    expect(result.notes.join(' ')).toMatch(/Scenario legacy is in the baseline but not in this run/);
    expect(result.scenarios.find((s) => s.name === 'api')?.metrics).toHaveLength(6);
  });
});
