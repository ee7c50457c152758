// One keep-alive connection: an undici Client of its own, and this object as the dispatch handler
// of every request sent on it. One request at a time, so the handler's fields hold that request's
// state and nothing (no promise, closure, body stream or timer) is allocated per request here.
import type { Dispatcher } from 'undici';
import { Client } from 'undici';
import type { Vu } from './closed-model.js';
import type { DispatchRequest } from './request-builder.js';

export interface ConnectionOwner {
  createClient(): Client;
  /** `error` is null when the response was read to its end. */
  complete(connection: Connection, error: Error | null): void;
}

export class Connection implements Dispatcher.DispatchHandler {
  client: Client;
  /** A request is out on this connection. */
  busy = false;
  /** Inside `client.dispatch`: an error reported now must not start the next request (recursion). */
  inDispatch = false;
  /** Timing origin: the intended start (open model) or the send time (closed model). */
  startMs = 0;
  /** When the request was handed to undici; the timeout runs from here. */
  sentMs = 0;
  status = 0;
  bytesIn = 0;
  bytesOut = 0;
  /** The last response counted as ok (set before the owner's scheduler hears of it). */
  ok = false;
  /** Closed model: the virtual user this connection belongs to (a duet's VU has one per variant). */
  vu: Vu | undefined = undefined;
  private abort: ((error?: Error) => void) | null = null;

  constructor(readonly owner: ConnectionOwner) {
    this.client = owner.createClient();
  }

  send(request: DispatchRequest, startMs: number, sentMs: number): void {
    this.busy = true;
    this.startMs = startMs;
    this.sentMs = sentMs;
    this.status = 0;
    this.bytesIn = 0;
    this.bytesOut = request.bodyBytes;
    this.inDispatch = true;
    try {
      // undici reads only the fields it knows; `bodyBytes` rides along unread.
      this.client.dispatch(request as unknown as Dispatcher.DispatchOptions, this);
    } catch (error) {
      this.owner.complete(this, error instanceof Error ? error : new Error(String(error)));
    } finally {
      this.inDispatch = false;
    }
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
    this.client = this.owner.createClient();
    stale.destroy(error).catch(() => undefined);
  }

  onConnect(abort: (error?: Error) => void): void {
    this.abort = abort;
  }

  onHeaders(statusCode: number): boolean {
    this.status = statusCode;
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.bytesIn += chunk.length;
    return true;
  }

  onComplete(): void {
    this.abort = null;
    this.owner.complete(this, null);
  }

  onError(error: Error): void {
    this.abort = null;
    this.owner.complete(this, error);
  }
}
