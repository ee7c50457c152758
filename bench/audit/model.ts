// The audit's latency model (bench/audit/verdicts.ts runs it): a queueing simulation of one service
// in two variants on a shared 2-core machine, written for the independent audit without reusing the
// team's generators (bench/ab/blocks.ts, test/core/ab-fixtures.ts). Latency is what a request waits
// for plus what it is served, so requests are serially dependent through the queue:
//   - each variant is k processes (k = 1 unless compare.processes); each process has c = 2 workers
//     and a FIFO queue; a variant's requests go round-robin over its processes;
//   - arrivals: Poisson at `rate` per variant (duet: the same instants to both variants; alternate:
//     one variant at a time, in slots of `slotMs`, a random order per pair);
//   - service work per request: 90% a lognormal fast path (median 1.5 ms of CPU, σ 0.30), 10% a slow
//     path 3–5× a fast draw (a cache miss); × the process's permanent offset exp(N(0, sd²)) (drawn
//     once per process and run), × headScale for the head's processes;
//   - the CPU: every running request of either variant shares the machine's cores (weighted
//     processor sharing, water-filled, at most one core per request); 2 cores, of which a neighbour
//     steals one in on/off bursts (off ~ Exp(mean 4 s), on ~ Exp(mean 0.5 s)); while it is on, each
//     variant's weight is redrawn per burst (exp(N(0, 0.35²))), so the two feel it unequally;
//   - CPU frequency steps shared by both variants: every Exp(mean 3 s) the speed moves to one of
//     1.00 / 0.93 / 0.86;
//   - GC: each process pauses every U(0.5, 2) s for U(2, 20) ms: its workers stop, and the pause
//     itself occupies a core's share like a running request;
//   - errors: a per-run rate U(0.1%, 0.5%), the same for both variants; a failed request is served
//     at 30% of its work and is not a latency.
// A 1 s warm-up in which both variants take load is discarded.
import { createRng, deriveSeed, type Rng } from '../../src/core/stats/prng.js';

export interface ModelOptions {
  schedule: 'duet' | 'alternate';
  /** Measured time per variant (the planned window times compare.extend's factor). */
  measuredMs: number;
  /** Alternate: one slot (= one segment of the results). */
  slotMs: number;
  rate: number;
  processes: number;
  processSd: number;
  headScale: number;
  seed: number;
}

/** One measured request of a variant: when it was sent (on the variant's own measured clock), its
 * latency in µs (-1: failed) and the process that served it. */
export interface Served {
  atMs: Float64Array;
  latencyUs: Float64Array;
  process: Uint8Array;
}

const CORES = 2;
const WORKERS = 2;
const FAST_MEDIAN_MS = 1.5;
const FAST_SIGMA = 0.3;
const SLOW_SHARE = 0.1;
const WARMUP_MS = 1000;
const SPEEDS = [1, 0.93, 0.86];

interface Interval {
  from: number;
  to: number;
  weight?: number;
}

/** Alternating off/on intervals over [start, end): the on parts. */
function onOff(rng: Rng, start: number, end: number, meanOffMs: number, meanOnMs: number): Interval[] {
  const out: Interval[] = [];
  let t = start - rng.next() * meanOffMs;
  for (;;) {
    t += -Math.log(1 - rng.next()) * meanOffMs;
    if (t >= end) return out;
    const to = t - Math.log(1 - rng.next()) * meanOnMs;
    out.push({ from: t, to, weight: Math.exp(0.35 * rng.normal()) });
    t = to;
  }
}

function gcPauses(rng: Rng, start: number, end: number): Interval[] {
  const out: Interval[] = [];
  let t = start - 2000 * rng.next();
  for (;;) {
    t += 500 + 1500 * rng.next();
    if (t >= end) return out;
    const length = 2 + 18 * rng.next();
    out.push({ from: t, to: t + length });
    t += length;
  }
}

interface Job {
  variant: number;
  process: number;
  arrival: number;
  remaining: number;
  ok: boolean;
  measuredAt: number;
}

interface Proc {
  variant: number;
  offset: number;
  queue: Job[];
  running: Job[];
  pauses: Interval[];
  pauseIndex: number;
}

/** Both variants' measured requests (index 0: head, 1: base), and how far apart their processes'
 * permanent offsets sit (the mean log offset of the head's processes minus the base's, headScale
 * aside): what no test of one run can tell from a change. */
export function simulate(options: ModelOptions): {
  served: [Served, Served];
  offsetGap: number;
  /** When the neighbour held its core, on the wall clock (duet: the variants' measured clock). */
  neighbourOn: { from: number; to: number }[];
} {
  const rng = createRng(options.seed);
  const envRng = createRng(deriveSeed(options.seed, 'machine'));
  const procRng = createRng(deriveSeed(options.seed, 'processes'));
  const k = options.processes;
  const wallMs = options.schedule === 'duet' ? options.measuredMs : 2 * options.measuredMs;
  const start = -WARMUP_MS;
  const end = wallMs + 2000;
  const errorRate = 0.001 + 0.004 * envRng.next();
  const neighbour = onOff(envRng, start, end, 4000, 500);
  const speedSteps: Interval[] = [];
  for (let t = start; t < end;) {
    const to = t - Math.log(1 - envRng.next()) * 3000;
    speedSteps.push({ from: t, to, weight: SPEEDS[envRng.int(SPEEDS.length)]! });
    t = to;
  }
  const procs: Proc[] = [];
  for (let v = 0; v < 2; v++)
    for (let p = 0; p < k; p++)
      procs.push({
        variant: v,
        offset: Math.exp(options.processSd * procRng.normal()) * (v === 0 ? options.headScale : 1),
        queue: [],
        running: [],
        pauses: gcPauses(envRng, start, end),
        pauseIndex: 0,
      });

  // Arrivals: [wall time, variant, measured time (-1 in the warm-up)].
  const arrivals: [number, number, number][] = [];
  const poisson = (from: number, to: number, each: (t: number) => void) => {
    for (let t = from; ;) {
      t += (-Math.log(1 - rng.next()) / options.rate) * 1000;
      if (t >= to) return;
      each(t);
    }
  };
  poisson(start, 0, (t) => {
    arrivals.push([t, 0, -1], [t, 1, -1]);
  });
  if (options.schedule === 'duet') {
    poisson(0, wallMs, (t) => {
      arrivals.push([t, 0, t], [t, 1, t]);
    });
  } else {
    const slots = Math.round(options.measuredMs / options.slotMs);
    for (let i = 0; i < slots; i++) {
      const headFirst = rng.next() < 0.5;
      for (const v of [0, 1]) {
        const slotStart = (2 * i + (headFirst === (v === 0) ? 0 : 1)) * options.slotMs;
        poisson(slotStart, slotStart + options.slotMs, (t) => {
          arrivals.push([t, v, i * options.slotMs + (t - slotStart)]);
        });
      }
    }
    arrivals.sort((a, b) => a[0] - b[0]);
  }

  const out: { at: number[]; lat: number[]; proc: number[] }[] = [0, 1].map(() => ({ at: [], lat: [], proc: [] }));
  const nextProcess = [0, 0];
  let neighbourIndex = 0;
  let speedIndex = 0;
  let t = start;
  let a = 0;
  const rates = new Map<Job, number>();

  const paused = (proc: Proc, now: number): boolean => {
    while (proc.pauseIndex < proc.pauses.length && proc.pauses[proc.pauseIndex]!.to <= now) proc.pauseIndex += 1;
    const pause = proc.pauses[proc.pauseIndex];
    return pause !== undefined && pause.from <= now;
  };
  /** The next moment the machine's state changes (a burst, a speed step, a pause's edge). */
  const nextEdge = (now: number): number => {
    let edge = Infinity;
    const burst = neighbour[neighbourIndex];
    if (burst !== undefined) edge = Math.min(edge, burst.from > now ? burst.from : burst.to);
    const speed = speedSteps[speedIndex];
    if (speed !== undefined) edge = Math.min(edge, speed.to);
    for (const proc of procs) {
      const pause = proc.pauses[proc.pauseIndex];
      if (pause !== undefined) edge = Math.min(edge, pause.from > now ? pause.from : pause.to);
    }
    return edge;
  };
  /** Each running request's speed (CPU-ms per ms) now: weighted processor sharing, water-filled. */
  const computeRates = (now: number): void => {
    while (neighbourIndex < neighbour.length && neighbour[neighbourIndex]!.to <= now) neighbourIndex += 1;
    while (speedIndex < speedSteps.length - 1 && speedSteps[speedIndex]!.to <= now) speedIndex += 1;
    const burst = neighbour[neighbourIndex];
    const stolen = burst !== undefined && burst.from <= now;
    const cores = stolen ? CORES - 1 : CORES;
    const speed = speedSteps[speedIndex]?.weight ?? 1;
    // Claimants: running requests of unpaused processes, and each pause (a GC thread).
    const claims: { job?: Job; weight: number }[] = [];
    for (const proc of procs) {
      const weight = stolen && proc.variant === 0 ? burst.weight! : 1;
      if (paused(proc, now)) claims.push({ weight });
      else for (const job of proc.running) claims.push({ job, weight });
    }
    rates.clear();
    let left = cores;
    let open = claims;
    while (open.length > 0) {
      const total = open.reduce((s, c) => s + c.weight, 0);
      const capped = open.filter((c) => (left * c.weight) / total >= 1);
      if (capped.length === 0) {
        for (const c of open) if (c.job) rates.set(c.job, ((left * c.weight) / total) * speed);
        break;
      }
      for (const c of capped) if (c.job) rates.set(c.job, speed);
      left -= capped.length;
      open = open.filter((c) => !capped.includes(c));
      if (left <= 0) break;
    }
    for (const proc of procs) for (const job of proc.running) if (!rates.has(job)) rates.set(job, 0);
  };
  const startWork = (proc: Proc) => {
    while (proc.running.length < WORKERS && proc.queue.length > 0) proc.running.push(proc.queue.shift()!);
  };

  for (;;) {
    computeRates(t);
    let completion = Infinity;
    for (const [job, rate] of rates) if (rate > 0) completion = Math.min(completion, t + job.remaining / rate);
    const arrival = a < arrivals.length ? arrivals[a]![0] : Infinity;
    const edge = nextEdge(t);
    const next = Math.min(completion, arrival, edge);
    if (!Number.isFinite(next) || next > end) break;
    const dt = next - t;
    for (const [job, rate] of rates) job.remaining -= rate * dt;
    t = next;
    for (const proc of procs) {
      const done = proc.running.filter((job) => job.remaining <= 1e-9);
      if (done.length === 0) continue;
      proc.running = proc.running.filter((job) => job.remaining > 1e-9);
      for (const job of done) {
        if (job.measuredAt < 0) continue;
        const o = out[job.variant]!;
        o.at.push(job.measuredAt);
        o.lat.push(job.ok ? Math.max(1, Math.round((t - job.arrival) * 1000)) : -1);
        o.proc.push(job.process);
      }
      startWork(proc);
    }
    while (a < arrivals.length && arrivals[a]![0] <= t) {
      const [at, v, measured] = arrivals[a]!;
      a += 1;
      const p = nextProcess[v]! % k;
      nextProcess[v]! += 1;
      const proc = procs[v * k + p]!;
      let work = FAST_MEDIAN_MS * Math.exp(FAST_SIGMA * rng.normal());
      if (rng.next() < SLOW_SHARE) work *= 3 + 2 * rng.next();
      const ok = rng.next() >= errorRate;
      proc.queue.push({
        variant: v,
        process: p,
        arrival: at,
        remaining: work * proc.offset * (ok ? 1 : 0.3),
        ok,
        measuredAt: measured,
      });
      startWork(proc);
    }
  }
  const meanLog = (v: number) =>
    procs.filter((p) => p.variant === v).reduce((s, p) => s + Math.log(p.offset), 0) / k -
    (v === 0 ? Math.log(options.headScale) : 0);
  const served = out.map((o) => {
    // By send time, as the engine files a request in the segment it was sent in.
    const order = o.at.map((_, i) => i).sort((x, y) => o.at[x]! - o.at[y]!);
    return {
      atMs: Float64Array.from(order, (i) => o.at[i]!),
      latencyUs: Float64Array.from(order, (i) => o.lat[i]!),
      process: Uint8Array.from(order, (i) => o.proc[i]!),
    };
  }) as [Served, Served];
  return { served, offsetGap: meanLog(0) - meanLog(1), neighbourOn: neighbour.map(({ from, to }) => ({ from, to })) };
}
