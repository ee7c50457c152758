// HTTP/2 through node:http2, behind the same Connection interface as the HTTP/1.1 clients: each
// H2Connection is one stream slot (one request at a time, as the load models expect), and the
// slots of a variant share the sessions of one H2Pool. So the open model's maxInFlight and the
// closed model's VUs count streams, not sockets; every request is still timed by the variant from
// its intended start. A slot takes the first session with a free stream under the limit the
// server announced (SETTINGS_MAX_CONCURRENT_STREAMS) and the pool opens another session when all
// are full, so that no request waits in nghttp2's queue for a stream the server has not granted.
// Until a new session has the server's SETTINGS, the requests for it wait in the session (up to
// 100, the RFC's recommended floor) and are sent, or moved to another session, once the limit is
// known: sent at once, a server allowing fewer would refuse the surplus (REFUSED_STREAM).
//
// Errors a user can act on get codes of their own (src/engine/error-class.ts): a stream the
// server reset (RST_STREAM: ERST, REFUSED_STREAM included), a request the server's GOAWAY cut
// off (EGOAWAY), a peer that does not speak HTTP/2 at all (EPROTO: an HTTP/1.1 server sent
// prior-knowledge h2c, or TLS without h2 in ALPN).
import type * as Http2 from 'node:http2';
import type { ClientHttp2Session, ClientHttp2Stream, OutgoingHttpHeaders } from 'node:http2';
import { performance } from 'node:perf_hooks';
import type { ConnectionOptions } from 'node:tls';
import type { ConnectionOwner } from './connection.js';
import { Connection } from './connection.js';
import { EventCounter, isEventStream } from './sse.js';
import type { DispatchRequest } from './request-builder.js';

// RFC 9113 §7's error codes (node:http2's constants of the same names). node:http2 itself is
// loaded with the first session, not with the CLI: every run paid ~7 ms of start-up for it.
export const NGHTTP2_NO_ERROR = 0x0;
const NGHTTP2_REFUSED_STREAM = 0x7;
export const NGHTTP2_CANCEL = 0x8;

/** Streams a session takes before the server's SETTINGS say how many it allows (RFC 9113 §6.5.2 recommends ≥ 100). */
export const DEFAULT_STREAM_LIMIT = 100;

/** The names of HTTP/2 error codes (RFC 9113 §7), for the messages. */
const H2_ERROR_NAMES = [
  'NO_ERROR',
  'PROTOCOL_ERROR',
  'INTERNAL_ERROR',
  'FLOW_CONTROL_ERROR',
  'SETTINGS_TIMEOUT',
  'STREAM_CLOSED',
  'FRAME_SIZE_ERROR',
  'REFUSED_STREAM',
  'CANCEL',
  'COMPRESSION_ERROR',
  'CONNECT_ERROR',
  'ENHANCE_YOUR_CALM',
  'INADEQUATE_SECURITY',
  'HTTP_1_1_REQUIRED',
];

function h2ErrorName(code: number): string {
  return H2_ERROR_NAMES[code] ?? `error code ${code}`;
}

/** A failure of the HTTP/2 exchange itself, classed by `code` (ERST, EGOAWAY, EPROTO). */
export class Http2Error extends Error {
  override name = 'Http2Error';
  constructor(
    readonly code: 'ERST' | 'EGOAWAY' | 'EPROTO',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface H2Target {
  /** `https://…` (ALPN h2) or `http://…` (h2c by prior knowledge). */
  readonly origin: string;
  /** https: only: the scenario's tls as tls.connect options (src/engine/tls.ts). */
  readonly tls?: ConnectionOptions;
}

/** One HTTP/2 connection of a pool and its stream accounting. */
class H2Session {
  active = 0;
  limit = DEFAULT_STREAM_LIMIT;
  /** No new streams: the server sent GOAWAY, or the session failed or closed. */
  closing = false;
  /** The last stream id the server's GOAWAY said it processes (streams above it were refused). */
  goawayLastStreamId = -1;
  goawayCode = -1;
  /** The session's own error (refused connect, TLS, protocol), the reason its streams failed. */
  error: Error | null = null;
  /** Slots with a request out on this session: a session that dies under them fails them. */
  readonly slots = new Set<H2Connection>();
  /** The server's SETTINGS have come: `limit` is its own. */
  settled = false;
  /** Slots whose requests wait for the SETTINGS (counted in `active`). */
  readonly waiting: H2Connection[] = [];

  constructor(
    readonly session: ClientHttp2Session,
    readonly pool: H2Pool,
  ) {}
}

/** A variant's HTTP/2 sessions to one origin. */
export class H2Pool {
  private readonly sessions: H2Session[] = [];
  private closed = false;
  /** Sessions opened so far (the tests check that stream limits open new ones). */
  opened = 0;

  constructor(private readonly target: H2Target) {}

  /** A session with a free stream, opening one if every session is full. */
  acquire(): H2Session {
    for (const candidate of this.sessions)
      if (!candidate.closing && candidate.active < candidate.limit) return candidate;
    return this.open();
  }

  private open(): H2Session {
    const { origin, tls } = this.target;
    const session = process.getBuiltinModule('node:http2').connect(origin, {
      ...tls,
      settings: { enablePush: false },
    });
    const entry = new H2Session(session, this);
    this.opened += 1;
    this.sessions.push(entry);
    session.on('remoteSettings', (settings) => {
      const max = settings.maxConcurrentStreams;
      entry.limit = max === undefined ? Infinity : max;
      if (!entry.settled) {
        entry.settled = true;
        this.flush(entry);
      }
    });
    session.on('goaway', (errorCode: number, lastStreamID: number) => {
      entry.closing = true;
      entry.goawayCode = errorCode;
      entry.goawayLastStreamId = lastStreamID;
      this.forget(entry);
    });
    session.on('error', (error: Error) => {
      entry.error ??= error;
      entry.closing = true;
      this.forget(entry);
    });
    session.on('close', () => {
      entry.closing = true;
      this.forget(entry);
      // Streams normally fail on their own first; a request still out here never will.
      for (const slot of [...entry.slots]) slot.sessionClosed(entry);
    });
    // The session does not keep the process alive between runs' requests.
    session.unref();
    return entry;
  }

  /** Sends the requests that waited for `entry`'s SETTINGS: on it up to its limit, the rest elsewhere. */
  private flush(entry: H2Session): void {
    const waiting = entry.waiting.splice(0);
    entry.active -= waiting.length;
    for (const slot of waiting) slot.dispatch(entry.active < entry.limit && !entry.closing ? entry : this.acquire());
  }

  /** Drops a session from the choice (it finishes its streams and closes). */
  forget(entry: H2Session): void {
    const index = this.sessions.indexOf(entry);
    if (index !== -1) this.sessions.splice(index, 1);
    if (entry.active === 0) entry.session.close();
  }

  /** A slot gave its stream back. */
  release(entry: H2Session): void {
    entry.active -= 1;
    if (entry.closing && entry.active === 0 && !entry.session.closed) entry.session.close();
  }

  /** Ends every session (the end of the run); later calls do nothing. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const all = this.sessions.splice(0);
    await Promise.all(
      all.map(
        (entry) =>
          new Promise<void>((resolve) => {
            if (entry.session.destroyed) {
              resolve();
              return;
            }
            entry.session.once('close', () => resolve());
            entry.session.destroy();
          }),
      ),
    );
  }
}

/** A request's pseudo-headers and headers in node:http2's form, built once per distinct request. */
const headerCache = new WeakMap<DispatchRequest, OutgoingHttpHeaders>();

function headersOf(request: DispatchRequest): OutgoingHttpHeaders {
  let headers = headerCache.get(request);
  if (headers !== undefined) return headers;
  headers = { ':method': request.method, ':path': request.path };
  const flat = request.headers;
  for (let i = 0; i < flat.length; i += 2) {
    const name = flat[i]!.toLowerCase();
    // HTTP/2 carries the authority as a pseudo-header, and the body's own length is sent.
    if (name === 'host') headers[':authority'] = flat[i + 1] ?? '';
    else if (name !== 'content-length') headers[name] = flat[i + 1] ?? '';
  }
  if (request.bodyBytes > 0) headers['content-length'] = String(request.bodyBytes);
  headerCache.set(request, headers);
  return headers;
}

export class H2Connection extends Connection {
  private stream: ClientHttp2Stream | null = null;
  private session: H2Session | null = null;
  // One set of listeners per slot, bound once: a stream's events are ignored once it is not this
  // slot's current stream.
  private readonly onResponse = (headers: Http2.IncomingHttpHeaders & Http2.IncomingHttpStatusHeader): void => {
    this.status = headers[':status'] ?? 0;
    this.sampleFor(this.status);
    if (isEventStream(headers['content-type'])) {
      this.eventStream = true;
      this.eventCounter.reset();
    }
  };
  private readonly onData = (chunk: Buffer): void => {
    const now = performance.now();
    if (this.firstByteMs === 0) this.firstByteMs = now;
    this.bytesIn += chunk.length;
    this.sample?.add(chunk, 0, chunk.length);
    if (this.eventStream) {
      this.eventCounter.feed(chunk, 0, chunk.length);
      if (this.sawEvents(this.eventCounter.count, now)) this.endStream();
    }
  };
  private readonly eventCounter = new EventCounter();
  private readonly onEnd = (): void => {
    if (this.busy) this.finish(null);
  };
  private readonly onError = (error: Error): void => {
    if (this.busy) this.finish(this.explain(error));
  };
  private readonly onClose = (): void => {
    if (!this.busy) return;
    const stream = this.stream;
    const code = stream?.rstCode ?? NGHTTP2_NO_ERROR;
    this.finish(code === NGHTTP2_NO_ERROR ? null : this.explain(undefined));
  };

  constructor(
    owner: ConnectionOwner,
    private readonly pool: H2Pool,
  ) {
    super(owner);
  }

  /** The request waiting for its session's SETTINGS. */
  private pending: DispatchRequest | null = null;

  protected write(request: DispatchRequest): void {
    this.pending = request;
    this.dispatch(this.pool.acquire());
  }

  /** Sends the pending request on `session`, or queues it there until the server's SETTINGS come. */
  dispatch(session: H2Session): void {
    const request = this.pending;
    if (!this.busy || request === null) return;
    this.session = session;
    session.active += 1;
    session.slots.add(this);
    if (!session.settled) {
      session.waiting.push(this);
      return;
    }
    this.pending = null;
    const body = request.body;
    let stream: ClientHttp2Stream;
    try {
      stream = session.session.request(headersOf(request), { endStream: body === null });
    } catch (error) {
      // Outside `send` (a flush), a throw has no caller to fail the request.
      if (this.inDispatch) throw error;
      this.finish(error as Error);
      return;
    }
    this.stream = stream;
    stream.on('response', this.onResponse);
    stream.on('data', this.onData);
    stream.on('end', this.onEnd);
    stream.on('error', this.onError);
    stream.on('close', this.onClose);
    if (body !== null) stream.end(body);
  }

  expire(error: Error): void {
    if (!this.busy) return;
    const session = this.session;
    // Still connecting after the whole timeout: the next request gets a new session.
    if (session && session.session.connecting) {
      session.closing = true;
      this.pool.forget(session);
      session.session.destroy();
    }
    this.finish(error);
  }

  destroy(): Promise<void> {
    return this.pool.close();
  }

  endStream(): void {
    if (this.busy && this.status > 0) this.finish(null, true);
  }

  /** The session closed under this slot's request without failing its stream. */
  sessionClosed(entry: H2Session): void {
    if (this.busy && this.session === entry) this.finish(this.explain(undefined));
  }

  /** Detaches the stream (cancelling it if it failed while open), gives it back, tells the owner. */
  private finish(error: Error | null, cancel = error !== null): void {
    const stream = this.stream;
    const session = this.session;
    this.stream = null;
    this.session = null;
    this.pending = null;
    if (session !== null) {
      const queued = session.waiting.indexOf(this);
      if (queued !== -1) session.waiting.splice(queued, 1);
    }
    if (stream !== null) {
      stream.off('response', this.onResponse);
      stream.off('data', this.onData);
      stream.off('end', this.onEnd);
      stream.off('error', this.onError);
      stream.off('close', this.onClose);
      // A late error of the stream has nobody to tell.
      stream.on('error', ignore);
      // An answered stream closes by itself (both sides have ended it): resetting it would cost a
      // frame per request, and a server counts a stream of resets as an attack (CVE-2023-44487:
      // Node's answers it with GOAWAY INTERNAL_ERROR). A failed or timed-out one is cancelled.
      if (cancel && !stream.closed) stream.close(NGHTTP2_CANCEL);
    }
    if (session !== null) {
      session.slots.delete(this);
      this.pool.release(session);
    }
    this.owner.complete(this, error);
  }

  /** What went wrong with the current stream, in the classes the report uses. */
  private explain(error: Error | undefined): Error {
    const stream = this.stream;
    const session = this.session;
    if (
      session &&
      session.goawayCode >= 0 &&
      stream &&
      (stream.id === undefined || stream.id > session.goawayLastStreamId)
    ) {
      return new Http2Error(
        'EGOAWAY',
        `the server's GOAWAY (${h2ErrorName(session.goawayCode)}) ended the connection before this request was answered`,
        { cause: error },
      );
    }
    const sessionError = session?.error;
    if (sessionError) return describeSessionError(sessionError);
    const code = stream?.rstCode;
    if (code !== undefined && code !== NGHTTP2_NO_ERROR && code !== NGHTTP2_CANCEL) {
      return new Http2Error(
        'ERST',
        `the server reset the stream (RST_STREAM ${h2ErrorName(code)}${code === NGHTTP2_REFUSED_STREAM ? ': it refused the stream, unprocessed' : ''})`,
        { cause: error },
      );
    }
    if (error) return describeSessionError(error);
    return new Http2Error('EGOAWAY', 'the HTTP/2 connection closed before this request was answered');
  }
}

function ignore(): void {}

/**
 * A session's failure as the run reports it: the socket's own errors (ECONNREFUSED, TLS) as
 * they are; a peer that answered the HTTP/2 preface with something else (an HTTP/1.1 server:
 * "Protocol error") as EPROTO, with the fix. The flow client (flow-client.ts) passes false for
 * `streamErrors`: it reads a stream's error before the stream's reset code (explain above reads
 * the code first), so a stream's PROTOCOL_ERROR there may be the server's RST_STREAM, not a peer
 * without HTTP/2, and stays as it is.
 */
export function describeSessionError(error: Error, streamErrors = true): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ERR_SSL_TLSV1_ALERT_NO_APPLICATION_PROTOCOL')
    return new Http2Error(
      'EPROTO',
      `the service does not offer HTTP/2 (h2) by ALPN (${code}); an HTTP/1.1 service needs http: 1.1 (or auto)`,
      { cause: error },
    );
  if (
    code === 'ERR_HTTP2_ERROR' ||
    code === 'ERR_HTTP2_SESSION_ERROR' ||
    (streamErrors && code === 'ERR_HTTP2_STREAM_ERROR')
  ) {
    if (/PROTOCOL_ERROR|Protocol error/i.test(error.message))
      return new Http2Error(
        'EPROTO',
        `the service does not speak HTTP/2 here (${error.message}); an HTTP/1.1 service needs http: 1.1 (or auto over https:)`,
        { cause: error },
      );
  }
  return error;
}
