// One keep-alive connection to a variant's target, as the load models see it: one request at a
// time, its state in the connection's fields (nothing is allocated per request), the outcome
// reported to the owner. Two implementations (src/engine/transport.ts picks one per target):
// the lean HTTP/1.1 client on a net.Socket for `http:`, undici's Client for the rest.
import type { Vu } from './closed-model.js';
import type { DispatchRequest } from './request-builder.js';

export interface ConnectionOwner {
  /** `error` is null when the response was read to its end. */
  complete(connection: Connection, error: Error | null): void;
  /** Whether to keep the first bytes of the body of the answer with `status` (a status the check
   * refused, whose example the report shows: src/engine/variant.ts), as the flows' client does. */
  wantBody?(connection: Connection, status: number): boolean;
}

/** Enough of a body for its first line in a report (error-class.ts, refusedAnswer). */
const MAX_SAMPLE_BYTES = 1024;

/** The first bytes of an answer's body, kept only when the owner asked for them. */
export class BodySample {
  private readonly chunks: Buffer[] = [];
  private bytes = 0;

  add(chunk: Uint8Array, start: number, end: number): void {
    const take = Math.min(end - start, MAX_SAMPLE_BYTES - this.bytes);
    if (take <= 0) return;
    // A copy: the lean client's read buffer is reused for the next read.
    this.chunks.push(Buffer.from(chunk.subarray(start, start + take)));
    this.bytes += take;
  }

  get text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

export abstract class Connection {
  /** A request is out on this connection. */
  busy = false;
  /** Inside `send`: an error reported now must not start the next request (recursion). */
  inDispatch = false;
  /** Timing origin: the intended start (open model) or the send time (closed model). */
  startMs = 0;
  /** When the request was handed to the client; the timeout runs from here. */
  sentMs = 0;
  status = 0;
  /** When the first byte of the response body came (performance time); 0: none yet (the owner
   * takes the response's end for an answer without a body). */
  firstByteMs = 0;
  bytesIn = 0;
  bytesOut = 0;
  /** The last response counted as ok (set before the owner's scheduler hears of it). */
  ok = false;
  /** The answer is a `text/event-stream`: its events are counted (src/engine/sse.ts). */
  eventStream = false;
  /** Events of the answer so far, and when the first was complete (performance time; 0: none). */
  events = 0;
  firstEventMs = 0;
  /** The scenario's stream.events: the request ends, ok, once its answer has this many. */
  maxEvents = Infinity;
  /** Closed model: the virtual user this connection belongs to (a duet's VU has one per variant). */
  vu: Vu | undefined = undefined;
  /** Which of its variant's processes (compare.processes) it is connected to, in boot order. */
  process = 0;
  /** The answer's first body bytes, when the owner wanted them (wantBody); null otherwise. */
  sample: BodySample | null = null;

  constructor(readonly owner: ConnectionOwner) {}

  send(request: DispatchRequest, startMs: number, sentMs: number): void {
    this.busy = true;
    this.startMs = startMs;
    this.sentMs = sentMs;
    this.status = 0;
    this.firstByteMs = 0;
    this.eventStream = false;
    this.events = 0;
    this.firstEventMs = 0;
    this.bytesIn = 0;
    this.bytesOut = request.bodyBytes;
    this.sample = null;
    this.inDispatch = true;
    try {
      this.write(request);
    } catch (error) {
      this.owner.complete(this, error instanceof Error ? error : new Error(String(error)));
    } finally {
      this.inDispatch = false;
    }
  }

  /** The answer has `status`: a sample of its body if the owner wants one. */
  protected sampleFor(status: number): BodySample | null {
    this.sample = this.owner.wantBody?.(this, status) ? new BodySample() : null;
    return this.sample;
  }

  /** The event stream has `count` events at `now`: true when the request is to end here (stream.events). */
  protected sawEvents(count: number, now: number): boolean {
    if (count === this.events) return false;
    if (this.firstEventMs === 0) this.firstEventMs = now;
    this.events = count;
    return count >= this.maxEvents;
  }

  /** Ends the answer being read as a complete one (stream.events or stream.maxDuration reached):
   * the rest of the stream is not read, and the connection is not reused if that would need it. */
  abstract endStream(): void;

  /** Hands `request` to the client; a throw fails it (and the owner hears of it inside `send`). */
  protected abstract write(request: DispatchRequest): void;
  /** Ends the request in flight with `error` (a timeout, an interrupt). */
  abstract expire(error: Error): void;
  /** Closes the connection for good (the end of the run). */
  abstract destroy(): Promise<void>;
}
