// The config's problems: collected (not thrown one by one) so a user fixes the file in one go, and
// worded for the user, ajv's schema errors included (file:line is added by parseConfig).
import schema from '../../../schema/perfgate.schema.json' with { type: 'json' };
import { closestMatch } from '../closest-match.js';
import { parseDuration, parseRate } from '../duration.js';
import { ConfigError } from '../errors.js';
import { formatPath, quoteValue, type PathKey } from '../paths.js';
import { parseThreshold } from '../thresholds.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { isMap, isScalar, isSeq, type Document } from 'yaml';
import { isRecord } from './context.js';
// schema/perfgate.schema.json compiled at build time (scripts/schema-validators.mjs): compiling it
// here cost each run ~90 ms of CPU.
import validateConfig from './schema-validator.generated.js';

/** One problem with the config: where (for line numbers and de-duplication) and the full message. */
export interface ConfigProblem {
  path: PathKey[];
  message: string;
  /** Said instead of whatever the schema found at the same path (it matters more). */
  overrides?: boolean;
}

export class Problems {
  readonly list: ConfigProblem[] = [];

  add(path: PathKey[], detail: string, overrides = false): void {
    const where = formatPath(path);
    const message = where ? `${where}: ${detail}` : detail;
    this.list.push(overrides ? { path, message, overrides } : { path, message });
  }

  /** Runs `parse`; a ConfigError it throws becomes a problem (its message already names the path). */
  attempt<T>(path: PathKey[], parse: () => T): T | undefined {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      this.list.push({ path, message: error.message });
      return undefined;
    }
  }
}

function firstSentence(text: string): string {
  const end = text.indexOf('. ');
  const sentence = end === -1 ? text.replace(/\.$/, '') : text.slice(0, end);
  return sentence.charAt(0).toLowerCase() + sentence.slice(1);
}

export function schemaValidator(): ValidateFunction {
  return validateConfig;
}

function pointerToPath(pointer: string, root: unknown): PathKey[] {
  if (pointer === '') return [];
  const path: PathKey[] = [];
  let node: unknown = root;
  for (const piece of pointer.slice(1).split('/')) {
    const key = piece.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      path.push(Number(key));
      node = node[Number(key)];
    } else {
      path.push(key);
      node = isRecord(node) ? node[key] : undefined;
    }
  }
  return path;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'a map (key: value)',
  array: 'a list',
  null: 'null',
};

function typeWords(types: string): string {
  return types
    .split(',')
    .map((type) => TYPE_WORDS[type] ?? type)
    .join(' or ');
}

const SCENARIO_KEYS = Object.keys(schema.definitions.scenario.properties);
const DEFAULTS_KEYS = Object.keys(schema.definitions.defaults.properties);

/** Turns one ajv error into a problem worded for the user; undefined for errors another one covers. */
export function describeSchemaError(error: ErrorObject, root: unknown): ConfigProblem | undefined {
  const path = pointerToPath(error.instancePath, root);
  const where = formatPath(path);
  const value: unknown = error.data;
  const problem = (at: PathKey[], detail: string): ConfigProblem => {
    const text = formatPath(at);
    return { path: at, message: text ? `${text}: ${detail}` : detail };
  };
  const fromParser = (parse: () => unknown): ConfigProblem | undefined => {
    try {
      parse();
    } catch (parseError) {
      if (parseError instanceof ConfigError) return { path, message: parseError.message };
      throw parseError;
    }
    return undefined;
  };
  const definition = /^#\/definitions\/([A-Za-z]+)\//.exec(error.schemaPath)?.[1];

  // Executor-specific required keys and failed `if`s are reported by the semantic pass, which
  // can say which executor needs what.
  if (error.keyword === 'if' || error.schemaPath.includes('/then/')) return undefined;

  if (definition === 'duration') return fromParser(() => parseDuration(value, where));
  if (definition === 'rate') return fromParser(() => parseRate(value, where));
  if (definition === 'percent' || definition === 'effect') {
    // The same shape serves more than minimum effects (capacity's resolution): name the value, not a role.
    const negative =
      (typeof value === 'number' && value < 0) || (typeof value === 'string' && value.trim().startsWith('-'));
    return problem(
      path,
      `${quoteValue(value)} is ${negative ? 'negative' : 'not a share'}; use a percentage from 0 to 100% like "5%" or a fraction from 0 to 1 like 0.05`,
    );
  }
  if (definition === 'threshold' && typeof value === 'string') return fromParser(() => parseThreshold(value, where));

  const parentSchema = error.parentSchema as
    { properties?: Record<string, { description?: string }>; description?: string } | undefined;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const allowed = Object.keys(parentSchema?.properties ?? {});
      const suggestion = closestMatch(key, allowed);
      if (suggestion) return problem([...path, key], `unknown key; did you mean "${suggestion}"?`);
      if (path.length === 0 && (DEFAULTS_KEYS.includes(key) || SCENARIO_KEYS.includes(key))) {
        const home = DEFAULTS_KEYS.includes(key) ? 'under defaults: (or in a scenario)' : 'in a scenario';
        return problem([key], `unknown key at the top level; "${key}" belongs ${home}`);
      }
      return problem([...path, key], `unknown key; use one of ${allowed.join(', ')}`);
    }
    case 'required': {
      const key = String(params.missingProperty);
      const description = parentSchema?.properties?.[key]?.description;
      return problem([...path, key], `missing required key${description ? `: ${firstSentence(description)}` : ''}`);
    }
    case 'type':
      if (typeof value === 'number' && !Number.isFinite(value))
        return problem(path, `${quoteValue(value)} is not a finite number; use a number like 1.5`);
      return problem(
        path,
        `${quoteValue(value)} is not ${typeWords(String(params.type))}${rangeFix(error.parentSchema)}`,
      );
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      const suggestion = typeof value === 'string' ? closestMatch(value, allowed) : undefined;
      return problem(
        path,
        `${quoteValue(value)} is not allowed; use one of ${allowed.join(', ')}${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`,
      );
    }
    case 'minimum':
      return problem(path, `${quoteValue(value)} is too small; use at least ${String(params.limit)}`);
    case 'exclusiveMinimum':
      return problem(path, `${quoteValue(value)} is too small; use more than ${String(params.limit)}`);
    case 'maximum':
    case 'exclusiveMaximum':
      return problem(path, `${quoteValue(value)} is too large; use at most ${String(params.limit)}`);
    case 'minItems':
      return problem(path, `the list is empty; give at least ${String(params.limit)}`);
    case 'minProperties':
      return problem(path, path[0] === 'scenarios' ? 'no scenarios; define at least one' : 'is empty');
    case 'minLength':
      return problem(path, `${quoteValue(value)} is empty`);
    case 'uniqueItems':
      return problem(path, `${quoteValue(value)} lists ${quoteValue((value as unknown[])[Number(params.j)])} twice`);
    case 'pattern': {
      if (path.at(-1) === 'name' && path[0] === 'services') {
        return problem(path, `${quoteValue(value)} is not a valid service name; use letters, digits, ".", "_" or "-"`);
      }
      if (String(params.pattern) === '^https?://') {
        return problem(path, `${quoteValue(value)} is not an http(s) URL; use one like "http://127.0.0.1:8080"`);
      }
      return problem(path, `${quoteValue(value)} does not match ${String(params.pattern)}`);
    }
    default:
      return problem(path, `${quoteValue(value)} ${error.message ?? 'is not valid'}`);
  }
}

/** The fix for a value of the wrong type whose schema bounds it on both sides (compare.processes). */
function rangeFix(schema: unknown): string {
  const { type, minimum, maximum } = (schema ?? {}) as { type?: unknown; minimum?: unknown; maximum?: unknown };
  if (type !== 'integer' || typeof minimum !== 'number' || typeof maximum !== 'number') return '';
  return `; use a whole number from ${String(minimum)} to ${String(maximum)}`;
}

/** Where a path points in the text (its key, for a map entry), or its nearest ancestor's. */
export function offsetOf(doc: Document, path: PathKey[]): number | undefined {
  let node: unknown = doc.contents;
  let offset = (node as { range?: [number] } | null)?.range?.[0];
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => String(isScalar(item.key) ? item.key.value : item.key) === String(key));
      if (!pair) break;
      if (isScalar(pair.key) && pair.key.range) offset = pair.key.range[0];
      node = pair.value;
    } else if (isSeq(node) && typeof key === 'number') {
      node = node.items[key];
      const range = (node as { range?: [number] } | undefined)?.range;
      if (range) offset = range[0];
    } else {
      break;
    }
  }
  return offset;
}

export function isUnder(path: PathKey[], ancestor: PathKey[]): boolean {
  return ancestor.length <= path.length && ancestor.every((key, i) => key === path[i]);
}
