// What every method of the comparison shares: the input, the per-run context, and a draft verdict
// (a comparison plus the guards that may still make it inconclusive).
import { DEFAULT_RUNNER_NOISE } from '../config/defaults.js';
import type { Baseline, HistoryEntry, Results, ScenarioResult } from '../types/results.js';
import type { CompareConfig, MetricName } from '../types/config.js';
import type {
  Comparison,
  MetricComparison,
  ScenarioComparison,
  BaselineStatus,
  Reason,
  ThresholdResult,
  Verdict,
} from '../types/comparison.js';
import type { GrossShift, PairedGrossShift } from './gross-shift.js';

export const DEFAULT_SEED = 0x5eed2024;
export const DEFAULT_REPLICATES = 2000;
/** Requests beyond a percentile that a tail estimate needs (so p99 needs 5,000 per run). */
export const MIN_TAIL_REQUESTS = 50;
/** An open-model run that achieved less than this share of its intended rate fell short. */
export const RATE_SHORTFALL = 0.99;

export const BAD_DIRECTION: Record<MetricName, 1 | -1> = {
  p50: 1,
  p90: 1,
  p95: 1,
  p99: 1,
  rps: -1,
  error_rate: 1,
  capacity: -1,
};
/** The metrics a run's segments measure; capacity is the capacity search's own (compare/capacity.ts). */
export type SegmentMetric = Exclude<MetricName, 'capacity'>;
export const OPEN_EXECUTORS = new Set(['constant-arrival-rate', 'ramping-arrival-rate']);

export interface CompareInput {
  current: Results;
  baseline?: Baseline;
  baselineStatus: BaselineStatus;
  compare: CompareConfig;
  thresholds: ThresholdResult[];
  seed?: number;
  /** Bootstrap replicates (default 2000). */
  replicates?: number;
  /** A look of an extended run (src/core/compare/sequential.ts): its share of α, how many of the
   * first look's tests it does not test again, and which metrics it tests again (the others are
   * decided already). */
  look?: LookInput;
}

export interface LookInput {
  alpha: number;
  /** The first look's tests (in its Holm family) this look does not test again: each counts as p = 1. */
  padding?: number;
  retest?: (scenario: string, metric: MetricName) => boolean;
}

export interface Draft {
  comparison: MetricComparison;
  guards: Reason[];
  /** Verdicts that cannot be trusted here while the others can, each with its reason: decideRun
   * makes such a verdict inconclusive with that reason (a shared lag dilutes a change, so only a
   * "no change" is held; a baseline whose generator fell behind measured slower than its service,
   * so only a regression stands). */
  holds?: { reason: Reason; verdicts: readonly Verdict[] }[];
  /** What the run-level step needs to state the minimum detectable effect once the family size
   * (the number of tests Holm adjusts over) is known: on the effect's scale. */
  power?: { standardError: number; df: number };
  /** The test's between-run variance is the configured prior (no history): its regression or
   * improvement is a warning (inconclusive, reason prior-only) unless `robust` decides it too. */
  priorOnly?: boolean;
  /** A priorOnly test again with the between-run sd PRIOR_ROBUSTNESS times the prior: one-sided p
   * and 95% interval on the effect's scale. Its regression, significant at the family's Holm α
   * too, fails the gate (decide.ts): no runner that much noisier than the prior explains it. */
  robust?: { pValue: number; interval: [number, number]; factor: number; noise: number };
  /** A second test of the same metric (A/B: the whole-run change), in the Holm family: it decides
   * when it calls a regression or an improvement that the first test does not. Effect scale. */
  wholeRun?: { effect: number; interval: [number, number]; pValue: number; standardError: number; df: number };
  /** A latency percentile's change beyond what its held-back reasons can explain (gross-shift.ts):
   * checked against the margin once the family's size is known (decide.ts). */
  gross?: GrossShift;
  /** Duet: three quarters of the blocks have the head at least DUET_GROSS_RATIO times the base. */
  pairedGross?: PairedGrossShift;
}

export interface Context {
  input: CompareInput;
  baseline: Baseline;
  environmentDiffers: boolean;
  /** Past runs on the current environment, newest first (the stored run first when it matches). */
  pastRuns: HistoryEntry[];
  seed: number;
  replicates: number;
}

export type PastScenario = HistoryEntry['scenarios'][string];

export function scenarioValue(scenario: ScenarioResult, metric: MetricName): number {
  if (metric === 'rps') return scenario.rps;
  if (metric === 'error_rate') return scenario.errorRate;
  if (metric === 'capacity') return scenario.capacity?.ratePerSec ?? NaN;
  return scenario.latencyMs[metric];
}

export function historyValue(entry: HistoryEntry['scenarios'][string], metric: MetricName): number {
  if (metric === 'capacity') return entry.capacity ?? NaN;
  return metric === 'error_rate' ? entry.errorRate : entry[metric];
}

/** The between-run sd the config gives a metric (compare.runnerNoise), else the default prior. */
export function runnerNoise(compare: CompareConfig, metric: MetricName): number {
  return compare.runnerNoise?.[metric] ?? DEFAULT_RUNNER_NOISE[metric];
}

/** Whether a no-history test of the metric rests on the default prior (a warning, unless the 4× rule fails it)
 * rather than a runner noise the config sets from a spread measured on its runner. */
export function onDefaultPrior(compare: CompareConfig, metric: MetricName): boolean {
  return !(compare.runnerNoiseSet ?? []).includes(metric);
}

/** A relative minimum effect as a magnitude on the effect's scale, in the metric's bad direction
 * (a rise for latencies, a fall for rps, points for the error rate). */
export function minEffectOnScale(metric: MetricName, minEffect: number): number {
  if (metric === 'error_rate') return minEffect;
  return BAD_DIRECTION[metric] > 0 ? Math.log1p(minEffect) : -Math.log1p(-Math.min(minEffect, 0.999));
}

/** The inverse of minEffectOnScale: a magnitude on the effect's scale as a change users read. */
export function magnitudeAsChange(metric: MetricName, magnitude: number): number {
  if (metric === 'error_rate') return magnitude;
  return BAD_DIRECTION[metric] > 0 ? Math.expm1(magnitude) : -Math.expm1(-magnitude);
}

export function toChange(metric: MetricName, effect: number): number {
  return metric === 'error_rate' ? effect : Math.expm1(effect);
}

export function groupThresholds(thresholds: ThresholdResult[], scenario: string): ThresholdResult[] {
  return thresholds.filter((threshold) => threshold.scenario === scenario);
}

/**
 * Every method's walk over the run: each scenario of `current` is compared with its namesake in
 * `past` by `compareOne`, a scenario without one is judged on thresholds alone, and a past
 * scenario this run lacks gets a run note. `words` name the two sides in those notes.
 */
export function compareScenarios(
  current: ScenarioResult[],
  past: ScenarioResult[],
  thresholds: ThresholdResult[],
  words: { newInCurrent: string; missing: (name: string) => string },
  compareOne: (current: ScenarioResult, base: ScenarioResult, notes: string[]) => Draft[],
): { scenarios: ScenarioComparison[]; drafts: Draft[]; notes: string[] } {
  const scenarios: ScenarioComparison[] = [];
  const drafts: Draft[] = [];
  for (const scenario of current) {
    const base = past.find((candidate) => candidate.name === scenario.name);
    const scenarioNotes: string[] = [];
    const comparison: ScenarioComparison = {
      name: scenario.name,
      current: scenario,
      metrics: [],
      thresholds: groupThresholds(thresholds, scenario.name),
      notes: scenarioNotes,
    };
    if (base === undefined) {
      scenarioNotes.push(words.newInCurrent);
    } else {
      comparison.baseline = base;
      const scenarioDrafts = compareOne(scenario, base, scenarioNotes);
      drafts.push(...scenarioDrafts);
      comparison.metrics = scenarioDrafts.map((draft) => draft.comparison);
    }
    scenarios.push(comparison);
  }
  const notes = past
    .filter((base) => !current.some((scenario) => scenario.name === base.name))
    .map((base) => words.missing(base.name));
  return { scenarios, drafts, notes };
}

/** What every method's Comparison says of the decided drafts: the regressions, improvements and
 * breached thresholds, and the run's verdict (fail on either of the first and the last). */
export function tallyVerdicts(
  drafts: readonly Draft[],
  thresholds: readonly ThresholdResult[],
): Pick<Comparison, 'verdict' | 'regressions' | 'improvements' | 'breaches'> {
  const metrics = drafts.map((draft) => draft.comparison);
  const breaches = thresholds.filter((threshold) => !threshold.ok);
  const regressions = metrics.filter((metric) => metric.verdict === 'regression');
  const improvements = metrics.filter((metric) => metric.verdict === 'improvement');
  return {
    verdict: breaches.length > 0 || regressions.length > 0 ? 'fail' : 'pass',
    regressions,
    improvements,
    breaches,
  };
}

/** The open-model rate check's starting point, in either method: no change until the rates say otherwise. */
export function rateCheckComparison(
  current: ScenarioResult,
  base: ScenarioResult,
  minEffect: number,
): MetricComparison {
  return {
    scenario: current.name,
    metric: 'rps',
    baseline: base.rps,
    current: current.rps,
    change: Math.expm1(Math.log(current.rps / base.rps)),
    method: 'rate-check',
    minEffect,
    verdict: 'no change',
    reasons: [],
  };
}
