// Slack mrkdwn primitives: escaping, links, clipping and code blocks within Slack's limits.

export const FENCE_OVERHEAD = '```\n\n```'.length;

/** Slack reads &, < and > as markup, also inside code blocks. */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function link(url: string, text: string): string {
  return `<${url.replace(/\|/g, '%7C').replace(/>/g, '%3E')}|${escapeSlack(text)}>`;
}

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Packs entries (a scenario's line and its marks) into code blocks of at most `max` characters
 * each, never splitting an entry's line and keeping its marks with it where they fit.
 */
export function packLines(entries: string[][], max: number): string[][] {
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let size = FENCE_OVERHEAD;
  for (const entry of entries) {
    const raw = entry.join('\n');
    // A single line longer than a whole block (an absurd scenario name) is the one thing cut.
    const line = clip(raw, max - FENCE_OVERHEAD);
    const added = line.length + (chunk.length > 0 ? 1 : 0);
    if (chunk.length > 0 && size + added > max) {
      chunks.push(chunk);
      chunk = [];
      size = FENCE_OVERHEAD;
    }
    size += line.length + (chunk.length > 0 ? 1 : 0);
    chunk.push(line);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

export function codeBlock(lines: string[]): string {
  return `\`\`\`\n${lines.join('\n')}\n\`\`\``;
}
