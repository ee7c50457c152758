// The chart of p95 over the stored runs: drawn only where a scenario has stored runs, regressed
// scenarios first, this run last, and parsed by mermaid's own parser (GitHub shows an error box
// for a block that does not parse).
import { describe, expect, it } from 'vitest';
import { renderHistoryCharts } from '../../../src/core/report/history-chart.js';
import { renderMarkdown } from '../../../src/core/report/markdown.js';
import type { HistoryEntry } from '../../../src/core/types/results.js';
import { makeLargeComparison } from './fixtures.js';
import { mermaidBlocks, useMermaidParser } from '../../mermaid.js';

const parse = useMermaidParser();

function run(i: number, p95ByScenario: Record<string, number>): HistoryEntry {
  const scenarios: HistoryEntry['scenarios'] = {};
  for (const [name, p95] of Object.entries(p95ByScenario))
    scenarios[name] = { p50: p95 / 2, p90: p95 * 0.9, p95, p99: p95 * 1.5, rps: 100, errorRate: 0, count: 1000 };
  return {
    commit: `${String(i).padStart(2, '0')}${'ab'.repeat(19)}`,
    date: `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00Z`,
    environmentFingerprint: 'x',
    scenarios,
  };
}

describe('renderHistoryCharts', () => {
  const comparison = makeLargeComparison(8, 7); // endpoint-003 regressed
  const names = comparison.scenarios.map((s) => s.name);

  it('nothing without at least two stored runs of a scenario', () => {
    expect(renderHistoryCharts(comparison, [])).toBeUndefined();
    expect(renderHistoryCharts(comparison, [run(1, { [names[0]!]: 10 })])).toBeUndefined();
  });

  it('regressed scenarios first, at most three, stored runs oldest to newest and this run last', async () => {
    // Newest first, as a baseline keeps them.
    const runs = [5, 4, 3, 2, 1].map((i) => run(i, Object.fromEntries(names.map((n) => [n, 10 + i]))));
    const chart = renderHistoryCharts(comparison, runs)!;
    const blocks = mermaidBlocks(chart);
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toContain('orders/endpoint-003: p95 (ms) over 5 stored runs and this one');
    const current = comparison.scenarios.find((s) => s.name === 'orders/endpoint-003')!.current.latencyMs.p95;
    expect(blocks[0]).toContain(`line [11, 12, 13, 14, 15, ${Number(current.toPrecision(3))}]`);
    expect(blocks[0]).toContain('x-axis ["01ababa", "02ababa", "03ababa", "04ababa", "05ababa", "this run"]');
    for (const block of blocks) await expect(parse(block)).resolves.toBeTruthy();
  });

  it('folds into the report after the tables, and is the first thing dropped when the comment is too long', () => {
    const runs = [3, 2, 1].map((i) => run(i, Object.fromEntries(names.map((n) => [n, 10 + i]))));
    const historyChart = renderHistoryCharts(comparison, runs)!;
    const full = renderMarkdown(comparison, { now: new Date(0), historyChart });
    expect(full).toContain('p95 over the stored runs');
    const tight = renderMarkdown(comparison, { now: new Date(0), historyChart, maxChars: full.length - 200 });
    expect(tight).not.toContain('p95 over the stored runs');
    expect(tight).toMatch(/^## ❌ perfgate: FAIL/m);
  });
});
