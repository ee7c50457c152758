// Every mermaid block of the PR comment must parse, or GitHub shows an error box in its place.
import { describe, expect, it } from 'vitest';
import { mermaidBlocks, useMermaidParser } from '../../mermaid.js';
import { renderMarkdown } from '../../../src/core/report/markdown.js';
import {
  makeAllErrorComparison,
  makeFailingComparison,
  makeInconclusiveComparison,
  makeLargeComparison,
} from './fixtures.js';

const now = new Date('2025-11-30T12:05:00.000Z');
const parse = useMermaidParser();

describe('mermaid blocks of the PR comment', () => {
  const reports = {
    failing: renderMarkdown(makeFailingComparison(), { now }),
    inconclusive: renderMarkdown(makeInconclusiveComparison(), { now }),
    'all errors': renderMarkdown(makeAllErrorComparison(), { now }),
    'odd names': renderMarkdown(
      {
        ...makeFailingComparison(),
        scenarios: makeFailingComparison().scenarios.map((s) => ({ ...s, name: `${s.name} "quoted" [x] 100%` })),
      },
      { now },
    ),
    large: renderMarkdown(makeLargeComparison(12), { now }),
  };

  for (const [name, markdown] of Object.entries(reports)) {
    it(`parse in the ${name} report`, async () => {
      const blocks = mermaidBlocks(markdown);
      expect(blocks.length).toBeGreaterThan(0);
      for (const block of blocks) await expect(parse(block)).resolves.toMatchObject({ diagramType: 'xychart' });
    });
  }

  it('is a check that can fail: a broken block is refused', async () => {
    await expect(parse('xychart-beta\n  bar [1, x]')).rejects.toThrow(/Parse error/);
  });
});
