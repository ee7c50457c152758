// The capacity executor: a search run as a series of constant-arrival-rate levels, each one an
// ordinary runScenario, so that every level is measured exactly as an open-model scenario is
// (intended start times, drops, timeouts, the generator's own health). Which level comes next and
// whether a level held is decided in src/core/capacity-search.ts.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CAPACITY_REPEATS,
  cooldownMsAfter,
  levelMsFor,
  planNextLevel,
  planRepeatLevel,
  REPEAT_MAX_LEVELS,
  type NextLevel,
  sloPercentile,
  holdMsFor,
  LEVEL_SETTLE_MS,
  summarizeLevel,
  summarizeSearch,
  worstCaseDurationMs,
} from '../core/capacity-search.js';
import type { Threshold } from '../core/thresholds.js';
import { measureSearchNoise } from '../core/compare/capacity.js';
import type {
  CapacityLevel,
  CapacityLimit,
  CapacityRepeat,
  CapacityResult,
  ScenarioResult,
} from '../core/types/results.js';
import type { CapacityLoad, ScenarioConfig } from '../core/types/config.js';
import type { RunScenarioOptions, RunTarget } from './run-scenario.js';
import { runScenario } from './run-scenario.js';

export interface RunCapacityOptions extends RunScenarioOptions {
  /** The scenario's thresholds (every glob that matches it): they decide whether a level held. */
  thresholds: Threshold[];
  /** Called after each level, e.g. to log the curve as it grows. */
  onLevel?: (level: CapacityLevel) => void;
}

function capacityLoad(scenario: ScenarioConfig): CapacityLoad {
  if (scenario.load.executor !== 'capacity')
    throw new Error(`${scenario.name}: runCapacity needs the capacity executor, not ${scenario.load.executor}`);
  return scenario.load;
}

function paramsOf(scenario: ScenarioConfig, load: CapacityLoad, maxDurationMs: number): Record<string, unknown> {
  const { executor: _executor, ...rest } = load;
  return { ...rest, maxDurationMs, timeoutMs: scenario.timeoutMs, maxInFlight: scenario.maxInFlight };
}

/** What a series of levels came to: each level's summary and its full result, and why it stopped. */
interface LevelRun {
  levels: CapacityLevel[];
  results: ScenarioResult[];
  limitedBy: CapacityLimit;
  durationMs: number;
}

/**
 * Runs the levels `plan` asks for until it stops: the search, or a repeated bracket. The first
 * level warms up for `firstWarmupMs`, later ones settle.
 */
async function runLevels(
  scenario: ScenarioConfig,
  options: RunCapacityOptions,
  plan: (levels: CapacityLevel[], elapsedMs: number) => NextLevel,
  firstWarmupMs: number,
): Promise<LevelRun> {
  const load = capacityLoad(scenario);
  const percentile = sloPercentile(options.thresholds);
  const started = performance.now();
  const levels: CapacityLevel[] = [];
  const results: ScenarioResult[] = [];
  let limitedBy: CapacityLimit = 'service';

  for (;;) {
    // Aborted before any level: run the first anyway (runScenario returns at once, empty), so
    // that the scenario still has a result to report.
    if (options.signal?.aborted && results.length > 0) {
      limitedBy = 'interrupted';
      break;
    }
    const first = levels.length === 0;
    const next = plan(levels, performance.now() - started);
    if (next.kind === 'stop') {
      limitedBy = next.limitedBy;
      break;
    }
    const label = `${scenario.name} @ ${Number(next.ratePerSec.toPrecision(4))}/s`;
    const levelScenario: ScenarioConfig = {
      ...scenario,
      load: {
        executor: 'constant-arrival-rate',
        ratePerSec: next.ratePerSec,
        durationMs: holdMsFor(load, next.ratePerSec, percentile),
      },
      warmupMs: first ? firstWarmupMs : LEVEL_SETTLE_MS,
    };
    const onProgress = options.onProgress;
    const result = await runScenario(levelScenario, {
      ...options,
      onProgress: onProgress ? (progress) => onProgress({ ...progress, scenario: label }) : undefined,
    });
    if (options.signal?.aborted) {
      // A level cut short says nothing about whether it held.
      if (results.length === 0) results.push(result);
      limitedBy = 'interrupted';
      break;
    }
    const level = summarizeLevel(result, next.phase, options.thresholds, scenario.okStatus, percentile);
    levels.push(level);
    results.push(result);
    options.onLevel?.(level);
    const cooldownMs = cooldownMsAfter(level, levels, load);
    if (cooldownMs > 0) await sleep(cooldownMs, undefined, { signal: options.signal }).catch(() => undefined);
  }
  return { levels, results, limitedBy, durationMs: Math.round(performance.now() - started) };
}

export async function runCapacity(scenario: ScenarioConfig, options: RunCapacityOptions): Promise<ScenarioResult> {
  const load = capacityLoad(scenario);
  const percentile = sloPercentile(options.thresholds);
  const maxDurationMs = load.maxDurationMs ?? worstCaseDurationMs(load, percentile, scenario.warmupMs);
  const { levels, results, limitedBy, durationMs } = await runLevels(
    scenario,
    options,
    (levels, elapsedMs) =>
      planNextLevel(load, levels, {
        elapsedMs,
        maxDurationMs,
        levelMs: (ratePerSec) => levelMsFor(load, ratePerSec, percentile, false, scenario.warmupMs),
      }),
    scenario.warmupMs,
  );

  const capacity = summarizeSearch(levels, limitedBy, load, durationMs);
  // The scenario's own figures are those of the level at the capacity: latency at the digestive rate.
  const index = levels.findLastIndex((level) => level.held && level.intendedPerSec === capacity.ratePerSec);
  const shown = results[index >= 0 ? index : 0]!;
  const generator = { ...shown.generator };
  if (limitedBy === 'generator') {
    generator.saturated = true;
    generator.reasons = [
      ...generator.reasons,
      `the generator saturated at ${capacity.firstFailure?.ratePerSec ?? '?'}/s before the service broke, so the capacity is the generator's limit`,
    ];
  }
  return {
    ...shown,
    name: scenario.name,
    executor: 'capacity',
    params: paramsOf(scenario, load, maxDurationMs),
    startTime: results[0]?.startTime ?? shown.startTime,
    generator,
    capacity,
  };
}

/**
 * One repeated bracket of a finished search (src/core/capacity-search.ts planRepeatLevel), within
 * a quarter of the search's own time budget.
 */
async function repeatBracket(
  scenario: ScenarioConfig,
  options: RunCapacityOptions,
  capacity: CapacityResult,
): Promise<CapacityRepeat> {
  const load = capacityLoad(scenario);
  const percentile = sloPercentile(options.thresholds);
  const anchor = { low: capacity.bracket[0], high: capacity.bracket[1] ?? capacity.bracket[0] };
  const maxDurationMs = Math.max(
    REPEAT_MAX_LEVELS * levelMsFor(load, anchor.high, percentile, false, 0),
    (load.maxDurationMs ?? worstCaseDurationMs(load, percentile, scenario.warmupMs)) / 4,
  );
  const run = await runLevels(
    scenario,
    options,
    (levels, elapsedMs) =>
      planRepeatLevel(load, anchor, levels, {
        elapsedMs,
        maxDurationMs,
        levelMs: (ratePerSec) => levelMsFor(load, ratePerSec, percentile, false, 0),
      }),
    LEVEL_SETTLE_MS,
  );
  const { ratePerSec, bracket } = summarizeSearch(run.levels, run.limitedBy, load, run.durationMs);
  return { ratePerSec, bracket, limitedBy: run.limitedBy, durationMs: run.durationMs, levels: run.levels };
}

export interface RunCapacityVariantsOptions extends RunCapacityOptions {
  /** The head first, then the base when there is one (A/B mode). */
  targets: RunTarget[];
  /** Decides which variant searches first (the run's A/B seed). */
  seed: number;
}

/**
 * A/B mode: each variant's capacity searched on this runner in turn, with the same SLO and the
 * same level plan, so that the two capacities differ by the builds and by the drift between two
 * searches a minute apart, not by the runner (src/core/compare/paired.ts tests them). The seed
 * picks which goes first, so a runner that warms up or slows down over the run favours neither
 * side on average. Results come back in the targets' order.
 */
export async function runCapacityVariants(
  scenario: ScenarioConfig,
  options: RunCapacityVariantsOptions,
): Promise<{ results: ScenarioResult[] }> {
  const { targets, seed, ...rest } = options;
  const order = targets.map((_, index) => index);
  if (order.length === 2 && seed % 2 === 1) order.reverse();
  const results: ScenarioResult[] = new Array<ScenarioResult>(targets.length);
  // After an interruption the second search still runs: it returns at once, empty, so that each
  // variant keeps a result in its place.
  for (const index of order)
    results[index] = await runCapacity({ ...scenario, baseUrl: targets[index]!.baseUrl }, rest);
  if (targets.length !== 2) return { results };
  // The repeated brackets, ABBA-like: the variant that searched second repeats first, then they
  // alternate, so that a drift over the run falls on both variants' repeats alike.
  const repeatOrder = [...order].reverse();
  for (let round = 0; round < CAPACITY_REPEATS; round++) {
    for (const index of round % 2 === 0 ? repeatOrder : order) {
      const capacity = results[index]!.capacity;
      if (options.signal?.aborted || !capacity || !repeatable(capacity)) continue;
      const repeat = await repeatBracket({ ...scenario, baseUrl: targets[index]!.baseUrl }, rest, capacity);
      // A repeat cut short by an interruption measured nothing.
      if (repeat.limitedBy === 'interrupted') continue;
      capacity.repeats = [...(capacity.repeats ?? []), repeat];
    }
  }
  const [head, base] = results;
  if (head?.capacity && base?.capacity) {
    const noise = measureSearchNoise(head.capacity, base.capacity);
    head.capacity.searchNoise = noise;
    base.capacity.searchNoise = noise;
  }
  return { results };
}

/** A search that found the service's capacity to a closed bracket; a bound has nothing to repeat. */
function repeatable(capacity: CapacityResult): boolean {
  return capacity.limitedBy === 'service' && capacity.bracket[0] > 0 && capacity.bracket[1] !== null;
}
