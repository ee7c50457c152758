// compare: → CompareConfig, the baseline-relative rules (metrics, minimum effects, alpha, history).
import type { PathKey } from '../paths.js';
import { DEFAULT_RUNNER_NOISE } from '../stats/variance-model.js';
import type { CompareConfig, MetricName } from '../types/config.js';
import { type Context, type Raw, effectAt, isRecord } from './context.js';
import {
  DEFAULT_AB_SCHEDULE,
  DEFAULT_ALPHA,
  DEFAULT_HISTORY_LENGTH,
  DEFAULT_METRICS,
  DEFAULT_MIN_EFFECT,
  DEFAULT_MIN_HISTORY,
  DEFAULT_NOISE_FLOOR,
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
  };
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
  return {
    mode: raw.mode === 'ab' ? 'ab' : defaults.mode,
    schedule: raw.schedule === 'alternate' || raw.schedule === 'duet' ? raw.schedule : defaults.schedule,
    metrics,
    minEffect,
    ...(minEffectSet.size > 0 ? { minEffectSet: [...minEffectSet] } : {}),
    alpha: typeof raw.alpha === 'number' ? raw.alpha : defaults.alpha,
    minHistory,
    noiseFloor: effectAt(ctx, ['compare', 'noiseFloor'], raw.noiseFloor) ?? defaults.noiseFloor,
    historyLength,
    runnerNoise,
    ...(runnerNoiseSet.size > 0 ? { runnerNoiseSet: [...runnerNoiseSet] } : {}),
  };
}
