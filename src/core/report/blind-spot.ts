// What a stored-mode comparison could not see: when the smallest change its tests could detect
// (the MDE) is above the minimum effect, a regression of the size the config cares about would
// pass unnoticed. One line says so and names the switch to A/B mode, which cancels the runner's
// noise that inflates the MDE (issue 17: the stored mode's MDE cannot fall below about +26% at
// p50 on a shared runner with no history).
import type { Comparison } from '../types/comparison.js';
import type { MetricName } from '../types/config.js';
import { formatMinEffect } from '../figures.js';
import { formatPercent } from './format.js';

/** At most this many metrics in the line: the worst ones. */
const MAX_METRICS = 3;

/** The one line, or undefined when the run is A/B, has nothing compared, or could see every minimum effect. */
export function describeBlindSpot(comparison: Comparison, abSwitch: string): string | undefined {
  if (comparison.mode === 'ab' || comparison.mode === 'thresholds-only') return undefined;
  const worst = new Map<MetricName, { mde: number; minEffect: number }>();
  for (const scenario of comparison.scenarios) {
    for (const metric of scenario.metrics) {
      const mde = metric.minDetectableEffect;
      if (mde === undefined || !Number.isFinite(mde) || mde <= metric.minEffect) continue;
      const seen = worst.get(metric.metric);
      if (!seen || mde > seen.mde) worst.set(metric.metric, { mde, minEffect: metric.minEffect });
    }
  }
  if (worst.size === 0) return undefined;
  const listed = [...worst.entries()]
    .sort((a, b) => b[1].mde / b[1].minEffect - a[1].mde / a[1].minEffect)
    .slice(0, MAX_METRICS)
    .map(
      ([metric, { mde, minEffect }]) =>
        `${metric} +${formatPercent(mde, 0)} (minimum effect ${formatMinEffect(metric, minEffect)})`,
    );
  return `Compared with the stored baseline, this run could only have seen changes of at least ${listed.join(', ')}: a smaller regression passes unnoticed. ${abSwitch} runs the PR's base beside the head on the same runner (A/B), which sees far smaller changes.`;
}
