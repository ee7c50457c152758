// The mermaid charts of the markdown report: percentiles of base and head (or baseline and run),
// and latency over the run's timeline.
import type { ScenarioComparison } from '../types/comparison.js';
import type { TimelinePoint } from '../types/results.js';
import { formatCount, formatPercent } from './format.js';

const CHART_POINTS = 30;

/** Mermaid numbers: plain decimals, three significant digits, no separators. */
export function chartNumber(ms: number): string {
  if (!Number.isFinite(ms)) return '0';
  return String(Number(ms.toPrecision(3)));
}

/** A title inside the chart's quotes. A scenario name is a fork's text: "%%" would open a mermaid
 * directive (`%%{init: {"themeCSS": …}}%%` restyles or blanks every chart of the trusted comment)
 * and "#…;" an entity, so both lose their meaning; quotes, backslashes and controls cannot end it. */
export function chartTitle(text: string): string {
  const safe = text
    .replace(/["\\]/g, "'")
    .replace(/%/g, '\uff05')
    .replace(/#/g, '\uff03')
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
  return `"${safe}"`;
}

/**
 * Plot colours that hold at least 3:1 contrast (WCAG's figure for graphics) against both GitHub
 * themes' backgrounds, #ffffff and #0d1117: a grey for the baseline's bars, a blue for this run's
 * line. Mermaid's default bar colour (#ECECFF) is 1.2:1 on white. Only the palette is set, so
 * GitHub's own light or dark theme still draws the text and axes.
 */
export const CHART_COLOURS = { baseline: '#8c959f', current: '#2f81f7' } as const;

/**
 * Mermaid draws an xychart 500 px tall by default, which buried the comment under four numbers the
 * table already gives: a chart here is a glance, so it is about half that.
 */
const CHART_HEIGHT_PX = 260;

/** The init line that sets the plot colours, in the order the plots are listed, and the height. */
function chartInit(colours: string[]): string {
  return `%%{init: {"xyChart": {"height": ${CHART_HEIGHT_PX}}, "themeVariables": {"xyChart": {"plotColorPalette": "${colours.join(', ')}"}}}}%%`;
}

const LEGEND_BOTH = `bars: baseline (grey) · line: this run (blue)`;
const LEGEND_AB = `bars: base (grey) · line: head (blue)`;

/** Baseline vs current percentiles; the compared values where the table has them, so both agree. */
export function percentileChart(s: ScenarioComparison, ab = false): string {
  const keys = ['p50', 'p90', 'p95', 'p99'] as const;
  const value = (key: (typeof keys)[number], side: 'baseline' | 'current'): number => {
    const compared = s.metrics.find((m) => m.metric === key);
    if (compared) return compared[side];
    const result = side === 'baseline' ? s.baseline : s.current;
    return result ? result.latencyMs[key] : 0;
  };
  const baseline = keys.map((k) => value(k, 'baseline'));
  const current = keys.map((k) => value(k, 'current'));
  const top = Math.max(...baseline, ...current);
  return [
    '```mermaid',
    chartInit([CHART_COLOURS.baseline, CHART_COLOURS.current]),
    'xychart-beta',
    `  title ${chartTitle(`${s.name}: latency percentiles (ms)`)}`,
    `  x-axis [${keys.join(', ')}]`,
    `  y-axis "ms" 0 --> ${chartNumber(top * 1.1 || 1)}`,
    `  bar [${baseline.map(chartNumber).join(', ')}]`,
    `  line [${current.map(chartNumber).join(', ')}]`,
    '```',
    '',
    `<sub>${ab ? LEGEND_AB : LEGEND_BOTH}</sub>`,
  ].join('\n');
}

interface ChartPoint {
  second: number;
  /** p95 of every request that ended in the interval, failed ones included; undefined if none. */
  p95?: number;
  count: number;
  ko: number;
}

/** A timeline point's latency for the chart: of all requests when recorded, else of ok ones. */
function pointP95(p: TimelinePoint): number | undefined {
  if (p.allP95 !== undefined) return p.allP95;
  if (p.count - p.ko <= 0) return undefined;
  return p.p95 ?? undefined;
}

/** Buckets of `size` seconds; each shows its worst second, so that a stall stays visible. */
function bucketTimeline(timeline: TimelinePoint[], size: number): ChartPoint[] {
  const out: ChartPoint[] = [];
  for (let i = 0; i < timeline.length; i += size) {
    const slice = timeline.slice(i, i + size);
    const values = slice.map(pointP95).filter((v): v is number => v !== undefined);
    out.push({
      second: slice[0]?.second ?? i,
      ...(values.length > 0 ? { p95: Math.max(...values) } : {}),
      count: slice.reduce((n, p) => n + p.count, 0),
      ko: slice.reduce((n, p) => n + p.ko, 0),
    });
  }
  return out;
}

/** The seconds with failed requests, in words: "failed requests: s12 40%, s13 100%". */
function describeFailures(points: ChartPoint[], limit = 8): string | undefined {
  const failing = points.filter((p) => p.ko > 0);
  if (failing.length === 0) return undefined;
  const shown = failing
    .slice(0, limit)
    .map((p) => `${p.second} s: ${formatPercent(p.count > 0 ? p.ko / p.count : 0, 0)}`);
  const more = failing.length > limit ? `, and ${formatCount(failing.length - limit)} more intervals` : '';
  return `failed share where requests failed: ${shown.join(', ')}${more}`;
}

export function timelineChart(s: ScenarioComparison, ab = false): string | undefined {
  if (s.current.timeline.length < 3) return undefined;
  // At most CHART_POINTS buckets, and the baseline's of the same seconds as the current's: sized
  // from each timeline's own length, a base one second longer than its head (a request in flight
  // at the window's end) fell into fewer buckets and vanished from the chart, and a stored run half
  // as long was stretched across the whole axis.
  const size = Math.max(1, Math.ceil(s.current.timeline.length / CHART_POINTS));
  const current = bucketTimeline(s.current.timeline, size);
  if (current.every((p) => p.p95 === undefined)) return undefined;
  const baselineTimeline = s.baseline?.timeline ?? [];
  const bucketed = baselineTimeline.length >= 3 ? bucketTimeline(baselineTimeline, size) : [];
  // The same window give or take its last second: drawn on the current's axis, a missing last
  // bucket as no bar. A window of another length is not lined up second by second.
  const comparable = bucketed.length > 0 && Math.abs(bucketed.length - current.length) <= 1;
  const baseline = comparable ? current.map((p, i) => bucketed[i] ?? { second: p.second, count: 0, ko: 0 }) : [];
  // Mermaid has no gaps in a line: an interval without any answer is drawn at 0, and the caption
  // names it, so a reader never takes it for a fast second.
  const number = (p: ChartPoint): string => (p.p95 === undefined ? '0' : chartNumber(p.p95));
  const top = Math.max(...current.map((p) => p.p95 ?? 0), ...(comparable ? baseline.map((p) => p.p95 ?? 0) : []));
  const lines = [
    '```mermaid',
    chartInit(comparable ? [CHART_COLOURS.baseline, CHART_COLOURS.current] : [CHART_COLOURS.current]),
    'xychart-beta',
    `  title ${chartTitle(`${s.name}: p95 per second, all requests (ms)`)}`,
    `  x-axis "second" [${current.map((p) => p.second).join(', ')}]`,
    `  y-axis "ms" 0 --> ${chartNumber(top * 1.1 || 1)}`,
  ];
  if (comparable) lines.push(`  bar [${baseline.map(number).join(', ')}]`);
  lines.push(`  line [${current.map(number).join(', ')}]`, '```');
  const caption = [
    comparable ? (ab ? LEGEND_AB : LEGEND_BOTH) : ab ? 'line: head (blue)' : 'line: this run (blue)',
    'p95 of all requests that ended in the second, failed ones included',
  ];
  if (current.length < s.current.timeline.length) caption.push('worst second of each interval');
  const empty = current.filter((p) => p.p95 === undefined).map((p) => p.second);
  if (empty.length > 0)
    caption.push(`no request ended at ${empty.slice(0, 8).join(', ')} s${empty.length > 8 ? ' …' : ''} (drawn at 0)`);
  const failures = describeFailures(current);
  if (failures) caption.push(failures);
  return `${lines.join('\n')}\n\n<sub>${caption.join(' · ')}</sub>`;
}
