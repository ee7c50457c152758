// The audit's runs as the product plays them (bench/audit/verdicts.ts drives these): the model's
// requests binned into the engine's segments, the gate's look-and-extend loop (judgeRun,
// planExtension, appendExtension, the looks' α shares), and compare.confirm's second pair of
// processes (src/core/compare/confirm.ts, src/entry/run-phases.ts confirmRegressions): when the
// verdict has a regression the second pair can confirm, the same model runs again with fresh
// per-process offsets, machine and noise (a seed of its own; the same headScale) for the window of
// the look that decided the regression (the product's rule since commit 7a188dc, through its own
// functions), and judgeRun judges the run with that pair in `ab.confirmation`. Named harness.ts so that scripts/bench.mjs does not list it as a script.
import { judgeRun } from '../../src/core/gate.js';
import { defaultCompareConfig } from '../../src/core/config/compare.js';
import { confirmationScenario, repeatable, scenariosToConfirm } from '../../src/core/compare/confirm.js';
import { alphaShares, extensionBudgetMs, planExtension } from '../../src/core/compare/sequential.js';
import { appendExtension } from '../../src/core/results/extend.js';
import { createHistogram, encodeHistogram } from '../../src/core/histogram.js';
import { deriveSeed } from '../../src/core/stats/prng.js';
import type { CompareConfig, MetricName } from '../../src/core/types/config.js';
import type { Comparison } from '../../src/core/types/comparison.js';
import type { ProcessLatency, Results, ScenarioResult } from '../../src/core/types/results.js';
import { emptyResults, segmentsAsRun, toScenarioResult, type Segment } from '../../test/core/ab-fixtures.js';
import { simulate, type ModelOptions, type Served } from './model.js';

export interface Variant {
  segments: Segment[];
  servedBy: Uint8Array[];
}

export function binned(served: Served, segments: number, segmentMs: number): Variant {
  const lat: number[][] = Array.from({ length: segments }, () => []);
  const by: number[][] = Array.from({ length: segments }, () => []);
  const count = new Array<number>(segments).fill(0);
  const ko = new Array<number>(segments).fill(0);
  for (let i = 0; i < served.atMs.length; i++) {
    const s = Math.floor(served.atMs[i]! / segmentMs);
    if (s < 0 || s >= segments) continue;
    count[s]! += 1;
    if (served.latencyUs[i]! < 0) ko[s]! += 1;
    else {
      lat[s]!.push(served.latencyUs[i]!);
      by[s]!.push(served.process[i]!);
    }
  }
  return {
    segments: lat.map((l, s) => ({
      latenciesUs: Float64Array.from(l),
      count: count[s]!,
      ko: ko[s]!,
      durationMs: segmentMs,
    })),
    servedBy: by.map((b) => Uint8Array.from(b)),
  };
}

function processesOf(variant: Variant, k: number, from: number, to: number): ProcessLatency[] | undefined {
  if (k < 2) return undefined;
  const histograms = Array.from({ length: k }, () => createHistogram());
  const requests = new Array<number>(k).fill(0);
  for (let s = from; s < to; s++)
    variant.segments[s]!.latenciesUs.forEach((us, i) => {
      const p = variant.servedBy[s]![i]!;
      histograms[p]!.recordValue(us);
      requests[p]! += 1;
    });
  return histograms.map((h, p) => {
    const histogram = encodeHistogram(h);
    h.destroy();
    return { requests: requests[p]!, histogram };
  });
}

function windowOf(whole: ScenarioResult, variant: Variant, k: number, from: number, to: number): ScenarioResult {
  const run = segmentsAsRun(whole, from, to);
  const processes = processesOf(variant, k, from, to);
  if (processes !== undefined) run.processes = processes;
  return run;
}

/** The A/B compare config: the A/B minimum effects (`ab`) or every one 0 and set (`none`). */
export function configFor(min: 'ab' | 'none', confirm: boolean): CompareConfig {
  const compare: CompareConfig = { ...defaultCompareConfig(), mode: 'ab', ...(confirm ? {} : { confirm: false }) };
  if (min === 'none') {
    const metrics = Object.keys(compare.minEffect) as MetricName[];
    compare.minEffect = Object.fromEntries(metrics.map((m) => [m, 0])) as Record<MetricName, number>;
    compare.minEffectSet = metrics;
  }
  return compare;
}

export interface Drawn {
  head: ScenarioResult;
  base: ScenarioResult;
  headV: Variant;
  baseV: Variant;
}

export interface Setup {
  schedule: 'duet' | 'alternate';
  segmentMs: number;
  k: number;
  rate: number;
  /** Duet: record the neighbour's core per block as the generator's probe would (`otherCores`, the
   * share of the block it ran), in head and base alike; without it nothing is recorded. */
  contention?: boolean;
}

/** The probe's record of each block: the share of it the neighbour held its core in. */
function withContention(variant: Variant, neighbourOn: { from: number; to: number }[], segmentMs: number): void {
  variant.segments.forEach((segment, s) => {
    const from = s * segmentMs;
    const to = from + segmentMs;
    const held = neighbourOn.reduce((sum, on) => sum + Math.max(0, Math.min(to, on.to) - Math.max(from, on.from)), 0);
    segment.contention = { otherCores: held / segmentMs, generatorCores: 0.05, loopDelayP99Ms: 1, lateStarts: 0 };
  });
}

/** One simulated pair of processes, segmented over `segments` of `segmentMs`. */
export function drawPair(
  setup: Setup,
  model: Omit<ModelOptions, 'schedule' | 'slotMs' | 'rate' | 'processes'>,
): Drawn & { offsetGap: number } {
  const total = Math.round(model.measuredMs / setup.segmentMs);
  const {
    served: [h, b],
    offsetGap,
    neighbourOn,
  } = simulate({ ...model, schedule: setup.schedule, slotMs: setup.segmentMs, rate: setup.rate, processes: setup.k });
  const headV = binned(h, total, setup.segmentMs);
  const baseV = binned(b, total, setup.segmentMs);
  if (setup.contention && setup.schedule === 'duet')
    for (const variant of [headV, baseV]) withContention(variant, neighbourOn, setup.segmentMs);
  const fixture = { executor: 'constant-arrival-rate' as const, ratePerSec: setup.rate, segmentMs: setup.segmentMs };
  return {
    head: toScenarioResult('api', fixture, headV.segments, 1),
    base: toScenarioResult('api', fixture, baseV.segments, 1),
    headV,
    baseV,
    offsetGap,
  };
}

const BASELINE = { kind: 'missing' as const, detail: 'A/B' };

/** The gate's loop: judge, plan a step, append it to both variants, judge again. The final
 * judgement, the results it judged and how many segments each variant measured. */
export function play(
  drawn: Drawn,
  planned: number,
  setup: Setup,
  compare: CompareConfig,
): { comparison: Comparison; current: Results; segments: number } {
  const { segmentMs, k } = setup;
  const config = { thresholds: {}, compare };
  const head0 = windowOf(drawn.head, drawn.headV, k, 0, planned);
  const base0 = windowOf(drawn.base, drawn.baseV, k, 0, planned);
  let current: Results = emptyResults([head0]);
  current.ab = { schedule: setup.schedule, seed: 1, base: emptyResults([base0]) };
  current.sequential = { alphaShares: alphaShares(true, true) };
  const budget = Math.round(extensionBudgetMs(planned * segmentMs, compare) / segmentMs);
  let segments = planned;
  for (let look = 0; ; look++) {
    const comparison = judgeRun({ current, config, baseline: BASELINE }).comparison;
    const step = planExtension({ comparison, results: current, compare, look }).steps.find((s) => s.scenario === 'api');
    if (step === undefined) return { comparison, current, segments };
    const to = Math.min(budget, segments + Math.round(step.addMs / segmentMs));
    if (to <= segments) return { comparison, current, segments };
    current = {
      ...current,
      scenarios: [
        appendExtension(current.scenarios[0]!, windowOf(drawn.head, drawn.headV, k, segments, to), step.undecided),
      ],
      ab: {
        ...current.ab!,
        base: {
          ...current.ab!.base,
          scenarios: [
            appendExtension(
              current.ab!.base.scenarios[0]!,
              windowOf(drawn.base, drawn.baseV, k, segments, to),
              step.undecided,
            ),
          ],
        },
      },
    };
    segments = to;
  }
}

export interface Confirmed {
  /** The verdict after compare.confirm (the first pair's when nothing was confirmed; with
   * `pairs` 3, after the third pair too). */
  comparison: Comparison;
  /** The verdict after the second pair alone (the product's). */
  second: Comparison;
  /** Segments the second pair measured per variant (0: no second pair). */
  secondSegments: number;
  /** The second pair's permanent offset gap, head minus base (log scale). */
  secondGap?: number;
  /** `pairs` 3: the verdict on the third pair alone, when the second confirmed a regression. */
  third?: Comparison;
}

/** A pair's run of `segments` as compare.confirm's second pair, judged with the first pair's run. */
function judgeWithPair(
  first: { current: Results },
  pair: Drawn,
  k: number,
  segments: number,
  compare: CompareConfig,
): Comparison {
  const head = windowOf(pair.head, pair.headV, k, 0, segments);
  const base = windowOf(pair.base, pair.baseV, k, 0, segments);
  const current: Results = {
    ...first.current,
    ab: { ...first.current.ab!, confirmation: { scenarios: [head], base: [base] } },
  };
  return judgeRun({ current, config: { thresholds: {}, compare }, baseline: BASELINE }).comparison;
}

const metricKey = (m: { scenario: string; metric: string }): string => `${m.scenario}\u0000${m.metric}`;

/** An experiment, not the product: a regression the second pair confirmed stands only if a third
 * pair shows it too; one the third pair did not reproduce is inconclusive, with its figures. */
function alsoThird(second: Comparison, third: Comparison): Comparison {
  const thirds = new Map(third.scenarios.flatMap((s) => s.metrics).map((m) => [metricKey(m), m]));
  const scenarios = second.scenarios.map((scenario) => ({
    ...scenario,
    metrics: scenario.metrics.map((m) => {
      if (m.verdict !== 'regression' || m.confirmation?.outcome !== 'confirmed') return m;
      const t = thirds.get(metricKey(m));
      if (t?.confirmation?.outcome !== 'not-reproduced') return m;
      const { decidedBy: _none, ...rest } = m;
      return { ...rest, verdict: 'inconclusive' as const, reasons: t.reasons, confirmation: t.confirmation };
    }),
  }));
  const regressions = scenarios.flatMap((s) => s.metrics).filter((m) => m.verdict === 'regression');
  return {
    ...second,
    scenarios,
    regressions,
    verdict: second.breaches.length > 0 || regressions.length > 0 ? 'fail' : 'pass',
  };
}

/**
 * compare.confirm as the product plays it (src/entry/run-phases.ts confirmRegressions, with the
 * product's own functions): the scenarios `scenariosToConfirm` asks for, less those `repeatable`
 * leaves out, run again for the window of the look that decided their regressions
 * (`confirmationScenario` on the planned steady load), on a second pair drawn for the same length
 * as the first (a seed of its own, derived from the run's: fresh offsets, machine and noise; its
 * first `window` measured), judged with the first pair's results. `pairs` 3 (an experiment): a
 * third pair, drawn the same way, for the same window, when the second confirmed a regression.
 */
export function confirmRun(
  first: { comparison: Comparison; current: Results; segments: number },
  setup: Setup,
  compare: CompareConfig,
  model: { runSeed: number; processSd: number; headScale: number; measuredMs: number; plannedMs: number },
  cache: Map<string, Drawn & { offsetGap: number }>,
  pairs: 2 | 3 = 2,
): Confirmed {
  const none = { comparison: first.comparison, second: first.comparison, secondSegments: 0 };
  // The product sets compare.processes to k, which turns compare.confirm off for k > 1.
  if (setup.k > 1) return none;
  const load = { executor: 'constant-arrival-rate' as const, ratePerSec: setup.rate, durationMs: model.plannedMs };
  const targets = scenariosToConfirm(first.comparison, first.current, compare).filter((target) =>
    repeatable(target, load),
  );
  if (targets.length === 0) return none;
  const windowMs = confirmationScenario({ load }, Math.max(...targets.map((target) => target.windowMs))).load
    .durationMs;
  const segments = Math.round(windowMs / setup.segmentMs);
  // Each pair drawn once per run, for both minimum-effect settings: a shorter window is a prefix.
  const pairOf = (which: 'second' | 'third'): Drawn & { offsetGap: number } => {
    let pair = cache.get(which);
    if (pair === undefined) {
      pair = drawPair(setup, {
        measuredMs: model.measuredMs,
        processSd: model.processSd,
        headScale: model.headScale,
        seed: deriveSeed(model.runSeed, `${which} pair of processes`),
      });
      cache.set(which, pair);
    }
    return pair;
  };
  const secondPair = pairOf('second');
  const second = judgeWithPair(first, secondPair, setup.k, segments, compare);
  const confirmed = { second, secondSegments: segments, secondGap: secondPair.offsetGap };
  if (pairs < 3 || second.regressions.every((m) => m.confirmation?.outcome !== 'confirmed'))
    return { comparison: second, ...confirmed };
  const third = judgeWithPair(first, pairOf('third'), setup.k, segments, compare);
  return { comparison: alsoThird(second, third), ...confirmed, third };
}
