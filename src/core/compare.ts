// Compares a run with its baseline, metric by metric, as /work/shared/STATISTICS.md lays out:
// the history prediction-interval test when enough past runs share this environment, otherwise a
// segment block bootstrap against the stored run with the minimum effect raised to the noise
// floor; Holm over every test of the run; a verdict needing both significance and size.
import { summarizeForHistory } from './baseline.js';
import { formatCount } from './report/format.js';
import {
  bootstrapTwoRuns,
  LATENCY_PERCENTILES,
  prepareRun,
  type BootstrapEffect,
  type TwoRunBootstrap,
} from './stats/bootstrap.js';
import { findLastChange, testAgainstHistory } from './stats/history-test.js';
import { adjustHolm } from './stats/holm.js';
import { deriveSeed } from './stats/prng.js';
import type {
  Baseline,
  BaselineStatus,
  CompareConfig,
  Comparison,
  HistoryEntry,
  MetricComparison,
  MetricName,
  Results,
  ScenarioComparison,
  ScenarioResult,
  ThresholdResult,
  Verdict,
} from './types.js';

export const DEFAULT_SEED = 0x5eed2024;
export const DEFAULT_REPLICATES = 2000;
/** Requests beyond a percentile that a tail estimate needs (so p99 needs 5,000 per run). */
export const MIN_TAIL_REQUESTS = 50;
/** Fewer segments than this cannot be block-resampled meaningfully. */
export const MIN_SEGMENTS = 4;
/** An open-model run that achieved less than this share of its intended rate fell short. */
export const RATE_SHORTFALL = 0.99;

const BAD_DIRECTION: Record<MetricName, 1 | -1> = { p50: 1, p90: 1, p95: 1, p99: 1, rps: -1, error_rate: 1 };
const OPEN_EXECUTORS = new Set(['constant-arrival-rate', 'ramping-arrival-rate']);

export interface CompareInput {
  current: Results;
  baseline?: Baseline;
  baselineStatus: BaselineStatus;
  compare: CompareConfig;
  thresholds: ThresholdResult[];
  seed?: number;
  /** Bootstrap replicates (default 2000). */
  replicates?: number;
}

// ------------------------------------------------------------------ formatting for reasons

function formatPercent(fraction: number, signed = true): string {
  const value = fraction * 100;
  const digits = Math.abs(value) >= 10 ? 0 : 1;
  const text = `${value.toFixed(digits)}%`;
  return signed && value > 0 ? `+${text}` : text;
}

function formatChange(metric: MetricName, change: number): string {
  if (metric === 'error_rate') return `${change >= 0 ? '+' : ''}${(change * 100).toFixed(2)} points`;
  return formatPercent(change);
}

// ------------------------------------------------------------------ verdict

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

// ------------------------------------------------------------------ guards

function scenarioValue(scenario: ScenarioResult, metric: MetricName): number {
  if (metric === 'rps') return scenario.rps;
  if (metric === 'error_rate') return scenario.errorRate;
  return scenario.latencyMs[metric];
}

function historyValue(entry: HistoryEntry['scenarios'][string], metric: MetricName): number {
  return metric === 'error_rate' ? entry.errorRate : entry[metric];
}

/** An error-rate move this large means the ok requests (whose latencies are measured) are no
 * longer the same population: a percentile's tail share, halved, capped at one point. */
function populationLimit(metric: MetricName): number | undefined {
  if (metric === 'error_rate') return undefined;
  if (metric === 'rps') return 0.01;
  return Math.min(0.01, (1 - LATENCY_PERCENTILES[metric] / 100) / 2);
}

/** One sentence for every run too thin in the metric's tail, so a reason is not said twice. */
function tailGuard(metric: MetricName, runs: { who: string; okRequests: number }[]): string | undefined {
  if (metric === 'rps' || metric === 'error_rate') return undefined;
  const share = 1 - LATENCY_PERCENTILES[metric] / 100;
  const thin = runs.map((run) => ({ who: run.who, beyond: run.okRequests * share })).filter((run) => run.beyond < MIN_TAIL_REQUESTS);
  if (thin.length === 0) return undefined;
  const where = thin.map((run) => `${formatCount(run.beyond)} in ${run.who}`).join(' and ');
  return `only ${where} were above ${metric} (a ${metric} needs ${MIN_TAIL_REQUESTS} requests beyond it, so ${formatCount(MIN_TAIL_REQUESTS / share)} per run)`;
}

function saturationGuard(scenario: ScenarioResult, who: string): string | undefined {
  if (!scenario.generator.saturated) return undefined;
  const why = scenario.generator.reasons.length > 0 ? `: ${scenario.generator.reasons.join('; ')}` : '';
  return `the load generator fell behind its schedule in ${who}${why}, so its latencies and rate describe the generator, not the service`;
}

/** A change in competing work (other processes, steal) between the runs larger than this many
 * cores makes their timings incomparable: on a 2-core runner a neighbour that took one core moved
 * p95 30-80% in our A/A runs. A difference, not a level, so that steady work outside perfgate's
 * view (a database in a container, say) does not silence every verdict. */
export const OTHER_LOAD_CHANGE_CORES = 0.25;

/**
 * Competing work slows whichever run it falls on, so it can explain a worse current run only when
 * the current run was the busier one, and a better one only when the past was.
 */
function otherLoadGuard(
  metric: MetricName,
  change: number,
  currentOther: number | undefined,
  pastOther: number | undefined,
  pastWho: string,
): string | undefined {
  if (metric === 'error_rate' || currentOther === undefined || pastOther === undefined) return undefined;
  const difference = currentOther - pastOther;
  if (Math.abs(difference) <= OTHER_LOAD_CHANGE_CORES) return undefined;
  const worse = metric === 'rps' ? change < 0 : change > 0;
  if (worse !== difference > 0) return undefined;
  return (
    `the machine was busier with other work during ${difference > 0 ? 'the current run' : pastWho} ` +
    `(${currentOther.toFixed(2)} cores outside perfgate and its services now, ${pastOther.toFixed(2)} in ${pastWho}), so this change cannot be told from that competition`
  );
}

/** The past runs' mean competing work, from those that measured it. */
function meanOtherCores(entries: HistoryEntry['scenarios'][string][]): number | undefined {
  const measured = entries.map((entry) => entry.otherCores).filter((cores): cores is number => cores !== undefined);
  return measured.length > 0 ? measured.reduce((sum, cores) => sum + cores, 0) / measured.length : undefined;
}

function populationGuard(metric: MetricName, currentRate: number, baselineRate: number): string | undefined {
  const limit = populationLimit(metric);
  if (limit === undefined || Math.abs(currentRate - baselineRate) < limit) return undefined;
  return `the error rate moved from ${formatPercent(baselineRate, false)} to ${formatPercent(currentRate, false)}, so the successful requests measured are not the same population`;
}

// ------------------------------------------------------------------ per-metric drafts

interface Draft {
  comparison: MetricComparison;
  guards: string[];
}

interface Context {
  input: CompareInput;
  baseline: Baseline;
  environmentDiffers: boolean;
  /** Past runs on the current environment, newest first (the stored run first when it matches). */
  pastRuns: HistoryEntry[];
  seed: number;
  replicates: number;
}

/** The noise floor on the log scale: a rise of `floor` or a fall of `floor`. */
function noiseMargin(floor: number): { up: number; down: number } {
  return { up: Math.log1p(floor), down: Math.log1p(-Math.min(floor, 0.99)) };
}

function toChange(metric: MetricName, effect: number): number {
  return metric === 'error_rate' ? effect : Math.expm1(effect);
}

function fromBootstrap(
  ctx: Context,
  metric: MetricName,
  current: ScenarioResult,
  base: ScenarioResult,
  boot: TwoRunBootstrap | undefined,
  guards: string[],
): Draft {
  const { compare } = ctx.input;
  const raised = metric === 'error_rate' ? compare.minEffect[metric] : Math.max(compare.minEffect[metric], compare.noiseFloor);
  const effect: BootstrapEffect | undefined = boot?.effects[metric];
  const comparison: MetricComparison = {
    scenario: current.name,
    metric,
    baseline: boot?.baseline[metric] ?? scenarioValue(base, metric),
    current: boot?.current[metric] ?? scenarioValue(current, metric),
    change: NaN,
    method: effect === undefined ? 'none' : 'bootstrap',
    minEffect: raised,
    verdict: 'inconclusive',
    reasons: [],
  };
  if (effect === undefined) {
    if (guards.length === 0) guards.push('no successful requests to measure in one of the runs');
    comparison.change = toChange(metric, effectOfValues(metric, comparison.current, comparison.baseline));
    return { comparison, guards };
  }
  comparison.change = toChange(metric, effect.effect);
  comparison.changeInterval = [toChange(metric, effect.interval[0]), toChange(metric, effect.interval[1])];
  comparison.pValue = effect.pValue;
  // The test is against the floor, so what this run can detect starts at the floor.
  const floor = metric === 'error_rate' ? 0 : Math.log1p(compare.noiseFloor);
  comparison.minDetectableEffect = toChange(metric, floor + 4 * effect.standardError);
  return { comparison, guards };
}

function effectOfValues(metric: MetricName, current: number, baseline: number): number {
  return metric === 'error_rate' ? current - baseline : Math.log(current / baseline);
}

function fromHistory(
  ctx: Context,
  metric: MetricName,
  current: ScenarioResult,
  used: HistoryEntry['scenarios'][string][],
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

function rateCheck(ctx: Context, current: ScenarioResult, base: ScenarioResult): Draft {
  const guards: string[] = [];
  const comparison: MetricComparison = {
    scenario: current.name,
    metric: 'rps',
    baseline: base.rps,
    current: current.rps,
    change: Math.expm1(Math.log(current.rps / base.rps)),
    method: 'rate-check',
    minEffect: ctx.input.compare.minEffect.rps,
    verdict: 'no change',
    reasons: [],
  };
  const rate = current.rate;
  if (rate === undefined || !(rate.intendedPerSec > 0)) {
    comparison.method = 'none';
    guards.push('an open-model run without an intended rate recorded: nothing to check the rate against');
    return { comparison, guards };
  }
  const share = rate.achievedPerSec / rate.intendedPerSec;
  if (share >= RATE_SHORTFALL) return { comparison, guards };
  const saturated =
    saturationGuard(current, 'the current run') ?? otherLoadGuard('rps', -1, current.machine?.otherCores, base.machine?.otherCores, 'the baseline');
  if (saturated !== undefined) {
    guards.push(`the achieved rate fell short (${formatPercent(share, false)} of ${formatCount(rate.intendedPerSec)} req/s) but ${saturated}`);
    return { comparison, guards };
  }
  const shortfall = `the service completed only ${formatPercent(share, false)} of the intended ${formatCount(rate.intendedPerSec)} req/s (${formatCount(rate.achievedPerSec)} req/s) while the generator kept its schedule`;
  const baseShare = base.rate !== undefined && base.rate.intendedPerSec > 0 ? base.rate.achievedPerSec / base.rate.intendedPerSec : 1;
  if (baseShare >= RATE_SHORTFALL) {
    comparison.verdict = 'regression';
    comparison.reasons.push(`${shortfall}: the service could not keep up, and the baseline did`);
    return { comparison, guards };
  }
  // Both runs hit the service's capacity, so the rate is now the service's, as in a closed model:
  // a failing gate needs the capacity to have fallen by more than the noise floor, since one
  // stored run says nothing of how much capacity varies between runners.
  comparison.reasons.push(`${shortfall}; the baseline fell short too (${formatPercent(baseShare, false)} of its intended rate), so the two capacities are compared`);
  const { noiseFloor } = ctx.input.compare;
  const minEffect = comparison.minEffect;
  if (comparison.change <= -noiseFloor) comparison.verdict = 'regression';
  else if (comparison.change >= noiseFloor) comparison.verdict = 'improvement';
  else if (Math.abs(comparison.change) < minEffect) comparison.verdict = 'no change';
  else {
    comparison.verdict = 'inconclusive';
    comparison.reasons.push(`a capacity change of ${formatPercent(comparison.change)}: beyond the ${formatPercent(minEffect, false)} minimum effect but within the ${formatPercent(noiseFloor, false)} noise floor`);
  }
  return { comparison, guards };
}

function compareScenario(ctx: Context, current: ScenarioResult, base: ScenarioResult, notes: string[]): Draft[] {
  const { compare } = ctx.input;
  const drafts: Draft[] = [];
  let boot: TwoRunBootstrap | undefined;
  let bootReady = false;
  const bootstrapFor = (): TwoRunBootstrap | undefined => {
    if (!bootReady) {
      bootReady = true;
      if (current.segments.length >= MIN_SEGMENTS && base.segments.length >= MIN_SEGMENTS) {
        boot = bootstrapTwoRuns(prepareRun(base.segments), prepareRun(current.segments), {
          replicates: ctx.replicates,
          seed: deriveSeed(ctx.seed, current.name),
          margin: noiseMargin(compare.noiseFloor),
        });
      }
    }
    return boot;
  };
  const history = ctx.pastRuns
    .map((entry) => entry.scenarios[current.name])
    .filter((entry): entry is HistoryEntry['scenarios'][string] => entry !== undefined);
  const isOpen = OPEN_EXECUTORS.has(current.executor);

  for (const metric of compare.metrics) {
    if (metric === 'rps' && isOpen) {
      const draft = rateCheck(ctx, current, base);
      drafts.push(draft);
      continue;
    }
    let used: HistoryEntry['scenarios'][string][] = [];
    if (metric !== 'error_rate') {
      const usable = history.filter((entry) => historyValue(entry, metric) > 0);
      const cut = findLastChange(usable.map((entry) => Math.log(historyValue(entry, metric))));
      used = usable.slice(0, cut.keep);
      if (cut.changeAt !== undefined) {
        notes.push(`${metric}: the history shifts level ${cut.changeAt} runs back; only the ${cut.keep} newest runs are used.`);
      }
    }
    const guards: string[] = [];
    const add = (guard: string | undefined): void => {
      if (guard !== undefined) guards.push(guard);
    };
    if (used.length >= compare.minHistory && scenarioValue(current, metric) > 0) {
      const fewest = Math.min(...used.map((entry) => entry.count * (1 - entry.errorRate)));
      add(tailGuard(metric, [{ who: 'the current run', okRequests: current.requests.ok }, { who: 'the thinnest past run', okRequests: fewest }]));
      add(saturationGuard(current, 'the current run'));
      const pastErrorRate = used.reduce((sum, entry) => sum + entry.errorRate, 0) / used.length;
      add(populationGuard(metric, current.errorRate, pastErrorRate));
      const draft = fromHistory(ctx, metric, current, used, guards);
      const busier = otherLoadGuard(metric, draft.comparison.change, current.machine?.otherCores, meanOtherCores(used), 'the past runs');
      if (busier !== undefined) draft.guards.push(busier);
      drafts.push(draft);
      continue;
    }
    if (current.segments.length < MIN_SEGMENTS || base.segments.length < MIN_SEGMENTS) {
      guards.push(`too few segments to resample (${current.segments.length} now, ${base.segments.length} in the baseline; needs ${MIN_SEGMENTS}): make the run longer or the segments shorter`);
    }
    add(tailGuard(metric, [{ who: 'the current run', okRequests: current.requests.ok }, { who: 'the baseline', okRequests: base.requests.ok }]));
    add(saturationGuard(current, 'the current run'));
    add(saturationGuard(base, 'the baseline'));
    add(populationGuard(metric, current.errorRate, base.errorRate));
    if (ctx.environmentDiffers) {
      guards.push(
        `the baseline ran on another environment (${ctx.baseline.results.environment.fingerprint} vs ${ctx.input.current.environment.fingerprint}): a runner difference can pass for a change`,
      );
    }
    const draft = fromBootstrap(ctx, metric, current, base, bootstrapFor(), guards);
    const busier = otherLoadGuard(metric, draft.comparison.change, current.machine?.otherCores, base.machine?.otherCores, 'the baseline');
    if (busier !== undefined) draft.guards.push(busier);
    drafts.push(draft);
  }
  return drafts;
}

// ------------------------------------------------------------------ the run

function groupThresholds(thresholds: ThresholdResult[], scenario: string): ThresholdResult[] {
  return thresholds.filter((threshold) => threshold.scenario === scenario);
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
  const notes: string[] = [];
  const scenarios: ScenarioComparison[] = [];
  const drafts: Draft[] = [];
  for (const scenario of current.scenarios) {
    const base = baseline.results.scenarios.find((candidate) => candidate.name === scenario.name);
    const scenarioNotes: string[] = [];
    const comparison: ScenarioComparison = {
      name: scenario.name,
      current: scenario,
      metrics: [],
      thresholds: groupThresholds(input.thresholds, scenario.name),
      notes: scenarioNotes,
    };
    if (base === undefined) {
      scenarioNotes.push('New in this run: the baseline has no such scenario, so it is judged on thresholds alone.');
    } else {
      comparison.baseline = base;
      const scenarioDrafts = compareScenario(ctx, scenario, base, scenarioNotes);
      drafts.push(...scenarioDrafts);
      comparison.metrics = scenarioDrafts.map((draft) => draft.comparison);
    }
    scenarios.push(comparison);
  }
  for (const base of baseline.results.scenarios) {
    if (!current.scenarios.some((scenario) => scenario.name === base.name)) {
      notes.push(`Scenario ${base.name} is in the baseline but not in this run: it was not compared.`);
    }
  }

  // Holm over every test of the run: all scenarios × metrics that produced a p-value.
  const tested = drafts.filter((draft) => draft.comparison.pValue !== undefined);
  const adjusted = adjustHolm(tested.map((draft) => draft.comparison.pValue ?? 1));
  tested.forEach((draft, i) => {
    draft.comparison.adjustedPValue = adjusted[i];
  });
  for (const { comparison, guards } of drafts) {
    if (comparison.method === 'rate-check') {
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
      alpha: compare.alpha,
      minEffect: comparison.minEffect,
      guards,
    });
    comparison.verdict = decided.verdict;
    comparison.reasons.push(...decided.reasons);
  }

  const metrics = drafts.map((draft) => draft.comparison);
  const usedHistory = metrics.some((metric) => metric.method === 'history');
  const usedBootstrap = metrics.filter((metric) => metric.method === 'bootstrap' && metric.metric !== 'error_rate');
  if (usedHistory) {
    notes.push(
      `Compared with up to ${pastRuns.length} past baselines on this environment (prediction interval on the log scale); the baseline values shown are their geometric mean.`,
    );
  }
  if (usedBootstrap.length > 0) {
    notes.push(
      `${usedHistory ? 'Some metrics have' : 'There is'} too little history (${pastRuns.length} past run${pastRuns.length === 1 ? '' : 's'} on this environment, the history test needs ${compare.minHistory}): ` +
        `compared with the stored run alone by segment block bootstrap. The evidence is weak, since runner-to-runner noise is not measured, so a change must be shown to exceed the ${formatPercent(compare.noiseFloor, false)} noise floor to count (its p-value tests a change beyond the floor, not any change).`,
    );
  }
  if (environmentDiffers) {
    notes.push(
      `The baseline ran on another environment (fingerprint ${baseline.results.environment.fingerprint}, this run ${fingerprint}); comparisons with it are inconclusive.`,
    );
  }
  const breaches = input.thresholds.filter((threshold) => !threshold.ok);
  const regressions = metrics.filter((metric) => metric.verdict === 'regression');
  const improvements = metrics.filter((metric) => metric.verdict === 'improvement');
  const summary: Comparison['baseline'] = { savedAt: baseline.savedAt, historyLength: baseline.history.length, environmentDiffers };
  if (baseline.commit !== undefined) summary.commit = baseline.commit;
  return {
    verdict: breaches.length > 0 || regressions.length > 0 ? 'fail' : 'pass',
    mode: usedHistory ? 'history' : 'bootstrap',
    baselineStatus: input.baselineStatus,
    baseline: summary,
    current,
    scenarios,
    regressions,
    improvements,
    breaches,
    notes,
  };
}

/** Exit code of the gate: `regression` fails on a regression or a breached threshold, `threshold`
 * on a breached threshold only, `never` reports and passes. */
export function decideExit(comparison: Comparison, failOn: 'regression' | 'threshold' | 'never'): 0 | 1 {
  if (failOn === 'never') return 0;
  if (comparison.breaches.length > 0) return 1;
  if (failOn === 'regression' && comparison.regressions.length > 0) return 1;
  return 0;
}
