// The plain-text comparison report (`perfgate compare`, `perfgate gate`): the verdict first, a table
// per scenario, then one sentence per change in words a reviewer can paste into a discussion.
// The verdict wording and the sentences are shared with the markdown and Slack reports.
import type { BaselineStatus, Comparison, MetricComparison, ScenarioComparison, Verdict } from '../types/comparison.js';
import type { MetricName } from '../types/config.js';
import type { ScenarioResult } from '../types/results.js';
import {
  METRIC_ORDER,
  metricComparisonCells,
  formatCount,
  formatFixed,
  formatGrade,
  formatMetricValue,
  formatPValue,
  formatRps,
  formatThresholdLine,
  formatThresholdOutcome,
  intervalDecimals,
  metricLabel,
  okPerSec,
  pluralize,
  shortSha,
} from './format.js';
import {
  describeScopeWhere,
  formatMetricList,
  formatReasonNumbers,
  groupReasons,
  scenarioReferences,
  scopesOf,
  type GroupedReasons,
} from './reasons.js';
import { renderCapacityText } from '../capacity/report.js';

// ---------------------------------------------------------------- shared wording

export type VerdictLevel = 'fail' | 'warn' | 'pass';

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
  if (comparison.verdict === 'fail' || regressions > 0 || breaches > 0) {
    if (regressions > 0) parts.push(pluralize(regressions, 'regression'));
    if (breaches > 0) parts.push(`${pluralize(breaches, 'threshold')} breached`);
    if (parts.length === 0) parts.push('failed');
    if (status.kind !== 'ok') parts.push(BASELINE_PROBLEMS[status.kind]);
    return { level: 'fail', words: parts.join(', ') };
  }
  if (status.kind !== 'ok') {
    const thresholds = comparison.scenarios.reduce((n, s) => n + s.thresholds.length, 0);
    parts.push(BASELINE_PROBLEMS[status.kind]);
    parts.push(thresholds > 0 ? `${pluralize(thresholds, 'threshold')} met` : 'no thresholds set');
    return { level: 'warn', words: parts.join(', ') };
  }
  parts.push('no regression');
  if (improvements > 0) parts.push(pluralize(improvements, 'improvement'));
  if (inconclusive > 0) parts.push(`${formatCount(inconclusive)} inconclusive`);
  if (environmentDiffers) parts.push('environment differs');
  return { level: inconclusive > 0 || environmentDiffers ? 'warn' : 'pass', words: parts.join(', ') };
}

/** What the baseline was and how it was used, one line each; empty when there is nothing to say. */
export function describeBaseline(comparison: Comparison): string[] {
  const notes: string[] = [];
  const status = comparison.baselineStatus;
  if (comparison.ab !== undefined) {
    const pairs =
      comparison.ab.pairs > 0
        ? ` (${pluralize(comparison.ab.pairs, 'segment pair')}, trimmed paired t per metric)`
        : '';
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

function sentencePercent(fraction: number): string {
  return `${formatFixed(Math.abs(fraction) * 100, Math.abs(fraction) >= 0.1 ? 0 : 1)}%`;
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
    `from ${formatMetricValue(m.metric, m.baseline)} to ${formatMetricValue(m.metric, m.current)}`
  );
}

/** "p99 of checkout: too few tail samples; the generator fell behind" */
export function describeInconclusive(m: MetricComparison): string {
  const reasons = m.reasons.length > 0 ? m.reasons.join('; ') : 'significance and effect size disagree';
  return `${metricLabel(m.metric)} of ${m.scenario}: ${reasons}`;
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
  const mde = m.minDetectableEffect;
  if (mde === undefined || !Number.isFinite(mde)) return '–';
  return m.metric === 'error_rate'
    ? `±${formatFixed(mde * 100, 2)} pp`
    : `±${formatFixed(mde * 100, Math.abs(mde) >= 0.1 ? 0 : 1)}%`;
}

/** The p-value the verdict used: Holm-adjusted when there was a family to adjust over. */
export function verdictPValue(m: MetricComparison): number | undefined {
  return m.adjustedPValue ?? m.pValue;
}

// ---------------------------------------------------------------- the text report

/** Pads columns to a common width; `right` columns align numbers on their last digit. */
export function renderTextTable(rows: string[][], rightAligned: boolean[], indent = '  '): string[] {
  const width = (cell: string): number => [...cell].length;
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, width(cell))));
  return rows.map((row) =>
    (
      indent +
      row
        .map((cell, i) => {
          const pad = ' '.repeat((widths[i] ?? 0) - width(cell));
          return rightAligned[i] ? pad + cell : cell + pad;
        })
        .join('  ')
    ).trimEnd(),
  );
}

const LEVEL_WORDS: Record<VerdictLevel, string> = { fail: '✗ FAIL', warn: '⚠ PASS', pass: '✓ PASS' };

export function renderComparisonText(comparison: Comparison): string {
  const summary = summarizeVerdict(comparison);
  const out: string[] = [`perfgate: ${LEVEL_WORDS[summary.level]} — ${summary.words}`];
  const base = comparison.baseline;
  if (base) {
    out.push(
      `baseline: ${base.commit ? `${shortSha(base.commit)}, ` : ''}saved ${base.savedAt} · mode: ${comparison.mode}`,
    );
  }
  if (comparison.ab?.baseCommit !== undefined)
    out.push(`base: ${shortSha(comparison.ab.baseCommit)} · mode: ab (${comparison.ab.schedule})`);
  const current = comparison.current.git?.commit;
  if (current) out.push(`${comparison.ab !== undefined ? 'head' : 'current'}: ${shortSha(current)}`);
  for (const note of describeBaseline(comparison)) out.push(`note: ${note}`);
  for (const note of comparison.notes) out.push(`note: ${note}`);

  const reasons = groupReasons(comparison);
  for (const scenario of comparison.scenarios) out.push('', ...renderScenarioText(comparison, scenario, reasons));

  const sections: [string, string[]][] = [
    ['Regressions', sortMetrics(comparison.regressions).map(describeMetricChange)],
    ['Improvements', sortMetrics(comparison.improvements).map(describeMetricChange)],
    [
      'Thresholds breached',
      comparison.breaches.map(
        (t) => `${t.scenario}: ${t.expression} (${t.reason ?? `actual ${formatThresholdOutcome(t)}`})`,
      ),
    ],
  ];
  for (const [title, lines] of sections) {
    if (lines.length === 0) continue;
    out.push('', `${title}:`, ...lines.map((text) => `  - ${text}`));
  }
  out.push(...renderReasonsText(reasons));
  if (allMetrics(comparison).some((m) => verdictPValue(m) !== undefined)) {
    out.push(
      '',
      'p: one-sided p-value, Holm-adjusted over all tests of the run; a verdict needs it ≤ α and the minimum effect.',
    );
  }
  return `${out.join('\n')}\n`;
}

/** Each reason once, with where it applies, then what the user can do about them. */
export function renderReasonsText(reasons: GroupedReasons): string[] {
  if (reasons.groups.length === 0) return [];
  const out = ['', 'Why verdicts were held back:'];
  for (const scope of scopesOf(reasons)) {
    out.push(`  ${describeScopeWhere(scope)}: ${formatMetricList(scope.metrics)}`);
    for (const group of scope.groups) out.push(`    ${group.number}. ${group.reason}`);
  }
  out.push('  What you can do:', ...reasons.remedies.map((r) => `    - ${r}`));
  return out;
}

/** The line `run` and `gate` end with: the verdict, then every threshold with its unit. */
export function renderThresholdLines(comparison: Comparison): string[] {
  const all = comparison.scenarios.flatMap((s) => s.thresholds);
  return [...all.filter((t) => !t.ok), ...all.filter((t) => t.ok)].map(formatThresholdLine);
}

function renderScenarioText(comparison: Comparison, s: ScenarioComparison, reasons: GroupedReasons): string[] {
  const r = s.current;
  const out = [`${s.name} · ${r.executor} · ${describeRequests(r)} · grade ${formatGrade(r.grade, r.requests.ok)}`];
  const ok = { baseline: s.baseline?.requests.ok, current: r.requests.ok };
  if (s.metrics.length > 0 && comparison.ab !== undefined) {
    // A/B: base and head side by side, and what the run could have detected beside each verdict.
    const rows = [['metric', 'base', 'head', 'change [95% CI]', 'MDE', 'verdict', 'p']];
    for (const m of sortMetrics(s.metrics)) {
      rows.push([
        ...metricComparisonCells(m, ok),
        formatMde(m),
        `${VERDICT_MARKS[m.verdict]} ${m.verdict}`,
        formatPValue(verdictPValue(m)),
      ]);
    }
    out.push(...renderTextTable(rows, [false, true, true, false, true, false, true]));
  } else if (s.metrics.length > 0) {
    const rows = [['metric', 'baseline', 'current', 'change [95% CI]', 'verdict', 'p']];
    for (const m of sortMetrics(s.metrics)) {
      rows.push([
        ...metricComparisonCells(m, ok),
        `${VERDICT_MARKS[m.verdict]} ${m.verdict}`,
        formatPValue(verdictPValue(m)),
      ]);
    }
    out.push(...renderTextTable(rows, [false, true, true, false, false, true]));
  } else {
    const rows = [['metric', 'current']];
    for (const { metric, value } of currentFigures(r))
      rows.push([metricLabel(metric), formatMetricValue(metric, value, r.requests.ok)]);
    out.push(...renderTextTable(rows, [false, true]));
  }
  if (r.requests.ok === 0 && r.requests.total > 0) out.push('  ✗ no request succeeded: there is no latency to show');
  if (s.thresholds.length > 0) {
    out.push('  thresholds:');
    const rows = s.thresholds.map((t) => [`${t.ok ? '✓' : '✗'} ${t.expression}`, formatThresholdOutcome(t)]);
    out.push(...renderTextTable(rows, [false, true], '    '));
  }
  for (const ref of scenarioReferences(comparison, reasons, s.name)) {
    out.push(`  ? ${formatMetricList(ref.metrics)} held back: ${formatReasonNumbers(ref.numbers)} below`);
  }
  if (r.generator.saturated)
    out.push(`  ⚠ generator saturated: ${r.generator.reasons.join('; ') || 'it could not keep up'}`);
  for (const note of s.notes) out.push(`  note: ${note}`);
  out.push(...renderCapacityText(r));
  return out;
}
