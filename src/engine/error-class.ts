// The error classes a result reports (vegeta's and Artillery's vocabulary), from whatever undici
// or the socket threw; and the example of an answer whose status the check refused, which has no
// class (its count is in statusCodes), for flows (run-flow.ts) and plain scenarios (variant.ts) alike.
import { maskText } from '../core/mask.js';

/** ECERT: perfgate did not accept the service's certificate (unknown CA, self-signed, expired,
 * another host's name). EPROTO: the TLS handshake failed otherwise (no TLS on the port, no
 * common protocol version or ALPN protocol, a client certificate missing or refused).
 * EPROTO also: an HTTP/2 client met a service that does not speak HTTP/2 (src/engine/h2-connection.ts).
 * ERST: HTTP/2, the server reset the request's stream (RST_STREAM). EGOAWAY: HTTP/2, the
 * server's GOAWAY (or the connection's close) ended the connection before the answer.
 * capture: a flow step was answered, but a value it captures was not in the response.
 * grpc:<CODE>: a gRPC call ended with that status (src/engine/grpc-connection.ts). */
export type ErrorClass =
  | 'ETIMEDOUT'
  | 'ECONNREFUSED'
  | 'ECONNRESET'
  | 'EPIPE'
  | 'ECERT'
  | 'EPROTO'
  | 'ERST'
  | 'EGOAWAY'
  | 'capture'
  | 'other'
  | GrpcErrorClass;

/** A gRPC call's status other than OK, by its name: grpc:UNAVAILABLE, grpc:NOT_FOUND… (src/engine/grpc-connection.ts). */
export type GrpcErrorClass = `grpc:${string}`;

/** Thrown into a request that ran past the scenario's timeout; one instance serves every request. */
/** Not a PerfgateError: it stands for a failed request, classed by its `code` like Node's system
 * errors (ECONNREFUSED, …), and never reaches an exit code. */
export class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError';
  readonly code = 'ETIMEDOUT';
}

// undici's errors as the lean client throws them (same name, code and message), so a result
// reads the same whichever client sent the request, and a run on the lean client alone does
// not load undici for its error classes.

/** undici's SocketError: the peer closed under an unanswered request, or broke HTTP framing. */
export class SocketError extends Error {
  override name = 'SocketError';
  readonly code = 'UND_ERR_SOCKET';
}

/** A service that answered in another protocol than the client's (an h2c-only service's HTTP/2
 * frames to an HTTP/1.1 request): EPROTO, as the HTTP/2 client's mismatch is, with the fix. */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
  readonly code = 'EPROTO';
}

/** What an HTTP/1.1 client got from an h2c-only service: its SETTINGS frame, then a GOAWAY. */
export function h2FrameAnswer(): ProtocolError {
  return new ProtocolError(
    'the service answered with an HTTP/2 frame (SETTINGS), not HTTP/1.1: an HTTP/2-only (h2c) service needs http: 2 (docs/config/protocols.md#http2)',
  );
}

/** A status line starts with "HTTP/"; an HTTP/2 frame with a 24-bit length (first byte 0 for a
 * SETTINGS frame) and then its type, 4 for SETTINGS. */
export function startsWithH2Settings(bytes: Uint8Array, at = 0, end = bytes.length): boolean {
  return end - at >= 4 && bytes[at] === 0 && bytes[at + 3] === 4;
}

/** undici's InvalidArgumentError: a request path or header undici would refuse to send. */
export class InvalidArgumentError extends Error {
  override name = 'InvalidArgumentError';
  readonly code = 'UND_ERR_INVALID_ARG';
}

function codeOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && code !== 'UND_ERR_SOCKET' && code !== 'UND_ERR') return code;
  const causeCode = cause && typeof cause === 'object' ? (cause as { code?: unknown }).code : undefined;
  if (typeof causeCode === 'string') return causeCode;
  return typeof code === 'string' ? code : undefined;
}

export function classifyError(error: unknown): ErrorClass {
  const code = codeOf(error);
  if (code !== undefined && code.startsWith('grpc:')) return code as GrpcErrorClass;
  const tls = code === undefined ? undefined : tlsFailureClass(code);
  if (tls) return tls;
  // undici's "bad response" / "bad upgrade" (an unsolicited 100 Continue, a malformed status
  // line) share the code of a closed socket, but the peer broke the protocol; it reset nothing.
  if (code === 'UND_ERR_SOCKET' && /^bad /.test((error as { message?: unknown }).message as string)) return 'other';
  switch (code) {
    case 'ETIMEDOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'ETIMEDOUT';
    case 'ECONNREFUSED':
      return 'ECONNREFUSED';
    case 'ECONNRESET':
    // undici's "other side closed": the peer closed the connection under an unanswered request,
    // which is a reset from the client's point of view.
    case 'UND_ERR_SOCKET':
      return 'ECONNRESET';
    case 'EPIPE':
      return 'EPIPE';
    case 'ERST':
      return 'ERST';
    case 'EGOAWAY':
      return 'EGOAWAY';
    default:
      return 'other';
  }
}

/** OpenSSL's verify results (node's `error.code`) that say the certificate is not to be trusted. */
const CERT_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_CHAIN_TOO_LONG',
  'INVALID_CA',
  'INVALID_PURPOSE',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function tlsFailureClass(code: string): 'ECERT' | 'EPROTO' | undefined {
  if (CERT_CODES.has(code)) return 'ECERT';
  if (code === 'EPROTO' || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) return 'EPROTO';
  return undefined;
}

const CA_FIX =
  'set tls.ca to the PEM file of the CA that signed it (or NODE_EXTRA_CA_CERTS), or tls.insecure: true on loopback';

/**
 * What a TLS failure means and what fixes it, in words (the boot message and the run's error
 * examples), or undefined when `error` is no TLS failure. OpenSSL's own message is a stack line
 * ("801C…:error:0A00010B:SSL routines:ssl3_get_record:wrong version number") that says neither.
 */
export function describeTlsFailure(error: unknown): string | undefined {
  // The HTTP/2 client's EPROTO is a peer without HTTP/2, and says so itself.
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'Http2Error' || name === 'ProtocolError') return undefined;
  let code = codeOf(error);
  if (code === undefined || !tlsFailureClass(code)) return undefined;
  const message = (error as { message?: unknown }).message;
  // node:https reports some handshake failures as a bare EPROTO; Node's ERR_SSL_ codes are
  // OpenSSL's reason in upper case ("wrong version number" → ERR_SSL_WRONG_VERSION_NUMBER).
  if (code === 'EPROTO' && typeof message === 'string' && /SSL routines:/.test(message))
    code = `ERR_SSL_${lastOpenSslReason(message).toUpperCase().replace(/\W+/g, '_')}`;
  switch (code) {
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return `its certificate is self-signed, and not trusted (${code}); ${CA_FIX}`;
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'CERT_UNTRUSTED':
      return `its certificate is signed by an unknown CA (${code}); ${CA_FIX}`;
    case 'CERT_HAS_EXPIRED':
      return `its certificate has expired (${code}); renew it, or use tls.insecure: true on loopback`;
    case 'CERT_NOT_YET_VALID':
      return `its certificate is not valid yet (${code}); check the clocks, or use tls.insecure: true on loopback`;
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
    case 'HOSTNAME_MISMATCH': {
      // Node: "…: Host: a.example. is not in the cert's altnames: DNS:b.example" (or "IP: … list: …").
      const names =
        typeof message === 'string' ? /(?:Host|IP): (.*?)\.? is not in the cert's \w+: (.*)$/.exec(message) : null;
      return `its certificate is not for ${names ? `${names[1]} (${code}); it names ${names[2]}` : `the host connected to (${code})`}; set tls.servername to a name it holds`;
    }
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
    case 'ERR_SSL_PACKET_LENGTH_TOO_LONG':
      return `the port does not speak TLS (${code}); use http:// if it serves plain HTTP`;
    case 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED':
      return `the service asks for a client certificate (${code}); set tls.cert and tls.key (mutual TLS)`;
    case 'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE':
    case 'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA':
    case 'ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN':
      return `the service refused the client certificate (${code}); check tls.cert and tls.key against the CA the service trusts`;
    case 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE':
      return `the service ended the TLS handshake (${code}): no common cipher or protocol version, or it wants a client certificate (tls.cert and tls.key)`;
    case 'ERR_SSL_TLSV1_ALERT_NO_APPLICATION_PROTOCOL':
      return `the service speaks none of the protocols offered by ALPN (${code}); an HTTP/2-only service needs http: 2 (or auto), an HTTP/1.1-only one http: 1.1 (docs/config/protocols.md)`;
    case 'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION':
    case 'ERR_SSL_UNSUPPORTED_PROTOCOL':
      return `no TLS version both sides accept (${code})`;
    default:
      return `the TLS handshake failed (${code}${typeof message === 'string' ? `: ${lastOpenSslReason(message)}` : ''})`;
  }
}

/** "…:SSL routines:ssl3_read_bytes:tlsv1 alert internal error:…" → "tlsv1 alert internal error". */
function lastOpenSslReason(message: string): string {
  const reason = /SSL routines:[^:]*:([^:]+)/.exec(message)?.[1];
  return (reason ?? message).trim();
}

const MAX_EXAMPLE_CHARS = 200;

/** One line a user can act on: "InvalidArgumentError (UND_ERR_INVALID_ARG): invalid header value". */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, MAX_EXAMPLE_CHARS);
  const code = codeOf(error);
  const tls = describeTlsFailure(error);
  const text = (tls ? `TLS: ${tls}` : `${error.name}${code ? ` (${code})` : ''}: ${error.message}`).replace(
    /\s+/g,
    ' ',
  );
  return text.length > MAX_EXAMPLE_CHARS ? `${text.slice(0, MAX_EXAMPLE_CHARS - 1)}…` : text;
}

/** Examples kept for refused statuses, under the results schema's 50 with room for the error classes. */
export const MAX_STATUS_EXAMPLES = 20;

/** The first line of a body, shortened: enough to tell a login page from a JSON error. */
export function firstLine(body: string): string {
  const line = body.split(/\r?\n/, 1)[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/**
 * The example of an answer whose status the check refused, kept as "status <code>": a report showed
 * a scenario whose every request got 401 as "errors none" and no body. `answered 401 ({"error":…})`,
 * the body's first line masked.
 */
export function refusedAnswer(status: number, body: string): string {
  return `answered ${status}${body ? ` (${maskText(firstLine(body))})` : ''}`;
}
