// Plain-text primitives for the terminal reports: aligned tables.

/** Pads columns to a common width; `right` columns align numbers on their last digit. */
export function renderTextTable(rows: string[][], rightAligned: boolean[], indent = '  '): string[] {
  const width = (cell: string): number => [...cell].length;
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, width(cell))));
  return rows.map((row) =>
    (
      indent +
      row
        .map((cell, i) => {
          const pad = ' '.repeat((widths[i] ?? 0) - width(cell));
          return rightAligned[i] ? pad + cell : cell + pad;
        })
        .join('  ')
    ).trimEnd(),
  );
}

/** Line breaks of any kind, and control characters (ANSI escapes move the cursor, recolour, hide text). */
const LINE_BREAKS = /\r\n|[\r\n\u000b\u000c\u0085\u2028\u2029]/g;
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f\u009b]/g;

/**
 * A string from a run (a name, a reason, an error example) as one line of a job log: a line
 * break would start a line of its own, which the runner reads as a workflow command when it
 * begins with "::" (`::error::`, `::add-mask::`, `::stop-commands::`), and "::" is broken anywhere.
 */
export function escapeLogText(text: string): string {
  return text.replace(LINE_BREAKS, ' ⏎ ').replace(CONTROLS, '').replace(/::/g, ':\u2060:');
}

/**
 * A block of log lines made by perfgate, made safe to print whole: no line of it can be a
 * workflow command ("::name::" or the legacy "##[name]"), whatever string it holds. The runner
 * trims the line first, so the guard is a word joiner inside the prefix, not a leading space.
 */
export function guardLog(block: string): string {
  return block
    .replace(CONTROLS, '')
    .split(LINE_BREAKS)
    .map((line) => line.replace(/^(\s*):(?=:)/, '$1:\u2060').replace(/^(\s*)#(?=#\[)/, '$1#\u2060'))
    .join('\n');
}

/**
 * Any text a CLI command writes, made unable to start a workflow command on any of its lines,
 * while keeping every byte that is not such a prefix (ANSI colours, a progress line's "\r", JSON
 * as written): the CLI runs inside Actions steps too, and prints names, reasons and error examples
 * from results files a fork may have written. A chunk is guarded at its own start as well, since a
 * write usually begins a line.
 */
export function guardLines(text: string): string {
  return text
    .replace(/(^|[\r\n\u000b\u000c\u0085\u2028\u2029])([^\S\r\n]*):(?=:)/g, '$1$2:\u2060')
    .replace(/(^|[\r\n\u000b\u000c\u0085\u2028\u2029])([^\S\r\n]*)#(?=#\[)/g, '$1$2#\u2060');
}
