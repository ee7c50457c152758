// Slack mrkdwn primitives: escaping, links, clipping and code blocks within Slack's limits.

export const FENCE_OVERHEAD = '```\n\n```'.length;

/**
 * A string from a run as Slack mrkdwn shows it as written, on one line. Slack reads &, < and > as
 * markup (links, <@U…> and <!channel> mentions), also inside code blocks; a backtick would end the
 * code block the scenario lines sit in, so it becomes a look-alike; a line break would start a
 * line perfgate did not write; and a word joiner keeps "@here" and "@channel" from notifying.
 */
export function escapeSlack(text: string): string {
  return text
    .replace(/\r\n|[\r\n\u2028\u2029]/g, ' ⏎ ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/`/g, 'ˋ')
    .replace(/@(?!\u2060)/g, '@\u2060');
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
