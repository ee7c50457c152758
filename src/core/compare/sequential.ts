// More data instead of a dead-end "inconclusive" (compare.extend; docs/design/statistics.md). A gate whose
// metric is undecided at the end of the planned window runs that scenario on, in at most
// EXTENSION_STEPS steps, and judges it again after each: a sequential test with a fixed number of
// looks. Looking again is what inflates false alarms under optional stopping, so each look spends
// its own, fixed share of the family's α, and the shares add up to α: whatever the looks have in
// common, P(any false regression) ≤ Σ P(one at look k) ≤ Σ α·share_k = α (a union bound over the
// looks; Bonferroni's, as Holm's is over the metrics). A later look tests, in the first look's family,
// what is not yet a change: a change is final, a "no change" gives way only to a change found later.
//
// This file holds the judgement over looks (compareSequential: pure, and the same on a results file
// judged again later, since the file records its looks) and the plan of the next step (which
// scenarios, for how long, and why), which the run's wiring (src/entry/run-impl.ts) acts on.
import { lookCount, resultsAtLook, runLookCount } from '../results/extend.js';
import { tQuantile } from '../stats/t-distribution.js';
import type { Comparison, MetricComparison, ScenarioComparison } from '../types/comparison.js';
import type { CompareConfig, Executor, MetricName } from '../types/config.js';
import type { Results, ScenarioResult } from '../types/results.js';
import { describeExtension, describeSingleLook, describeSpending } from './look-notes.js';
import { minEffectOnScale, type CompareInput } from './shared.js';
import {
  DATA_REASONS,
  detectFigure,
  dfExponent,
  grownDf,
  growthToDetect,
  mdeScaler,
  underpowered,
  whyNotDetect,
  PROCESS_SPREAD_WHY,
  spreadBound,
  standardErrorAt,
  withDetectNote,
  withResolvedDetect,
} from './more-data.js';

/** The planned window is look 0; a run may be extended this many times. Two steps: each adds
 * enough data to change a verdict (half the budget), and few looks keep each look's α large. */
export const EXTENSION_STEPS = 2;
/** A stored-mode run's planned window's share of α; the rest is split over the steps. Its latencies
 * carry the runner-noise prior or the history's spread, which more data does not shrink, so it is
 * decided at look 0 (with 10 tests its Holm threshold moves from 0.0050 to 0.0038). */
export const FIRST_LOOK_SHARE = 0.75;
/** An A/B look's share: the same for every look, since a run goes on until it sees compare.detect's
 * change and small changes are decided late (docs/design/statistics.md, "Why looking again stays
 * honest": at 2 planned standard errors found in 87% of a model's runs, against 60%). */
export const AB_LOOK_SHARE = 1 / (EXTENSION_STEPS + 1);
/** An A/B run that cannot look again tests at half of α. Its tests are calibrated (z sd ≈ 1), so
 * at all of α its one look called 1.2% of 1,000 synthetic duet A/A runs a regression, above the
 * gate's ≤ 1% per run (docs/design/statistics.md, "A run that cannot look again"). Not a run of
 * capacity searches alone: its one test per scenario is widened to a 0.75% one-sided test at all of
 * α (capacity.ts CAPACITY_BAD_TAIL; 0.87% of A/A runs at a true 10% noise), and half of α would
 * only take power from it. */
export const AB_SINGLE_LOOK_SHARE = 0.5;

/** The share of α of each look: one share for a run that cannot be extended. `capacityOnly`: an A/B
 * run of capacity scenarios alone, whose test holds itself to ≤ 1% per run at all of α. */
export function alphaShares(extendable: boolean, paired = false, capacityOnly = false): number[] {
  if (!extendable) return [paired && !capacityOnly ? AB_SINGLE_LOOK_SHARE : 1];
  if (paired) return Array.from({ length: EXTENSION_STEPS + 1 }, () => AB_LOOK_SHARE);
  const rest = (1 - FIRST_LOOK_SHARE) / EXTENSION_STEPS;
  return [FIRST_LOOK_SHARE, ...Array.from({ length: EXTENSION_STEPS }, () => rest)];
}

/** Whether a run of these scenarios could be extended at all: compare.extend asks for it and a
 * scenario's executor can go on in this mode. A run that cannot extend tests its one look at
 * alphaShares(false, …): all of α in stored mode, half of it in A/B mode. */
export function runCouldExtend(
  compare: Pick<CompareConfig, 'extend'>,
  executors: Executor[],
  paired: boolean,
): boolean {
  const extendable = paired ? AB_EXTENDABLE : STORED_EXTENDABLE;
  return extensionEnabled(compare) && executors.some((executor) => extendable.has(executor));
}

/** Whether a config asks for extensions at all (compare.extend with a budget above the window). */
export function extensionEnabled(compare: Pick<CompareConfig, 'extend'>): boolean {
  const extend = compare.extend;
  return extend !== undefined && ((extend.maxWindowFactor ?? 0) > 1 || (extend.maxWindowMs ?? 0) > 0);
}

// ------------------------------------------------------------------ the judgement over looks

function capacityOnly(results: Pick<Results, 'scenarios'>): boolean {
  return results.scenarios.length > 0 && results.scenarios.every((scenario) => scenario.executor === 'capacity');
}

const key = (scenario: string, metric: MetricName) => `${scenario}\u0000${metric}`;

/** Per metric, its tests in a judged look's Holm family (MetricComparison.outsideFamily): its own and a second. */
function familyOf(comparison: Comparison): Map<string, number> {
  const family = new Map<string, number>();
  for (const metric of comparison.scenarios.flatMap((scenario) => scenario.metrics)) {
    if (metric.pValue === undefined || metric.outsideFamily === true) continue;
    family.set(key(metric.scenario, metric.metric), 1 + (metric.wholeRun !== undefined ? 1 : 0));
  }
  return family;
}

function familySizeOf(comparison: Comparison): number {
  return [...familyOf(comparison).values()].reduce((n, tests) => n + tests, 0);
}

/** Final at its look; a no change is not: a real +15% stdlib head read +1.6% over 15 s (bench/ab/README.md). */
const settled = (metric: MetricComparison): boolean =>
  metric.verdict === 'regression' || metric.verdict === 'improvement';

/**
 * Judges every look of the run at its share of α and keeps, per metric, the verdict of the first
 * look that decided it (or of its last look). `compareAt` is the mode's comparison (paired, or
 * against the stored baseline) of one look.
 */
export function compareSequential(
  input: CompareInput,
  compareAt: (input: CompareInput) => Comparison,
  paired = false,
): Comparison {
  const looks = runLookCount(input.current);
  const shares = input.current.sequential?.alphaShares ?? alphaShares(looks > 1, paired, capacityOnly(input.current));
  if (looks === 1 && (shares[0] ?? 1) >= 1) return withDetectNote(compareAt(input), input.compare);
  const alpha = input.compare.alpha;
  const at = (look: number) => alpha * (shares[look] ?? 0);
  let result = compareAt({ ...input, current: resultsAtLook(input.current, 0), look: { alpha: at(0) } });
  if (result.mode === 'thresholds-only') return { ...result, current: input.current };
  const firstFamily = familyOf(result);
  if (looks > 1)
    result = {
      ...result,
      scenarios: result.scenarios.map((s) => ({ ...s, metrics: s.metrics.map((metric) => ({ ...metric, look: 0 })) })),
    };
  for (let look = 1; look < looks; look++) {
    const extended = new Set(input.current.scenarios.filter((s) => lookCount(s) > look).map((s) => s.name));
    const open = new Set(
      result.scenarios
        .filter((scenario) => extended.has(scenario.name))
        // A metric that cannot yet see compare.detect's change is judged again on more data too.
        .flatMap((scenario) =>
          scenario.metrics.filter((metric) => !settled(metric) || underpowered(metric, input.compare.detect)),
        )
        .map((metric) => key(metric.scenario, metric.metric)),
    );
    if (open.size === 0) continue;
    const padding = [...firstFamily].reduce((n, [name, tests]) => n + (open.has(name) ? 0 : tests), 0);
    const next = compareAt({
      ...input,
      current: resultsAtLook(input.current, look),
      look: { alpha: at(look), padding, retest: (scenario, metric) => open.has(key(scenario, metric)) },
    });
    result = { ...result, scenarios: result.scenarios.map((s) => takeLook(s, next, open, extended, look)) };
  }
  return withDetectNote(retally(result, input, shares), input.compare);
}

/** The scenario after `look`: its undecided metrics as that look judged them, its figures and
 * notes as they stood then. */
function takeLook(
  scenario: ScenarioComparison,
  next: Comparison,
  open: Set<string>,
  extended: Set<string>,
  look: number,
): ScenarioComparison {
  if (!extended.has(scenario.name)) return scenario;
  const later = next.scenarios.find((candidate) => candidate.name === scenario.name);
  if (later === undefined) return scenario;
  const metrics = scenario.metrics.map((metric) => {
    if (!open.has(key(metric.scenario, metric.metric))) return metric;
    const judged = later.metrics.find((candidate) => candidate.metric === metric.metric);
    // Less sure at a later look is no answer to a no change.
    if (judged === undefined || (metric.verdict === 'no change' && judged.verdict === 'inconclusive')) return metric;
    return { ...judged, look };
  });
  return { ...scenario, metrics, notes: later.notes };
}

function retally(result: Comparison, input: CompareInput, shares: number[]): Comparison {
  const metrics = result.scenarios.flatMap((scenario) => scenario.metrics);
  const regressions = metrics.filter((metric) => metric.verdict === 'regression');
  const improvements = metrics.filter((metric) => metric.verdict === 'improvement');
  // Each scenario shows all it measured; each metric keeps the figures of the look that judged it.
  const fullOf = (list: ScenarioResult[] | undefined, name: string) =>
    list?.find((candidate) => candidate.name === name);
  const scenarios = result.scenarios.map((scenario) => {
    const current = fullOf(input.current.scenarios, scenario.name) ?? scenario.current;
    const base = result.mode === 'ab' ? fullOf(input.current.ab?.base.scenarios, scenario.name) : undefined;
    const detect = input.compare.detect !== undefined;
    const extension = describeExtension(current, detect, scenario.metrics, input.current.scenarios);
    return {
      ...scenario,
      current,
      ...(base ? { baseline: base } : {}),
      notes: extension ? [extension, ...scenario.notes] : scenario.notes,
    };
  });
  const pairs = Math.max(
    0,
    ...scenarios.map((s) =>
      s.baseline && result.mode === 'ab' ? Math.min(s.current.segments.length, s.baseline.segments.length) : 0,
    ),
  );
  const notes = [...result.notes];
  const extendedNames = input.current.scenarios.filter((s) => lookCount(s) > 1).map((s) => s.name);
  let moreRoomWouldHelp = false;
  if (shares.length === 1 && (shares[0] ?? 1) < 1)
    notes.push(describeSingleLook(input.compare.alpha, shares[0] ?? 1, whyOneLook(input, result.mode === 'ab')));
  if (shares.length > 1) {
    const unextended =
      extendedNames.length > 0
        ? undefined
        : planExtension({
            comparison: { ...result, scenarios },
            results: input.current,
            compare: input.compare,
            look: 0,
          }).skipped;
    notes.push(describeSpending(input.compare.alpha, shares, unextended));
    // A larger budget helps a run that used its budget and is still undecided for lack of data, or
    // one that did not extend because the budget was too small; not one held back by the runner's
    // noise or by other work.
    moreRoomWouldHelp =
      unextended !== undefined
        ? unextended.some((skip) => skip.budget)
        : scenarios
            .filter((scenario) => extendedNames.includes(scenario.name))
            .some((scenario) =>
              scenario.metrics.some(
                (metric) =>
                  (metric.verdict === 'inconclusive' &&
                    metric.reasons.length > 0 &&
                    metric.reasons.every((reason) => DATA_REASONS.has(reason.kind))) ||
                  (underpowered(metric, input.compare.detect) &&
                    whyNotDetect(metric, result.mode === 'ab', input.compare.detect) === undefined),
              ),
            );
  }
  return {
    ...result,
    current: input.current,
    scenarios,
    regressions,
    improvements,
    verdict: result.breaches.length > 0 || regressions.length > 0 ? 'fail' : 'pass',
    ...(result.ab ? { ab: { ...result.ab, pairs } } : {}),
    sequential: { alphaShares: shares, looks: runLookCount(input.current), moreRoomWouldHelp },
    notes,
  };
}

/** What kept a run of one look from running on: the config, the executors, or the command (only
 * `perfgate gate` and the action extend; `perfgate run`, and load shards, record no shares). */
function whyOneLook(input: CompareInput, paired: boolean): string {
  if (!extensionEnabled(input.compare)) return "compare.extend's budget is the planned window";
  const executors = [...new Set(input.current.scenarios.map((scenario) => scenario.executor))];
  if (!runCouldExtend(input.compare, executors, paired))
    return `compare.extend does not run ${executors.join(' or ')} scenarios on`;
  return 'it was measured by `perfgate run` or in load shards, which do not run on as `perfgate gate` and the action do';
}

// ------------------------------------------------------------------ the plan of the next step

const STORED_EXTENDABLE = new Set<Executor>(['constant-vus', 'constant-arrival-rate']);
const AB_EXTENDABLE = new Set<Executor>([
  'constant-vus',
  'constant-arrival-rate',
  'ramping-vus',
  'ramping-arrival-rate',
]);

export interface ExtensionStep {
  scenario: string;
  /** Measured time the step adds (whole segments). */
  addMs: number;
  /** The metrics it is for, as `p95` (the scenario is implied). */
  undecided: string[];
  /** Those of them it is for because their MDE is above compare.detect's target. */
  detect?: string[];
}

export interface ExtensionPlan {
  steps: ExtensionStep[];
  /** Undecided metrics more data within the budget would not decide, with why: for the report.
   * `budget`: a larger compare.extend.maxDuration could decide it (the budget, not the kind of
   * uncertainty, is what stops it). */
  skipped: { scenario: string; metric: MetricName; why: string; budget: boolean }[];
}

/** The measured window a scenario may reach: its planned window times the factor, or the fixed
 * length; the larger when both are set. */
export function extensionBudgetMs(plannedMs: number, compare: Pick<CompareConfig, 'extend'>): number {
  const extend = compare.extend;
  if (extend === undefined) return plannedMs;
  return Math.max(plannedMs, plannedMs * (extend.maxWindowFactor ?? 0), extend.maxWindowMs ?? 0);
}

/** An even share of the budget past the planned window: one extension step, before its rounding
 * to whole segments. */
export function extensionShareMs(plannedMs: number, budgetMs: number): number {
  return (budgetMs - plannedMs) / EXTENSION_STEPS;
}

/** One step's length: an even share of the budget past the planned window, in whole segments. */
function stepMs(scenario: ScenarioResult, budgetMs: number): number {
  const plannedMs = scenario.extension?.looks[0]?.durationMs ?? scenario.durationMs;
  const segmentMs = scenario.segments[0]?.durationMs ?? 0;
  if (!(segmentMs > 0)) return 0;
  const share = extensionShareMs(plannedMs, budgetMs);
  const remaining = budgetMs - scenario.durationMs;
  const segments = Math.floor(Math.min(Math.ceil(share / segmentMs) * segmentMs, remaining) / segmentMs);
  return segments * segmentMs;
}

/** Which scenarios the next step extends, for how long and why, after `look` was judged as
 * `comparison`: one whose metric is inconclusive only for lack of data that the budget could
 * decide (its interval shrinking as 1/√n); none once the steps are spent. */
export function planExtension(input: {
  comparison: Comparison;
  results: Results;
  compare: CompareConfig;
  /** The look just judged (0: the planned window). */
  look: number;
}): ExtensionPlan {
  const { comparison, results, look } = input;
  const compare = withResolvedDetect(input.compare, comparison.mode === 'ab');
  const plan: ExtensionPlan = { steps: [], skipped: [] };
  if (look >= EXTENSION_STEPS || !extensionEnabled(compare)) return plan;
  if (results.interrupted || results.serviceExit || results.shard?.split === 'load') return plan;
  const paired = comparison.mode === 'ab';
  const shares = results.sequential?.alphaShares ?? alphaShares(true, paired);
  const lastAlpha = compare.alpha * (shares[EXTENSION_STEPS] ?? 0);
  const familySize = Math.max(1, familySizeOf(comparison));
  for (const scenario of comparison.scenarios) {
    const current = results.scenarios.find((candidate) => candidate.name === scenario.name);
    if (current === undefined || lookCount(current) !== look + 1) continue;
    const executors = paired ? AB_EXTENDABLE : STORED_EXTENDABLE;
    const open = scenario.metrics.filter((metric) => metric.verdict === 'inconclusive');
    const short = scenario.metrics.filter((metric) => underpowered(metric, compare.detect));
    if (open.length === 0 && short.length === 0) continue;
    if (!executors.has(current.executor) || current.capacity) {
      for (const metric of open)
        plan.skipped.push({
          scenario: scenario.name,
          metric: metric.metric,
          why: `a ${current.executor} scenario is not extended${paired ? '' : ' outside A/B mode'}`,
          budget: false,
        });
      continue;
    }
    const budgetMs = extensionBudgetMs(current.extension?.looks[0]?.durationMs ?? current.durationMs, compare);
    const fullStepMs = stepMs(current, budgetMs);
    if (fullStepMs <= 0) continue;
    const growth = budgetMs / current.durationMs;
    const undecided: string[] = [];
    // compare.detect: metrics to run on for until their MDE reaches the target, and the growth of
    // the data that would take them there.
    const detecting: string[] = [];
    let detectGrowth = 1;
    for (const metric of scenario.metrics) {
      if (metric.verdict === 'inconclusive') {
        const why = whyNotExtend(metric, {
          growth,
          lastAlpha,
          familySize,
          paired,
          dfExponent: dfExponent(comparison, metric),
        });
        if (why === undefined) {
          undecided.push(metric.metric);
          continue;
        }
        if (!underpowered(metric, compare.detect) || whyNotDetect(metric, paired, compare.detect) !== undefined) {
          plan.skipped.push({ scenario: scenario.name, metric: metric.metric, ...why });
          continue;
        }
      } else if (!underpowered(metric, compare.detect) || whyNotDetect(metric, paired, compare.detect) !== undefined)
        continue;
      const outOfReach = detectOutOfReach(metric, compare, growth, dfExponent(comparison, metric));
      if (outOfReach !== undefined) {
        if (metric.verdict === 'inconclusive')
          plan.skipped.push({ scenario: scenario.name, metric: metric.metric, why: outOfReach, budget: true });
        continue;
      }
      detecting.push(metric.metric);
      detectGrowth = Math.max(
        detectGrowth,
        growthToDetect(metric, compare, shares, look, dfExponent(comparison, metric)),
      );
    }
    if (undecided.length === 0 && detecting.length === 0) continue;
    // For a target alone the step is what the target needs (with a tenth to spare), within the
    // step's share of the budget; an undecided verdict takes the whole share.
    const segmentMs = current.segments[0]?.durationMs ?? fullStepMs;
    const neededMs = Math.max(
      segmentMs,
      Math.ceil(((detectGrowth * 1.1 - 1) * current.durationMs) / segmentMs) * segmentMs,
    );
    const addMs = undecided.length > 0 ? fullStepMs : Math.min(fullStepMs, neededMs);
    plan.steps.push({
      scenario: scenario.name,
      addMs,
      undecided: [...undecided, ...detecting],
      ...(detecting.length > 0 ? { detect: detecting } : {}),
    });
  }
  return plan;
}

/** A target is worth running on for while the whole budget would bring the MDE within this
 * factor of it: the near misses (a p95 that sees 16% where 10% is asked) gain from a longer
 * window, a tail that sees ±500% would only make the run twice as long to see ±350%. */
const DETECT_REACH = 1.5;

/** Why running on for compare.detect's target would not bring a metric near it within the
 * budget (`growth` times this look's data); undefined when it would. */
function detectOutOfReach(
  metric: MetricComparison,
  compare: CompareConfig,
  growth: number,
  exponent: number,
): string | undefined {
  const target = compare.detect?.[metric.metric];
  const atBudget = mdeScaler(metric, exponent)?.(growth);
  if (target === undefined || atBudget === undefined || !(atBudget > DETECT_REACH * target)) return undefined;
  return `its MDE would still be ${detectFigure(metric, atBudget)} at the budget, far from the ${detectFigure(metric, target)} it targets`;
}

/** How far beyond the estimate, in its standard errors now, the planner looks for a change the
 * budget could decide (0: the estimate as it stands, which found a change of 2 planned standard
 * errors in 60% of a model's runs; 1: 87%, bench/stats/look-shares.py). */
export const FUTILITY_SLACK = 1;

/** Why more data within the budget would not decide `metric`; undefined when it could. */
function whyNotExtend(
  metric: MetricComparison,
  context: { growth: number; lastAlpha: number; familySize: number; paired: boolean; dfExponent: number },
): { why: string; budget: boolean } | undefined {
  const blocking = metric.reasons.find((reason) => !DATA_REASONS.has(reason.kind));
  if (blocking !== undefined)
    return { why: `held back for a reason more data does not change (${blocking.kind})`, budget: false };
  const atBudget = (why: string) => ({ why, budget: true });
  const { growth } = context;
  for (const reason of metric.reasons) {
    if (reason.kind === 'too-few-pairs' && reason.pairs * growth < reason.needed)
      return atBudget('too few pairs even at the budget');
    if (reason.kind === 'too-few-segments' && reason.baseline < reason.needed)
      return { why: 'the baseline has too few segments, which no run of this one adds', budget: false };
    if (reason.kind === 'too-few-segments' && reason.current * growth < reason.needed)
      return atBudget('too few segments even at the budget');
    if (reason.kind === 'thin-tail') {
      const stored = (run: { run: string }) => !(run.run === 'current' || run.run === 'head' || run.run === 'base');
      if (reason.runs.some((run) => stored(run) && run.beyond < reason.needed))
        return {
          why: 'the baseline has too few requests beyond the percentile, which no run of this one adds',
          budget: false,
        };
      if (reason.runs.some((run) => !stored(run) && run.beyond * growth < reason.needed))
        return atBudget('too few requests beyond the percentile even at the budget');
    }
  }
  // Stored mode: a latency or rate test against one stored run carries the runner-noise prior,
  // which no amount of this run's data shrinks; a history test's scale is the past runs' spread.
  if (
    !context.paired &&
    metric.metric !== 'error_rate' &&
    (metric.method === 'bootstrap' || metric.method === 'history')
  ) {
    const onlyThin = metric.reasons.every(
      (reason) => reason.kind === 'thin-tail' || reason.kind === 'too-few-segments',
    );
    if (!onlyThin)
      return {
        why: 'its uncertainty is the run-to-run noise, which a longer run does not shrink (A/B mode does)',
        budget: false,
      };
  }
  if (metric.standardError === undefined || metric.df === undefined) return undefined;
  // The interval at the budget, if the estimate stays where it is: the standard error shrinks as
  // 1/√n (but for the processes' own offsets, compare.processes: standardErrorAt) and the degrees
  // of freedom grow with n (as n^⅔ for the duet block bootstrap; not at all for the processes':
  // dfExponent).
  const se = standardErrorAt(metric, growth)!;
  const df = grownDf(metric.df, growth, context.dfExponent);
  const effect = Math.abs(effectOf(metric));
  const minEffect = minEffectOnScale(metric.metric, metric.minEffect);
  const critical = tQuantile(1 - context.lastAlpha / (2 * context.familySize), df);
  // A real change that read small in the planned window by chance still gets the data to show.
  const reach = effect + FUTILITY_SLACK * metric.standardError;
  const couldDecide = reach >= minEffect && reach >= critical * se;
  const couldRuleOut = effect + tQuantile(0.975, df) * se < minEffect;
  if (couldDecide || couldRuleOut) return undefined;
  // What the budget would leave is mostly the processes' own offsets: more processes, not more time.
  if (spreadBound(metric, growth)) return { why: PROCESS_SPREAD_WHY, budget: false };
  return atBudget('the data the budget allows would still leave it undecided');
}

/** The change on the effect's scale (log ratio; points for the error rate). */
function effectOf(metric: MetricComparison): number {
  if (metric.metric === 'error_rate') return metric.change;
  return Math.log1p(metric.change);
}
