// Markdown primitives: escaping, inline code, tables. Every string from a run (scenario names,
// reasons, error examples, object keys) reaches markdown through these, so it shows as written:
// the fork-safe flow renders results that untrusted code wrote into a comment the bot posts.
import { markdownTable } from 'markdown-table';

/** Line breaks of any kind: one would end the table row, list item or code span it is in. */
const LINE_BREAKS = /\r\n|[\r\n\u000b\u000c\u0085\u2028\u2029]/g;
/** Control characters other than line breaks and tabs: invisible, and some terminals act on them. */
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f]/g;
/** Shown instead of a line break: the text stays on its line, and says where the break was. */
export const LINE_BREAK_MARK = ' ⏎ ';

function oneLine(text: string): string {
  return text.replace(LINE_BREAKS, LINE_BREAK_MARK).replace(CONTROLS, '');
}

/**
 * A word joiner after "@" keeps the text readable and makes GitHub see no mention (@user,
 * @org/team); after the ":" of "://" it keeps GitHub from turning a bare URL into a link.
 */
function defuse(text: string): string {
  return text.replace(/@(?!\u2060)/g, '@\u2060').replace(/:\/\//g, ':\u2060//');
}

/**
 * Text that must show as written, on one line: no emphasis, links, images, headings, HTML,
 * entities (`&#64;` would render as "@") or mentions from scenario names, reasons or examples.
 */
export function escapeText(text: string): string {
  return defuse(oneLine(text))
    .replace(/&/g, '&amp;')
    .replace(/[\\`*_[\]|~#!]/g, (c) => `\\${c}`)
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Text inside an HTML element (`<code>`, `<summary>`): on one line, no tags, entities or mentions. */
export function escapeHtml(text: string): string {
  return defuse(oneLine(text))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * Inline code that survives any backticks in the content (its fence is one backtick longer than
 * the longest run inside) and pipes inside tables, on one line. Mentions and HTML are inert in
 * a code span; a line break is not, so it is shown as ⏎.
 */
export function code(text: string, where: 'table' | 'text' = 'table'): string {
  // Only a table cell reads `\|` as a pipe; in a heading or a list it would show the backslash.
  const content = where === 'table' ? oneLine(text).replace(/\|/g, '\\|') : oneLine(text);
  const longestRun = Math.max(0, ...[...content.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longestRun + 1);
  // A space each side keeps a backtick at either end from joining the fence.
  const pad = longestRun > 0 ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

export function table(rows: string[][], align: string[]): string {
  return markdownTable(rows, { align });
}
