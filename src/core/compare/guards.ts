// Every reason that makes a verdict inconclusive whatever the numbers say: a tail too thin to
// estimate, a generator that fell behind, competing work that could explain the change, errors
// that changed the population measured, a baseline from another environment.
import { LATENCY_PERCENTILES } from '../stats/bootstrap.js';
import { boundContention, meanContention, type RunContention } from '../contention.js';
import type { MetricComparison, Reason, RunRole } from '../types/comparison.js';
import type { MetricName } from '../types/config.js';
import type { ScenarioResult } from '../types/results.js';
import { MIN_TAIL_REQUESTS, OPEN_EXECUTORS, type Draft, type PastScenario } from './shared.js';

/** An error-rate move this large means the ok requests (whose latencies are measured) are no
 * longer the same population: a percentile's tail share, halved, capped at one point. */
function populationLimit(metric: MetricName): number | undefined {
  if (metric === 'error_rate') return undefined;
  if (metric === 'rps' || metric === 'capacity') return 0.01;
  return Math.min(0.01, (1 - LATENCY_PERCENTILES[metric] / 100) / 2);
}

/** One reason for every run too thin in the metric's tail, so a reason is not said twice. */
export function tailGuard(metric: MetricName, runs: { run: RunRole; okRequests: number }[]): Reason | undefined {
  if (metric === 'rps' || metric === 'error_rate' || metric === 'capacity') return undefined;
  const share = 1 - LATENCY_PERCENTILES[metric] / 100;
  const thin = runs
    .map((run) => ({ run: run.run, beyond: run.okRequests * share }))
    .filter((run) => run.beyond < MIN_TAIL_REQUESTS);
  if (thin.length === 0) return undefined;
  return { kind: 'thin-tail', metric, runs: thin, needed: MIN_TAIL_REQUESTS, share };
}

export function saturationGuard(scenario: ScenarioResult, run: RunRole): Reason | undefined {
  if (!scenario.generator.saturated) return undefined;
  return { kind: 'generator-behind', run, details: [...scenario.generator.reasons] };
}

/**
 * A generator behind its schedule in the baseline's run alone (a stored run, or an A/B base's own
 * slots). In an open model it only added to the baseline's latencies (they run from each request's
 * intended start; a busy generator's CPU only slowed the service), took from its rate and, bunching
 * requests, added to its errors: a current run worse still is a regression whatever that generator
 * did, while a better or equal one may be its doing, so only those are held (`hold`). A 2.8× head
 * against a baseline 62 of whose 2,250 requests started late read p50 +247% [+184%, +325%] and
 * passed while this held every verdict back. Everything is held (`guard`) when the baseline may
 * have read faster than its service: in a closed model, timed from the send, a generator that
 * could not keep up held its users unmeasured and left the service less to queue; and a baseline
 * that dropped a larger share of its requests than the current run ran lighter and lost its
 * slowest ones.
 */
export function baselineLag(
  base: ScenarioResult,
  current: ScenarioResult,
  run: RunRole,
): { guard?: Reason; hold?: NonNullable<Draft['holds']>[number] } {
  const behind = saturationGuard(base, run);
  if (behind === undefined) return {};
  if (baselineMayReadFaster(base, current)) return { guard: behind };
  return { hold: { reason: behind, verdicts: ['no change', 'improvement'] } };
}

/** A baseline whose latencies may be below its service's (see baselineLag): its generator behind
 * in a closed model, or a larger share of its requests dropped than the current run's. */
export function baselineMayReadFaster(base: ScenarioResult, current: ScenarioResult): boolean {
  const droppedShare = (scenario: ScenarioResult): number =>
    scenario.requests.dropped / Math.max(1, scenario.requests.total + scenario.requests.dropped);
  if (base.generator.saturated && !OPEN_EXECUTORS.has(base.executor)) return true;
  return droppedShare(base) > droppedShare(current);
}

/** A change in competing work (other processes, steal) between the runs larger than this many
 * cores makes their timings incomparable: on a 2-core runner a neighbour that took one core moved
 * p95 30-80% in our A/A runs. A difference, not a level, so that steady work outside perfgate's
 * view (a database in a container, say) does not silence every verdict. */
export const OTHER_LOAD_CHANGE_CORES = 0.25;

/**
 * Competing work slows whichever run it falls on, so it can explain a worse current run only when
 * the current run was the busier one, and a better one only when the past was.
 */
export function otherLoadGuard(
  metric: MetricName,
  change: number,
  currentOther: number | undefined,
  pastOther: number | undefined,
  past: RunRole,
): Reason | undefined {
  if (metric === 'error_rate' || currentOther === undefined || pastOther === undefined) return undefined;
  const difference = currentOther - pastOther;
  if (Math.abs(difference) <= OTHER_LOAD_CHANGE_CORES) return undefined;
  const worse = metric === 'rps' || metric === 'capacity' ? change < 0 : change > 0;
  if (worse !== difference > 0) return undefined;
  return {
    kind: 'other-load',
    busier: difference > 0 ? 'current' : past,
    past,
    currentCores: currentOther,
    pastCores: pastOther,
  };
}

/** The past runs' mean contention, each figure from the runs that measured it. */
export function pastContention(entries: PastScenario[], cpuCount: number | undefined): RunContention {
  const runs = entries.map((entry) => ({
    ...(entry.otherCores !== undefined ? { otherCores: entry.otherCores } : {}),
    ...(entry.stealCores !== undefined ? { stealCores: entry.stealCores } : {}),
    ...(entry.loopDelayP99Ms !== undefined ? { loopDelayP99Ms: entry.loopDelayP99Ms } : {}),
  }));
  return { ...meanContention(runs), ...(cpuCount !== undefined ? { cpuCount } : {}) };
}

/**
 * Competing work (other processes, steal, the generator's event-loop delay) that differs between
 * the runs can explain a change up to a bound (src/core/contention.ts): inconclusive within it,
 * the test's verdict beyond it.
 */
export function contentionGuard(input: {
  comparison: MetricComparison;
  current: RunContention;
  past: RunContention;
  pastRun: RunRole;
  /** The runs' p50 (ms), which bounds a closed model's rate. */
  latencyMs: { past: number; current: number };
}): Reason | undefined {
  const { comparison } = input;
  return boundContention({
    metric: comparison.metric,
    change: comparison.change,
    ...(comparison.changeInterval ? { interval: comparison.changeInterval } : {}),
    current: input.current,
    past: input.past,
    pastValue: comparison.baseline,
    currentValue: comparison.current,
    pastRun: input.pastRun,
    latencyMs: input.latencyMs,
  });
}

/**
 * Errors that moved by more than the metric's limit make the ok requests another population. With
 * `explain` (the baseline's percentile function, ms, and the observed change) a latency is held
 * back only when the move can explain the change by size: removing a share Δ of the requests moves
 * a percentile p of the rest to at most Q(p ± 100Δ) of the baseline's, so a change beyond that
 * ratio is the service's, not the population's (a p99 ×1.4 with errors up 0.6 points was held back
 * in 99 of 100 runs; the move explains about ×1.16 there).
 */
export function populationGuard(
  metric: MetricName,
  currentRate: number,
  baselineRate: number,
  explain?: { change: number; quantileMs: (percentile: number) => number },
): Reason | undefined {
  const limit = populationLimit(metric);
  if (limit === undefined || Math.abs(currentRate - baselineRate) < limit) return undefined;
  const reason: Reason = { kind: 'population', from: baselineRate, to: currentRate };
  if (explain === undefined || !(metric in LATENCY_PERCENTILES) || !Number.isFinite(explain.change)) return reason;
  const p = LATENCY_PERCENTILES[metric as keyof typeof LATENCY_PERCENTILES];
  const shift = 100 * Math.abs(currentRate - baselineRate);
  const at = explain.quantileMs(p);
  const low = explain.quantileMs(Math.max(0, p - shift));
  const high = explain.quantileMs(Math.min(100, p + shift));
  if (!(at > 0 && low > 0 && high > 0)) return reason;
  const explainable = Math.max(Math.log(high / at), Math.log(at / low));
  return Math.abs(Math.log1p(explain.change)) > explainable ? undefined : reason;
}

export function environmentGuard(baselineFingerprint: string, currentFingerprint: string): Reason {
  return { kind: 'environment', baseline: baselineFingerprint, current: currentFingerprint };
}
