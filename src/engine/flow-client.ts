// How a flow's steps go over the wire (src/engine/run-flow.ts): one request at a time per caller,
// the answer read whole when a capture or a failure's message needs its body, and the time its
// body's first byte came (the step's time to first byte). Over HTTP/1.1 undici's Pool with its
// request API; over HTTP/2 (`http: 2`, or `auto` when ALPN picks h2) one node:http2 session per
// variant, h2 by ALPN over https: and h2c by prior knowledge over http:, whose streams are the
// steps in flight (the service's stream limit is left to node:http2, which holds the surplus back).
import type { ClientHttp2Session, ClientHttp2Stream, OutgoingHttpHeaders } from 'node:http2';
import { performance } from 'node:perf_hooks';
import type { ConnectionOptions } from 'node:tls';
import type { Pool } from 'undici';
import { h2FrameAnswer, RequestTimeoutError, startsWithH2Settings } from './error-class.js';
import { describeSessionError, Http2Error, NGHTTP2_CANCEL, NGHTTP2_NO_ERROR } from './h2-connection.js';
import { tlsConnectOptions } from './tls.js';
import type { SpokenProtocol } from './transport.js';
import { loadedUndici } from './undici-connection.js';

export interface FlowRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export interface FlowResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text when `wantBody(status)` said so, else ''. */
  body: string;
  bytesIn: number;
  /** When its body's first byte came (performance time); for an answer without a body, its end. */
  firstByteMs: number;
}

export interface FlowClient {
  readonly protocol: SpokenProtocol;
  /** Throws the request's failure (classed by src/engine/error-class.ts). */
  request(request: FlowRequest, wantBody: (status: number) => boolean): Promise<FlowResponse>;
  destroy(): Promise<void>;
}

/** HTTP/1.1: undici's Pool, `connections` sockets to `origin`. */
export function undiciFlowClient(
  origin: string,
  connections: number,
  timeoutMs: number,
  tls?: ConnectionOptions,
): FlowClient {
  const pool: Pool = new (loadedUndici().Pool)(origin, {
    connections: Math.max(1, connections),
    pipelining: 1,
    keepAliveTimeout: 60_000,
    // https: the scenario's tls (a CA, a client certificate, insecure) as the one-request engine
    // gives it (src/engine/tls.ts); without its servername override and TLS-alert naming.
    connect: { ...tls, timeout: Math.max(1, timeoutMs) } as Pool.Options['connect'],
  });
  return {
    protocol: 'http/1.1',
    async request(request, wantBody) {
      const response = await pool
        .request({
          method: request.method as 'GET',
          path: request.path,
          headers: request.headers,
          body: request.body ?? null,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        })
        .catch((error: unknown) => {
          // undici's "Response does not match the HTTP/1.1 protocol" keeps the bytes it refused:
          // an h2c-only service's SETTINGS frame is named, with the fix.
          const { name, data } = error as { name?: unknown; data?: unknown };
          const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
          if (name === 'HTTPParserError' && bytes instanceof Uint8Array && startsWithH2Settings(bytes))
            throw h2FrameAnswer();
          throw error;
        });
      const keep = wantBody(response.statusCode);
      const chunks: Buffer[] = [];
      let bytesIn = 0;
      let firstByteMs = 0;
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        if (firstByteMs === 0) firstByteMs = performance.now();
        bytesIn += chunk.length;
        if (keep) chunks.push(chunk);
      }
      return {
        status: response.statusCode,
        headers: response.headers,
        body: keep ? Buffer.concat(chunks).toString('utf8') : '',
        bytesIn,
        firstByteMs: firstByteMs || performance.now(),
      };
    },
    destroy: () => pool.destroy(),
  };
}

/** HTTP/2: one session to `origin` (https: h2 by ALPN with the scenario's tls, http: h2c), reopened when it ends. */
export function h2FlowClient(origin: string, timeoutMs: number, tls?: ConnectionOptions): FlowClient {
  const secure = new URL(origin).protocol === 'https:';
  let session: ClientHttp2Session | undefined;
  /** The session's own error (refused, TLS, not HTTP/2): the reason its streams fail. */
  let sessionError: Error | undefined;
  const open = (): ClientHttp2Session => {
    if (session && !session.closed && !session.destroyed) return session;
    sessionError = undefined;
    // Loaded here, with the first session: a run without HTTP/2 flows does not pay node:http2's load.
    const opened = process
      .getBuiltinModule('node:http2')
      .connect(origin, { ...(secure ? tls : {}), settings: { enablePush: false } });
    opened.on('error', (error: Error) => {
      sessionError ??= error;
    });
    opened.unref();
    session = opened;
    return opened;
  };
  return {
    protocol: secure ? 'h2' : 'h2c',
    request(request, wantBody) {
      return new Promise((resolve, reject) => {
        const headers: OutgoingHttpHeaders = { ':method': request.method, ':path': request.path };
        for (const [name, value] of Object.entries(request.headers)) {
          const lower = name.toLowerCase();
          if (lower === 'host') headers[':authority'] = value;
          else if (lower !== 'content-length') headers[lower] = value;
        }
        let stream: ClientHttp2Stream;
        try {
          stream = open().request(headers, { endStream: request.body === undefined });
        } catch (error) {
          reject(error as Error);
          return;
        }
        let status = 0;
        let answerHeaders: FlowResponse['headers'] = {};
        let keep = false;
        const chunks: Buffer[] = [];
        let bytesIn = 0;
        let firstByteMs = 0;
        let settled = false;
        const fail = (error: Error): void => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (!stream.closed) stream.close(NGHTTP2_CANCEL);
          reject(error);
        };
        const timer = setTimeout(
          () => fail(new RequestTimeoutError(`no complete response within ${timeoutMs} ms`)),
          timeoutMs,
        );
        stream.on('response', (incoming) => {
          status = Number(incoming[':status'] ?? 0);
          answerHeaders = incoming as FlowResponse['headers'];
          keep = wantBody(status);
        });
        stream.on('data', (chunk: Buffer) => {
          if (firstByteMs === 0) firstByteMs = performance.now();
          bytesIn += chunk.length;
          if (keep) chunks.push(chunk);
        });
        stream.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({
            status,
            headers: answerHeaders,
            body: keep ? Buffer.concat(chunks).toString('utf8') : '',
            bytesIn,
            firstByteMs: firstByteMs || performance.now(),
          });
        });
        stream.on('error', (error: Error) => fail(describeSessionError(sessionError ?? error, false)));
        stream.on('close', () => {
          const code = stream.rstCode ?? NGHTTP2_NO_ERROR;
          if (sessionError) fail(describeSessionError(sessionError, false));
          else if (code !== NGHTTP2_NO_ERROR)
            fail(new Http2Error('ERST', `the server reset the stream (RST_STREAM code ${code})`));
          else fail(new Http2Error('EGOAWAY', 'the HTTP/2 connection closed before this request was answered'));
        });
        if (request.body !== undefined) stream.end(request.body);
      });
    },
    destroy() {
      const current = session;
      session = undefined;
      if (!current || current.destroyed) return Promise.resolve();
      return new Promise((resolve) => {
        current.once('close', () => resolve());
        current.destroy();
      });
    },
  };
}

/** The client of a flow's variant: `spoken` is what `http:` asked for, or what `auto` negotiated. */
export function createFlowClient(
  origin: string,
  spoken: 'http/1.1' | 'h2',
  connections: number,
  timeoutMs: number,
  tlsConfig: Parameters<typeof tlsConnectOptions>[0],
): FlowClient {
  const tls = new URL(origin).protocol === 'https:' ? tlsConnectOptions(tlsConfig) : undefined;
  return spoken === 'h2' ? h2FlowClient(origin, timeoutMs, tls) : undiciFlowClient(origin, connections, timeoutMs, tls);
}
