// compare: → CompareConfig, the baseline-relative rules (metrics, minimum effects, alpha, history).
import type { PathKey } from '../paths.js';
import type { CompareConfig, MetricName } from '../types/config.js';
import { type Context, type Raw, effectAt, isRecord } from './context.js';
import { parseDuration } from '../duration.js';
import { DEFAULT_MAX_ERROR_RATE } from '../thresholds.js';
import { formatPath, quoteValue } from '../paths.js';
import {
  DEFAULT_AB_SCHEDULE,
  DEFAULT_EXTEND_FACTOR,
  DEFAULT_ALPHA,
  DEFAULT_HISTORY_LENGTH,
  DEFAULT_METRICS,
  DEFAULT_MIN_EFFECT,
  DEFAULT_MIN_HISTORY,
  DEFAULT_NOISE_FLOOR,
  DEFAULT_RUNNER_NOISE,
} from './defaults.js';

const METRICS: readonly MetricName[] = ['p50', 'p90', 'p95', 'p99', 'rps', 'error_rate', 'capacity'];
const LATENCY_METRICS: readonly MetricName[] = ['p50', 'p90', 'p95', 'p99'];

/** The compare rules of a config that sets none (e.g. `perfgate compare` without `-c`). */
export function defaultCompareConfig(): CompareConfig {
  return {
    mode: 'stored',
    schedule: DEFAULT_AB_SCHEDULE,
    metrics: [...DEFAULT_METRICS],
    minEffect: { ...DEFAULT_MIN_EFFECT },
    alpha: DEFAULT_ALPHA,
    minHistory: DEFAULT_MIN_HISTORY,
    noiseFloor: DEFAULT_NOISE_FLOOR,
    historyLength: DEFAULT_HISTORY_LENGTH,
    runnerNoise: { ...DEFAULT_RUNNER_NOISE },
    extend: { maxWindowFactor: DEFAULT_EXTEND_FACTOR },
    maxErrorRate: DEFAULT_MAX_ERROR_RATE,
  };
}

/**
 * compare.extend.maxDuration: how long a scenario's measured window may grow when a verdict is
 * inconclusive: a multiple of its planned window (`4x`, the default), a length (`2m`: the window
 * may reach it), or 0 (never extended).
 */
const DURATION_LIKE = /^[0-9.]+(?:h|m|s|ms)/;

function buildExtend(ctx: Context, raw: unknown): CompareConfig['extend'] {
  const fallback = { maxWindowFactor: DEFAULT_EXTEND_FACTOR };
  if (raw === undefined) return fallback;
  const path: PathKey[] = ['compare', 'extend', 'maxDuration'];
  if (!isRecord(raw) || raw.maxDuration === undefined) return fallback;
  const value = raw.maxDuration;
  if (value === 0 || value === '0') return { maxWindowFactor: 0 };
  if (typeof value === 'number') {
    ctx.problems.add(
      path,
      `${value} has no unit; use a multiple of the planned window such as 4x (the default), a length such as 2m, or 0 to never extend`,
    );
    return fallback;
  }
  const factor = typeof value === 'string' ? /^\s*([0-9]+(?:\.[0-9]+)?)\s*x\s*$/i.exec(value) : null;
  if (factor) {
    const times = Number(factor[1]);
    if (!(times >= 1 && times <= 10)) {
      ctx.problems.add(
        path,
        `${quoteValue(value)} is not a multiple of the planned window from 1x to 10x; use e.g. 4x (the default), a length such as 2m, or 0 to never extend`,
      );
      return fallback;
    }
    return { maxWindowFactor: times };
  }
  if (typeof value !== 'string' || !DURATION_LIKE.test(value)) {
    ctx.problems.add(
      path,
      `${quoteValue(value)} is neither a multiple of the planned window nor a length; use e.g. 4x (the default), 2m, or 0 to never extend`,
    );
    return fallback;
  }
  const ms = ctx.problems.attempt(path, () => parseDuration(value, formatPath(path)));
  return ms === undefined ? fallback : { maxWindowMs: ms };
}

/** The metrics compare.detect can name: those a longer run sharpens (not capacity). */
const DETECT_METRICS: readonly MetricName[] = ['p50', 'p90', 'p95', 'p99', 'rps', 'error_rate'];

/**
 * compare.detect: one change for every latency percentile (`5%`), or per metric
 * (`{ p50: 5%, p95: 10% }`, `latency` for p50–p99 at once, a metric's own key winning).
 */
function buildDetect(ctx: Context, raw: unknown): CompareConfig['detect'] {
  if (raw === undefined) return undefined;
  // No targets, not even an A/B run's own (compare/more-data.ts detectFor).
  if (raw === false || raw === 'off') return {};
  const detect: Partial<Record<MetricName, number>> = {};
  const set = (metrics: readonly MetricName[], value: number | undefined) => {
    for (const metric of metrics) if (value !== undefined) detect[metric] = value;
  };
  const positive = (path: PathKey[], value: unknown): number | undefined => {
    const effect = effectAt(ctx, path, value);
    if (effect === 0) {
      ctx.problems.add(path, `0 is a change no run can be sure to see; use a change such as 5%`);
      return undefined;
    }
    if (effect === undefined && value !== undefined && typeof value !== 'string')
      ctx.problems.add(
        path,
        `${quoteValue(value)} is not a change; use a percentage such as 5% or a fraction such as 0.05`,
      );
    return effect;
  };
  if (!isRecord(raw)) {
    set(LATENCY_METRICS, positive(['compare', 'detect'], raw));
    return Object.keys(detect).length > 0 ? detect : undefined;
  }
  set(LATENCY_METRICS, positive(['compare', 'detect', 'latency'], raw.latency));
  for (const metric of DETECT_METRICS) set([metric], positive(['compare', 'detect', metric], raw[metric]));
  return Object.keys(detect).length > 0 ? detect : undefined;
}

export function buildCompare(ctx: Context, raw: Raw): CompareConfig {
  const defaults = defaultCompareConfig();
  const minEffect = defaults.minEffect;
  const minEffectSet = new Set<MetricName>();
  if (isRecord(raw.minEffect)) {
    const latency = effectAt(ctx, ['compare', 'minEffect', 'latency'], raw.minEffect.latency);
    if (latency !== undefined) {
      for (const metric of LATENCY_METRICS) {
        minEffect[metric] = latency;
        minEffectSet.add(metric);
      }
    }
    for (const metric of METRICS) {
      const value = effectAt(ctx, ['compare', 'minEffect', metric], raw.minEffect[metric]);
      if (value !== undefined) {
        minEffect[metric] = value;
        minEffectSet.add(metric);
      }
    }
  }
  const runnerNoise = { ...DEFAULT_RUNNER_NOISE };
  const runnerNoiseSet = new Set<MetricName>();
  if (isRecord(raw.runnerNoise)) {
    const latency = effectAt(ctx, ['compare', 'runnerNoise', 'latency'], raw.runnerNoise.latency);
    if (latency !== undefined)
      for (const metric of LATENCY_METRICS) {
        runnerNoise[metric] = latency;
        runnerNoiseSet.add(metric);
      }
    for (const metric of METRICS) {
      const value = effectAt(ctx, ['compare', 'runnerNoise', metric], raw.runnerNoise[metric]);
      if (value !== undefined) {
        runnerNoise[metric] = value;
        runnerNoiseSet.add(metric);
      }
    }
  }
  const metrics = Array.isArray(raw.metrics)
    ? raw.metrics.filter((metric): metric is MetricName => METRICS.includes(metric as MetricName))
    : defaults.metrics;
  const historyLength = Number.isInteger(raw.history) ? (raw.history as number) : defaults.historyLength;
  const minHistory = Number.isInteger(raw.minHistory) ? (raw.minHistory as number) : defaults.minHistory;
  if (minHistory > historyLength) {
    const at: PathKey[] = raw.minHistory === undefined ? ['compare', 'history'] : ['compare', 'minHistory'];
    ctx.problems.add(
      at,
      `compare.minHistory (${minHistory}) is more than compare.history (${historyLength}), so the history test could never run; keep minHistory ≤ history`,
    );
  }
  const detect = buildDetect(ctx, raw.detect);
  return {
    mode: raw.mode === 'ab' ? 'ab' : defaults.mode,
    schedule: raw.schedule === 'alternate' || raw.schedule === 'duet' ? raw.schedule : defaults.schedule,
    metrics,
    minEffect,
    ...(minEffectSet.size > 0 ? { minEffectSet: [...minEffectSet] } : {}),
    alpha: typeof raw.alpha === 'number' ? raw.alpha : defaults.alpha,
    ...(detect ? { detect } : {}),
    minHistory,
    noiseFloor: effectAt(ctx, ['compare', 'noiseFloor'], raw.noiseFloor) ?? defaults.noiseFloor,
    historyLength,
    runnerNoise,
    ...(runnerNoiseSet.size > 0 ? { runnerNoiseSet: [...runnerNoiseSet] } : {}),
    extend: buildExtend(ctx, raw.extend),
    // The schema holds it to an integer 1..8; 1 is the absent default, so it is left out.
    ...(Number.isInteger(raw.processes) && (raw.processes as number) > 1 ? { processes: raw.processes as number } : {}),
    maxErrorRate: effectAt(ctx, ['compare', 'maxErrorRate'], raw.maxErrorRate) ?? DEFAULT_MAX_ERROR_RATE,
    // Absent means on: only `false` is kept.
    ...(raw.confirm === false ? { confirm: false } : {}),
  };
}
