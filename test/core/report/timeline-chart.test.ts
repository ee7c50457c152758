// The per-second chart of the PR comment draws the base's bars beside the head's line. Two variants
// of one A/B window can end a second apart (a request of one still in flight at the window's end):
// a flow step's head timeline held 60 seconds and its base 61, and the base vanished from its chart.
import { describe, expect, it } from 'vitest';
import { timelineChart } from '../../../src/core/report/charts.js';
import type { ScenarioComparison } from '../../../src/core/types/comparison.js';
import type { TimelinePoint } from '../../../src/core/types/results.js';
import { makeFailingComparison } from './fixtures.js';

function seconds(length: number, p95: number): TimelinePoint[] {
  return Array.from({ length }, (_, second) => ({ second, count: 100, ko: 0, p95, allP95: p95 }));
}

function withTimelines(current: number, baseline: number): ScenarioComparison {
  const s = makeFailingComparison().scenarios[0]!;
  return {
    ...s,
    current: { ...s.current, timeline: seconds(current, 2) },
    baseline: { ...s.baseline!, timeline: seconds(baseline, 1) },
  };
}

function plotted(chart: string, kind: 'bar' | 'line' | 'x-axis "second"'): string[] {
  const line = chart.split('\n').find((l) => l.trimStart().startsWith(`${kind} [`));
  return line === undefined ? [] : line.slice(line.indexOf('[') + 1, line.lastIndexOf(']')).split(', ');
}

describe('timelineChart', () => {
  it.each([
    [60, 61],
    [61, 60],
    [60, 60],
  ])('draws the base beside a head of %i s when the base holds %i s, one value per second shown', (head, base) => {
    const chart = timelineChart(withTimelines(head, base), true)!;
    const axis = plotted(chart, 'x-axis "second"');
    expect(plotted(chart, 'line')).toHaveLength(axis.length);
    expect(plotted(chart, 'bar')).toHaveLength(axis.length);
    expect(chart).toContain('bars: base (grey) · line: head (blue)');
    // The base's bars are the base's own values, never the head's.
    expect(
      plotted(chart, 'bar')
        .slice(0, -1)
        .every((v) => v === '1'),
    ).toBe(true);
  });

  it('leaves out a baseline whose window is of another length, rather than lining its seconds up wrong', () => {
    const chart = timelineChart(withTimelines(60, 30), true)!;
    expect(plotted(chart, 'bar')).toHaveLength(0);
    expect(chart).toContain('line: head (blue)');
  });
});
