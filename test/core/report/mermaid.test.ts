// Every mermaid block of the PR comment must parse, or GitHub shows an error box in its place.
// Mermaid's own parser runs here in Node; it needs a DOM for its sanitizer, which happy-dom gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import { renderMarkdown } from '../../../src/core/report/markdown.js';
import {
  makeAllErrorComparison,
  makeFailingComparison,
  makeInconclusiveComparison,
  makeLargeComparison,
} from './fixtures.js';

const now = new Date('2025-11-30T12:05:00.000Z');
const window = new Window();
let parse: (text: string) => Promise<unknown>;

beforeAll(async () => {
  Object.assign(globalThis, { window, document: window.document });
  const { default: mermaid } = await import('mermaid');
  parse = (text) => mermaid.parse(text);
});

afterAll(async () => {
  await window.happyDOM.close();
});

function mermaidBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
}

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
