// One keep-alive HTTP/1.1 connection on a bare net.Socket, for `http:` targets: the request's bytes
// are encoded once per distinct request (request-wire.ts) and written in one call, the response is
// framed by an incremental parser (response-parser.ts) and never copied. It exists because
// undici's per-request machinery (its Request object, the header string, llhttp in wasm, a
// keep-alive timer per response) was most of the open model's CPU per request; see
// bench/engine/README.md. One request is out at a time, as with undici (the models send the next
// only from `complete`).
//
// What it keeps of undici's behaviour, so a run's report does not depend on the client:
// - the request head (request line, `host`, `connection: keep-alive`, the headers, content-length),
//   and undici's own errors for an invalid path or header value;
// - a socket error fails the request with that error (ECONNREFUSED, ECONNRESET, EPIPE: the same
//   Node errors undici passes on), a close under an unanswered request with undici's SocketError
//   "other side closed", a response it cannot frame with an error classed `other`;
// - the connection is not reused after `connection: close`, a HEAD, HTTP/1.0 without keep-alive,
//   a body read until close, or once the server's `keep-alive: timeout=` hint (less 2 s, undici's
//   threshold) or 60 s idle has passed; the next request opens a new one;
// - the scenario's timeout is the run's sweep (`expire`), as with undici's timers off.
// Unlike undici it does not retry, redirect or decompress (neither does the engine's undici use).
import net from 'node:net';
import type { ConnectionOwner } from './connection.js';
import { Connection } from './connection.js';
import type { DispatchRequest } from './request-builder.js';
import type { RequestEncoder } from './request-wire.js';
import { ResponseParser } from './response-parser.js';
import { SocketError } from './error-class.js';

/** Every lean socket reads into this one buffer (`onread`): no Buffer and no stream event per read.
 * Safe to share: a read is handled before the next one starts, and the parser copies what it keeps. */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

/** undici's defaults for the same Client options: idle keep-alive without a hint, and the margin under a hint. */
const KEEP_ALIVE_DEFAULT_MS = 60_000;
const KEEP_ALIVE_THRESHOLD_MS = 2_000;

export interface LeanTarget {
  readonly host: string;
  readonly port: number;
  readonly encoder: RequestEncoder;
  /** The clock the owner times with (performance.now). */
  readonly now: () => number;
}

export class LeanConnection extends Connection {
  private socket: net.Socket | null = null;
  /** The socket may carry a request sent before this time. */
  private reusableUntilMs = 0;
  /** The request in flight asked for the connection to close after it (HEAD). */
  private closeAfter = false;
  /** The first error the current socket reported; its `close` event ends the request with it. */
  private socketError: Error | null = null;
  private readonly parser = new ResponseParser();

  constructor(
    owner: ConnectionOwner,
    private readonly target: LeanTarget,
  ) {
    super(owner);
    this.parser.onStatus = (status) => this.sampleFor(status);
  }

  protected write(request: DispatchRequest): void {
    const wire = this.target.encoder.encode(request);
    let socket = this.socket;
    if (socket !== null && this.sentMs >= this.reusableUntilMs) {
      this.drop(socket);
      socket = null;
    }
    if (socket === null) socket = this.open();
    this.closeAfter = wire.head;
    this.parser.reset(wire.head);
    socket.write(wire.bytes);
  }

  expire(error: Error): void {
    if (!this.busy) return;
    const socket = this.socket;
    if (socket !== null) this.drop(socket);
    this.owner.complete(this, error);
  }

  endStream(): void {
    if (!this.busy || this.parser.status === 0) return;
    this.status = this.parser.status;
    this.bytesIn = this.parser.bodyBytes;
    // The rest of the body would arrive on this socket: it cannot carry the next request.
    const socket = this.socket;
    if (socket !== null) this.drop(socket);
    this.owner.complete(this, null);
  }

  destroy(): Promise<void> {
    const socket = this.socket;
    if (socket !== null) this.drop(socket);
    return Promise.resolve();
  }

  private open(): net.Socket {
    // Events of a socket this connection has dropped are ignored.
    const socket: net.Socket = net.connect({
      host: this.target.host,
      port: this.target.port,
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback: (bytes: number, buffer: Uint8Array): boolean => {
          if (this.socket === socket) this.onData(socket, buffer as Buffer, bytes);
          return true;
        },
      },
    });
    this.socket = socket;
    this.socketError = null;
    this.reusableUntilMs = Infinity;
    socket.on('error', (error: Error) => {
      if (this.socket === socket) this.socketError ??= error;
    });
    socket.on('close', () => {
      if (this.socket === socket) this.onClose();
    });
    return socket;
  }

  /** Forgets `socket` (its events are ignored from here on) and closes it. */
  private drop(socket: net.Socket): void {
    if (this.socket === socket) this.socket = null;
    socket.destroy();
  }

  private onData(socket: net.Socket, chunk: Buffer, length: number): void {
    if (!this.busy) {
      // Bytes nobody asked for: whatever follows on this socket cannot be trusted.
      this.drop(socket);
      return;
    }
    const parser = this.parser;
    let end: number;
    try {
      end = parser.execute(chunk, 0, length);
    } catch (error) {
      this.drop(socket);
      this.owner.complete(this, error as Error);
      return;
    }
    // Time to first byte: the first read that holds body bytes (one comparison per read).
    if (this.firstByteMs === 0 && parser.bodyBytes > 0) this.firstByteMs = this.target.now();
    if (parser.eventStream) {
      this.eventStream = true;
      if (this.sawEvents(parser.events.count, this.target.now()) && end === -1) {
        this.endStream();
        return;
      }
    }
    if (end === -1) return;
    this.status = parser.status;
    this.bytesIn = parser.bodyBytes;
    if (parser.close || this.closeAfter || end < length) this.drop(socket);
    else {
      const hintMs = parser.keepAliveMs;
      const idleMs =
        hintMs > 0 ? Math.min(hintMs - KEEP_ALIVE_THRESHOLD_MS, KEEP_ALIVE_DEFAULT_MS * 10) : KEEP_ALIVE_DEFAULT_MS;
      if (idleMs <= 0) this.drop(socket);
      else this.reusableUntilMs = this.target.now() + idleMs;
    }
    this.owner.complete(this, null);
  }

  private onClose(): void {
    this.socket = null;
    const error = this.socketError;
    this.socketError = null;
    if (!this.busy) return;
    if (error === null && this.parser.endOfStream()) {
      // A body without a length ends with the connection.
      this.status = this.parser.status;
      this.bytesIn = this.parser.bodyBytes;
      this.owner.complete(this, null);
      return;
    }
    this.owner.complete(this, error ?? new SocketError('other side closed'));
  }
}
