// Runs one scenario against one target, or against two (A/B: the head and the base) on one
// schedule: warm-up, then the measured window, open or closed model. One scheduler drives the set
// of variants (each with its own connections and recorder) through the phases of the plan, so a
// duet and alternating segments are two schedules over the same parts. Timing is
// performance.now(); the hot path (send → response → record → next) allocates no promise,
// closure or timer of its own. A few shared timers do the rest: the control tick (timeouts, VU
// ramps, phases, progress), the open model's dispatch tick and the think-time wake-up.
import { performance } from 'node:perf_hooks';
import type { Histogram } from '../core/histogram.js';
import { createHistogram, percentileMs } from '../core/histogram.js';
import type { Rng } from '../core/stats/prng.js';
import { createRng } from '../core/stats/prng.js';
import type { AbSchedule, DataRow, ScenarioConfig } from '../core/types/config.js';
import type { ScenarioResult } from '../core/types/results.js';
import { ClosedModel } from './closed-model.js';
import type { Connection } from './connection.js';
import { RequestTimeoutError } from './error-class.js';
import type { GeneratorWatch } from './generator-watch.js';
import { noStartDelays, startGeneratorWatch } from './generator-watch.js';
import type { ModelHost } from './open-model.js';
import { OpenModel } from './open-model.js';
import type { PairOrder, Phase, Plan } from './plan.js';
import { pairCount, phasesFor, planFor, segmentLengthMs } from './plan.js';
import type { DispatchRequest } from './request-builder.js';
import { loadGrpc } from './grpc-proto.js';
import { createRequestSource } from './request-builder.js';
import { levelAt } from './schedule.js';
import type { CpuProbe } from './segment-sampler.js';
import { SegmentSampler } from './segment-sampler.js';
import { chooseTransport, type TransportKind } from './transport.js';
import { loadUndici } from './undici-connection.js';
import { okStatusTable, round3, Variant } from './variant.js';

export type { PairOrder } from './plan.js';

export interface ScenarioProgress {
  scenario: string;
  phase: 'warmup' | 'measure';
  elapsedMs: number;
  plannedMs: number;
  completed: number;
  ko: number;
  dropped: number;
  inFlight: number;
  /** The rate and p95 of the last progress interval only (this long), not of the phase so far; the
   * p95 of the scenario's latency (its first byte under `latency: ttfb`). */
  intervalMs: number;
  intervalRps: number;
  intervalP95Ms: number;
  vus?: number;
  intendedRatePerSec?: number;
  /** How many variants the counts add up (2 in A/B mode: head and base). */
  variants: number;
}

/** A variant to drive: the head, and in A/B mode the base, each at its own origin. */
export interface RunTarget {
  name: string;
  baseUrl: string;
  /** compare.processes: every process of the variant (the first is `baseUrl`), sent requests in turn. */
  baseUrls?: string[];
}

export interface RunScenarioOptions {
  rows?: DataRow[];
  signal?: AbortSignal;
  onProgress?: (progress: ScenarioProgress) => void;
  /** Default 1000. */
  progressIntervalMs?: number;
  /** Seeds the random row order, a duet's send order and (without `order`) the alternate order. */
  seed?: number;
  /** Default: the scenario's own baseUrl, as one target. */
  targets?: RunTarget[];
  /** With two targets: both at once (default), or in alternating segments. */
  schedule?: AbSchedule;
  /** Alternate: who goes first in each pair (a scenario with n pairs uses the first n). */
  order?: PairOrder[];
  /** The machine's and the services' CPU (all variants'), read at each segment boundary (see SegmentSampler). */
  cpuProbe?: CpuProbe;
  /** The client for `http:` targets (default lean; `https:` always gets undici): see transport.ts. */
  httpClient?: TransportKind;
}

export interface ScenarioOutcome {
  /** One per target, in the order given. */
  results: ScenarioResult[];
  /** Alternate: who went first in each pair. */
  order?: PairOrder[];
}

export async function runScenario(scenario: ScenarioConfig, options: RunScenarioOptions = {}): Promise<ScenarioResult> {
  return (await runScenarioVariants(scenario, options)).results[0]!;
}

/** Drives every target on one schedule; the results have the same segment count per target. */
export async function runScenarioVariants(
  scenario: ScenarioConfig,
  options: RunScenarioOptions = {},
): Promise<ScenarioOutcome> {
  const targets = options.targets ?? [{ name: 'head', baseUrl: scenario.baseUrl }];
  if (scenario.grpc) await loadGrpc();
  else if (
    targets.some((target) => chooseTransport(new URL(target.baseUrl).origin, scenario, options.httpClient) === 'undici')
  )
    await loadUndici();
  return new ScenarioRun(scenario, options).start();
}

/** A seeded random order for `pairs` alternating pairs. */
export function createPairOrder(seed: number, pairs: number): PairOrder[] {
  const random = createRng(seed ^ 0x5bd1e995);
  return Array.from({ length: pairs }, () => (random.next() < 0.5 ? 'head-first' : 'base-first'));
}

/** Which variant's services start first in an A/B run, drawn from its seed (entry/ab-setup.ts startBoth). */
export function drawBootOrder(seed: number): PairOrder {
  return createRng(seed ^ 0x1b873593).next() < 0.5 ? 'head-first' : 'base-first';
}

export { pairCount };

class ScenarioRun implements ModelHost {
  readonly variants: Variant[];
  readonly nextRequest: () => DispatchRequest;
  private readonly plan: Plan;
  private readonly phases: Phase[];
  private readonly order: PairOrder[] | undefined;
  private readonly alternate: boolean;
  private readonly model: OpenModel | ClosedModel;
  private readonly closed: ClosedModel | undefined;
  private readonly firstRandom: Rng;
  private readonly timeoutError: RequestTimeoutError;
  private readonly controlMs: number;

  phase: Phase;
  private phaseIndex = 0;
  phaseStartMs = 0;
  phaseEndMs = 0;
  measureStartMs = Infinity;
  sending = false;
  /** The phase stopped sending and waits for what is in flight. */
  private ending = false;
  inFlight = 0;

  private t0 = 0;
  private startWallMs = 0;
  private aborted = false;
  private done = false;
  private watch: GeneratorWatch | undefined;
  private resolveDone: (() => void) | undefined;
  private controlTimer: NodeJS.Timeout | undefined;

  // contention: one sampler per measured phase (a duet's whole window, or one alternating slot),
  // closed at the segment boundaries of that phase
  private readonly segmentMs: number;
  private sampler: SegmentSampler | undefined;
  private sampledPhase = -1;
  /** The phase's start delays before its measured window: every later one is some segment's. */
  private windowStarts: readonly number[] = [];
  private nextBoundaryMs = Infinity;

  // progress
  private readonly progressHistogram: Histogram = createHistogram();
  private progressCount = 0;
  private lastProgressAt = 0;
  private measuredSinceMs = Infinity;

  constructor(
    readonly scenario: ScenarioConfig,
    private readonly options: RunScenarioOptions,
  ) {
    this.plan = planFor(scenario);
    const targets = options.targets ?? [{ name: 'head', baseUrl: scenario.baseUrl }];
    const schedule = options.schedule ?? 'duet';
    this.alternate = targets.length > 1 && schedule === 'alternate';
    this.segmentMs = segmentLengthMs(scenario, targets.length < 2 ? 'single' : this.alternate ? 'alternate' : 'duet');
    const seed = options.seed ?? 1;
    this.order = this.alternate ? (options.order ?? createPairOrder(seed, pairCount(scenario))) : undefined;
    this.phases = phasesFor(scenario, this.plan, targets.length, schedule, this.order ?? []);
    this.phase = this.phases[0]!;
    this.firstRandom = createRng(seed ^ 0x27d4eb2f);

    const okStatus = okStatusTable(scenario);
    let pathPrefix: string | undefined;
    this.variants = targets.map((target) => {
      const url = new URL(target.baseUrl);
      pathPrefix ??= url.pathname.replace(/\/+$/, '');
      const origins = (target.baseUrls ?? [target.baseUrl]).map((baseUrl) => new URL(baseUrl).origin);
      return new Variant(
        target.name,
        origins,
        scenario,
        okStatus,
        this,
        this.plan.windowMs,
        this.segmentMs,
        options.httpClient,
      );
    });
    const template = pathPrefix ? { ...scenario.request, path: pathPrefix + scenario.request.path } : scenario.request;
    this.nextRequest = createRequestSource(template, {
      rows: options.rows,
      order: scenario.data?.order,
      seed: options.seed,
    });

    if (this.plan.open) {
      this.model = new OpenModel(this);
    } else {
      this.closed = new ClosedModel(this, targets.length > 1 && !this.alternate, this.plan.iterations);
      this.model = this.closed;
    }
    this.timeoutError = new RequestTimeoutError(`no complete response within ${scenario.timeoutMs} ms`);
    // Timeouts are found by this sweep, so a request times out at most one tick late.
    this.controlMs = Math.min(50, Math.max(5, Math.floor(scenario.timeoutMs / 10)));
    // stream.maxDuration is cut by the same sweep: within 2% of it (5 ms at the finest).
    const streamMs = scenario.stream?.maxDurationMs;
    if (streamMs !== undefined) this.controlMs = Math.min(this.controlMs, Math.max(5, Math.floor(streamMs / 50)));
  }

  async start(): Promise<ScenarioOutcome> {
    const { signal } = this.options;
    const done = new Promise<void>((resolve) => {
      this.resolveDone = resolve;
    });
    const onAbort = () => this.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    // `http: auto`: one ALPN handshake per variant, before anything is timed.
    await Promise.all(this.variants.map((variant) => variant.prepare()));
    this.t0 = performance.now();
    this.startWallMs = Date.now();
    this.lastProgressAt = this.t0;
    this.controlTimer = setInterval(() => this.control(), this.controlMs);
    if (signal?.aborted) this.abort();
    else this.beginPhase(0, this.t0);
    this.control();
    try {
      await done;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      clearInterval(this.controlTimer);
      this.model.dispose();
    }
    const load = this.watch?.stop() ?? { cpuCores: 0, eventLoopDelayP99Ms: 0, eventLoopDelayMaxMs: 0 };
    const results = this.variants.map((variant) =>
      variant.buildResult({
        windowMs: this.windowMsOf(variant),
        startWallMs: this.startWallOf(variant),
        load,
        open: this.plan.open,
      }),
    );
    await Promise.all(this.variants.map((variant) => variant.destroy()));
    this.progressHistogram.destroy();
    return this.order ? { results, order: this.order.slice(0, pairCount(this.scenario)) } : { results };
  }

  // ------------------------------------------------------------------ sending and completion

  send(connection: Connection, request: DispatchRequest, startMs: number, sentMs: number): void {
    this.inFlight += 1;
    (connection.owner as Variant).inFlight += 1;
    connection.send(request, startMs, sentMs);
  }

  firstOf(n: number): number {
    return this.firstRandom.int(n);
  }

  /** Called by a variant after it recorded a response (hot path). */
  afterComplete(connection: Connection, error: Error | null, end: number, latencyUs: number): void {
    this.inFlight -= 1;
    if (!this.aborted) {
      this.progressCount += 1;
      // The scenario's latency, as the summary and the verdicts read it: under `latency: ttfb` a
      // 500 ms stream whose first event took 20 ms shows p95 20 ms, not 500.
      if (connection.ok) this.progressHistogram.recordValue(Math.max(1, Math.round(latencyUs)));
    }
    this.model.afterComplete(connection, error, end);
    if (this.ending && this.inFlight === 0) this.advance();
  }

  // ------------------------------------------------------------------ phases

  private beginPhase(index: number, now: number): void {
    this.phaseIndex = index;
    const phase = this.phases[index]!;
    this.phase = phase;
    this.phaseStartMs = now;
    this.phaseEndMs = now + phase.durationMs;
    this.measureStartMs = now + phase.measureFromMs;
    this.sending = true;
    this.ending = false;
    if (phase.measureFromMs !== Infinity) {
      for (const index of phase.variants)
        this.variants[index]!.openWindow(this.measureStartMs, this.phaseEndMs, phase.windowStartMs);
    }
    // The sampler opens at the first control tick in the measured window, up to a tick (or a
    // stalled loop) after the requests that the window's first batches sent: its counts start here.
    this.windowStarts = this.phaseStarts();
    if (this.model instanceof OpenModel) this.model.startPhase();
    else this.model.startPhase(now);
    this.sampleSegments(now);
  }

  endPhase(): void {
    if (!this.sending) return;
    this.finishSampling(performance.now());
    this.sending = false;
    this.ending = true;
    this.model.stopSending();
    if (this.inFlight === 0) this.advance();
  }

  settle(): void {
    if (this.ending && this.inFlight === 0) this.advance();
  }

  /** The phase is over and drained: close its windows, then the next phase or the end. */
  private advance(): void {
    this.ending = false;
    // A phase that ran out of requests early (a ramp down to 0) still covers its planned window;
    // an interrupt closed the windows where it struck already.
    for (const index of this.phase.variants) this.variants[index]!.closeWindow(this.phaseEndMs);
    const next = this.phaseIndex + 1;
    if (!this.aborted && next < this.phases.length && this.closed?.iterationsLeft !== 0) {
      this.beginPhase(next, performance.now());
      return;
    }
    this.finish();
  }

  // ------------------------------------------------------------------ control

  private control(): void {
    if (this.done) return;
    const now = performance.now();
    if (this.sending && now >= this.measureStartMs && this.measuredSinceMs === Infinity) {
      this.measuredSinceMs = now;
      this.watch = startGeneratorWatch();
    }
    this.sampleSegments(now);
    this.closed?.control(now);
    // stream.maxDuration: a streamed answer is cut there and counted as complete (the sweep's
    // tick is its resolution, as for timeouts).
    const streamMs = this.scenario.stream?.maxDurationMs;
    if (streamMs !== undefined) {
      for (const variant of this.variants)
        for (const connection of variant.connections) {
          // Each client ends it only once the answer's head has come (endStream).
          if (!connection.busy) continue;
          const timedFrom = connection.sentMs < connection.startMs ? connection.sentMs : connection.startMs;
          if (now - timedFrom >= streamMs) connection.endStream();
        }
    }
    const timeoutMs = this.scenario.timeoutMs;
    if (timeoutMs > 0) {
      for (const variant of this.variants) {
        for (const connection of variant.connections) {
          if (connection.busy && now - connection.sentMs > timeoutMs) connection.expire(this.timeoutError);
        }
      }
    }
    if (now - this.lastProgressAt >= (this.options.progressIntervalMs ?? 1000)) this.emitProgress(now);
    this.settle();
  }

  // ------------------------------------------------------------------ contention per segment

  /** Start delays so far of the variants the phase drives (a duet's pair shares its segments). */
  private phaseStarts(): number[] {
    const total = noStartDelays();
    for (const index of this.phase.variants)
      this.variants[index]!.startsLaterThan.forEach((count, i) => (total[i]! += count));
    return total;
  }

  /** Opens the phase's sampler when its measured part begins, and closes the segments it crossed. */
  sampleSegments(now: number): void {
    if (!this.sending) return;
    if (this.sampledPhase !== this.phaseIndex && now >= this.measureStartMs) {
      this.sampledPhase = this.phaseIndex;
      this.sampler = new SegmentSampler(this.options.cpuProbe, this.windowStarts);
      this.nextBoundaryMs = this.measureStartMs + this.segmentMs;
    }
    if (this.sampler && now >= this.nextBoundaryMs) this.closeSegments(now);
  }

  private closeSegments(now: number): void {
    // A boundary at or past the phase's end is closed by finishSampling, never twice.
    const atMs = Math.min(now, this.phaseEndMs - 1e-3);
    if (!this.sampler || atMs < this.nextBoundaryMs) return;
    const crossed = Math.floor((atMs - this.nextBoundaryMs) / this.segmentMs) + 1;
    this.sampler.close(this.phaseStarts(), crossed);
    this.nextBoundaryMs += crossed * this.segmentMs;
  }

  /** The phase stops sending: its last segment ends here (the drain after it is in no segment). */
  private finishSampling(now: number): void {
    const sampler = this.sampler;
    if (!sampler) return;
    this.sampler = undefined;
    this.closeSegments(now);
    const measuredMs = Math.max(0, Math.min(now, this.phaseEndMs) - this.measureStartMs);
    const samples = sampler.finish(this.phaseStarts(), Math.ceil(measuredMs / this.segmentMs));
    // Segment i of a variant's window covers [i·segmentMs, (i+1)·segmentMs): an alternating slot
    // starts at its own segment, a duet's window at 0 for both variants.
    const first = Math.round(this.phase.windowStartMs / this.segmentMs);
    this.phase.variants.forEach((index, n) => {
      const variant = this.variants[index]!;
      samples.forEach((sample, k) => {
        variant.contention[first + k] = n === 0 ? sample : { ...sample };
      });
    });
  }

  private abort(): void {
    if (this.aborted || this.done) return;
    this.aborted = true;
    const now = performance.now();
    // Nothing is recorded from here on: what was measured stays as it was at the interrupt.
    for (const variant of this.variants) variant.closeWindow(now);
    this.endPhase();
    for (const variant of this.variants)
      for (const connection of variant.connections) connection.expire(new Error('perfgate was interrupted'));
    this.settle();
    // Interrupted before the first phase began: nothing is in flight to wait for.
    if (!this.ending) this.finish();
  }

  private finish(): void {
    if (this.done) return;
    this.done = true;
    this.sending = false;
    if (!this.watch && !this.aborted) this.watch = startGeneratorWatch();
    this.watch?.stop();
    const resolve = this.resolveDone;
    this.resolveDone = undefined;
    resolve?.();
  }

  private emitProgress(now: number): void {
    const onProgress = this.options.onProgress;
    const intervalMs = now - this.lastProgressAt;
    this.lastProgressAt = now;
    if (onProgress) {
      const measure = this.measuredSinceMs !== Infinity;
      const sum = (pick: (variant: Variant) => number) =>
        this.variants.reduce((total, variant) => total + pick(variant), 0);
      const progress: ScenarioProgress = {
        scenario: this.scenario.name,
        phase: measure ? 'measure' : 'warmup',
        elapsedMs: Math.round(measure ? now - this.measuredSinceMs : now - this.t0),
        plannedMs: measure ? this.plan.windowMs * (this.alternate ? this.variants.length : 1) : this.scenario.warmupMs,
        completed: sum((variant) => (measure ? variant.recorder.ok + variant.recorder.ko : variant.warmCompleted)),
        ko: sum((variant) => (measure ? variant.recorder.ko : variant.warmKo)),
        dropped: sum((variant) => (measure ? variant.dropped : variant.warmDropped)),
        inFlight: this.inFlight,
        intervalMs: Math.round(intervalMs),
        intervalRps: intervalMs > 0 ? round3((this.progressCount * 1000) / intervalMs) : 0,
        intervalP95Ms: percentileMs(this.progressHistogram, 95),
        variants: this.variants.length,
      };
      if (this.plan.open) {
        // The last report comes just after the schedule ends, where the rate is 0: show the
        // rate the phase ended at instead.
        const { pieces, durationMs } = this.phase;
        progress.intendedRatePerSec = round3(levelAt(pieces, Math.min(now - this.phaseStartMs, durationMs - 1e-3)));
      } else progress.vus = this.closed?.activeVus ?? 0;
      try {
        onProgress(progress);
      } catch {
        // A failing progress display must not stop the load (this runs in a timer callback).
      }
    }
    this.progressCount = 0;
    this.progressHistogram.reset();
  }

  // ------------------------------------------------------------------ result

  private windowMsOf(variant: Variant): number {
    if (this.closed?.iterationsLeft === 0 && !this.aborted) {
      // shared-iterations ended early: the window ends with its last answer (the latest of the
      // variants, so that a duet's two sides share one window).
      const lastEnd = Math.max(...this.variants.map((other) => other.lastRecordedEnd));
      return Math.min(this.plan.windowMs, Math.max(0, lastEnd - variant.firstMeasuredMs));
    }
    return variant.measuredMs;
  }

  private startWallOf(variant: Variant): number {
    const first = variant.firstMeasuredMs === Infinity ? this.t0 + this.scenario.warmupMs : variant.firstMeasuredMs;
    return this.startWallMs + (first - this.t0);
  }
}
