// One request of a scenario or a flow step: its method, path, headers and body, checked as the
// config is read.
import { formatPath, quoteValue, type PathKey } from '../paths.js';
import { parseTemplate } from '../template.js';
import type { RequestBody, RequestTemplate } from '../types/config.js';
import { type Context, type Raw, isRecord, stringMap } from './context.js';

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What an HTTP/1.1 header value cannot carry: line breaks and other control characters. */
export const UNSENDABLE_IN_HEADER = /[^\t\x20-\x7e\x80-\xff]/u;

/** Merges header maps case-insensitively: a later map's value (and spelling) wins. */
export function mergeHeaders(...maps: Record<string, string>[]): Record<string, string> {
  const merged = new Map<string, [string, string]>();
  for (const map of maps) {
    for (const [name, value] of Object.entries(map)) merged.set(name.toLowerCase(), [name, value]);
  }
  return Object.fromEntries([...merged.values()]);
}

export function checkHeaders(ctx: Context, path: PathKey[], raw: unknown): Record<string, string> {
  const headers = stringMap(raw);
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name))
      ctx.problems.add([...path, name], `${quoteValue(name)} is not a valid header name; use letters, digits and "-"`);
    // Accepted before, and then every request failed with "invalid header value".
    else if (UNSENDABLE_IN_HEADER.test(value)) {
      ctx.problems.add(
        [...path, name],
        `${quoteValue(value)} holds a line break or control character, which a header value cannot carry; remove it`,
      );
    }
    ctx.problems.attempt([...path, name], () => parseTemplate(value, formatPath([...path, name])));
  }
  return headers;
}

function checkJsonTemplates(ctx: Context, path: PathKey[], node: unknown): void {
  if (typeof node === 'string') ctx.problems.attempt(path, () => parseTemplate(node, formatPath(path)));
  else if (Array.isArray(node)) node.forEach((item, i) => checkJsonTemplates(ctx, [...path, i], item));
  else if (isRecord(node))
    for (const [key, value] of Object.entries(node)) checkJsonTemplates(ctx, [...path, key], value);
}

export function buildRequest(
  ctx: Context,
  path: PathKey[],
  raw: Raw,
  inheritedHeaders: Record<string, string>,
  pathPrefix: string,
): RequestTemplate {
  const pathText = typeof raw.path === 'string' ? raw.path : '/';
  if (typeof raw.path === 'string') {
    ctx.problems.attempt([...path, 'path'], () => parseTemplate(pathText, formatPath([...path, 'path'])));
    if (!pathText.startsWith('/') && !pathText.startsWith('${')) {
      ctx.problems.add(
        [...path, 'path'],
        `${quoteValue(pathText)} does not start with "/"; write the path after baseUrl, like "/orders/1"`,
      );
    }
  }
  if (typeof raw.method === 'string' && raw.method.includes('${'))
    ctx.problems.attempt([...path, 'method'], () =>
      parseTemplate(raw.method as string, formatPath([...path, 'method'])),
    );
  const request: RequestTemplate = {
    method: typeof raw.method === 'string' ? raw.method : 'GET',
    path: pathPrefix + pathText,
    headers: mergeHeaders(inheritedHeaders, checkHeaders(ctx, [...path, 'headers'], raw.headers)),
  };
  if (raw.json !== undefined && raw.body !== undefined) {
    ctx.problems.add(
      [...path, 'body'],
      'a request takes json or body, not both; use json for a JSON body, body for raw text',
    );
  }
  let body: RequestBody | undefined;
  if (raw.json !== undefined) {
    checkJsonTemplates(ctx, [...path, 'json'], raw.json);
    body = { kind: 'json', value: raw.json };
  } else if (typeof raw.body === 'string') {
    ctx.problems.attempt([...path, 'body'], () => parseTemplate(raw.body as string, formatPath([...path, 'body'])));
    body = { kind: 'raw', value: raw.body };
  }
  if (body) request.body = body;
  return request;
}
