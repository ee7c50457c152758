// The executors and their load models: which keys each takes and needs, stages, and the segment
// length a scenario gets from its measured duration.
import { parseRate } from '../duration.js';
import { formatPath, quoteValue, type PathKey } from '../paths.js';
import type { Executor, LoadModel, ScenarioConfig, Stage } from '../types/config.js';
import { buildCapacityLoad } from './capacity.js';
import { type Context, type Raw, checkConnections, checkRate, durationAt, isRecord } from './context.js';
import {
  DEFAULT_MAX_DURATION_MS,
  DEFAULT_SEGMENT_MS,
  MAX_AUTO_SEGMENT_MS,
  MIN_AUTO_SEGMENT_MS,
  TARGET_SEGMENTS,
} from './defaults.js';

export const EXECUTORS: readonly Executor[] = [
  'constant-vus',
  'ramping-vus',
  'shared-iterations',
  'constant-arrival-rate',
  'ramping-arrival-rate',
  'capacity',
];
export const CLOSED_EXECUTORS: readonly Executor[] = ['constant-vus', 'ramping-vus', 'shared-iterations'];
export const OPEN_EXECUTORS: readonly Executor[] = ['constant-arrival-rate', 'ramping-arrival-rate', 'capacity'];

/** The keys each executor takes, and of those the ones it needs. */
const EXECUTOR_KEYS: Record<Executor, { takes: string[]; needs: string[] }> = {
  'constant-vus': { takes: ['vus', 'duration'], needs: ['vus', 'duration'] },
  'ramping-vus': { takes: ['startVUs', 'stages'], needs: ['stages'] },
  'shared-iterations': { takes: ['vus', 'iterations', 'maxDuration'], needs: ['vus', 'iterations'] },
  'constant-arrival-rate': { takes: ['rate', 'duration'], needs: ['rate', 'duration'] },
  'ramping-arrival-rate': { takes: ['startRate', 'stages'], needs: ['stages'] },
  capacity: {
    takes: ['startRate', 'maxRate', 'step', 'hold', 'resolution', 'maxDuration'],
    needs: ['startRate', 'maxRate'],
  },
};
const LOAD_KEYS = [...new Set(Object.values(EXECUTOR_KEYS).flatMap((keys) => keys.takes))];

function buildStages(ctx: Context, path: PathKey[], raw: unknown, executor: Executor): Stage[] {
  if (!Array.isArray(raw)) return [];
  const stages: Stage[] = [];
  raw.forEach((item: unknown, i) => {
    if (!isRecord(item)) return;
    const stagePath = [...path, i];
    const durationMs = durationAt(ctx, [...stagePath, 'duration'], item.duration, 0);
    const targetPath = [...stagePath, 'target'];
    let target = 0;
    if (executor === 'ramping-vus') {
      if (item.target !== undefined && !(Number.isInteger(item.target) && (item.target as number) >= 0)) {
        ctx.problems.add(
          targetPath,
          `${quoteValue(item.target)} is not a number of virtual users; use a whole number like 50`,
        );
      } else if (typeof item.target === 'number') {
        target = item.target;
        checkConnections(ctx, targetPath, target, 'virtual users');
      }
    } else if (typeof item.target === 'number') {
      if (item.target < 0)
        ctx.problems.add(targetPath, `${quoteValue(item.target)} is too small; use at least 0 (requests per second)`);
      else target = item.target;
      checkRate(ctx, targetPath, target);
    } else if (typeof item.target === 'string') {
      target = ctx.problems.attempt(targetPath, () => parseRate(item.target, formatPath(targetPath))) ?? 0;
      checkRate(ctx, targetPath, target);
    }
    stages.push({ durationMs, target });
  });
  if (raw.length > 0 && stages.length === raw.length && stages.every((stage) => stage.durationMs === 0)) {
    ctx.problems.add(path, 'the stages last 0s in total; give at least one stage a duration like "30s"');
  }
  return stages;
}

export function buildLoad(ctx: Context, path: PathKey[], raw: Raw, executor: Executor): LoadModel | undefined {
  const { takes, needs } = EXECUTOR_KEYS[executor];
  let complete = true;
  for (const key of LOAD_KEYS) {
    if (raw[key] === undefined || takes.includes(key)) continue;
    const owners = EXECUTORS.filter((other) => EXECUTOR_KEYS[other].takes.includes(key));
    ctx.problems.add(
      [...path, key],
      `${executor} does not use "${key}"; only ${owners.join(' and ')} ${owners.length > 1 ? 'do' : 'does'} (${executor} takes ${takes.join(', ')})`,
      true,
    );
  }
  for (const key of needs) {
    if (raw[key] !== undefined) continue;
    complete = false;
    ctx.problems.add([...path, key], `missing; ${executor} needs ${needs.join(' and ')}`);
  }
  const positiveDuration = (key: string, fallbackMs: number): number => {
    const ms = durationAt(ctx, [...path, key], raw[key], fallbackMs);
    if (raw[key] !== undefined && ms <= 0)
      ctx.problems.add([...path, key], `${quoteValue(raw[key])} is too short; use a duration above 0 like "30s"`);
    return ms;
  };
  const integer = (key: string, fallback: number): number =>
    Number.isInteger(raw[key]) ? (raw[key] as number) : fallback;
  const users = (key: string, fallback: number): number => {
    const value = integer(key, fallback);
    checkConnections(ctx, [...path, key], value, 'virtual users');
    return value;
  };

  switch (executor) {
    case 'constant-vus': {
      const durationMs = positiveDuration('duration', 0);
      return complete ? { executor, vus: users('vus', 1), durationMs } : undefined;
    }
    case 'ramping-vus':
      return {
        executor,
        startVus: users('startVUs', 0),
        stages: buildStages(ctx, [...path, 'stages'], raw.stages, executor),
      };
    case 'shared-iterations': {
      const maxDurationMs = positiveDuration('maxDuration', DEFAULT_MAX_DURATION_MS);
      return complete
        ? { executor, vus: users('vus', 1), iterations: integer('iterations', 1), maxDurationMs }
        : undefined;
    }
    case 'constant-arrival-rate': {
      const durationMs = positiveDuration('duration', 0);
      let ratePerSec = 0;
      if (raw.rate !== undefined) {
        ratePerSec =
          ctx.problems.attempt([...path, 'rate'], () => parseRate(raw.rate, formatPath([...path, 'rate']))) ?? 1;
        if (ratePerSec === 0)
          ctx.problems.add([...path, 'rate'], `${quoteValue(raw.rate)} sends nothing; use a rate above 0 like "200/s"`);
        checkRate(ctx, [...path, 'rate'], ratePerSec);
      }
      return complete ? { executor, ratePerSec, durationMs } : undefined;
    }
    case 'ramping-arrival-rate': {
      const startPath = [...path, 'startRate'];
      const startRatePerSec =
        raw.startRate === undefined
          ? 0
          : (ctx.problems.attempt(startPath, () => parseRate(raw.startRate, formatPath(startPath))) ?? 0);
      checkRate(ctx, startPath, startRatePerSec);
      return { executor, startRatePerSec, stages: buildStages(ctx, [...path, 'stages'], raw.stages, executor) };
    }
    case 'capacity':
      return complete ? buildCapacityLoad(ctx, path, raw) : undefined;
  }
}

/** The measured length of a load, when it is known before the run. */
export function measuredDurationMs(load: ScenarioConfig['load']): number | undefined {
  if ('durationMs' in load) return load.durationMs;
  if ('stages' in load) return load.stages.reduce((sum, stage) => sum + stage.durationMs, 0);
  return undefined;
}

/**
 * The segment length a scenario gets when the config sets none: the statistics resample segments,
 * so a run needs enough of them (a 15 s run in 5 s segments is 3, too few to judge), while a
 * segment under 1 s holds too few requests for its tail. Whole seconds, about TARGET_SEGMENTS
 * segments, from 1 s up to 5 s (a long run simply gets more than 20).
 */
export function autoSegmentMs(measuredMs: number | undefined): number {
  if (measuredMs === undefined || !(measuredMs > 0)) return DEFAULT_SEGMENT_MS;
  const wholeSeconds = Math.floor(measuredMs / TARGET_SEGMENTS / 1000) * 1000;
  return Math.min(MAX_AUTO_SEGMENT_MS, Math.max(MIN_AUTO_SEGMENT_MS, wholeSeconds));
}
