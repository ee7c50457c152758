// Runs one scenario: warm-up, then the measured window, open or closed model, and returns its
// result. Timing is performance.now(); the hot path (send → response → record → next) allocates
// no promise, closure or timer of its own. A few shared timers do the rest: the control tick
// (timeouts, VU ramps, phases, progress), the open model's dispatch tick and the think-time wake-up.
import { performance } from 'node:perf_hooks';
import { Client } from 'undici';
import type { Histogram } from '../core/histogram.js';
import { createHistogram, encodeHistogram, percentileMs } from '../core/histogram.js';
import { summarizeScenario } from '../core/summary.js';
import type { DataRow, ScenarioConfig, ScenarioResult } from '../core/types.js';
import type { ConnectionOwner } from './connection.js';
import { Connection } from './connection.js';
import { classifyError, describeError, RequestTimeoutError } from './error-class.js';
import type { GeneratorWatch } from './generator-watch.js';
import { explainSaturation, SATURATION, startGeneratorWatch } from './generator-watch.js';
import { Recorder } from './recorder.js';
import type { DispatchRequest } from './request-builder.js';
import { createRequestSource } from './request-builder.js';
import type { ArrivalSchedule, ProfilePiece } from './schedule.js';
import { createArrivalSchedule, levelAt, piecesFromStages, profileDurationMs } from './schedule.js';

export interface ScenarioProgress {
  scenario: string;
  phase: 'warmup' | 'measure';
  elapsedMs: number;
  plannedMs: number;
  completed: number;
  ko: number;
  dropped: number;
  inFlight: number;
  intervalRps: number;
  intervalP95Ms: number;
  vus?: number;
  intendedRatePerSec?: number;
}

export interface RunScenarioOptions {
  rows?: DataRow[];
  signal?: AbortSignal;
  onProgress?: (progress: ScenarioProgress) => void;
  /** Default 1000. */
  progressIntervalMs?: number;
  /** Seeds the random row order. */
  seed?: number;
}

export async function runScenario(scenario: ScenarioConfig, options: RunScenarioOptions = {}): Promise<ScenarioResult> {
  const run = new ScenarioRun(scenario, options);
  return run.start();
}

interface Plan {
  open: boolean;
  /** Planned length of the measured window (shared-iterations: its maxDuration). */
  windowMs: number;
  /** Closed model: VUs wanted at `tMs` from the start of the warm-up. */
  vusAt?: (tMs: number) => number;
  /** shared-iterations: requests to complete in the measured window. */
  iterations?: number;
  /** Open model: the rate profile from the start of the warm-up. */
  pieces?: ProfilePiece[];
}

/** The warm-up holds the profile's opening level; a ramp that opens at 0 warms up at its first target. */
function warmupLevel(start: number, stages: { target: number }[]): number {
  if (start > 0) return start;
  return stages.find((stage) => stage.target > 0)?.target ?? 0;
}

function planFor(scenario: ScenarioConfig): Plan {
  const load = scenario.load;
  const warmupMs = scenario.warmupMs;
  switch (load.executor) {
    case 'constant-vus':
      return { open: false, windowMs: load.durationMs, vusAt: () => load.vus };
    case 'shared-iterations':
      return { open: false, windowMs: load.maxDurationMs, vusAt: () => load.vus, iterations: load.iterations };
    case 'ramping-vus': {
      const pieces = piecesFromStages(load.startVus, load.stages);
      const warm = warmupLevel(load.startVus, load.stages);
      return {
        open: false,
        windowMs: profileDurationMs(pieces),
        vusAt: (tMs) => (tMs < warmupMs ? warm : Math.round(levelAt(pieces, tMs - warmupMs))),
      };
    }
    case 'constant-arrival-rate':
      return {
        open: true,
        windowMs: load.durationMs,
        pieces: [{ durationMs: warmupMs + load.durationMs, from: load.ratePerSec, to: load.ratePerSec }],
      };
    case 'ramping-arrival-rate': {
      const pieces = piecesFromStages(load.startRatePerSec, load.stages);
      const warm = warmupLevel(load.startRatePerSec, load.stages);
      return {
        open: true,
        windowMs: profileDurationMs(pieces),
        pieces: warmupMs > 0 ? [{ durationMs: warmupMs, from: warm, to: warm }, ...pieces] : pieces,
      };
    }
  }
}

function paramsOf(scenario: ScenarioConfig): Record<string, unknown> {
  const { executor: _executor, ...load } = scenario.load;
  const params: Record<string, unknown> = { ...load, timeoutMs: scenario.timeoutMs };
  if (scenario.load.executor.endsWith('arrival-rate')) params.maxInFlight = scenario.maxInFlight;
  else params.thinkTimeMs = scenario.thinkTimeMs;
  return params;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

class ScenarioRun implements ConnectionOwner {
  private readonly plan: Plan;
  private readonly origin: string;
  private readonly nextRequest: () => DispatchRequest;
  private readonly recorder: Recorder;
  private readonly okStatus: Uint8Array;
  private readonly timeoutError: RequestTimeoutError;
  private readonly connections: Connection[] = [];

  private t0 = 0;
  private startWallMs = 0;
  private measureStart = 0;
  private measureEnd = 0;
  private measuring = false;
  private stopping = false;
  private aborted = false;
  private abortedAt = 0;
  private inFlight = 0;
  private lastRecordedEnd = 0;
  private watch: GeneratorWatch | undefined;
  private resolveDone: (() => void) | undefined;

  // progress
  private readonly progressHistogram: Histogram = createHistogram();
  private progressCount = 0;
  private lastProgressAt = 0;
  private warmCompleted = 0;
  private warmKo = 0;
  private warmDropped = 0;

  // closed model
  private activeVus = 0;
  private iterationsLeft = Infinity;
  private readonly deferred: Connection[] = [];
  private deferScheduled = false;
  private readonly sleepers: Connection[] = [];
  private readonly wakeAt: number[] = [];
  private sleepHead = 0;
  private sleepTimer: NodeJS.Timeout | undefined;

  // open model
  private schedule: ArrivalSchedule | undefined;
  private nextDue = Infinity;
  private readonly idle: Connection[] = [];
  private pumping = false;
  private tickTimer: NodeJS.Timeout | undefined;
  private scheduled = 0;
  private sent = 0;
  private dropped = 0;
  private readonly errorExamples: Record<string, string> = {};
  private lateStarts = 0;
  private maxStartDelayMs = 0;

  private controlTimer: NodeJS.Timeout | undefined;
  private readonly controlMs: number;

  constructor(
    private readonly scenario: ScenarioConfig,
    private readonly options: RunScenarioOptions,
  ) {
    this.plan = planFor(scenario);
    const url = new URL(scenario.baseUrl);
    this.origin = url.origin;
    const pathPrefix = url.pathname.replace(/\/+$/, '');
    const template = pathPrefix ? { ...scenario.request, path: pathPrefix + scenario.request.path } : scenario.request;
    this.nextRequest = createRequestSource(template, { rows: options.rows, order: scenario.data?.order, seed: options.seed });
    this.recorder = new Recorder(scenario.segmentMs > 0 ? scenario.segmentMs : 5000);
    this.okStatus = new Uint8Array(1000);
    if (scenario.okStatus && scenario.okStatus.length > 0) {
      for (const status of scenario.okStatus) if (status >= 0 && status < 1000) this.okStatus[status] = 1;
    } else {
      this.okStatus.fill(1, 200, 400);
    }
    this.timeoutError = new RequestTimeoutError(`no complete response within ${scenario.timeoutMs} ms`);
    // Timeouts are found by this sweep, so a request times out at most one tick late.
    this.controlMs = Math.min(50, Math.max(5, Math.floor(scenario.timeoutMs / 10)));
  }

  createClient(): Client {
    return new Client(this.origin, {
      // Never more than one request in flight per connection (the owner sends the next only from
      // `complete`), but with `pipelining: 1` undici holds every follow-up request back for a
      // setImmediate turn after each response: one event-loop turn of dead time and an Immediate
      // per request, which capped the closed model below autocannon's rate. With 2 it writes the
      // next request at once, as autocannon and wrk do.
      pipelining: 2,
      // The sweep enforces the scenario's timeout: no undici timer per request.
      headersTimeout: 0,
      bodyTimeout: 0,
      keepAliveTimeout: 60_000,
      connect: { timeout: Math.max(1, this.scenario.timeoutMs) },
    });
  }

  async start(): Promise<ScenarioResult> {
    const { signal } = this.options;
    const done = new Promise<void>((resolve) => {
      this.resolveDone = resolve;
    });
    const onAbort = () => this.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    this.t0 = performance.now();
    this.startWallMs = Date.now();
    this.measureStart = this.t0 + this.scenario.warmupMs;
    this.measureEnd = this.measureStart + this.plan.windowMs;
    this.lastProgressAt = this.t0;
    if (this.plan.iterations !== undefined) this.iterationsLeft = this.plan.iterations;
    this.controlTimer = setInterval(() => this.control(), this.controlMs);
    if (signal?.aborted) this.abort();
    else if (this.plan.open) this.startOpen();
    else this.adjustVus(this.t0);
    this.control();
    try {
      await done;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      clearInterval(this.controlTimer);
      clearTimeout(this.tickTimer);
      clearTimeout(this.sleepTimer);
    }
    const result = this.buildResult();
    await Promise.all(this.connections.map((connection) => connection.client.destroy().catch(() => undefined)));
    this.recorder.destroy();
    this.progressHistogram.destroy();
    return result;
  }

  // ------------------------------------------------------------------ completion (hot path)

  complete(connection: Connection, error: Error | null): void {
    if (!connection.busy) return;
    connection.busy = false;
    this.inFlight -= 1;
    const end = performance.now();
    const status = error ? 0 : connection.status;
    const ok = !error && this.okStatus[status] === 1;
    if (!this.aborted) {
      const start = connection.startMs;
      if (start >= this.measureStart && start < this.measureEnd) {
        let endMs = end - this.measureStart;
        if (endMs >= this.plan.windowMs) endMs = this.plan.windowMs - 0.001;
        const errorClass = error ? classifyError(error) : null;
        if (errorClass !== null && !Object.hasOwn(this.errorExamples, errorClass)) this.errorExamples[errorClass] = describeError(error);
        this.recorder.record(endMs, (end - start) * 1000, status, ok, errorClass, connection.bytesIn, connection.bytesOut);
        this.lastRecordedEnd = end;
      } else if (start < this.measureStart) {
        this.warmCompleted += 1;
        if (!ok) this.warmKo += 1;
      }
      this.progressCount += 1;
      if (ok) this.progressHistogram.recordValue(Math.max(1, Math.round((end - start) * 1000)));
    }

    if (this.plan.open) {
      // After an error, undici is still inside its error path for this client (refused connect:
      // handleConnectError fails the whole queue, then asserts it is empty). Sending on it from
      // here crashed the process with an AssertionError at >= 200 req/s: take it back next turn.
      if (error || connection.inDispatch) this.defer(connection);
      else this.idle.push(connection);
      if (!error && !this.pumping && end >= this.nextDue) this.pump();
      else if (this.stopping && this.inFlight === 0) this.finish();
      return;
    }
    if (error || connection.inDispatch) {
      // A failing target fails fast (refused connections): retry from the next loop turn, not
      // from inside this call, so errors cannot recurse or starve the event loop.
      this.defer(connection);
    } else if (this.scenario.thinkTimeMs > 0) {
      this.sleep(connection, end + this.scenario.thinkTimeMs);
    } else {
      this.iterate(connection, end);
    }
  }

  // ------------------------------------------------------------------ closed model

  /** One VU iteration: send the next request, or leave the loop when the VU or the run is done. */
  private iterate(connection: Connection, now: number): void {
    if (!connection.active || this.stopping || now >= this.measureEnd) {
      this.leaveLoop(connection);
      return;
    }
    if (now >= this.measureStart && this.iterationsLeft !== Infinity) {
      if (this.iterationsLeft <= 0) {
        this.leaveLoop(connection);
        return;
      }
      this.iterationsLeft -= 1;
    }
    this.inFlight += 1;
    connection.send(this.nextRequest(), now, now);
  }

  private leaveLoop(connection: Connection): void {
    connection.looping = false;
    if (this.iterationsLeft === 0 && this.inFlight === 0 && !this.stopping) this.stop(performance.now());
    else if (this.stopping && this.inFlight === 0) this.finish();
  }

  /** Takes `connection` back from the next loop turn, out of undici's call stack. */
  private defer(connection: Connection): void {
    this.deferred.push(connection);
    if (this.deferScheduled) return;
    this.deferScheduled = true;
    setImmediate(() => this.resumeDeferred());
  }

  /** Closed model: the deferred VUs iterate; open model: their connections are free again. */
  private resumeDeferred(): void {
    this.deferScheduled = false;
    const batch = this.deferred.splice(0);
    const now = performance.now();
    if (this.plan.open) {
      for (const waiting of batch) this.idle.push(waiting);
      if (!this.pumping && now >= this.nextDue) this.pump();
      return;
    }
    for (const waiting of batch) this.iterate(waiting, now);
  }

  /** Think time without a timer per request: wake-ups are FIFO (one think time), served by one timer. */
  private sleep(connection: Connection, wakeAtMs: number): void {
    this.sleepers.push(connection);
    this.wakeAt.push(wakeAtMs);
    if (!this.sleepTimer) this.armSleepTimer(wakeAtMs - performance.now());
  }

  private armSleepTimer(delayMs: number): void {
    this.sleepTimer = setTimeout(() => this.wake(), Math.max(1, Math.floor(delayMs)));
  }

  private wake(): void {
    this.sleepTimer = undefined;
    const now = performance.now();
    // libuv's timer clock is whole milliseconds: accept a wake-up up to 1 ms early.
    while (this.sleepHead < this.sleepers.length && this.wakeAt[this.sleepHead]! <= now + 1) {
      const connection = this.sleepers[this.sleepHead]!;
      this.sleepHead += 1;
      this.iterate(connection, performance.now());
    }
    if (this.sleepHead > 1024 && this.sleepHead * 2 > this.sleepers.length) {
      this.sleepers.splice(0, this.sleepHead);
      this.wakeAt.splice(0, this.sleepHead);
      this.sleepHead = 0;
    }
    if (this.sleepHead < this.sleepers.length) this.armSleepTimer(this.wakeAt[this.sleepHead]! - now);
  }

  /** Ramps VUs to the plan's count: new VUs start at once, removed ones leave after their request. */
  private adjustVus(now: number): void {
    if (this.stopping || !this.plan.vusAt) return;
    const target = Math.max(0, this.plan.vusAt(now - this.t0));
    if (target > this.activeVus) {
      for (const connection of this.connections) {
        if (this.activeVus >= target) break;
        if (connection.active) continue;
        this.startVu(connection, now);
      }
      while (this.activeVus < target) this.startVu(this.addConnection(), now);
    } else if (target < this.activeVus) {
      for (let i = this.connections.length - 1; i >= 0 && this.activeVus > target; i--) {
        const connection = this.connections[i]!;
        if (!connection.active) continue;
        connection.active = false;
        this.activeVus -= 1;
      }
    }
  }

  private startVu(connection: Connection, now: number): void {
    connection.active = true;
    this.activeVus += 1;
    if (connection.looping) return;
    connection.looping = true;
    this.iterate(connection, now);
  }

  private addConnection(): Connection {
    const connection = new Connection(this);
    this.connections.push(connection);
    return connection;
  }

  // ------------------------------------------------------------------ open model

  private startOpen(): void {
    this.schedule = createArrivalSchedule(this.plan.pieces ?? []);
    this.nextDue = this.t0 + this.schedule.next();
    this.onTick();
  }

  private onTick(): void {
    this.tickTimer = undefined;
    this.pump();
    if (this.stopping || this.nextDue === Infinity) return;
    const delayMs = this.nextDue - performance.now();
    // Never early: a request sent before its intended time would be timed too short.
    this.tickTimer = setTimeout(() => this.onTick(), delayMs < 1 ? 1 : Math.floor(delayMs));
  }

  /** Sends every request that is due; a due request with no free connection is dropped, never delayed. */
  private pump(): void {
    if (this.stopping || this.aborted) return;
    this.pumping = true;
    const now = performance.now();
    const schedule = this.schedule!;
    while (this.nextDue <= now) {
      const intended = this.nextDue;
      if (intended >= this.measureEnd) {
        this.nextDue = Infinity;
        break;
      }
      this.nextDue = this.t0 + schedule.next();
      const inWindow = intended >= this.measureStart;
      let connection = this.idle.pop();
      if (!connection && this.connections.length < this.scenario.maxInFlight) connection = this.addConnection();
      if (inWindow) this.scheduled += 1;
      if (!connection) {
        if (inWindow) this.dropped += 1;
        else this.warmDropped += 1;
        continue;
      }
      if (inWindow) {
        this.sent += 1;
        const lateMs = now - intended;
        if (lateMs > SATURATION.lateStartMs) this.lateStarts += 1;
        if (lateMs > this.maxStartDelayMs) this.maxStartDelayMs = lateMs;
      }
      this.inFlight += 1;
      connection.send(this.nextRequest(), intended, now);
    }
    this.pumping = false;
    if (this.nextDue === Infinity && !this.stopping) this.stop(Math.min(now, this.measureEnd));
  }

  // ------------------------------------------------------------------ control

  private control(): void {
    const now = performance.now();
    if (!this.measuring && !this.stopping && now >= this.measureStart) {
      this.measuring = true;
      this.watch = startGeneratorWatch();
    }
    if (!this.plan.open && !this.stopping) {
      if (now >= this.measureEnd) this.stop(this.measureEnd);
      else this.adjustVus(now);
    }
    const timeoutMs = this.scenario.timeoutMs;
    if (timeoutMs > 0) {
      for (const connection of this.connections) {
        if (connection.busy && now - connection.sentMs > timeoutMs) connection.expire(this.timeoutError);
      }
    }
    if (now - this.lastProgressAt >= (this.options.progressIntervalMs ?? 1000)) this.emitProgress(now);
    if (this.stopping && this.inFlight === 0) this.finish();
  }

  private stop(_at: number): void {
    if (this.stopping) return;
    this.stopping = true;
    if (!this.watch && !this.aborted) this.watch = startGeneratorWatch();
    this.watch?.stop();
    clearTimeout(this.tickTimer);
    this.tickTimer = undefined;
    // Thinking VUs would only wake to leave: let them leave now.
    clearTimeout(this.sleepTimer);
    this.sleepTimer = undefined;
    for (let i = this.sleepHead; i < this.sleepers.length; i++) this.sleepers[i]!.looping = false;
    this.sleepHead = this.sleepers.length;
    if (this.inFlight === 0) this.finish();
  }

  private abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.abortedAt = performance.now();
    this.stop(this.abortedAt);
    for (const connection of this.connections) connection.expire(new Error('perfgate was interrupted'));
    if (this.inFlight === 0) this.finish();
  }

  private finish(): void {
    const resolve = this.resolveDone;
    this.resolveDone = undefined;
    resolve?.();
  }

  private emitProgress(now: number): void {
    const onProgress = this.options.onProgress;
    const intervalMs = now - this.lastProgressAt;
    this.lastProgressAt = now;
    if (onProgress) {
      const measure = now >= this.measureStart;
      const progress: ScenarioProgress = {
        scenario: this.scenario.name,
        phase: measure ? 'measure' : 'warmup',
        elapsedMs: Math.round(measure ? now - this.measureStart : now - this.t0),
        plannedMs: measure ? this.plan.windowMs : this.scenario.warmupMs,
        completed: measure ? this.recorder.ok + this.recorder.ko : this.warmCompleted,
        ko: measure ? this.recorder.ko : this.warmKo,
        dropped: measure ? this.dropped : this.warmDropped,
        inFlight: this.inFlight,
        intervalRps: intervalMs > 0 ? round3((this.progressCount * 1000) / intervalMs) : 0,
        intervalP95Ms: percentileMs(this.progressHistogram, 95),
      };
      if (this.plan.open) {
        // The last report comes just after the schedule ends, where the rate is 0: show the
        // rate the window ended at instead.
        const pieces = this.plan.pieces ?? [];
        const scheduleMs = pieces.reduce((sum, piece) => sum + piece.durationMs, 0);
        progress.intendedRatePerSec = round3(levelAt(pieces, Math.min(now - this.t0, scheduleMs - 1e-3)));
      } else progress.vus = this.activeVus;
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

  private windowMs(): number {
    if (this.aborted) return Math.max(0, Math.min(this.abortedAt, this.measureEnd) - this.measureStart);
    if (this.iterationsLeft === 0) return Math.min(this.plan.windowMs, Math.max(0, this.lastRecordedEnd - this.measureStart));
    return this.plan.windowMs;
  }

  private buildResult(): ScenarioResult {
    const windowMs = round3(this.windowMs());
    const totals = this.recorder.finish(windowMs);
    const figures = summarizeScenario({ histogram: totals.whole, ok: totals.ok, ko: totals.ko, durationMs: windowMs });
    const load = this.watch?.stop() ?? { cpuCores: 0, eventLoopDelayP99Ms: 0, eventLoopDelayMaxMs: 0 };
    const open = this.plan.open
      ? { intended: this.scheduled, sent: this.sent, dropped: this.dropped, lateStarts: this.lateStarts, maxStartDelayMs: round3(this.maxStartDelayMs) }
      : undefined;
    const reasons = explainSaturation({ load, open });
    const result: ScenarioResult = {
      name: this.scenario.name,
      executor: this.scenario.load.executor,
      params: paramsOf(this.scenario),
      startTime: new Date(this.startWallMs + this.scenario.warmupMs).toISOString(),
      durationMs: windowMs,
      warmupMs: this.scenario.warmupMs,
      requests: { total: totals.ok + totals.ko, ok: totals.ok, ko: totals.ko, dropped: this.dropped },
      latencyMs: figures.latencyMs,
      rps: figures.rps,
      errorRate: figures.errorRate,
      bytes: { in: totals.bytesIn, out: totals.bytesOut },
      statusCodes: totals.statusCodes,
      errors: totals.errors,
      ...(Object.keys(this.errorExamples).length > 0 ? { errorExamples: this.errorExamples } : {}),
      distribution: totals.distribution,
      grade: figures.grade,
      histogram: encodeHistogram(totals.whole),
      segments: totals.segments,
      timeline: totals.timeline,
      generator: {
        lateStarts: this.lateStarts,
        maxStartDelayMs: round3(this.maxStartDelayMs),
        eventLoopDelayP99Ms: load.eventLoopDelayP99Ms,
        eventLoopDelayMaxMs: load.eventLoopDelayMaxMs,
        cpuCores: load.cpuCores,
        saturated: reasons.length > 0,
        reasons,
      },
      services: [],
    };
    if (this.plan.open) {
      const seconds = windowMs / 1000;
      result.rate = {
        intendedPerSec: seconds > 0 ? round3(this.scheduled / seconds) : 0,
        achievedPerSec: seconds > 0 ? round3(this.sent / seconds) : 0,
      };
    }
    return result;
  }
}
