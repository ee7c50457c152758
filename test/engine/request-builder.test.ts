import { describe, expect, it } from 'vitest';
import { createRequestSource } from '../../src/engine/request-builder.js';
import { classifyError, RequestTimeoutError } from '../../src/engine/error-class.js';
import { explainSaturation } from '../../src/engine/generator-watch.js';

describe('request source', () => {
  it('reuses one frozen request when there are no rows', () => {
    const next = createRequestSource({ method: 'get', path: '/health', headers: { accept: 'text/plain' } });
    const first = next();
    expect(next()).toBe(first);
    expect(first).toMatchObject({
      method: 'GET',
      path: '/health',
      headers: ['accept', 'text/plain'],
      body: null,
      bodyBytes: 0,
    });
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('takes the method from the row when the template says ${row.method}', () => {
    const next = createRequestSource(
      { method: '${row.method}', path: '${row.path}', headers: {} },
      {
        rows: [
          { method: 'get', path: '/a' },
          { method: 'DELETE', path: '/b' },
        ],
      },
    );
    expect([next(), next(), next()].map((r) => `${r.method} ${r.path}`)).toEqual(['GET /a', 'DELETE /b', 'GET /a']);
  });

  it('fills path, headers and JSON body from rows, round-robin', () => {
    const next = createRequestSource(
      {
        method: 'POST',
        path: '/orders/${row.id}',
        headers: { 'x-user': '${row.user}' },
        body: { kind: 'json', value: { q: '${row.id}', n: [1, '${row.user}'] } },
      },
      {
        rows: [
          { id: 1, user: 'a' },
          { id: 2, user: 'b"c' },
        ],
        order: 'round-robin',
      },
    );
    const [a, b, c] = [next(), next(), next()];
    expect(a.path).toBe('/orders/1');
    expect(b.path).toBe('/orders/2');
    expect(c).toBe(a);
    expect(b.headers).toEqual(['x-user', 'b"c', 'content-type', 'application/json']);
    // A leaf that is one placeholder keeps the row's type (src/core/template.ts).
    expect(JSON.parse(b.body!.toString())).toEqual({ q: 2, n: [1, 'b"c'] });
    expect(b.bodyBytes).toBe(b.body!.byteLength);
  });

  it('takes rows at random, the same way for the same seed', () => {
    const rows = Array.from({ length: 50 }, (_, id) => ({ id }));
    const pick = (seed: number) => {
      const next = createRequestSource(
        { method: 'GET', path: '/${row.id}', headers: {} },
        { rows, order: 'random', seed },
      );
      return Array.from({ length: 200 }, () => next().path);
    };
    expect(pick(3)).toEqual(pick(3));
    expect(pick(3)).not.toEqual(pick(4));
    expect(new Set(pick(3)).size).toBeGreaterThan(30);
  });

  it('renders raw bodies per row', () => {
    const next = createRequestSource(
      { method: 'PUT', path: '/k', headers: {}, body: { kind: 'raw', value: 'k=${row.k}' } },
      { rows: [{ k: 'v' }, { k: 'w' }] },
    );
    expect([next(), next()].map((request) => request.body?.toString())).toEqual(['k=v', 'k=w']);
  });
});

describe('error classes', () => {
  it.each([
    [new RequestTimeoutError('late'), 'ETIMEDOUT'],
    [Object.assign(new Error('x'), { code: 'UND_ERR_HEADERS_TIMEOUT' }), 'ETIMEDOUT'],
    [Object.assign(new Error('x'), { code: 'UND_ERR_CONNECT_TIMEOUT' }), 'ETIMEDOUT'],
    [Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), 'ECONNREFUSED'],
    [Object.assign(new Error('x'), { code: 'ECONNRESET' }), 'ECONNRESET'],
    [Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }), 'ECONNRESET'],
    [Object.assign(new Error('x'), { code: 'UND_ERR_SOCKET', cause: { code: 'EPIPE' } }), 'EPIPE'],
    [Object.assign(new Error('x'), { code: 'EHOSTUNREACH' }), 'other'],
    [new Error('plain'), 'other'],
  ])('%s → %s', (error, expected) => {
    expect(classifyError(error)).toBe(expected);
  });
});

describe('generator saturation', () => {
  const calm = { cpuCores: 0.3, eventLoopDelayP99Ms: 2, eventLoopDelayMaxMs: 5 };
  it('is quiet when the generator kept up, drops included', () => {
    expect(
      explainSaturation({
        load: calm,
        open: { intended: 1000, sent: 500, dropped: 500, lateStarts: 2, maxStartDelayMs: 12 },
      }),
    ).toEqual([]);
  });
  it('names each reason', () => {
    const reasons = explainSaturation({
      load: { cpuCores: 0.97, eventLoopDelayP99Ms: 45, eventLoopDelayMaxMs: 80 },
      open: { intended: 1000, sent: 900, dropped: 100, lateStarts: 100, maxStartDelayMs: 60 },
    });
    expect(reasons).toHaveLength(3);
    expect(reasons.join('\n')).toMatch(/97% of a CPU core[\s\S]*45(\.0)? ms at p99[\s\S]*100 of 900 requests started/);
  });
});
