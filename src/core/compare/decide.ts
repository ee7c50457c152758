// The verdict of one metric from its test: significance and size together, and the guards; and the
// run-level step every method shares (Holm over the run, each test's MDE, each verdict).
import { adjustHolm } from '../stats/holm.js';
import { minDetectableEffect } from '../stats/variance-model.js';
import type { MetricName } from '../types/config.js';
import type { Reason, Verdict } from '../types/comparison.js';
import { BAD_DIRECTION, magnitudeAsChange, minEffectOnScale, type Draft } from './shared.js';

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
 * Both significance (Holm-adjusted p ≤ α) and size (|change| ≥ minimum effect) make a regression
 * or an improvement; neither makes "no change". Only one of the two is "inconclusive" — except a
 * significant change whose whole interval lies inside ±minimum effect: that change is real but
 * too small to matter, which is "no change" (the config's promise: smaller changes are no change,
 * however significant). Any guard makes the verdict inconclusive whatever the numbers say.
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
  if (!significant && !large) return { verdict: 'no change', reasons: [] };
  if (significant) {
    if (interval !== undefined && interval[0] > -minEffect && interval[1] < minEffect) {
      return {
        verdict: 'no change',
        reasons: [{ kind: 'real-but-small', metric, change, adjustedPValue, minEffect }],
      };
    }
    return {
      verdict: 'inconclusive',
      reasons: [{ kind: 'below-min-effect', metric, change, adjustedPValue, minEffect }],
    };
  }
  return {
    verdict: 'inconclusive',
    reasons: [{ kind: 'not-significant', metric, change, adjustedPValue, alpha }],
  };
}

/**
 * The run-level step of every method: Holm over all scenario × metric tests of the run that
 * produced a p-value, each test's minimum detectable effect once the family's size is known, then
 * each verdict. Fills in the drafts' comparisons.
 */
export function decideRun(drafts: readonly Draft[], alpha: number): void {
  const tested = drafts.filter((draft) => draft.comparison.pValue !== undefined);
  const adjusted = adjustHolm(tested.map((draft) => draft.comparison.pValue ?? 1));
  tested.forEach((draft, i) => {
    const p = adjusted[i];
    if (p !== undefined && Number.isFinite(p)) draft.comparison.adjustedPValue = p;
  });
  for (const { comparison, power } of drafts) {
    if (power === undefined || !(power.standardError > 0)) continue;
    const mde = minDetectableEffect({
      standardError: power.standardError,
      df: power.df,
      alpha,
      tests: Math.max(1, tested.length),
      minEffect: minEffectOnScale(comparison.metric, comparison.minEffect),
    });
    if (Number.isFinite(mde)) comparison.minDetectableEffect = magnitudeAsChange(comparison.metric, mde);
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
  }
  for (const { comparison, holdNoChange } of drafts) {
    if (holdNoChange === undefined || comparison.verdict !== 'no change') continue;
    comparison.verdict = 'inconclusive';
    comparison.reasons.push(holdNoChange);
  }
}
