// The reports of `perfgate trends`: text for the terminal, markdown (the job summary and the
// nightly issue) with a chart per changed series, one Slack line per change point, and JSON.
import {
  SUMMARY_FIELDS,
  type CommonChange,
  type MetricChange,
  type SharedShift,
  type TrendChangePoint,
  type TrendsAnalysis,
} from '../trends/analyze.js';
import type { HistoryEntry } from '../types/results.js';
import { CHART_COLOURS } from './charts.js';
import { formatMetricChange, formatMetricValue, formatPValue, metricLabel, pluralize, shortSha } from './format.js';
import { code, escapeText, table } from './markup/markdown.js';
import { escapeSlack, link } from './markup/slack.js';

export interface TrendsReportOptions {
  /** https://github.com/owner/repo in Actions: the commit ranges become compare links. */
  repositoryUrl?: string;
}

function sha(commit: string | null): string {
  return commit === null ? '(no commit)' : shortSha(commit);
}

/** A change's size and its level before and after, worded alike by every trends report (text, Markdown, Slack, HTML). */
export function changeText(m: MetricChange): string {
  const change =
    m.metric === 'error_rate'
      ? formatMetricChange(m.metric, m.after - m.before)
      : m.change === null
        ? 'from 0'
        : formatMetricChange(m.metric, m.change);
  return `${change} (${formatMetricValue(m.metric, m.before)} → ${formatMetricValue(m.metric, m.after)})`;
}

function since(point: TrendChangePoint): string {
  return point.recovered ? 'recovered since' : 'not recovered';
}

function dateOf(time: string): string {
  return time.slice(0, 10);
}

function span(analysis: TrendsAnalysis): string {
  const first = analysis.runs[0];
  const last = analysis.runs.at(-1);
  if (first === undefined || last === undefined) return 'no stored runs';
  return `${pluralize(analysis.runs.length, 'run')} (${dateOf(first.date)} … ${dateOf(last.date)}), ${pluralize(analysis.series, 'series', 'series')}`;
}

function rangeText(point: TrendChangePoint): string {
  return `${sha(point.previousCommit)}..${sha(point.commit)}`;
}

function cores(value: number): string {
  return `${Number(value.toFixed(2))} ${value === 1 ? 'core' : 'cores'}`;
}

function machineText(shift: SharedShift): string {
  const parts: string[] = [];
  if (shift.loopDelayMs !== null)
    parts.push(
      `the generator's event loop went from ${ms(shift.loopDelayMs.before)} to ${ms(shift.loopDelayMs.after)} late at p99`,
    );
  if (shift.machine !== null && (shift.loopDelayMs === null || shift.machine.before !== shift.machine.after))
    parts.push(`the runner's competing work went from ${cores(shift.machine.before)} to ${cores(shift.machine.after)}`);
  return parts.join(' and ');
}

function ms(value: number): string {
  return `${Number(value.toFixed(1))} ms`;
}

function sharedText(shift: SharedShift): string {
  const change = shift.change === null ? '' : ` ${formatMetricChange(shift.metric, shift.change)}`;
  const others =
    shift.othersChange === null
      ? ''
      : `, ${formatMetricChange(shift.metric, shift.othersChange)} in the other scenarios`;
  return (
    `${metricLabel(shift.metric)}${change} in ${shift.scenarios.join(', ')} at run ${shift.index + 1} (${sha(shift.commit)})${others}, ` +
    `while ${machineText(shift)}: the runner, not a commit, so not a change point`
  );
}

function commonText(common: CommonChange): string {
  const unmoved = common.unmoved.length > 0 ? `; ${common.unmoved.join(', ')} did not move` : '';
  return (
    `${common.scenarios.join(', ')} moved together at run ${common.index + 1} (${sha(common.commit)}, landed in ` +
    `${sha(common.previousCommit)}..${sha(common.commit)})${unmoved}: one commit, likely in a layer they share, ` +
    `not the runner: the environment fingerprint is the same on both sides, and no measured change of the runner's load moved them`
  );
}

/**
 * Said when no series is long enough to hold a change: "no change point" would read as "nothing
 * changed" when the search could not have found one yet.
 */
export function tooFewRuns(analysis: TrendsAnalysis): string | undefined {
  if (analysis.longestSeries >= analysis.minRuns) return undefined;
  return (
    `too few runs to find a change: with trends.minSegment runs on each side of a change and its t-test at trends.alpha, ` +
    `even a clean step needs at least ${analysis.minRuns} runs of a scenario on one environment (with the step near the middle), and the longest series here has ${analysis.longestSeries}; ` +
    `keep saving runs (perfgate gate --save, or the nightly job's save-baseline)`
  );
}

export function renderTrendsText(analysis: TrendsAnalysis): string {
  const lines = [`perfgate trends: ${span(analysis)}, ${pluralize(analysis.changePoints.length, 'change point')}`];
  for (const point of analysis.changePoints) {
    const direction = point.regression ? 'worse' : 'better';
    lines.push(
      `  ${point.scenario} ${metricLabel(point.metric)} ${changeText(point)}, ${direction}, at run ${point.index + 1} ` +
        `(${sha(point.commit)}, ${point.time}); landed in ${rangeText(point)}; ${since(point)}; p ${formatPValue(point.pValue)}` +
        (point.failedRun ? '; that run failed its gate' : ''),
    );
    if (point.alsoChanged.length > 0)
      lines.push(`    also: ${point.alsoChanged.map((m) => `${metricLabel(m.metric)} ${changeText(m)}`).join(', ')}`);
  }
  for (const change of analysis.environmentChanges)
    lines.push(
      `  environment changed at run ${change.index + 1} (${sha(change.commit)}, ${change.time}): ${change.from} → ${change.to}; the series are split there, not compared across`,
    );
  for (const common of analysis.commonChanges) lines.push(`  ${commonText(common)}`);
  for (const shift of analysis.sharedShifts) lines.push(`  ${sharedText(shift)}`);
  const short = tooFewRuns(analysis);
  if (short !== undefined) lines.push(`  ${short}`);
  else if (analysis.changePoints.length === 0 && analysis.runs.length > 0) lines.push('  no metric changed level');
  return lines.join('\n');
}

function compareLink(point: TrendChangePoint, options: TrendsReportOptions): string {
  const text = code(rangeText(point));
  if (!options.repositoryUrl || point.commit === null) return text;
  const target =
    point.previousCommit === null || point.previousCommit === point.commit
      ? `${options.repositoryUrl}/commit/${point.commit}`
      : `${options.repositoryUrl}/compare/${point.previousCommit}...${point.commit}`;
  return `[${text}](${encodeURI(target)})`;
}

function chartNumber(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toPrecision(3))) : '0';
}

/** The series as a line and its two levels as a step, so the change shows where it landed. */
export function trendChart(point: TrendChangePoint, runs: readonly HistoryEntry[]): string {
  const field = SUMMARY_FIELDS[point.metric];
  const points = runs
    .map((run, i) => ({ i, value: run.scenarios[point.scenario]?.[field] }))
    .filter((p): p is { i: number; value: number } => typeof p.value === 'number');
  const scale = point.metric === 'error_rate' ? 100 : 1;
  const values = points.map((p) => p.value * scale);
  const level = points.map((p) => (p.i < point.index ? point.before : point.after) * scale);
  const top = Math.max(...values, ...level);
  const unit =
    point.metric === 'error_rate' ? '%' : point.metric === 'rps' || point.metric === 'capacity' ? 'req/s' : 'ms';
  const title = `${point.scenario}: ${metricLabel(point.metric)} per run (${unit})`
    .replace(/["\\]/g, "'")
    .replace(/[<>|]/g, ' ');
  return [
    '```mermaid',
    `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${CHART_COLOURS.current}, ${CHART_COLOURS.baseline}"}}}}%%`,
    'xychart-beta',
    `  title "${title}"`,
    `  x-axis "run" [${points.map((p) => p.i + 1).join(', ')}]`,
    `  y-axis "${unit}" 0 --> ${chartNumber(top * 1.1 || 1)}`,
    `  line [${values.map(chartNumber).join(', ')}]`,
    `  line [${level.map(chartNumber).join(', ')}]`,
    '```',
    '',
    `<sub>blue: each run · grey: the level before and after the change at run ${point.index + 1} (${escapeText(sha(point.commit))})</sub>`,
  ].join('\n');
}

export function renderTrendsMarkdown(analysis: TrendsAnalysis, options: TrendsReportOptions = {}): string {
  const count = analysis.changePoints.length;
  const short = tooFewRuns(analysis);
  const headline =
    count > 0
      ? `📈 perfgate trends: ${pluralize(count, 'change point')}`
      : short !== undefined
        ? `⏳ perfgate trends: too few runs yet (${analysis.longestSeries} of ${analysis.minRuns})`
        : '✓ perfgate trends: no change point';
  const parts = [`## ${headline}`, '', `${escapeText(span(analysis))} searched.`];
  if (short !== undefined) parts.push('', `${escapeText(short[0]!.toUpperCase() + short.slice(1))}.`);
  if (count > 0) {
    const rows = [
      ['Scenario', 'Metric', 'Change', 'Landed in', 'Run', 'Since', 'p'],
      ...analysis.changePoints.map((point) => [
        code(point.scenario),
        `${metricLabel(point.metric)}${point.alsoChanged.length > 0 ? ` (also ${point.alsoChanged.map((m) => metricLabel(m.metric)).join(', ')})` : ''}`,
        `${point.regression ? '🔴' : '🟢'} ${escapeText(changeText(point))}`,
        compareLink(point, options),
        `${point.index + 1} (${escapeText(dateOf(point.time))})${point.failedRun ? ', failed its gate' : ''}`,
        since(point),
        formatPValue(point.pValue),
      ]),
    ];
    parts.push('', table(rows, ['l', 'l', 'l', 'l', 'r', 'l', 'r']));
    for (const point of analysis.changePoints)
      parts.push(
        '',
        `### ${code(point.scenario, 'text')} ${metricLabel(point.metric)}`,
        '',
        trendChart(point, analysis.runs),
      );
  }
  for (const change of analysis.environmentChanges)
    parts.push(
      '',
      `> The environment changed at run ${change.index + 1} (${escapeText(sha(change.commit))}): ${code(change.from)} → ${code(change.to)}. The series are split there, not compared across.`,
    );
  for (const common of analysis.commonChanges) parts.push('', `> ${escapeText(commonText(common))}.`);
  for (const shift of analysis.sharedShifts) parts.push('', `> ${escapeText(sharedText(shift))}.`);
  return parts.join('\n');
}

/** One line per change point; none at all when nothing changed, so no message is sent. */
export function renderTrendsSlackLines(analysis: TrendsAnalysis, options: TrendsReportOptions = {}): string[] {
  return analysis.changePoints.map((point) => {
    const range = rangeText(point);
    const where =
      options.repositoryUrl && point.commit !== null && point.previousCommit !== null
        ? link(`${options.repositoryUrl}/compare/${point.previousCommit}...${point.commit}`, range)
        : escapeSlack(range);
    return `${point.regression ? ':red_circle:' : ':large_green_circle:'} ${escapeSlack(`${point.scenario} ${metricLabel(point.metric)} ${changeText(point)}`)} in ${where}, ${since(point)}`;
  });
}

export function renderTrendsJson(analysis: TrendsAnalysis): string {
  const first = analysis.runs[0];
  const last = analysis.runs.at(-1);
  return JSON.stringify(
    {
      kind: 'perfgate-trends',
      runs: analysis.runs.length,
      series: analysis.series,
      ...(first && last
        ? {
            from: { commit: first.commit ?? null, time: first.date },
            to: { commit: last.commit ?? null, time: last.date },
          }
        : {}),
      changePoints: analysis.changePoints,
      environmentChanges: analysis.environmentChanges,
      sharedShifts: analysis.sharedShifts,
      commonChanges: analysis.commonChanges,
      minRuns: analysis.minRuns,
      longestSeries: analysis.longestSeries,
    },
    null,
    2,
  );
}
