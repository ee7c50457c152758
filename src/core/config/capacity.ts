// The capacity executor's config: start and maximum rate, step, hold, resolution, time budget.
import { formatConfigDuration, parseRate } from '../duration.js';
import { formatPath, quoteValue, type PathKey } from '../paths.js';
import type { CapacityLoad, CapacityStep, LoadModel } from '../types/config.js';
import { type Context, type Raw, checkRate, durationAt, effectAt, isRecord } from './context.js';
import {
  DEFAULT_CAPACITY_RESOLUTION,
  DEFAULT_CAPACITY_STEP_FACTOR,
  MAX_CAPACITY_STEP_FACTOR,
  MAX_RATE_PER_SEC,
  MIN_CAPACITY_HOLD_MS,
} from './defaults.js';

export function buildCapacityLoad(ctx: Context, path: PathKey[], raw: Raw): LoadModel | undefined {
  const rate = (key: string): number | undefined => {
    const at = [...path, key];
    const value = ctx.problems.attempt(at, () => parseRate(raw[key], formatPath(at)));
    if (value === 0) ctx.problems.add(at, `${quoteValue(raw[key])} sends nothing; use a rate above 0 like "20/s"`);
    // The same cap as every other rate: one load generator sends at most MAX_RATE_PER_SEC.
    if (value !== undefined && value > MAX_RATE_PER_SEC) {
      checkRate(ctx, at, value);
      return undefined;
    }
    return value !== undefined && value > 0 ? value : undefined;
  };
  const startRatePerSec = rate('startRate');
  const maxRatePerSec = rate('maxRate');
  if (startRatePerSec !== undefined && maxRatePerSec !== undefined && maxRatePerSec < startRatePerSec) {
    ctx.problems.add(
      [...path, 'maxRate'],
      `${quoteValue(raw.maxRate)} is below startRate ${quoteValue(raw.startRate)}; the search climbs from startRate to maxRate, so set maxRate above it`,
    );
  }

  let step: CapacityStep = { kind: 'factor', factor: DEFAULT_CAPACITY_STEP_FACTOR };
  if (isRecord(raw.step)) {
    const stepPath = [...path, 'step'];
    if (raw.step.factor !== undefined && raw.step.increment !== undefined) {
      ctx.problems.add(
        stepPath,
        'has both factor and increment; use one of them, like { factor: 1.5 } or { increment: "25/s" }',
      );
    } else if (typeof raw.step.factor === 'number') {
      if (raw.step.factor <= 1)
        ctx.problems.add(
          [...stepPath, 'factor'],
          `${quoteValue(raw.step.factor)} would not climb; use a factor above 1 like 1.5`,
        );
      else if (!Number.isFinite(raw.step.factor) || raw.step.factor > MAX_CAPACITY_STEP_FACTOR)
        ctx.problems.add(
          [...stepPath, 'factor'],
          `${quoteValue(raw.step.factor)} climbs past every level in one step; use a factor from above 1 to ${MAX_CAPACITY_STEP_FACTOR}, like 1.5`,
        );
      else step = { kind: 'factor', factor: raw.step.factor };
    } else if (raw.step.increment !== undefined) {
      const at = [...stepPath, 'increment'];
      const ratePerSec = ctx.problems.attempt(at, () =>
        parseRate(raw.step && (raw.step as Raw).increment, formatPath(at)),
      );
      if (ratePerSec === 0)
        ctx.problems.add(
          at,
          `${quoteValue((raw.step as Raw).increment)} would not climb; use a rate above 0 like "25/s"`,
        );
      else if (ratePerSec !== undefined && ratePerSec > MAX_RATE_PER_SEC) checkRate(ctx, at, ratePerSec);
      else if (ratePerSec !== undefined) step = { kind: 'increment', ratePerSec };
    } else if (raw.step.factor === undefined) {
      ctx.problems.add(
        stepPath,
        'names no step; use { factor: 1.5 } (each level 1.5× the last) or { increment: "25/s" }',
      );
    }
  }

  let holdMs: number | undefined;
  if (raw.hold !== undefined) {
    holdMs = durationAt(ctx, [...path, 'hold'], raw.hold, MIN_CAPACITY_HOLD_MS);
    if (holdMs < MIN_CAPACITY_HOLD_MS) {
      ctx.problems.add(
        [...path, 'hold'],
        `${quoteValue(raw.hold)} is too short for a level; use at least "${formatConfigDuration(MIN_CAPACITY_HOLD_MS)}" (the achieved rate is read from the seconds between the first and the last)`,
      );
    }
  }

  let resolution = DEFAULT_CAPACITY_RESOLUTION;
  if (raw.resolution !== undefined) {
    const at = [...path, 'resolution'];
    const negative =
      (typeof raw.resolution === 'number' && raw.resolution < 0) ||
      (typeof raw.resolution === 'string' && raw.resolution.trim().startsWith('-'));
    const value = negative ? -1 : effectAt(ctx, at, raw.resolution);
    if (value !== undefined && (value <= 0 || value >= 1)) {
      ctx.problems.add(
        at,
        `${quoteValue(raw.resolution)} cannot end a bisection; use a share of the rate between 0 and 100%, like "5%"`,
      );
    } else if (value !== undefined) {
      resolution = value;
    }
  }

  let maxDurationMs: number | undefined;
  if (raw.maxDuration !== undefined) {
    maxDurationMs = durationAt(ctx, [...path, 'maxDuration'], raw.maxDuration, 0);
    if (maxDurationMs <= 0)
      ctx.problems.add(
        [...path, 'maxDuration'],
        `${quoteValue(raw.maxDuration)} is too short; use a duration above 0 like "5m"`,
      );
  }
  if (startRatePerSec === undefined || maxRatePerSec === undefined) return undefined;
  const load: CapacityLoad = { executor: 'capacity', startRatePerSec, maxRatePerSec, step, resolution };
  if (holdMs !== undefined) load.holdMs = holdMs;
  if (maxDurationMs !== undefined) load.maxDurationMs = maxDurationMs;
  return load;
}
