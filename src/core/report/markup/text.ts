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
