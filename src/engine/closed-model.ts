// The closed model: virtual users, each sending its next request when its last one is answered
// (after the think time). A VU belongs to a lane: one connection per variant of the lane. Alone or
// alternating, a lane is one variant; in a duet one lane holds both, so each VU sends the same
// request to both at once (which first is random) and goes on when both have answered.
import { performance } from 'node:perf_hooks';
import type { Connection } from './connection.js';
import type { ModelHost } from './open-model.js';

export interface Vu {
  readonly lane: Lane;
  /** One per variant of the lane, in the lane's order. */
  readonly connections: Connection[];
  /** Requests of this iteration still out. */
  pending: number;
  /** An answer of this iteration was an error, or came back inside dispatch: iterate from the next loop turn. */
  retry: boolean;
  /** Keeps iterating; cleared to ramp it down (or at a phase's end) at its next iteration. */
  active: boolean;
  /** In its loop: sending, thinking or waiting to retry. */
  looping: boolean;
}

interface Lane {
  variants: number[];
  vus: Vu[];
  active: number;
}

export class ClosedModel {
  private readonly lanes: Lane[];
  private current: Lane[] = [];
  /** shared-iterations: requests left to start in the measured window. */
  iterationsLeft: number;
  private readonly deferred: Vu[] = [];
  private deferScheduled = false;
  private readonly sleepers: Vu[] = [];
  private readonly wakeAt: number[] = [];
  private sleepHead = 0;
  private sleepTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly host: ModelHost,
    duet: boolean,
    iterations: number | undefined,
  ) {
    const count = host.variants.length;
    this.lanes = duet
      ? [{ variants: host.variants.map((_, i) => i), vus: [], active: 0 }]
      : Array.from({ length: count }, (_, i) => ({ variants: [i], vus: [], active: 0 }));
    this.iterationsLeft = iterations ?? Infinity;
  }

  /** VUs (pairs in a duet) the last phase ran, for the progress line: kept after the phase ends. */
  activeVus = 0;

  startPhase(now: number): void {
    const wanted = new Set(this.host.phase.variants);
    this.current = this.lanes.filter((lane) => lane.variants.every((variant) => wanted.has(variant)));
    this.adjustVus(now);
  }

  /** The control tick: end the phase on time, or follow its VU profile. */
  control(now: number): void {
    if (!this.host.sending) return;
    if (now >= this.host.phaseEndMs) this.host.endPhase();
    else this.adjustVus(now);
  }

  stopSending(): void {
    for (const lane of this.current) {
      for (const vu of lane.vus) vu.active = false;
      lane.active = 0;
    }
    // Thinking VUs would only wake to leave: let them leave now.
    clearTimeout(this.sleepTimer);
    this.sleepTimer = undefined;
    for (let i = this.sleepHead; i < this.sleepers.length; i++) this.sleepers[i]!.looping = false;
    this.sleepers.length = 0;
    this.wakeAt.length = 0;
    this.sleepHead = 0;
  }

  dispose(): void {
    clearTimeout(this.sleepTimer);
  }

  afterComplete(connection: Connection, error: Error | null, end: number): void {
    const vu = connection.vu!;
    // A failing target fails fast (refused connections): retry from the next loop turn, not
    // from inside this call, so errors cannot recurse or starve the event loop.
    if (error || connection.inDispatch) vu.retry = true;
    vu.pending -= 1;
    if (vu.pending > 0) return;
    if (vu.retry) this.defer(vu);
    else if (this.host.scenario.thinkTimeMs > 0) this.sleep(vu, end + this.host.scenario.thinkTimeMs);
    else this.iterate(vu, end);
  }

  /** One VU iteration: send the next request, or leave the loop when the VU or the phase is done. */
  private iterate(vu: Vu, now: number): void {
    const host = this.host;
    if (!vu.active || !host.sending || now >= host.phaseEndMs) {
      this.leaveLoop(vu);
      return;
    }
    if (this.iterationsLeft !== Infinity && now >= host.measureStartMs) {
      if (this.iterationsLeft <= 0) {
        this.leaveLoop(vu);
        return;
      }
      this.iterationsLeft -= 1;
    }
    const request = host.nextRequest();
    const connections = vu.connections;
    vu.retry = false;
    vu.pending = connections.length;
    if (connections.length === 1) {
      host.send(connections[0]!, request, now, now);
      return;
    }
    // A duet: both variants get the request at the same moment, in a random order, so neither
    // is always the one sent second. Both are timed from the same start, so that a pair is
    // measured (or not) as a whole at the edges of the window.
    const first = host.firstOf(connections.length);
    for (let k = 0; k < connections.length; k++)
      host.send(connections[(first + k) % connections.length]!, request, now, now);
  }

  private leaveLoop(vu: Vu): void {
    vu.looping = false;
    if (this.iterationsLeft === 0 && this.host.sending && this.host.inFlight === 0) this.host.endPhase();
  }

  private defer(vu: Vu): void {
    this.deferred.push(vu);
    if (this.deferScheduled) return;
    this.deferScheduled = true;
    setImmediate(() => {
      this.deferScheduled = false;
      const batch = this.deferred.splice(0);
      const now = performance.now();
      for (const waiting of batch) this.iterate(waiting, now);
      this.host.settle();
    });
  }

  /** Think time without a timer per request: wake-ups are FIFO (one think time), served by one timer. */
  private sleep(vu: Vu, wakeAtMs: number): void {
    this.sleepers.push(vu);
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
      const vu = this.sleepers[this.sleepHead]!;
      this.sleepHead += 1;
      this.iterate(vu, performance.now());
    }
    if (this.sleepHead > 1024 && this.sleepHead * 2 > this.sleepers.length) {
      this.sleepers.splice(0, this.sleepHead);
      this.wakeAt.splice(0, this.sleepHead);
      this.sleepHead = 0;
    }
    if (this.sleepHead < this.sleepers.length) this.armSleepTimer(this.wakeAt[this.sleepHead]! - now);
  }

  /** Ramps each lane of the phase to the profile's count: new VUs start at once, removed ones leave after their request. */
  private adjustVus(now: number): void {
    const host = this.host;
    if (!host.sending) return;
    const target = Math.max(0, host.phase.vusAt(now - host.phaseStartMs));
    for (const lane of this.current) {
      if (target > lane.active) {
        for (const vu of lane.vus) {
          if (lane.active >= target) break;
          if (!vu.active) this.startVu(vu, now);
        }
        while (lane.active < target) this.startVu(this.addVu(lane), now);
      } else if (target < lane.active) {
        for (let i = lane.vus.length - 1; i >= 0 && lane.active > target; i--) {
          const vu = lane.vus[i]!;
          if (!vu.active) continue;
          vu.active = false;
          lane.active -= 1;
        }
      }
    }
    this.activeVus = this.current.reduce((sum, lane) => sum + lane.active, 0);
  }

  private startVu(vu: Vu, now: number): void {
    vu.active = true;
    vu.lane.active += 1;
    if (vu.looping) return;
    vu.looping = true;
    this.iterate(vu, now);
  }

  private addVu(lane: Lane): Vu {
    const vu: Vu = { lane, connections: [], pending: 0, retry: false, active: false, looping: false };
    for (const index of lane.variants) {
      const connection = this.host.variants[index]!.addConnection();
      connection.vu = vu;
      vu.connections.push(connection);
    }
    lane.vus.push(vu);
    return vu;
  }
}
