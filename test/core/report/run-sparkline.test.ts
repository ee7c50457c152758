// The PR comment's sparkline of a scenario's p95 over its last stored runs and this run: block
// heights that read as the size of a change (noise stays low, a doubling goes to the top), only
// where stored runs exist, under the scenario's table and outside it.
import { describe, expect, it } from 'vitest';
import { renderRunSparklines, runsSparkline } from '../../../src/core/report/run-sparkline.js';
import { renderMarkdown } from '../../../src/core/report/markdown.js';
import type { HistoryEntry } from '../../../src/core/types/results.js';
import { makeLargeComparison } from './fixtures.js';

function run(i: number, p95ByScenario: Record<string, number>): HistoryEntry {
  const scenarios: HistoryEntry['scenarios'] = {};
  for (const [name, p95] of Object.entries(p95ByScenario))
    scenarios[name] = { p50: p95 / 2, p90: p95 * 0.9, p95, p99: p95 * 1.5, rps: 100, errorRate: 0, count: 1000 };
  return { date: `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00Z`, environmentFingerprint: 'x', scenarios };
}

describe('runsSparkline', () => {
  it('puts the lowest value at the bottom and the highest at the top', () => {
    expect(runsSparkline([10, 10, 10, 20, 20])).toBe('▁▁▁██');
    expect(runsSparkline([10, 15, 20])).toBe('▁▅█');
  });

  it('keeps run-to-run noise low: the scale spans at least 10% of the lowest value', () => {
    const line = runsSparkline([10, 10.2, 9.9, 10.1, 10]);
    expect([...line].every((c) => '▁▂▃'.includes(c))).toBe(true);
    expect(runsSparkline([10, 10, 10])).toBe('▁▁▁');
    expect(runsSparkline([0, 0])).toBe('▁▁');
    expect(runsSparkline([])).toBe('');
  });
});

describe('renderRunSparklines', () => {
  const comparison = makeLargeComparison(3, 1);
  const names = comparison.scenarios.map((s) => s.name);

  it('nothing for a scenario with fewer than two stored runs', () => {
    expect(renderRunSparklines(comparison, []).size).toBe(0);
    expect(renderRunSparklines(comparison, [run(1, { [names[0]!]: 10 })]).size).toBe(0);
  });

  it('the stored runs oldest first, then this run, at most maxRuns of them', () => {
    const runs = [6, 5, 4, 3, 2, 1].map((i) => run(i, { [names[0]!]: 10 * i })); // newest first
    const lines = renderRunSparklines(comparison, runs, { maxRuns: 4 });
    expect([...lines.keys()]).toEqual([names[0]]);
    const line = lines.get(names[0]!)!;
    expect(line).toMatch(/^p95, 4 stored runs and this one: `[▁-█]{5}` 30\.0 ms → /);
    const blocks = /`(.+)`/.exec(line)![1]!;
    expect([...blocks].slice(0, 4)).toEqual([...blocks].slice(0, 4).sort()); // 30, 40, 50, 60 ms rising
  });

  it('goes under the scenario table of the comment, outside it', () => {
    const runs = [2, 1].map((i) => run(i, Object.fromEntries(names.map((n) => [n, 10 + i]))));
    const sparklines = renderRunSparklines(comparison, runs);
    const markdown = renderMarkdown(comparison, { now: new Date(0), sparklines });
    const lines = markdown.split('\n');
    const at = lines.findIndex((l) => l.startsWith(`📈 p95, 2 stored runs and this one: \``));
    expect(at).toBeGreaterThan(0);
    expect(lines.filter((l) => l.startsWith('📈 '))).toHaveLength(names.length);
    expect(lines[at - 1]).toBe(''); // a paragraph of its own, not a row that breaks the table
    expect(lines[at - 2]!.startsWith('|')).toBe(true);
    expect(renderMarkdown(comparison, { now: new Date(0) })).not.toContain('📈');
  });
});
