// Synthetic A/B runs: a head and a base variant of one service measured on the same runner, either
// at the same moments (duet) or in adjacent segments in a randomised order (alternate). What the
// two variants share and what they do not is the point of the model:
//   shared by both in either schedule: the runner's level for the whole run and a slow drift;
//   shared in duet only (the same moment), independent between adjacent slots in alternate: the
//     AR(1) load level of each 5 s slot, a neighbour that takes a core in bursts, short bursts
//     inside a segment;
//   never shared: each request's service time, each process's GC pauses, a small own burst part.
// In duet the two variants also compete for the same cores, so a slower head slows the base a
// little (`crossTalk`), which pulls a measured change towards zero.
// Reused by bench/ab/stats.ts. Two outputs of one generator: Results (with `ab`) through real HDR
// histograms for comparePaired, and PreparedRun pairs binned directly for the fast calibration runs.
import {
  createHistogram,
  decodeHistogram,
  encodeHistogram,
  mergeHistograms,
  percentileMs,
  type Histogram,
} from '../../src/core/histogram.js';
import { summarizeScenario } from '../../src/core/results/summary.js';
import type { PreparedRun } from '../../src/core/stats/bootstrap.js';
import { createRng, deriveSeed, type Rng } from '../../src/core/stats/prng.js';
import type { AbSchedule, Executor } from '../../src/core/types/config.js';
import type { Results, ScenarioResult, SegmentContention, SegmentRecord } from '../../src/core/types/results.js';
import { binomial, OPEN, poisson } from './fixtures.js';

export interface AbScenarioFixture {
  name?: string;
  executor?: Executor;
  pairs?: number;
  segmentMs?: number;
  /** Closed model: throughput at the nominal latency; open model: the intended rate. */
  ratePerSec?: number;
  medianMs?: number;
  sigma?: number;
  loadPhi?: number;
  loadSd?: number;
  /** Total drift over the run, sd on the log scale (shared by both variants). */
  driftSd?: number;
  /** A neighbour burst in a slot: probability, and the log-scale slowdown drawn uniformly up to this. */
  neighbourChance?: number;
  neighbourMax?: number;
  burstSd?: number;
  ownBurstSd?: number;
  gcChancePerSegment?: number;
  /** The head's own chance of a GC pause per segment (default: gcChancePerSegment): stalls in the head alone. */
  headGcChancePerSegment?: number;
  gcPauseMs?: number;
  gcShare?: number;
  errorRate?: number;
  /** Multiplies every head latency (and divides closed-model head throughput). */
  headScale?: number;
  headErrorRate?: number;
  /** Open model: the share of the intended rate each variant completes. */
  headAchievedShare?: number;
  baseAchievedShare?: number;
  /** Duet: the share of the head's slowdown that the base feels through the shared cores. */
  crossTalk?: number;
}

export interface AbFixture {
  seed: number;
  schedule: AbSchedule;
  scenarios?: AbScenarioFixture[];
  /** Scenarios only the head has (judged on thresholds alone). */
  headOnly?: AbScenarioFixture[];
  runShiftSd?: number;
}

export interface Segment {
  latenciesUs: Float64Array;
  count: number;
  ko: number;
  durationMs: number;
  /** What the generator's probe recorded of the machine in it (none: not measured). */
  contention?: SegmentContention;
}

interface PairedSegments {
  head: Segment[];
  base: Segment[];
  order: ('head-first' | 'base-first')[];
}

const BURSTS = 20;

interface Slot {
  level: number;
  /** Neighbour burst: from which share of the slot's requests, for which share, how strong. */
  neighbour?: { from: number; share: number; strength: number };
  /** Common burst values, one per burst window. */
  bursts: Float64Array;
}

function drawSlots(rng: Rng, fixture: AbScenarioFixture, slots: number, runShift: number): Slot[] {
  const phi = fixture.loadPhi ?? 0.7;
  const loadSd = fixture.loadSd ?? 0.04;
  const drift = (fixture.driftSd ?? 0.05) * rng.normal();
  const burstSd = fixture.burstSd ?? 0.08;
  const chance = fixture.neighbourChance ?? 0.25;
  const max = fixture.neighbourMax ?? 0.6;
  let level = (loadSd / Math.sqrt(1 - phi * phi)) * rng.normal();
  const out: Slot[] = [];
  for (let t = 0; t < slots; t++) {
    if (t > 0) level = phi * level + loadSd * rng.normal();
    const bursts = new Float64Array(BURSTS);
    let burst = 0;
    for (let b = 0; b < BURSTS; b++) {
      burst = 0.5 * burst + burstSd * rng.normal();
      bursts[b] = burst;
    }
    const slot: Slot = { level: level + runShift + (drift * t) / Math.max(1, slots - 1), bursts };
    if (rng.next() < chance) {
      const share = 0.2 + 0.8 * rng.next();
      slot.neighbour = { from: rng.next() * (1 - share), share, strength: 0.1 + (max - 0.1) * rng.next() };
    }
    out.push(slot);
  }
  return out;
}

function drawSegment(
  rng: Rng,
  fixture: AbScenarioFixture,
  slot: Slot,
  variant: { scale: number; errorRate: number; achievedShare: number; extraLevel: number; gcChance?: number },
): Segment {
  const open = OPEN.includes(fixture.executor ?? 'constant-vus');
  const segmentMs = fixture.segmentMs ?? 5000;
  const rate = fixture.ratePerSec ?? 200;
  const logMedian = Math.log((fixture.medianMs ?? 20) * 1000);
  const sigma = fixture.sigma ?? 0.45;
  const ownSd = fixture.ownBurstSd ?? 0.03;
  const gcPauseUs = (fixture.gcPauseMs ?? 80) * 1000;
  const gcShare = fixture.gcShare ?? 0.01;
  const logLevel = slot.level + Math.log(variant.scale) + variant.extraLevel;
  const expected = (rate * segmentMs) / 1000;
  const count = open ? Math.round(expected * variant.achievedShare) : poisson(rng, expected * Math.exp(-logLevel));
  const ko = binomial(rng, count, variant.errorRate);
  const ok = count - ko;
  const latencies = new Float64Array(ok);
  const gcStart = rng.next() < (variant.gcChance ?? fixture.gcChancePerSegment ?? 0.15) ? rng.int(Math.max(1, ok)) : -1;
  const gcLength = Math.ceil(ok * gcShare);
  const window = Math.max(1, Math.ceil(ok / BURSTS));
  let own = 0;
  for (let i = 0; i < ok; i++) {
    if (i % window === 0) own = 0.5 * own + ownSd * rng.normal();
    const position = ok > 0 ? i / ok : 0;
    let log =
      logMedian +
      sigma * rng.normal() +
      logLevel +
      (slot.bursts[Math.min(BURSTS - 1, Math.floor(i / window))] ?? 0) +
      own;
    const n = slot.neighbour;
    if (n !== undefined && position >= n.from && position < n.from + n.share) log += n.strength;
    let us = Math.exp(log);
    if (gcStart >= 0 && i >= gcStart && i < gcStart + gcLength)
      us += gcPauseUs * variant.scale * (1 - (i - gcStart) / gcLength);
    latencies[i] = Math.max(1, Math.round(us));
  }
  return { latenciesUs: latencies, count, ko, durationMs: segmentMs };
}

/** One scenario's paired segments under a schedule. */
export function simulatePairs(
  seed: number,
  schedule: AbSchedule,
  fixture: AbScenarioFixture,
  runShift = 0,
): PairedSegments {
  const rng = createRng(seed);
  const pairs = fixture.pairs ?? 12;
  const headScale = fixture.headScale ?? 1;
  const crossTalk = schedule === 'duet' ? (fixture.crossTalk ?? 0.1) : 0;
  const errorRate = fixture.errorRate ?? 0.002;
  const head = {
    scale: headScale,
    errorRate: fixture.headErrorRate ?? errorRate,
    achievedShare: fixture.headAchievedShare ?? 1,
    extraLevel: 0,
    ...(fixture.headGcChancePerSegment !== undefined ? { gcChance: fixture.headGcChancePerSegment } : {}),
  };
  // In duet the head's slowdown loads the shared cores, so the base feels a share of it.
  const base = {
    scale: 1,
    errorRate,
    achievedShare: fixture.baseAchievedShare ?? 1,
    extraLevel: crossTalk * Math.log(headScale),
  };
  const out: PairedSegments = { head: [], base: [], order: [] };
  if (schedule === 'duet') {
    const slots = drawSlots(rng, fixture, pairs, runShift);
    for (const slot of slots) {
      out.head.push(drawSegment(rng, fixture, slot, head));
      out.base.push(drawSegment(rng, fixture, slot, base));
      out.order.push(rng.next() < 0.5 ? 'head-first' : 'base-first');
    }
    return out;
  }
  const slots = drawSlots(rng, fixture, 2 * pairs, runShift);
  for (let i = 0; i < pairs; i++) {
    const headFirst = rng.next() < 0.5;
    const first = slots[2 * i] as Slot;
    const second = slots[2 * i + 1] as Slot;
    out.head.push(drawSegment(rng, fixture, headFirst ? first : second, head));
    out.base.push(drawSegment(rng, fixture, headFirst ? second : first, base));
    out.order.push(headFirst ? 'head-first' : 'base-first');
  }
  return out;
}

/** Bins the segments on a log grid as fine as HDR's (0.1%), in the layout the bootstrap code reads. */
export function toPreparedRun(segments: readonly Segment[], lowUs: number, highUs: number): PreparedRun {
  const width = 1e-3;
  const base = Math.log(lowUs);
  const gridSize = Math.max(1, Math.ceil((Math.log(highUs) - base) / width) + 1);
  const grid = new Float64Array(gridSize);
  for (let g = 0; g < gridSize; g++) grid[g] = Math.exp(base + (g + 1) * width);
  const m = segments.length;
  const cumulative = new Float64Array(m * gridSize);
  const recorded = new Float64Array(m);
  segments.forEach((segment, s) => {
    const row = s * gridSize;
    for (const us of segment.latenciesUs) {
      const g = Math.min(gridSize - 1, Math.max(0, Math.floor((Math.log(us) - base) / width)));
      cumulative[row + g] = (cumulative[row + g] ?? 0) + 1;
    }
    for (let g = 1; g < gridSize; g++)
      cumulative[row + g] = (cumulative[row + g] ?? 0) + (cumulative[row + g - 1] ?? 0);
    recorded[s] = segment.latenciesUs.length;
  });
  return {
    segments: m,
    durationMs: Float64Array.from(segments, (s) => s.durationMs),
    count: Float64Array.from(segments, (s) => s.count),
    ko: Float64Array.from(segments, (s) => s.ko),
    recorded,
    grid,
    cumulative,
    blockLength: 1,
  };
}

/** Both variants binned on one grid, so their quantiles are read at the same resolution. */
export function preparedPair(paired: PairedSegments): { head: PreparedRun; base: PreparedRun } {
  let low = Infinity;
  let high = 0;
  for (const segment of [...paired.head, ...paired.base]) {
    for (const us of segment.latenciesUs) {
      if (us < low) low = us;
      if (us > high) high = us;
    }
  }
  if (!Number.isFinite(low)) {
    low = 1;
    high = 2;
  }
  return {
    head: toPreparedRun(paired.head, low * 0.999, high * 1.001),
    base: toPreparedRun(paired.base, low * 0.999, high * 1.001),
  };
}

export function toScenarioResult(
  name: string,
  fixture: AbScenarioFixture,
  segments: Segment[],
  achievedShare: number,
): ScenarioResult {
  const executor = fixture.executor ?? 'constant-vus';
  const open = OPEN.includes(executor);
  const rate = fixture.ratePerSec ?? 200;
  const histograms: Histogram[] = [];
  const records: SegmentRecord[] = [];
  let total = 0;
  let ko = 0;
  let startMs = 0;
  for (const segment of segments) {
    const histogram = createHistogram();
    for (const us of segment.latenciesUs) histogram.recordValue(us);
    records.push({
      startMs,
      durationMs: segment.durationMs,
      count: segment.count,
      ko: segment.ko,
      histogram: encodeHistogram(histogram),
      ...(segment.contention !== undefined ? { contention: segment.contention } : {}),
    });
    histograms.push(histogram);
    startMs += segment.durationMs;
    total += segment.count;
    ko += segment.ko;
  }
  const whole = mergeHistograms(histograms);
  for (const histogram of histograms) histogram.destroy();
  const durationMs = startMs;
  const ok = total - ko;
  const latencyMs = {
    min: ok > 0 ? whole.minNonZeroValue / 1000 : 0,
    mean: whole.mean / 1000,
    stddev: whole.stdDeviation / 1000,
    p50: percentileMs(whole, 50),
    p75: percentileMs(whole, 75),
    p90: percentileMs(whole, 90),
    p95: percentileMs(whole, 95),
    p99: percentileMs(whole, 99),
    p999: percentileMs(whole, 99.9),
    max: whole.maxValue / 1000,
  };
  const histogram = encodeHistogram(whole);
  whole.destroy();
  const rps = durationMs > 0 ? total / (durationMs / 1000) : 0;
  const result: ScenarioResult = {
    name,
    executor,
    params: open ? { ratePerSec: rate, durationMs } : { vus: 10, durationMs },
    startTime: '2025-01-01T00:00:00.000Z',
    durationMs,
    warmupMs: 0,
    requests: { total, ok, ko, dropped: 0 },
    latencyMs,
    rps,
    errorRate: total > 0 ? ko / total : 0,
    bytes: { in: total * 200, out: total * 100 },
    statusCodes: ko > 0 ? { '200': ok, '500': ko } : { '200': ok },
    errors: {},
    distribution: { under800: ok, from800to1200: 0, over1200: 0, failed: ko },
    grade: 'excellent',
    histogram,
    segments: records,
    timeline: [],
    generator: {
      lateStarts: 0,
      maxStartDelayMs: 0,
      eventLoopDelayP99Ms: 1,
      eventLoopDelayMaxMs: 2,
      cpuCores: 0.3,
      saturated: false,
      reasons: [],
    },
    services: [],
  };
  if (open) result.rate = { intendedPerSec: rate, achievedPerSec: rate * achievedShare };
  return result;
}

export function emptyResults(scenarios: ScenarioResult[]): Results {
  return {
    schemaVersion: 1,
    tool: { name: 'perfgate', version: '0.1.0' },
    configHash: 'cfg-1',
    startTime: '2025-01-01T00:00:00.000Z',
    durationMs: Math.max(0, ...scenarios.map((scenario) => scenario.durationMs)),
    environment: { cpuModel: 'Test CPU', cpuCount: 2, nodeVersion: 'v24.0.0', os: 'linux', fingerprint: 'env-a' },
    services: [],
    scenarios,
  };
}

/** The head's Results carrying the base inside `ab`, as the engine writes them. */
export function makeAbResults(options: AbFixture): Results {
  const rng = createRng(options.seed);
  const runShift = (options.runShiftSd ?? 0.05) * rng.normal();
  const heads: ScenarioResult[] = [];
  const bases: ScenarioResult[] = [];
  let order: ('head-first' | 'base-first')[] = [];
  (options.scenarios ?? [{}]).forEach((fixture, i) => {
    const name = fixture.name ?? `scenario-${i}`;
    const paired = simulatePairs(deriveSeed(options.seed, name), options.schedule, fixture, runShift);
    if (i === 0) order = paired.order;
    heads.push(toScenarioResult(name, fixture, paired.head, fixture.headAchievedShare ?? 1));
    bases.push(toScenarioResult(name, fixture, paired.base, fixture.baseAchievedShare ?? 1));
  });
  for (const [i, fixture] of (options.headOnly ?? []).entries()) {
    const name = fixture.name ?? `new-${i}`;
    const paired = simulatePairs(deriveSeed(options.seed, name), options.schedule, fixture, runShift);
    heads.push(toScenarioResult(name, fixture, paired.head, fixture.headAchievedShare ?? 1));
  }
  const head = emptyResults(heads);
  head.ab = { schedule: options.schedule, seed: options.seed, base: emptyResults(bases) };
  if (options.schedule === 'alternate') head.ab.order = order;
  return head;
}

/** The segments [from, to) of a scenario as a run of its own: what one extension step of it would
 * have measured (compare.extend), to be appended with appendExtension. */
export function segmentsAsRun(scenario: ScenarioResult, from: number, to: number): ScenarioResult {
  const segments = scenario.segments.slice(from, to);
  const histograms = segments.map((segment) => decodeHistogram(segment.histogram));
  const whole = mergeHistograms(histograms);
  const total = segments.reduce((n, s) => n + s.count, 0);
  const ko = segments.reduce((n, s) => n + s.ko, 0);
  const durationMs = segments.reduce((n, s) => n + s.durationMs, 0);
  const figures = summarizeScenario({ histogram: whole, ok: total - ko, ko, durationMs });
  const histogram = encodeHistogram(whole);
  for (const h of histograms) h.destroy();
  whole.destroy();
  const start = segments[0]?.startMs ?? 0;
  return {
    ...scenario,
    durationMs,
    requests: { total, ok: total - ko, ko, dropped: 0 },
    ...figures,
    histogram,
    segments: segments.map((segment) => ({ ...segment, startMs: segment.startMs - start })),
    timeline: [],
  };
}

/** The A/B run with a neighbour that took a whole core in the blocks `hit` names (a quiet level of
 * 0 cores otherwise), in head and base alike, as the generator's probe records it. */
export function withBursts(results: Results, hit: (index: number) => boolean): Results {
  const bursty = <T extends Results>(r: T): T => ({
    ...r,
    scenarios: r.scenarios.map((sc) => ({
      ...sc,
      segments: sc.segments.map((segment, index) => ({
        ...segment,
        contention: { otherCores: hit(index) ? 1 : 0, generatorCores: 0.05, loopDelayP99Ms: 1, lateStarts: 0 },
      })),
    })),
  });
  return { ...bursty(results), ab: { ...results.ab!, base: bursty(results.ab!.base) } };
}
