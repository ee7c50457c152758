// `${row.<column>}` and `${vars.<name>}` templates in request paths, headers and bodies (a var is
// a value a flow captured from a response, docs/config/flows.md). Each string is parsed once
// into literal and column parts and compiled into a closure, because the engine fills them for
// every request.
import { ConfigError } from './errors.js';
import type { DataRow, RequestTemplate } from './types/config.js';

export type TemplatePart = string | { column: string } | { variable: string };

/** Values a flow captured (`${vars.<name>}`), by name. */
export type Vars = Record<string, string>;

export interface CompiledRequest {
  path: string;
  headers: Record<string, string>;
  /** Already serialized; a JSON body is JSON text. */
  body?: string;
}

const PLACEHOLDER_BODY = /^\s*(row|vars)\.([A-Za-z_][A-Za-z0-9_-]*)\s*$/;

/**
 * Splits `text` into literal strings and `{ column }` parts. `$${` is a literal `${`.
 * Anything else between `${` and `}` is a ConfigError naming `path`.
 */
export function parseTemplate(text: string, path: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let literal = '';
  let i = 0;
  while (i < text.length) {
    const start = text.indexOf('${', i);
    if (start === -1) {
      literal += text.slice(i);
      break;
    }
    if (start > 0 && text[start - 1] === '$') {
      literal += text.slice(i, start - 1) + '${';
      i = start + 2;
      continue;
    }
    literal += text.slice(i, start);
    const end = text.indexOf('}', start + 2);
    if (end === -1) {
      throw new ConfigError(
        `${path}: ${JSON.stringify(text)} has an unclosed "\${"; use \${row.<column>} like \${row.id} (write $\${ for a literal \${)`,
      );
    }
    const inner = text.slice(start + 2, end);
    const match = PLACEHOLDER_BODY.exec(inner);
    if (!match?.[2]) {
      throw new ConfigError(
        `${path}: "\${${inner}}" is not a placeholder; use \${row.<column>} like \${row.id} (write $\${ for a literal \${)`,
      );
    }
    if (literal) parts.push(literal);
    literal = '';
    parts.push(match[1] === 'vars' ? { variable: match[2] } : { column: match[2] });
    i = end + 1;
  }
  if (literal) parts.push(literal);
  return parts;
}

/** The columns `text` uses, in order of first use; malformed placeholders are ignored here. */
export function templateColumns(text: string): string[] {
  let parts: TemplatePart[];
  try {
    parts = parseTemplate(text, '');
  } catch {
    return [];
  }
  const columns: string[] = [];
  for (const part of parts) {
    if (typeof part !== 'string' && 'column' in part && !columns.includes(part.column)) columns.push(part.column);
  }
  return columns;
}

/** The captured values `text` uses (`${vars.x}`), in order of first use. */
export function templateVariables(text: string): string[] {
  let parts: TemplatePart[];
  try {
    parts = parseTemplate(text, '');
  } catch {
    return [];
  }
  const names: string[] = [];
  for (const part of parts) {
    if (typeof part !== 'string' && 'variable' in part && !names.includes(part.variable)) names.push(part.variable);
  }
  return names;
}

/** Every `${vars.x}` a request template uses, with where (`request.headers.authorization`). */
export function requestVariables(template: RequestTemplate, prefix = 'request'): { name: string; where: string }[] {
  const uses: { name: string; where: string }[] = [];
  const add = (text: string, where: string): void => {
    for (const name of templateVariables(text)) uses.push({ name, where });
  };
  add(template.method, `${prefix}.method`);
  add(template.path, `${prefix}.path`);
  for (const [name, value] of Object.entries(template.headers)) add(value, `${prefix}.headers.${name}`);
  if (template.body?.kind === 'raw') add(template.body.value, `${prefix}.body`);
  if (template.body?.kind === 'json') {
    const visit = (node: unknown, where: string): void => {
      if (typeof node === 'string') add(node, where);
      else if (Array.isArray(node)) node.forEach((item, i) => visit(item, `${where}[${i}]`));
      else if (node !== null && typeof node === 'object')
        for (const [key, value] of Object.entries(node)) visit(value, `${where}.${key}`);
    };
    visit(template.body.value, `${prefix}.json`);
  }
  return uses;
}

/** Every `${row.x}` in a JSON value's string leaves. */
export function jsonColumns(value: unknown): string[] {
  const columns: string[] = [];
  const visit = (node: unknown): void => {
    if (typeof node === 'string') {
      for (const column of templateColumns(node)) if (!columns.includes(column)) columns.push(column);
    } else if (Array.isArray(node)) {
      node.forEach(visit);
    } else if (node !== null && typeof node === 'object') {
      Object.values(node).forEach(visit);
    }
  };
  visit(value);
  return columns;
}

/** The methods a request may use, written or taken from a data row (`method: "${row.method}"`). */
export const HTTP_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Where each column is used in a request template, e.g. `{ column: 'id', where: 'request.path' }`. */
export function requestColumns(template: RequestTemplate, prefix = 'request'): { column: string; where: string }[] {
  const uses: { column: string; where: string }[] = [];
  const add = (columns: string[], where: string): void => {
    for (const column of columns) uses.push({ column, where });
  };
  add(templateColumns(template.method), `${prefix}.method`);
  add(templateColumns(template.path), `${prefix}.path`);
  for (const [name, value] of Object.entries(template.headers))
    add(templateColumns(value), `${prefix}.headers.${name}`);
  if (template.body?.kind === 'json') add(jsonColumns(template.body.value), `${prefix}.json`);
  if (template.body?.kind === 'raw') add(templateColumns(template.body.value), `${prefix}.body`);
  return uses;
}

function cellText(value: DataRow[string] | undefined): string {
  return value === undefined || value === null ? '' : String(value);
}

// Characters that may not appear raw in a request target; `%`, `/`, `?`, `&` and `=` are kept so
// that values holding query strings or pre-encoded text pass through as written.
const UNSAFE_IN_PATH = /[^\x21-\x7e]|["<>\\^`{|}]/gu;

function encodePathValue(text: string): string {
  return text.replace(UNSAFE_IN_PATH, (char) => encodeURIComponent(char));
}

type Fill = (row?: DataRow, vars?: Vars) => string;

function partText(part: { column: string } | { variable: string }, row?: DataRow, vars?: Vars): string {
  return 'column' in part ? cellText(row?.[part.column]) : (vars?.[part.variable] ?? '');
}

function compileParts(rawParts: TemplatePart[], encode?: (text: string) => string): Fill | string {
  // The written parts are encoded too (once, here): undici refuses a raw space or non-ASCII
  // character in a path, and would fail every request.
  const parts = encode ? rawParts.map((part) => (typeof part === 'string' ? encode(part) : part)) : rawParts;
  if (parts.every((part) => typeof part === 'string')) return parts.join('');
  return (row, vars) => {
    let text = '';
    for (const part of parts) {
      if (typeof part === 'string') text += part;
      else text += encode ? encode(partText(part, row, vars)) : partText(part, row, vars);
    }
    return text;
  };
}

/** Compiles one template string into `(row) => string`. */
export function compileTemplate(text: string, path: string): (row?: DataRow, vars?: Vars) => string {
  const compiled = compileParts(parseTemplate(text, path));
  return typeof compiled === 'string' ? () => compiled : compiled;
}

type JsonFill = { constant: true; value: unknown } | { constant: false; fill: (row?: DataRow, vars?: Vars) => unknown };

function compileJson(node: unknown, path: string): JsonFill {
  if (typeof node === 'string') {
    const parts = parseTemplate(node, path);
    const only = parts[0];
    if (parts.length === 1 && only !== undefined && typeof only !== 'string') {
      // A leaf that is exactly one placeholder keeps the row's type: 42 stays a number.
      if ('variable' in only) {
        const name = only.variable;
        return { constant: false, fill: (_row, vars) => vars?.[name] ?? null };
      }
      const column = only.column;
      return { constant: false, fill: (row) => row?.[column] ?? null };
    }
    const compiled = compileParts(parts);
    return typeof compiled === 'string' ? { constant: true, value: compiled } : { constant: false, fill: compiled };
  }
  if (Array.isArray(node)) {
    const items = node.map((item, i) => compileJson(item, `${path}[${i}]`));
    if (items.every((item) => item.constant)) return { constant: true, value: node };
    return {
      constant: false,
      fill: (row, vars) => items.map((item) => (item.constant ? item.value : item.fill(row, vars))),
    };
  }
  if (node !== null && typeof node === 'object') {
    const entries = Object.entries(node).map(([key, value]) => [key, compileJson(value, `${path}.${key}`)] as const);
    if (entries.every(([, item]) => item.constant)) return { constant: true, value: node };
    return {
      constant: false,
      fill: (row, vars) => {
        const out: Record<string, unknown> = {};
        for (const [key, item] of entries) out[key] = item.constant ? item.value : item.fill(row, vars);
        return out;
      },
    };
  }
  return { constant: true, value: node };
}

/** The request's method for a row: as written, or the row's value (the data check allowed it), upper case. */
export function compileMethod(template: RequestTemplate, path = 'request'): (row?: DataRow) => string {
  const fill = compileTemplate(template.method, `${path}.method`);
  const constant = template.method.includes('${') ? undefined : template.method.toUpperCase();
  return constant === undefined ? (row) => fill(row).toUpperCase() : () => constant;
}

/**
 * Compiles a request template into `(row) => { path, headers, body }`. When nothing depends on
 * the row, every call returns the same frozen object: callers must not mutate it.
 */
export function compileRequest(
  template: RequestTemplate,
  path = 'request',
): (row?: DataRow, vars?: Vars) => CompiledRequest {
  const fillPath = compileParts(parseTemplate(template.path, `${path}.path`), encodePathValue);
  const headerFills = Object.entries(template.headers).map(
    ([name, value]) => [name, compileParts(parseTemplate(value, `${path}.headers.${name}`))] as const,
  );

  let fillBody: Fill | string | undefined;
  if (template.body?.kind === 'json') {
    const json = compileJson(template.body.value, `${path}.json`);
    fillBody = json.constant ? JSON.stringify(json.value) : (row, vars) => JSON.stringify(json.fill(row, vars));
    if (!headerFills.some(([name]) => name.toLowerCase() === 'content-type')) {
      headerFills.push(['content-type', 'application/json']);
    }
  } else if (template.body?.kind === 'raw') {
    fillBody = compileParts(parseTemplate(template.body.value, `${path}.body`));
  }

  const headersConstant = headerFills.every(([, fill]) => typeof fill === 'string');
  const constantHeaders: Record<string, string> = {};
  if (headersConstant) for (const [name, fill] of headerFills) constantHeaders[name] = fill as string;
  Object.freeze(constantHeaders);

  if (typeof fillPath === 'string' && headersConstant && (fillBody === undefined || typeof fillBody === 'string')) {
    const fixed: CompiledRequest =
      fillBody === undefined
        ? { path: fillPath, headers: constantHeaders }
        : { path: fillPath, headers: constantHeaders, body: fillBody };
    Object.freeze(fixed);
    return () => fixed;
  }

  return (row, vars) => {
    let headers = constantHeaders;
    if (!headersConstant) {
      headers = {};
      for (const [name, fill] of headerFills) headers[name] = typeof fill === 'string' ? fill : fill(row, vars);
    }
    const request: CompiledRequest = { path: typeof fillPath === 'string' ? fillPath : fillPath(row, vars), headers };
    if (fillBody !== undefined) request.body = typeof fillBody === 'string' ? fillBody : fillBody(row, vars);
    return request;
  };
}
