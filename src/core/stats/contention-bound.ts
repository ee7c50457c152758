// Rule 2 of src/core/contention.ts, the bound, on its own: what a difference in competing work
// between two runs can explain of a metric's change. A statistic of two runs' gauges, below the
// results and trends folders that both use it (the runs' own segments are contention.ts's).
import type { MetricName } from '../types/config.js';

/** Explainable slowdown per share of the machine's CPUs taken by competing work: with 2 CPUs,
 * one more core of competition explains up to ×(1 + 2 · ½) = ×2. */
export const SLOWDOWN_PER_MACHINE = 2;

/** Differences in competing work below these are ordinary run-to-run noise, which the
 * statistics' variance model covers. */
export const CONTENTION_TOLERANCE = { cores: 0.1, loopDelayMs: 2 } as const;

/** A run's competing work over the segments the comparison uses. */
export interface RunContention {
  otherCores?: number;
  stealCores?: number;
  /** Absent for past runs summarized before it was recorded. */
  loopDelayP99Ms?: number;
  cpuCount?: number;
}

/** How much more contention `busier` saw than `quieter`, never negative. */
function excess(busier: RunContention, quieter: RunContention): { cores: number; loopDelayMs: number } {
  const other =
    busier.otherCores !== undefined && quieter.otherCores !== undefined ? busier.otherCores - quieter.otherCores : 0;
  const steal =
    busier.stealCores !== undefined && quieter.stealCores !== undefined ? busier.stealCores - quieter.stealCores : 0;
  const loop =
    busier.loopDelayP99Ms !== undefined && quieter.loopDelayP99Ms !== undefined
      ? busier.loopDelayP99Ms - quieter.loopDelayP99Ms
      : 0;
  return { cores: Math.max(0, other, steal), loopDelayMs: Math.max(0, loop) };
}

export interface ContentionBound {
  /** The largest relative change in the metric's bad direction the difference can explain
   * (0.8 = +80% for a latency, −44% as 0.8 for rps: a fall to 1/1.8). */
  explainable: number;
  /** By how much the busier run was busier, where that is beyond ordinary noise. */
  excess: { moreCores?: number; moreLoopDelayMs?: number };
}

/**
 * What the difference in contention between the runs can explain for `metric`, for a change
 * that makes `worse` look worse than `better` (`betterValue`: the better run's value of a
 * latency, its p50 in ms for rps, 0 to leave the loop delay out); undefined when the
 * difference is within ordinary noise or cannot affect the metric (error_rate).
 */
export function contentionBound(
  metric: MetricName,
  worse: RunContention,
  better: RunContention,
  betterValue: number,
): ContentionBound | undefined {
  if (metric === 'error_rate') return undefined;
  const more = excess(worse, better);
  if (more.cores <= CONTENTION_TOLERANCE.cores && more.loopDelayMs <= CONTENTION_TOLERANCE.loopDelayMs)
    return undefined;
  const cpuCount = worse.cpuCount ?? better.cpuCount ?? 2;
  const cpuFactor = 1 + (SLOWDOWN_PER_MACHINE * more.cores) / Math.max(1, cpuCount);
  // The generator's delay is added to each latency it overlaps, so it moves a latency by
  // itself in ms; rps of a closed model falls with latency, so for rps `betterValue` is the
  // better run's p50 latency and the same ratio bounds the fall.
  const loopFactor = betterValue > 0 ? 1 + more.loopDelayMs / betterValue : 1;
  const beyond: ContentionBound['excess'] = {};
  if (more.cores > CONTENTION_TOLERANCE.cores) beyond.moreCores = more.cores;
  if (more.loopDelayMs > CONTENTION_TOLERANCE.loopDelayMs) beyond.moreLoopDelayMs = more.loopDelayMs;
  return { explainable: cpuFactor * loopFactor - 1, excess: beyond };
}
