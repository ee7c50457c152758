// An incremental HTTP/1.1 response parser for the lean client: one response at a time (the engine
// never has two requests out on one connection), fed the socket's chunks as they come, whatever
// their boundaries. It reads what a load generator needs and no more: the status code, the body's
// framing (content-length, chunked, or until the connection closes; none after HEAD, 204, 304),
// whether the connection stays open (`connection: close`, HTTP/1.0, the `keep-alive: timeout=`
// hint) and the body's size. Interim 1xx responses are skipped. Header values are compared as bytes
// in place: a response costs no allocation here unless its head is split across chunks.
import { h2FrameAnswer, SocketError, startsWithH2Settings } from './error-class.js';
import type { BodySample } from './connection.js';
import { EventCounter } from './sse.js';

/** A response that breaks HTTP/1.1 framing; classed `other`, as undici's parser errors are. */
export class ResponseParseError extends Error {
  override name = 'HTTPParserError';
  readonly code = 'HPE_INVALID';
}

const enum State {
  Head,
  Body,
  ChunkSize,
  ChunkExtension,
  ChunkData,
  ChunkDataEnd,
  Trailers,
  UntilClose,
  Done,
}

/** A head longer than this is refused (llhttp's default limit is 16 KiB of headers; this is more lenient). */
const MAX_HEAD_BYTES = 64 * 1024;
const CR = 13;
const LF = 10;

const NAME_CONTENT_LENGTH = Buffer.from('content-length', 'latin1');
const NAME_TRANSFER_ENCODING = Buffer.from('transfer-encoding', 'latin1');
const NAME_CONNECTION = Buffer.from('connection', 'latin1');
const NAME_KEEP_ALIVE = Buffer.from('keep-alive', 'latin1');
const NAME_CONTENT_TYPE = Buffer.from('content-type', 'latin1');
const TOKEN_EVENT_STREAM = Buffer.from('text/event-stream', 'latin1');
const TOKEN_CLOSE = Buffer.from('close', 'latin1');
const TOKEN_KEEP_ALIVE = NAME_KEEP_ALIVE;
const TOKEN_CHUNKED = Buffer.from('chunked', 'latin1');
const TOKEN_TIMEOUT = Buffer.from('timeout=', 'latin1');

/** `buf[start, end)` equals the lower-case ASCII `word`, ignoring case. */
function equalsLower(buf: Buffer, start: number, end: number, word: Buffer): boolean {
  if (end - start !== word.length) return false;
  for (let i = 0; i < word.length; i++) if ((buf[start + i]! | 0x20) !== word[i]) return false;
  return true;
}

/** Where the lower-case `word` starts in `buf[start, end)`, ignoring case; -1 when it does not. */
function indexOfLower(buf: Buffer, start: number, end: number, word: Buffer): number {
  const last = end - word.length;
  for (let i = start; i <= last; i++) {
    let j = 0;
    while (j < word.length && (buf[i + j]! | 0x20) === word[j]) j++;
    if (j === word.length) return i;
  }
  return -1;
}

/** `token` appears in the comma-separated list `buf[start, end)`, as a whole element. */
function hasToken(buf: Buffer, start: number, end: number, token: Buffer): boolean {
  let from = start;
  while (from < end) {
    let to = from;
    while (to < end && buf[to] !== 0x2c) to++;
    let s = from;
    let e = to;
    while (s < e && (buf[s] === 0x20 || buf[s] === 0x09)) s++;
    while (e > s && (buf[e - 1] === 0x20 || buf[e - 1] === 0x09)) e--;
    if (equalsLower(buf, s, e, token)) return true;
    from = to + 1;
  }
  return false;
}

/**
 * Where CR LF CR LF starts in `buf[from, end)` for a head that starts at `first`, or -1. An LF
 * without its CR is refused, as llhttp (undici) refuses it: a head that ends in bare LFs would
 * otherwise wait for a CR LF CR LF that never comes, and time out. A plain loop: Buffer#indexOf's
 * JS wrapper and native call cost more than scanning a ~150-byte head.
 */
function findEndOfHead(buf: Buffer, first: number, from: number, end: number): number {
  for (let i = from; i < end; i++) {
    if (buf[i] !== LF) continue;
    if (i === first || buf[i - 1] !== CR) throw new ResponseParseError('bad response: LF without CR in the head');
    if (i - 3 >= first && buf[i - 2] === LF && buf[i - 3] === CR) return i - 3;
  }
  return -1;
}

/** A head whose size is past the limit; the same whether it came at once or in pieces. */
function headTooLong(): ResponseParseError {
  return new ResponseParseError(`response head too long (over ${MAX_HEAD_BYTES} bytes)`);
}

/** Where `byte` first is in `buf[from, end)`, or `end`. */
function scanFor(buf: Buffer, byte: number, from: number, end: number): number {
  let i = from;
  while (i < end && buf[i] !== byte) i++;
  return i;
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

export class ResponseParser {
  /** The final response's status code (0 until its head is read). */
  status = 0;
  /** Body bytes of the response (after de-chunking), as undici's `onData` would count them. */
  bodyBytes = 0;
  /** The connection cannot carry another request after this response. */
  close = false;
  /** The server's `keep-alive: timeout=` hint in ms (0: none). */
  keepAliveMs = 0;
  /** The body is a `text/event-stream`: `events` counts its events as they arrive. */
  eventStream = false;
  readonly events = new EventCounter();
  /** Called with the final status once the head is read: a sample to keep the body's first bytes
   * in (connection.ts, BodySample), or null, as for almost every answer. */
  onStatus: ((status: number) => BodySample | null) | null = null;
  private sample: BodySample | null = null;
  private state = State.Done;
  private noBody = false;
  /** Body bytes left (content-length) or bytes left in the current chunk. */
  private remaining = 0;
  private chunkSizeDigits = 0;
  private trailerLineBytes = 0;
  /** The part of a head read so far, when the head spans chunks: `pendingLength` bytes of a buffer
   * that grows by doubling, so that a head dripping in byte by byte is copied O(n), not O(n²). */
  private pending: Buffer | null = null;
  private pendingLength = 0;

  /** Expects the response to a new request; `noBody`: it was a HEAD. */
  reset(noBody: boolean): void {
    this.status = 0;
    this.bodyBytes = 0;
    this.close = false;
    this.keepAliveMs = 0;
    this.eventStream = false;
    this.events.reset();
    this.state = State.Head;
    this.noBody = noBody;
    this.remaining = 0;
    this.pending = null;
    this.pendingLength = 0;
    this.sample = null;
  }

  /** The response has been read to its end. */
  get done(): boolean {
    return this.state === State.Done;
  }

  /** Nothing of the response has arrived yet. */
  get untouched(): boolean {
    return this.state === State.Head && this.pending === null;
  }

  /**
   * Reads `chunk[offset, length)`. Returns where the response ended in the chunk when it is complete
   * (bytes after that belong to nothing: one request is out at a time), or -1 when more is needed.
   * Throws ResponseParseError on a response it cannot frame.
   */
  execute(chunk: Buffer, offset = 0, length = chunk.length): number {
    let at = offset;
    while (at < length || this.state === State.Done) {
      switch (this.state) {
        case State.Done:
          return at;
        case State.Head: {
          if (this.pending === null) {
            // An h2c-only service's SETTINGS frame, sent before its GOAWAY: without this the head
            // waits for a CR LF that never comes, and the request fails as "other side closed".
            if (startsWithH2Settings(chunk, at, length)) throw h2FrameAnswer();
            // The whole head in this chunk, as almost always: read in place.
            const end = findEndOfHead(chunk, at, at, length);
            if (end === -1) {
              if (length - at > MAX_HEAD_BYTES) throw headTooLong();
              this.keep(chunk, at, length);
              return -1;
            }
            if (end - at > MAX_HEAD_BYTES) throw headTooLong();
            this.readHead(chunk, at, end);
            at = end + 4;
            break;
          }
          // The head spans chunks: append (no more than the limit allows) and scan only what is new,
          // from three bytes back for a CR LF CR LF that straddles the seam.
          const carried = this.pendingLength;
          const taken = Math.min(length - at, MAX_HEAD_BYTES + 4 - carried);
          this.keep(chunk, at, at + taken);
          const buf = this.pending as Buffer;
          const end = findEndOfHead(buf, 0, Math.max(0, carried - 3), this.pendingLength);
          if (end === -1) {
            if (this.pendingLength > MAX_HEAD_BYTES) throw headTooLong();
            return -1;
          }
          if (end > MAX_HEAD_BYTES) throw headTooLong();
          this.pending = null;
          this.pendingLength = 0;
          this.readHead(buf, 0, end);
          // Where the head ended, in the caller's chunk.
          at += end + 4 - carried;
          break;
        }
        case State.Body:
        case State.ChunkData: {
          const take = Math.min(this.remaining, length - at);
          if (this.eventStream) this.events.feed(chunk, at, at + take);
          this.sample?.add(chunk, at, at + take);
          this.bodyBytes += take;
          this.remaining -= take;
          at += take;
          if (this.remaining === 0) this.state = this.state === State.Body ? State.Done : State.ChunkDataEnd;
          break;
        }
        case State.UntilClose:
          if (this.eventStream) this.events.feed(chunk, at, length);
          this.sample?.add(chunk, at, length);
          this.bodyBytes += length - at;
          return -1;
        case State.ChunkSize: {
          const byte = chunk[at++]!;
          const digit = hexValue(byte);
          if (digit >= 0) {
            if (this.chunkSizeDigits >= 12) throw new ResponseParseError('chunk size too large');
            this.remaining = this.remaining * 16 + digit;
            this.chunkSizeDigits += 1;
          } else if (byte === LF) {
            if (this.chunkSizeDigits === 0) throw new ResponseParseError('invalid chunk size');
            this.state = this.remaining === 0 ? State.Trailers : State.ChunkData;
            this.trailerLineBytes = 0;
          } else if (byte === 0x3b) {
            this.state = State.ChunkExtension;
          } else if (byte !== CR && byte !== 0x20 && byte !== 0x09) {
            throw new ResponseParseError('invalid chunk size');
          }
          break;
        }
        case State.ChunkExtension: {
          const lf = scanFor(chunk, LF, at, length);
          if (lf === length) return -1;
          at = lf + 1;
          if (this.chunkSizeDigits === 0) throw new ResponseParseError('invalid chunk size');
          this.state = this.remaining === 0 ? State.Trailers : State.ChunkData;
          this.trailerLineBytes = 0;
          break;
        }
        case State.ChunkDataEnd: {
          const byte = chunk[at++]!;
          if (byte === LF) this.startChunk();
          else if (byte !== CR) throw new ResponseParseError('missing CRLF after chunk');
          break;
        }
        case State.Trailers: {
          // Trailer fields are skipped; an empty line ends the response.
          const byte = chunk[at++]!;
          if (byte === LF) {
            if (this.trailerLineBytes === 0) this.state = State.Done;
            this.trailerLineBytes = 0;
          } else if (byte !== CR) this.trailerLineBytes += 1;
          break;
        }
      }
    }
    return -1;
  }

  /** Appends `chunk[from, to)` to the pending head, doubling its buffer when it is full. */
  private keep(chunk: Buffer, from: number, to: number): void {
    const needed = this.pendingLength + (to - from);
    if (this.pending === null || needed > this.pending.length) {
      const grown = Buffer.allocUnsafe(Math.max(256, needed, (this.pending?.length ?? 0) * 2));
      if (this.pending !== null) this.pending.copy(grown, 0, 0, this.pendingLength);
      this.pending = grown;
    }
    chunk.copy(this.pending, this.pendingLength, from, to);
    this.pendingLength = needed;
  }

  /** The connection ended: true when that ends the response (a body read until close). */
  endOfStream(): boolean {
    if (this.state !== State.UntilClose) return false;
    this.state = State.Done;
    return true;
  }

  private startChunk(): void {
    this.state = State.ChunkSize;
    this.remaining = 0;
    this.chunkSizeDigits = 0;
  }

  /** Reads the head in `buf[start, end)` (without its final CRLF CRLF) and sets the body's framing. */
  private readHead(buf: Buffer, start: number, end: number): void {
    // "HTTP/1.1 200 OK"
    if (
      end - start < 12 ||
      buf[start] !== 0x48 ||
      buf[start + 1] !== 0x54 ||
      buf[start + 2] !== 0x54 ||
      buf[start + 3] !== 0x50 ||
      buf[start + 4] !== 0x2f ||
      buf[start + 5] !== 0x31 ||
      buf[start + 6] !== 0x2e ||
      buf[start + 8] !== 0x20
    )
      throw new ResponseParseError('bad response: invalid status line');
    const minor = buf[start + 7]! - 0x30;
    const d0 = buf[start + 9]! - 0x30;
    const d1 = buf[start + 10]! - 0x30;
    const d2 = buf[start + 11]! - 0x30;
    if (minor < 0 || minor > 9 || d0 < 1 || d0 > 9 || d1 < 0 || d1 > 9 || d2 < 0 || d2 > 9)
      throw new ResponseParseError('bad response: invalid status line');
    const status = d0 * 100 + d1 * 10 + d2;
    if (end - start > 12 && buf[start + 12] !== 0x20 && buf[start + 12] !== CR)
      throw new ResponseParseError('bad response: invalid status line');

    let contentLength = -1;
    let chunked = false;
    let otherEncoding = false;
    let close = minor === 0;
    let keepAliveMs = 0;
    let eventStream = false;
    let line = scanFor(buf, LF, start, end) + 1;
    while (line < end) {
      const lineEnd = scanFor(buf, LF, line, end);
      const valueEnd = buf[lineEnd - 1] === CR ? lineEnd - 1 : lineEnd;
      const colon = scanFor(buf, 0x3a, line, valueEnd);
      if (colon >= valueEnd) throw new ResponseParseError('bad response: invalid header');
      let vs = colon + 1;
      let ve = valueEnd;
      while (vs < ve && (buf[vs] === 0x20 || buf[vs] === 0x09)) vs++;
      while (ve > vs && (buf[ve - 1] === 0x20 || buf[ve - 1] === 0x09)) ve--;
      const nameLength = colon - line;
      if (nameLength === 14 && equalsLower(buf, line, colon, NAME_CONTENT_LENGTH)) {
        if (vs === ve) throw new ResponseParseError('invalid content-length');
        let value = 0;
        for (let i = vs; i < ve; i++) {
          const digit = buf[i]! - 0x30;
          if (digit < 0 || digit > 9) throw new ResponseParseError('invalid content-length');
          value = value * 10 + digit;
          // 400 digits made Infinity, a body that never ends: a parse error, as llhttp's overflow is.
          if (value > Number.MAX_SAFE_INTEGER) throw new ResponseParseError('invalid content-length: too large');
        }
        if (contentLength !== -1 && contentLength !== value) throw new ResponseParseError('duplicate content-length');
        contentLength = value;
      } else if (nameLength === 17 && equalsLower(buf, line, colon, NAME_TRANSFER_ENCODING)) {
        // chunked must be the last coding; anything else is read until the connection closes.
        const last = ve - TOKEN_CHUNKED.length;
        if (
          last >= vs &&
          equalsLower(buf, last, ve, TOKEN_CHUNKED) &&
          (last === vs || buf[last - 1] === 0x20 || buf[last - 1] === 0x2c)
        )
          chunked = true;
        else otherEncoding = true;
      } else if (nameLength === 10 && equalsLower(buf, line, colon, NAME_CONNECTION)) {
        if (hasToken(buf, vs, ve, TOKEN_CLOSE)) close = true;
        else if (minor === 0 && hasToken(buf, vs, ve, TOKEN_KEEP_ALIVE)) close = false;
      } else if (nameLength === 12 && equalsLower(buf, line, colon, NAME_CONTENT_TYPE)) {
        eventStream =
          ve - vs >= TOKEN_EVENT_STREAM.length &&
          equalsLower(buf, vs, vs + TOKEN_EVENT_STREAM.length, TOKEN_EVENT_STREAM) &&
          (ve - vs === TOKEN_EVENT_STREAM.length ||
            buf[vs + TOKEN_EVENT_STREAM.length] === 0x3b ||
            buf[vs + TOKEN_EVENT_STREAM.length] === 0x20);
      } else if (nameLength === 10 && equalsLower(buf, line, colon, NAME_KEEP_ALIVE)) {
        const at = indexOfLower(buf, vs, ve, TOKEN_TIMEOUT);
        if (at !== -1) {
          let seconds = 0;
          for (let i = at + TOKEN_TIMEOUT.length; i < ve; i++) {
            const digit = buf[i]! - 0x30;
            if (digit < 0 || digit > 9) break;
            seconds = seconds * 10 + digit;
          }
          keepAliveMs = seconds * 1000;
        }
      }
      line = lineEnd + 1;
    }

    if (status < 200) {
      // As undici: a 100 Continue was never asked for (no `expect` is sent) and 101 Switching
      // Protocols neither; other 1xx (102, 103) are interim: the real answer follows.
      if (status === 100) throw new SocketError('bad response');
      if (status === 101) throw new SocketError('bad upgrade');
      this.state = State.Head;
      return;
    }
    this.status = status;
    this.sample = this.onStatus === null ? null : this.onStatus(status);
    this.close = close;
    this.keepAliveMs = keepAliveMs;
    this.eventStream = eventStream;
    if (this.noBody || status === 204 || status === 304) {
      this.state = State.Done;
    } else if (chunked) {
      this.startChunk();
    } else if (otherEncoding || contentLength === -1) {
      this.state = State.UntilClose;
      this.close = true;
    } else if (contentLength === 0) {
      this.state = State.Done;
    } else {
      this.remaining = contentLength;
      this.state = State.Body;
    }
  }
}
