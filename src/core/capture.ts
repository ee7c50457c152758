// What a flow step takes from its response (docs/config/flows.md): a JSON path into the body, a
// header, or a regular expression over the body. Pure: the engine hands in what it read.
import type { Capture } from './types/config.js';

export interface CapturedResponse {
  /** Lower-case header names; a repeated header's values joined with ", ". */
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** `$.items[0].sku` → ['items', 0, 'sku']; `$['a b']` → ['a b']. The config checked the syntax. */
export function jsonPathKeys(path: string): (string | number)[] {
  const keys: (string | number)[] = [];
  const token = /\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\['([^']*)'\]/gy;
  token.lastIndex = 1;
  let match: RegExpExecArray | null;
  while ((match = token.exec(path)) !== null) {
    if (match[1] !== undefined) keys.push(match[1]);
    else if (match[2] !== undefined) keys.push(Number(match[2]));
    else keys.push(match[3]!);
  }
  return keys;
}

function valueText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The captured text, or undefined when the response does not hold it (no such key, a body that is
 * not JSON, no such header, no match). `parsed` caches the body's JSON across a step's captures.
 */
export function applyCapture(
  capture: Capture,
  response: CapturedResponse,
  parsed: { json?: unknown; tried?: boolean } = {},
): string | undefined {
  switch (capture.kind) {
    case 'header': {
      const value = response.headers[capture.name];
      return Array.isArray(value) ? value.join(', ') : value;
    }
    case 'regex': {
      const match = new RegExp(capture.pattern).exec(response.body);
      if (!match) return undefined;
      return match.length > 1 ? match[1] : match[0];
    }
    case 'json': {
      if (!parsed.tried) {
        parsed.tried = true;
        try {
          parsed.json = JSON.parse(response.body) as unknown;
        } catch {
          parsed.json = undefined;
        }
      }
      let node: unknown = parsed.json;
      for (const key of jsonPathKeys(capture.path)) {
        if (node === null || typeof node !== 'object') return undefined;
        node = (node as Record<string | number, unknown>)[key];
      }
      return valueText(node);
    }
  }
}

/** `$.token`, `header:location`, `regex:…`: the capture as the config wrote it, for messages. */
export function describeCapture(capture: Capture): string {
  if (capture.kind === 'json') return capture.path;
  if (capture.kind === 'header') return `header:${capture.name}`;
  return `regex:${capture.pattern}`;
}
