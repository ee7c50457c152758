// The history test: the current run against the prediction interval of the past baselines on
// this environment, since the last level shift in their series.
import { findLastChange, testAgainstHistory } from '../stats/history-test.js';
import type { MetricComparison, MetricName, ScenarioResult } from '../types.js';
import { meanOtherCores, otherLoadGuard, populationGuard, saturationGuard, tailGuard } from './guards.js';
import { historyValue, scenarioValue, type Context, type Draft, type PastScenario } from './shared.js';

/** The past runs the test may use for this metric: those since the last level shift, with a note
 * when a shift cut the series. */
export function usableHistory(metric: MetricName, history: PastScenario[], notes: string[]): PastScenario[] {
  if (metric === 'error_rate') return [];
  const usable = history.filter((entry) => historyValue(entry, metric) > 0);
  const cut = findLastChange(usable.map((entry) => Math.log(historyValue(entry, metric))));
  if (cut.changeAt !== undefined) {
    notes.push(`${metric}: the history shifts level ${cut.changeAt} runs back; only the ${cut.keep} newest runs are used.`);
  }
  return usable.slice(0, cut.keep);
}

/** The guards of the history test, then its draft. */
export function compareWithHistory(ctx: Context, metric: MetricName, current: ScenarioResult, used: PastScenario[]): Draft {
  const guards: string[] = [];
  const add = (guard: string | undefined): void => {
    if (guard !== undefined) guards.push(guard);
  };
  const fewest = Math.min(...used.map((entry) => entry.count * (1 - entry.errorRate)));
  add(tailGuard(metric, [{ who: 'the current run', okRequests: current.requests.ok }, { who: 'the thinnest past run', okRequests: fewest }]));
  add(saturationGuard(current, 'the current run'));
  const pastErrorRate = used.reduce((sum, entry) => sum + entry.errorRate, 0) / used.length;
  add(populationGuard(metric, current.errorRate, pastErrorRate));
  const draft = fromHistory(ctx, metric, current, used, guards);
  add(otherLoadGuard(metric, draft.comparison.change, current.machine?.otherCores, meanOtherCores(used), 'the past runs'));
  return draft;
}

function fromHistory(
  ctx: Context,
  metric: MetricName,
  current: ScenarioResult,
  used: PastScenario[],
  guards: string[],
): Draft {
  const test = testAgainstHistory(
    Math.log(scenarioValue(current, metric)),
    used.map((entry) => Math.log(historyValue(entry, metric))),
  );
  const comparison: MetricComparison = {
    scenario: current.name,
    metric,
    baseline: Math.exp(test.centre),
    current: scenarioValue(current, metric),
    change: Math.expm1(test.effect),
    changeInterval: [Math.expm1(test.interval[0]), Math.expm1(test.interval[1])],
    pValue: test.pValue,
    method: 'history',
    minEffect: ctx.input.compare.minEffect[metric],
    minDetectableEffect: Math.expm1(4 * test.standardError),
    verdict: 'inconclusive',
    reasons: [],
  };
  return { comparison, guards };
}
