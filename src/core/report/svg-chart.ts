// A line chart as inline SVG, drawn here rather than by a chart library: the trends page must be
// one file that opens with no network (no CDN script), and a bundled library would be most of it.
// Every string that reaches the markup goes through escapeXml; every link through safeUrl.

export interface ChartPoint {
  /** Position on the x axis: the run's index among all the stored runs. */
  x: number;
  value: number;
  /** The hover title: the run, its commit and the value. */
  title: string;
  /** Where the point links: the commit (absolute, or relative to the page's <base>). */
  href?: string;
  /** Where the point's tick under the axis links: the workflow run that measured it. */
  runHref?: string;
  /** The run failed its gate: drawn hollow. */
  failed?: boolean;
}

export interface ChartMarker {
  /** The first run of the new level. */
  x: number;
  /** Above the chart, short: "+30%". */
  label: string;
  title: string;
  /** A regression (red) or an improvement (green). */
  kind: 'regression' | 'improvement';
}

export interface LineChart {
  /** The accessible name of the chart. */
  label: string;
  /** The runs the x axis spans: 0 to `runs − 1`, so that every chart of a page lines up. */
  runs: number;
  /** Consecutive points of one line; a new line starts where the environment changed. */
  lines: ChartPoint[][];
  markers: ChartMarker[];
  /** Changes trends put down to the runner (its shared shifts): drawn, but not as change points. */
  runnerShifts?: { x: number; title: string }[];
  /** Where the series was split because the machine changed. */
  splits: number[];
  formatValue: (value: number) => string;
}

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 64, right: 16, top: 26, bottom: 30 };

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Only http(s) links: a stored run is data, and a javascript: URL in it must not become a link. */
export function safeUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

function fixed(n: number): string {
  return String(Math.round(n * 10) / 10);
}

/** Round numbers for the y axis: 0 and two steps up to just above the top. */
function niceTop(top: number): number {
  if (!(top > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(top));
  for (const step of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (step * magnitude >= top) return step * magnitude;
  return 10 * magnitude;
}

/** A path below the page's <base>, which the caller made from a checked URL: no scheme, no host. */
const RELATIVE = /^[A-Za-z0-9][A-Za-z0-9_\-./]*$/;

function link(href: string | undefined, inner: string): string {
  const url = href !== undefined && RELATIVE.test(href) && !href.includes('..') ? href : safeUrl(href);
  return url ? `<a href="${escapeXml(url)}">${inner}</a>` : inner;
}

/**
 * The chart as one <svg> element. The y axis starts at 0 so that a change's size reads as its
 * height; the x axis is the run's position among every stored run, so the charts line up.
 */
export function renderLineChart(chart: LineChart): string {
  const values = chart.lines.flat().map((p) => p.value);
  const top = niceTop(Math.max(0, ...values) * 1.05);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const xOf = (x: number): number => PAD.left + (chart.runs <= 1 ? plotW / 2 : (x / (chart.runs - 1)) * plotW);
  const yOf = (v: number): number => PAD.top + plotH - (Math.max(0, v) / top) * plotH;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(chart.label)}">`,
  ];
  for (const v of [0, top / 2, top]) {
    const y = fixed(yOf(v));
    out.push(
      `<line class="grid" x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y}" y2="${y}"/>`,
      `<text class="axis" x="${PAD.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${escapeXml(chart.formatValue(v))}</text>`,
    );
  }
  out.push(
    `<text class="axis" x="${PAD.left}" y="${HEIGHT - 4}">run 1</text>`,
    `<text class="axis" x="${WIDTH - PAD.right}" y="${HEIGHT - 4}" text-anchor="end">run ${chart.runs}</text>`,
  );
  for (const x of chart.splits) {
    const at = fixed(xOf(x - 0.5));
    out.push(
      `<line class="split" x1="${at}" x2="${at}" y1="${PAD.top}" y2="${PAD.top + plotH}"><title>the machine changed before run ${x + 1}: not compared across</title></line>`,
    );
  }
  for (const shift of chart.runnerShifts ?? []) {
    const at = fixed(xOf(shift.x - 0.5));
    out.push(
      `<g class="runner-shift" data-run="${shift.x}"><title>${escapeXml(shift.title)}</title>` +
        `<line x1="${at}" x2="${at}" y1="${PAD.top - 4}" y2="${PAD.top + plotH}"/>` +
        `<text x="${at}" y="${PAD.top - 8}" text-anchor="middle">runner</text></g>`,
    );
  }
  for (const marker of chart.markers) {
    const at = fixed(xOf(marker.x - 0.5));
    out.push(
      `<g class="change-point ${marker.kind}" data-run="${marker.x}"><title>${escapeXml(marker.title)}</title>` +
        `<line x1="${at}" x2="${at}" y1="${PAD.top - 4}" y2="${PAD.top + plotH}"/>` +
        `<text x="${at}" y="${PAD.top - 8}" text-anchor="middle">${escapeXml(marker.label)}</text></g>`,
    );
  }
  for (const line of chart.lines) {
    if (line.length > 1)
      out.push(
        `<polyline class="line" points="${line.map((p) => `${fixed(xOf(p.x))},${fixed(yOf(p.value))}`).join(' ')}"/>`,
      );
  }
  for (const p of chart.lines.flat()) {
    const cx = fixed(xOf(p.x));
    const title = `<title>${escapeXml(p.title)}</title>`;
    out.push(
      link(
        p.href,
        `<circle class="point${p.failed ? ' failed' : ''}" data-run="${p.x}" cx="${cx}" cy="${fixed(yOf(p.value))}" r="3.5">${title}</circle>`,
      ),
      // No title of its own, and no data-run: the point above has them, and a page of 60
      // scenarios × 6 metrics × 100 runs is megabytes smaller without.
      link(
        p.runHref,
        `<rect class="run" x="${fixed(Number(cx) - 2.5)}" y="${PAD.top + plotH + 3}" width="5" height="6"/>`,
      ),
    );
  }
  out.push('</svg>');
  return out.join('\n');
}
