// Turns a scenario's request template and data rows into the option objects undici dispatches.
// A template without placeholders yields one frozen object reused for every request, so the hot
// loop allocates nothing for it; with rows, each row is rendered once and the results are cached.
import type { CompiledRequest } from '../core/template.js';
import { compileMethod, compileRequest } from '../core/template.js';
import { createRng } from '../core/stats/prng.js';
import type { DataRow, DataSource, RequestTemplate } from '../core/types/config.js';

/** What undici's `dispatch` takes, plus the request body size for the bytes-out counter. */
export interface DispatchRequest {
  readonly method: string;
  readonly path: string;
  /** Flat [name, value, name, value…]: undici's cheapest header form. */
  readonly headers: string[];
  readonly body: Buffer | null;
  readonly bodyBytes: number;
}

function toDispatch(method: string, rendered: CompiledRequest): DispatchRequest {
  const body = rendered.body === undefined ? null : Buffer.from(rendered.body);
  return Object.freeze({
    method,
    path: rendered.path,
    headers: Object.entries(rendered.headers).flat(),
    body: body && body.byteLength > 0 ? body : null,
    bodyBytes: body ? body.byteLength : 0,
  });
}

/** Rows beyond this are rendered per request instead of cached, to keep memory bounded. */
const MAX_CACHED_ROWS = 100_000;

/** Returns the next request to send; rows are taken round-robin or at random (seeded). */
export function createRequestSource(
  template: RequestTemplate,
  options: { rows?: DataRow[]; order?: DataSource['order']; seed?: number } = {},
): () => DispatchRequest {
  const render = compileRequest(template);
  // `${row.method}`: one more value per row, rendered (and cached) with the rest of the row.
  const method = compileMethod(template);
  const rows = options.rows ?? [];
  if (rows.length === 0) {
    const only = toDispatch(method(), render());
    return () => only;
  }
  const cache: (DispatchRequest | undefined)[] =
    rows.length <= MAX_CACHED_ROWS ? new Array<DispatchRequest | undefined>(rows.length) : [];
  const cached = cache.length > 0;
  const at = (index: number): DispatchRequest => {
    if (!cached) return toDispatch(method(rows[index]), render(rows[index]));
    let request = cache[index];
    if (!request) {
      request = toDispatch(method(rows[index]), render(rows[index]));
      cache[index] = request;
    }
    return request;
  };
  if (options.order === 'random') {
    const random = createRng(options.seed ?? 1);
    return () => at(random.int(rows.length));
  }
  let next = 0;
  return () => {
    const request = at(next);
    next = next + 1 === rows.length ? 0 : next + 1;
    return request;
  };
}
