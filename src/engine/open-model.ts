// The open model: requests fall due on the arrival schedule whatever the service does; each due
// request goes to every variant of the phase at once (a duet: both, in a random order), and one
// that finds no free connection is dropped, never delayed. Latency is timed from the intended start.
import { performance } from 'node:perf_hooks';
import type { ScenarioConfig } from '../core/types/config.js';
import type { Connection } from './connection.js';
import { recordStartDelay } from './generator-watch.js';
import type { Phase } from './plan.js';
import type { DispatchRequest } from './request-builder.js';
import type { ArrivalSchedule } from './schedule.js';
import { BATCH, batchDelayMs, createArrivalSchedule } from './schedule.js';
import type { Variant } from './variant.js';

/** What the run shares with its load model. */
export interface ModelHost {
  readonly scenario: ScenarioConfig;
  readonly variants: Variant[];
  readonly phase: Phase;
  readonly phaseStartMs: number;
  readonly phaseEndMs: number;
  /** Where the phase's measured part starts (performance time). */
  readonly measureStartMs: number;
  /** The phase is on: requests may be sent. */
  readonly sending: boolean;
  readonly inFlight: number;
  readonly nextRequest: () => DispatchRequest;
  send(connection: Connection, request: DispatchRequest, startMs: number, sentMs: number): void;
  /** Which of `n` variants gets a duet's request first (seeded). */
  firstOf(n: number): number;
  /** No more sending in this phase: the run moves on once nothing is in flight. */
  endPhase(): void;
  /** Moves on if the phase has ended and nothing is in flight (after work done outside a completion). */
  settle(): void;
  /** Closes the segments the clock has passed (engine/segment-sampler.ts). */
  sampleSegments(now: number): void;
}

export class OpenModel {
  private readonly tick = (): void => this.onTick();
  private schedule: ArrivalSchedule | undefined;
  private nextDue = Infinity;
  private pumping = false;
  private tickTimer: NodeJS.Timeout | undefined;
  /** When the last batch went out: the next tick comes a batch period later at the earliest. */
  private lastBatchMs = -Infinity;
  /** Dispatch ticks so far (the tests count them against the requests sent). */
  ticks = 0;
  private readonly deferred: Connection[] = [];
  private deferScheduled = false;

  constructor(private readonly host: ModelHost) {}

  startPhase(): void {
    this.schedule = createArrivalSchedule(this.host.phase.pieces);
    this.nextDue = this.host.phaseStartMs + this.schedule.next();
    this.onTick();
  }

  stopSending(): void {
    clearTimeout(this.tickTimer);
    this.tickTimer = undefined;
    this.nextDue = Infinity;
  }

  dispose(): void {
    clearTimeout(this.tickTimer);
  }

  afterComplete(connection: Connection, error: Error | null, end: number): void {
    // After an error, undici is still inside its error path for this client (refused connect:
    // handleConnectError fails the whole queue, then asserts it is empty). Sending on it from
    // here crashed the process with an AssertionError at >= 200 req/s: take it back next turn.
    if (error || connection.inDispatch) this.defer(connection);
    else (connection.owner as Variant).release(connection);
    if (!error && !this.pumping && end + BATCH.leadMs >= this.nextDue) this.pump();
  }

  /** Takes `connection` back from the next loop turn, out of undici's call stack. */
  private defer(connection: Connection): void {
    this.deferred.push(connection);
    if (this.deferScheduled) return;
    this.deferScheduled = true;
    setImmediate(() => {
      this.deferScheduled = false;
      for (const waiting of this.deferred.splice(0)) (waiting.owner as Variant).release(waiting);
      if (!this.pumping && performance.now() + BATCH.leadMs >= this.nextDue) this.pump();
      this.host.settle();
    });
  }

  private onTick(): void {
    this.tickTimer = undefined;
    this.ticks += 1;
    this.pump();
    if (!this.host.sending || this.nextDue === Infinity) return;
    this.tickTimer = setTimeout(this.tick, batchDelayMs(this.nextDue, this.lastBatchMs, performance.now()));
  }

  /** Sends every request due by now + the batch lead; a due request with no free connection is
   * dropped, never delayed. One sent ahead of its intended start is timed from its send. */
  private pump(): void {
    const host = this.host;
    if (!host.sending) return;
    this.pumping = true;
    const now = performance.now();
    // Before this batch's starts are counted: after a stall across a segment's end, its late starts
    // belong to the segment their answers are recorded in, not the one the control tick was late to close.
    host.sampleSegments(now);
    const schedule = this.schedule!;
    const { variants: indexes } = host.phase;
    const count = indexes.length;
    const maxInFlight = host.scenario.maxInFlight;
    let sentAny = false;
    while (this.nextDue <= now + BATCH.leadMs) {
      const intended = this.nextDue;
      if (intended >= host.phaseEndMs) {
        this.nextDue = Infinity;
        break;
      }
      this.nextDue = host.phaseStartMs + schedule.next();
      sentAny = true;
      const inWindow = intended >= host.measureStartMs;
      const request = host.nextRequest();
      const first = count > 1 ? host.firstOf(count) : 0;
      for (let k = 0; k < count; k++) {
        const variant = host.variants[indexes[(first + k) % count]!]!;
        const connection = variant.takeConnection(maxInFlight);
        if (inWindow) variant.scheduled += 1;
        if (!connection) {
          if (inWindow) variant.dropped += 1;
          else variant.warmDropped += 1;
          continue;
        }
        if (inWindow) {
          variant.sent += 1;
          recordStartDelay(variant, now - intended);
        }
        host.send(connection, request, intended, now);
      }
    }
    this.pumping = false;
    if (sentAny) this.lastBatchMs = now;
    if (this.nextDue === Infinity) host.endPhase();
  }
}
