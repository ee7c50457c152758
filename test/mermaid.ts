// Mermaid's own parser, run in Node for the tests that check the mermaid blocks we write (the PR
// comment's charts, the docs' diagrams): GitHub shows an error box where a block does not parse.
// Mermaid needs a DOM for its sanitizer, which happy-dom gives.
import { afterAll, beforeAll } from 'vitest';
import { Window } from 'happy-dom';

export type MermaidParse = (text: string) => Promise<unknown>;

/** Call inside a describe (or at top level); the returned function parses once beforeAll has run. */
export function useMermaidParser(): MermaidParse {
  const window = new Window();
  let parse: MermaidParse | undefined;
  beforeAll(async () => {
    Object.assign(globalThis, { window, document: window.document });
    const { default: mermaid } = await import('mermaid');
    parse = (text) => mermaid.parse(text);
  });
  afterAll(async () => {
    await window.happyDOM.close();
  });
  return (text) => {
    if (!parse) throw new Error('useMermaidParser: parse called before beforeAll ran');
    return parse(text);
  };
}

export function mermaidBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
}
