// RFC 4180 CSV with a header row, for `data:` feeders. Cells stay strings ("007" is an id, not 7).
import { ConfigError } from './errors.js';
import type { DataRow } from './types.js';

/** Splits CSV text into records of fields, with the 1-based line each record starts on. */
function parseRecords(text: string, fileName: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let quoted = false;
  let fieldStarted = false;

  const endField = (): void => {
    fields.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = (): void => {
    endField();
    records.push({ line: recordLine, fields });
    fields = [];
  };

  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        const next = text[i];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
          throw new ConfigError(`${fileName}:${line}: a quoted field must end at a comma or line end; write "" for a quote inside a field`);
        }
        continue;
      }
      if (char === '\n') line += 1;
      field += char;
      i += 1;
      continue;
    }
    if (char === '"' && !fieldStarted && field === '') {
      quoted = true;
      fieldStarted = true;
      i += 1;
    } else if (char === ',') {
      endField();
      i += 1;
    } else if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
    } else {
      field += char;
      fieldStarted = true;
      i += 1;
    }
  }
  if (quoted) throw new ConfigError(`${fileName}:${recordLine}: a quoted field is never closed; add the closing "`);
  // A final line break does not start another record.
  if (field !== '' || fieldStarted || fields.length > 0) endRecord();
  return records;
}

/** Parses CSV with a header row into rows keyed by column. Blank lines are skipped. */
export function parseCsv(text: string, fileName: string): DataRow[] {
  const records = parseRecords(text, fileName).filter((record) => !(record.fields.length === 1 && record.fields[0] === ''));
  const header = records[0];
  if (!header) throw new ConfigError(`${fileName}: the file is empty; a CSV data file needs a header row and at least one row`);
  const columns = header.fields.map((name) => name.trim());
  columns.forEach((name, i) => {
    if (name === '') throw new ConfigError(`${fileName}:${header.line}: column ${i + 1} of the header has no name`);
    if (columns.indexOf(name) !== i) throw new ConfigError(`${fileName}:${header.line}: the header names column "${name}" twice`);
  });
  if (records.length === 1) throw new ConfigError(`${fileName}: has a header row but no data rows`);
  return records.slice(1).map((record) => {
    if (record.fields.length !== columns.length) {
      throw new ConfigError(
        `${fileName}:${record.line}: the row has ${record.fields.length} fields but the header has ${columns.length} (${columns.join(', ')})`,
      );
    }
    const row: DataRow = {};
    columns.forEach((name, i) => {
      row[name] = record.fields[i] ?? '';
    });
    return row;
  });
}
