// The verdict of one metric from its test: significance and size together, and the guards; and the
// run-level step every method shares (Holm over the run, each test's MDE, each verdict).
import { adjustHolm } from '../stats/holm.js';
import { minDetectableEffect, PRIOR_ROBUSTNESS } from '../stats/variance-model.js';
import { DUET_GROSS_RATIO, grossShiftMargin } from './gross-shift.js';
import type { MetricName } from '../types/config.js';
import type { Reason, Verdict } from '../types/comparison.js';
import {
  BAD_DIRECTION,
  magnitudeAsChange,
  minEffectOnScale,
  toChange,
  type CompareInput,
  type Draft,
} from './shared.js';

export interface VerdictInput {
  metric: MetricName;
  change: number;
  interval?: [number, number];
  adjustedPValue?: number;
  alpha: number;
  minEffect: number;
  guards: Reason[];
}

/**
 * Both significance (Holm-adjusted two-sided p ≤ α) and size (|change| ≥ minimum effect) make a
 * regression or an improvement. "No change" is an equivalence claim: only when the whole 95%
 * interval lies inside ±minimum effect (a change that is real but that small is still no change,
 * the config's promise). Anything else is inconclusive, with the reason: significant but below the
 * minimum effect, or an interval that reaches past it (the run cannot rule out a change that
 * counts). Any guard makes the verdict inconclusive whatever the numbers say.
 */
export function decideVerdict(input: VerdictInput): { verdict: Verdict; reasons: Reason[] } {
  const { metric, change, interval, adjustedPValue, alpha, minEffect, guards } = input;
  if (guards.length > 0) return { verdict: 'inconclusive', reasons: [...guards] };
  if (adjustedPValue === undefined || !Number.isFinite(change)) {
    return { verdict: 'inconclusive', reasons: [{ kind: 'no-test' }] };
  }
  const significant = adjustedPValue <= alpha;
  const large = Math.abs(change) >= minEffect;
  if (significant && large) {
    return { verdict: Math.sign(change) === BAD_DIRECTION[metric] ? 'regression' : 'improvement', reasons: [] };
  }
  const equivalent = interval !== undefined && interval[0] > -minEffect && interval[1] < minEffect;
  if (equivalent) {
    return {
      verdict: 'no change',
      reasons: significant ? [{ kind: 'real-but-small', metric, change, adjustedPValue, minEffect }] : [],
    };
  }
  if (significant) {
    return {
      verdict: 'inconclusive',
      reasons: [{ kind: 'below-min-effect', metric, change, adjustedPValue, minEffect }],
    };
  }
  if (large || interval === undefined) {
    return {
      verdict: 'inconclusive',
      reasons: [{ kind: 'not-significant', metric, change, adjustedPValue, alpha }],
    };
  }
  return {
    verdict: 'inconclusive',
    reasons: [{ kind: 'interval-past-min-effect', metric, change, interval, adjustedPValue, minEffect }],
  };
}

/** A one-sided p-value in the observed direction as the two-sided one Holm adjusts: a false claim
 * in either direction counts against the family's α (one-sided in the observed direction reached 2α). */
export function twoSided(pValue: number): number {
  return Math.min(1, 2 * pValue);
}

/**
 * The run-level step of every method: Holm over all scenario × metric tests of the run that
 * produced a p-value and could decide (MetricComparison.outsideFamily), each test's minimum detectable effect once
 * the family's size is known, then each verdict. Fills in the drafts' comparisons. `padding`: at a
 * later look of an extended run, the first look's tests this look does not test again, which
 * count as p = 1 so that choosing what to test again cannot loosen Holm.
 */
export function decideRun(drafts: readonly Draft[], alpha: number, padding = 0): void {
  const withP = drafts.filter((draft) => draft.comparison.pValue !== undefined);
  for (const draft of withP) draft.comparison.pValue = twoSided(draft.comparison.pValue ?? 1);
  // Tests that could not decide spend no α (as Tarone 1990 leaves out tests that cannot reach
  // significance): they could not have been a false regression, and whether they are left out is
  // set by the run's design, not by the latencies the other tests read (paired.ts).
  const outside = new Set(withP.filter((draft) => draft.comparison.outsideFamily === true));
  const tested = withP.filter((draft) => !outside.has(draft));
  const second = drafts.filter((draft) => draft.wholeRun !== undefined && !outside.has(draft));
  for (const draft of second) {
    const whole = draft.wholeRun!;
    draft.comparison.wholeRun = {
      change: toChange(draft.comparison.metric, whole.effect),
      interval: [
        toChange(draft.comparison.metric, whole.interval[0]),
        toChange(draft.comparison.metric, whole.interval[1]),
      ],
      pValue: twoSided(whole.pValue),
    };
  }
  // One family: every test of the run that could decide, the second tests of a metric included. A
  // later look of an extended run tests only its undecided metrics, but in the family of the first
  // look (the rest count as p = 1: `padding`), so that choosing what to test again cannot loosen Holm.
  const family = tested.length + second.length;
  const seconds = second.map((draft) => draft.comparison.wholeRun?.pValue ?? 1);
  const pads = Array.from({ length: padding }, () => 1);
  // Two Holm runs over the same family. What the report shows of a test against the runner-noise
  // prior alone is its p at the configured prior (`shown`); what may fail the gate is the family in
  // which that test enters with its p against a runner PRIOR_ROBUSTNESS times as noisy (`gate`),
  // valid whenever the runner is at most that much noisier than the prior. Every gating verdict
  // takes its adjustment from `gate`: a prior-only p, too small on a noisy runner, must not loosen
  // Holm's steps for the others (Holm's adjusted p-values only grow with any input).
  const shown = adjustHolm([...tested.map((draft) => draft.comparison.pValue ?? 1), ...seconds, ...pads]);
  const hasPriorOnly = tested.some((draft) => draft.priorOnly === true);
  const gate = hasPriorOnly
    ? adjustHolm([
        ...tested.map((draft) =>
          draft.priorOnly === true
            ? draft.robust !== undefined && Number.isFinite(draft.robust.pValue)
              ? twoSided(draft.robust.pValue)
              : 1
            : (draft.comparison.pValue ?? 1),
        ),
        ...seconds,
        ...pads,
      ])
    : shown;
  const robustAdjusted = new Map<Draft, number>();
  tested.forEach((draft, i) => {
    const p = draft.priorOnly === true ? shown[i] : gate[i];
    if (p !== undefined && Number.isFinite(p)) draft.comparison.adjustedPValue = p;
    const robust = gate[i];
    if (draft.priorOnly === true && draft.robust !== undefined && robust !== undefined && Number.isFinite(robust))
      robustAdjusted.set(draft, robust);
  });
  second.forEach((draft, i) => {
    const p = gate[tested.length + i];
    if (p !== undefined && Number.isFinite(p) && draft.comparison.wholeRun)
      draft.comparison.wholeRun.adjustedPValue = p;
  });
  // What a test left out of the family shows: its p adjusted as if it were in it (it decides nothing).
  if (outside.size > 0) {
    const all = adjustHolm([...withP.map((draft) => draft.comparison.pValue ?? 1), ...seconds, ...pads]);
    withP.forEach((draft, i) => {
      const p = all[i];
      if (outside.has(draft) && p !== undefined && Number.isFinite(p)) draft.comparison.adjustedPValue = p;
    });
  }
  for (const { comparison, power } of drafts) {
    if (power === undefined || !(power.standardError > 0)) continue;
    comparison.standardError = power.standardError;
    comparison.df = power.df;
    const mde = minDetectableEffect({
      standardError: power.standardError,
      df: power.df,
      alpha,
      tests: Math.max(1, family + padding),
      minEffect: minEffectOnScale(comparison.metric, comparison.minEffect),
    });
    if (Number.isFinite(mde)) {
      comparison.minDetectableEffect = magnitudeAsChange(comparison.metric, mde);
      comparison.minDetectableChange = [toChange(comparison.metric, -mde), toChange(comparison.metric, mde)];
    }
  }
  for (const { comparison, guards } of drafts) {
    // A rate check decides by itself, unless both runs were at capacity and it became a test.
    if (comparison.method === 'rate-check' && comparison.pValue === undefined) {
      if (guards.length > 0) {
        comparison.verdict = 'inconclusive';
        comparison.reasons.push(...guards);
      }
      continue;
    }
    const decided = decideVerdict({
      metric: comparison.metric,
      change: comparison.change,
      interval: comparison.changeInterval,
      adjustedPValue: comparison.adjustedPValue,
      alpha,
      minEffect: comparison.minEffect,
      guards,
    });
    comparison.verdict = decided.verdict;
    comparison.reasons.push(...decided.reasons);
    if (decided.verdict === 'regression' || decided.verdict === 'improvement') comparison.decidedBy = 'pairs';
  }
  for (const { comparison, guards } of second) {
    const whole = comparison.wholeRun;
    if (whole === undefined || guards.length > 0) continue;
    if (comparison.verdict === 'regression' || comparison.verdict === 'improvement') continue;
    const decided = decideVerdict({
      metric: comparison.metric,
      change: whole.change,
      interval: whole.interval,
      adjustedPValue: whole.adjustedPValue,
      alpha,
      minEffect: comparison.minEffect,
      guards: [],
    });
    if (decided.verdict !== 'regression' && decided.verdict !== 'improvement') continue;
    comparison.verdict = decided.verdict;
    comparison.decidedBy = 'whole-run';
    comparison.reasons = [
      {
        kind: 'decided-by-whole-run',
        metric: comparison.metric,
        change: whole.change,
        adjustedPValue: whole.adjustedPValue ?? NaN,
        pairsChange: comparison.change,
      },
    ];
  }
  for (const { comparison, holds } of drafts) {
    const hold = holds?.find((candidate) => candidate.verdicts.includes(comparison.verdict));
    if (hold === undefined) continue;
    // A held "no change" keeps no "real but small": the hold says its interval cannot be trusted.
    comparison.reasons = [];
    comparison.verdict = 'inconclusive';
    delete comparison.decidedBy;
    comparison.reasons.push(hold.reason);
  }
  // A change judged against the configured runner-noise prior, not a spread measured on this
  // runner, fails the gate only when no runner PRIOR_ROBUSTNESS times as noisy as the prior could
  // have produced it: the prior is calibrated only while it is at least the runner's true noise
  // (twice as noisy a runner gave 11% false FAILs at the prior itself). Anything smaller is
  // reported and warned about, never failed.
  for (const draft of drafts) {
    const { comparison, priorOnly, robust } = draft;
    if (!priorOnly) continue;
    if (comparison.verdict !== 'regression' && comparison.verdict !== 'improvement') continue;
    const robustP = robustAdjusted.get(draft);
    if (robust !== undefined && robustP !== undefined) {
      const held = decideVerdict({
        metric: comparison.metric,
        change: comparison.change,
        interval: [toChange(comparison.metric, robust.interval[0]), toChange(comparison.metric, robust.interval[1])],
        adjustedPValue: robustP,
        alpha,
        minEffect: comparison.minEffect,
        guards: [],
      });
      if (held.verdict === comparison.verdict) {
        comparison.decidedBy = 'robust-prior';
        comparison.reasons.push({
          kind: 'robust-to-prior',
          metric: comparison.metric,
          change: comparison.change,
          direction: comparison.verdict,
          factor: robust.factor,
          noise: robust.noise,
          adjustedPValue: robustP,
        });
        continue;
      }
    }
    const reason: Extract<Reason, { kind: 'prior-only' }> = {
      kind: 'prior-only',
      metric: comparison.metric,
      change: comparison.change,
      direction: comparison.verdict,
      adjustedPValue: comparison.adjustedPValue ?? NaN,
    };
    if (robust !== undefined && robustP !== undefined)
      reason.robust = { factor: robust.factor, adjustedPValue: robustP };
    comparison.reasons.push(reason);
    delete comparison.decidedBy;
    comparison.verdict = 'inconclusive';
  }
  // A change beyond what any held-back reason can explain (gross-shift.ts) fails whatever held it
  // back: the generator's delay, other work, a runner noisier than the prior, a thin interval. Not
  // a change in the requests that succeeded, nor a baseline from another machine: those stay.
  for (const draft of drafts) {
    const { comparison, pairedGross } = draft;
    if (pairedGross !== undefined) comparison.pairedGrossRatio = pairedGross.ratio;
    if (pairedGross === undefined || comparison.verdict === 'regression') continue;
    if (draft.guards.some((guard) => guard.kind === 'population')) continue;
    comparison.verdict = 'regression';
    comparison.decidedBy = 'gross-shift';
    comparison.reasons = [
      {
        kind: 'gross-shift-paired',
        metric: comparison.metric,
        ratio: pairedGross.ratio,
        blocks: pairedGross.blocks,
        threshold: DUET_GROSS_RATIO,
      },
    ];
  }
  for (const draft of drafts) {
    const { comparison, gross } = draft;
    if (gross === undefined || comparison.verdict === 'regression') continue;
    if (draft.guards.some((guard) => guard.kind === 'population' || guard.kind === 'environment')) continue;
    const margin = grossShiftMargin(gross, alpha, family + padding);
    if (!(gross.logRatio > margin)) continue;
    comparison.verdict = 'regression';
    comparison.decidedBy = 'gross-shift';
    comparison.reasons = [
      {
        kind: 'gross-shift',
        metric: comparison.metric,
        change: Math.exp(gross.logRatio) - 1,
        margin: Math.exp(margin) - 1,
        factor: PRIOR_ROBUSTNESS,
        segments: gross.segments,
        of: gross.of,
        baselineMaxMs: gross.baselineMaxMs,
        currentBoundMs: gross.currentBoundMs,
      },
    ];
  }
}

/** The run-level step for one look of the run: every draft at the first look (or a run that was
 * never extended), at the look's share of α; at a later look only the drafts it tests again, in
 * the first look's family (src/core/compare/sequential.ts). */
export function decideLook(drafts: readonly Draft[], input: CompareInput): void {
  const look = input.look;
  const retest = look?.retest;
  const chosen = retest ? drafts.filter((draft) => retest(draft.comparison.scenario, draft.comparison.metric)) : drafts;
  decideRun(chosen, look?.alpha ?? input.compare.alpha, look?.padding);
}
