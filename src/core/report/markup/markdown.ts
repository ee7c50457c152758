// Markdown primitives: escaping, inline code, tables. Every string from a run (scenario names,
// reasons, error examples) reaches markdown through these, so it shows as written.
import { markdownTable } from 'markdown-table';

/** Text that must show as written: no emphasis, links or HTML from scenario names or reasons. */
export function escapeText(text: string): string {
  return text
    .replace(/[\\`*_[\]|]/g, (c) => `\\${c}`)
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Inline code that survives backticks in the content and pipes inside tables. */
export function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  const pad = text.includes('`') ? ' ' : '';
  return `${fence}${pad}${text.replace(/\|/g, '\\|')}${pad}${fence}`;
}

export function table(rows: string[][], align: string[]): string {
  return markdownTable(rows, { align });
}
