import { describe, expect, it } from 'vitest';
import { createBaseline } from '../../src/core/results/baseline.js';
import { compareRuns, type CompareInput } from '../../src/core/compare/index.js';
import {
  contentionBound,
  boundContention,
  MAX_EXCLUDED_SHARE,
  scenarioOverSegments,
  selectSegments,
  summarizeContention,
  type RunContention,
} from '../../src/core/contention.js';
import { describeReason } from '../../src/core/report/reasons.js';
import { decodeHistogram, mergeHistograms } from '../../src/core/histogram.js';
import { defaultCompareConfig } from '../../src/core/config/compare.js';
import { summarizeLatency } from '../../src/core/results/summary.js';
import type {
  Baseline,
  Results,
  ScenarioResult,
  SegmentContention,
  SegmentRecord,
} from '../../src/core/types/results.js';
import type { MetricComparison } from '../../src/core/types/comparison.js';
import { makeResults, type ScenarioFixture } from './fixtures.js';

const quiet: SegmentContention = {
  otherCores: 0.1,
  stealCores: 0,
  generatorCores: 0.05,
  loopDelayP99Ms: 1.9,
  lateStarts: 0,
};

function segmentsWith(contention: (index: number) => SegmentContention | undefined, count = 20): SegmentRecord[] {
  return Array.from({ length: count }, (_, index) => {
    const c = contention(index);
    return {
      startMs: index * 1000,
      durationMs: 1000,
      count: 500,
      ko: 0,
      histogram: '',
      ...(c ? { contention: c } : {}),
    };
  });
}

describe('selectSegments (rule 1: bursts)', () => {
  it('keeps every segment of results recorded before contention was', () => {
    const selection = selectSegments({ segments: segmentsWith(() => undefined) });
    expect(selection.kept).toHaveLength(20);
    expect(selection.excluded).toEqual([]);
    expect(selection.reason).toBeUndefined();
  });

  it('keeps a quiet run whole, whatever its small ups and downs', () => {
    const selection = selectSegments({
      segments: segmentsWith((i) => ({ ...quiet, otherCores: 0.05 + (i % 5) * 0.08, loopDelayP99Ms: 1 + (i % 3) })),
    });
    expect(selection.excluded).toEqual([]);
  });

  it('leaves out the segments a neighbour burst hit, and says which', () => {
    const hit = new Set([4, 5, 13]);
    const selection = selectSegments({
      segments: segmentsWith((i) => (hit.has(i) ? { ...quiet, otherCores: 1.1 } : quiet)),
    });
    expect(selection.excluded.map((segment) => segment.index)).toEqual([4, 5, 13]);
    expect(selection.kept).toHaveLength(17);
    expect(selection.reason).toMatch(
      /^3 of 20 segments left out, hit by a burst of competing work \(4–6 s, 13–14 s into the window; the worst: 1\.10 cores of other work \(the run's quiet level 0\.10\)\)\.$/,
    );
  });

  it('leaves out stolen time, and lagging segments with a smaller burst, but not lag alone', () => {
    const selection = selectSegments({
      segments: segmentsWith((i) => {
        if (i === 2) return { ...quiet, stealCores: 0.3 };
        if (i === 8) return { ...quiet, otherCores: 0.4, loopDelayP99Ms: 15 };
        if (i === 9) return { ...quiet, otherCores: 0.4 }; // +0.3 core without lag: ordinary
        if (i === 12) return { ...quiet, loopDelayP99Ms: 25, lateStarts: 40 }; // the generator's own lag
        return quiet;
      }),
    });
    expect(selection.excluded.map((segment) => segment.index)).toEqual([2, 8]);
    expect(selection.excluded[0]!.reason).toMatch(/0\.30 cores stolen by the hypervisor/);
    expect(selection.excluded[1]!.reason).toMatch(/event loop 15\.0 ms late at p99/);
  });

  it('never leaves out more than half a run: the worst go, the rest are kept and said so', () => {
    const selection = selectSegments({
      segments: segmentsWith((i) => (i < 15 ? { ...quiet, otherCores: 0.6 + i * 0.1 } : { ...quiet, otherCores: 0 })),
    });
    expect(selection.excluded).toHaveLength(20 * MAX_EXCLUDED_SHARE);
    // The busiest ten: 5..14.
    expect(selection.excluded.map((segment) => segment.index)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(selection.reason).toMatch(/5 more segments were hit but kept, since at most 50% of a run is left out/);
  });

  it('does not call steady outside work a burst', () => {
    const selection = selectSegments({
      segments: segmentsWith(() => ({ ...quiet, otherCores: 1.2, stealCores: 0.2 })),
    });
    expect(selection.excluded).toEqual([]);
  });
});

describe('contentionBound and boundContention (rule 2: the bound)', () => {
  // The reason in words, as the reports say it.
  const contentionGuard = (input: Parameters<typeof boundContention>[0]): string | undefined => {
    const reason = boundContention(input);
    return reason && describeReason(reason);
  };
  const calm: RunContention = { otherCores: 0.1, stealCores: 0, loopDelayP99Ms: 1.9, cpuCount: 2 };

  it('explains up to ×2 for one more core of two, and adds the extra loop delay in ms', () => {
    expect(contentionBound('p95', { ...calm, otherCores: 1.1 }, calm, 40)!.explainable).toBeCloseTo(1, 6);
    // 10 ms more loop delay on a 40 ms p95: ×1.25.
    expect(contentionBound('p95', { ...calm, loopDelayP99Ms: 11.9 }, calm, 40)!.explainable).toBeCloseTo(0.25, 6);
    // Four CPUs: the same core is a quarter of the machine.
    expect(
      contentionBound('p50', { ...calm, otherCores: 1.1, cpuCount: 4 }, { ...calm, cpuCount: 4 }, 10)!.explainable,
    ).toBeCloseTo(0.5, 6);
    // Within ordinary noise, or a metric contention does not move: no bound at all.
    expect(contentionBound('p95', { ...calm, otherCores: 0.18, loopDelayP99Ms: 3.5 }, calm, 40)).toBeUndefined();
    expect(contentionBound('error_rate', { ...calm, otherCores: 1.5 }, calm, 0.01)).toBeUndefined();
  });

  it('the reported false FAIL: loop p99 18.3 vs 1.9 ms, steal 0.21 vs 0, other cores 0.16 apart, p95 +35% [+21%, +49%] is inconclusive', () => {
    const reason = contentionGuard({
      metric: 'p95',
      change: 0.35,
      interval: [0.21, 0.49],
      current: { otherCores: 0.32, stealCores: 0.21, loopDelayP99Ms: 18.3, cpuCount: 2 },
      past: { otherCores: 0.16, stealCores: 0, loopDelayP99Ms: 1.9, cpuCount: 2 },
      pastValue: 42,
      currentValue: 56.7,
      pastRun: 'baseline' as const,
    });
    expect(reason).toMatch(
      /^the current run had 0\.21 more cores of competing work \(other processes, steal\) and 16\.4 ms more event-loop delay in the generator, which can explain a change of up to \+\d+% in p95/,
    );
  });

  it('a 4× slowdown (p50 +330% [+323%, +337%]) with 0.86 core more competition stays a verdict', () => {
    const reason = contentionGuard({
      metric: 'p50',
      change: 3.3,
      interval: [3.23, 3.37],
      current: { ...calm, otherCores: 0.96 },
      past: calm,
      pastValue: 20,
      currentValue: 86,
      pastRun: 'baseline' as const,
    });
    expect(reason).toBeUndefined();
    // The same competition does hold back a +50% change.
    expect(
      contentionGuard({
        metric: 'p50',
        change: 0.5,
        interval: [0.4, 0.6],
        current: { ...calm, otherCores: 0.96 },
        past: calm,
        pastValue: 20,
        currentValue: 30,
        pastRun: 'baseline' as const,
      }),
    ).toMatch(/up to \+86% in p50/);
  });

  it('leaves an interval that reaches no change to the test', () => {
    const busy = { ...calm, otherCores: 0.6 };
    const input = {
      metric: 'p95' as const,
      current: busy,
      past: calm,
      pastValue: 40,
      currentValue: 41,
      pastRun: 'baseline' as const,
    };
    expect(contentionGuard({ ...input, change: 0.02, interval: [-0.05, 0.09] })).toBeUndefined();
    expect(contentionGuard({ ...input, change: 0.12, interval: [0.04, 0.2] })).toMatch(/up to \+50% in p95/);
  });

  it('lets a busier past explain an improvement, never a slowdown', () => {
    const busyPast = { ...calm, otherCores: 1.1 };
    const slowdown = {
      metric: 'p95' as const,
      change: 0.3,
      interval: [0.2, 0.4] as [number, number],
      current: calm,
      past: busyPast,
      pastValue: 40,
      currentValue: 52,
      pastRun: 'past-runs' as const,
    };
    expect(contentionGuard(slowdown)).toBeUndefined();
    expect(contentionGuard({ ...slowdown, change: -0.3, interval: [-0.4, -0.2], currentValue: 28 })).toMatch(
      /^the past runs had 1\.00 more cores/,
    );
  });

  it('bounds a fall in closed-model throughput the same way', () => {
    const busy = { ...calm, otherCores: 1.1 };
    const input = { metric: 'rps' as const, current: busy, past: calm, pastValue: 200, pastRun: 'baseline' as const };
    expect(contentionGuard({ ...input, change: -0.3, interval: [-0.35, -0.25], currentValue: 140 })).toMatch(
      /up to -50% in rps/,
    );
    expect(contentionGuard({ ...input, change: -0.7, interval: [-0.72, -0.68], currentValue: 60 })).toBeUndefined();
  });
});

// ------------------------------------------------------------------ end to end through compareRuns

const api: ScenarioFixture = { name: 'api', ratePerSec: 400, segments: 20, segmentMs: 1000 };

/** Recomputes the whole-run figures from the segments, as the recorder would. */
function refresh(scenario: ScenarioResult): ScenarioResult {
  const histograms = scenario.segments.map((segment) => decodeHistogram(segment.histogram));
  const whole = mergeHistograms(histograms);
  const latencyMs = summarizeLatency(whole);
  for (const histogram of histograms) histogram.destroy();
  whole.destroy();
  return { ...scenario, latencyMs };
}

/** A run whose segments carry contention; `slowed` segments come from a run `slowdown` times slower. */
function run(
  seed: number,
  contention: (index: number) => SegmentContention,
  options: { scale?: number; slowed?: Set<number>; slowdown?: number; runShiftSd?: number } = {},
): Results {
  const plain = makeResults({
    seed,
    scenarios: [{ ...api, scale: options.scale ?? 1 }],
    runShiftSd: options.runShiftSd,
  });
  const slow = options.slowed
    ? makeResults({
        seed,
        scenarios: [{ ...api, scale: (options.scale ?? 1) * (options.slowdown ?? 2) }],
        runShiftSd: options.runShiftSd,
      })
    : undefined;
  const scenarios = plain.scenarios.map((scenario, s) => {
    const segments = scenario.segments.map((segment, i) => ({
      ...(options.slowed?.has(i) ? slow!.scenarios[s]!.segments[i]! : segment),
      contention: contention(i),
    }));
    const measured = refresh({ ...scenario, segments });
    const c = summarizeContention(measured, segments);
    return {
      ...measured,
      machine: {
        cpuCount: 2,
        busyCores: 1 + (c.otherCores ?? 0),
        otherCores: c.otherCores ?? 0,
        stealCores: c.stealCores ?? 0,
      },
    };
  });
  return { ...plain, scenarios };
}

function input(current: Results, baseline: Baseline): CompareInput {
  return {
    current,
    baseline,
    baselineStatus: { kind: 'ok' },
    compare: defaultCompareConfig(),
    thresholds: [],
    replicates: 400,
  };
}

function bare(results: Results): Baseline {
  return { schemaVersion: 1, kind: 'perfgate-baseline', savedAt: '2025-01-01T00:00:00Z', results, history: [] };
}

function metric(comparison: ReturnType<typeof compareRuns>, name: string): MetricComparison {
  const found = comparison.scenarios[0]?.metrics.find((m) => m.metric === name);
  if (found === undefined) throw new Error(`no ${name}`);
  return found;
}

const reported: SegmentContention = {
  otherCores: 0.32,
  stealCores: 0.21,
  generatorCores: 0.06,
  loopDelayP99Ms: 18.3,
  lateStarts: 0,
};
const calmSegment: SegmentContention = {
  otherCores: 0.16,
  stealCores: 0,
  generatorCores: 0.05,
  loopDelayP99Ms: 1.9,
  lateStarts: 0,
};

describe('compareRuns under contention', () => {
  it('does not fail the reported case: +35% on a run with steal and generator lag throughout', () => {
    const baseline = bare(run(1, () => calmSegment));
    const current = run(2, () => reported, { scale: 1.35 });
    const result = compareRuns(input(current, baseline));
    expect(result.verdict).toBe('pass');
    let heldBack = 0;
    for (const name of ['p50', 'p90', 'p95', 'p99']) {
      const m = metric(result, name);
      expect(m.verdict).toBe('inconclusive');
      // An interval clear of no change would be a regression but for the competition, and says so.
      if (m.changeInterval![0] > 0) {
        heldBack += 1;
        expect(m.reasons.map(describeReason).join(' ')).toMatch(
          /the current run had 0\.21 more cores of competing work .* 16\.4 ms more event-loop delay/,
        );
      }
    }
    expect(heldBack).toBeGreaterThan(0);
  });

  it('does not fail the same run against a quiet history', () => {
    let history: Baseline | undefined;
    for (let i = 0; i < 8; i++)
      history = createBaseline(
        run(100 + i, () => calmSegment, { runShiftSd: 0.03 }),
        history,
        { savedAt: `t${i}`, historyLength: 10 },
      );
    const result = compareRuns(
      input(
        run(300, () => reported, { scale: 1.35, runShiftSd: 0.03 }),
        history!,
      ),
    );
    expect(result.mode).toBe('history');
    expect(result.verdict).toBe('pass');
    expect(metric(result, 'p95').reasons.map(describeReason).join(' ')).toMatch(/can explain a change of up to/);
  });

  it('leaves out the burst segments of a run whose neighbour came and went, and finds no change', () => {
    const baseline = bare(run(1, () => calmSegment));
    const bursts = new Set([3, 4, 9, 15, 16]);
    const current = run(
      2,
      (i) => (bursts.has(i) ? { ...calmSegment, otherCores: 1.2, loopDelayP99Ms: 18 } : calmSegment),
      { slowed: bursts, slowdown: 2 },
    );
    // Judged whole, the bursts would be a p99 regression; the segments they hit are left out.
    const result = compareRuns(input(current, baseline));
    expect(result.verdict).toBe('pass');
    expect(result.scenarios[0]!.notes.join(' ')).toMatch(
      /This run: 5 of 20 segments left out, hit by a burst of competing work \(3–5 s, 9–10 s, 15–17 s into the window/,
    );
    for (const name of ['p50', 'p95', 'p99']) expect(metric(result, name).verdict).not.toBe('regression');
    // Without the contention record the same segments move p99 by a third: the rule took that out.
    const unrecorded = {
      ...current,
      scenarios: current.scenarios.map((s) => ({
        ...s,
        segments: s.segments.map(({ contention: _c, ...rest }) => rest),
        machine: undefined,
      })),
    };
    const whole = compareRuns(input(unrecorded, bare(run(1, () => calmSegment))));
    expect(metric(whole, 'p99').change).toBeGreaterThan(0.25);
    expect(Math.abs(metric(result, 'p99').change)).toBeLessThan(0.1);
  });

  it('still calls a 4× slowdown with 0.86 core more competition a regression (no history: by the robust rule)', () => {
    const baseline = bare(run(1, () => calmSegment));
    const current = run(2, () => ({ ...calmSegment, otherCores: 1.02 }), { scale: 4.3 });
    const result = compareRuns(input(current, baseline));
    // The contention bound does not hold it back, nor does the missing history: ×4 stays
    // significant against a runner 4× as noisy as the prior.
    const p50 = metric(result, 'p50');
    expect(p50.verdict).toBe('regression');
    expect(p50.reasons.map((reason) => reason.kind)).toEqual(['robust-to-prior']);
    expect(p50.decidedBy).toBe('robust-prior');
    expect(result.verdict).toBe('fail');
    expect(metric(result, 'p50').change).toBeGreaterThan(3);
  });

  it('computes the compared figures over the kept segments only', () => {
    const bursts = new Set([0, 1]);
    const measured = run(5, (i) => (bursts.has(i) ? { ...calmSegment, otherCores: 1.5 } : calmSegment), {
      slowed: bursts,
      slowdown: 3,
    }).scenarios[0]!;
    const selection = selectSegments(measured);
    const view = scenarioOverSegments(measured, selection);
    expect(view.segments).toHaveLength(18);
    expect(view.requests.total).toBe(measured.segments.slice(2).reduce((sum, segment) => sum + segment.count, 0));
    expect(view.latencyMs.p99).toBeLessThan(measured.latencyMs.p99);
    expect(scenarioOverSegments(measured, { kept: measured.segments, excluded: [], hits: 0 })).toBe(measured);
  });
});
