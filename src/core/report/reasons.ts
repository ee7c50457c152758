// Why verdicts were held back, in words, said once. src/core/compare gives each metric typed
// reasons (kind and numbers); describeReason is the one place they become sentences. The same
// sentence often holds for several metrics of a scenario, or for every scenario of a run (a busy
// runner, a saturated generator): reports group identical sentences and name the metrics they
// affect.
import { describeCapacityLimit } from './capacity.js';
import type { Comparison, MetricComparison, Reason, RunRole } from '../types/comparison.js';
import type { MetricName } from '../types/config.js';
import { DEFAULT_MIN_HISTORY } from '../config/defaults.js';
import { MAX_PROCESSES } from '../config/ab.js';
import { spreadBound } from '../compare/more-data.js';
import { formatCount, formatFixed, formatMs, METRIC_ORDER, metricLabel } from './format.js';

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
      return `a real change of ${reasonChange(reason.metric, reason.change)} (${holm(reason.adjustedPValue)}), but its whole interval is within the ${reasonChange(reason.metric, reason.minEffect).replace('+', '±')} that counts`;
    case 'below-min-effect':
      return `significant (${holm(reason.adjustedPValue)}) but ${reasonChange(reason.metric, reason.change)} is below the minimum effect of ${reasonChange(reason.metric, reason.minEffect).replace('+', '')}, and the interval reaches past it`;
    case 'not-significant':
      return `a change of ${reasonChange(reason.metric, reason.change)}, but not significant (${holm(reason.adjustedPValue)} > ${Number(reason.alpha.toPrecision(4))}): this run cannot tell it from noise`;
    case 'interval-past-min-effect':
      return `a change of ${reasonChange(reason.metric, reason.change)} (${holm(reason.adjustedPValue)}), but its interval (${reasonChange(reason.metric, reason.interval[0])} to ${reasonChange(reason.metric, reason.interval[1])}) reaches past the ${reasonChange(reason.metric, reason.minEffect).replace('+', '±')} that counts: this run cannot rule out a change that matters`;
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
      const p = reason.confirmPValue === undefined ? '' : ` (p = ${reason.confirmPValue.toPrecision(2)})`;
      return `${reasonChange(reason.metric, reason.change)} in this pair of processes, but ${reasonChange(reason.metric, reason.confirmChange)}${p} in a second pair, head and base booted afresh and measured again (a regression needs p ≤ ${Number(reason.alpha.toPrecision(4))} and at least ${reasonChange(reason.metric, reason.minEffect).replace('+', '')} in both): the first pair's two processes differed, not the builds (compare.confirm)`;
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
}

export interface GroupedReasons {
  groups: ReasonGroup[];
  /** What the user can do about them (remediesFor). */
  remedies: string[];
  /** The groups that affect a scenario, run-wide ones first. */
  forScenario(name: string): ReasonGroup[];
}

/** Reasons a longer run fixes: too few samples, segments or pairs. */
const SAMPLE_KINDS = new Set<Reason['kind']>([
  'thin-tail',
  'too-few-segments',
  'too-few-pairs',
  'nothing-to-pair',
  'too-few-pairs-for-capacities',
]);
/** Reasons a lower rate fixes: the generator or the service could not keep up. */
const RATE_KINDS = new Set<Reason['kind']>([
  'generator-behind',
  'service-fell-behind',
  'head-fell-behind',
  'rate-short-explained',
  'rate-short-explained-paired',
  'shared-lag',
]);
/** Reasons a quieter runner or a re-run fixes: other work on the machine. */
const LOAD_KINDS = new Set<Reason['kind']>(['other-load', 'contention', 'whole-run-disagrees']);
/** Reasons that mean the test's noise floor was above the change: only more evidence decides. */
// An interval too wide to rule out a change that counts is the noise floor too: the demo's every
// held-back metric was one, and its only advice was "re-run".
const FLOOR_KINDS = new Set<Reason['kind']>([
  'not-significant',
  'below-min-effect',
  'real-but-small',
  'interval-past-min-effect',
  // A change the runner-noise prior alone kept from failing: the same three ways out (A/B mode, a
  // history, a measured compare.runnerNoise) make it gate; without this a 2x slowdown held back
  // as a warning was told only to run longer, which the prior does not care about.
  'prior-only',
]);

type RemedyInput = Pick<Comparison, 'mode' | 'ab' | 'sequential' | 'acceptHint'> & {
  current?: Pick<Comparison['current'], 'ab'>;
  scenarios?: Pick<Comparison['scenarios'][number], 'metrics'>[];
  regressions?: MetricComparison[];
  breaches?: Comparison['breaches'];
};

/** "±6.0% (p50) to ±31% (p99)": the smallest and largest MDE of the metrics. */
function mdeSpan(metrics: MetricComparison[]): string | undefined {
  const withMde = metrics.filter((m) => m.minDetectableEffect !== undefined && Number.isFinite(m.minDetectableEffect));
  if (withMde.length === 0) return undefined;
  const sorted = [...withMde].sort((a, b) => (a.minDetectableEffect ?? 0) - (b.minDetectableEffect ?? 0));
  const say = (m: MetricComparison): string => `${formatMdeValue(m)} (${metricLabel(m.metric)} of \`${m.scenario}\`)`;
  const low = sorted[0]!;
  const high = sorted[sorted.length - 1]!;
  return low === high || formatMdeValue(low) === formatMdeValue(high) ? say(low) : `${say(low)} to ${say(high)}`;
}

/** The MDE as the reports print it: ±x% (±x pp for the error rate); from 20% up, where the smallest
 * fall and rise it calls part by 3 points or more (a log ratio: +43% up is −30% down), −y%/+x%. */
/** The largest MDE printed as a figure (×11, +1000%); a larger one reads >+1000%. */
export const MDE_SHOWN_UP_TO = 10;

export function formatMdeValue(
  m: Pick<MetricComparison, 'metric' | 'minDetectableEffect' | 'minDetectableChange'>,
): string {
  const mde = m.minDetectableEffect;
  if (mde === undefined || !Number.isFinite(mde)) return '–';
  if (m.metric === 'error_rate') return `±${formatFixed(mde * 100, 2)} pp`;
  const magnitude = (x: number): string => `${formatFixed(Math.abs(x) * 100, Math.abs(x) >= 0.1 ? 0 : 1)}%`;
  // Past ×11 the figure says only that the run could not see the metric: a tail in a few groups
  // of blocks (df 3) printed MDEs of +479760504%.
  const beyond = (sign: string, x: number): string =>
    Math.abs(x) > MDE_SHOWN_UP_TO ? `>${sign}1000%` : `${sign}${magnitude(x)}`;
  const pair = m.minDetectableChange;
  if (pair !== undefined && Number.isFinite(pair[0]) && Number.isFinite(pair[1])) {
    const [fall, rise] = [magnitude(pair[0]), magnitude(pair[1])];
    return Math.max(-pair[0], pair[1]) < 0.2 || fall === rise ? beyond('±', mde) : `−${fall}/${beyond('+', pair[1])}`;
  }
  return beyond('±', mde);
}

/** "p95, p99 of json_oracle/fetchByQuery; p50 of checkout" */
function metricsWhere(metrics: MetricComparison[]): string {
  const byScenario = new Map<string, MetricName[]>();
  for (const m of metrics) byScenario.set(m.scenario, [...(byScenario.get(m.scenario) ?? []), m.metric]);
  return [...byScenario]
    .map(([scenario, names]) => `${sortByMetricOrder(names).map(metricLabel).join(', ')} of \`${scenario}\``)
    .join('; ');
}

/**
 * What the user can do, most pressing first: what failed the gate (a regression, a breached
 * threshold, a base that did not boot), then what held verdicts back, each action once. A held-back
 * remedy answers a reason the comparison has, so a run held back by its noise floor is told what
 * lowers that floor (A/B mode, a history, a measured runner noise) with the floor it had, and not
 * to re-run. One home for this advice: every report (text, markdown) prints these lines.
 */
export function remediesFor(comparison: RemedyInput): string[] {
  const failed: string[] = [];
  if (comparison.current?.ab?.baseFailure !== undefined)
    failed.push('make the base boot (its log tail is above), so that A/B mode can compare the two on the same runner');
  const regressions = comparison.regressions ?? [];
  // Past a few scenarios the list above names them; the advice only points at it.
  const few = (list: { scenario: string }[]) => new Set(list.map((x) => x.scenario)).size <= 3;
  if (regressions.length > 0)
    failed.push(
      `find what changed ${few(regressions) ? metricsWhere(regressions) : `the ${regressions.length} regressions listed above`}: each change is significant after Holm and at least its minimum effect, so a re-run is unlikely to clear it`,
    );
  if (regressions.length > 0 && comparison.acceptHint !== undefined)
    failed.push(`if the slowdown is intended, ${comparison.acceptHint}`);
  const breaches = comparison.breaches ?? [];
  if (breaches.length > 0) {
    const which = few(breaches)
      ? breaches.map((t) => `\`${t.expression}\` of \`${t.scenario}\``).join('; ')
      : `the ${breaches.length} thresholds listed above`;
    failed.push(
      `bring ${which} back within ${breaches.length === 1 ? 'its threshold' : 'their thresholds'}, or change the threshold in the config if the objective itself moved`,
    );
  }

  const scenarios = comparison.scenarios;
  const held = (scenarios ?? []).flatMap((s) => s.metrics).filter((m) => m.verdict === 'inconclusive');
  // Without its metrics (a caller that passes none) a comparison is advised as held back by the floor.
  if (scenarios !== undefined && held.length === 0) return failed;
  const kinds = new Set(held.flatMap((m) => m.reasons.map((r) => r.kind)));
  const has = (set: Set<Reason['kind']>): boolean => [...kinds].some((k) => set.has(k));
  // A metric without a stated reason, or no metrics given at all, is held back by the noise floor;
  // one whose test the spread between processes decided (compare.processes), where most of that
  // spread is how far the processes differ rather than their few requests each, by that spread,
  // which a longer run does not narrow.
  const byProcesses = held.filter((m) => spreadBound(m, 1));
  const floorMetrics = held.filter(
    (m) => !spreadBound(m, 1) && (m.reasons.length === 0 || m.reasons.some((r) => FLOOR_KINDS.has(r.kind))),
  );
  const floor = held.length === 0 || floorMetrics.length > 0;
  const span = mdeSpan(floorMetrics);
  const out: string[] = [];
  const ab = comparison.mode === 'ab';
  const reach = span
    ? `this run could detect only changes beyond ${span}`
    : 'the MDE column shows what this run could detect';
  // Every way to more data in one action: a longer window, the extension budget, `perfgate plan`.
  const longer: string[] = [];
  if (floor && ab) longer.push(`more segment pairs narrow the interval; ${reach}`);
  if (has(SAMPLE_KINDS)) longer.push('more segments and more requests in the tail; the reasons above say how many');
  // A run that could extend itself stopped at its budget, or saw that its budget would not decide.
  if (comparison.sequential?.moreRoomWouldHelp === true)
    longer.push(
      'or let an undecided scenario run on by itself for longer: compare.extend.maxDuration (default 4x the planned window)',
    );

  if (floor && !ab)
    out.push(
      `use A/B mode (\`perfgate gate --base-ref main\`, the action's \`base-ref\` input, or \`--base-dir <base checkout>\` for a base you checked out): base and head side by side on one runner cancel the runner noise behind this floor; ${reach}; \`perfgate plan\` on an A/B run's results says how long it must run to see the changes you care about`,
    );
  else if (floor && comparison.ab?.schedule === 'alternate')
    out.push(`use the duet schedule (compare.schedule: duet), whose pairs share the same moments and neighbours`);
  if (floor && comparison.mode === 'bootstrap')
    out.push(
      `or keep a history: save the main branch's runs (\`perfgate gate --save\`); from ${DEFAULT_MIN_HISTORY} past runs (compare.minHistory) the test measures your runner's spread instead of assuming it`,
    );
  // Only a test that used the prior (one stored run, or too little usable history) reads it.
  const prior = comparison.mode === 'bootstrap' || floorMetrics.some((m) => m.method === 'bootstrap');
  if (floor && !ab && (prior || scenarios === undefined))
    out.push(
      "or set compare.runnerNoise to your runners' measured run-to-run spread (the default assumes a shared cloud runner; a quiet machine's p50 spreads 0.2–0.5%)",
    );
  if (byProcesses.length > 0) {
    const most = Math.max(...byProcesses.map((m) => Math.min(m.processes!.head, m.processes!.base)));
    out.push(
      most < MAX_PROCESSES
        ? `boot more processes of each variant (compare.processes; ${most} of each were read): the spread between processes of one build held back ${metricsWhere(byProcesses)}, and a longer run does not narrow it`
        : `the spread between processes of one build held back ${metricsWhere(byProcesses)} (${most} of each were read; compare.processes boots ${MAX_PROCESSES} at most), and a longer run does not narrow it: a larger compare.minEffect for this service trades the small changes for fewer false alarms`,
    );
  }
  if (longer.length > 0) out.push(`run longer (${longer.join('; ')})`);
  if (has(RATE_KINDS)) out.push('lower the rate: the generator or the service could not keep up');
  if (has(LOAD_KINDS))
    out.push('re-run on a quieter runner (a dedicated or larger one): other work competed with this run');
  if (kinds.has('environment'))
    out.push('save a baseline on this environment (--save), so that runs are compared on the same kind of runner');
  if (kinds.has('population'))
    out.push('fix the errors first: with a different share of failed requests the latencies describe other requests');
  const heldBack = out.length > 0 ? out : ['re-run (noise differs from run to run)'];
  return [...new Set([...failed, ...heldBack])];
}

/** The reasons a metric's verdict carries, in words: all of them for an inconclusive one, else those given. */
export function reasonsOf(m: MetricComparison): string[] {
  if (m.reasons.length > 0) return m.reasons.map(describeReason);
  return m.verdict === 'inconclusive' ? [DEFAULT_INCONCLUSIVE_REASON] : [];
}

function sortByMetricOrder(metrics: Iterable<MetricName>): MetricName[] {
  const rank = (m: MetricName): number => {
    const index = METRIC_ORDER.indexOf(m);
    return index < 0 ? METRIC_ORDER.length : index;
  };
  return [...new Set(metrics)].sort((a, b) => rank(a) - rank(b));
}

/**
 * The reasons that held a metric's verdict back: only an inconclusive verdict was held back. A
 * "no change" whose change is real but small, or an rps regression because the service fell behind,
 * carries reasons too, but they explain a verdict that was given (the PR comment's details show them).
 */
export function heldBackReasons(m: MetricComparison): string[] {
  return m.verdict === 'inconclusive' ? reasonsOf(m) : [];
}

export function groupReasons(comparison: Comparison): GroupedReasons {
  // reason → scenario → metrics, in first-seen order.
  const byReason = new Map<string, Map<string, Set<MetricName>>>();
  const scenariosWithReasons = new Set<string>();
  for (const scenario of comparison.scenarios) {
    for (const m of scenario.metrics) {
      for (const reason of heldBackReasons(m)) {
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
  const perScenario: Omit<ReasonGroup, 'number'>[] = [];
  for (const [reason, scenarios] of byReason) {
    // Run-wide only when it says something about more than one scenario and holds in each that
    // has any reason at all; otherwise naming the scenarios is clearer.
    if (scenarios.size > 1 && scenarios.size === scenariosWithReasons.size) {
      runWide.push({
        reason,
        metrics: sortByMetricOrder([...scenarios.values()].flatMap((s) => [...s])),
        scenarioCount: scenarios.size,
      });
      continue;
    }
    for (const [scenario, metrics] of scenarios)
      perScenario.push({ reason, scenario, metrics: sortByMetricOrder(metrics), scenarioCount: 1 });
  }
  // Per scenario in the order of the comparison, so a reader finds a scenario's reasons together.
  const order = new Map(comparison.scenarios.map((s, i) => [s.name, i]));
  perScenario.sort((a, b) => (order.get(a.scenario ?? '') ?? 0) - (order.get(b.scenario ?? '') ?? 0));
  const groups = [...runWide, ...perScenario].map((g, i) => ({ ...g, number: i + 1 }));
  return {
    groups,
    remedies: remediesFor(comparison),
    forScenario: (name) =>
      groups.filter((g) => (g.scenario === undefined ? scenariosWithReasons.has(name) : g.scenario === name)),
  };
}

export interface ReasonScope {
  scenario?: string;
  metrics: MetricName[];
  scenarioCount: number;
  groups: ReasonGroup[];
}

/** The groups gathered by where they apply (same scenario, same metrics), in listing order. */
export function scopesOf(grouped: GroupedReasons): ReasonScope[] {
  const scopes: ReasonScope[] = [];
  for (const group of grouped.groups) {
    const last = scopes[scopes.length - 1];
    if (last && last.scenario === group.scenario && last.metrics.join() === group.metrics.join())
      last.groups.push(group);
    else
      scopes.push({
        scenario: group.scenario,
        metrics: group.metrics,
        scenarioCount: group.scenarioCount,
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
    const metrics = metricsInScenario(comparison, group, scenario);
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

/** "reason 2" or "reasons 2, 3" */
export function formatReasonNumbers(numbers: readonly number[]): string {
  return `${numbers.length === 1 ? 'reason' : 'reasons'} ${numbers.join(', ')}`;
}

/** For one scenario, which metrics a group holds back there. */
export function metricsInScenario(comparison: Comparison, group: ReasonGroup, scenario: string): MetricName[] {
  if (group.scenario !== undefined) return group.metrics;
  const s = comparison.scenarios.find((x) => x.name === scenario);
  return sortByMetricOrder(
    (s?.metrics ?? []).filter((m) => heldBackReasons(m).includes(group.reason)).map((m) => m.metric),
  );
}
