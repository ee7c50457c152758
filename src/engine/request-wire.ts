// A request as the bytes the lean HTTP/1.1 client writes: the head (request line, Host, connection,
// the template's headers, content-length) and the body in one Buffer, encoded once per distinct
// request object. The request source hands out the same frozen object for a static template (and
// one per cached data row), so the hot path looks a Buffer up in a WeakMap and writes it.
// The head is what undici writes for the same request, in the same order, so a service sees the
// same request whichever client sent it; the checks that undici makes on each request (a header
// value with CR, LF or NUL, a path with a space or a control character) throw the same errors.
import type { DispatchRequest } from './request-builder.js';
import { InvalidArgumentError } from './error-class.js';

/** Header names whose handling lean does not replicate: a run whose template sets one keeps undici. */
export const UNDICI_ONLY_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'expect',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
]);

/** undici's checks, same patterns (lib/core/util.js: isValidHeaderValue, the path check in request.js). */
const INVALID_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
const INVALID_PATH = /[^\u0021-\u00ff]/;
const HEADER_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Methods after which undici sends `content-length: 0` even without a body. */
const EXPECTS_PAYLOAD = new Set(['PUT', 'POST', 'PATCH', 'QUERY', 'PROPFIND', 'PROPPATCH']);

export interface WireRequest {
  readonly bytes: Buffer;
  /** HEAD: the response has no body, and the connection is closed after it (as undici does). */
  readonly head: boolean;
}

export class RequestEncoder {
  private readonly cache = new WeakMap<DispatchRequest, WireRequest>();

  /** `host`: the Host header of the origin (`127.0.0.1:8080`). */
  constructor(private readonly host: string) {}

  encode(request: DispatchRequest): WireRequest {
    let wire = this.cache.get(request);
    if (wire === undefined) {
      wire = encodeRequest(request, this.host);
      this.cache.set(request, wire);
    }
    return wire;
  }
}

export function encodeRequest(request: DispatchRequest, originHost: string): WireRequest {
  const { method, path, headers, body } = request;
  if (INVALID_PATH.test(path)) throw new InvalidArgumentError('invalid request path');
  let host = originHost;
  let lines = '';
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i]!;
    const value = headers[i + 1] ?? '';
    const lower = name.toLowerCase();
    if (!HEADER_TOKEN.test(name)) throw new InvalidArgumentError('invalid header key');
    if (INVALID_HEADER_VALUE.test(value)) throw new InvalidArgumentError(`invalid ${name} header`);
    if (lower === 'host') host = value;
    else if (lower === 'content-length')
      continue; // the body's own length is sent, as undici does
    else lines += `${name}: ${value}\r\n`;
  }
  const head = method === 'HEAD';
  // undici closes the connection after a HEAD (servers that send a body anyway).
  let text = `${method} ${path} HTTP/1.1\r\nhost: ${host}\r\nconnection: ${head ? 'close' : 'keep-alive'}\r\n${lines}`;
  const bodyBytes = body ? body.byteLength : 0;
  if (bodyBytes > 0) text += `content-length: ${bodyBytes}\r\n`;
  else if (EXPECTS_PAYLOAD.has(method)) text += 'content-length: 0\r\n';
  text += '\r\n';
  const headBytes = Buffer.from(text, 'latin1');
  return { bytes: body && bodyBytes > 0 ? Buffer.concat([headBytes, body]) : headBytes, head };
}
