// RFC 4180 CSV with a header row, for `data:` feeders. Cells stay strings ("007" is an id, not 7).
// One pass straight into rows: no intermediate list of records, and each cell is one slice of
// the text (a field built a character at a time, and a record list beside the rows, took a
// 200 MB, 5.3 M-row file past 4 GB and out of memory).
import { ConfigError } from './errors.js';
import type { DataRow } from './types/config.js';

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

function countLineFeeds(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/** Parses CSV with a header row into rows keyed by column. Blank lines are skipped. */
export function parseCsv(text: string, fileName: string): DataRow[] {
  const length = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let columns: string[] | undefined;
  let headerLine = 0;
  const rows: DataRow[] = [];
  const fields: string[] = [];

  while (i < length) {
    const recordLine = line;
    fields.length = 0;
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        let start = i + 1;
        let head = '';
        for (;;) {
          const close = text.indexOf('"', start);
          if (close === -1)
            throw new ConfigError(`${fileName}:${recordLine}: a quoted field is never closed; add the closing "`);
          line += countLineFeeds(text, start, close);
          if (text.charCodeAt(close + 1) === QUOTE) {
            head += text.slice(start, close + 1);
            start = close + 2;
            continue;
          }
          value = head + text.slice(start, close);
          i = close + 1;
          break;
        }
        const next = text.charCodeAt(i);
        if (i < length && next !== COMMA && next !== LF && next !== CR) {
          throw new ConfigError(
            `${fileName}:${line}: a quoted field must end at a comma or line end; write "" for a quote inside a field`,
          );
        }
      } else {
        let end = i;
        while (end < length) {
          const code = text.charCodeAt(end);
          if (code === COMMA || code === LF || code === CR) break;
          end += 1;
        }
        value = text.slice(i, end);
        i = end;
      }
      fields.push(value);
      const code = text.charCodeAt(i);
      if (code === COMMA) {
        i += 1;
        continue;
      }
      // The record ends at CRLF, LF, CR or the end of the text; a final line break starts no record.
      if (code === CR) i += text.charCodeAt(i + 1) === LF ? 2 : 1;
      else if (code === LF) i += 1;
      if (code === CR || code === LF) line += 1;
      break;
    }
    if (fields.length === 1 && fields[0] === '') continue;
    if (columns === undefined) {
      columns = fields.map((name) => name.trim());
      headerLine = recordLine;
      checkHeader(columns, fileName, headerLine);
      continue;
    }
    if (fields.length !== columns.length) {
      throw new ConfigError(
        `${fileName}:${recordLine}: the row has ${fields.length} fields but the header has ${columns.length} (${columns.join(', ')})`,
      );
    }
    const row: DataRow = {};
    for (let k = 0; k < columns.length; k++) row[columns[k]!] = fields[k]!;
    rows.push(row);
  }
  if (columns === undefined)
    throw new ConfigError(`${fileName}: the file is empty; a CSV data file needs a header row and at least one row`);
  if (rows.length === 0) throw new ConfigError(`${fileName}: has a header row but no data rows`);
  return rows;
}

function checkHeader(columns: string[], fileName: string, headerLine: number): void {
  columns.forEach((name, i) => {
    if (name === '') throw new ConfigError(`${fileName}:${headerLine}: column ${i + 1} of the header has no name`);
    if (columns.indexOf(name) !== i)
      throw new ConfigError(`${fileName}:${headerLine}: the header names column "${name}" twice`);
    // Assigned as a key, it would set the row's prototype instead of a cell.
    if (name === '__proto__')
      throw new ConfigError(
        `${fileName}:${headerLine}: column ${i + 1} is named "__proto__", which cannot name a column; rename it`,
      );
  });
}
