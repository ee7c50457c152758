// The lean HTTP/1.1 client (request-wire, response-parser, lean-connection): the parser table-driven
// and fed at every split point; the connection against real loopback servers on port 0 (node:http,
// and raw TCP servers that write the bytes themselves); and a run through each client, which must
// report the same counts, status codes and error classes.
import { afterEach, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { ScenarioConfig } from '../../src/core/types/config.js';
import type { Connection, ConnectionOwner } from '../../src/engine/connection.js';
import { classifyError, RequestTimeoutError } from '../../src/engine/error-class.js';
import { LeanConnection } from '../../src/engine/lean-connection.js';
import type { DispatchRequest } from '../../src/engine/request-builder.js';
import { encodeRequest, RequestEncoder } from '../../src/engine/request-wire.js';
import { ResponseParser } from '../../src/engine/response-parser.js';
import { runScenario } from '../../src/engine/run-scenario.js';
import { chooseTransport } from '../../src/engine/transport.js';
import { serveRawOnLoopback } from '../fakes/http.js';

// ------------------------------------------------------------------ fixtures

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function httpServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{
  url: string;
  port: number;
  server: Server;
  connections: () => number;
}> {
  let connections = 0;
  const server = createServer(handler);
  server.on('connection', () => (connections += 1));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closers.push(async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, server, connections: () => connections };
}

/** A TCP server that answers every request (a chunk holding a blank line) with `onRequest`. */
async function rawServer(onRequest: (socket: net.Socket, index: number) => void): Promise<{
  port: number;
  connections: () => number;
}> {
  const server = await serveRawOnLoopback(onRequest);
  closers.push(server.close);
  return server;
}

interface Outcome {
  status: number;
  bytesIn: number;
  error: Error | null;
}

/** A connection with an owner that resolves each request's outcome. */
function leanConnection(port: number): {
  send: (request?: DispatchRequest) => Promise<Outcome>;
  connection: Connection;
} {
  let settle: ((outcome: Outcome) => void) | undefined;
  const owner: ConnectionOwner = {
    complete(connection, error) {
      if (!connection.busy) return;
      connection.busy = false;
      const done = settle;
      settle = undefined;
      done?.({ status: error ? 0 : connection.status, bytesIn: connection.bytesIn, error });
    },
  };
  const connection = new LeanConnection(owner, {
    host: '127.0.0.1',
    port,
    encoder: new RequestEncoder(`127.0.0.1:${port}`),
    now: () => performance.now(),
  });
  closers.push(() => connection.destroy());
  return {
    connection,
    send: (request = GET) =>
      new Promise<Outcome>((resolve) => {
        settle = resolve;
        const now = performance.now();
        connection.send(request, now, now);
      }),
  };
}

function dispatchRequest(method: string, path: string, headers: string[] = [], body?: string): DispatchRequest {
  const bytes = body === undefined ? null : Buffer.from(body);
  return { method, path, headers, body: bytes, bodyBytes: bytes ? bytes.byteLength : 0 };
}

const GET = dispatchRequest('GET', '/orders');

// ------------------------------------------------------------------ the request's bytes

describe('request-wire', () => {
  it('writes the head undici writes: request line, host, keep-alive, headers, content-length', () => {
    const post = dispatchRequest('POST', '/orders?x=1', ['content-type', 'application/json', 'x-id', '7'], '{"a":1}');
    expect(encodeRequest(post, '127.0.0.1:8080').bytes.toString('latin1')).toBe(
      'POST /orders?x=1 HTTP/1.1\r\nhost: 127.0.0.1:8080\r\nconnection: keep-alive\r\n' +
        'content-type: application/json\r\nx-id: 7\r\ncontent-length: 7\r\n\r\n{"a":1}',
    );
    expect(encodeRequest(dispatchRequest('PUT', '/'), 'h').bytes.toString('latin1')).toContain('content-length: 0\r\n');
    expect(encodeRequest(GET, 'h').bytes.toString('latin1')).not.toContain('content-length');
    const head = encodeRequest(dispatchRequest('HEAD', '/', ['Host', 'example.test']), 'h');
    expect(head.head).toBe(true);
    expect(head.bytes.toString('latin1')).toBe('HEAD / HTTP/1.1\r\nhost: example.test\r\nconnection: close\r\n\r\n');
  });

  it.each([
    ['a header value with CR LF', dispatchRequest('GET', '/', ['x-a', 'b\r\nx-injected: 1']), 'invalid x-a header'],
    ['a header name with a space', dispatchRequest('GET', '/', ['x a', 'b']), 'invalid header key'],
    ['a path with a space', dispatchRequest('GET', '/a b'), 'invalid request path'],
  ])('refuses %s with undici’s error', (_, request, message) => {
    expect(() => encodeRequest(request, 'h')).toThrow(message);
    try {
      encodeRequest(request, 'h');
    } catch (error) {
      expect(classifyError(error)).toBe('other');
      expect((error as { code?: string }).code).toBe('UND_ERR_INVALID_ARG');
    }
  });

  it('encodes a request object once', () => {
    const encoder = new RequestEncoder('h');
    expect(encoder.encode(GET)).toBe(encoder.encode(GET));
  });
});

// ------------------------------------------------------------------ the parser

interface Parsed {
  status: number;
  bodyBytes: number;
  close: boolean;
  keepAliveMs: number;
  /** Offset where the response ended in the whole input. */
  end: number;
}

/** Feeds `text` cut at `cuts`; returns what the parser saw when the response ended. */
function parse(text: string, cuts: number[], noBody = false): Parsed | 'incomplete' {
  const bytes = Buffer.from(text, 'latin1');
  const parser = new ResponseParser();
  parser.reset(noBody);
  const bounds = [0, ...cuts, bytes.length];
  // Each piece is read into one reused buffer whose stale bytes past the piece look like HTTP, as
  // the connection's shared `onread` buffer does.
  const scratch = Buffer.alloc(bytes.length + 64, '\r\n\r\nHTTP/1.1 200 OK\r\n0\r\n\r\n');
  for (let i = 0; i + 1 < bounds.length; i++) {
    const piece = bytes.subarray(bounds[i], bounds[i + 1]);
    piece.copy(scratch, 0);
    const end = parser.execute(scratch, 0, piece.length);
    if (end !== -1) {
      const { status, bodyBytes, close, keepAliveMs } = parser;
      return { status, bodyBytes, close, keepAliveMs, end: bounds[i]! + end };
    }
  }
  if (parser.endOfStream()) {
    const { status, bodyBytes, close, keepAliveMs } = parser;
    return { status, bodyBytes, close, keepAliveMs, end: bytes.length };
  }
  return 'incomplete';
}

const NODE_HEAD = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nDate: Fri, 04 Dec 2026 13:00:00 GMT\r\n';
const CASES: [string, string, Omit<Parsed, 'end'>, boolean?][] = [
  [
    'content-length',
    `${NODE_HEAD}Content-Length: 29\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\n{"orders":[1,2,3],"ok":true}\n`,
    { status: 200, bodyBytes: 29, close: false, keepAliveMs: 5000 },
  ],
  [
    'chunked, with an extension and a trailer',
    'HTTP/1.1 201 Created\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\na;x=y\r\n0123456789\r\n0\r\nx-t: 1\r\n\r\n',
    { status: 201, bodyBytes: 15, close: false, keepAliveMs: 0 },
  ],
  [
    'connection: close',
    'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 4\r\n\r\nbusy',
    { status: 503, bodyBytes: 4, close: true, keepAliveMs: 0 },
  ],
  [
    'HTTP/1.0 without keep-alive',
    'HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok',
    { status: 200, bodyBytes: 2, close: true, keepAliveMs: 0 },
  ],
  [
    'HTTP/1.0 with keep-alive',
    'HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 2\r\n\r\nok',
    { status: 200, bodyBytes: 2, close: false, keepAliveMs: 0 },
  ],
  [
    'interim 103 then the answer',
    'HTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc',
    { status: 200, bodyBytes: 3, close: false, keepAliveMs: 0 },
  ],
  [
    '204 with a content-length has no body',
    'HTTP/1.1 204 No Content\r\nContent-Length: 10\r\n\r\n',
    { status: 204, bodyBytes: 0, close: false, keepAliveMs: 0 },
  ],
  [
    '304 has no body',
    'HTTP/1.1 304 Not Modified\r\nETag: "x"\r\n\r\n',
    { status: 304, bodyBytes: 0, close: false, keepAliveMs: 0 },
  ],
  [
    'no length: the body runs until the connection closes',
    'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nsome text',
    { status: 200, bodyBytes: 9, close: true, keepAliveMs: 0 },
  ],
];

describe('response-parser', () => {
  it.each(CASES)('%s: the same at every split point', (_, text, expected) => {
    const whole = parse(text, []);
    expect(whole).toEqual({ ...expected, end: text.length });
    for (let cut = 1; cut < text.length; cut++) expect(parse(text, [cut])).toEqual(whole);
    // and one byte at a time
    expect(
      parse(
        text,
        Array.from({ length: text.length - 1 }, (_, i) => i + 1),
      ),
    ).toEqual(whole);
  });

  it('a HEAD response has no body whatever its content-length says', () => {
    expect(parse('HTTP/1.1 200 OK\r\nContent-Length: 29\r\n\r\n', [], true)).toMatchObject({
      status: 200,
      bodyBytes: 0,
    });
  });

  it('says where a response ends when more follows in the same chunk', () => {
    const first = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok';
    const parser = new ResponseParser();
    const bytes = Buffer.from(`${first}HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n`, 'latin1');
    parser.reset(false);
    const end = parser.execute(bytes, 0);
    expect(end).toBe(first.length);
    expect(parser.status).toBe(200);
    parser.reset(false);
    expect(parser.execute(bytes, end)).toBe(bytes.length);
    expect(parser.status).toBe(404);
  });

  it.each([
    ['a status line that is not HTTP', 'SSH-2.0-OpenSSH\r\n\r\n', /bad response/],
    ['a bad content-length', 'HTTP/1.1 200 OK\r\nContent-Length: 1x\r\n\r\n', /content-length/],
    ['a bad chunk size', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', /chunk size/],
    ['an unsolicited 100 Continue', 'HTTP/1.1 100 Continue\r\n\r\n', /bad response/],
    ['a 101 Switching Protocols', 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: ws\r\n\r\n', /bad upgrade/],
  ])('refuses %s (classed other)', (_, text, message) => {
    let thrown: unknown;
    try {
      parse(text, []);
    } catch (error) {
      thrown = error;
    }
    expect(String(thrown)).toMatch(message);
    expect(classifyError(thrown)).toBe('other');
  });
});

// ------------------------------------------------------------------ the connection

describe('lean-connection against loopback servers', () => {
  it('keeps one connection alive across requests and reports each status and body size', async () => {
    const seen: string[] = [];
    const server = await httpServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${req.headers.host} ${req.headers['x-id'] ?? '-'} ${body}`);
        const status = req.url === '/missing' ? 404 : req.url === '/busy' ? 503 : 200;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ url: req.url }));
      });
    });
    const { send } = leanConnection(server.port);
    const outcomes: Outcome[] = [];
    outcomes.push(await send());
    outcomes.push(await send(dispatchRequest('GET', '/missing')));
    outcomes.push(await send(dispatchRequest('POST', '/busy', ['x-id', '42'], 'payload')));
    outcomes.push(await send());
    expect(outcomes.map((outcome) => [outcome.status, outcome.bytesIn, outcome.error])).toEqual([
      [200, 17, null],
      [404, 18, null],
      [503, 15, null],
      [200, 17, null],
    ]);
    expect(seen).toEqual([
      `GET /orders 127.0.0.1:${server.port} - `,
      `GET /missing 127.0.0.1:${server.port} - `,
      `POST /busy 127.0.0.1:${server.port} 42 payload`,
      `GET /orders 127.0.0.1:${server.port} - `,
    ]);
    expect(server.connections()).toBe(1);
  });

  it('reads a chunked body written in several writes', async () => {
    const server = await httpServer((_req, res) => {
      res.write('a'.repeat(1000));
      setImmediate(() => {
        res.write('b'.repeat(3000));
        res.end('c');
      });
    });
    const { send } = leanConnection(server.port);
    expect(await send()).toEqual({ status: 200, bytesIn: 4001, error: null });
    expect(await send()).toEqual({ status: 200, bytesIn: 4001, error: null });
    expect(server.connections()).toBe(1);
  });

  it('reads a response that arrives a few bytes at a time', async () => {
    const response = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n';
    const server = await rawServer((socket) => {
      let at = 0;
      const next = (): void => {
        if (socket.destroyed || at >= response.length) return;
        socket.write(response.slice(at, at + 3));
        at += 3;
        setTimeout(next, 1);
      };
      next();
    });
    const { send } = leanConnection(server.port);
    expect(await send()).toEqual({ status: 200, bytesIn: 5, error: null });
    expect(await send()).toEqual({ status: 200, bytesIn: 5, error: null });
    expect(server.connections()).toBe(1);
  });

  it('opens a new connection after connection: close, and after a body read until close', async () => {
    const server = await rawServer((socket, index) => {
      if (index % 2 === 0) socket.end('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok');
      else socket.end('HTTP/1.1 202 Accepted\r\n\r\nuntil close');
    });
    const { send } = leanConnection(server.port);
    const outcomes = [await send(), await send(), await send(), await send()];
    expect(outcomes).toEqual([
      { status: 200, bytesIn: 2, error: null },
      { status: 202, bytesIn: 11, error: null },
      { status: 200, bytesIn: 2, error: null },
      { status: 202, bytesIn: 11, error: null },
    ]);
    expect(server.connections()).toBe(4);
  });

  it('does not reuse a connection past the server’s keep-alive hint less undici’s 2 s threshold', async () => {
    // timeout=2 leaves no margin: each request gets a connection of its own, as under undici.
    const short = await rawServer((socket) =>
      socket.write('HTTP/1.1 200 OK\r\nKeep-Alive: timeout=2\r\nContent-Length: 0\r\n\r\n'),
    );
    const first = leanConnection(short.port);
    for (let i = 0; i < 3; i++) expect(await first.send()).toEqual({ status: 200, bytesIn: 0, error: null });
    expect(short.connections()).toBe(3);
    const long = await rawServer((socket) =>
      socket.write('HTTP/1.1 200 OK\r\nKeep-Alive: timeout=5\r\nContent-Length: 0\r\n\r\n'),
    );
    const second = leanConnection(long.port);
    for (let i = 0; i < 3; i++) expect(await second.send()).toEqual({ status: 200, bytesIn: 0, error: null });
    expect(long.connections()).toBe(1);
  });

  it('a server that resets the connection: ECONNRESET, and the next request reconnects', async () => {
    const server = await rawServer((socket, index) => {
      if (index === 0) socket.resetAndDestroy();
      else socket.write('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n');
    });
    const { send } = leanConnection(server.port);
    const reset = await send();
    expect(reset.status).toBe(0);
    expect(classifyError(reset.error)).toBe('ECONNRESET');
    expect(await send()).toEqual({ status: 200, bytesIn: 0, error: null });
    expect(server.connections()).toBe(2);
  });

  it('a server that closes under the request: undici’s "other side closed", classed ECONNRESET', async () => {
    const server = await rawServer((socket) => socket.end());
    const { send } = leanConnection(server.port);
    const outcome = await send();
    expect(outcome.error?.message).toBe('other side closed');
    expect(classifyError(outcome.error)).toBe('ECONNRESET');
  });

  it('a port nobody listens on: ECONNREFUSED', async () => {
    const server = await rawServer(() => undefined);
    const { port } = server;
    await closers.pop()!();
    const { send } = leanConnection(port);
    const outcome = await send();
    expect(classifyError(outcome.error)).toBe('ECONNREFUSED');
    expect(classifyError((await send()).error)).toBe('ECONNREFUSED');
  });

  it('a server that never answers: expire() ends the request and drops the socket', async () => {
    const server = await rawServer(() => undefined);
    const { send, connection } = leanConnection(server.port);
    const pending = send();
    await new Promise((resolve) => setTimeout(resolve, 20));
    connection.expire(new RequestTimeoutError('no complete response within 20 ms'));
    const outcome = await pending;
    expect(classifyError(outcome.error)).toBe('ETIMEDOUT');
    expect(connection.busy).toBe(false);
  });
});

// ------------------------------------------------------------------ through a run

function scenarioFor(baseUrl: string, overrides: Partial<ScenarioConfig> = {}): ScenarioConfig {
  return {
    name: 'lean',
    load: { executor: 'shared-iterations', vus: 4, iterations: 300, maxDurationMs: 10_000 },
    baseUrl,
    request: { method: 'GET', path: '/', headers: {} },
    warmupMs: 0,
    timeoutMs: 5000,
    thinkTimeMs: 0,
    maxInFlight: 100,
    segmentMs: 1000,
    ...overrides,
  };
}

describe('a run through the lean client', () => {
  it('picks lean for http: and undici for https: and for headers it leaves to undici', () => {
    const scenario = scenarioFor('http://127.0.0.1:1');
    expect(chooseTransport('http://127.0.0.1:1', scenario)).toBe('lean');
    expect(chooseTransport('https://127.0.0.1:1', scenario)).toBe('undici');
    expect(chooseTransport('http://127.0.0.1:1', scenario, 'undici')).toBe('undici');
    const expect100 = scenarioFor('http://127.0.0.1:1', {
      request: { method: 'POST', path: '/', headers: { Expect: '100-continue' } },
    });
    expect(chooseTransport('http://127.0.0.1:1', expect100)).toBe('undici');
    const connect = scenarioFor('http://127.0.0.1:1', { request: { method: 'CONNECT', path: '/', headers: {} } });
    expect(chooseTransport('http://127.0.0.1:1', connect)).toBe('undici');
  });

  it('reports the same counts, status codes and bytes as undici', async () => {
    let n = 0;
    const server = await httpServer((_req, res) => {
      n += 1;
      const status = n % 10 === 0 ? 500 : n % 7 === 0 ? 404 : 200;
      res.writeHead(status, { 'content-type': 'text/plain' });
      if (n % 3 === 0) {
        res.write('chunk-');
        res.end('ed');
      } else res.end('plain');
    });
    const results = [];
    for (const httpClient of ['lean', 'undici'] as const) {
      n = 0;
      results.push(await runScenario(scenarioFor(server.url), { httpClient }));
    }
    const [lean, undici] = results;
    const codes = { '200': 0, '404': 0, '500': 0 };
    for (let i = 1; i <= 300; i++) codes[i % 10 === 0 ? '500' : i % 7 === 0 ? '404' : '200'] += 1;
    for (const result of [lean!, undici!]) {
      expect(result.requests).toEqual({ total: 300, ok: codes['200'], ko: 300 - codes['200'], dropped: 0 });
      expect(result.statusCodes).toEqual(codes);
    }
    expect(lean!.bytes).toEqual(undici!.bytes);
  });

  // A plain scenario whose every request got 401 showed no body, where a flow's step kept its
  // first one: the same "status 401" example now, masked, from each client, chunked or not.
  it('keeps the first body of each status the check refused, masked, as the flows do', async () => {
    let n = 0;
    const server = await httpServer((_req, res) => {
      n += 1;
      const status = n % 2 === 0 ? 401 : 503;
      res.writeHead(status, { 'content-type': 'application/json' });
      const body = JSON.stringify({ error: `refused ${status}`, token: 'Bearer abcdefghijklmnopqrstuvwxyz123456' });
      if (status === 503) {
        res.write(body.slice(0, 10));
        res.end(`${body.slice(10)}\nsecond line`);
      } else res.end(body);
    });
    for (const httpClient of ['lean', 'undici'] as const) {
      const result = await runScenario(scenarioFor(server.url), { httpClient });
      expect(result.requests.ko).toBe(300);
      expect(result.errors).toEqual({});
      expect(Object.keys(result.errorExamples ?? {}).sort()).toEqual(['status 401', 'status 503']);
      expect(result.errorExamples!['status 401']).toMatch(
        /^answered 401 \(\{"error":"refused 401","token":"\*\*\*"\}\)$/,
      );
      expect(result.errorExamples!['status 503']).toMatch(
        /^answered 503 \(\{"error":"refused 503","token":"\*\*\*"\}\)$/,
      );
      expect(JSON.stringify(result.errorExamples)).not.toContain('abcdefghijklmnopqrstuvwxyz123456');
    }
  });

  it('keeps no body of an ok answer', async () => {
    const server = await httpServer((_req, res) => res.end('fine'));
    const result = await runScenario(scenarioFor(server.url));
    expect(result.requests.ok).toBe(300);
    expect(result.errorExamples).toBeUndefined();
  });

  it('classes a timeout, a refused port and a reset the same as undici', async () => {
    const silent = await rawServer(() => undefined);
    const resetting = await rawServer((socket) => socket.resetAndDestroy());
    const refused = await rawServer(() => undefined);
    const refusedPort = refused.port;
    await closers.pop()!();
    const load = { executor: 'constant-vus', vus: 2, durationMs: 300 } as const;
    for (const httpClient of ['lean', 'undici'] as const) {
      const timedOut = await runScenario(scenarioFor(`http://127.0.0.1:${silent.port}`, { load, timeoutMs: 100 }), {
        httpClient,
      });
      expect(Object.keys(timedOut.errors)).toEqual(['ETIMEDOUT']);
      expect(timedOut.requests.ko).toBeGreaterThan(0);
      const reset = await runScenario(scenarioFor(`http://127.0.0.1:${resetting.port}`, { load }), { httpClient });
      expect(Object.keys(reset.errors)).toEqual(['ECONNRESET']);
      const refusedRun = await runScenario(scenarioFor(`http://127.0.0.1:${refusedPort}`, { load }), { httpClient });
      expect(Object.keys(refusedRun.errors)).toEqual(['ECONNREFUSED']);
      expect(refusedRun.errorExamples?.ECONNREFUSED).toMatch(/ECONNREFUSED/);
    }
  });
});
