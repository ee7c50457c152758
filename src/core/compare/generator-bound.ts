// What a load generator behind its schedule can have added to a run's latencies. A latency runs
// from the request's intended start, so a request that started within d of it owes at most d to
// the generator; the engine counts, per segment, the requests that started more than d late for
// each step d of START_DELAY_STEPS_MS. The service's own p-th percentile is then at least the
// measured one at (p − the share later than d) less d, for whichever step gives the most, and at
// least the measured one less the run's largest start delay.
//
// The event loop's delay in reading an answer is not in that bound: the contention bound
// (src/core/contention.ts) answers for a loop later than the other run's, and with the generator
// idle itself (under GENERATOR_BUSY_CORES) a loop that fell further behind did so for the CPU
// that the service under test took.
import { LATE_START_MS, START_DELAY_STEPS_MS } from '../config/defaults.js';
import { contentionBound, type RunContention } from '../stats/contention-bound.js';
import { LATENCY_PERCENTILES, prepareRun, quantileUs, type PreparedRun } from '../stats/bootstrap.js';
import type { MetricComparison, Reason } from '../types/comparison.js';
import type { ScenarioResult, SegmentRecord } from '../types/results.js';
import { saturationGuard } from './guards.js';
import { OPEN_EXECUTORS } from './shared.js';

/** A generator that used this much CPU itself may have delayed the service: no bound. */
export const GENERATOR_BUSY_CORES = 0.5;

/** How many requests started more than each step late; a record from before the steps gives its
 * late starts at the one step it had. */
export type LaterThan = readonly { ms: number; count: number }[];

/** The start delays of `segments`, summed; undefined when one of them lacks the counts. */
export function laterThanOf(segments: readonly SegmentRecord[]): LaterThan | undefined {
  if (segments.some((segment) => segment.contention === undefined)) return undefined;
  const steps = segments.every((segment) => segment.contention?.startsLaterThan !== undefined);
  if (!steps) {
    const late = segments.reduce((sum, segment) => sum + (segment.contention?.lateStarts ?? 0), 0);
    return [{ ms: LATE_START_MS, count: late }];
  }
  return START_DELAY_STEPS_MS.map((ms) => ({
    ms,
    count: segments.reduce(
      (sum, segment) => sum + (segment.contention?.startsLaterThan?.find((step) => step.ms === ms)?.count ?? 0),
      0,
    ),
  }));
}

/**
 * The least the service's own `percentile` can be (µs): `measuredUs(q)` gives the measured q-th
 * percentile of the `recorded` ok requests. Start delays are counted over every request sent, so
 * their share of the ok ones is at most their count over `recorded`.
 */
export function leastOwnQuantileUs(
  measuredUs: (percentile: number) => number,
  percentile: number,
  recorded: number,
  laterThan: LaterThan,
  maxStartDelayMs: number,
): number {
  const bounds = [measuredUs(percentile) - 1000 * maxStartDelayMs];
  for (const { ms, count } of laterThan) {
    const share = recorded > 0 ? (100 * count) / recorded : 100;
    if (percentile - share > 0) bounds.push(measuredUs(percentile - share) - 1000 * ms);
  }
  return Math.max(0, ...bounds.filter(Number.isFinite));
}

/** The measured whole-run percentile over the least own one: how much the generator can have
 * added (a ratio ≥ 1); undefined when the run cannot say (no counts, no bound left). */
export function generatorRatio(scenario: ScenarioResult, percentile: number): number | undefined {
  const laterThan = laterThanOf(scenario.segments);
  if (laterThan === undefined || scenario.segments.length === 0) return undefined;
  const run: PreparedRun = prepareRun(scenario.segments);
  const weights = new Float64Array(run.segments).fill(1);
  const recorded = run.recorded.reduce((sum, n) => sum + n, 0);
  const measuredUs = (q: number) => quantileUs(run, weights, q);
  const least = leastOwnQuantileUs(measuredUs, percentile, recorded, laterThan, scenario.generator.maxStartDelayMs);
  const measured = measuredUs(percentile);
  return least > 0 && Number.isFinite(measured) ? Math.max(1, measured / least) : undefined;
}

/**
 * The current run's generator fell behind: a latency regression stands when the nearest end of
 * its interval is beyond what that generator's start delays and the difference in competing work
 * together can have added; anything else is held back as before (saturationGuard's reason). So a
 * 2.8× head whose generator started 6% of its requests late (p50 +141% [+87%, +210%]) is judged,
 * while an A/A run whose generator fell behind stays inconclusive. Only where the generator itself
 * was idle: a busy generator may have taken the service's CPU.
 */
export function generatorGuard(input: {
  comparison: MetricComparison;
  current: ScenarioResult;
  contention: { current: RunContention; past: RunContention };
  /** The interval the verdict gates on, as a change, when not the comparison's: a test against the
   * runner-noise prior alone gates on the one with a runner PRIOR_ROBUSTNESS times as noisy. */
  gatingInterval?: readonly [number, number];
}): Reason | undefined {
  const { comparison, current } = input;
  const saturated = saturationGuard(current, 'current');
  if (saturated === undefined) return undefined;
  const metric = comparison.metric;
  if (metric !== 'p50' && metric !== 'p90' && metric !== 'p95' && metric !== 'p99') return saturated;
  if (current.generator.cpuCores >= GENERATOR_BUSY_CORES) return saturated;
  // A closed model times from the send: no start delay to bound, and its generator's lag is in
  // reading the answers, which the start delays do not measure. Held as before.
  if (!OPEN_EXECUTORS.has(current.executor)) return saturated;
  const nearEnd = (input.gatingInterval ?? comparison.changeInterval)?.[0];
  if (nearEnd === undefined || !(nearEnd > 0)) return saturated;
  const ratio = generatorRatio(current, LATENCY_PERCENTILES[metric]);
  if (ratio === undefined) return saturated;
  const competition = contentionBound(metric, input.contention.current, input.contention.past, comparison.baseline);
  const explainable = ratio * (1 + (competition?.explainable ?? 0));
  // decide.ts calls a regression when it is significant and at least the minimum effect: both must
  // hold of what is left once the generator's share is off, or a service 3% slower whose generator
  // added 30% would read as a +34% regression.
  const beyond = 1 + nearEnd > explainable;
  const large = (1 + comparison.change) / explainable - 1 >= comparison.minEffect;
  return beyond && large ? undefined : saturated;
}
