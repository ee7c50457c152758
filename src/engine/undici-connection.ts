// One keep-alive connection through undici (https:, and templates the lean client leaves to it: see
// src/engine/transport.ts): an undici Client of its own, and this object as the dispatch handler
// of every request sent on it. One request at a time, so the handler's fields hold that request's
// state and nothing (no promise, closure, body stream or timer) is allocated per request here.
import type { Dispatcher } from 'undici';
import { Client } from 'undici';
import type { ConnectionOwner } from './connection.js';
import { Connection } from './connection.js';
import type { DispatchRequest } from './request-builder.js';

/** An undici Client for `origin`, one connection, the scenario's timeout as its connect timeout. */
export function createUndiciClient(origin: string, timeoutMs: number): Client {
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
    connect: { timeout: Math.max(1, timeoutMs) },
  });
}

export class UndiciConnection extends Connection implements Dispatcher.DispatchHandler {
  client: Client;
  private abort: ((error?: Error) => void) | null = null;

  constructor(
    owner: ConnectionOwner,
    private readonly createClient: () => Client,
  ) {
    super(owner);
    this.client = createClient();
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
    this.client = this.createClient();
    stale.destroy(error).catch(() => undefined);
  }

  async destroy(): Promise<void> {
    await this.client.destroy().catch(() => undefined);
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
