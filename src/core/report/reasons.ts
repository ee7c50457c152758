// Why verdicts were held back, in words, said once. src/core/compare gives each metric typed
// reasons (kind and numbers); describeReason is the one place they become sentences. The same
// sentence often holds for several metrics of a scenario, or for every scenario of a run (a busy
// runner, a saturated generator): reports group identical sentences and name the metrics they
// affect.
import { describeCapacityLimit } from './capacity.js';
import type { Comparison, MetricComparison, Reason, RunRole } from '../types/comparison.js';
import type { MetricName } from '../types/config.js';
import { formatCount, formatFixed, formatMs, formatPValue, metricLabel, sortByMetricOrder } from './format.js';
import { remediesFor } from './remedies.js';
import { formatAlpha, formatMinEffect } from '../figures.js';

const RUN_WORDS: Record<RunRole, string> = {
  current: 'the current run',
  baseline: 'the baseline',
  'past-runs': 'the past runs',
  'thinnest-past-run': 'the thinnest past run',
  head: 'the head',
  base: 'the base',
};

/** A share or change as the reasons quote it: whole percent from 10% up, one decimal below. */
function reasonPercent(fraction: number, signed = true): string {
  const value = fraction * 100;
  const digits = Math.abs(value) >= 10 ? 0 : 1;
  const text = `${value.toFixed(digits)}%`;
  return signed && value > 0 ? `+${text}` : text;
}

function share(fraction: number): string {
  return reasonPercent(fraction, false);
}

function reasonChange(metric: MetricName, change: number): string {
  if (metric === 'error_rate') return `${change >= 0 ? '+' : ''}${(change * 100).toFixed(2)} points`;
  return reasonPercent(change);
}

function capacityRate(ratePerSec: number): string {
  return `${Number(ratePerSec.toPrecision(4))}/s`;
}

/** One reason in words, as every report shows it. */
export function describeReason(reason: Reason): string {
  switch (reason.kind) {
    case 'no-test':
      return 'no test could be run on this metric';
    case 'no-successful-requests':
      return 'no successful requests to measure in one of the runs';
    case 'nothing-to-pair':
      return 'fewer than 2 pairs had successful requests in both variants: nothing to pair';
    case 'too-few-segments':
      return `too few segments to resample (${reason.current} now, ${reason.baseline} in the baseline; needs ${reason.needed}): make the run longer or the segments shorter`;
    case 'too-few-pairs':
      return `too few segment pairs (${reason.pairs}; the paired test needs ${reason.needed}): make the run longer or the segments shorter`;
    case 'thin-tail': {
      const where = reason.runs.map((run) => `${formatCount(run.beyond)} in ${RUN_WORDS[run.run]}`).join(' and ');
      return `only ${where} were above ${reason.metric} (a ${reason.metric} needs ${reason.needed} requests beyond it, so ${formatCount(reason.needed / reason.share)} per run)`;
    }
    case 'generator-behind': {
      const why = reason.details.length > 0 ? `: ${reason.details.join('; ')}` : '';
      return `the load generator fell behind its schedule in ${RUN_WORDS[reason.run]}${why}, so its latencies and rate describe the generator, not the service`;
    }
    case 'other-load':
      return (
        `the machine was busier with other work during ${RUN_WORDS[reason.busier]} ` +
        `(${reason.currentCores.toFixed(2)} cores outside perfgate and its services now, ${reason.pastCores.toFixed(2)} in ${RUN_WORDS[reason.past]}), so this change cannot be told from that competition`
      );
    case 'contention': {
      const parts: string[] = [];
      if (reason.moreCores !== undefined)
        parts.push(`${reason.moreCores.toFixed(2)} more cores of competing work (other processes, steal)`);
      if (reason.moreLoopDelayMs !== undefined)
        parts.push(`${reason.moreLoopDelayMs.toFixed(1)} ms more event-loop delay in the generator`);
      const signed = `${reason.explainable >= 0 ? '+' : ''}${(reason.explainable * 100).toFixed(0)}%`;
      return `${RUN_WORDS[reason.busier]} had ${parts.join(' and ')}, which can explain a change of up to ${signed} in ${reason.metric}; this change is within that, so it cannot be told from the competition`;
    }
    case 'population':
      return `the error rate moved from ${share(reason.from)} to ${share(reason.to)}, so the successful requests measured are not the same population`;
    case 'environment':
      return `the baseline ran on another environment (${reason.baseline} vs ${reason.current}): a runner difference can pass for a change`;
    case 'real-but-small':
      return `a real change of ${reasonChange(reason.metric, reason.change)} (${holm(reason.adjustedPValue)}), but its whole interval is within the ${`±${formatMinEffect(reason.metric, reason.minEffect)}`} that counts`;
    case 'below-min-effect':
      return `significant (${holm(reason.adjustedPValue)}) but ${reasonChange(reason.metric, reason.change)} is below the minimum effect of ${formatMinEffect(reason.metric, reason.minEffect)}, and the interval reaches past it`;
    case 'not-significant':
      return `a change of ${reasonChange(reason.metric, reason.change)}, but not significant (${holm(reason.adjustedPValue)} > ${formatAlpha(reason.alpha)}): this run cannot tell it from noise`;
    case 'interval-past-min-effect':
      return `a change of ${reasonChange(reason.metric, reason.change)} (${holm(reason.adjustedPValue)}), but its interval (${reasonChange(reason.metric, reason.interval[0])} to ${reasonChange(reason.metric, reason.interval[1])}) reaches past the ${`±${formatMinEffect(reason.metric, reason.minEffect)}`} that counts: this run cannot rule out a change that matters`;
    case 'prior-only': {
      const robust =
        reason.robust === undefined
          ? ''
          : ` (it would ${reason.direction === 'regression' ? 'fail the gate' : 'count'} if it stayed significant with a runner ${reason.robust.factor}× as noisy as the prior; there ${holm(reason.robust.adjustedPValue)})`;
      return `${reason.direction === 'regression' ? 'a regression' : 'an improvement'} of ${reasonChange(reason.metric, reason.change)} (${holm(reason.adjustedPValue)}) judged against the configured runner-noise prior (compare.runnerNoise), not a spread measured on this runner: a warning, not a failed gate${robust}, until the baseline carries enough past runs (compare.minHistory) or an A/B run measures the noise`;
    }
    case 'robust-to-prior':
      return `${reasonChange(reason.metric, reason.change)} stays significant (${holm(reason.adjustedPValue)}) even if this runner were ${reason.factor}× noisier than the runner-noise prior (a run-to-run sd of ${share(reason.noise)} for ${reason.metric}, compare.runnerNoise): no runner noise explains it, so it ${reason.direction === 'regression' ? 'fails the gate' : 'counts'} without a measured spread`;
    case 'gross-shift':
      return `${reason.metric} is ${reasonChange(reason.metric, reason.change)} or more even at the least this run can have measured: in ${formatCount(reason.segments)} of its ${formatCount(reason.of)} segments (those with no more other work than the baseline's busiest), taking off the most the load generator's delay can add, the median is ${formatMs(reason.currentBoundMs)} against ${formatMs(reason.baselineMaxMs)} in the baseline's slowest segment, beyond the ${share(reason.margin)} a runner ${reason.factor}× as noisy as the prior could add: neither the generator, the other work nor runner noise explains it, so it fails the gate`;
    case 'not-reproduced': {
      const p = reason.confirmPValue === undefined ? '' : ` (p ${formatPValue(reason.confirmPValue)})`;
      return `${reasonChange(reason.metric, reason.change)} in this pair of processes, but ${reasonChange(reason.metric, reason.confirmChange)}${p} in a second pair, head and base booted afresh and measured again, where ${reason.improvement ? 'an improvement' : 'a regression'} needed p ≤ ${formatAlpha(reason.alpha)} and at least ${formatMinEffect(reason.metric, reason.minEffect)}: the first reading is likely the two processes', not the builds' (compare.confirm)`;
    }
    case 'gross-shift-paired':
      return `in three quarters of the ${formatCount(reason.blocks)} time blocks the head's ${reason.metric} was at least ${formatFixed(reason.ratio, 2)}× the base's, measured at the same instants through the same generator (at least ${formatFixed(reason.threshold, 1)}× in three quarters of the blocks fails the gate, whatever the test's interval: no A/A run came near it)`;
    case 'no-intended-rate':
      return 'an open-model run without an intended rate recorded: nothing to check the rate against';
    case 'rate-short-explained':
      return `the achieved rate fell short (${share(reason.share)} of ${formatCount(reason.intendedPerSec)} req/s) but ${describeReason(reason.cause)}`;
    case 'rate-short-explained-paired':
      return `the achieved rate fell short (${share(reason.headShare)} of the intended rate in the head, ${share(reason.baseShare)} in the base) but ${describeReason(reason.cause)}`;
    case 'service-fell-behind': {
      const shortfall = `the service completed only ${share(reason.share)} of the intended ${formatCount(reason.intendedPerSec)} req/s (${formatCount(reason.achievedPerSec)} req/s) while the generator kept its schedule`;
      return reason.baselineShare === undefined
        ? `${shortfall}: the service could not keep up, and the baseline did`
        : `${shortfall}; the baseline fell short too (${share(reason.baselineShare)} of its intended rate), so the two capacities are compared`;
    }
    case 'head-fell-behind':
      return (
        `the head completed only ${share(reason.headShare)} of the intended ${formatCount(reason.intendedPerSec)} req/s while the base kept ${share(reason.baseShare)} on the same runner ` +
        `(the head fell more than 1% behind the base in ${reason.behindPairs} of ${reason.pairs} pairs): the head could not keep up`
      );
    case 'head-kept-up':
      return `the head kept ${share(reason.headShare)} of the intended ${formatCount(reason.intendedPerSec)} req/s where the base managed only ${share(reason.baseShare)}`;
    case 'both-fell-behind-paired':
      return `both fell short of the intended ${formatCount(reason.intendedPerSec)} req/s (head ${share(reason.headShare)}, base ${share(reason.baseShare)}), so their capacities are compared pair by pair`;
    case 'too-few-pairs-for-capacities':
      return 'fewer than 2 pairs to compare the capacities on';
    case 'shared-lag':
      return 'the load generator fell behind in this duet: the delay is in both variants and dilutes any change towards zero, so "no change" cannot be told from a smaller reading of a real one';
    case 'shared-burst':
      return `a burst of competing work hit ${reason.hit} of the ${reason.blocks} blocks this duet kept (no more than half of its blocks are left out) and slowed both variants alike there, which dilutes a change towards zero: read as undiluted, the interval reaches past the minimum effect, so "no change" cannot be told from a smaller reading of a real one`;
    case 'whole-run-disagrees':
      return `the whole-run values differ by ${reasonPercent(reason.change)}, outside the pairs' interval: a few segments, which the trimmed mean leaves out, differ much more than the rest (stalls in one variant?)`;
    case 'decided-by-whole-run':
      return `the whole-run value changed ${reasonChange(reason.metric, reason.change)} (jackknife over the pairs, ${holm(reason.adjustedPValue)}), which decided: the pairs' trimmed mean (${reasonChange(reason.metric, reason.pairsChange)}) leaves out a change that a few segments carry`;
    case 'no-capacity-search':
      return `${reason.run === 'baseline' ? 'the baseline' : 'this run'} has no capacity search for this scenario (another executor): nothing to compare`;
    case 'capacity-below-bound':
      return `the current capacity is below ${capacityRate(reason.currentBound)} (${describeCapacityLimit(reason.current)}), the baseline's at least ${capacityRate(reason.baselineBound)}: compared at those bounds`;
    case 'capacity-above-bound':
      return `the current capacity is at least ${capacityRate(reason.currentBound)}, the baseline's below ${capacityRate(reason.baselineBound)} (${describeCapacityLimit(reason.baseline)}): compared at those bounds`;
    case 'capacity-bounds-overlap': {
      const open = [
        reason.current ? `this run: ${describeCapacityLimit(reason.current)}` : undefined,
        reason.baseline ? `the baseline: ${describeCapacityLimit(reason.baseline)}` : undefined,
      ].filter((text): text is string => text !== undefined);
      return `the capacity is only bounded, not measured (${open.join('; ')}), and the bounds overlap`;
    }
    case 'capacity-search-noise':
      return reason.source === 'repeats'
        ? `search-to-search noise measured in this run: sd ${share(reason.sd)} of ln(capacity) over ${reason.searches} searches (repeated brackets, ${reason.df} degrees of freedom, a t test); the interval shown is widened to hold this metric to 0.75% false regressions, in effect a 98.5% interval rather than 95%`
        : `search-to-search noise assumed, not measured: no search could be repeated (a bracket left open or cut short), so the prior sd of ${share(reason.sd)} was used`;
  }
}

function holm(adjustedPValue: number): string {
  return `p = ${adjustedPValue.toPrecision(2)} after Holm`;
}

/** What an inconclusive metric without a stated reason means. */
export const DEFAULT_INCONCLUSIVE_REASON = 'significance and effect size disagree';

export interface ReasonGroup {
  /** 1-based, in the order the groups are listed: reports refer to a reason by it. */
  number: number;
  reason: string;
  /** Undefined when the reason holds in every scenario that has one (a run-wide reason). */
  scenario?: string;
  /** The metrics it affects; for a run-wide reason, the union over scenarios. */
  metrics: MetricName[];
  /** For a run-wide reason: how many scenarios it affects. */
  scenarioCount: number;
  /** A reason held in several scenarios but not all: each with its metrics, so that it is said
   * once rather than once per scenario. */
  parts?: { scenario: string; metrics: MetricName[] }[];
}

export interface GroupedReasons {
  groups: ReasonGroup[];
  /** What the user can do about them (remediesFor). */
  remedies: string[];
  /** The groups that affect a scenario, run-wide ones first. */
  forScenario(name: string): ReasonGroup[];
  /** A metric's reasons in the words its groups use (reasonsOf, with crowded ones shortened). */
  textsOf(m: MetricComparison): string[];
}

/**
 * Reasons whose numbers are the table's own (the change and its interval): from this many metrics
 * held back by one of them with the same minimum effect, the list says it once for all of them,
 * without the numbers. A stored comparison of the example's 5 scenarios against one stored run
 * listed 22 reasons that differed only in the figures printed in the rows above them. From two: a
 * run's p99 in two scenarios, each past the same ±15%, read as two reasons numbered apart whose
 * only difference was the figures of their rows. A reason one metric alone holds keeps them.
 */
export const CROWDED_REASONS = 2;

/** The kinds CROWDED_REASONS shortens, in words that leave the figures to the table. */
function describeCrowded(reason: Reason): string | undefined {
  switch (reason.kind) {
    case 'interval-past-min-effect':
      return `the interval (in the table) reaches past the ${`±${formatMinEffect(reason.metric, reason.minEffect)}`} that counts: this run cannot rule out a change that matters`;
    case 'not-significant':
      return `the change (in the table) is not significant (Holm-adjusted p > ${formatAlpha(reason.alpha)}): this run cannot tell it from noise`;
    default:
      return undefined;
  }
}

/** The shortened sentences that CROWDED_REASONS or more held-back metrics share. */
function crowdedSentences(comparison: Comparison): Set<string> {
  const counts = new Map<string, number>();
  for (const m of comparison.scenarios.flatMap((scenario) => scenario.metrics)) {
    if (m.verdict !== 'inconclusive') continue;
    for (const reason of m.reasons) {
      const short = describeCrowded(reason);
      if (short !== undefined) counts.set(short, (counts.get(short) ?? 0) + 1);
    }
  }
  return new Set([...counts].filter(([, count]) => count >= CROWDED_REASONS).map(([short]) => short));
}

/** The reasons a metric's verdict carries, in words: all of them for an inconclusive one, else those given. */
export function reasonsOf(m: MetricComparison): string[] {
  if (m.reasons.length > 0) return m.reasons.map(describeReason);
  return m.verdict === 'inconclusive' ? [DEFAULT_INCONCLUSIVE_REASON] : [];
}

export function groupReasons(comparison: Comparison): GroupedReasons {
  const crowded = crowdedSentences(comparison);
  // Only an inconclusive verdict was held back: a "no change" whose change is real but small, or an
  // rps regression because the service fell behind, carries reasons that explain a verdict given.
  const heldBack = (m: MetricComparison): string[] => {
    if (m.verdict !== 'inconclusive') return [];
    if (m.reasons.length === 0) return reasonsOf(m);
    return m.reasons.map((reason) => {
      const short = describeCrowded(reason);
      return short !== undefined && crowded.has(short) ? short : describeReason(reason);
    });
  };
  // reason → scenario → metrics, in first-seen order.
  const byReason = new Map<string, Map<string, Set<MetricName>>>();
  const scenariosWithReasons = new Set<string>();
  for (const scenario of comparison.scenarios) {
    for (const m of scenario.metrics) {
      for (const reason of heldBack(m)) {
        const perScenario = byReason.get(reason) ?? new Map<string, Set<MetricName>>();
        byReason.set(reason, perScenario);
        const metrics = perScenario.get(scenario.name) ?? new Set<MetricName>();
        perScenario.set(scenario.name, metrics);
        metrics.add(m.metric);
        scenariosWithReasons.add(scenario.name);
      }
    }
  }
  const runWide: Omit<ReasonGroup, 'number'>[] = [];
  const spanning: Omit<ReasonGroup, 'number'>[] = [];
  const perScenario: Omit<ReasonGroup, 'number'>[] = [];
  for (const [reason, scenarios] of byReason) {
    const union = sortByMetricOrder([...scenarios.values()].flatMap((s) => [...s]));
    // Run-wide only when it says something about more than one scenario and holds in every
    // scenario of the run; otherwise naming the scenarios is clearer. (Holding in each scenario
    // that had a reason was not enough: a run of 4 scenarios read "all 3 scenarios: p99", and
    // its reader could not tell which 3.)
    if (
      scenarios.size > 1 &&
      scenarios.size === scenariosWithReasons.size &&
      scenarios.size === comparison.scenarios.length
    ) {
      runWide.push({ reason, metrics: union, scenarioCount: scenarios.size });
      continue;
    }
    // Held in several scenarios but not all: once, with the scenarios it holds in (a shortened
    // reason, or the same thin tail in three steps of a flow, was said once per scenario).
    if (scenarios.size > 1) {
      spanning.push({
        reason,
        metrics: union,
        scenarioCount: scenarios.size,
        parts: [...scenarios].map(([scenario, metrics]) => ({ scenario, metrics: sortByMetricOrder(metrics) })),
      });
      continue;
    }
    for (const [scenario, metrics] of scenarios)
      perScenario.push({ reason, scenario, metrics: sortByMetricOrder(metrics), scenarioCount: 1 });
  }
  // Per scenario in the order of the comparison, so a reader finds a scenario's reasons together.
  const order = new Map(comparison.scenarios.map((s, i) => [s.name, i]));
  perScenario.sort((a, b) => (order.get(a.scenario ?? '') ?? 0) - (order.get(b.scenario ?? '') ?? 0));
  const groups = [...runWide, ...spanning, ...perScenario].map((g, i) => ({ ...g, number: i + 1 }));
  const holdsIn = (g: ReasonGroup, name: string): boolean =>
    g.parts !== undefined
      ? g.parts.some((part) => part.scenario === name)
      : g.scenario === undefined
        ? scenariosWithReasons.has(name)
        : g.scenario === name;
  return {
    groups,
    remedies: remediesFor(comparison),
    forScenario: (name) => groups.filter((g) => holdsIn(g, name)),
    textsOf: (m) => (m.verdict === 'inconclusive' ? heldBack(m) : reasonsOf(m)),
  };
}

export interface ReasonScope {
  scenario?: string;
  metrics: MetricName[];
  scenarioCount: number;
  parts?: ReasonGroup['parts'];
  groups: ReasonGroup[];
}

/** The groups gathered by where they apply (same scenario, same metrics), in listing order. */
export function scopesOf(grouped: GroupedReasons): ReasonScope[] {
  const scopes: ReasonScope[] = [];
  for (const group of grouped.groups) {
    const last = scopes[scopes.length - 1];
    if (
      last &&
      last.scenario === group.scenario &&
      last.metrics.join() === group.metrics.join() &&
      JSON.stringify(last.parts) === JSON.stringify(group.parts)
    )
      last.groups.push(group);
    else
      scopes.push({
        scenario: group.scenario,
        metrics: group.metrics,
        scenarioCount: group.scenarioCount,
        ...(group.parts ? { parts: group.parts } : {}),
        groups: [group],
      });
  }
  return scopes;
}

/**
 * A scenario's held-back metrics and the numbers of the reasons, gathered by metric list:
 * [{ metrics: [p99], numbers: [2, 3] }].
 */
export function scenarioReferences(
  comparison: Comparison,
  grouped: GroupedReasons,
  scenario: string,
): { metrics: MetricName[]; numbers: number[] }[] {
  const refs: { metrics: MetricName[]; numbers: number[] }[] = [];
  for (const group of grouped.forScenario(scenario)) {
    const metrics = metricsInScenario(comparison, grouped, group, scenario);
    const same = refs.find((r) => r.metrics.join() === metrics.join());
    if (same) same.numbers.push(group.number);
    else refs.push({ metrics, numbers: [group.number] });
  }
  return refs;
}

/** "p95, p99" */
export function formatMetricList(metrics: readonly MetricName[]): string {
  return metrics.map(metricLabel).join(', ');
}

/** Where a scope applies, in words: "all 3 scenarios" or the scenario's name. */
export function describeScopeWhere(scope: { scenario?: string; scenarioCount: number }): string {
  return scope.scenario === undefined ? `all ${scope.scenarioCount} scenarios` : scope.scenario;
}

/** Where a scope applies and which metrics, in one line: "checkout: p50, p90", "all 3 scenarios:
 * p99", or, for a reason held in several scenarios, "api: p50; checkout: p50, rps". `name` and
 * `all` let a report mark up a scenario's name and the run-wide words. */
export function describeScope(
  scope: ReasonScope,
  name: (scenario: string) => string = (scenario) => scenario,
  all: (words: string) => string = (words) => words,
): string {
  if (scope.parts !== undefined)
    return scope.parts.map((part) => `${name(part.scenario)}: ${formatMetricList(part.metrics)}`).join('; ');
  const where = scope.scenario === undefined ? all(describeScopeWhere(scope)) : name(scope.scenario);
  return `${where}: ${formatMetricList(scope.metrics)}`;
}

/** "reason 2" or "reasons 2, 3" */
export function formatReasonNumbers(numbers: readonly number[]): string {
  return `${numbers.length === 1 ? 'reason' : 'reasons'} ${numbers.join(', ')}`;
}

/** For one scenario, which metrics a group holds back there. */
export function metricsInScenario(
  comparison: Comparison,
  grouped: Pick<GroupedReasons, 'textsOf'>,
  group: ReasonGroup,
  scenario: string,
): MetricName[] {
  if (group.scenario !== undefined) return group.metrics;
  const s = comparison.scenarios.find((x) => x.name === scenario);
  return sortByMetricOrder(
    (s?.metrics ?? [])
      .filter((m) => m.verdict === 'inconclusive' && grouped.textsOf(m).includes(group.reason))
      .map((m) => m.metric),
  );
}
