// A/B calibration and power on the product path, request by request. A synthetic service answers
// every request of an open-model run (Poisson arrivals) with a latency built from what a shared CI
// runner does to it, and the requests are binned into the segments the engine would record (250 ms
// duet blocks, or any --segment), HDR-encoded, and judged by judgeRun (comparePaired, Holm, the
// minimum effects, the guards) — with compare.extend played as the gate plays it when --extend.
// The generator was written from the issue's description of the audit's, before any result was seen:
//   - body: lognormal, median 1.6 ms, σ 0.35; 1% of requests × a Pareto(α 1.5) factor (cap 50×);
//   - shared runner AR(1) on the log scale: sd 8%, lag-1 s correlation 0.7 (the same for both);
//   - per-variant (per-process) AR(1) state: sd 1.4%, lag-1 s correlation drawn per run in [0, 0.8];
//   - shared bursts: 0.5/s, 50–400 ms, +10–70% on the log scale, felt ×0.6–1.4 by each variant;
//   - stalls of one variant alone (GC, descheduling): 0.3/s per variant, 5–60 ms, every request
//     arriving inside one waits for its end;
//   - level shifts in 10% of runs: from a random moment, shared N(0, 10%) plus N(0, 1%) per variant;
//   - errors: 0.2% per request and variant; a slower head loads the shared cores (the base feels
//     10% of its slowdown, duet only).
// Alternate runs the variants in 1 s slots, in a random order per pair, on the same timeline.
// Processes (--processes=k, --process-sd=x, --process-dist=normal|t3|mix; issue 32): each variant
// serves its requests round-robin from k processes, each with its own log-latency offset drawn once
// per run (head's and base's independently; from a generator of their own, so the rest of a run is
// the same whatever k and x) and added to every request it serves; the variant's result carries
// `processes` (each process's ok latencies over the window, and each extension step's) when k > 1.
// k = 1 keeps its one offset: one head process against one base process, and compare.confirm
// (--confirm=off: without it) measures a run that regressed again on a second pair drawn afresh. normal: N(0, x²); t3: a
// Student t with 3 df scaled to sd x; mix: N(0, x²), but 1 process in 5 sits at ±2x (sd 1.26x).
// Run (from the repository root, under the heavy-work lock):
//   flock -o /tmp/heavy.lock npm run bench:ab -- blocks --n=500 [--rate=150] [--seconds=15] [--segment=250]
//     [--schedule=duet|alternate] [--scale=1] [--min=ab|none] [--extend] [--seed=0] [--confirm=on|off]
//     [--processes=1] [--process-sd=0] [--process-dist=normal|t3|mix] [--contention]
// One line of JSON (counts) and one Markdown row per call.
import { judgeRun } from '../../src/core/gate.js';
import { defaultCompareConfig } from '../../src/core/config/compare.js';
import { alphaShares, planExtension } from '../../src/core/compare/sequential.js';
import { appendExtension } from '../../src/core/results/extend.js';
import { confirmationScenario, repeatable, scenariosToConfirm } from '../../src/core/compare/confirm.js';
import type { Comparison } from '../../src/core/types/comparison.js';
import { createRng, deriveSeed, type Rng } from '../../src/core/stats/prng.js';
import type { AbSchedule, CompareConfig, MetricName } from '../../src/core/types/config.js';
import type { Results } from '../../src/core/types/results.js';
import { emptyResults, toScenarioResult, type AbScenarioFixture } from '../../test/core/ab-fixtures.js';
import { argNumber, clopperPearsonUpper, percent } from '../stats/common.js';
import { ar1, episodes, erf, median, windowOf, type DrawnVariant, type Episode } from './harness.js';

const RUNS = argNumber('n', 500);
const RATE = argNumber('rate', 150);
const SECONDS = argNumber('seconds', 15);
const SEGMENT_MS = argNumber('segment', 250);
const SCALE = argNumber('scale', 1);
const SEED = argNumber('seed', 0);
const arg = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const SCHEDULE = arg('schedule', 'duet') as AbSchedule;
const MIN = arg('min', 'ab');
const EXTEND = process.argv.includes('--extend');
/** compare.confirm (the product's default: on; k = 1 only); --confirm=off judges as before it. */
const CONFIRM = arg('confirm', 'on') !== 'off';
/** Record the shared bursts as the generator's probe would (duet): a block a burst overlaps reads a
 * core of other work, the others none, in head and base alike. Without it the runs carry no
 * contention record, and the gate leaves nothing out. */
const CONTENTION = process.argv.includes('--contention');
/** Parts of the generator switched off, to see what each costs: state,shift,burst,stall,tail,shared. */
const OFF = new Set(
  arg('off', '')
    .split(',')
    .filter((part) => part !== ''),
);
/** compare.extend.maxDuration as a factor of the planned window (the product's default is 4x). */
const BUDGET = argNumber('budget', 2);
const PROCESSES = Math.max(1, Math.round(argNumber('processes', 1)));
const PROCESS_SD = argNumber('process-sd', 0);
const PROCESS_DIST = arg('process-dist', 'normal');
if (!['normal', 't3', 'mix'].includes(PROCESS_DIST))
  throw new Error(`--process-dist=${PROCESS_DIST}: use normal, t3 or mix`);

const TICK_MS = 50;
const MEDIAN_US = 1600;
const SIGMA = 0.35;
const TAIL_SHARE = 0.01;
const TAIL_ALPHA = 1.5;
const ERROR_RATE = 0.002;
const CROSS_TALK = 0.1;

interface Timeline {
  totalMs: number;
  shared: Float64Array;
  state: [Float64Array, Float64Array];
  bursts: Episode[];
  burstFeel: [number[], number[]];
  stalls: [Episode[], Episode[]];
  shift?: { atMs: number; shared: number; own: [number, number] };
}

function drawTimeline(rng: Rng, totalMs: number): Timeline {
  const ticks = Math.ceil(totalMs / TICK_MS) + 1;
  const phi = 0.8 * rng.next();
  const bursts = episodes(rng, totalMs, 0.5, 50, 400);
  const timeline: Timeline = {
    totalMs,
    shared: ar1(rng, TICK_MS, ticks, OFF.has('shared') ? 0 : 0.08, 0.7),
    state: [
      ar1(rng, TICK_MS, ticks, OFF.has('state') ? 0 : 0.014, phi),
      ar1(rng, TICK_MS, ticks, OFF.has('state') ? 0 : 0.014, phi),
    ],
    bursts: OFF.has('burst') ? [] : bursts,
    burstFeel: [bursts.map(() => 0.6 + 0.8 * rng.next()), bursts.map(() => 0.6 + 0.8 * rng.next())],
    stalls: [episodes(rng, totalMs, 0.3, 5, 60), episodes(rng, totalMs, 0.3, 5, 60)],
  };
  if (OFF.has('stall')) timeline.stalls = [[], []];
  if (rng.next() < 0.1 && !OFF.has('shift')) {
    timeline.shift = {
      atMs: totalMs * rng.next(),
      shared: 0.1 * rng.normal(),
      own: [0.01 * rng.normal(), 0.01 * rng.normal()],
    };
  }
  return timeline;
}

/** One request of variant v (0 head, 1 base) arriving at tMs: its latency (µs), or -1 if it failed. */
function answer(rng: Rng, timeline: Timeline, v: 0 | 1, tMs: number, logScale: number): number {
  if (rng.next() < ERROR_RATE) return -1;
  const tick = Math.min(timeline.shared.length - 1, Math.floor(tMs / TICK_MS));
  let log = Math.log(MEDIAN_US) + SIGMA * rng.normal() + logScale;
  log += (timeline.shared[tick] ?? 0) + (timeline.state[v][tick] ?? 0);
  timeline.bursts.forEach((burst, i) => {
    if (tMs >= burst.fromMs && tMs < burst.toMs) log += burst.strength * (timeline.burstFeel[v][i] ?? 1);
  });
  const shift = timeline.shift;
  if (shift !== undefined && tMs >= shift.atMs) log += shift.shared + shift.own[v];
  let us = Math.exp(log);
  if (rng.next() < TAIL_SHARE && !OFF.has('tail')) us *= Math.min(50, Math.pow(1 - rng.next(), -1 / TAIL_ALPHA));
  for (const stall of timeline.stalls[v]) if (tMs >= stall.fromMs && tMs < stall.toMs) us += (stall.toMs - tMs) * 1000;
  return Math.max(1, Math.round(us));
}

/** Each process's log-latency offset for one variant of one run. */
function processOffsets(rng: Rng): number[] {
  return Array.from({ length: PROCESSES }, () => {
    if (PROCESS_DIST === 't3') {
      const chi2 = rng.normal() ** 2 + rng.normal() ** 2 + rng.normal() ** 2;
      // A t with 3 df has variance 3.
      return (PROCESS_SD * rng.normal()) / Math.sqrt(chi2 / 3) / Math.sqrt(3);
    }
    if (PROCESS_DIST === 'mix' && rng.next() < 0.2) return 2 * PROCESS_SD * (rng.next() < 0.5 ? -1 : 1);
    return PROCESS_SD * rng.normal();
  });
}

function emptySegment(durationMs: number): {
  latencies: number[];
  servedBy: number[];
  count: number;
  ko: number;
  durationMs: number;
} {
  return { latencies: [], servedBy: [], count: 0, ko: 0, durationMs };
}

/**
 * What the two processes differ by in this run that no within-run test can tell from a change: the
 * per-variant state and the per-variant part of a level shift, averaged over the head's requests
 * (log scale). Its sd over runs, with the request noise of a median, bounds any test's power.
 */
const irreducible: number[] = [];

/** The head's and the base's segments over `windowMs` of measured time per variant. */
function drawRun(
  seed: number,
  windowMs: number,
  schedule: AbSchedule,
  tracked = true,
): { head: DrawnVariant; base: DrawnVariant } {
  const rng = createRng(seed);
  const processRng = createRng(deriveSeed(seed, 'processes'));
  const offsets = [processOffsets(processRng), processOffsets(processRng)] as const;
  const served = [0, 0];
  const segments = Math.ceil(windowMs / SEGMENT_MS);
  const out = [0, 1].map(() => Array.from({ length: segments }, () => emptySegment(SEGMENT_MS)));
  const scales = [Math.log(SCALE), schedule === 'duet' ? CROSS_TALK * Math.log(SCALE) : 0];
  const record = (v: 0 | 1, segment: number, tMs: number, timeline: Timeline): void => {
    const target = out[v]![segment]!;
    target.count += 1;
    // Round-robin over the variant's processes, as the engine spreads a variant's requests.
    const process = served[v]! % PROCESSES;
    served[v]! += 1;
    const us = answer(rng, timeline, v, tMs, scales[v]! + offsets[v][process]!);
    if (us < 0) target.ko += 1;
    else {
      target.latencies.push(us);
      target.servedBy.push(process);
    }
  };
  let burstHits: boolean[] | undefined;
  if (schedule === 'duet') {
    const timeline = drawTimeline(rng, windowMs);
    if (CONTENTION)
      burstHits = Array.from({ length: segments }, (_, i) =>
        timeline.bursts.some((burst) => burst.fromMs < (i + 1) * SEGMENT_MS && burst.toMs > i * SEGMENT_MS),
      );
    let t = 0;
    let own = 0;
    let sent = 0;
    for (;;) {
      t += (-Math.log(1 - rng.next()) / RATE) * 1000;
      if (t >= windowMs) break;
      const segment = Math.floor(t / SEGMENT_MS);
      record(0, segment, t, timeline);
      record(1, segment, t, timeline);
      const tick = Math.min(timeline.shared.length - 1, Math.floor(t / TICK_MS));
      own += (timeline.state[0][tick] ?? 0) - (timeline.state[1][tick] ?? 0);
      // Both variants have sent every request so far, so the pair went to process (sent mod k) of each.
      own += offsets[0][sent % PROCESSES]! - offsets[1][sent % PROCESSES]!;
      if (timeline.shift !== undefined && t >= timeline.shift.atMs)
        own += timeline.shift.own[0] - timeline.shift.own[1];
      sent += 1;
    }
    if (tracked) irreducible.push(own / Math.max(1, sent));
  } else {
    // Slots of one segment each, head and base back to back in a random order per pair.
    const timeline = drawTimeline(rng, 2 * windowMs);
    for (let i = 0; i < segments; i++) {
      const headFirst = rng.next() < 0.5;
      for (const v of [0, 1] as const) {
        const slotStart = (2 * i + (headFirst === (v === 0) ? 0 : 1)) * SEGMENT_MS;
        let t = 0;
        for (;;) {
          t += (-Math.log(1 - rng.next()) / RATE) * 1000;
          if (t >= SEGMENT_MS) break;
          record(v, i, slotStart + t, timeline);
        }
      }
    }
  }
  const toVariant = (v: number): DrawnVariant => ({
    segments: out[v]!.map((s, i) => ({
      latenciesUs: Float64Array.from(s.latencies),
      count: s.count,
      ko: s.ko,
      durationMs: s.durationMs,
      ...(burstHits !== undefined
        ? {
            contention: {
              otherCores: burstHits[i] ? 1 : 0,
              generatorCores: 0.05,
              loopDelayP99Ms: 1,
              lateStarts: 0,
            },
          }
        : {}),
    })),
    servedBy: out[v]!.map((s) => Uint8Array.from(s.servedBy)),
  });
  return { head: toVariant(0), base: toVariant(1) };
}

const FIXTURE: AbScenarioFixture = { executor: 'constant-arrival-rate', ratePerSec: RATE, segmentMs: SEGMENT_MS };

function makeResults(seed: number, segments: number): { full: Results; head: DrawnVariant; base: DrawnVariant } {
  const drawn = drawRun(seed, segments * SEGMENT_MS, SCHEDULE);
  const head = emptyResults([toScenarioResult('api', FIXTURE, drawn.head.segments, 1)]);
  head.ab = {
    schedule: SCHEDULE,
    seed,
    base: emptyResults([toScenarioResult('api', FIXTURE, drawn.base.segments, 1)]),
  };
  return { full: head, ...drawn };
}

function compareConfig(): CompareConfig {
  const compare: CompareConfig = { ...defaultCompareConfig(), mode: 'ab', extend: { maxWindowFactor: BUDGET } };
  if (MIN === 'none') {
    const metrics = Object.keys(compare.minEffect) as MetricName[];
    compare.minEffect = Object.fromEntries(metrics.map((m) => [m, 0])) as Record<MetricName, number>;
    compare.minEffectSet = metrics;
  }
  return compare;
}

interface Outcome {
  regressions: number;
  regressed: string[];
  p50Regression: boolean;
  mde: Partial<Record<MetricName, number>>;
  z: Partial<Record<MetricName, number>>;
  halfWidth: Partial<Record<MetricName, number>>;
  segments: number;
  /** The processes' spread, not the requests', set p50's standard error (dfGrowth 0). */
  processesDecidedP50: boolean;
  /** The metrics called a regression on the processes' spread. */
  regressedOnProcesses: string[];
  /** The first pair's verdict (all of the above is the one after compare.confirm). */
  firstRegressions: number;
  firstP50Regression: boolean;
  /** compare.confirm's second pair: segments it measured per variant (0: none), and per regression
   * of the first pair what it made of it. */
  secondSegments: number;
  outcomes: string[];
}

/**
 * compare.confirm as the product plays it (src/entry/run-phases.ts confirmRegressions, through the
 * product's own functions; k = 1 only, as the product sets compare.processes to k): the scenarios
 * `scenariosToConfirm` asks for, less those `repeatable` leaves out, measured again for the window
 * of the look that decided their regressions (`confirmationScenario` on the planned steady load)
 * on a second pair drawn afresh (a seed of its own, so its offsets, state and noise are new) for as
 * long as the first (`drawn` segments; the window is its prefix), judged with the first pair's run.
 */
function confirmSecondPair(
  current: Results,
  comparison: Comparison,
  drawn: number,
  compare: CompareConfig,
): { comparison: Comparison; secondSegments: number } {
  if (!CONFIRM || PROCESSES > 1) return { comparison, secondSegments: 0 };
  const load = { executor: 'constant-arrival-rate' as const, ratePerSec: RATE, durationMs: SECONDS * 1000 };
  const targets = scenariosToConfirm(comparison, current, compare).filter((target) => repeatable(target, load));
  if (targets.length === 0) return { comparison, secondSegments: 0 };
  const windowMs = confirmationScenario({ load }, Math.max(...targets.map((target) => target.windowMs))).load
    .durationMs;
  const segments = Math.round(windowMs / SEGMENT_MS);
  const second = drawRun(
    deriveSeed(current.ab!.seed ?? 0, 'second pair of processes'),
    drawn * SEGMENT_MS,
    SCHEDULE,
    false,
  );
  const [head, base] = [second.head, second.base].map((variant) =>
    windowOf(toScenarioResult('api', FIXTURE, variant.segments, 1), variant, 1, 0, segments),
  );
  const confirmed: Results = {
    ...current,
    ab: { ...current.ab!, confirmation: { scenarios: [head!], base: [base!] } },
  };
  const config = { thresholds: {}, compare };
  return {
    comparison: judgeRun({ current: confirmed, config, baseline: { kind: 'missing', detail: 'A/B' } }).comparison,
    secondSegments: segments,
  };
}

function play(
  { full, head: headDrawn, base: baseDrawn }: ReturnType<typeof makeResults>,
  planned: number,
  compare: CompareConfig,
): Outcome {
  const config = { thresholds: {}, compare };
  const head = full.scenarios[0]!;
  const base = full.ab!.base.scenarios[0]!;
  let current: Results = {
    ...full,
    scenarios: [windowOf(head, headDrawn, PROCESSES, 0, planned)],
    ab: { ...full.ab!, base: { ...full.ab!.base, scenarios: [windowOf(base, baseDrawn, PROCESSES, 0, planned)] } },
    ...(EXTEND ? { sequential: { alphaShares: alphaShares(true, true) } } : {}),
  };
  let segments = planned;
  const budget = planned * BUDGET;
  for (let look = 0; EXTEND; look++) {
    const comparison = judgeRun({ current, config, baseline: { kind: 'missing', detail: 'A/B' } }).comparison;
    const step = planExtension({ comparison, results: current, compare, look }).steps.find((s) => s.scenario === 'api');
    if (step === undefined) break;
    const to = Math.min(budget, segments + Math.round(step.addMs / SEGMENT_MS));
    if (to <= segments) break;
    current = {
      ...current,
      scenarios: [
        appendExtension(current.scenarios[0]!, windowOf(head, headDrawn, PROCESSES, segments, to), step.undecided),
      ],
      ab: {
        ...current.ab!,
        base: {
          ...current.ab!.base,
          scenarios: [
            appendExtension(
              current.ab!.base.scenarios[0]!,
              windowOf(base, baseDrawn, PROCESSES, segments, to),
              step.undecided,
            ),
          ],
        },
      },
    };
    segments = to;
  }
  const first = judgeRun({ current, config, baseline: { kind: 'missing', detail: 'A/B' } }).comparison;
  const { comparison, secondSegments } = confirmSecondPair(current, first, head.segments.length, compare);
  const metrics = comparison.scenarios.flatMap((s) => s.metrics);
  const firstMetrics = first.scenarios.flatMap((s) => s.metrics);
  const outcome: Outcome = {
    firstRegressions: first.regressions.length,
    firstP50Regression: firstMetrics.some((m) => m.metric === 'p50' && m.verdict === 'regression'),
    secondSegments,
    outcomes: metrics.flatMap((m) =>
      m.confirmation === undefined
        ? []
        : [m.confirmation.outcome === 'untested' ? `untested: ${m.confirmation.why ?? ''}` : m.confirmation.outcome],
    ),
    regressions: comparison.regressions.length,
    regressed: comparison.regressions.map((m) => m.metric),
    p50Regression: metrics.some((m) => m.metric === 'p50' && m.verdict === 'regression'),
    mde: {},
    z: {},
    halfWidth: {},
    segments,
    processesDecidedP50: metrics.some((m) => m.metric === 'p50' && m.dfGrowth === 0),
    regressedOnProcesses: comparison.regressions.filter((m) => m.dfGrowth === 0).map((m) => m.metric),
  };
  // The first pair's tests: how well calibrated they are is what compare.confirm builds on.
  for (const m of firstMetrics) {
    if (m.minDetectableEffect !== undefined) outcome.mde[m.metric] = m.minDetectableEffect;
    if (m.standardError !== undefined && Number.isFinite(m.change))
      outcome.z[m.metric] = (m.metric === 'error_rate' ? m.change : Math.log1p(m.change)) / m.standardError;
    if (m.changeInterval !== undefined) outcome.halfWidth[m.metric] = (m.changeInterval[1] - m.changeInterval[0]) / 2;
  }
  return outcome;
}

const planned = Math.ceil((SECONDS * 1000) / SEGMENT_MS);
const compare = compareConfig();
let falseRuns = 0;
let firstFalseRuns = 0;
let firstFound = 0;
let confirmRuns = 0;
const outcomes: Record<string, number> = {};
const confirmSeconds: number[] = [];
const byMetric: Record<string, number> = {};
const byMetricOnProcesses: Record<string, number> = {};
let found = 0;
let processesDecided = 0;
/** Runs whose p50 was called a regression on the processes' spread (the rest on the requests'). */
let foundByProcesses = 0;
const mdes: Record<string, number[]> = { p50: [], p95: [] };
const halves: Record<string, number[]> = { p50: [], p95: [] };
const lengths: number[] = [];
/** Per metric: the A/A z = effect / SE, whose sd is 1 when the SE is right. */
const zs: Record<string, number[]> = {};
for (let i = 0; i < RUNS; i++) {
  const full = makeResults(0xb10c + SEED + i, EXTEND ? planned * BUDGET : planned);
  const outcome = play(full, planned, compare);
  if (SCALE === 1 && outcome.regressions > 0) falseRuns += 1;
  if (SCALE === 1 && outcome.firstRegressions > 0) firstFalseRuns += 1;
  if (outcome.firstP50Regression) firstFound += 1;
  if (outcome.secondSegments > 0) confirmRuns += 1;
  confirmSeconds.push((outcome.secondSegments * SEGMENT_MS) / 1000);
  for (const o of outcome.outcomes) outcomes[o] = (outcomes[o] ?? 0) + 1;
  if (SCALE === 1) for (const m of outcome.regressed) byMetric[m] = (byMetric[m] ?? 0) + 1;
  if (SCALE === 1)
    for (const m of outcome.regressedOnProcesses) byMetricOnProcesses[m] = (byMetricOnProcesses[m] ?? 0) + 1;
  if (outcome.p50Regression) found += 1;
  if (outcome.processesDecidedP50) processesDecided += 1;
  if (outcome.processesDecidedP50 && outcome.p50Regression) foundByProcesses += 1;
  for (const m of ['p50', 'p95'] as const) {
    mdes[m]!.push(outcome.mde[m] ?? NaN);
    halves[m]!.push(outcome.halfWidth[m] ?? NaN);
  }
  lengths.push(outcome.segments * SEGMENT_MS);
  for (const [m, z] of Object.entries(outcome.z)) (zs[m] ??= []).push(z);
}
const row = {
  schedule: SCHEDULE,
  rate: RATE,
  seconds: SECONDS,
  segmentMs: SEGMENT_MS,
  scale: SCALE,
  min: MIN,
  extend: EXTEND,
  runs: RUNS,
  seed: SEED,
  processes: PROCESSES,
  processSd: PROCESS_SD,
  processDist: PROCESS_DIST,
  confirm: CONFIRM,
  falseRuns,
  firstFalseRuns,
  found,
  firstFound,
  confirmRuns,
  outcomes,
  confirmSecondsMean: confirmSeconds.reduce((a, v) => a + v, 0) / Math.max(1, confirmSeconds.length),
  processesDecidedP50: processesDecided,
  foundByProcesses,
  byMetric,
  byMetricOnProcesses,
  zSd: Object.fromEntries(
    Object.entries(zs).map(([m, z]) => [
      m,
      Math.round(100 * Math.sqrt(z.reduce((a, v) => a + v * v, 0) / z.length)) / 100,
    ]),
  ),
  mdeP50: median(mdes.p50!),
  mdeP95: median(mdes.p95!),
  halfP50: median(halves.p50!),
  halfP95: median(halves.p95!),
  medianSeconds: median(lengths) / 1000,
  meanSeconds: lengths.reduce((a, v) => a + v, 0) / Math.max(1, lengths.length) / 1000,
};
// The oracle: a test that knew the run's noise exactly (a z test, no df to pay, no tail, no stalls,
// no bursts) on the pooled median, at a two-sided 5% and at Holm's first step over the gate's family.
const sIrreducible = Math.sqrt(irreducible.reduce((a, v) => a + v * v, 0) / Math.max(1, irreducible.length));
// With --extend, at the whole budget: the most data any run had.
const sRequests = (Math.SQRT2 * 1.2533 * SIGMA) / Math.sqrt(RATE * SECONDS * (EXTEND ? BUDGET : 1));
const sOracle = Math.hypot(sIrreducible, sRequests);
const delta = (SCHEDULE === 'duet' ? 1 - CROSS_TALK : 1) * Math.log(SCALE === 1 ? 1.05 : SCALE);
const phi = (z: number): number => 0.5 * (1 + erf(z / Math.SQRT2));
const oracle = {
  irreducibleSd: sIrreducible,
  requestSd: sRequests,
  powerAt5: phi(delta / sOracle - 1.96),
  powerAtHolm: phi(delta / sOracle - 2.77),
};
console.log(JSON.stringify({ ...row, oracle }));
console.log(
  `| ${SCHEDULE} | ${RATE}/s × ${SECONDS} s${EXTEND ? ' (extend)' : ''}${CONFIRM && PROCESSES === 1 ? ' (confirm)' : ''} | k ${PROCESSES}, sd ${percent(PROCESS_SD)} ${PROCESS_DIST} | ${SEGMENT_MS} ms | ×${SCALE} | ${MIN} | ${SCALE === 1 ? `${percent(falseRuns / RUNS)} (${percent(clopperPearsonUpper(falseRuns, RUNS))})` : '–'} | ${percent(found / RUNS)} | ±${percent(row.halfP50)} / ±${percent(row.halfP95)} | ${percent(row.mdeP50)} / ${percent(row.mdeP95)} |`,
);
