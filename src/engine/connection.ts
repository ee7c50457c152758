// One keep-alive connection to a variant's target, as the load models see it: one request at a
// time, its state in the connection's fields (nothing is allocated per request), the outcome
// reported to the owner. Two implementations (src/engine/transport.ts picks one per target):
// the lean HTTP/1.1 client on a net.Socket for `http:`, undici's Client for the rest.
import type { Vu } from './closed-model.js';
import type { DispatchRequest } from './request-builder.js';

export interface ConnectionOwner {
  /** `error` is null when the response was read to its end. */
  complete(connection: Connection, error: Error | null): void;
}

export interface Connection {
  readonly owner: ConnectionOwner;
  /** A request is out on this connection. */
  busy: boolean;
  /** Inside `send`: an error reported now must not start the next request (recursion). */
  inDispatch: boolean;
  /** Timing origin: the intended start (open model) or the send time (closed model). */
  startMs: number;
  /** When the request was handed to the client; the timeout runs from here. */
  sentMs: number;
  status: number;
  bytesIn: number;
  bytesOut: number;
  /** The last response counted as ok (set before the owner's scheduler hears of it). */
  ok: boolean;
  /** Closed model: the virtual user this connection belongs to (a duet's VU has one per variant). */
  vu: Vu | undefined;
  send(request: DispatchRequest, startMs: number, sentMs: number): void;
  /** Ends the request in flight with `error` (a timeout, an interrupt). */
  expire(error: Error): void;
  /** Closes the connection for good (the end of the run). */
  destroy(): Promise<void>;
}
