// What competed with the measurement, segment by segment: other processes and steal (from a probe
// the adapters supply, one /proc/stat read per boundary), perfgate's own CPU, its event-loop delay
// and its late starts. A neighbour that takes a core for two seconds barely moves a run's mean
// competing CPU, yet it makes the p99 of the segments it hit; per segment it shows, and the
// comparison can leave those segments out (src/core/contention.ts).
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { LATE_START_MS, START_DELAY_STEPS_MS } from '../core/config/defaults.js';
import type { SegmentContention } from '../core/types/results.js';

/** Cumulative CPU seconds of the whole machine (busy, steal) and of the services under test,
 * read now; undefined where that cannot be read (no /proc). */
export type CpuProbe = () => { busySeconds: number; stealSeconds: number; serviceSeconds: number } | undefined;

interface Snapshot {
  at: number;
  ownUs: number;
  machine: ReturnType<CpuProbe>;
  /** Cumulative start delays per START_DELAY_STEPS_MS step. */
  starts: readonly number[];
}

const LATE_STEP = START_DELAY_STEPS_MS.indexOf(LATE_START_MS);

/** The segment's start delays: the counts that grew between two snapshots. */
function startsBetween(
  from: readonly number[],
  to: readonly number[],
): Pick<SegmentContention, 'lateStarts' | 'startsLaterThan'> {
  const startsLaterThan: { ms: number; count: number }[] = [];
  START_DELAY_STEPS_MS.forEach((ms, i) => {
    const count = (to[i] ?? 0) - (from[i] ?? 0);
    if (count > 0) startsLaterThan.push({ ms, count });
  });
  return { lateStarts: (to[LATE_STEP] ?? 0) - (from[LATE_STEP] ?? 0), startsLaterThan };
}

/** The delay monitor's timer period; its samples include it, so it is taken off again. */
const RESOLUTION_MS = 10;
const MIN_SAMPLE_SECONDS = 0.1;

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

export class SegmentSampler {
  private readonly delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private previous: Snapshot;
  private readonly samples: SegmentContention[] = [];
  private done = false;

  constructor(
    private readonly probe: CpuProbe | undefined,
    starts: readonly number[],
  ) {
    this.delay.enable();
    this.previous = this.snapshot(starts);
  }

  private snapshot(starts: readonly number[]): Snapshot {
    const cpu = process.cpuUsage();
    let machine: ReturnType<CpuProbe>;
    try {
      machine = this.probe?.();
    } catch {
      machine = undefined; // a probe that fails leaves the segment without machine figures
    }
    return { at: performance.now(), ownUs: cpu.user + cpu.system, machine, starts: [...starts] };
  }

  /** Ends `segments` segments at once (more than one when a timer ran late past a boundary: they
   * share the one measurement); `starts` is the run's start-delay counts so far. */
  close(starts: readonly number[], segments = 1): void {
    if (this.done) return;
    const now = this.snapshot(starts);
    const seconds = (now.at - this.previous.at) / 1000;
    const last = this.samples[this.samples.length - 1];
    if (seconds < MIN_SAMPLE_SECONDS && last) {
      // CPU times come in 10 ms ticks: over a few ms they say nothing, so a sliver at the end of
      // the window shares its neighbour's figures.
      const startsHere = startsBetween(this.previous.starts, now.starts);
      const none = startsBetween(now.starts, now.starts);
      for (let i = 0; i < Math.max(1, segments); i++) this.samples.push({ ...last, ...(i === 0 ? startsHere : none) });
      this.previous = { ...this.previous, starts: now.starts };
      return;
    }
    const delayP99Ms = this.delay.count > 0 ? Math.max(0, this.delay.percentile(99) / 1e6 - RESOLUTION_MS) : 0;
    this.delay.reset();
    const ownCores = seconds > 0 ? (now.ownUs - this.previous.ownUs) / 1e6 / seconds : 0;
    const sample: SegmentContention = {
      generatorCores: round(ownCores, 3),
      loopDelayP99Ms: round(delayP99Ms, 3),
      ...startsBetween(this.previous.starts, now.starts),
    };
    const before = this.previous.machine;
    const after = now.machine;
    if (before && after && seconds > 0) {
      const cores = (from: number, to: number) => Math.max(0, to - from) / seconds;
      const busy = cores(before.busySeconds, after.busySeconds);
      const services = cores(before.serviceSeconds, after.serviceSeconds);
      sample.otherCores = round(Math.max(0, busy - ownCores - services), 2);
      sample.stealCores = round(cores(before.stealSeconds, after.stealSeconds), 2);
    }
    for (let i = 0; i < Math.max(1, segments); i++) this.samples.push(i === 0 ? sample : { ...sample });
    this.previous = now;
  }

  /** Closes the open segment, if `segmentCount` says there is one, and stops the monitor. */
  finish(starts: readonly number[], segmentCount: number): SegmentContention[] {
    if (!this.done) {
      if (this.samples.length < segmentCount) this.close(starts);
      this.done = true;
      this.delay.disable();
    }
    return this.samples;
  }
}
