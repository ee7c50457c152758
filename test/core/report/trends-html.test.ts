// The trends page, parsed as a browser would (happy-dom's DOMParser): one chart per scenario ×
// metric, the change point marked on the run where it landed, every point linking its commit and
// its run, scenario names escaped, nothing loaded from anywhere.
import { afterAll, describe, expect, it } from 'vitest';
import { Window, type Document } from 'happy-dom';
import { analyzeTrends } from '../../../src/core/trends/analyze.js';
import { defaultCompareConfig } from '../../../src/core/config/compare.js';
import { renderTrendsHtml } from '../../../src/core/report/trends-html.js';
import type { HistoryEntry } from '../../../src/core/types/results.js';
import { createRng } from '../../../src/core/stats/prng.js';

const compare = defaultCompareConfig();
const window = new Window();
afterAll(() => window.happyDOM.close());

function parse(html: string): Document {
  return new window.DOMParser().parseFromString(html, 'text/html');
}

/** Where a link goes, resolved against the page's <base> as a browser does. */
function target(doc: Document, element: { getAttribute(name: string): string | null } | null): string | undefined {
  const href = element?.getAttribute('href');
  if (href == null) return undefined;
  return new URL(href, doc.querySelector('base')?.getAttribute('href') ?? undefined).href;
}

/** n daily runs of `names`; `p50(i, name)` sets the level (the tails follow it). */
function history(
  n: number,
  names: string[],
  p50: (i: number, name: string) => number,
  fingerprint = (_i: number) => 'env1',
): HistoryEntry[] {
  const rng = createRng(5);
  return Array.from({ length: n }, (_, i) => {
    const scenarios: HistoryEntry['scenarios'] = {};
    for (const name of names) {
      const level = p50(i, name);
      const noise = () => 1 + 0.01 * rng.normal();
      scenarios[name] = {
        p50: level * noise(),
        p90: level * 1.3 * noise(),
        p95: level * 1.5 * noise(),
        p99: level * 2 * noise(),
        rps: 100 * noise(),
        errorRate: 0,
        count: 1000,
      };
    }
    return {
      date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      commit: `c${String(i + 1).padStart(3, '0')}`,
      runUrl: `https://github.com/acme/shop/actions/runs/${500 + i}`,
      environmentFingerprint: fingerprint(i),
      scenarios,
      ...(i === 19 ? { verdict: 'fail' as const } : {}),
    };
  });
}

describe('renderTrendsHtml', () => {
  const runs = history(34, ['api/a', 'api/b'], (i, name) => (name === 'api/b' && i >= 19 ? 12 : 10));
  const analysis = analyzeTrends(runs, { compare });
  const html = renderTrendsHtml(analysis, { metrics: compare.metrics, repositoryUrl: 'https://github.com/acme/shop' });
  const doc = parse(html);

  it('draws one chart per scenario × metric with values, each with a point per run', () => {
    const figures = [...doc.querySelectorAll('figure.series')];
    // p50, p90, p95, p99, rps, error rate of each scenario; capacity has no values.
    expect(figures).toHaveLength(12);
    expect(analysis.series).toBe(12);
    for (const figure of figures) {
      expect(figure.querySelectorAll('svg')).toHaveLength(1);
      expect(figure.querySelectorAll('circle.point')).toHaveLength(34);
    }
    // The scenario with the change point first, though api/a sorts before it.
    expect([...doc.querySelectorAll('section.scenario')].map((s) => s.getAttribute('data-scenario'))).toEqual([
      'api/b',
      'api/a',
    ]);
  });

  it('marks the change point on the run where it landed, in its metric and those that moved with it', () => {
    expect(analysis.changePoints.map((p) => [p.scenario, p.metric, p.index])).toEqual([['api/b', 'p50', 19]]);
    const marked = [...doc.querySelectorAll('g.change-point')].map((g) => {
      const figure = g.closest('figure')!;
      return `${figure.getAttribute('data-scenario')} ${figure.getAttribute('data-metric')} ${g.getAttribute('data-run')}`;
    });
    const [point] = analysis.changePoints;
    expect(marked).toEqual([point!, ...point!.alsoChanged].map((c) => `api/b ${c.metric} ${c.index}`));
    expect(marked).toContain('api/b p50 19');
    expect(marked.length).toBeGreaterThan(1); // its tails moved with it
    const p50 = doc.querySelector('figure[data-scenario="api/b"][data-metric="p50"] g.change-point')!;
    expect(p50.classList.contains('regression')).toBe(true);
    expect(p50.querySelector('title')!.textContent).toMatch(
      /^change point: api\/b p50 \+\d+\.\d% .* at run 20 \(c020\)/,
    );
    expect(doc.querySelectorAll('ul.change-points li')).toHaveLength(1);
  });

  it('links each point to its commit and each tick to its workflow run, with the value on hover', () => {
    const figure = doc.querySelector('figure[data-scenario="api/a"][data-metric="p50"]')!;
    const points = [...figure.querySelectorAll('circle.point')];
    expect(points.map((c) => target(doc, c.parentElement))).toEqual(
      runs.map((run) => `https://github.com/acme/shop/commit/${run.commit}`),
    );
    const ticks = [...figure.querySelectorAll('rect.run')];
    expect(ticks.map((r) => target(doc, r.parentElement))).toEqual(runs.map((run) => run.runUrl));
    // Written relative to the repository, the page's <base>: the links are most of a large page.
    expect(doc.querySelector('base')!.getAttribute('href')).toBe('https://github.com/acme/shop/');
    expect(points[0]!.parentElement!.getAttribute('href')).toBe('commit/c001');
    expect(points[0]!.querySelector('title')!.textContent).toMatch(
      /^run 1 · 2026-01-01 00:00 · c001 · p50 \d+\.\d+ ms$/,
    );
    expect(points[19]!.classList.contains('failed')).toBe(true);
    expect(points[19]!.querySelector('title')!.textContent).toContain('failed its gate');
  });

  it('loads nothing: no script, no external resource, a policy that forbids them', () => {
    expect(doc.querySelectorAll('script, link, img, iframe, object')).toHaveLength(0);
    expect(html).not.toMatch(/\b(src|xlink:href)=/);
    expect(doc.querySelector('meta[http-equiv="Content-Security-Policy"]')!.getAttribute('content')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
  });

  it('escapes scenario names and links only http(s) URLs', () => {
    const evil = `<script>alert("x")</script>'&`;
    const hostile = history(10, [evil], () => 10).map((run) => ({
      ...run,
      runUrl: 'javascript:alert(1)',
      commit: 'c"><b',
    }));
    const page = renderTrendsHtml(analyzeTrends(hostile, { compare }), {
      metrics: compare.metrics,
      repositoryUrl: 'https://github.com/acme/shop',
    });
    const parsed = parse(page);
    expect(parsed.querySelectorAll('script, b')).toHaveLength(0);
    expect(parsed.querySelector('h2 code')!.textContent).toBe(evil);
    expect(parsed.querySelector('figure.series')!.getAttribute('data-scenario')).toBe(evil);
    expect(parsed.querySelectorAll('a')).toHaveLength(0); // neither the bad commit nor the javascript: run
    expect(page).not.toContain('javascript:');
  });

  it('breaks the line where the machine changed, and marks it', () => {
    const moved = history(
      16,
      ['api'],
      () => 10,
      (i) => (i < 8 ? 'env1' : 'env2'),
    );
    const parsedDoc = parse(renderTrendsHtml(analyzeTrends(moved, { compare }), { metrics: ['p50'] }));
    expect(parsedDoc.querySelectorAll('figure.series')).toHaveLength(1);
    expect(parsedDoc.querySelectorAll('polyline.line')).toHaveLength(2);
    expect(parsedDoc.querySelectorAll('line.split')).toHaveLength(1);
    expect(parsedDoc.querySelectorAll('a')).toHaveLength(16); // no repository: the run ticks alone link
  });

  it('draws a change put down to the runner apart from the change points, on its own charts', () => {
    const flat = history(16, ['api', 'other'], () => 10);
    const shifted = analyzeTrends(flat, { compare });
    expect(shifted.changePoints).toHaveLength(0);
    // As analyzeTrends lists one when the machine's competing work moved with the metric.
    shifted.sharedShifts.push({
      metric: 'p95',
      index: 9,
      commit: 'c010',
      time: flat[9]!.date,
      scenarios: ['api'],
      change: 0.4,
      othersChange: 0.35,
      machine: { before: 0.1, after: 1.2 },
      loopDelayMs: null,
    });
    const parsedDoc = parse(renderTrendsHtml(shifted, { metrics: compare.metrics }));
    const shifts = [...parsedDoc.querySelectorAll('g.runner-shift')];
    expect(shifts).toHaveLength(1);
    expect(shifts[0]!.closest('figure')!.getAttribute('data-scenario')).toBe('api');
    expect(shifts[0]!.closest('figure')!.getAttribute('data-metric')).toBe('p95');
    expect(shifts[0]!.getAttribute('data-run')).toBe('9');
    expect(shifts[0]!.querySelector('title')!.textContent).toBe(
      "put down to the runner, not a change point: p95 +40.0% at run 10, the runner's competing work 0.10 → 1.20 cores",
    );
    expect(parsedDoc.querySelectorAll('g.change-point')).toHaveLength(0);
  });

  it('says so when there are no runs', () => {
    const empty = parse(renderTrendsHtml(analyzeTrends([], { compare }), { metrics: compare.metrics }));
    expect(empty.querySelector('p.meta')!.textContent).toContain('no stored runs yet');
    expect(empty.querySelectorAll('figure.series')).toHaveLength(0);
  });
});
