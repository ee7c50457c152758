// Compares a run with its baseline, metric by metric, as docs/design/statistics.md lays out: the history
// prediction-interval test when enough past runs share this environment (history.ts), otherwise a
// segment block bootstrap against the stored run (stored-run.ts), the open-model rate check for
// throughput (rate-check.ts); Holm over every test of the run; a verdict needing both significance
// and size (decide.ts), unless a guard (guards.ts) says the data cannot tell.
import { summarizeForHistory } from '../results/baseline.js';
import { scenarioOverSegments, selectSegments, summarizeContention } from '../contention.js';
import { MAX_HISTORY_READ } from '../stats/history-test.js';
import { PRIOR_ROBUSTNESS } from '../stats/variance-model.js';
import type { Comparison } from '../types/comparison.js';
import type { ScenarioResult } from '../types/results.js';
import { compareCapacity } from './capacity.js';
import { decideLook } from './decide.js';
import { compareWithHistory, usableHistory } from './history.js';
import { rateCheck } from './rate-check.js';
import {
  DEFAULT_REPLICATES,
  DEFAULT_SEED,
  compareScenarios,
  groupThresholds,
  OPEN_EXECUTORS,
  runnerNoise,
  scenarioValue,
  tallyVerdicts,
  type CompareInput,
  type Context,
  type Draft,
  type PastScenario,
} from './shared.js';
import { compareWithStoredRun, lazyBootstrap } from './stored-run.js';
import { grossShift } from './gross-shift.js';
import { LATENCY_PERCENTILES, type LatencyMetric } from '../stats/bootstrap.js';

export { decideVerdict, type VerdictInput } from './decide.js';
export { OTHER_LOAD_CHANGE_CORES } from './guards.js';
export { AB_MIN_EFFECT, comparePaired, MIN_PAIRS, minEffectFor } from './paired.js';
export { DEFAULT_REPLICATES, DEFAULT_SEED, MIN_TAIL_REQUESTS, RATE_SHORTFALL, type CompareInput } from './shared.js';

function compareScenario(
  ctx: Context,
  measured: ScenarioResult,
  measuredBase: ScenarioResult,
  notes: string[],
): Draft[] {
  const { compare } = ctx.input;
  const drafts: Draft[] = [];
  // Segments hit by a burst of competing work are left out of every test, and said so.
  const selection = { current: selectSegments(measured), base: selectSegments(measuredBase) };
  if (selection.current.reason) notes.push(`This run: ${selection.current.reason}`);
  if (selection.base.reason) notes.push(`The baseline: ${selection.base.reason}`);
  const current = scenarioOverSegments(measured, selection.current);
  const base = scenarioOverSegments(measuredBase, selection.base);
  const contention = {
    current: summarizeContention(measured, selection.current.kept),
    base: summarizeContention(measuredBase, selection.base.kept),
  };
  const bootstrapFor = lazyBootstrap(ctx, current, base);
  const history = ctx.pastRuns
    .map((entry) => entry.scenarios[current.name])
    .filter((entry): entry is PastScenario => entry !== undefined);
  const isOpen = OPEN_EXECUTORS.has(current.executor);
  if (current.capacity || base.capacity) {
    notes.push(
      'A capacity scenario is compared on its capacity alone: its latencies were measured at the rate each search found, and those rates differ.',
    );
    return compare.metrics.includes('capacity') ? [compareCapacity(ctx, current, base, history, notes)] : [];
  }

  const empty = [
    current.requests.ok === 0 ? 'the current run' : undefined,
    base.requests.ok === 0 ? 'the baseline' : undefined,
  ].filter((who): who is string => who !== undefined);
  if (empty.length > 0) {
    notes.push(
      `No request succeeded in ${empty.join(' nor in ')}: there is no latency to compare, so its latencies get no verdict and the error rate decides.`,
    );
  }
  for (const metric of compare.metrics) {
    if (metric === 'capacity') continue;
    // An empty histogram has no percentiles; a 0 ms "p95" compared with a real one would be a lie.
    if (empty.length > 0 && metric !== 'rps' && metric !== 'error_rate') continue;
    // Every iteration sends each step once: a step's rate is its flow's, judged there (a slower
    // step would otherwise show as a "regression" of every step's rps).
    if (metric === 'rps' && current.flow) continue;
    if (metric === 'rps' && isOpen) {
      drafts.push(rateCheck(ctx, measured, measuredBase));
      continue;
    }
    const used = usableHistory(ctx, metric, history, notes);
    const draft =
      used.length >= compare.minHistory && scenarioValue(current, metric) > 0
        ? compareWithHistory(ctx, metric, current, used, contention.current, notes)
        : compareWithStoredRun(ctx, metric, current, base, bootstrapFor(), contention);
    // Against the stored run itself, over every segment, the burst ones too: the baseline's show
    // what that much other work did to the old code (gross-shift.ts). Not across machines.
    if (metric in LATENCY_PERCENTILES && !ctx.environmentDiffers) {
      const gross = grossShift(metric as LatencyMetric, measured, measuredBase, runnerNoise(compare, metric));
      if (gross !== undefined) draft.gross = gross;
    }
    drafts.push(draft);
  }
  return drafts;
}

function thresholdsOnly(input: CompareInput): Comparison {
  const breaches = input.thresholds.filter((threshold) => !threshold.ok);
  return {
    verdict: breaches.length > 0 ? 'fail' : 'pass',
    mode: 'thresholds-only',
    baselineStatus: input.baselineStatus,
    current: input.current,
    scenarios: input.current.scenarios.map((scenario) => ({
      name: scenario.name,
      current: scenario,
      metrics: [],
      thresholds: groupThresholds(input.thresholds, scenario.name),
      notes: [],
    })),
    regressions: [],
    improvements: [],
    breaches,
    // The renderers describe the baseline's state from baselineStatus; a note here would say it twice.
    notes: [],
  };
}

export function compareRuns(input: CompareInput): Comparison {
  const { current, baseline, compare } = input;
  if (input.baselineStatus.kind !== 'ok' || baseline === undefined) {
    return thresholdsOnly(input);
  }
  const fingerprint = current.environment.fingerprint;
  const environmentDiffers = baseline.results.environment.fingerprint !== fingerprint;
  const pastRuns = [summarizeForHistory(baseline.results), ...baseline.history].filter(
    (entry) => entry.environmentFingerprint === fingerprint,
  );
  const ctx: Context = {
    input,
    baseline,
    environmentDiffers,
    pastRuns,
    seed: input.seed ?? DEFAULT_SEED,
    replicates: input.replicates ?? DEFAULT_REPLICATES,
  };
  const { scenarios, drafts, notes } = compareScenarios(
    current.scenarios,
    baseline.results.scenarios,
    input.thresholds,
    {
      newInCurrent: 'New in this run: the baseline has no such scenario, so it is judged on thresholds alone.',
      missing: (name) => `Scenario ${name} is in the baseline but not in this run: it was not compared.`,
    },
    (scenario, base, scenarioNotes) => compareScenario(ctx, scenario, base, scenarioNotes),
  );

  decideLook(drafts, input);

  const metrics = drafts.map((draft) => draft.comparison);
  const usedHistory = metrics.some((metric) => metric.method === 'history');
  if (usedHistory) {
    notes.push(
      `Compared with up to ${Math.min(pastRuns.length, MAX_HISTORY_READ)} past baselines on this environment (prediction interval on the log scale); the baseline values shown are their geometric mean. These metrics can fail the gate: their noise was measured on this runner.`,
    );
  }
  const priorOnly = metrics.filter((metric) => metric.method === 'bootstrap' || metric.method === 'bracket');
  if (priorOnly.length > 0) {
    notes.push(
      (pastRuns.length >= compare.minHistory
        ? `Some metrics have too little usable history (${[...new Set(priorOnly.map((metric) => metric.metric))].join(', ')}: fewer than the ${compare.minHistory} past runs the history test needs since their series last shifted level, see their notes): `
        : `There is too little history (${pastRuns.length} past run${pastRuns.length === 1 ? '' : 's'} on this environment, the history test needs ${compare.minHistory}): `) +
        `compared with the stored run alone: each run's own error comes from resampling its segments, and the runner-to-runner noise, which one stored run cannot show, from the configured prior (compare.runnerNoise). ` +
        `On the default prior a change in these metrics is a warning, with its interval and minimum detectable effect, and fails the gate only if it stays significant with a runner ${PRIOR_ROBUSTNESS}× as noisy as the prior (a change no runner noise explains); thresholds and the error rate fail as always. An A/B run (compare.mode: ab), ${compare.minHistory} default-branch runs, or a compare.runnerNoise set from a spread measured on this runner make them gate.`,
    );
  }
  if (environmentDiffers) {
    notes.push(
      `The baseline ran on another environment (fingerprint ${baseline.results.environment.fingerprint}, this run ${fingerprint}); comparisons with it are inconclusive.`,
    );
  }
  const summary: Comparison['baseline'] = {
    savedAt: baseline.savedAt,
    historyLength: baseline.history.length,
    environmentDiffers,
  };
  if (baseline.commit !== undefined) summary.commit = baseline.commit;
  return {
    ...tallyVerdicts(drafts, input.thresholds),
    mode: usedHistory ? 'history' : 'bootstrap',
    baselineStatus: input.baselineStatus,
    baseline: summary,
    current,
    scenarios,
    notes,
  };
}

/** Exit code of the gate: `regression` fails on a regression or a breached threshold, `threshold`
 * on a breached threshold only, `never` reports and passes. */
export function decideExit(comparison: Comparison, failOn: 'regression' | 'threshold' | 'never'): 0 | 1 {
  if (failOn === 'never') return 0;
  if (comparison.breaches.length > 0) return 1;
  // Accepted regressions (a label, a maintainer's comment) are reported, not failed.
  if (failOn === 'regression' && comparison.regressions.length > 0 && !comparison.accepted) return 1;
  return 0;
}
