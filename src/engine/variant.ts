// One target of a run (the head, or in A/B mode also the base): its connections, its recorder and
// its counters. The run's scheduler decides when each variant is sent what; the variant records
// what came back, in its own measured window, and builds its own result.
import { performance } from 'node:perf_hooks';
import type { Histogram } from '../core/histogram.js';
import { createHistogram, encodeHistogram } from '../core/histogram.js';
import { summarizeLatency, summarizeScenario } from '../core/results/summary.js';
import type { ScenarioConfig } from '../core/types/config.js';
import type { ProcessLatency, ScenarioResult, SegmentContention } from '../core/types/results.js';
import type { Connection, ConnectionOwner } from './connection.js';
import { maskText } from '../core/mask.js';
import { classifyError, describeError, MAX_STATUS_EXAMPLES, refusedAnswer } from './error-class.js';
import type { GeneratorLoad } from './generator-watch.js';
import { explainSaturation, noStartDelays } from './generator-watch.js';
import { paramsOf } from './plan.js';
import { Recorder } from './recorder.js';
import type { SpokenProtocol, Transport, TransportKind } from './transport.js';
import { createTransport, negotiateHttp } from './transport.js';

/** What a variant tells its run after each response: the scheduler sends the next request. */
export interface VariantHost {
  /** `latencyUs`: the request's latency in the scenario's measure (its first byte under `latency: ttfb`). */
  afterComplete(connection: Connection, error: Error | null, endMs: number, latencyUs: number): void;
}

export function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** What counts as an ok status: 1 at each ok status code (okStatus:, or 200–399). */
export function okStatusTable(scenario: ScenarioConfig): Uint8Array {
  const table = new Uint8Array(1000);
  if (scenario.okStatus && scenario.okStatus.length > 0) {
    for (const status of scenario.okStatus) if (status >= 0 && status < 1000) table[status] = 1;
  } else {
    table.fill(1, 200, 400);
  }
  return table;
}

/**
 * One target of a run. With several origins (compare.processes: copies of one variant's services,
 * each on a port of its own) it has one transport per origin, and spreads its requests over them
 * in turn; each ok request of the measured window is recorded in the variant's recorder and in its
 * process's own histogram, so that the test can see how far the processes differ.
 */
export class Variant implements ConnectionOwner {
  readonly recorder: Recorder;
  readonly connections: Connection[] = [];
  /** Open model: per process, its connections with nothing in flight. */
  private readonly idle: Connection[][];
  inFlight = 0;
  /** How many processes (origins) the variant's requests are spread over. */
  readonly processCount: number;
  /** Open model: the process the variant's next request goes to. */
  private nextProcess = 0;
  /** Per process (with more than one): the latencies of its ok requests of the measured window. */
  private readonly processHistograms: Histogram[];

  // The measured window now open: requests started in [recordFromMs, recordToMs) (performance
  // time) are recorded, their ends at `windowOffsetMs` + time since `recordFromMs`.
  private recordFromMs = Infinity;
  private recordToMs = Infinity;
  private windowOffsetMs = 0;
  /** Ends past this are filed at its last instant: the end of an alternating slot that another
   * slot of this variant follows (Infinity for the window's last stretch, which the recorder
   * clamps itself while the timeline keeps the second the response really ended in). */
  private clampEndMs = Infinity;
  /** When this variant's first measured request could start (performance time). */
  firstMeasuredMs = Infinity;
  /** Length of the measured window so far. */
  measuredMs = 0;
  lastRecordedEnd = 0;
  /** Per segment of the window: what competed with it (the run's sampler fills it). */
  readonly contention: SegmentContention[] = [];

  // open model
  scheduled = 0;
  sent = 0;
  dropped = 0;
  lateStarts = 0;
  maxStartDelayMs = 0;
  /** Per START_DELAY_STEPS_MS step, cumulative: the run's sampler takes each segment's share. */
  readonly startsLaterThan = noStartDelays();
  warmDropped = 0;
  // warm-up
  warmCompleted = 0;
  warmKo = 0;
  // event streams (text/event-stream answers) of the measured window: how many, their events,
  // and how long they lasted in all
  private eventStreams = 0;
  private eventsTotal = 0;
  private eventStreamMs = 0;
  private readonly errorExamples: Record<string, string> = {};
  /** 1 at each refused status that has its "status <code>" example (no string built per answer). */
  private readonly statusExampled = new Uint8Array(1000);
  private statusExamples = 0;
  private transports: Transport[];
  /** `latency: ttfb`: the time to first byte is the latency, the full time the other measure. */
  private readonly ttfb: boolean;

  constructor(
    readonly name: string,
    /** One per process, in boot order. */
    private readonly origins: readonly string[],
    private readonly scenario: ScenarioConfig,
    private readonly okStatus: Uint8Array,
    private readonly host: VariantHost,
    private readonly planWindowMs: number,
    segmentMs: number,
    private readonly httpClient: TransportKind = 'lean',
  ) {
    this.transports = origins.map((origin) => createTransport(origin, scenario, httpClient));
    this.processCount = origins.length;
    this.idle = origins.map(() => []);
    this.processHistograms = origins.length > 1 ? origins.map(() => createHistogram()) : [];
    // The recorder knows the window, so that a response in flight at its end still counts in the
    // last segment, and in the second it really ended in on the timeline.
    this.recorder = new Recorder(segmentMs, planWindowMs, true);
    this.ttfb = scenario.latency === 'ttfb';
  }

  /** Before the first request: `http: auto` asks the service which protocol it speaks (its
   * first process: the copies run the same build). */
  async prepare(): Promise<void> {
    if (this.scenario.http !== 'auto') return;
    const spoken = await negotiateHttp(this.origins[0]!, this.scenario);
    this.transports = this.origins.map((origin) => createTransport(origin, this.scenario, this.httpClient, spoken));
  }

  /** Which protocol the requests went over. */
  get protocol(): SpokenProtocol {
    return this.transports[0]!.protocol;
  }

  /** A new connection to `process`; by default the processes in turn (the closed model's VU n
   * goes to process n mod k, since each VU opens one connection per variant). */
  addConnection(process = this.connections.length % this.processCount): Connection {
    const connection = this.transports[process]!.connect(this);
    connection.maxEvents = this.scenario.stream?.events ?? Infinity;
    connection.process = process;
    this.connections.push(connection);
    return connection;
  }

  /**
   * Open model: a connection for the variant's next request, or none (a drop). The processes take
   * the requests in turn: the one whose turn it is gives an idle connection, or a new one while the
   * variant has fewer than `maxInFlight`; failing both, an idle one of another process.
   */
  takeConnection(maxInFlight: number): Connection | undefined {
    const count = this.processCount;
    const process = this.nextProcess;
    this.nextProcess = process + 1 === count ? 0 : process + 1;
    const own = this.idle[process]!.pop();
    if (own) return own;
    if (this.connections.length < maxInFlight) return this.addConnection(process);
    for (let k = 1; k < count; k++) {
      const other = this.idle[(process + k) % count]!.pop();
      if (other) return other;
    }
    return undefined;
  }

  /** Open model: `connection` has nothing in flight any more. */
  release(connection: Connection): void {
    this.idle[connection.process]!.push(connection);
  }

  /** Opens a measured stretch: requests started from `fromMs` to `toMs` fill [offsetMs, offsetMs + (toMs − fromMs)) of the window. */
  openWindow(fromMs: number, toMs: number, offsetMs: number): void {
    this.recordFromMs = fromMs;
    this.recordToMs = toMs;
    this.windowOffsetMs = offsetMs;
    const endMs = offsetMs + (toMs - fromMs);
    // An alternating slot's response that ends after the slot belongs to the slot's segment, not
    // to the next one (which runs later, after the other variant's slot).
    this.clampEndMs = endMs < this.planWindowMs - 1e-6 ? endMs : Infinity;
    if (this.firstMeasuredMs === Infinity) this.firstMeasuredMs = fromMs;
  }

  /** Closes the stretch opened last, at `atMs` (its planned end, or earlier when the run stopped). */
  closeWindow(atMs: number): void {
    if (this.recordFromMs === Infinity) return;
    this.measuredMs = Math.max(
      this.measuredMs,
      this.windowOffsetMs + Math.max(0, Math.min(atMs, this.recordToMs) - this.recordFromMs),
    );
    this.recordFromMs = Infinity;
    this.recordToMs = Infinity;
  }

  // ------------------------------------------------------------------ completion (hot path)

  /** The body of a measured answer whose status the check refused, until that status has its
   * example (error-class.ts, refusedAnswer), as a flow's step keeps it. */
  wantBody(connection: Connection, status: number): boolean {
    return (
      status < 1000 &&
      this.okStatus[status] !== 1 &&
      this.statusExampled[status] === 0 &&
      this.statusExamples < MAX_STATUS_EXAMPLES &&
      connection.startMs >= this.recordFromMs &&
      connection.startMs < this.recordToMs
    );
  }

  complete(connection: Connection, error: Error | null): void {
    if (!connection.busy) return;
    connection.busy = false;
    this.inFlight -= 1;
    const end = performance.now();
    const status = error ? 0 : connection.status;
    const ok = !error && this.okStatus[status] === 1;
    const start = connection.startMs;
    // Timed from the earlier of the intended start and the send: a late send is charged to the
    // service (no coordinated omission), one sent a little ahead of its batch slot is never timed short.
    const timedFrom = connection.sentMs < start ? connection.sentMs : start;
    // An answer without a body: its first byte is its end. An event stream's "first byte" is
    // its first complete event (a server may send a comment or padding before it).
    const firstByte = connection.eventStream
      ? connection.firstEventMs > 0
        ? connection.firstEventMs
        : end
      : connection.firstByteMs > 0
        ? connection.firstByteMs
        : end;
    const fullUs = (end - timedFrom) * 1000;
    const ttfbUs = (firstByte - timedFrom) * 1000;
    if (start >= this.recordFromMs && start < this.recordToMs) {
      let endMs = this.windowOffsetMs + (end - this.recordFromMs);
      if (endMs >= this.clampEndMs) endMs = this.clampEndMs - 0.001;
      const errorClass = error ? classifyError(error) : null;
      if (errorClass !== null) {
        if (!Object.hasOwn(this.errorExamples, errorClass))
          this.errorExamples[errorClass] = maskText(describeError(error));
      } else if (!ok && connection.sample !== null && this.statusExampled[status] === 0) {
        this.statusExampled[status] = 1;
        this.statusExamples += 1;
        this.errorExamples[`status ${status}`] = refusedAnswer(status, connection.sample.text);
      }
      if (ok && connection.eventStream) {
        this.eventStreams += 1;
        this.eventsTotal += connection.events;
        this.eventStreamMs += end - timedFrom;
      }
      const latencyUs = this.ttfb ? ttfbUs : fullUs;
      // Rounded as the recorder does, so that the processes' histograms add up to the variant's.
      if (ok && this.processCount > 1)
        this.processHistograms[connection.process]!.recordValue(latencyUs < 1 ? 1 : Math.round(latencyUs));
      this.recorder.record(
        endMs,
        latencyUs,
        status,
        ok,
        errorClass,
        connection.bytesIn,
        connection.bytesOut,
        this.ttfb ? fullUs : ttfbUs,
      );
      this.lastRecordedEnd = end;
    } else if (start < this.firstMeasuredMs) {
      this.warmCompleted += 1;
      if (!ok) this.warmKo += 1;
    }
    connection.ok = ok;
    this.host.afterComplete(connection, error, end, this.ttfb ? ttfbUs : fullUs);
  }

  // ------------------------------------------------------------------ result

  buildResult(input: { windowMs: number; startWallMs: number; load: GeneratorLoad; open: boolean }): ScenarioResult {
    const result = scenarioResult({
      name: this.scenario.name,
      scenario: this.scenario,
      recorder: this.recorder,
      contention: this.contention,
      errorExamples: this.errorExamples,
      windowMs: input.windowMs,
      startWallMs: input.startWallMs,
      load: input.load,
      counts: this,
      open: input.open,
      ttfb: this.ttfb,
      events: { streams: this.eventStreams, total: this.eventsTotal, streamMs: this.eventStreamMs },
      protocol: this.protocol,
    });
    if (this.processCount > 1) result.processes = this.processLatencies();
    return result;
  }

  /** Per process, in boot order: its ok requests of the measured window and their latencies. */
  private processLatencies(): ProcessLatency[] {
    return this.processHistograms.map((histogram) => ({
      requests: histogram.totalCount,
      histogram: encodeHistogram(histogram),
    }));
  }

  async destroy(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.destroy()));
    this.recorder.destroy();
    for (const histogram of this.processHistograms) histogram.destroy();
  }
}

/** What a window's open-model schedule came to (a variant's own counters; zeros for a closed model). */
export interface ScheduleCounts {
  scheduled: number;
  sent: number;
  dropped: number;
  lateStarts: number;
  maxStartDelayMs: number;
}

/** One scenario's (or one flow step's) result from its recorder and the window's counts: the one
 * shape of a ScenarioResult, for plain scenarios (Variant) and flows (run-flow.ts) alike. */
export function scenarioResult(input: {
  name: string;
  /** A flow step's result: its flow and step. */
  flow?: { scenario: string; step: string };
  scenario: ScenarioConfig;
  recorder: Recorder;
  /** Per segment, what competed with it (none for flows). */
  contention?: readonly SegmentContention[];
  errorExamples: Record<string, string>;
  windowMs: number;
  startWallMs: number;
  load: GeneratorLoad;
  counts: ScheduleCounts;
  open: boolean;
  /** `latency: ttfb`: the recorder's main measure is the time to first byte, its other the full time. */
  ttfb?: boolean;
  /** Event-stream answers (text/event-stream): how many, their events and their total time. */
  events?: { streams: number; total: number; streamMs: number };
  /** The protocol the transport spoke (http/1.1, h2, h2c). */
  protocol?: SpokenProtocol;
}): ScenarioResult {
  const { scenario, load, counts } = input;
  const windowMs = round3(input.windowMs);
  const totals = input.recorder.finish(windowMs);
  const other = totals.other;
  totals.segments.forEach((segment, i) => {
    const sample = input.contention?.[i];
    if (sample) segment.contention = sample;
    const histogram = other?.segments[i];
    if (histogram !== undefined) {
      if (input.ttfb) segment.fullHistogram = histogram;
      else segment.ttfbHistogram = histogram;
    }
  });
  const figures = summarizeScenario({ histogram: totals.whole, ok: totals.ok, ko: totals.ko, durationMs: windowMs });
  const open = input.open
    ? {
        intended: counts.scheduled,
        sent: counts.sent,
        dropped: counts.dropped,
        lateStarts: counts.lateStarts,
        maxStartDelayMs: round3(counts.maxStartDelayMs),
      }
    : undefined;
  const reasons = explainSaturation({ load, open });
  const result: ScenarioResult = {
    name: input.name,
    ...(input.flow ? { flow: input.flow } : {}),
    executor: scenario.load.executor,
    params: paramsOf(scenario),
    startTime: new Date(input.startWallMs).toISOString(),
    durationMs: windowMs,
    warmupMs: scenario.warmupMs,
    requests: { total: totals.ok + totals.ko, ok: totals.ok, ko: totals.ko, dropped: counts.dropped },
    latencyMs: figures.latencyMs,
    rps: figures.rps,
    errorRate: figures.errorRate,
    bytes: { in: totals.bytesIn, out: totals.bytesOut },
    statusCodes: totals.statusCodes,
    errors: totals.errors,
    ...(Object.keys(input.errorExamples).length > 0 ? { errorExamples: input.errorExamples } : {}),
    distribution: totals.distribution,
    grade: figures.grade,
    histogram: encodeHistogram(totals.whole),
    segments: totals.segments,
    timeline: totals.timeline,
    generator: {
      lateStarts: counts.lateStarts,
      maxStartDelayMs: round3(counts.maxStartDelayMs),
      eventLoopDelayP99Ms: load.eventLoopDelayP99Ms,
      eventLoopDelayMaxMs: load.eventLoopDelayMaxMs,
      cpuCores: load.cpuCores,
      saturated: reasons.length > 0,
      reasons,
    },
    services: [],
  };
  // Both measures are in the file; `latency` says which one the percentiles and verdicts use.
  if (other !== undefined) {
    if (input.ttfb) {
      result.latency = 'ttfb';
      result.fullMs = summarizeLatency(other.whole);
      result.fullHistogram = encodeHistogram(other.whole);
    } else {
      result.ttfbMs = summarizeLatency(other.whole);
      result.ttfbHistogram = encodeHistogram(other.whole);
    }
  }
  const events = input.events;
  if (events !== undefined && events.streams > 0)
    result.events = {
      streams: events.streams,
      total: events.total,
      perStream: round3(events.total / events.streams),
      perSecond: events.streamMs > 0 ? round3((events.total * 1000) / events.streamMs) : 0,
    };
  // Absent for HTTP/1.1 asked (or left to the default): what results files have always meant.
  const spoken = input.protocol;
  if (spoken !== undefined) {
    if (scenario.grpc) result.protocol = { asked: 'grpc', spoken };
    else if (scenario.http !== undefined && scenario.http !== '1.1') result.protocol = { asked: scenario.http, spoken };
    else if (spoken !== 'http/1.1') result.protocol = { asked: '2', spoken };
  }
  if (input.open) {
    const seconds = windowMs / 1000;
    result.rate = {
      intendedPerSec: seconds > 0 ? round3(counts.scheduled / seconds) : 0,
      achievedPerSec: seconds > 0 ? round3(counts.sent / seconds) : 0,
    };
  }
  return result;
}
