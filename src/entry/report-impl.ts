// Reports rendered from a results file by perfgate's own renderer: `perfgate report` and the
// action's `mode: report`, which a trusted workflow_run job runs on a fork PR's uploaded results.
// Everything in such a file was made by untrusted code, so it is checked against a strict shape
// (types, sizes, bounded strings) before anything reads it, and no string in it can @-mention.
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { InputFileError } from '../core/errors.js';
import type { FailOn, ReportFormat } from '../core/options.js';
import type { Config } from '../core/types/config.js';
import type { Results } from '../core/types/results.js';
import { judgeRun, type BaselineLookup } from '../core/gate.js';
import { decideExit } from '../core/compare/index.js';
import { defaultCompareConfig } from '../core/config/compare.js';
import { loadConfig } from '../adapters/config-file.js';
import { renderReport, type CliIo } from './cli-impl.js';

/** Larger results files than this are refused: a real one is far smaller (histograms are compressed). */
export const maxResultsBytes = 32 * 1024 * 1024;

const num = { type: 'number' } as const;
const count = { type: 'integer', minimum: 0 } as const;
const shortText = { type: 'string', maxLength: 2000 } as const;
const base64 = { type: 'string', maxLength: 4_000_000, pattern: '^[A-Za-z0-9+/=]*$' } as const;
const counts = { type: 'object', maxProperties: 200, additionalProperties: count } as const;

const latency = {
  type: 'object',
  required: ['min', 'mean', 'stddev', 'p50', 'p75', 'p90', 'p95', 'p99', 'p999', 'max'],
  properties: Object.fromEntries(
    ['min', 'mean', 'stddev', 'p50', 'p75', 'p90', 'p95', 'p99', 'p999', 'max'].map((k) => [k, num]),
  ),
} as const;

const scenario = {
  type: 'object',
  required: [
    'name',
    'executor',
    'params',
    'startTime',
    'durationMs',
    'warmupMs',
    'requests',
    'latencyMs',
    'rps',
    'errorRate',
    'bytes',
    'statusCodes',
    'errors',
    'distribution',
    'grade',
    'histogram',
    'segments',
    'timeline',
    'generator',
    'services',
  ],
  properties: {
    // The config's own rule, and no line breaks: a name is printed in headings and tables.
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[^\\r\\n*]+$' },
    executor: {
      enum: ['constant-vus', 'ramping-vus', 'shared-iterations', 'constant-arrival-rate', 'ramping-arrival-rate'],
    },
    params: { type: 'object', maxProperties: 50 },
    startTime: shortText,
    durationMs: num,
    warmupMs: num,
    requests: {
      type: 'object',
      required: ['total', 'ok', 'ko', 'dropped'],
      properties: { total: count, ok: count, ko: count, dropped: count },
    },
    latencyMs: latency,
    rps: num,
    errorRate: num,
    bytes: { type: 'object', required: ['in', 'out'], properties: { in: num, out: num } },
    statusCodes: counts,
    errors: counts,
    errorExamples: { type: 'object', maxProperties: 50, additionalProperties: shortText },
    distribution: {
      type: 'object',
      required: ['under800', 'from800to1200', 'over1200', 'failed'],
      properties: { under800: count, from800to1200: count, over1200: count, failed: count },
    },
    grade: { enum: ['excellent', 'good', 'acceptable', 'arguable', 'unresponsive'] },
    histogram: base64,
    segments: {
      type: 'array',
      maxItems: 10_000,
      items: {
        type: 'object',
        required: ['startMs', 'durationMs', 'count', 'ko', 'histogram'],
        properties: { startMs: num, durationMs: num, count, ko: count, histogram: base64 },
      },
    },
    timeline: {
      type: 'array',
      maxItems: 100_000,
      items: {
        type: 'object',
        required: ['second', 'count', 'ko', 'p50', 'p95', 'p99'],
        properties: { second: num, count, ko: count, p50: num, p95: num, p99: num },
      },
    },
    rate: {
      type: 'object',
      required: ['intendedPerSec', 'achievedPerSec'],
      properties: { intendedPerSec: num, achievedPerSec: num },
    },
    generator: {
      type: 'object',
      required: [
        'lateStarts',
        'maxStartDelayMs',
        'eventLoopDelayP99Ms',
        'eventLoopDelayMaxMs',
        'cpuCores',
        'saturated',
        'reasons',
      ],
      properties: {
        lateStarts: count,
        maxStartDelayMs: num,
        eventLoopDelayP99Ms: num,
        eventLoopDelayMaxMs: num,
        cpuCores: num,
        saturated: { type: 'boolean' },
        reasons: { type: 'array', maxItems: 20, items: shortText },
      },
    },
    services: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['name', 'cpuMeanPercent', 'cpuMaxPercent', 'rssPeakBytes'],
        properties: { name: shortText, cpuMeanPercent: num, cpuMaxPercent: num, rssPeakBytes: num },
      },
    },
    machine: {
      type: 'object',
      required: ['cpuCount', 'busyCores', 'otherCores', 'stealCores'],
      properties: { cpuCount: num, busyCores: num, otherCores: num, stealCores: num },
    },
  },
} as const;

const resultsShape = {
  type: 'object',
  required: ['schemaVersion', 'tool', 'configHash', 'startTime', 'durationMs', 'environment', 'services', 'scenarios'],
  properties: {
    schemaVersion: { const: 1 },
    tool: {
      type: 'object',
      required: ['name', 'version'],
      properties: { name: { const: 'perfgate' }, version: { type: 'string', maxLength: 50 } },
    },
    configHash: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,100}$' },
    startTime: shortText,
    durationMs: num,
    environment: {
      type: 'object',
      required: ['cpuModel', 'cpuCount', 'nodeVersion', 'os', 'fingerprint'],
      properties: {
        cpuModel: shortText,
        cpuCount: count,
        nodeVersion: shortText,
        os: shortText,
        runnerOs: shortText,
        runnerName: shortText,
        fingerprint: shortText,
      },
    },
    git: { type: 'object', properties: { commit: { type: 'string', pattern: '^[0-9A-Za-z]{0,64}$' }, ref: shortText } },
    services: {
      type: 'array',
      maxItems: 50,
      items: { type: 'object', required: ['name', 'logPath'], properties: { name: shortText, logPath: shortText } },
    },
    interrupted: { const: true },
    scenarios: { type: 'array', maxItems: 500, items: scenario },
    // The A/B base variant rides along; its own shape is checked the same way.
    ab: { type: 'object' },
  },
} as const;

let validator: ReturnType<Ajv['compile']> | undefined;

/**
 * Parses and checks a results file made by code perfgate does not trust (a fork PR's run): the
 * shape and sizes are enforced, and every "@" in its strings is defused so that nothing rendered
 * from it can mention a user or team.
 */
export function parseUntrustedResults(text: string, source: string): Results {
  if (Buffer.byteLength(text) > maxResultsBytes)
    throw new InputFileError(`${source}: larger than ${maxResultsBytes} bytes; not a perfgate results file`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InputFileError(`${source}: not JSON; pass a results file written by perfgate`);
  }
  validator ??= new Ajv({ strict: true, allErrors: false }).compile(resultsShape);
  if (!validator(value)) {
    const error = validator.errors?.[0];
    throw new InputFileError(
      `${source}: not a valid perfgate results file (${error?.instancePath || '/'} ${error?.message ?? 'is malformed'})`,
    );
  }
  const results = defuseMentions(value) as Results;
  const base = (results as { ab?: { base?: unknown } }).ab?.base;
  if (base !== undefined) parseUntrustedResults(JSON.stringify(base), `${source} (the A/B base)`);
  return results;
}

// A word joiner after "@" keeps the text readable and makes GitHub see no mention.
function defuseMentions(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/@/g, '@\u2060');
  if (Array.isArray(value)) return value.map(defuseMentions);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, defuseMentions(v)]));
  return value;
}

export async function readUntrustedResults(path: string, what: string): Promise<Results> {
  let text: string;
  try {
    const info = await stat(path);
    if (info.size > maxResultsBytes)
      throw new InputFileError(
        `${what} ${path}: ${info.size} bytes, more than ${maxResultsBytes}; not a perfgate results file`,
      );
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputFileError(
      `${what} ${path}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}; check the path`,
    );
  }
  return parseUntrustedResults(text, `${what} ${path}`);
}

/** The results files at `path`: the file itself, or every results.json in the folder tree (a downloaded artifact per config). */
export async function findResultsFiles(path: string): Promise<string[]> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return [];
  }
  if (info.isFile()) return [path];
  const found: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(dir, entry.name);
      if (entry.isDirectory() && depth < 3) await walk(full, depth + 1);
      else if (entry.isFile() && entry.name === 'results.json') found.push(full);
    }
  };
  await walk(path, 0);
  return found;
}

/**
 * `perfgate report --current results.json [--baseline base.json] [-c perfgate.yml]`: the report of
 * a results file, re-rendered by this perfgate, checked as untrusted input first.
 */
export async function runReportCommand(
  io: CliIo,
  options: { currentPath: string; baselinePath?: string; configPath?: string; format: ReportFormat; failOn: FailOn },
): Promise<number> {
  const current = await readUntrustedResults(options.currentPath, '--current');
  const config: Pick<Config, 'thresholds' | 'compare'> = options.configPath
    ? (await loadConfig(options.configPath)).config
    : { thresholds: {}, compare: defaultCompareConfig() };
  let baseline: BaselineLookup = { kind: 'missing', detail: 'no --baseline was given' };
  if (options.baselinePath) {
    try {
      baseline = { kind: 'found', text: await readFile(options.baselinePath, 'utf8'), source: options.baselinePath };
    } catch (error) {
      throw new InputFileError(
        `--baseline ${options.baselinePath}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}; check the path`,
      );
    }
  }
  const { comparison } = judgeRun({ current, config, baseline });
  io.stdout.write(`${renderReport(comparison, options.format)}\n`);
  return decideExit(comparison, options.failOn);
}
