// A small chart of a metric over the stored runs, where they exist, with this run as its last
// point: the durable history (baseline-branch, or the cache while it lasts) seen in the PR comment
// and the job summary, not only as trends' change-point digest. Mermaid, which GitHub renders.
import type { Comparison } from '../types/comparison.js';
import type { HistoryEntry } from '../types/results.js';
import { CHART_COLOURS, chartNumber, chartTitle } from './charts.js';
import { shortSha } from './format.js';
import { escapeText } from './markup/markdown.js';

export interface HistoryChartOptions {
  /** Stored runs shown, the newest. */
  maxRuns?: number;
  /** Scenarios charted: the regressed first, then the rest in the report's order. */
  maxScenarios?: number;
}

/** At least this many stored runs of a scenario before a line means anything. */
const MIN_RUNS = 2;

/**
 * p95 of each charted scenario over the stored runs (oldest to newest) and this run; undefined
 * when no scenario has MIN_RUNS stored runs. `runs` are the stored runs newest first (a baseline's
 * trends list, or its results and history).
 */
export function renderHistoryCharts(
  comparison: Pick<Comparison, 'scenarios' | 'regressions'>,
  runs: readonly HistoryEntry[],
  options: HistoryChartOptions = {},
): string | undefined {
  const maxRuns = options.maxRuns ?? 20;
  const regressed = new Set(comparison.regressions.map((r) => r.scenario));
  const ordered = [
    ...comparison.scenarios.filter((s) => regressed.has(s.name)),
    ...comparison.scenarios.filter((s) => !regressed.has(s.name)),
  ];
  const oldestFirst = [...runs].slice(0, maxRuns).reverse();
  const charts: string[] = [];
  for (const scenario of ordered) {
    if (charts.length >= (options.maxScenarios ?? 3)) break;
    const stored = oldestFirst
      .map((run) => ({ run, p95: run.scenarios[scenario.name]?.p95 }))
      .filter((p): p is { run: HistoryEntry; p95: number } => typeof p.p95 === 'number' && Number.isFinite(p.p95));
    if (stored.length < MIN_RUNS) continue;
    const now = scenario.current.latencyMs.p95;
    const values = [...stored.map((p) => p.p95), now];
    const top = Math.max(...values);
    const labels = [...stored.map((p, i) => (p.run.commit ? shortSha(p.run.commit) : String(i + 1))), 'this run'];
    charts.push(
      [
        '```mermaid',
        `%%{init: {"xyChart": {"height": 200}, "themeVariables": {"xyChart": {"plotColorPalette": "${CHART_COLOURS.current}"}}}}%%`,
        'xychart-beta',
        `  title ${chartTitle(`${scenario.name}: p95 (ms) over ${stored.length} stored runs and this one`)}`,
        `  x-axis [${labels.map((label) => chartTitle(label)).join(', ')}]`,
        `  y-axis "ms" 0 --> ${chartNumber(top * 1.1 || 1)}`,
        `  line [${values.map(chartNumber).join(', ')}]`,
        '```',
      ].join('\n'),
    );
  }
  if (charts.length === 0) return undefined;
  const newest = oldestFirst.at(-1)?.date.slice(0, 10) ?? '';
  return [
    `<details><summary>p95 over the stored runs (the newest of ${escapeText(newest)}) and this run</summary>`,
    '',
    ...charts.flatMap((chart) => [chart, '']),
    '</details>',
  ].join('\n');
}
