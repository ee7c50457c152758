// The history test: the current run against the prediction interval of the past baselines on
// this environment, since the last level shift in their series.
import {
  BAD_RUN_QN,
  findLastChange,
  MAX_HISTORY_READ,
  testAgainstHistory,
  type HistoryTest,
} from '../stats/history-test.js';
import { HISTORY_FLOOR_SHARE } from '../stats/variance-model.js';
import type { MetricComparison, Reason } from '../types/comparison.js';
import type { MetricName } from '../types/config.js';
import type { ScenarioResult } from '../types/results.js';
import type { RunContention } from '../contention.js';
import { contentionGuard, pastContention, populationGuard, tailGuard } from './guards.js';
import { generatorGuard } from './generator-bound.js';
import { historyValue, runnerNoise, scenarioValue, type Context, type Draft, type PastScenario } from './shared.js';

/** The past runs the test may use for this metric: those since the last level shift, with a note
 * when a shift cut the series. */
export function usableHistory(
  ctx: Context,
  metric: MetricName,
  history: PastScenario[],
  notes: string[],
): PastScenario[] {
  if (metric === 'error_rate') return [];
  const usable = distinctRuns(history.slice(0, MAX_HISTORY_READ)).filter((entry) => {
    const value = historyValue(entry, metric);
    return Number.isFinite(value) && value > 0;
  });
  const cut = findLastChange(
    usable.map((entry) => Math.log(historyValue(entry, metric))),
    { floor: historyFloor(ctx, metric) },
  );
  if (cut.changeAt !== undefined) {
    notes.push(
      `${metric}: the history shifts level ${cut.changeAt} runs back; only the ${cut.keep} newest runs are used.`,
    );
  }
  return usable.slice(0, cut.keep);
}

/** The same results saved twice are one run, not two: copies would shrink the history's spread
 * towards zero and make any difference look significant. */
function distinctRuns(history: PastScenario[]): PastScenario[] {
  const seen = new Set<string>();
  return history.filter((entry) => {
    const key = [entry.p50, entry.p90, entry.p95, entry.p99, entry.rps, entry.errorRate, entry.count].join('/');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Which past runs the history test left out as bad, so that a reader can find the slow runner:
 * one note for the metrics that left out the same number, not one per metric. */
function noteLeftOut(notes: string[], metric: MetricName, test: HistoryTest): void {
  const runs = test.left === 1 ? '1 past run lies' : `${test.left} past runs lie`;
  const text =
    `${runs} far from the other ${test.k - test.left} (more than ${BAD_RUN_QN}× their robust spread, Qn, from the median) ` +
    `and ${test.left === 1 ? 'is' : 'are'} left out of the history test as runs on a bad runner.`;
  const at = notes.findIndex((note) => note.endsWith(`: ${text}`));
  const existing = notes[at];
  if (existing === undefined) notes.push(`${metric}: ${text}`);
  else notes[at] = `${existing.slice(0, existing.length - text.length - 2)}, ${metric}: ${text}`;
}

function historyFloor(ctx: Context, metric: MetricName): number {
  return HISTORY_FLOOR_SHARE * runnerNoise(ctx.input.compare, metric);
}

/** The guards of the history test, then its draft. */
export function compareWithHistory(
  ctx: Context,
  metric: MetricName,
  current: ScenarioResult,
  used: PastScenario[],
  contention: RunContention,
  notes: string[] = [],
): Draft {
  const guards: Reason[] = [];
  const add = (guard: Reason | undefined): void => {
    if (guard !== undefined) guards.push(guard);
  };
  const fewest = Math.min(...used.map((entry) => entry.count * (1 - entry.errorRate)));
  add(
    tailGuard(metric, [
      { run: 'current', okRequests: current.requests.ok },
      { run: 'thinnest-past-run', okRequests: fewest },
    ]),
  );
  const pastErrorRate = used.reduce((sum, entry) => sum + entry.errorRate, 0) / used.length;
  add(populationGuard(metric, current.errorRate, pastErrorRate));
  const draft = fromHistory(ctx, metric, current, used, guards, notes);
  const pastP50 = Math.exp(used.reduce((sum, entry) => sum + Math.log(Math.max(entry.p50, 1e-9)), 0) / used.length);
  const past = pastContention(used, contention.cpuCount);
  add(
    generatorGuard({
      comparison: draft.comparison,
      current,
      contention: { current: contention, past },
    }),
  );
  add(
    contentionGuard({
      comparison: draft.comparison,
      current: contention,
      past,
      pastRun: 'past-runs',
      latencyMs: { past: pastP50, current: current.latencyMs.p50 },
    }),
  );
  return draft;
}

function fromHistory(
  ctx: Context,
  metric: MetricName,
  current: ScenarioResult,
  used: PastScenario[],
  guards: Reason[],
  notes: string[],
): Draft {
  const test = testAgainstHistory(
    Math.log(scenarioValue(current, metric)),
    used.map((entry) => Math.log(historyValue(entry, metric))),
    { floor: historyFloor(ctx, metric) },
  );
  if (test.left > 0) noteLeftOut(notes, metric, test);
  const comparison: MetricComparison = {
    scenario: current.name,
    metric,
    baseline: Math.exp(test.centre),
    current: scenarioValue(current, metric),
    change: Math.expm1(test.effect),
    changeInterval: [Math.expm1(test.interval[0]), Math.expm1(test.interval[1])],
    method: 'history',
    minEffect: ctx.input.compare.minEffect[metric],
    verdict: 'inconclusive',
    reasons: [],
  };
  if (Number.isFinite(test.pValue)) comparison.pValue = test.pValue;
  return { comparison, guards, power: { standardError: test.standardError, df: test.df } };
}
