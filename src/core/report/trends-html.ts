// `perfgate trends --format html`: one self-contained page (inline SVG and CSS, no script, no
// network; its Content-Security-Policy forbids loading anything) with a chart per scenario ×
// metric over the stored runs, the change points trends found marked on them, and each point
// linking its commit and its workflow run. A nightly publishes it with GitHub Pages.
import type { MetricName } from '../types/config.js';
import type { HistoryEntry } from '../types/results.js';
import type { MetricChange, TrendChangePoint, TrendsAnalysis } from '../trends/types.js';
import { SUMMARY_FIELDS } from '../trends/analyze.js';
import { formatMetricChange, formatMetricValue, formatPValue, metricLabel, pluralize, shortSha } from './format.js';
import { escapeXml, renderLineChart, safeUrl, type ChartMarker, type ChartPoint } from './svg-chart.js';
import { changeText, tooFewRuns } from './trends.js';

export interface TrendsHtmlOptions {
  /** The metrics charted, in order: the config's compare.metrics, the ones trends searched. */
  metrics: readonly MetricName[];
  /** https://github.com/owner/repo: each point links its commit there. */
  repositoryUrl?: string;
  /** The page's heading, e.g. the repository. */
  title?: string;
}

/** One chart: a scenario's metric over the stored runs. */
export interface TrendSeries {
  scenario: string;
  metric: MetricName;
  points: { index: number; value: number }[];
  /** The change points of this series: its own, and those it moved with (alsoChanged). */
  changes: { point: TrendChangePoint; change: MetricChange }[];
}

const COMMIT = /^[0-9A-Za-z]{1,64}$/;

const UNITS: Record<MetricName, string> = {
  p50: 'ms',
  p90: 'ms',
  p95: 'ms',
  p99: 'ms',
  rps: 'req/s',
  error_rate: '%',
  capacity: 'req/s',
};

/**
 * Every scenario × metric with at least one value, metrics in config order; the scenarios with a
 * change point first (what the reader came for, above the fold), then the rest, each in name order.
 */
export function trendSeries(analysis: TrendsAnalysis, metrics: readonly MetricName[]): TrendSeries[] {
  const changed = new Set(analysis.changePoints.map((point) => point.scenario));
  const names = [...new Set(analysis.runs.flatMap((run) => Object.keys(run.scenarios)))].sort();
  const scenarios = [...names.filter((name) => changed.has(name)), ...names.filter((name) => !changed.has(name))];
  const series: TrendSeries[] = [];
  for (const scenario of scenarios) {
    for (const metric of metrics) {
      const field = SUMMARY_FIELDS[metric];
      const points = analysis.runs.flatMap((run, index) => {
        const value = run.scenarios[scenario]?.[field];
        return typeof value === 'number' && Number.isFinite(value) ? [{ index, value }] : [];
      });
      if (points.length === 0) continue;
      const changes = analysis.changePoints
        .filter((point) => point.scenario === scenario)
        .flatMap((point) =>
          [point, ...point.alsoChanged].filter((c) => c.metric === metric).map((change) => ({ point, change })),
        );
      series.push({ scenario, metric, points, changes });
    }
  }
  return series;
}

function commitUrl(repositoryUrl: string | undefined, commit: string | undefined): string | undefined {
  if (repositoryUrl === undefined || commit === undefined || !COMMIT.test(commit)) return undefined;
  return safeUrl(`${repositoryUrl}/commit/${commit}`);
}

/**
 * The repository as the page's <base>, so that the thousands of links to its commits and runs are
 * written relative to it ("commit/<sha>", "actions/runs/<id>"): a third of a large page's bytes.
 */
function pageBase(repositoryUrl: string | undefined): string | undefined {
  const url = safeUrl(repositoryUrl === undefined ? undefined : `${repositoryUrl.replace(/\/+$/, '')}/`);
  return url !== undefined && new URL(url).search === '' && new URL(url).hash === '' ? url : undefined;
}

function relativeTo(base: string | undefined, url: string | undefined): string | undefined {
  return base !== undefined && url !== undefined && url.startsWith(base) ? url.slice(base.length) : url;
}

function pointTitle(run: HistoryEntry, index: number, metric: MetricName, value: number): string {
  return [
    `run ${index + 1}`,
    run.date.slice(0, 16).replace('T', ' '),
    run.commit ? shortSha(run.commit) : 'no commit',
    `${metricLabel(metric)} ${formatMetricValue(metric, value)}`,
    ...(run.verdict === 'fail' ? ['failed its gate'] : []),
  ].join(' · ');
}

function markerOf(series: TrendSeries, item: TrendSeries['changes'][number]): ChartMarker {
  const { point, change } = item;
  const size = change.metric === 'error_rate' ? change.after - change.before : change.change;
  return {
    x: change.index,
    label: size === null ? 'from 0' : formatMetricChange(change.metric, size),
    title:
      `change point: ${series.scenario} ${metricLabel(change.metric)} ${changeText(change)} at run ${change.index + 1}` +
      ` (${point.commit ? shortSha(point.commit) : 'no commit'}), p ${formatPValue(change.pValue)}` +
      `${point.recovered ? ', recovered since' : ''}`,
    kind: point.regression ? 'regression' : 'improvement',
  };
}

function chartOf(analysis: TrendsAnalysis, series: TrendSeries, options: TrendsHtmlOptions, base?: string): string {
  const splits = analysis.environmentChanges.map((change) => change.index);
  const lines: ChartPoint[][] = [];
  let line: ChartPoint[] = [];
  for (const { index, value } of series.points) {
    if (line.length > 0 && splits.some((at) => at > line.at(-1)!.x && at <= index)) {
      lines.push(line);
      line = [];
    }
    const run = analysis.runs[index]!;
    const href = relativeTo(base, commitUrl(options.repositoryUrl, run.commit));
    const runHref = relativeTo(base, safeUrl(run.runUrl));
    line.push({
      x: index,
      value: series.metric === 'error_rate' ? value * 100 : value,
      title: pointTitle(run, index, series.metric, value),
      ...(href ? { href } : {}),
      ...(runHref ? { runHref } : {}),
      ...(run.verdict === 'fail' ? { failed: true } : {}),
    });
  }
  if (line.length > 0) lines.push(line);
  const unit = UNITS[series.metric];
  return renderLineChart({
    label: `${series.scenario}: ${metricLabel(series.metric)} (${unit}) over ${pluralize(series.points.length, 'run')}`,
    runs: analysis.runs.length,
    lines,
    markers: series.changes.map((item) => markerOf(series, item)),
    runnerShifts: analysis.sharedShifts
      .filter((shift) => shift.metric === series.metric && shift.scenarios.includes(series.scenario))
      .map((shift) => ({
        x: shift.index,
        title:
          `put down to the runner, not a change point: ${metricLabel(shift.metric)} ` +
          `${shift.change === null ? 'from 0' : formatMetricChange(shift.metric, shift.change)} at run ${shift.index + 1}` +
          (shift.machine
            ? `, the runner's competing work ${shift.machine.before.toFixed(2)} → ${shift.machine.after.toFixed(2)} cores`
            : '') +
          (shift.loopDelayMs
            ? `, the generator's loop delay ${shift.loopDelayMs.before.toFixed(1)} → ${shift.loopDelayMs.after.toFixed(1)} ms at p99`
            : ''),
      })),
    splits,
    formatValue: (v) => (unit === '%' ? `${Math.round(v * 100) / 100}%` : `${Math.round(v * 100) / 100} ${unit}`),
  });
}

function summaryItems(analysis: TrendsAnalysis, options: TrendsHtmlOptions): string[] {
  return analysis.changePoints.map((point) => {
    const url = commitUrl(options.repositoryUrl, point.commit ?? undefined);
    const commit = point.commit ? escapeXml(shortSha(point.commit)) : 'no commit';
    const at = url ? `<a href="${escapeXml(url)}">${commit}</a>` : commit;
    return (
      `<li class="${point.regression ? 'regression' : 'improvement'}"><code>${escapeXml(point.scenario)}</code> ` +
      `${escapeXml(metricLabel(point.metric))} ${escapeXml(changeText(point))} at run ${point.index + 1} (${at}), ` +
      `${point.recovered ? 'recovered since' : 'not recovered'}</li>`
    );
  });
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #656d76; --grid: #d0d7de; --line: #0969da; --bad: #cf222e; --good: #1a7f37; --bg: #fff; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #8d96a0; --grid: #30363d; --line: #4493f8; --bad: #f85149; --good: #3fb950; --bg: #0d1117; } }
body { font: 14px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--fg); background: var(--bg); margin: 24px auto; max-width: 1340px; padding: 0 16px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid var(--grid); }
.meta, figcaption, .axis { color: var(--muted); fill: var(--muted); }
.grid-of-charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(420px, 1fr)); gap: 12px 20px; }
figure { margin: 0; } figcaption { font-size: 13px; }
svg.chart { width: 100%; height: auto; font-size: 11px; }
svg .grid { stroke: var(--grid); stroke-width: 1; } svg .split { stroke: var(--muted); stroke-dasharray: 2 3; }
svg .line { fill: none; stroke: var(--line); stroke-width: 1.5; }
svg .point { fill: var(--line); } svg .point.failed { fill: var(--bg); stroke: var(--bad); stroke-width: 1.5; }
svg .run { fill: var(--grid); } svg a:hover .point, svg a:hover .run { fill: var(--fg); }
svg .change-point line { stroke-width: 1.5; stroke-dasharray: 5 3; } svg .change-point text { font-weight: 600; }
svg .regression line { stroke: var(--bad); } svg .regression text { fill: var(--bad); }
svg .improvement line { stroke: var(--good); } svg .improvement text { fill: var(--good); }
svg .runner-shift line { stroke: var(--muted); stroke-width: 1.5; stroke-dasharray: 1 3; } svg .runner-shift text { fill: var(--muted); }
li.regression::marker { color: var(--bad); } li.improvement::marker { color: var(--good); }
`;

export function renderTrendsHtml(analysis: TrendsAnalysis, options: TrendsHtmlOptions): string {
  const title = options.title ? `perfgate trends · ${options.title}` : 'perfgate trends';
  const runs = analysis.runs;
  const span =
    runs.length === 0
      ? 'no stored runs yet'
      : `${pluralize(runs.length, 'stored run')}, ${escapeXml(runs[0]!.date.slice(0, 10))} to ${escapeXml(runs.at(-1)!.date.slice(0, 10))}`;
  const few = tooFewRuns(analysis);
  const base = pageBase(options.repositoryUrl);
  const body: string[] = [
    `<h1>${escapeXml(title)}</h1>`,
    `<p class="meta">${span} · ${pluralize(analysis.changePoints.length, 'change point')}. ` +
      'Each point links its commit, each tick under the axis its workflow run; a hollow point failed its gate; ' +
      'a dashed line is a change point, a grey dotted one labelled "runner" a change put down to the runner, ' +
      'a dotted one without a label a change of machine.</p>',
  ];
  if (few && runs.length > 0) body.push(`<p class="meta">${escapeXml(few)}</p>`);
  const items = summaryItems(analysis, options);
  if (items.length > 0) body.push(`<ul class="change-points">\n${items.join('\n')}\n</ul>`);
  const series = trendSeries(analysis, options.metrics);
  for (const scenario of [...new Set(series.map((s) => s.scenario))]) {
    body.push(
      `<section class="scenario" data-scenario="${escapeXml(scenario)}">`,
      `<h2><code>${escapeXml(scenario)}</code></h2>`,
      '<div class="grid-of-charts">',
    );
    for (const s of series.filter((one) => one.scenario === scenario)) {
      body.push(
        `<figure class="series" data-scenario="${escapeXml(s.scenario)}" data-metric="${s.metric}">`,
        `<figcaption>${escapeXml(metricLabel(s.metric))} (${UNITS[s.metric]})${s.changes.length > 0 ? ` · ${pluralize(s.changes.length, 'change point')}` : ''}</figcaption>`,
        chartOf(analysis, s, options, base),
        '</figure>',
      );
    }
    body.push('</div>', '</section>');
  }
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    // Nothing is fetched: the page is its own chart library, and a scenario name cannot load one.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeXml(title)}</title>`,
    ...(base ? [`<base href="${escapeXml(base)}">`] : []),
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
