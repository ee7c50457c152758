// The capacity search, as pure functions: which level to run next (climb by the step rule, then
// bisect between the last level that held and the first that broke), how long each level holds,
// whether a finished level held, and what the whole search found. src/engine/run-capacity.ts runs the
// levels; everything it decides comes from here, so that the plan is tested without a clock.
import { compareThreshold, matchesGlob, parseThreshold, thresholdActual, type Threshold } from './thresholds.js';
import { formatPath } from './paths.js';
import type { CapacityLevel, CapacityLimit, CapacityResult, ScenarioResult, TimelinePoint } from './types/results.js';
import type { CapacityLoad } from './types/config.js';

/** Bounds of the default hold: long enough to settle, short enough that a slow level ends. */
export const DEFAULT_MIN_HOLD_MS = 5000;
export const DEFAULT_MAX_HOLD_MS = 60_000;
/** Requests beyond a percentile its estimate needs (STATISTICS.md: p95 needs 1,000 per run). */
export const CAPACITY_TAIL_REQUESTS = 50;
/** The percentile a hold is sized for when the thresholds name none. */
export const DEFAULT_SLO_PERCENTILE = 95;
/** A level keeps up when it completes (and sends) at least this share of its intended requests. */
export const KEEP_UP_SHARE = 0.99;
/** Completions counted per second jitter by a request or two at each second's edge. */
export const KEEP_UP_SLACK_REQUESTS = 2;
/** Levels after the first settle this long (not recorded): fresh connections, same warm service. */
export const LEVEL_SETTLE_MS = 1000;
/** A broken level whose requests timed out leaves them in the service's queue: wait for it to
 * drain at the highest rate that held, but never longer than this. */
export const MAX_COOLDOWN_MS = 30_000;
/** Latency at the knee: p50 more than this many times its value at the lowest level. */
export const KNEE_LATENCY_FACTOR = 2;

/** Threshold metrics that judge a level; rps and capacity judge the search's result instead. */
const LEVEL_METRICS = new Set<Threshold['metric']>([
  'p',
  'avg',
  'med',
  'min',
  'max',
  'stddev',
  'error_rate',
  'dropped',
]);

/** The expressions of every glob that matches `scenario`, in the config's order. */
export function thresholdsForScenario(thresholds: Record<string, string[]>, scenario: string): Threshold[] {
  const out: Threshold[] = [];
  for (const [glob, expressions] of Object.entries(thresholds)) {
    if (!matchesGlob(glob, scenario)) continue;
    expressions.forEach((expression, i) => out.push(parseThreshold(expression, formatPath(['thresholds', glob, i]))));
  }
  return out;
}

/** The highest latency percentile the SLO names (med = 50, max = 100), or p95 when it names none. */
export function sloPercentile(thresholds: Threshold[]): number {
  let highest: number | undefined;
  for (const threshold of thresholds) {
    const percentile =
      threshold.metric === 'p'
        ? threshold.percentile
        : threshold.metric === 'med'
          ? 50
          : threshold.metric === 'max'
            ? 100
            : undefined;
    if (percentile !== undefined) highest = Math.max(highest ?? 0, percentile);
  }
  return highest ?? DEFAULT_SLO_PERCENTILE;
}

/** Measured time of a level: as configured, or enough requests beyond the SLO's percentile at its rate. */
export function holdMsFor(load: CapacityLoad, ratePerSec: number, percentile: number): number {
  if (load.holdMs !== undefined) return load.holdMs;
  const share = 1 - percentile / 100;
  if (!(share > 0) || !(ratePerSec > 0)) return DEFAULT_MAX_HOLD_MS;
  const neededMs = Math.ceil(((CAPACITY_TAIL_REQUESTS / share) * 1000) / ratePerSec);
  return Math.min(DEFAULT_MAX_HOLD_MS, Math.max(DEFAULT_MIN_HOLD_MS, Math.ceil(neededMs / 1000) * 1000));
}

/** Wall time of one level: its warm-up (the scenario's for the first, a settle after) and its hold. */
export function levelMsFor(
  load: CapacityLoad,
  ratePerSec: number,
  percentile: number,
  first: boolean,
  warmupMs: number,
): number {
  return (first ? warmupMs : LEVEL_SETTLE_MS) + holdMsFor(load, ratePerSec, percentile);
}

export function stepUp(load: CapacityLoad, ratePerSec: number): number {
  const next = load.step.kind === 'factor' ? ratePerSec * load.step.factor : ratePerSec + load.step.ratePerSec;
  return Math.min(load.maxRatePerSec, round3(next));
}

/** The climb's levels from startRate to maxRate. */
export function climbRates(load: CapacityLoad): number[] {
  const rates = [load.startRatePerSec];
  while (rates.length < 10_000) {
    const last = rates[rates.length - 1]!;
    if (last >= load.maxRatePerSec) break;
    rates.push(stepUp(load, last));
  }
  return rates;
}

/** Bisections that narrow [low, high] to the resolution. */
export function bisectionsFor(low: number, high: number, resolution: number): number {
  let steps = 0;
  let width = high - low;
  while (width > resolution * low && steps < 60) {
    width /= 2;
    steps += 1;
  }
  return steps;
}

/**
 * The longest the search can take: every climb level, the bisection between the two highest, a
 * retry and a cooldown. The default maxDuration, so that a config without one is still bounded.
 */
export function worstCaseDurationMs(load: CapacityLoad, percentile: number, warmupMs: number): number {
  const rates = climbRates(load);
  let total = 0;
  rates.forEach((rate, i) => (total += levelMsFor(load, rate, percentile, i === 0, warmupMs)));
  const high = rates[rates.length - 1]!;
  const low = rates.length > 1 ? rates[rates.length - 2]! : high;
  const bisections = bisectionsFor(low, high, load.resolution);
  total += bisections * levelMsFor(load, low, percentile, false, warmupMs);
  total += levelMsFor(load, high, percentile, false, warmupMs) + MAX_COOLDOWN_MS;
  return total;
}

// ------------------------------------------------------------------ one level

function isOkStatus(status: number, okStatus: number[] | undefined): boolean {
  return okStatus && okStatus.length > 0 ? okStatus.includes(status) : status >= 200 && status < 400;
}

/**
 * Responses completed per second over the level's whole seconds between the first and the last:
 * the first holds the ramp-in, and the engine files every answer that came after the window in
 * the last, so neither says what the service digested.
 */
export function steadyCompletions(timeline: TimelinePoint[], durationMs: number): { count: number; seconds: number } {
  const lastSecond = Math.floor(Math.max(0, durationMs - 0.001) / 1000);
  let count = 0;
  let seconds = 0;
  for (let second = 1; second < lastSecond; second++) {
    seconds += 1;
    count += timeline.find((point) => point.second === second)?.count ?? 0;
  }
  return { count, seconds };
}

function formatRate(ratePerSec: number): string {
  return `${Number(ratePerSec.toPrecision(4))}/s`;
}

function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

function formatActual(threshold: Threshold, actual: number): string {
  if (threshold.metric === 'error_rate') return formatShare(actual);
  if (threshold.metric === 'dropped') return String(actual);
  return `${Number(actual.toPrecision(4))} ms`;
}

/**
 * What one constant-rate level came to, and whether it held: every threshold on latency, errors
 * and drops met, and the service completed (and the generator sent) what was intended.
 */
export function summarizeLevel(
  result: ScenarioResult,
  phase: CapacityLevel['phase'],
  thresholds: Threshold[],
  okStatus?: number[],
  percentile = DEFAULT_SLO_PERCENTILE,
): CapacityLevel {
  const seconds = result.durationMs / 1000;
  const intendedPerSec = result.rate?.intendedPerSec ?? 0;
  const sentPerSec = result.rate?.achievedPerSec ?? 0;
  const intended = Math.round(intendedPerSec * seconds);
  const steady = steadyCompletions(result.timeline, result.durationMs);
  const achievedPerSec = steady.seconds > 0 ? round3(steady.count / steady.seconds) : result.rps;

  const failures: Record<string, number> = { ...result.errors };
  for (const [status, count] of Object.entries(result.statusCodes)) {
    const code = Number(status);
    if (code > 0 && !isOkStatus(code, okStatus)) failures[`HTTP ${status}`] = count;
  }

  // A saturated generator adds its own delay to what it measures: a request can start late and
  // have its answer read late. A break that delay could have caused is the generator's; one far
  // beyond it is the service's.
  const generator = result.generator;
  const allowanceMs = generator.saturated ? generator.maxStartDelayMs + generator.eventLoopDelayMaxMs : 0;
  const brokeBecause: string[] = [];
  let serviceEvidence = false;
  for (const threshold of thresholds) {
    if (!LEVEL_METRICS.has(threshold.metric)) continue;
    const actual = thresholdActual(threshold, result);
    if (actual === undefined) {
      brokeBecause.push(`${threshold.expression}: no request succeeded`);
      serviceEvidence = true;
    } else if (!compareThreshold(actual, threshold.operator, threshold.value)) {
      brokeBecause.push(`${threshold.expression} breached (${formatActual(threshold, actual)})`);
      const latency = threshold.metric !== 'error_rate' && threshold.metric !== 'dropped';
      if (
        !latency ||
        !generator.saturated ||
        !compareThreshold(actual - allowanceMs, threshold.operator, threshold.value)
      )
        serviceEvidence = true;
    }
  }
  if (steady.seconds > 0) {
    const expected = intendedPerSec * steady.seconds;
    if (steady.count < KEEP_UP_SHARE * expected - KEEP_UP_SLACK_REQUESTS) {
      brokeBecause.push(
        `the service completed ${formatRate(achievedPerSec)} of the ${formatRate(intendedPerSec)} intended (${formatShare(steady.count / expected)}): it fell behind`,
      );
      // Late callbacks shift completions across a second's edge by at most the delay.
      const shiftable = (intendedPerSec * allowanceMs) / 1000 + KEEP_UP_SLACK_REQUESTS;
      if (!generator.saturated || expected - steady.count > shiftable) serviceEvidence = true;
    }
  }
  if (intended > 0 && result.requests.dropped > (1 - KEEP_UP_SHARE) * intended) {
    brokeBecause.push(
      `${result.requests.dropped} of ${intended} requests dropped: ${String(result.params.maxInFlight ?? 'maxInFlight')} were already in flight`,
    );
    serviceEvidence = true;
  }
  const held = brokeBecause.length === 0;

  const notes: string[] = [];
  const beyond = result.requests.ok * (1 - percentile / 100);
  if (percentile < 100 && beyond < CAPACITY_TAIL_REQUESTS) {
    notes.push(
      `only ${Math.floor(beyond)} requests beyond p${percentile} (an estimate needs ${CAPACITY_TAIL_REQUESTS}): hold the level longer for a firmer verdict`,
    );
  }
  if (result.generator.saturated) notes.push(`the generator was saturated: ${result.generator.reasons.join('; ')}`);
  if (result.requests.ok + result.requests.ko + result.requests.dropped !== intended) {
    notes.push(
      `accounting: ${result.requests.ok} ok + ${result.requests.ko} ko + ${result.requests.dropped} dropped is not the ${intended} intended`,
    );
  }

  return {
    phase,
    intendedPerSec,
    achievedPerSec,
    sentPerSec,
    durationMs: result.durationMs,
    requests: { intended, ok: result.requests.ok, ko: result.requests.ko, dropped: result.requests.dropped },
    latencyMs: { p50: result.latencyMs.p50, p95: result.latencyMs.p95, p99: result.latencyMs.p99 },
    errorRate: result.errorRate,
    failures,
    held,
    brokeBecause,
    generatorSaturated: generator.saturated,
    generatorLimited: !held && generator.saturated && !serviceEvidence,
    notes,
  };
}

// ------------------------------------------------------------------ the search

/** A level the service broke, as opposed to one the generator could not drive. */
function brokeService(level: Pick<CapacityLevel, 'held' | 'generatorLimited'>): boolean {
  return !level.held && !level.generatorLimited;
}

export type LevelOutcome = Pick<CapacityLevel, 'phase' | 'intendedPerSec' | 'held' | 'generatorLimited'>;

/** The highest rate that held below the lowest the service broke, and that lowest. */
export function bracketOf(levels: LevelOutcome[]): { low?: number; high?: number } {
  let high: number | undefined;
  for (const level of levels) if (brokeService(level)) high = Math.min(high ?? Infinity, level.intendedPerSec);
  let low: number | undefined;
  for (const level of levels) {
    if (level.held && (high === undefined || level.intendedPerSec < high))
      low = Math.max(low ?? 0, level.intendedPerSec);
  }
  return { ...(low !== undefined ? { low } : {}), ...(high !== undefined ? { high } : {}) };
}

export type NextLevel =
  { kind: 'run'; ratePerSec: number; phase: CapacityLevel['phase'] } | { kind: 'stop'; limitedBy: CapacityLimit };

export interface PlanContext {
  /** Time since the search started. */
  elapsedMs: number;
  maxDurationMs: number;
  /** Wall time the next level would take at this rate. */
  levelMs: (ratePerSec: number) => number;
}

/**
 * The next level of the search, from the levels so far. A level that breaks ends the climb; a
 * level that broke while the generator was saturated is run once more (a neighbour's burst), and
 * a second time ends the search as the generator's limit, not the service's.
 */
export function planNextLevel(load: CapacityLoad, levels: LevelOutcome[], context: PlanContext): NextLevel {
  const bounded = (next: NextLevel): NextLevel => {
    if (
      next.kind === 'run' &&
      levels.length > 0 &&
      context.elapsedMs + context.levelMs(next.ratePerSec) > context.maxDurationMs
    ) {
      return { kind: 'stop', limitedBy: 'maxDuration' };
    }
    return next;
  };
  const last = levels[levels.length - 1];
  if (!last) return { kind: 'run', ratePerSec: load.startRatePerSec, phase: 'climb' };
  if (last.generatorLimited) {
    return last.phase === 'retry'
      ? { kind: 'stop', limitedBy: 'generator' }
      : bounded({ kind: 'run', ratePerSec: last.intendedPerSec, phase: 'retry' });
  }
  const { low, high } = bracketOf(levels);
  if (high === undefined) {
    const top = low ?? load.startRatePerSec;
    if (top >= load.maxRatePerSec) return { kind: 'stop', limitedBy: 'maxRate' };
    return bounded({ kind: 'run', ratePerSec: stepUp(load, top), phase: 'climb' });
  }
  if (low === undefined || high - low <= load.resolution * low) return { kind: 'stop', limitedBy: 'service' };
  return bounded({ kind: 'run', ratePerSec: round3((low + high) / 2), phase: 'bisect' });
}

/** Time to let the service drain what a broken level left queued (requests that timed out). */
export function cooldownMsAfter(level: CapacityLevel, levels: LevelOutcome[], load: CapacityLoad): number {
  const timedOut = level.failures.ETIMEDOUT ?? 0;
  if (level.held || timedOut === 0) return 0;
  const drainRate = bracketOf(levels).low ?? load.startRatePerSec;
  return Math.min(MAX_COOLDOWN_MS, Math.ceil((timedOut / drainRate) * 1000));
}

/** The last level before latency bent upwards or the service fell behind, by rate. */
export function findKnee(levels: CapacityLevel[]): CapacityResult['knee'] {
  const measured = levels
    .filter((level) => !level.generatorLimited)
    .sort((a, b) => a.intendedPerSec - b.intendedPerSec);
  const base = measured.find((level) => level.requests.ok > 0)?.latencyMs.p50;
  let below: CapacityLevel | undefined;
  for (const level of measured) {
    const behind =
      level.achievedPerSec < KEEP_UP_SHARE * level.intendedPerSec &&
      level.brokeBecause.some((why) => why.includes('fell behind'));
    const bent = base !== undefined && base > 0 && level.latencyMs.p50 > KNEE_LATENCY_FACTOR * base;
    if (behind || bent) {
      if (!below) return undefined;
      const reason = behind
        ? `the service fell behind at ${formatRate(level.intendedPerSec)} (completed ${formatRate(level.achievedPerSec)})`
        : `p50 rose from ${Number(base!.toPrecision(3))} ms to ${Number(level.latencyMs.p50.toPrecision(3))} ms at ${formatRate(level.intendedPerSec)}`;
      return { ratePerSec: below.intendedPerSec, reason };
    }
    below = level;
  }
  return undefined;
}

/** The search's result: the capacity with its bracket, the curve, the knee and the first failure. */
export function summarizeSearch(
  levels: CapacityLevel[],
  limitedBy: CapacityLimit,
  load: CapacityLoad,
  durationMs: number,
): CapacityResult {
  const { low, high } = bracketOf(levels);
  const result: CapacityResult = {
    ratePerSec: low ?? 0,
    bracket: [low ?? 0, high ?? null],
    resolution: load.resolution,
    limitedBy,
    durationMs,
    levels,
  };
  const knee = findKnee(levels);
  if (knee) result.knee = knee;
  const failed = levels.find((level) => brokeService(level)) ?? levels.find((level) => !level.held);
  if (failed) {
    const generator = failed.generatorLimited ? 'the generator was saturated (not the service): ' : '';
    result.firstFailure = { ratePerSec: failed.intendedPerSec, reason: generator + failed.brokeBecause.join('; ') };
  }
  return result;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

// ------------------------------------------------------------------ the repeated bracket

/**
 * Repeated brackets per variant in A/B mode, after both searches: each one measures the capacity
 * again from the first search's bracket, so that the spread between one variant's searches, the
 * search-to-search noise, is measured in this run instead of assumed (src/core/compare/capacity.ts).
 * Two per variant give the noise 2 degrees of freedom from each variant, 4 in all.
 */
export const CAPACITY_REPEATS = 2;
/**
 * Levels one repeated bracket may run: the two ends, four widening steps (a capacity up to 75% on
 * the log scale away) and the bisections back to the resolution. A repeat cut short would leave
 * out exactly the searches that wandered far, and the noise would read low.
 */
export const REPEAT_MAX_LEVELS = 12;

/**
 * The next level of a repeated bracket: the first search's bracket [low, high] is tested again
 * (low, then high); a low end that now breaks is stepped down, a high end that now holds is
 * stepped up, by the bracket's own width doubling at each step (so a capacity 20% away is found
 * in three steps), and the new bracket is bisected to the resolution as the search does. The
 * repeat is a second measurement of the same boundary, not a search from scratch: on a steady
 * service it costs two levels.
 */
export function planRepeatLevel(
  load: CapacityLoad,
  anchor: { low: number; high: number },
  levels: LevelOutcome[],
  context: PlanContext,
): NextLevel {
  const last = levels[levels.length - 1];
  if (!last) return { kind: 'run', ratePerSec: anchor.low, phase: 'bisect' };
  if (levels.length >= REPEAT_MAX_LEVELS) return { kind: 'stop', limitedBy: 'maxDuration' };
  const bounded = (next: NextLevel): NextLevel =>
    next.kind === 'run' && context.elapsedMs + context.levelMs(next.ratePerSec) > context.maxDurationMs
      ? { kind: 'stop', limitedBy: 'maxDuration' }
      : next;
  if (last.generatorLimited) {
    return last.phase === 'retry'
      ? { kind: 'stop', limitedBy: 'generator' }
      : bounded({ kind: 'run', ratePerSec: last.intendedPerSec, phase: 'retry' });
  }
  const ratio = Math.max(anchor.high / anchor.low, 1 + load.resolution);
  const { low, high } = bracketOf(levels);
  const steps = levels.filter((level) => level.phase === 'climb').length;
  if (low === undefined) {
    // Everything tried broke: below the lowest, by a widening step.
    const next = round3((high ?? anchor.low) / ratio ** (2 ** steps));
    return next > 0
      ? bounded({ kind: 'run', ratePerSec: next, phase: 'climb' })
      : { kind: 'stop', limitedBy: 'service' };
  }
  if (high === undefined) {
    if (low >= load.maxRatePerSec) return { kind: 'stop', limitedBy: 'maxRate' };
    if (low < anchor.high) return bounded({ kind: 'run', ratePerSec: anchor.high, phase: 'bisect' });
    return bounded({
      kind: 'run',
      ratePerSec: Math.min(load.maxRatePerSec, round3(low * ratio ** (2 ** steps))),
      phase: 'climb',
    });
  }
  if (high - low <= load.resolution * low) return { kind: 'stop', limitedBy: 'service' };
  return bounded({ kind: 'run', ratePerSec: round3((low + high) / 2), phase: 'bisect' });
}
