// The generator watches itself over the measured window: its CPU (a Node generator is one thread,
// so near a full core it is the bottleneck) and its event-loop delay (every late callback is time
// added to a measured latency or a request sent late).
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { LATE_START_MS, START_DELAY_STEPS_MS } from '../core/config/defaults.js';
import { formatCount, formatMs } from '../core/report/format.js';

export interface GeneratorLoad {
  cpuCores: number;
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
}

export interface GeneratorWatch {
  stop(): GeneratorLoad;
}

/** The monitor's own timer period; its samples include it, so it is taken off again. */
const RESOLUTION_MS = 10;

function delayMs(ns: number): number {
  return Math.max(0, Math.round(ns / 1000) / 1000 - RESOLUTION_MS);
}

export function startGeneratorWatch(): GeneratorWatch {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  let result: GeneratorLoad | undefined;
  return {
    stop() {
      if (result) return result;
      delay.disable();
      const cpu = process.cpuUsage(cpuStart);
      const wallUs = (performance.now() - wallStart) * 1000;
      const hasSamples = delay.count > 0;
      result = {
        cpuCores: wallUs > 0 ? Math.round(((cpu.user + cpu.system) / wallUs) * 1000) / 1000 : 0,
        eventLoopDelayP99Ms: hasSamples ? round3(delayMs(delay.percentile(99))) : 0,
        eventLoopDelayMaxMs: hasSamples ? round3(delayMs(delay.max)) : 0,
      };
      return result;
    },
  };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** A variant's start delays so far in the measured window (open model). */
export interface StartDelayCounts {
  lateStarts: number;
  maxStartDelayMs: number;
  /** Per START_DELAY_STEPS_MS step: how many started more than it late. Only where a segment
   * sampler reads them (a flow's steps have no segment contention). */
  readonly startsLaterThan?: number[];
}

export function noStartDelays(): number[] {
  return START_DELAY_STEPS_MS.map(() => 0);
}

/** Counts one measured request that started `lateMs` after its intended time. */
export function recordStartDelay(counts: StartDelayCounts, lateMs: number): void {
  if (lateMs > SATURATION.lateStartMs) counts.lateStarts += 1;
  if (lateMs > counts.maxStartDelayMs) counts.maxStartDelayMs = lateMs;
  const steps = counts.startsLaterThan;
  if (steps === undefined) return;
  // The steps ascend, and most starts are under the first: usually one comparison.
  for (let i = 0; i < START_DELAY_STEPS_MS.length && lateMs > START_DELAY_STEPS_MS[i]!; i++) steps[i]! += 1;
}

export const SATURATION = {
  cpuCores: 0.9,
  eventLoopDelayP99Ms: 30,
  /** A start later than this after its intended time is a late start. */
  lateStartMs: LATE_START_MS,
  lateShare: 0.01,
} as const;

/** Why the generator's numbers cannot be trusted, in words; empty when it kept up. */
export function explainSaturation(input: {
  load: GeneratorLoad;
  open?: { intended: number; sent: number; dropped: number; lateStarts: number; maxStartDelayMs: number };
}): string[] {
  const reasons: string[] = [];
  const { load, open } = input;
  if (load.cpuCores >= SATURATION.cpuCores) {
    reasons.push(
      `the generator used ${Math.round(load.cpuCores * 100)}% of a CPU core (limit ${SATURATION.cpuCores * 100}%): it may have been the bottleneck, not the service`,
    );
  }
  if (load.eventLoopDelayP99Ms >= SATURATION.eventLoopDelayP99Ms) {
    reasons.push(
      `the generator's event loop was delayed ${formatMs(load.eventLoopDelayP99Ms)} at p99 (limit ${SATURATION.eventLoopDelayP99Ms} ms): measured latencies include that delay`,
    );
  }
  if (open && open.intended > 0) {
    // The pump sends or drops every request that falls due, so a generator behind its schedule
    // shows as late starts, not as missing requests.
    if (open.lateStarts > SATURATION.lateShare * Math.max(1, open.sent)) {
      reasons.push(
        `${formatCount(open.lateStarts)} of ${formatCount(open.sent)} requests started more than ${SATURATION.lateStartMs} ms after their intended time (up to ${formatMs(open.maxStartDelayMs)})`,
      );
    }
  }
  return reasons;
}
