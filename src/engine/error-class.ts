// The error classes a result reports (vegeta's and Artillery's vocabulary), from whatever undici
// or the socket threw.

/** `capture`: a flow step was answered, but a value it captures was not in the response. */
export type ErrorClass = 'ETIMEDOUT' | 'ECONNREFUSED' | 'ECONNRESET' | 'EPIPE' | 'capture' | 'other';

/** Thrown into a request that ran past the scenario's timeout; one instance serves every request. */
/** Not a PerfgateError: it stands for a failed request, classed by its `code` like Node's system
 * errors (ECONNREFUSED, …), and never reaches an exit code. */
export class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError';
  readonly code = 'ETIMEDOUT';
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
    default:
      return 'other';
  }
}

const MAX_EXAMPLE_CHARS = 200;

/** One line a user can act on: "InvalidArgumentError (UND_ERR_INVALID_ARG): invalid header value". */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, MAX_EXAMPLE_CHARS);
  const code = codeOf(error);
  const text = `${error.name}${code ? ` (${code})` : ''}: ${error.message}`.replace(/\s+/g, ' ');
  return text.length > MAX_EXAMPLE_CHARS ? `${text.slice(0, MAX_EXAMPLE_CHARS - 1)}…` : text;
}
