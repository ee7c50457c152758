import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/core/csv.js';
import { ConfigError } from '../../src/core/errors.js';

describe('parseCsv', () => {
  it.each<[string, string, Record<string, string>[]]>([
    [
      'plain, LF',
      'id,name\n1,a\n2,b\n',
      [
        { id: '1', name: 'a' },
        { id: '2', name: 'b' },
      ],
    ],
    [
      'CRLF without a final line break',
      'id,name\r\n1,a\r\n2,b',
      [
        { id: '1', name: 'a' },
        { id: '2', name: 'b' },
      ],
    ],
    [
      'quotes, commas and escaped quotes',
      'id,text\n1,"a, b"\n2,"say ""hi"""\n',
      [
        { id: '1', text: 'a, b' },
        { id: '2', text: 'say "hi"' },
      ],
    ],
    ['a line break inside quotes', 'id,text\n1,"two\r\nlines"\n', [{ id: '1', text: 'two\r\nlines' }]],
    ['numbers stay strings', 'id,n\n007,1e3\n', [{ id: '007', n: '1e3' }]],
    [
      'empty fields',
      'a,b,c\n,,\n"",x,\n',
      [
        { a: '', b: '', c: '' },
        { a: '', b: 'x', c: '' },
      ],
    ],
    ['a BOM and blank lines', '\uFEFFid\n1\n\n2\n\n', [{ id: '1' }, { id: '2' }]],
    ['header names trimmed', ' id , name\n1,a\n', [{ id: '1', name: 'a' }]],
    [
      'a quote inside an unquoted field, CR line ends, a final empty field',
      'id,t\r1,a"b\r2,',
      [
        { id: '1', t: 'a"b' },
        { id: '2', t: '' },
      ],
    ],
    ['escaped quotes and a line break in one field', 'id,t\n1,""""" x\n""y"""\n', [{ id: '1', t: '"" x\n"y"' }]],
  ])('%s', (_title, text, rows) => {
    expect(parseCsv(text, 'keys.csv')).toEqual(rows);
  });

  it.each([
    ['', 'keys.csv: the file is empty; a CSV data file needs a header row and at least one row'],
    ['id,name\n', 'keys.csv: has a header row but no data rows'],
    ['id,name\n1,a\n2\n', 'keys.csv:3: the row has 1 fields but the header has 2 (id, name)'],
    ['id,"name\n1,a\n', 'keys.csv:1: a quoted field is never closed; add the closing "'],
    [
      'id,name\n1,"a"b\n',
      'keys.csv:2: a quoted field must end at a comma or line end; write "" for a quote inside a field',
    ],
    ['id,id\n1,2\n', 'keys.csv:1: the header names column "id" twice'],
    ['id,,x\n1,2,3\n', 'keys.csv:1: column 2 of the header has no name'],
    ['id,__proto__\n1,2\n', 'keys.csv:1: column 2 is named "__proto__", which cannot name a column; rename it'],
    [
      '\n\nid,t\n1,"a\n\nb"x\n',
      'keys.csv:6: a quoted field must end at a comma or line end; write "" for a quote inside a field',
    ],
  ])('%j is refused', (text, message) => {
    expect(() => parseCsv(text, 'keys.csv')).toThrow(new ConfigError(message));
  });
});
