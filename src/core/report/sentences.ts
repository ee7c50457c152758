// What a comparison says, in the words every report shares (text, markdown, Slack): the verdict's
// level and summary, the baseline's state, one sentence per metric change, the MDE.
import type { BaselineStatus, Comparison, MetricComparison, Verdict } from '../types/comparison.js';
import type { MetricName } from '../types/config.js';
import { describeAcceptance } from '../accept.js';
import type { ScenarioResult } from '../types/results.js';
import {
  METRIC_ORDER,
  formatCount,
  formatFixed,
  formatMdeValue,
  formatMetricValue,
  formatPValue,
  formatPercent,
  formatRps,
  intervalDecimals,
  metricLabel,
  okPerSec,
  pluralize,
} from './format.js';

export type VerdictLevel = 'fail' | 'warn' | 'pass';

/** The gate's word in every headline: a warn level (inconclusive, no baseline) still passes. */
export const LEVEL_VERDICT: Record<VerdictLevel, 'FAIL' | 'PASS'> = { fail: 'FAIL', warn: 'PASS', pass: 'PASS' };

export interface VerdictSummary {
  level: VerdictLevel;
  /** "2 regressions, 1 threshold breached", "no regression, 1 improvement", … */
  words: string;
}

export const VERDICT_MARKS: Record<Verdict, string> = {
  regression: '✗',
  improvement: '✓',
  'no change': '=',
  inconclusive: '?',
};

const BASELINE_PROBLEMS: Record<Exclude<BaselineStatus['kind'], 'ok'>, string> = {
  missing: 'no baseline yet',
  unreadable: 'baseline unreadable',
  corrupt: 'baseline corrupt',
  'future-version': 'baseline from a newer perfgate',
  'other-config': 'baseline is for another config',
};

export function allMetrics(comparison: Comparison): MetricComparison[] {
  return comparison.scenarios.flatMap((s) => s.metrics);
}

export function summarizeVerdict(comparison: Comparison): VerdictSummary {
  const regressions = comparison.regressions.length;
  const breaches = comparison.breaches.length;
  const improvements = comparison.improvements.length;
  const inconclusive = allMetrics(comparison).filter((m) => m.verdict === 'inconclusive').length;
  const status = comparison.baselineStatus;
  const environmentDiffers = comparison.baseline?.environmentDiffers === true;
  const parts: string[] = [];
  // Loud on purpose: a pass that carries regressions says whose decision it was, and what.
  const accepted = describeAcceptance(comparison);
  if (accepted !== undefined && comparison.verdict === 'pass') return { level: 'pass', words: accepted };
  if (comparison.verdict === 'fail' || regressions > 0 || breaches > 0) {
    if (regressions > 0) parts.push(pluralize(regressions, 'regression'));
    if (breaches > 0) parts.push(`${pluralize(breaches, 'threshold')} breached`);
    if (parts.length === 0) parts.push('failed');
    if (status.kind !== 'ok') parts.push(BASELINE_PROBLEMS[status.kind]);
    return { level: 'fail', words: parts.join(', ') };
  }
  const thresholds = comparison.scenarios.reduce((n, s) => n + s.thresholds.length, 0);
  const thresholdWords = thresholds > 0 ? `${pluralize(thresholds, 'threshold')} met` : 'no thresholds set';
  if (status.kind !== 'ok') {
    parts.push(BASELINE_PROBLEMS[status.kind], thresholdWords);
    return { level: 'warn', words: parts.join(', ') };
  }
  // A baseline none of whose scenarios this run has (every one renamed) compares nothing: saying
  // "no regression" over nothing would be the pass this gate exists to withhold.
  if (comparison.scenarios.length > 0 && allMetrics(comparison).length === 0) {
    parts.push('nothing compared with the baseline', thresholdWords);
    return { level: 'warn', words: parts.join(', ') };
  }
  // ⚠ only for what the reader must act on (docs/reports.md): a comparison on another kind of
  // runner, figures that describe the generator, a regression the prior may not fail. A metric
  // this run could not decide is not one: a short run has some on every PR, and a warning sign on
  // every PR is a sign nobody reads.
  const priorOnly = allMetrics(comparison).filter((m) =>
    m.reasons.some((r) => r.kind === 'prior-only' && r.direction === 'regression'),
  ).length;
  const saturated = comparison.scenarios.filter((s) => s.current.generator.saturated).length;
  parts.push(priorOnly > 0 ? `${pluralize(priorOnly, 'possible regression')} the prior cannot fail` : 'no regression');
  if (improvements > 0) parts.push(pluralize(improvements, 'improvement'));
  if (saturated > 0) parts.push(`generator saturated in ${pluralize(saturated, 'scenario')}`);
  if (environmentDiffers) parts.push('environment differs');
  const act = priorOnly > 0 || saturated > 0 || environmentDiffers;
  const words = parts.join(', ');
  const undecided = inconclusive > 0 ? ` (${pluralize(inconclusive, 'metric')} could not be decided)` : '';
  return { level: act ? 'warn' : 'pass', words: `${words}${undecided}` };
}

/** The verdict and its summary ("FAIL — …"), for the reports that carry no mark or emoji of their own (JUnit, GitLab). */
export function verdictHeadline(comparison: Comparison): string {
  const summary = summarizeVerdict(comparison);
  return `${LEVEL_VERDICT[summary.level]} — ${summary.words}`;
}

/**
 * The mode as the user configured it (compare.mode: stored or ab), with what it compared against:
 * "stored (against 8 past runs)", "ab (duet)". The method behind a stored comparison (history or
 * bootstrap) is no word of theirs: "mode: bootstrap" named nothing they had set.
 */
export function describeMode(comparison: Pick<Comparison, 'mode' | 'ab' | 'baseline'>): string {
  if (comparison.ab !== undefined) return `ab (${comparison.ab.schedule})`;
  switch (comparison.mode) {
    case 'history':
      return `stored (against ${pluralize(comparison.baseline?.historyLength ?? 0, 'past run')})`;
    case 'bootstrap':
      return 'stored (against one stored run)';
    case 'ab':
      return 'ab';
    case 'thresholds-only':
      return 'thresholds only (no usable baseline)';
  }
}

/**
 * "60 block pairs", or "60–240 block pairs by scenario" when the scenarios ran different numbers
 * of them (a flow's 240 beside a plain scenario's 60): comparison.ab.pairs is only the largest.
 * Each scenario's count is as comparePaired takes it, the shorter of its head's and base's.
 */
function pairCount(comparison: Comparison, noun: string): string {
  const counts = comparison.scenarios
    .map((s) => (s.baseline ? Math.min(s.current.segments.length, s.baseline.segments.length) : 0))
    .filter((n) => n > 0);
  const low = Math.min(...counts);
  const high = Math.max(...counts);
  if (counts.length === 0 || low === high) return pluralize(comparison.ab?.pairs ?? high, noun);
  return `${formatCount(low)}–${formatCount(high)} ${noun}s by scenario`;
}

/** What the baseline was and how it was used, one line each; empty when there is nothing to say. */
export function describeBaseline(comparison: Comparison): string[] {
  const notes: string[] = [];
  const status = comparison.baselineStatus;
  if (comparison.ab !== undefined) {
    // Duet's pairs are short time blocks resampled together; alternate's are ≥ 1 s slots.
    const pairs =
      comparison.ab.pairs <= 0
        ? ''
        : comparison.ab.schedule === 'duet'
          ? ` (${pairCount(comparison, 'block pair')}, paired block bootstrap of the whole-run changes)`
          : ` (${pairCount(comparison, 'segment pair')}, trimmed paired t per metric)`;
    notes.push(`base vs head, same runner, ${comparison.ab.schedule}${pairs}`);
  } else if (status.kind !== 'ok') {
    notes.push(
      `${BASELINE_PROBLEMS[status.kind]}: judged on thresholds alone${status.detail ? ` (${status.detail})` : ''}`,
    );
  } else if (comparison.mode === 'history') {
    notes.push(
      `compared with the baseline and the history of ${pluralize(comparison.baseline?.historyLength ?? 0, 'past run')}`,
    );
  }
  if (comparison.baseline?.environmentDiffers) {
    notes.push('the baseline ran on a different environment (CPU, Node or runner): timing changes are inconclusive');
  }
  return notes;
}

// One decimal, as the tables' change cell (formatSignedPercent): whole percents from 10% up made
// "rose 14%" beside the table's +13.5%.
function sentencePercent(fraction: number): string {
  return formatPercent(Math.abs(fraction));
}

function sentenceInterval(metric: MetricName, interval: [number, number], change: number): string {
  const points = metric === 'error_rate';
  const decimals = points ? 2 : intervalDecimals(interval);
  const unit = points ? ' points' : '%';
  const number = (x: number): string => formatFixed(x * 100, decimals);
  const [lo, hi] = interval;
  const sameSide = change > 0 ? lo >= 0 && hi >= 0 : change < 0 ? lo <= 0 && hi <= 0 : false;
  if (sameSide) {
    const a = Math.min(Math.abs(lo), Math.abs(hi));
    const b = Math.max(Math.abs(lo), Math.abs(hi));
    return `95% CI ${number(a)}–${number(b)}${unit}`;
  }
  const sign = (x: number): string => (x > 0 ? `+${number(x)}` : number(x));
  return `95% CI ${sign(lo)}${unit} to ${sign(hi)}${unit}`;
}

/** "p99 of fetchByQuery rose 23% (95% CI 14–31%), from 812 ms to 1,001 ms" */
export function describeMetricChange(m: MetricComparison): string {
  const direction = m.change > 0 ? 'rose' : m.change < 0 ? 'fell' : 'did not change';
  const amount =
    m.change === 0
      ? ''
      : m.metric === 'error_rate'
        ? ` ${formatFixed(Math.abs(m.change) * 100, 2)} points`
        : ` ${sentencePercent(m.change)}`;
  const interval = m.changeInterval ? ` (${sentenceInterval(m.metric, m.changeInterval, m.change)})` : '';
  return (
    `${metricLabel(m.metric)} of ${m.scenario} ${direction}${amount}${interval}, ` +
    `from ${formatMetricValue(m.metric, m.baseline)} to ${formatMetricValue(m.metric, m.current)}` +
    describeValuesApart(m) +
    describeConfirmation(m)
  );
}

/** The values' own ratio moves apart from the change beyond this, and outside its interval. */
const VALUES_APART = 0.02;

/**
 * A/B's trimmed per-pair change (decidedBy 'pairs') beside pooled values whose ratio is far from
 * it: a neighbour's bursts that slowed one variant more than the other, or a stall, moved the
 * pooled percentile, and the trimmed mean left those blocks out. Said, so that "rose 7.8% … from
 * 2.17 ms to 2.68 ms" (+23.5%) does not read as an arithmetic slip.
 */
function describeValuesApart(m: MetricComparison): string {
  if (m.decidedBy !== 'pairs' || m.metric === 'error_rate' || m.metric === 'rps') return '';
  if (!(m.baseline > 0) || !Number.isFinite(m.current)) return '';
  const ratio = m.current / m.baseline - 1;
  const outside = m.changeInterval === undefined || ratio < m.changeInterval[0] || ratio > m.changeInterval[1];
  if (!outside || Math.abs(ratio - m.change) <= VALUES_APART) return '';
  const sign = ratio >= 0 ? '+' : '−';
  // "Pairs": duet's time blocks and alternate's segments alike.
  return ` (those values are ${sign}${sentencePercent(ratio)} apart: the change is the trimmed mean of the per-pair ratios, which leaves out the pairs where the two variants moved apart most, a neighbour's burst or a stall)`;
}

/** compare.confirm's second pair, where it confirmed the change: "; a second pair … showed it too (+9.6%, p <0.001)". */
function describeConfirmation(m: MetricComparison): string {
  const second = m.confirmation;
  if (second?.outcome !== 'confirmed' || second.change === undefined) return '';
  const p = second.pValue === undefined ? '' : `, p ${formatPValue(second.pValue)}`;
  const moved =
    m.metric === 'error_rate' ? '' : ` (${second.change >= 0 ? '+' : '−'}${sentencePercent(second.change)}${p})`;
  return `; a second pair of processes, booted afresh, showed it too${moved}`;
}

export function sortMetrics(metrics: MetricComparison[]): MetricComparison[] {
  const rank = (m: MetricComparison): number => {
    const index = METRIC_ORDER.indexOf(m.metric);
    return index < 0 ? METRIC_ORDER.length : index;
  };
  return [...metrics].sort((a, b) => rank(a) - rank(b));
}

/**
 * The requests and rates of a scenario in one line: total and dropped, completed and successful
 * per second, and the intended rate of an open model.
 * "5,789 requests, 211 dropped · 385.9/s completed, 380.2/s OK · 400/s intended"
 */
export function describeRequests(r: ScenarioResult): string {
  const counts = `${pluralize(r.requests.total, 'request')}${r.requests.dropped > 0 ? `, ${formatCount(r.requests.dropped)} dropped` : ''}`;
  const parts = [counts, `${formatRps(r.rps)} completed, ${formatRps(okPerSec(r))} OK`];
  if (r.rate) parts.push(`${formatRps(r.rate.intendedPerSec)} intended`);
  return parts.join(' · ');
}

/** The six headline figures of a run, for scenarios that have nothing to compare with. */
export function currentFigures(result: ScenarioResult): { metric: MetricName; value: number }[] {
  const values: Record<MetricName, number> = {
    p50: result.latencyMs.p50,
    p90: result.latencyMs.p90,
    p95: result.latencyMs.p95,
    p99: result.latencyMs.p99,
    rps: result.rps,
    error_rate: result.errorRate,
    capacity: result.capacity?.ratePerSec ?? NaN,
  };
  return METRIC_ORDER.filter((metric) => metric !== 'capacity' || result.capacity !== undefined).map((metric) => ({
    metric,
    value: values[metric],
  }));
}

/** The run's minimum detectable effect of a metric: ±x% (±x points for the error rate); – when none. */
export function formatMde(m: MetricComparison): string {
  return formatMdeValue(m);
}

/** The p-value the verdict used: Holm-adjusted when there was a family to adjust over. */
export function verdictPValue(m: MetricComparison): number | undefined {
  // A verdict the whole-run test reached shows that test's p, not the pairs' that did not decide.
  if (m.decidedBy === 'whole-run' && m.wholeRun?.adjustedPValue !== undefined) return m.wholeRun.adjustedPValue;
  return m.adjustedPValue ?? m.pValue;
}
