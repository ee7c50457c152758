// The one reader of results files and baselines, for every source: `perfgate compare` and `gate`
// (files and stores the user controls) and `perfgate report` / `mode: report` (a fork's upload,
// which untrusted code wrote). Each is checked against schema/perfgate-results.schema.json (the
// shape, bounded sizes), then its numbers (src/core/results/checks.ts), before anything reads it.
// What is untrusted is in addition defused: no "@" in it can mention a user.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { formatPath, type PathKey } from '../paths.js';
import type { Baseline, HistoryEntry, Results } from '../types/results.js';
import { findHistoryNumberProblem, findResultsNumberProblem } from './checks.js';
// schema/perfgate-results.schema.json compiled at build time (scripts/schema-validators.mjs), so
// reading a baseline does not compile it first.
import * as validators from './schema-validators.generated.js';

export const RESULTS_SCHEMA_VERSION = 1;
/** Larger files than this are refused: a real one is far smaller (histograms are compressed). */
export const MAX_RESULTS_BYTES = 32 * 1024 * 1024;

type Definition = 'results' | 'baseline' | 'historyEntry';

function validatorFor(definition: Definition): ValidateFunction {
  return validators[definition];
}

function pathOf(pointer: string): PathKey[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((piece) => piece.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((key) => (/^\d+$/.test(key) ? Number(key) : key));
}

function at(root: string, path: PathKey[]): string {
  const rest = formatPath(path);
  if (rest === '') return root;
  return rest.startsWith('[') ? `${root}${rest}` : `${root}.${rest}`;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** One schema error as the messages say it: "results.scenarios[0].rps is not a number". */
function describeError(error: ErrorObject, root: string): string {
  const path = pathOf(error.instancePath);
  const where = at(root, path);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${at(root, [...path, String(params.missingProperty)])} is missing`;
    case 'type':
      return `${where} is not ${String(params.type)
        .split(',')
        .map((type) => TYPE_WORDS[type] ?? type)
        .join(' or ')}`;
    case 'const':
      return `${where} is not ${JSON.stringify(params.allowedValue)}`;
    case 'enum':
      return `${where} is none of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'pattern':
      return `${where} does not match ${String(params.pattern)}`;
    case 'maxLength':
    case 'maxItems':
    case 'maxProperties':
      return `${where} is longer than perfgate writes (at most ${String(params.limit)})`;
    case 'minimum':
    case 'minLength':
    case 'minItems':
      return `${where} is below its least (${String(params.limit)})`;
    default:
      return `${where} ${error.message ?? 'is not valid'}`;
  }
}

function schemaProblem(definition: Definition, value: unknown, root: string): string | undefined {
  const validate = validatorFor(definition);
  if (validate(value)) return undefined;
  const error = validate.errors?.[0];
  return error === undefined ? `${root} is not valid` : describeError(error, root);
}

/** Why `value` is not a results file perfgate could have written (shape, then numbers, the A/B
 * base's too), as a path from `root`; undefined when it is one. */
export function findResultsProblem(value: unknown, root = 'results'): string | undefined {
  const shape = schemaProblem('results', value, root);
  if (shape !== undefined) return shape;
  const results = value as Results;
  return (
    findResultsNumberProblem(results, root) ??
    (results.ab === undefined ? undefined : findResultsNumberProblem(results.ab.base, `${root}.ab.base`))
  );
}

/** The same for a stored baseline: its shape, its results and every history entry. */
export function findBaselineProblem(value: unknown, root = 'baseline'): string | undefined {
  const shape = schemaProblem('baseline', value, root);
  if (shape !== undefined) return shape;
  const baseline = value as Baseline;
  return (
    findResultsProblem(baseline.results, `${root}.results`) ??
    baseline.history.reduce<string | undefined>(
      (found, entry: HistoryEntry, i) => found ?? findHistoryNumberProblem(entry, `${root}.history[${i}]`),
      undefined,
    ) ??
    (baseline.trends ?? []).reduce<string | undefined>(
      (found, entry: HistoryEntry, i) => found ?? findHistoryNumberProblem(entry, `${root}.trends[${i}]`),
      undefined,
    )
  );
}

export type ReadProblem =
  | { kind: 'too-large'; bytes: number }
  | { kind: 'not-json'; detail: string }
  | { kind: 'not-perfgate'; schemaVersion: unknown }
  | { kind: 'future-version'; schemaVersion: number }
  | { kind: 'damaged'; detail: string };

export type Trust = 'trusted' | 'untrusted';

/**
 * A results file's text → the results, or the first problem with it. Untrusted text is held to
 * MAX_RESULTS_BYTES and comes back with every "@" defused.
 */
export function readResultsText(text: string, trust: Trust): { results: Results } | { problem: ReadProblem } {
  if (trust === 'untrusted') {
    const bytes = new TextEncoder().encode(text).length;
    if (bytes > MAX_RESULTS_BYTES) return { problem: { kind: 'too-large', bytes } };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: { kind: 'not-json', detail: (error as Error).message } };
  }
  if (nestsDeeperThan(value, MAX_DEPTH))
    return {
      problem: { kind: 'damaged', detail: `results nests deeper than perfgate writes (at most ${MAX_DEPTH} levels)` },
    };
  const candidate = value as Partial<Results> | null;
  const version = typeof candidate === 'object' && candidate !== null ? candidate.schemaVersion : undefined;
  if (typeof version === 'number' && version > RESULTS_SCHEMA_VERSION)
    return { problem: { kind: 'future-version', schemaVersion: version } };
  if (version !== RESULTS_SCHEMA_VERSION || !Array.isArray(candidate?.scenarios))
    return { problem: { kind: 'not-perfgate', schemaVersion: version } };
  const problem = findResultsProblem(value);
  if (problem !== undefined) return { problem: { kind: 'damaged', detail: problem } };
  return { results: (trust === 'untrusted' ? defuseMentions(value) : value) as Results };
}

// A word joiner after "@" keeps the text readable and makes GitHub see no mention. Object keys
// too: the keys of errorExamples and errors are shown as error classes. The depth is bounded by
// MAX_DEPTH, checked before, so the recursion cannot overflow.
function defuseMentions(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/@(?!\u2060)/g, '@\u2060');
  if (Array.isArray(value)) return value.map(defuseMentions);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [defuseMentions(k) as string, defuseMentions(v)]));
  return value;
}

/** Deeper than any results file perfgate writes (about 8), and far from any stack limit. */
export const MAX_DEPTH = 32;

/** Whether `value` nests deeper than `limit`, found without recursion (a crafted file may nest 100,000 deep). */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
