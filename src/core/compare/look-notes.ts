// The notes a judgement over looks adds to the report (compare.extend; src/core/compare/sequential.ts):
// how far a scenario ran past its window and why, and how the run spent α over its looks.
import { formatAlpha } from '../figures.js';
import type { MetricComparison } from '../types/comparison.js';
import type { ScenarioResult } from '../types/results.js';

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s`;
}

/** "Measured 6 s more than planned in 2 steps: p90 was undecided after the planned window, p95 after
 * step 1", and, where some rows come from an earlier look than the last, which seconds each row
 * shows: a row's p95 of 3.27 ms over the first 15 s beside a threshold's 3.47 ms over all 37.5 s
 * read as two measurements of one thing. */
export function describeExtension(
  scenario: ScenarioResult,
  detect = false,
  metrics: readonly Pick<MetricComparison, 'metric' | 'look'>[] = [],
  /** The run's results: a flow runs on as one, and its results that asked nothing name those that did. */
  results: readonly ScenarioResult[] = [],
): string | undefined {
  const looks = scenario.extension?.looks;
  if (looks === undefined || looks.length < 2) return undefined;
  const addedMs = looks[looks.length - 1]!.durationMs - looks[0]!.durationMs;
  // A flow and its steps run on together (compare/extension-runs.ts): one that asked for nothing
  // ran on for the flow's own metrics or another step's, which are named.
  const flowOf = (result: ScenarioResult): string => result.flow?.scenario ?? result.name;
  const together = results.filter((other) => other.name !== scenario.name && flowOf(other) === flowOf(scenario));
  const askedBy = (at: number): string =>
    together
      .flatMap((other) => {
        const undecided = other.extension?.looks[at]?.undecided ?? [];
        return undecided.length > 0 ? [`${other.name}'s ${undecided.join(', ')}`] : [];
      })
      .join(', ') || 'a metric';
  const why = looks
    .slice(1)
    .map(
      (look, step) =>
        `${(look.undecided ?? []).join(', ') || askedBy(step + 1)} ${step === 0 ? 'after the planned window' : `after step ${step}`}`,
    )
    .join('; ');
  const because = detect
    ? "a verdict was undecided for lack of data or a metric's MDE was above its compare.detect target"
    : 'a verdict was undecided for lack of data';
  return `Measured ${seconds(addedMs)} more than planned, in ${looks.length - 1} extension step${looks.length > 2 ? 's' : ''} (compare.extend), because ${because} (${why}). Each verdict comes from the look that reached it, tested at that look's share of α${describeRowWindows(looks, metrics)}.`;
}

function describeRowWindows(
  looks: readonly { durationMs: number }[],
  metrics: readonly Pick<MetricComparison, 'metric' | 'look'>[],
): string {
  const last = looks.length - 1;
  // A metric the planned window decided carries no look.
  const lookOf = (metric: Pick<MetricComparison, 'look'>): number => Math.min(metric.look ?? 0, last);
  if (!metrics.some((metric) => lookOf(metric) < last)) return '';
  const byLook = new Map<number, string[]>();
  // The reports' label (report/format.ts metricLabel sits a layer above this one).
  const label = (metric: Pick<MetricComparison, 'metric'>): string =>
    metric.metric === 'error_rate' ? 'error rate' : metric.metric;
  for (const metric of metrics) byLook.set(lookOf(metric), [...(byLook.get(lookOf(metric)) ?? []), label(metric)]);
  const whole = seconds(looks[last]!.durationMs);
  const windows = [...byLook]
    .sort(([a], [b]) => a - b)
    .map(
      ([look, names]) =>
        `${names.join(', ')} over ${look === last ? `all ${whole}` : `the first ${seconds(looks[look]!.durationMs)}`}`,
    )
    .join('; ');
  return `, and its row shows that look's values (${windows}); the thresholds and the details cover all ${whole}`;
}

/** `why`: what kept the run from being extended, as "compare.extend's budget is …". */
export function describeSingleLook(alpha: number, share: number, why: string): string {
  return `This run could not be extended (${why}), so its one look was tested at ${formatAlpha(alpha * share)} of α = ${formatAlpha(alpha)}: an A/B run that cannot look again is held to half of α, to keep its false regressions to the 1% per run the gate aims at.`;
}

/** `skipped`: for a run that was not extended, the undecided metrics and why more data would not
 * have decided them (none: every metric was decided). */
export function describeSpending(
  alpha: number,
  shares: number[],
  skipped: readonly { scenario: string; metric: string; why: string }[] | undefined,
): string {
  const parts = shares.map((share) => formatAlpha(alpha * share));
  if (skipped === undefined)
    return `Each look of this run was tested at its own share of α = ${formatAlpha(alpha)}: ${parts[0]} for the planned window, ${parts.slice(1).join(' and ')} for the extension steps (compare.extend), which together keep the run's false-alarm rate at α however often it looked again.`;
  const kept = `The planned window was tested at ${parts[0]} of α = ${formatAlpha(alpha)}: the rest is kept for the steps a run takes when a verdict is undecided for lack of data (compare.extend)`;
  if (skipped.length === 0) return `${kept}, which this run did not need.`;
  const byWhy = new Map<string, Map<string, string[]>>();
  for (const { scenario, metric, why } of skipped) {
    const scenarios = byWhy.get(why) ?? new Map<string, string[]>();
    scenarios.set(scenario, [...(scenarios.get(scenario) ?? []), metric]);
    byWhy.set(why, scenarios);
  }
  const whys = [...byWhy]
    .map(
      ([why, scenarios]) =>
        `${[...scenarios].map(([scenario, metrics]) => `${scenario} ${metrics.join(', ')}`).join('; ')}: ${why}`,
    )
    .join('; ');
  return `${kept}. This run did not take them: no more data within its budget would have decided what was undecided (${whys}).`;
}
