// What more data can do, for the judgement over looks (sequential.ts) and compare.detect: the
// reasons a longer window removes, and whether a metric whose MDE is above its compare.detect
// target would reach it with more data, with how much (docs/statistics.md "Sizing a run").
import { tQuantile } from '../stats/t-distribution.js';
import type { Comparison, MetricComparison, Reason } from '../types/comparison.js';
import type { CompareConfig } from '../types/config.js';

/** Inconclusive for lack of data: reasons that a longer window can remove. Anything else (the
 * generator fell behind, other work, the error mix, another environment, the prior) it cannot. */
export const DATA_REASONS = new Set<Reason['kind']>([
  'not-significant',
  'interval-past-min-effect',
  'below-min-effect',
  'too-few-pairs',
  'too-few-segments',
  'thin-tail',
]);

/** compare.detect's target for a metric, when the config sets one. */
function detectTarget(metric: MetricComparison, detect: CompareConfig['detect']): number | undefined {
  return detect?.[metric.metric];
}

/**
 * A metric whose MDE is above compare.detect's target and whose verdict more data could still
 * sharpen: a regression or an improvement is decided (and final), whatever its MDE.
 */
export function underpowered(metric: MetricComparison, detect: CompareConfig['detect']): boolean {
  const target = detectTarget(metric, detect);
  const mde = metric.minDetectableEffect;
  if (target === undefined || mde === undefined || !Number.isFinite(mde)) return false;
  return metric.verdict !== 'regression' && metric.verdict !== 'improvement' && mde > target;
}

/** "p50 of api ±7.1% (target 5%)" for every metric that did not reach compare.detect. */
export function withDetectNote(comparison: Comparison, compare: Pick<CompareConfig, 'detect'>): Comparison {
  if (compare.detect === undefined || comparison.mode === 'thresholds-only') return comparison;
  const metrics = comparison.scenarios.flatMap((scenario) => scenario.metrics);
  const targeted = metrics.filter((metric) => detectTarget(metric, compare.detect) !== undefined);
  if (targeted.length === 0) return comparison;
  const short = targeted.filter((metric) => underpowered(metric, compare.detect));
  const percent = (metric: MetricComparison, x: number) =>
    metric.metric === 'error_rate' ? `${(x * 100).toFixed(2)} points` : `${Number((x * 100).toPrecision(2))}%`;
  const note =
    short.length === 0
      ? `compare.detect: every targeted metric could see its change (MDE at or below the target).`
      : `compare.detect: ${short
          .map(
            (metric) =>
              `${metric.metric} of ${metric.scenario} could see ±${percent(metric, metric.minDetectableEffect!)}, not the ${percent(metric, detectTarget(metric, compare.detect)!)} it targets`,
          )
          .join(
            '; ',
          )}. A longer window or a larger compare.extend.maxDuration sees more (\`perfgate plan\` on these results says how long).`;
  return { ...comparison, notes: [...comparison.notes, note] };
}

/** Why more data would not bring a metric's MDE down to compare.detect's target; undefined when
 * it would. */
export function whyNotDetect(
  metric: MetricComparison,
  paired: boolean,
  detect?: CompareConfig['detect'],
): string | undefined {
  const target = detect?.[metric.metric];
  if (target !== undefined && target <= metric.minEffect)
    return 'its compare.detect target is not above its minimum effect, which a change must reach to be called';
  const blocking = metric.reasons.find((reason) => !DATA_REASONS.has(reason.kind) && reason.kind !== 'real-but-small');
  if (blocking !== undefined) return `held back for a reason more data does not change (${blocking.kind})`;
  if (!paired && metric.metric !== 'error_rate' && (metric.method === 'bootstrap' || metric.method === 'history'))
    return 'its MDE is the run-to-run noise, which a longer run does not shrink (A/B mode does)';
  if (metric.standardError === undefined) return 'no standard error to scale';
  return undefined;
}

/**
 * How many times this look's data a metric needs for its MDE to reach compare.detect's target at
 * the next look: the standard error scales as 1/√n, the degrees of freedom grow with n, and the
 * next look tests at its own (smaller) share of α. Solved by a few fixed-point steps.
 */
export function growthToDetect(
  metric: MetricComparison,
  compare: CompareConfig,
  shares: number[],
  look: number,
  familySize: number,
): number {
  const target = detectTarget(metric, compare.detect);
  const mde = metric.minDetectableEffect;
  if (target === undefined || mde === undefined || !(target > 0)) return 1;
  const df = metric.df ?? 1000;
  // MDE = (critical t + power t) × standard error, as the comparison computes it.
  const factor = (share: number, atDf: number) =>
    tQuantile(1 - (compare.alpha * share) / (2 * familySize), atDf) + tQuantile(0.8, atDf);
  const now = factor(shares[look] ?? 1, df);
  const nextShare = shares[look + 1] ?? shares[look] ?? 1;
  // The MDE at `growth` times the data falls as the growth rises: bisect for the target.
  const mdeAt = (growth: number) => (mde * factor(nextShare, df * growth)) / now / Math.sqrt(growth);
  let low = 1;
  let high = 1;
  while (mdeAt(high) > target && high < MAX_DETECT_GROWTH) high *= 2;
  if (mdeAt(high) > target) return high;
  for (let i = 0; i < 30; i++) {
    const mid = (low + high) / 2;
    if (mdeAt(mid) > target) low = mid;
    else high = mid;
  }
  return high;
}

/** Past this many times the data, a target is out of any budget's reach: the step takes its share. */
const MAX_DETECT_GROWTH = 1024;
