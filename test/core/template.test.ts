import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import {
  compileRequest,
  compileTemplate,
  jsonColumns,
  parseTemplate,
  requestColumns,
  templateColumns,
} from '../../src/core/template.js';
import type { DataRow, RequestTemplate } from '../../src/core/types/config.js';

const rows: DataRow[] = [
  { id: '1', q: 'status:open', limit: 10, flag: true, note: null },
  { id: '007', q: 'a b/é', limit: 5, flag: false, note: 'x' },
];

describe('parseTemplate', () => {
  it.each<[string, ReturnType<typeof parseTemplate>]>([
    ['/orders', ['/orders']],
    ['/orders/${row.id}', ['/orders/', { column: 'id' }]],
    ['${row.a}${row.b}', [{ column: 'a' }, { column: 'b' }]],
    ['x=${ row.user_id }&y', ['x=', { column: 'user_id' }, '&y']],
    ['price: $5, ${row.col-2}', ['price: $5, ', { column: 'col-2' }]],
    ['literal $${row.id}', ['literal ${row.id}']],
    ['', []],
  ])('%j', (text, parts) => {
    expect(parseTemplate(text, 'p')).toEqual(parts);
  });

  it.each([
    [
      '/x/${id}',
      'request.path: "${id}" is not a placeholder; use ${row.<column>} like ${row.id} (write $${ for a literal ${)',
    ],
    [
      '/x/${rows.id}',
      'request.path: "${rows.id}" is not a placeholder; use ${row.<column>} like ${row.id} (write $${ for a literal ${)',
    ],
    [
      '/x/${row.}',
      'request.path: "${row.}" is not a placeholder; use ${row.<column>} like ${row.id} (write $${ for a literal ${)',
    ],
    [
      '/x/${row["id"]}',
      'request.path: "${row["id"]}" is not a placeholder; use ${row.<column>} like ${row.id} (write $${ for a literal ${)',
    ],
    [
      '/x/${row.id',
      'request.path: "/x/${row.id" has an unclosed "${"; use ${row.<column>} like ${row.id} (write $${ for a literal ${)',
    ],
  ])('%j is a ConfigError naming the path', (text, message) => {
    expect(() => parseTemplate(text, 'request.path')).toThrow(new ConfigError(message));
  });
});

describe('templateColumns', () => {
  it('lists the columns used, once each, in order', () => {
    expect(templateColumns('/a/${row.id}/${row.sub}?again=${row.id}')).toEqual(['id', 'sub']);
    expect(templateColumns('/static')).toEqual([]);
    expect(jsonColumns({ a: ['${row.x}', { b: 'pre-${row.y}' }], c: 1, d: '${row.x}' })).toEqual(['x', 'y']);
  });

  it('says where each column is used in a request', () => {
    const template: RequestTemplate = {
      method: 'POST',
      path: '/o/${row.id}',
      headers: { 'x-user': '${row.user}' },
      body: { kind: 'json', value: { q: '${row.q}' } },
    };
    expect(requestColumns(template, 'scenarios.a.request')).toEqual([
      { column: 'id', where: 'scenarios.a.request.path' },
      { column: 'user', where: 'scenarios.a.request.headers.x-user' },
      { column: 'q', where: 'scenarios.a.request.json' },
    ]);
  });
});

describe('compileTemplate', () => {
  it('fills placeholders from each row', () => {
    const fill = compileTemplate('${row.id}:${row.limit}:${row.flag}:${row.note}:${row.missing}', 'p');
    expect(rows.map((row) => fill(row))).toEqual(['1:10:true::', '007:5:false:x:']);
    expect(compileTemplate('static', 'p')()).toBe('static');
  });
});

describe('compileRequest', () => {
  it('percent-encodes what a request target cannot hold raw in the written path too, and keeps what is encoded', () => {
    const compile = compileRequest({ method: 'GET', path: '/search?q=red shoes&city=Zürich&x=%20', headers: {} });
    expect(compile().path).toBe('/search?q=red%20shoes&city=Z%C3%BCrich&x=%20');
  });

  it('returns one frozen request when nothing depends on the row', () => {
    const compile = compileRequest({ method: 'GET', path: '/orders', headers: { accept: 'text/plain' } });
    const first = compile(rows[0]);
    expect(first).toEqual({ path: '/orders', headers: { accept: 'text/plain' } });
    expect(compile(rows[1])).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('fills path and headers per row, escaping only what a request target may not hold', () => {
    const compile = compileRequest({
      method: 'GET',
      path: '/orders/${row.id}?q=${row.q}',
      headers: { 'x-id': '${row.id}', accept: 'application/json' },
    });
    expect(rows.map((row) => compile(row))).toEqual([
      { path: '/orders/1?q=status:open', headers: { 'x-id': '1', accept: 'application/json' } },
      { path: '/orders/007?q=a%20b/%C3%A9', headers: { 'x-id': '007', accept: 'application/json' } },
    ]);
  });

  it('serializes a JSON body, keeping the type of a leaf that is exactly one placeholder', () => {
    const compile = compileRequest({
      method: 'POST',
      path: '/query',
      headers: {},
      body: {
        kind: 'json',
        value: {
          q: '${row.q}',
          limit: '${row.limit}',
          flag: '${row.flag}',
          note: '${row.note}',
          text: 'n=${row.limit}',
          list: ['${row.id}', 3],
          fixed: { a: 1 },
        },
      },
    });
    const request = compile(rows[0]);
    expect(request.headers).toEqual({ 'content-type': 'application/json' });
    expect(JSON.parse(request.body ?? '')).toEqual({
      q: 'status:open',
      limit: 10,
      flag: true,
      note: null,
      text: 'n=10',
      list: ['1', 3],
      fixed: { a: 1 },
    });
    expect(JSON.parse(compile(rows[1]).body ?? '')).toMatchObject({
      q: 'a b/é',
      limit: 5,
      flag: false,
      note: 'x',
      list: ['007', 3],
    });
  });

  it('keeps a content-type the template gives, in any case', () => {
    const compile = compileRequest({
      method: 'POST',
      path: '/q',
      headers: { 'Content-Type': 'application/vnd.api+json' },
      body: { kind: 'json', value: [1, 2] },
    });
    expect(compile()).toEqual({ path: '/q', headers: { 'Content-Type': 'application/vnd.api+json' }, body: '[1,2]' });
  });

  it('fills a raw body as text', () => {
    const compile = compileRequest({
      method: 'PUT',
      path: '/k/${row.id}',
      headers: {},
      body: { kind: 'raw', value: 'limit=${row.limit}' },
    });
    expect(compile(rows[1])).toEqual({ path: '/k/007', headers: {}, body: 'limit=5' });
  });

  it('reports a bad placeholder anywhere in the request with its path', () => {
    const bad: RequestTemplate = {
      method: 'POST',
      path: '/q',
      headers: {},
      body: { kind: 'json', value: { a: [{ b: '${x}' }] } },
    };
    expect(() => compileRequest(bad, 'scenarios.s.request')).toThrow(
      'scenarios.s.request.json.a[0].b: "${x}" is not a placeholder; use ${row.<column>} like ${row.id} (write $${ for a literal ${)',
    );
  });
});
