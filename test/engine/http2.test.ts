// HTTP/2 through the engine (src/engine/h2-connection.ts): real loopback node:http2 servers, h2c
// by prior knowledge and h2 over TLS with the certificates of test/fixtures/tls; the stream limits,
// the open model's maxInFlight as streams, and the error classes of a reset, a GOAWAY and a
// protocol mismatch.
import { afterEach, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import http2, { type Http2Server, type Http2SecureServer, type ServerHttp2Stream } from 'node:http2';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { HttpVersion, LoadModel, ScenarioConfig, TlsConfig } from '../../src/core/types/config.js';
import type { ScenarioResult } from '../../src/core/types/results.js';
import { runScenario } from '../../src/engine/run-scenario.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/tls');
const pem = (name: string): Buffer => readFileSync(path.join(fixtures, name));

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** What a server saw: sessions, and the most streams open at once on one session and in all. */
interface Seen {
  sessions: number;
  maxPerSession: number;
  maxTotal: number;
  streams: number;
}

type Answer = (stream: ServerHttp2Stream, seen: Seen) => void;

const answerOk: Answer = (stream) => {
  stream.respond({ ':status': 200 });
  stream.end('ok');
};

function after(ms: number, answer: Answer = answerOk): Answer {
  return (stream, seen) =>
    setTimeout(() => {
      if (!stream.destroyed) answer(stream, seen);
    }, ms);
}

async function listen(
  server: Http2Server | Http2SecureServer,
  scheme: 'http' | 'https',
  answer: Answer,
): Promise<{ origin: string; seen: Seen }> {
  const seen: Seen = { sessions: 0, maxPerSession: 0, maxTotal: 0, streams: 0 };
  let total = 0;
  server.on('session', (session) => {
    seen.sessions += 1;
    let open = 0;
    session.on('stream', (stream) => {
      open += 1;
      total += 1;
      seen.streams += 1;
      seen.maxPerSession = Math.max(seen.maxPerSession, open);
      seen.maxTotal = Math.max(seen.maxTotal, total);
      stream.on('error', () => undefined);
      stream.on('close', () => {
        open -= 1;
        total -= 1;
      });
      answer(stream, seen);
    });
    session.on('error', () => undefined);
  });
  const sessions = new Set<http2.Http2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closers.push(async () => {
    for (const session of sessions) session.destroy();
    server.close();
    await once(server, 'close');
  });
  return { origin: `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const h2c = (answer: Answer = answerOk, settings: http2.Settings = {}) =>
  listen(http2.createServer({ settings }), 'http', answer);
const h2s = (answer: Answer = answerOk, options: http2.SecureServerOptions = {}) =>
  listen(http2.createSecureServer({ cert: pem('server.pem'), key: pem('server.key'), ...options }), 'https', answer);

async function http1(secure: boolean): Promise<string> {
  const handler = (_request: unknown, response: { end(body: string): void }) => response.end('h1');
  const server: Server = secure
    ? createHttpsServer({ cert: pem('server.pem'), key: pem('server.key') }, handler)
    : createHttpServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closers.push(async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  });
  return `${secure ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const CA: TlsConfig = { ca: path.join(fixtures, 'ca.pem') };

function run(
  baseUrl: string,
  http: HttpVersion,
  load: LoadModel = { executor: 'constant-vus', vus: 4, durationMs: 400 },
  extra: Partial<ScenarioConfig> = {},
): Promise<ScenarioResult> {
  return runScenario({
    name: 'h2',
    load,
    baseUrl,
    request: { method: 'GET', path: '/', headers: {} },
    warmupMs: 100,
    timeoutMs: 2000,
    thinkTimeMs: 0,
    maxInFlight: 100,
    segmentMs: 200,
    http,
    ...(baseUrl.startsWith('https:') ? { tls: CA } : {}),
    ...extra,
  });
}

describe('HTTP/2', () => {
  it('drives an h2c server by prior knowledge with no failure, and says so', async () => {
    const { origin, seen } = await h2c();
    const result = await run(origin, '2');
    expect(result.requests.ok).toBeGreaterThan(20);
    expect(result.requests.ko).toBe(0);
    expect(result.protocol).toEqual({ asked: '2', spoken: 'h2c' });
    // Four VUs are four streams of one session.
    expect(seen.sessions).toBe(1);
    expect(result.bytes.in).toBe(result.requests.ok * 'ok'.length);
  });

  it('drives an h2 server over TLS (ALPN), with http: 2 and with auto', async () => {
    const { origin } = await h2s();
    for (const http of ['2', 'auto'] as const) {
      const result = await run(origin, http);
      expect(result.requests.ko, JSON.stringify(result.errorExamples)).toBe(0);
      expect(result.requests.ok).toBeGreaterThan(20);
      expect(result.protocol).toEqual({ asked: http, spoken: 'h2' });
    }
  });

  it('auto speaks HTTP/1.1 to an https: service without h2, and to an http: one', async () => {
    for (const origin of [await http1(true), await http1(false)]) {
      const result = await run(origin, 'auto');
      expect(result.requests.ko, JSON.stringify(result.errorExamples)).toBe(0);
      expect(result.protocol).toEqual({ asked: 'auto', spoken: 'http/1.1' });
    }
  });

  it("honours the server's stream limit: more VUs than it allows open more sessions, none refused", async () => {
    const { origin, seen } = await h2c(after(5), { maxConcurrentStreams: 3 });
    const result = await run(origin, '2', { executor: 'constant-vus', vus: 10, durationMs: 400 });
    expect(result.requests.ko, JSON.stringify(result.errorExamples)).toBe(0);
    expect(seen.maxPerSession).toBeLessThanOrEqual(3);
    expect(seen.sessions).toBeGreaterThanOrEqual(4);
    expect(seen.maxTotal).toBe(10);
  });

  it("counts the open model's maxInFlight in streams: the surplus is dropped, never queued", async () => {
    const { origin, seen } = await h2c(after(100));
    const result = await run(
      origin,
      '2',
      { executor: 'constant-arrival-rate', ratePerSec: 200, durationMs: 1000 },
      { maxInFlight: 5, warmupMs: 0 },
    );
    expect(seen.maxTotal).toBeLessThanOrEqual(5);
    expect(seen.sessions).toBe(1);
    expect(result.requests.dropped).toBeGreaterThan(100);
    expect(result.requests.ko).toBe(0);
    // Each sent request waited 100 ms at the server; timed from its intended start, not less.
    expect(result.latencyMs.p50).toBeGreaterThanOrEqual(100);
  });

  it('keeps the first body of a status the check refused as its example, masked', async () => {
    const { origin } = await h2c((stream) => {
      stream.respond({ ':status': 401, 'content-type': 'application/json' });
      stream.end(JSON.stringify({ error: 'no token', token: 'Bearer abcdefghijklmnopqrstuvwxyz123456' }));
    });
    const result = await run(origin, '2');
    expect(result.requests.ko).toBeGreaterThan(0);
    expect(result.statusCodes).toEqual({ '401': result.requests.ko });
    expect(Object.keys(result.errorExamples ?? {})).toEqual(['status 401']);
    expect(result.errorExamples!['status 401']).toMatch(/^answered 401 \(\{"error":"no token"/);
    expect(result.errorExamples!['status 401']).not.toContain('abcdefghijklmnopqrstuvwxyz123456');
  });

  it('classes a stream the server reset as ERST', async () => {
    let count = 0;
    const { origin } = await h2c((stream) => {
      count += 1;
      if (count % 2 === 0) stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
      else answerOk(stream, undefined as never);
    });
    const result = await run(origin, '2');
    expect(result.requests.ok).toBeGreaterThan(0);
    expect(result.errors).toEqual({ ERST: result.requests.ko });
    expect(result.errorExamples?.ERST).toMatch(/reset the stream \(RST_STREAM INTERNAL_ERROR\)/);
  });

  it('classes requests a GOAWAY cut off as EGOAWAY, and goes on over new sessions', async () => {
    // Each session answers its first stream, then says it processes no stream after it.
    const { origin, seen } = await h2c(
      after(5, (stream) => {
        const first = stream.id === 1;
        answerOk(stream, undefined as never);
        if (first) stream.session?.goaway(http2.constants.NGHTTP2_NO_ERROR, 1);
      }),
    );
    const result = await run(origin, '2', { executor: 'constant-vus', vus: 4, durationMs: 400 });
    expect(seen.sessions).toBeGreaterThan(2);
    expect(result.requests.ok).toBeGreaterThan(0);
    expect(result.errors).toEqual({ EGOAWAY: result.requests.ko });
    expect(result.requests.ko).toBeGreaterThan(0);
    expect(result.errorExamples?.EGOAWAY).toMatch(/GOAWAY \(NO_ERROR\) ended the connection/);
  });

  it('fails every request of a protocol mismatch with EPROTO and names the fix', async () => {
    const h1 = await run(await http1(false), '2');
    expect(h1.requests.ok).toBe(0);
    expect(h1.errors).toEqual({ EPROTO: h1.requests.ko });
    expect(h1.errorExamples?.EPROTO).toMatch(/does not speak HTTP\/2 here .*http: 1\.1/);

    const { origin } = await h2s();
    const onlyH2 = await run(origin, '1.1');
    expect(onlyH2.requests.ok).toBe(0);
    expect(onlyH2.errors).toEqual({ EPROTO: onlyH2.requests.ko });
    expect(onlyH2.errorExamples?.EPROTO).toMatch(
      /NO_APPLICATION_PROTOCOL.*HTTP\/2-only service needs http: 2 \(or auto\)/,
    );
    // HTTP/1.1 is what a result without `protocol` means.
    expect(onlyH2.protocol).toBeUndefined();

    // An h2c-only service answers an HTTP/1.1 request with its SETTINGS frame, then closes.
    const cleartext = await h2c();
    const onlyH2c = await run(cleartext.origin, '1.1');
    expect(onlyH2c.requests.ok).toBe(0);
    expect(onlyH2c.requests.ko).toBeGreaterThan(0);
    expect(onlyH2c.errors).toEqual({ EPROTO: onlyH2c.requests.ko });
    expect(onlyH2c.errorExamples?.EPROTO).toMatch(
      /^ProtocolError \(EPROTO\): .*HTTP\/2-only \(h2c\) service needs http: 2/,
    );
  });

  it('over TLS: an unknown CA is ECERT, and an https: service without h2 is EPROTO', async () => {
    const { origin } = await h2s();
    const untrusted = await run(origin, '2', undefined, { tls: {} });
    expect(untrusted.requests.ok).toBe(0);
    expect(untrusted.errors).toEqual({ ECERT: untrusted.requests.ko });
    expect(untrusted.errorExamples?.ECERT).toMatch(/unknown CA .*tls\.ca/);

    const h1Only = await run(await http1(true), '2');
    expect(h1Only.requests.ok).toBe(0);
    expect(Object.keys(h1Only.errors)).toEqual(['EPROTO']);
    expect(h1Only.errorExamples?.EPROTO).toMatch(/does not offer HTTP\/2 \(h2\) by ALPN .*http: 1\.1/);
  });

  it('times a request out on an h2 server that never answers, and recovers the stream slot', async () => {
    const { origin } = await h2c(() => undefined);
    const result = await run(
      origin,
      '2',
      { executor: 'constant-vus', vus: 2, durationMs: 600 },
      { timeoutMs: 100, warmupMs: 0 },
    );
    expect(result.requests.ok).toBe(0);
    expect(result.errors).toEqual({ ETIMEDOUT: result.requests.ko });
    // Two VUs, each a 100 ms timeout after the other: about 6 per VU in 600 ms.
    expect(result.requests.ko).toBeGreaterThanOrEqual(6);
  });
});
