// The capacity comparison: the digestive rate of a capacity scenario against the baseline's, like
// any metric (a fall is the bad direction). A search knows its capacity only to a bracket, so each
// run contributes the bracket's uncertainty (uniform over [low, high] on the log scale) and the
// runner-to-runner noise comes from the history's spread or, without one, from the prior
// (compare.runnerNoise.capacity). A search that stopped for another reason than the service
// (generator, maxRate, maxDuration) only bounds its capacity from below; it is compared only when
// the bounds alone decide the direction.
import { testAgainstHistory } from '../stats/history-test.js';
import { tQuantile } from '../stats/t-distribution.js';
import {
  HISTORY_FLOOR_SHARE,
  PRIOR_ROBUSTNESS,
  testTwoRuns,
  type TwoRunInput,
  type TwoRunTest,
} from '../stats/variance-model.js';
import type { CapacityResult, ScenarioResult, SearchNoise } from '../types/results.js';
import type { CapacitySummary, MetricComparison, Reason } from '../types/comparison.js';
import { environmentGuard, otherLoadGuard } from './guards.js';
import { usableHistory } from './history.js';
import { onDefaultPrior, runnerNoise, type Context, type Draft, type PastScenario } from './shared.js';

/** Where a search puts the capacity: [highest level held, lowest level broken], or no upper end. */
export function capacityInterval(capacity: CapacityResult): { low: number; high: number } {
  return { low: capacity.bracket[0], high: capacity.bracket[1] ?? Infinity };
}

/** Variance of ln(capacity) from the bracket: the truth is anywhere in it (uniform). */
function bracketVariance(interval: { low: number; high: number }): number {
  const width = Math.log(interval.high / interval.low);
  return (width * width) / 12;
}

/** A uniform's variance is known, not estimated: its degrees of freedom are unbounded. */
const KNOWN_DF = 1e6;

export interface CapacityChange {
  /** ln(current / baseline) the test used (a bound when a bracket is open), NaN when none could. */
  effect: number;
  /** The values compared, req/s. */
  current: number;
  baseline: number;
  test?: TwoRunTest;
  /** How the values were read, for the report. */
  reasons: Reason[];
  /** Why the two capacities cannot be compared; non-empty means no test. */
  guards: Reason[];
}

/**
 * The change between two capacity searches without history: the one test the stored and the A/B
 * modes share (A/B passes the runner noise of its pairs as `betweenSd`).
 */
export function testCapacityChange(
  current: CapacityResult,
  baseline: CapacityResult,
  betweenSd: number,
  betweenDf?: number,
): CapacityChange {
  // A noise measured in this run carries its degrees of freedom; a prior is taken as known.
  const between = (within: TwoRunInput['within']): Omit<TwoRunInput, 'effect'> =>
    betweenDf === undefined
      ? { within, betweenSd }
      : { within: [...within, { variance: 2 * betweenSd * betweenSd, df: betweenDf }], betweenSd: 0 };
  const cur = capacityInterval(current);
  const base = capacityInterval(baseline);
  const out: CapacityChange = {
    effect: NaN,
    current: current.ratePerSec,
    baseline: baseline.ratePerSec,
    reasons: [],
    guards: [],
  };
  const closed = (interval: { low: number; high: number }): boolean =>
    interval.low > 0 && Number.isFinite(interval.high);
  if (closed(cur) && closed(base)) {
    out.effect = Math.log(cur.low / base.low);
    out.test = testTwoRuns({
      effect: out.effect,
      ...between([
        { variance: bracketVariance(cur), df: KNOWN_DF },
        { variance: bracketVariance(base), df: KNOWN_DF },
      ]),
    });
    return out;
  }
  // One bracket is open: only a gap between the two says which way the capacity moved, and then
  // the gap's near edges are compared, the smallest change the runs allow.
  if (cur.high < base.low) {
    out.current = cur.high;
    out.baseline = base.low;
    out.reasons.push({
      kind: 'capacity-below-bound',
      current: summaryOf(current),
      currentBound: cur.high,
      baselineBound: base.low,
    });
  } else if (cur.low > base.high) {
    out.current = cur.low;
    out.baseline = base.high;
    out.reasons.push({
      kind: 'capacity-above-bound',
      baseline: summaryOf(baseline),
      currentBound: cur.low,
      baselineBound: base.high,
    });
  } else {
    out.guards.push({
      kind: 'capacity-bounds-overlap',
      ...(closed(cur) ? {} : { current: summaryOf(current) }),
      ...(closed(base) ? {} : { baseline: summaryOf(baseline) }),
    });
    return out;
  }
  out.effect = Math.log(out.current / out.baseline);
  out.test = testTwoRuns({ effect: out.effect, ...between([]) });
  return out;
}

function summaryOf(capacity: CapacityResult): CapacitySummary {
  const { limitedBy, ratePerSec, bracket, firstFailure } = capacity;
  return { limitedBy, ratePerSec, bracket, ...(firstFailure ? { firstFailure } : {}) };
}

/** The capacity metric before any test: inconclusive, with the two searches' rates. */
function capacityComparison(current: ScenarioResult, base: ScenarioResult, minEffect: number): MetricComparison {
  return {
    scenario: current.name,
    metric: 'capacity',
    baseline: base.capacity?.ratePerSec ?? NaN,
    current: current.capacity?.ratePerSec ?? NaN,
    change: NaN,
    method: 'none',
    minEffect,
    verdict: 'inconclusive',
    reasons: [],
  };
}

/** Writes a bracket-to-bracket test into `comparison`; the draft's power when there was a test. */
function applyBracketChange(comparison: MetricComparison, change: CapacityChange): Draft['power'] {
  comparison.method = 'bracket';
  comparison.current = change.current;
  comparison.baseline = change.baseline;
  comparison.reasons.push(...change.reasons);
  if (Number.isFinite(change.effect)) comparison.change = Math.expm1(change.effect);
  if (!change.test) return undefined;
  comparison.changeInterval = [Math.expm1(change.test.interval[0]), Math.expm1(change.test.interval[1])];
  if (Number.isFinite(change.test.pValue)) comparison.pValue = change.test.pValue;
  return { standardError: change.test.standardError, df: change.test.df };
}

/** The capacity metric of one capacity scenario, by history when there is enough, else against the stored run. */
export function compareCapacity(
  ctx: Context,
  current: ScenarioResult,
  base: ScenarioResult,
  history: PastScenario[],
  notes: string[],
): Draft {
  const { compare } = ctx.input;
  const comparison = capacityComparison(current, base, compare.minEffect.capacity);
  const guards: Reason[] = [];
  if (!current.capacity || !base.capacity) {
    guards.push({ kind: 'no-capacity-search', run: current.capacity ? 'baseline' : 'current' });
    return { comparison, guards };
  }
  if (ctx.environmentDiffers)
    guards.push(
      environmentGuard(ctx.baseline.results.environment.fingerprint, ctx.input.current.environment.fingerprint),
    );

  const noise = runnerNoise(compare, 'capacity');
  const measured = capacityInterval(current.capacity);
  const used = usableHistory(ctx, 'capacity', history, notes);
  let draft: Draft;
  if (used.length >= compare.minHistory && measured.low > 0 && Number.isFinite(measured.high)) {
    const test = testAgainstHistory(
      Math.log(current.capacity.ratePerSec),
      used.map((entry) => Math.log(entry.capacity ?? NaN)),
      { floor: HISTORY_FLOOR_SHARE * noise },
    );
    comparison.method = 'history';
    comparison.baseline = Math.exp(test.centre);
    comparison.change = Math.expm1(test.effect);
    comparison.changeInterval = [Math.expm1(test.interval[0]), Math.expm1(test.interval[1])];
    if (Number.isFinite(test.pValue)) comparison.pValue = test.pValue;
    draft = { comparison, guards, power: { standardError: test.standardError, df: test.df } };
  } else {
    const change = testCapacityChange(current.capacity, base.capacity, noise);
    const power = applyBracketChange(comparison, change);
    guards.push(...change.guards);
    // Fewer than minHistory past capacities: one number per run against the prior alone (13% false
    // regressions at 1.5× the prior), so a change is a warning, unless it holds against a runner
    // PRIOR_ROBUSTNESS times as noisy as the prior (decide.ts).
    draft = { comparison, guards, priorOnly: onDefaultPrior(compare, 'capacity') };
    if (power) {
      draft.power = power;
      const robust = testCapacityChange(current.capacity, base.capacity, PRIOR_ROBUSTNESS * noise).test;
      if (draft.priorOnly && robust)
        draft.robust = {
          pValue: robust.pValue,
          interval: robust.interval,
          factor: PRIOR_ROBUSTNESS,
          noise: PRIOR_ROBUSTNESS * noise,
        };
    }
  }
  // Competing work lowers a capacity the way it lowers rps.
  const busier = otherLoadGuard(
    'capacity',
    comparison.change,
    current.machine?.otherCores,
    base.machine?.otherCores,
    'baseline',
  );
  if (busier !== undefined) guards.push(busier);
  return draft;
}

/**
 * Search-to-search sd of ln(capacity) on one runner, a minute apart, when no search could be
 * repeated: bench/capacity/README.md measured 0.000–0.025 on deterministic targets; twice the
 * larger, since a real service's own service time varies too. A prior, not a measurement: at a
 * true 10% it failed 17% of A/A runs (issue 32), which is why A/B measures the noise when it can.
 */
export const AB_CAPACITY_NOISE = 0.05;

/**
 * The measured test's false-regression rate, in the bad direction, on its own, with a margin under
 * the per-run target of 1%. Once the noise exceeds about half the minimum effect, the minimum
 * effect no longer holds a t test below its α/2 = 2.5% (simulated: 3.5% at a true 10% and 20%), so
 * the test's standard error is widened by t(1 − 0.75%)/t(1 − α/2) at its df, which makes α = 0.05
 * two-sided a 0.75% one-sided test and keeps the p-value, the interval and the MDE on one scale.
 * Not 1%: at 1% the simulation read 1.13% at a true 10% (the pooled variance reads about 6% low,
 * the repeats starting from the first search's bracket); at 0.75%, 0.87% (bench/capacity/ab-noise.ts).
 */
export const CAPACITY_BAD_TAIL = 0.0075;
/** The family α the widening is sized for (compare.alpha's default). */
const AB_ALPHA = 0.05;

/** A search whose bracket is closed and set by the service: a measurement, not a bound. */
function measuredCapacity(search: Pick<CapacityResult, 'bracket' | 'limitedBy'>): boolean {
  return search.limitedBy === 'service' && closedBracket(search);
}

function closedBracket(search: Pick<CapacityResult, 'bracket'>): boolean {
  return search.bracket[0] > 0 && search.bracket[1] !== null;
}

/**
 * ln of every measured search of one variant: the first one, then its repeats. A repeat that ran
 * out of levels with a closed bracket still counts (its low end): leaving it out would leave out
 * the searches that wandered farthest, and the noise would read low.
 */
function searchLogs(capacity: CapacityResult): number[] {
  if (!measuredCapacity(capacity)) return [];
  const repeats = (capacity.repeats ?? []).filter(
    (repeat) => measuredCapacity(repeat) || (repeat.limitedBy === 'maxDuration' && closedBracket(repeat)),
  );
  return [capacity, ...repeats].map((search) => Math.log(search.ratePerSec));
}

/**
 * The search-to-search noise of this run: the sd of ln(capacity) between one variant's searches
 * (its first and its repeated brackets), pooled over the two variants with Σ(n − 1) degrees of
 * freedom. Without a repeat, the prior AB_CAPACITY_NOISE.
 */
export function measureSearchNoise(head: CapacityResult, base: CapacityResult): SearchNoise {
  let squares = 0;
  let df = 0;
  let searches = 0;
  for (const logs of [searchLogs(head), searchLogs(base)]) {
    if (logs.length < 2) continue;
    const mean = logs.reduce((sum, x) => sum + x, 0) / logs.length;
    squares += logs.reduce((sum, x) => sum + (x - mean) ** 2, 0);
    df += logs.length - 1;
    searches += logs.length;
  }
  if (df === 0) return { source: 'prior', sd: AB_CAPACITY_NOISE, df: null, searches: 0 };
  // Searches on one grid can agree to the level (a service whose capacity is fixed): their sd then
  // reads 0, which is the grid's rounding, not a runner without noise. It is floored at the
  // spread of a capacity anywhere in the widest closed bracket, so that a bound against such a
  // base is still tested (with 0 an open bracket had no standard error at all and no verdict).
  return { source: 'repeats', sd: Math.max(Math.sqrt(squares / df), gridNoise(head, base)), df, searches };
}

/** The sd of ln(capacity) uniform over the wider of the two closed brackets; 0 when none is closed. */
function gridNoise(head: CapacityResult, base: CapacityResult): number {
  const widths = [head, base]
    .map(capacityInterval)
    .filter((interval) => interval.low > 0 && Number.isFinite(interval.high))
    .map((interval) => Math.sqrt(bracketVariance(interval)));
  return widths.length > 0 ? Math.max(...widths) : 0;
}

/**
 * The head's capacity against the base's with the noise measured in this run: the mean ln of each
 * variant's measured searches, with the variance of each first search's bracket (the repeats
 * share its grid, so averaging does not shrink it) plus the measured noise over the searches
 * averaged, whose degrees of freedom make the test a t (Welch–Satterthwaite).
 */
function testMeasuredChange(head: CapacityResult, base: CapacityResult, noise: SearchNoise): CapacityChange {
  const headLogs = searchLogs(head);
  const baseLogs = searchLogs(base);
  const mean = (logs: number[]): number => logs.reduce((sum, x) => sum + x, 0) / logs.length;
  const effect = mean(headLogs) - mean(baseLogs);
  const within = [
    { variance: bracketVariance(capacityInterval(head)), df: KNOWN_DF },
    { variance: bracketVariance(capacityInterval(base)), df: KNOWN_DF },
    { variance: noise.sd * noise.sd * (1 / headLogs.length + 1 / baseLogs.length), df: noise.df ?? KNOWN_DF },
  ];
  // Scaling every part by k² leaves the Welch–Satterthwaite df as it is.
  const { df } = testTwoRuns({ effect, within, betweenSd: 0 });
  const k = tQuantile(1 - CAPACITY_BAD_TAIL, df) / tQuantile(1 - AB_ALPHA / 2, df);
  const test = testTwoRuns({
    effect,
    within: within.map((part) => ({ variance: k * k * part.variance, df: part.df })),
    betweenSd: 0,
  });
  return {
    effect,
    current: Math.exp(mean(headLogs)),
    baseline: Math.exp(mean(baseLogs)),
    test,
    reasons: [],
    guards: [],
  };
}

/**
 * A/B mode's capacity test: the head's search against the base's, run in turn on this runner
 * (src/engine/run-capacity.ts runCapacityVariants), each bracket's own uncertainty plus the
 * search-to-search noise of one runner, measured from the repeated brackets when there are any.
 * It goes into Holm with the run's other tests and gates: the runner-to-runner noise that a
 * stored baseline cannot measure is not in it.
 */
export function comparePairedCapacity(head: ScenarioResult, base: ScenarioResult, minEffect: number): Draft {
  const comparison = capacityComparison(head, base, minEffect);
  if (!head.capacity || !base.capacity) {
    return { comparison, guards: [{ kind: 'no-capacity-search', run: head.capacity ? 'base' : 'head' }] };
  }
  const noise = measureSearchNoise(head.capacity, base.capacity);
  const measured = noise.source === 'repeats' && measuredCapacity(head.capacity) && measuredCapacity(base.capacity);
  // A bound (an open bracket) has no repeat of its own: the noise measured on the other variant,
  // with its degrees of freedom, stands for both.
  const change = measured
    ? testMeasuredChange(head.capacity, base.capacity, noise)
    : testCapacityChange(head.capacity, base.capacity, noise.sd, noise.df ?? undefined);
  const power = applyBracketChange(comparison, change);
  comparison.reasons.push({ kind: 'capacity-search-noise', ...noise });
  const draft: Draft = { comparison, guards: [...change.guards] };
  if (power) draft.power = power;
  return draft;
}
