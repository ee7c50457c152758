// Counts the events of a `text/event-stream` body as it arrives (the HTML standard's framing: an
// event is a block of field lines ended by a blank line; a block of comments alone, a heartbeat
// such as ": ping", dispatches nothing and is not counted). CR is skipped, so CRLF and LF line
// ends count alike. It keeps four booleans between reads and allocates nothing.
const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;

export class EventCounter {
  /** Events complete so far in this body. */
  count = 0;
  private atLineStart = true;
  private lineIsComment = false;
  private blockHasField = false;

  reset(): void {
    this.count = 0;
    this.atLineStart = true;
    this.lineIsComment = false;
    this.blockHasField = false;
  }

  /** Reads `chunk[from, to)`; returns the events it completed. */
  feed(chunk: Uint8Array, from: number, to: number): number {
    const before = this.count;
    for (let i = from; i < to; i++) {
      const byte = chunk[i]!;
      if (byte === LF) {
        if (this.atLineStart) {
          if (this.blockHasField) {
            this.count += 1;
            this.blockHasField = false;
          }
        } else {
          if (!this.lineIsComment) this.blockHasField = true;
          this.atLineStart = true;
        }
      } else if (byte !== CR && this.atLineStart) {
        this.lineIsComment = byte === COLON;
        this.atLineStart = false;
      }
    }
    return this.count - before;
  }
}

/** A content-type that is an event stream (`text/event-stream`, parameters or not, any case). */
export function isEventStream(contentType: string | undefined): boolean {
  return contentType !== undefined && /^\s*text\/event-stream\s*(;|$)/i.test(contentType);
}
