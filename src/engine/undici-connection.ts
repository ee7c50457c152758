// One keep-alive connection through undici (https:, and templates the lean client leaves to it: see
// src/engine/transport.ts): an undici Client of its own, and this object as the dispatch handler
// of every request sent on it. One request at a time, so the handler's fields hold that request's
// state and nothing (no promise, closure, body stream or timer) is allocated per request here.
import { performance } from 'node:perf_hooks';
import type { ConnectionOptions } from 'node:tls';
import type * as Undici from 'undici';
import type { buildConnector, Client, Dispatcher } from 'undici';
import type { ConnectionOwner } from './connection.js';
import { Connection } from './connection.js';
import { EventCounter, isEventStream } from './sse.js';
import type { DispatchRequest } from './request-builder.js';

let undici: typeof Undici | undefined;

/**
 * undici, loaded on first need: the engine sends `http:` requests with its own client, so a run
 * that needs undici for none (no `https:`, no flow) never pays its module init (~30 ms of a run's
 * start-up CPU, docs/design/measurements.md). The runners await it before they build a transport.
 */
export async function loadUndici(): Promise<typeof Undici> {
  // undici is CommonJS: its module.exports is the import's default export in the split bundle
  // (dist/chunks/), and Node's namespace carries it there too.
  const module = await import('undici');
  undici ??= (module as unknown as { default?: typeof Undici }).default ?? module;
  return undici;
}

/** undici once loadUndici() has loaded it. */
export function loadedUndici(): typeof Undici {
  if (undici === undefined) throw new Error('undici is not loaded yet: await loadUndici() before an undici transport');
  return undici;
}

/** The abort reason of a stream ended on purpose (stream.events, stream.maxDuration). */
const STREAM_ENDED = new Error('perfgate ended the stream');

/** Told of a TLS error on the connection's socket: see UndiciConnection.onError. */
export type TlsErrorListener = (error: Error) => void;

/**
 * An undici Client for `origin`, one connection, the scenario's timeout as its connect timeout;
 * `tls` (https: only) goes to tls.connect. With `onTlsError` the socket's own TLS errors are
 * passed on: a service that wants a client certificate sends its alert after a TLS 1.3 handshake
 * has completed, and undici then reports only "other side closed".
 */
export function createUndiciClient(
  origin: string,
  timeoutMs: number,
  tls?: ConnectionOptions,
  onTlsError?: TlsErrorListener,
): Client {
  const { buildConnector, Client } = loadedUndici();
  const timeout = Math.max(1, timeoutMs);
  let connect: Client.Options['connect'] = { timeout };
  if (tls) {
    const base = buildConnector({ ...tls, timeout } as buildConnector.BuildOptions);
    const servername = tls.servername;
    connect = (options, callback) =>
      // undici hands the connector the request's host as the server name, which would win over
      // the connector's own; tls.servername is what the user asked to be checked.
      base(servername === undefined ? options : { ...options, servername }, (error, socket) => {
        if (onTlsError)
          socket?.on('error', (socketError: NodeJS.ErrnoException) => {
            if (socketError.code?.startsWith('ERR_SSL_')) onTlsError(socketError);
          });
        // buildConnector's callback takes (error, null) or (null, socket).
        (callback as (error: Error | null, socket: unknown) => void)(renameAltnameError(error), socket);
      });
  }
  return new Client(origin, {
    // Never more than one request in flight per connection (the owner sends the next only from
    // `complete`), but with `pipelining: 1` undici holds every follow-up request back for a
    // setImmediate turn after each response: one event-loop turn of dead time and an Immediate
    // per request, which capped the closed model below autocannon's rate. With 2 it writes the
    // next request at once, as autocannon and wrk do.
    pipelining: 2,
    // The sweep enforces the scenario's timeout: no undici timer per request.
    headersTimeout: 0,
    bodyTimeout: 0,
    keepAliveTimeout: 60_000,
    connect,
  });
}

/**
 * undici 7 handles ERR_TLS_CERT_ALTNAME_INVALID apart (it fails only the queued requests for that
 * server name), and on a client's second such connect error it trips its own assertion
 * (`client[kRunning] === 0`) and throws out of the socket's error event, which ends the process.
 * OpenSSL's own name for the same verify result takes undici's common path.
 */
function renameAltnameError(error: Error | null): Error | null {
  if ((error as NodeJS.ErrnoException | null)?.code !== 'ERR_TLS_CERT_ALTNAME_INVALID') return error;
  return Object.assign(new Error(error!.message, { cause: error }), { code: 'HOSTNAME_MISMATCH' });
}

export class UndiciConnection extends Connection implements Dispatcher.DispatchHandler {
  client: Client;
  private abort: ((error?: Error) => void) | null = null;
  /** endStream aborted the request: its error is the stream's planned end, not a failure. */
  private streamEnded = false;
  private readonly eventCounter = new EventCounter();
  /** The TLS alert that closed the socket, which undici reports as a plain close. */
  private tlsError: Error | null = null;
  private readonly onTlsError: TlsErrorListener = (error) => {
    this.tlsError ??= error;
  };

  constructor(
    owner: ConnectionOwner,
    private readonly createClient: (onTlsError: TlsErrorListener) => Client,
  ) {
    super(owner);
    this.client = createClient(this.onTlsError);
  }

  protected write(request: DispatchRequest): void {
    // undici reads only the fields it knows; `bodyBytes` rides along unread.
    this.client.dispatch(request as unknown as Dispatcher.DispatchOptions, this);
  }

  /** Ends the request in flight with `error` (a timeout): on its socket, or else (still connecting) by replacing the client. */
  expire(error: Error): void {
    if (!this.busy) return;
    const abort = this.abort;
    if (abort) {
      abort(error);
      return;
    }
    const stale = this.client;
    this.client = this.createClient(this.onTlsError);
    stale.destroy(error).catch(() => undefined);
  }

  async destroy(): Promise<void> {
    await this.client.destroy().catch(() => undefined);
  }

  onConnect(abort: (error?: Error) => void): void {
    this.abort = abort;
  }

  onHeaders(statusCode: number, headers: Buffer[] | string[] | null): boolean {
    this.status = statusCode;
    this.sampleFor(statusCode);
    this.streamEnded = false;
    if (headers !== null) {
      for (let i = 0; i < headers.length; i += 2) {
        const name = headers[i]!;
        // `content-type` is 12 bytes: the length test skips almost every other header cheaply.
        if (name.length === 12 && name.toString().toLowerCase() === 'content-type') {
          if (isEventStream(headers[i + 1]?.toString())) {
            this.eventStream = true;
            this.eventCounter.reset();
          }
          break;
        }
      }
    }
    return true;
  }

  onData(chunk: Buffer): boolean {
    const now = performance.now();
    if (this.firstByteMs === 0) this.firstByteMs = now;
    this.bytesIn += chunk.length;
    this.sample?.add(chunk, 0, chunk.length);
    if (this.eventStream) {
      this.eventCounter.feed(chunk, 0, chunk.length);
      if (this.sawEvents(this.eventCounter.count, now)) this.endStream();
    }
    return true;
  }

  onComplete(): void {
    this.abort = null;
    this.owner.complete(this, null);
  }

  endStream(): void {
    const abort = this.abort;
    if (!this.busy || this.status === 0 || abort === null) return;
    // undici ends the request with this error (onError), which completes it as answered.
    this.streamEnded = true;
    abort(STREAM_ENDED);
  }

  onError(error: Error): void {
    this.abort = null;
    if (this.streamEnded) {
      this.streamEnded = false;
      this.owner.complete(this, null);
      return;
    }
    const tlsError = this.tlsError;
    this.tlsError = null;
    // "other side closed" after a TLS alert: the alert says why (a client certificate missing).
    const code = (error as { code?: unknown }).code;
    this.owner.complete(this, tlsError && code === 'UND_ERR_SOCKET' ? tlsError : error);
  }
}
