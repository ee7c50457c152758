// What a comparison says: a verdict per metric with its numbers and reasons, thresholds, notes.
import type { AbSchedule, MetricName } from './config.js';
import type { Results, ScenarioResult } from './results.js';

export type Verdict = 'regression' | 'improvement' | 'no change' | 'inconclusive';

export interface MetricComparison {
  scenario: string;
  metric: MetricName;
  /** ms for latencies, requests/s for rps and capacity, a fraction for error_rate. */
  baseline: number;
  current: number;
  /** Relative change current/baseline − 1 (0.23 = +23%); for error_rate the absolute difference. */
  change: number;
  /** 95% confidence interval of `change`, when the method gives one. */
  changeInterval?: [number, number];
  /** One-sided p-value in the direction of the observed change, before Holm. */
  pValue?: number;
  adjustedPValue?: number;
  method: 'history' | 'bootstrap' | 'paired' | 'rate-check' | 'bracket' | 'none';
  /** The minimum effect that was applied (the configured one, or A/B mode's default). */
  minEffect: number;
  /** Smallest change this test calls a regression with 80% probability, from its standard error,
   * its degrees of freedom and Holm's strictest threshold α / tests (a magnitude in the bad direction). */
  minDetectableEffect?: number;
  verdict: Verdict;
  /** Why a verdict is inconclusive or was held back, in words. */
  reasons: string[];
}

export interface ThresholdResult {
  scenario: string;
  expression: string;
  actual: number;
  ok: boolean;
  /** Why the check could not use a measured value (e.g. no ok request for a latency metric). */
  reason?: string;
}

export type BaselineStatus =
  { kind: 'ok' } | { kind: 'missing' | 'unreadable' | 'corrupt' | 'future-version' | 'other-config'; detail: string };

export interface ScenarioComparison {
  name: string;
  current: ScenarioResult;
  baseline?: ScenarioResult;
  metrics: MetricComparison[];
  thresholds: ThresholdResult[];
  notes: string[];
}

export interface Comparison {
  /** `fail` when a threshold is breached or a metric regressed; `fail-on` then decides the exit. */
  verdict: 'pass' | 'fail';
  mode: 'history' | 'bootstrap' | 'ab' | 'thresholds-only';
  /** A/B mode: how head and base were run, and the pairs behind the tests. */
  ab?: { schedule: AbSchedule; pairs: number; baseCommit?: string };
  baselineStatus: BaselineStatus;
  baseline?: { commit?: string; savedAt: string; historyLength: number; environmentDiffers: boolean };
  current: Results;
  scenarios: ScenarioComparison[];
  regressions: MetricComparison[];
  improvements: MetricComparison[];
  breaches: ThresholdResult[];
  notes: string[];
}
