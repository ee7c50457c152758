// The verdict of one metric from its test: significance and size together, and the guards.
import type { MetricName, Verdict } from '../types.js';
import { BAD_DIRECTION, formatChange } from './shared.js';

export interface VerdictInput {
  metric: MetricName;
  change: number;
  interval?: [number, number];
  adjustedPValue?: number;
  alpha: number;
  minEffect: number;
  guards: string[];
}

/**
 * Both significance (Holm-adjusted p ≤ α) and size (|change| ≥ minimum effect) make a regression
 * or an improvement; neither makes "no change". Only one of the two is "inconclusive" — except a
 * significant change whose whole interval lies inside ±minimum effect: that change is real but
 * too small to matter, which is "no change" (the config's promise: smaller changes are no change,
 * however significant). Any guard makes the verdict inconclusive whatever the numbers say.
 */
export function decideVerdict(input: VerdictInput): { verdict: Verdict; reasons: string[] } {
  const { metric, change, interval, adjustedPValue, alpha, minEffect, guards } = input;
  if (guards.length > 0) return { verdict: 'inconclusive', reasons: [...guards] };
  if (adjustedPValue === undefined || !Number.isFinite(change)) {
    return { verdict: 'inconclusive', reasons: ['no test could be run on this metric'] };
  }
  const significant = adjustedPValue <= alpha;
  const large = Math.abs(change) >= minEffect;
  const p = `p = ${adjustedPValue.toPrecision(2)} after Holm`;
  if (significant && large) {
    return { verdict: Math.sign(change) === BAD_DIRECTION[metric] ? 'regression' : 'improvement', reasons: [] };
  }
  if (!significant && !large) return { verdict: 'no change', reasons: [] };
  if (significant) {
    if (interval !== undefined && interval[0] > -minEffect && interval[1] < minEffect) {
      return {
        verdict: 'no change',
        reasons: [`a real change of ${formatChange(metric, change)} (${p}), but its whole interval is within the ${formatChange(metric, minEffect).replace('+', '±')} that counts`],
      };
    }
    return {
      verdict: 'inconclusive',
      reasons: [`significant (${p}) but ${formatChange(metric, change)} is below the minimum effect of ${formatChange(metric, minEffect).replace('+', '')}, and the interval reaches past it`],
    };
  }
  return {
    verdict: 'inconclusive',
    reasons: [`a change of ${formatChange(metric, change)}, but not significant (${p} > ${alpha}): this run cannot tell it from noise`],
  };
}
