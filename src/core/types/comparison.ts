// What a comparison says: a verdict per metric with its numbers and reasons, thresholds, notes.
import type { AbSchedule, MetricName } from './config.js';
import type { CapacityResult, Results, ScenarioResult, SearchNoise } from './results.js';

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
  /** Two-sided p-value of the change, before Holm (each test's one-sided tail, doubled). */
  pValue?: number;
  adjustedPValue?: number;
  method: 'history' | 'bootstrap' | 'paired' | 'rate-check' | 'bracket' | 'none';
  /** The minimum effect that was applied (the configured one, or A/B mode's default). */
  minEffect: number;
  /** Smallest change this test calls a regression with 80% probability, from its standard error,
   * its degrees of freedom and Holm's strictest threshold α / tests (a magnitude in the bad direction). */
  minDetectableEffect?: number;
  /** The same MDE on the scale of `changeInterval`, in both directions: the smallest fall and the
   * smallest rise this test calls at its α share with 80% power, from the standard error and
   * degrees of freedom of that interval ([e^−m − 1, e^m − 1] for a log ratio m; ±m for the error
   * rate). On the log scale the two differ: an MDE of +43% is −30% the other way. */
  minDetectableChange?: [number, number];
  /** How the test's degrees of freedom grow with the data (df + 1 ∝ data^dfGrowth): 1 for a test over
   * pairs, ⅔ for duet's block bootstrap (its block length grows as n^⅓); absent: the mode's rule. */
  dfGrowth?: number;
  /** compare.processes: the test's standard error and degrees of freedom are the spread of the
   * variants' processes (how many of each were read, and one process's sd about its variant's
   * mean, log scale), not the requests'. `requestStandardError` is the request-level test's: the
   * part of the spread that a process's own few requests make, which a longer run narrows; the
   * rest is how far the processes differ, which only more processes narrow (more-data.ts
   * standardErrorAt). Absent in results from before it was kept: all of it counts as the rest. */
  processes?: { head: number; base: number; sd: number; requestStandardError?: number };
  /** The test's standard error and degrees of freedom, on the effect's scale (a log ratio; points
   * for the error rate): what a longer run would shrink (compare.extend). */
  standardError?: number;
  df?: number;
  /** An extended run (compare.extend): the look that gave this verdict (0: the planned window). */
  look?: number;
  verdict: Verdict;
  /** A/B latencies: the whole-run change (pooled pairs, jackknife over pairs) tested beside the
   * trimmed mean of the pairs, in the same Holm family. */
  wholeRun?: { change: number; interval: [number, number]; pValue: number; adjustedPValue?: number };
  /** Duet: the lower quartile of the per-block head-to-base ratios, where it reached DUET_GROSS_RATIO
   * (compare/gross-shift.ts): a change no offset between two processes explains, so compare.confirm
   * does not measure it again. */
  pairedGrossRatio?: number;
  /** compare.confirm: the same test on a second pair of processes, booted afresh after this one
   * regressed (compare/confirm.ts): its change and interval (the deciding test's), its two-sided p
   * before any adjustment, and what it made of the regression. `untested`: that pair gave no
   * usable test (`why`), and the first pair's verdict stands. */
  confirmation?: {
    outcome: 'confirmed' | 'not-reproduced' | 'untested';
    change?: number;
    interval?: [number, number];
    pValue?: number;
    why?: string;
  };
  /** Which test made a regression or an improvement: the pairs' trimmed mean, the whole run, or
   * (against the runner-noise prior alone) the test with that prior PRIOR_ROBUSTNESS times larger. */
  decidedBy?: 'pairs' | 'whole-run' | 'robust-prior' | 'gross-shift';
  /** Its test could not have decided in this run (a thin tail, an error rate with no error), so it
   * was left out of Holm's family and spent none of α (set by src/core/compare/paired.ts outOfReach). */
  outsideFamily?: true;
  /** Why a verdict is inconclusive or was held back: typed values, put into words by the reports
   * (src/core/report/reasons.ts describeReason). */
  reasons: Reason[];
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
  /** Regressions accepted on purpose (a PR label, a maintainer's comment): the verdict is then
   * pass while `regressions` still lists them (src/core/accept.ts). */
  accepted?: { by: string };
  /** How this PR could accept its regressions on purpose ("add the label `perf-accepted` … and
   * re-run this job"), set by the action where that is possible and nobody has; the reports'
   * advice names it, so the reviewer reading the comment learns it, not only the log. */
  acceptHint?: string;
  /** A run that could be extended (compare.extend): each look's share of α, and how many looks
   * the longest-extended scenario had. */
  /** compare.extend: each look's share of α, the looks taken, and whether a larger
   * compare.extend.maxDuration would let this run decide what it left undecided. */
  sequential?: { alphaShares: number[]; looks: number; moreRoomWouldHelp?: boolean };
}

/** Whose figures a reason speaks of. */
export type RunRole = 'current' | 'baseline' | 'past-runs' | 'thinnest-past-run' | 'head' | 'base';

/** What a capacity reason needs to say how a search ended. */
export type CapacitySummary = Pick<CapacityResult, 'limitedBy' | 'ratePerSec' | 'bracket' | 'firstFailure'>;

/**
 * Why a metric's verdict is inconclusive, was held back, or what decided it: the numbers, never
 * the words (src/core/report/reasons.ts says them), so that each report words them its own way.
 * Shares are fractions (0.97 = 97%); rates are requests per second.
 */
export type Reason =
  | { kind: 'no-test' }
  | { kind: 'no-successful-requests' }
  | { kind: 'nothing-to-pair' }
  | { kind: 'too-few-segments'; current: number; baseline: number; needed: number }
  | { kind: 'too-few-pairs'; pairs: number; needed: number }
  | { kind: 'thin-tail'; metric: MetricName; runs: { run: RunRole; beyond: number }[]; needed: number; share: number }
  | { kind: 'generator-behind'; run: RunRole; details: string[] }
  | { kind: 'other-load'; busier: RunRole; past: RunRole; currentCores: number; pastCores: number }
  | {
      kind: 'contention';
      metric: MetricName;
      busier: RunRole;
      /** More competing cores (other processes, steal) in the busier run, when over the tolerance. */
      moreCores?: number;
      /** More generator event-loop delay (ms) in the busier run, when over the tolerance. */
      moreLoopDelayMs?: number;
      /** The change the competition can explain, relative, in the direction of the change. */
      explainable: number;
    }
  | { kind: 'population'; from: number; to: number }
  | { kind: 'environment'; baseline: string; current: string }
  | { kind: 'real-but-small'; metric: MetricName; change: number; adjustedPValue: number; minEffect: number }
  | { kind: 'below-min-effect'; metric: MetricName; change: number; adjustedPValue: number; minEffect: number }
  | { kind: 'not-significant'; metric: MetricName; change: number; adjustedPValue: number; alpha: number }
  | {
      kind: 'interval-past-min-effect';
      metric: MetricName;
      change: number;
      interval: [number, number];
      adjustedPValue: number;
      minEffect: number;
    }
  | {
      kind: 'prior-only';
      metric: MetricName;
      change: number;
      direction: 'regression' | 'improvement';
      adjustedPValue: number;
      /** The same change against a runner `factor` times noisier than the prior: its p after Holm. */
      robust?: { factor: number; adjustedPValue: number };
    }
  /** A change against the runner-noise prior alone that stays significant and at least the minimum
   * effect with the between-run sd `factor` times the prior (`noise`, on the metric's own scale): it
   * decides (a regression fails the gate). */
  | {
      kind: 'robust-to-prior';
      metric: MetricName;
      change: number;
      direction: 'regression' | 'improvement';
      factor: number;
      noise: number;
      adjustedPValue: number;
    }
  /** A change beyond anything the held-back reasons can explain (compare/gross-shift.ts): the
   * median current segment's lower bound (the generator's delay taken off, among segments no busier
   * than the baseline's busiest) above the slowest baseline segment by more than `margin`. */
  | {
      kind: 'gross-shift';
      metric: MetricName;
      change: number;
      margin: number;
      factor: number;
      segments: number;
      of: number;
      baselineMaxMs: number;
      currentBoundMs: number;
    }
  /** compare.confirm: a regression of the first pair of processes that a second pair, booted
   * afresh, did not show (significant at α and at least the minimum effect): the first pair's
   * processes differed, not the builds. `confirmChange` and `confirmPValue` are the second pair's. */
  | {
      kind: 'not-reproduced';
      /** The first pair read an improvement (absent: a regression). */
      improvement?: true;
      metric: MetricName;
      change: number;
      confirmChange: number;
      confirmPValue?: number;
      alpha: number;
      minEffect: number;
    }
  /** Duet: the lower quartile of the per-block head-to-base ratios at least DUET_GROSS_RATIO. */
  | { kind: 'gross-shift-paired'; metric: MetricName; ratio: number; blocks: number; threshold: number }
  | { kind: 'no-intended-rate' }
  /** The achieved rate fell short but `cause` (the generator, other work) can explain it. */
  | { kind: 'rate-short-explained'; share: number; intendedPerSec: number; cause: Reason }
  | { kind: 'rate-short-explained-paired'; headShare: number; baseShare: number; cause: Reason }
  /** The service fell short of the intended rate while the generator kept its schedule; with
   * `baselineShare` the baseline fell short too, else it kept up. */
  | {
      kind: 'service-fell-behind';
      share: number;
      intendedPerSec: number;
      achievedPerSec: number;
      baselineShare?: number;
    }
  | {
      kind: 'head-fell-behind';
      headShare: number;
      baseShare: number;
      intendedPerSec: number;
      behindPairs: number;
      pairs: number;
    }
  | { kind: 'head-kept-up'; headShare: number; baseShare: number; intendedPerSec: number }
  | { kind: 'both-fell-behind-paired'; headShare: number; baseShare: number; intendedPerSec: number }
  | { kind: 'too-few-pairs-for-capacities' }
  | { kind: 'shared-lag' }
  | { kind: 'shared-burst'; hit: number; blocks: number }
  | { kind: 'whole-run-disagrees'; change: number }
  | { kind: 'decided-by-whole-run'; metric: MetricName; change: number; adjustedPValue: number; pairsChange: number }
  | { kind: 'no-capacity-search'; run: RunRole }
  | { kind: 'capacity-below-bound'; current: CapacitySummary; currentBound: number; baselineBound: number }
  | { kind: 'capacity-above-bound'; baseline: CapacitySummary; currentBound: number; baselineBound: number }
  | { kind: 'capacity-bounds-overlap'; current?: CapacitySummary; baseline?: CapacitySummary }
  | ({ kind: 'capacity-search-noise' } & SearchNoise);
