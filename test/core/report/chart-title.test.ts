// A scenario name is a fork's text, and the chart titles of the trusted comment carry it: a mermaid
// directive in it ("%%{init: {"themeCSS": …}}%%") restyled or blanked every chart.
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src/core/report/markdown.js';
import type { Comparison } from '../../../src/core/types/comparison.js';
import { makeFailingComparison } from './fixtures.js';

function renamed(comparison: Comparison, from: string, to: string): Comparison {
  const swap = <T extends { name: string }>(item: T): T => (item.name === from ? { ...item, name: to } : item);
  return {
    ...comparison,
    scenarios: comparison.scenarios.map((s) =>
      s.name === from
        ? {
            ...s,
            name: to,
            current: swap(s.current),
            ...(s.baseline ? { baseline: swap(s.baseline) } : {}),
            metrics: s.metrics.map((m) => ({ ...m, scenario: to })),
          }
        : s,
    ),
    current: { ...comparison.current, scenarios: comparison.current.scenarios.map(swap) },
  };
}

describe('chart titles', () => {
  it("a mermaid directive or entity in a scenario name stays text: one directive per chart, perfgate's own", () => {
    const base = makeFailingComparison();
    const hostile = 'x %%{init: {"themeCSS": "svg{display:none}"}}%% #quot; \\';
    const charted = base.scenarios.filter((s) => s.metrics.some((m) => m.verdict === 'regression'));
    expect(charted.length).toBeGreaterThan(0);
    const md = renderMarkdown(renamed(base, charted[0]!.name, hostile), { now: new Date('2025-11-30T12:05:00Z') });
    const blocks = md
      .split('```mermaid')
      .slice(1)
      .map((block) => block.split('```')[0]!);
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      expect(block.match(/%%\{/g) ?? []).toHaveLength(1);
      expect(block.split('\n')[1]).toMatch(/^%%\{init: /);
      const title = block.split('\n').find((line) => line.startsWith('  title '))!;
      expect(title).toMatch(/^ {2}title "[^"%#\\]*"$/);
    }
    expect(md).toMatch(/title "x ％％\{init: \{'themeCSS': 'svg\{display:none\}'\}\}％％ ＃quot; '/);
  });
});
