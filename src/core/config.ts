// perfgate.yml → Config. Two passes over the parsed YAML: the JSON Schema (the same file editors
// use) checks shapes, then the semantic pass checks what a schema cannot say (executor keys,
// loopback targets, templates, threshold expressions) and fills in defaults. Both passes collect
// every problem so that a user fixes the file in one go, not one error per run.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import schema from '../../schema/perfgate.schema.json' with { type: 'json' };
import {
  formatDuration,
  formatPath,
  parseDuration,
  parsePercent,
  parseRate,
  quoteValue,
  type PathKey,
} from './duration.js';
import { ConfigError } from './errors.js';
import { fillPort, hasPortPlaceholder, PORT_PLACEHOLDER, PORT_STAND_IN } from './port.js';
import { DEFAULT_RUNNER_NOISE } from './stats/variance-model.js';
import { jsonColumns, parseTemplate, templateColumns } from './template.js';
import { closestMatch, globToRegExp, parseThreshold } from './thresholds.js';
import { DEFAULT_CAPACITY_RESOLUTION, DEFAULT_CAPACITY_STEP_FACTOR, MIN_CAPACITY_HOLD_MS } from './capacity.js';
import { MIN_SEGMENTS } from './compare/shared.js';
import type {
  AbSchedule,
  CapacityLoad,
  CapacityStep,
  CompareConfig,
  Config,
  DataSource,
  Executor,
  LoadModel,
  MetricName,
  RequestBody,
  ReportConfig,
  RequestTemplate,
  ScenarioConfig,
  ServiceConfig,
  Stage,
} from './types/config.js';

// ---------------------------------------------------------------- defaults (mirrored in the schema)

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_WARMUP_MS = 5000;
/** Below this, the JIT warm-up of Node (generator and service) shows up in p99. */
export const RECOMMENDED_MIN_WARMUP_MS = 3000;
export const DEFAULT_THINK_TIME_MS = 0;
export const DEFAULT_MAX_IN_FLIGHT = 1000;
/** Used when a scenario's measured length is not known up front (per-VU iterations). */
export const DEFAULT_SEGMENT_MS = 1000;
export const MIN_SEGMENT_MS = 1000;
/** An unset segment is sized for the run: about this many segments, whole seconds, 1–5 s. */
export const TARGET_SEGMENTS = 20;
export const MAX_AUTO_SEGMENT_MS = 5000;
export const DEFAULT_READY_TIMEOUT_MS = 30_000;
export const DEFAULT_STOP_GRACE_MS = 5000;
export const DEFAULT_MAX_DURATION_MS = 600_000;
export const DEFAULT_METRICS: MetricName[] = ['p50', 'p90', 'p95', 'p99', 'rps', 'error_rate', 'capacity'];
export const DEFAULT_MIN_EFFECT: Record<MetricName, number> = {
  p50: 0.05,
  p90: 0.1,
  p95: 0.1,
  p99: 0.15,
  rps: 0.05,
  error_rate: 0.01,
  capacity: 0.1,
};
export const DEFAULT_ALPHA = 0.05;
/** Deprecated (ignored): kept so that configs that set compare.noiseFloor still load. */
export const DEFAULT_NOISE_FLOOR = 0.15;
export const DEFAULT_HISTORY_LENGTH = 10;
export const DEFAULT_MIN_HISTORY = 5;
export const DEFAULT_AB_SCHEDULE: AbSchedule = 'duet';

const EXECUTORS: readonly Executor[] = [
  'constant-vus',
  'ramping-vus',
  'shared-iterations',
  'constant-arrival-rate',
  'ramping-arrival-rate',
  'capacity',
];
const CLOSED_EXECUTORS: readonly Executor[] = ['constant-vus', 'ramping-vus', 'shared-iterations'];
const OPEN_EXECUTORS: readonly Executor[] = ['constant-arrival-rate', 'ramping-arrival-rate', 'capacity'];

/** The keys each executor takes, and of those the ones it needs. */
const EXECUTOR_KEYS: Record<Executor, { takes: string[]; needs: string[] }> = {
  'constant-vus': { takes: ['vus', 'duration'], needs: ['vus', 'duration'] },
  'ramping-vus': { takes: ['startVUs', 'stages'], needs: ['stages'] },
  'shared-iterations': { takes: ['vus', 'iterations', 'maxDuration'], needs: ['vus', 'iterations'] },
  'constant-arrival-rate': { takes: ['rate', 'duration'], needs: ['rate', 'duration'] },
  'ramping-arrival-rate': { takes: ['startRate', 'stages'], needs: ['stages'] },
  capacity: {
    takes: ['startRate', 'maxRate', 'step', 'hold', 'resolution', 'maxDuration'],
    needs: ['startRate', 'maxRate'],
  },
};
const LOAD_KEYS = [...new Set(Object.values(EXECUTOR_KEYS).flatMap((keys) => keys.takes))];

const METRICS: readonly MetricName[] = ['p50', 'p90', 'p95', 'p99', 'rps', 'error_rate', 'capacity'];
const LATENCY_METRICS: readonly MetricName[] = ['p50', 'p90', 'p95', 'p99'];

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What an HTTP/1.1 header value cannot carry: line breaks and other control characters. */
export const UNSENDABLE_IN_HEADER = /[^\t\x20-\x7e\x80-\xff]/u;

/**
 * More connections than one process can hold: each VU (or open-model request in flight) is a
 * socket and a file descriptor, and loopback has about 28,000 source ports per target. A count
 * far past it was accepted and aborted the process while allocating its users.
 */
export const MAX_CONNECTIONS = 50_000;
/** More arrivals a second than one generator can schedule (its dispatch loop would never yield). */
export const MAX_RATE_PER_SEC = 1_000_000;

function checkConnections(ctx: Context, path: PathKey[], value: number, what: string): void {
  if (value > MAX_CONNECTIONS) {
    ctx.problems.add(
      path,
      `${quoteValue(value)} is more ${what} than one machine can hold (each holds a connection; at most ${MAX_CONNECTIONS}); use at most ${MAX_CONNECTIONS}, or shard the scenario`,
    );
  }
}

function checkRate(ctx: Context, path: PathKey[], ratePerSec: number): void {
  if (ratePerSec > MAX_RATE_PER_SEC) {
    ctx.problems.add(
      path,
      `${ratePerSec}/s is more than one load generator can send (at most ${MAX_RATE_PER_SEC}/s); use a lower rate, or shard the scenario`,
    );
  }
}

// ---------------------------------------------------------------- problems

export { formatPath, type PathKey };

/** One problem with the config: where (for line numbers and de-duplication) and the full message. */
export interface ConfigProblem {
  path: PathKey[];
  message: string;
  /** Said instead of whatever the schema found at the same path (it matters more). */
  overrides?: boolean;
}

class Problems {
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

type Raw = Record<string, unknown>;

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstSentence(text: string): string {
  const end = text.indexOf('. ');
  const sentence = end === -1 ? text.replace(/\.$/, '') : text.slice(0, end);
  return sentence.charAt(0).toLowerCase() + sentence.slice(1);
}

// ---------------------------------------------------------------- schema pass

let validateSchema: ValidateFunction | undefined;

function schemaValidator(): ValidateFunction {
  validateSchema ??= new Ajv({ allErrors: true, verbose: true, strict: true, strictRequired: true }).compile(schema);
  return validateSchema;
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
function describeSchemaError(error: ErrorObject, root: unknown): ConfigProblem | undefined {
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
    return problem(
      path,
      `${quoteValue(value)} is not a minimum effect; use a percentage like "5%" or a fraction from 0 to 1 like 0.05`,
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
      return problem(path, `${quoteValue(value)} is not ${typeWords(String(params.type))}`);
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

// ---------------------------------------------------------------- targets

/** 127.0.0.0/8, localhost, ::1 (and ::ffff:127.x.x.x). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host === '::1') return true;
  const ipv4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (ipv4) return ipv4.slice(1).every((octet) => Number(octet) <= 255);
  return /^::ffff:(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|7f[0-9a-f]{2}:[0-9a-f]{1,4})$/.test(host);
}

/** `host` as the URL parser reads it in `http://host/` (lower case, IPv4 in dotted decimal), or undefined when it is none. */
function canonicalHost(host: string): string | undefined {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return undefined;
  }
}

/** An allowHosts entry is a host name or IP, `*.example.com`, or `host:port`. */
export function isHostAllowed(hostname: string, port: string, allowHosts: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return allowHosts.some((entry) => {
    const allowed = entry.toLowerCase().replace(/^\[(.*)\](:\d+)?$/, '$1$2');
    if (allowed === host || (port !== '' && allowed === `${host}:${port}`)) return true;
    return allowed.startsWith('*.') && host.endsWith(allowed.slice(1));
  });
}

const REFUSED_HOST =
  'is not a loopback address; perfgate refuses to load-test other hosts unless you list them in allowHosts';

// ---------------------------------------------------------------- semantic pass

interface Context {
  problems: Problems;
  allowHosts: string[];
}

function durationAt(ctx: Context, path: PathKey[], value: unknown, fallbackMs: number): number {
  if (value === undefined) return fallbackMs;
  return ctx.problems.attempt(path, () => parseDuration(value, formatPath(path))) ?? fallbackMs;
}

function stringMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(value)) return out;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') out[key] = String(item);
  }
  return out;
}

function checkTargetUrl(ctx: Context, path: PathKey[], value: string): URL | undefined {
  let url: URL;
  try {
    // `${port}` is filled in per variant at run time; a stand-in port lets the rest be checked now.
    url = new URL(fillPort(value, PORT_STAND_IN));
  } catch {
    ctx.problems.add(path, `${quoteValue(value)} is not a URL; use one like "http://127.0.0.1:8080"`);
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    ctx.problems.add(path, `${quoteValue(value)} is not an http(s) URL; use one like "http://127.0.0.1:8080"`);
    return undefined;
  }
  if (url.username || url.password) {
    ctx.problems.add(
      path,
      `${quoteValue(value)} has credentials in it; send them as a header (defaults.headers) instead`,
    );
    return undefined;
  }
  if (!isLoopbackHost(url.hostname) && !isHostAllowed(url.hostname, url.port, ctx.allowHosts)) {
    ctx.problems.add(path, `${quoteValue(value)} ${REFUSED_HOST}`);
    return undefined;
  }
  return url;
}

function buildService(ctx: Context, raw: Raw, index: number): ServiceConfig {
  const path: PathKey[] = ['services', index];
  const service: ServiceConfig = {
    name: typeof raw.name === 'string' ? raw.name : '',
    run: typeof raw.run === 'string' ? raw.run : '',
    env: stringMap(raw.env),
    stopGraceMs: durationAt(ctx, [...path, 'stopGrace'], raw.stopGrace, DEFAULT_STOP_GRACE_MS),
  };
  const passEnv = isRecord(raw.env) ? Object.keys(raw.env).filter((name) => (raw.env as Raw)[name] === null) : [];
  if (passEnv.length > 0) service.passEnv = passEnv;
  if (typeof raw.cwd === 'string') service.cwd = raw.cwd;
  if (isRecord(raw.ready)) {
    const readyPath = [...path, 'ready'];
    const timeoutMs = durationAt(ctx, [...readyPath, 'timeout'], raw.ready.timeout, DEFAULT_READY_TIMEOUT_MS);
    if (timeoutMs <= 0)
      ctx.problems.add([...readyPath, 'timeout'], `${quoteValue(raw.ready.timeout)} is too short; use at least "1s"`);
    const { http, tcp } = raw.ready;
    const ready: NonNullable<ServiceConfig['ready']> = { timeoutMs };
    if (http === undefined && tcp === undefined) {
      ctx.problems.add(
        readyPath,
        'needs http (a URL that answers 2xx when ready) or tcp ("host:port" that accepts connections)',
      );
    } else if (http !== undefined && tcp !== undefined) {
      ctx.problems.add(readyPath, 'has both http and tcp; use one of them');
    }
    if (typeof http === 'string' && checkTargetUrl(ctx, [...readyPath, 'http'], http)) ready.http = http;
    if (typeof tcp === 'string') {
      const match = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(fillPort(tcp, PORT_STAND_IN));
      // The host read as a URL reads it (127.1 is 127.0.0.1, 127.0.0.08 is no address at all), so
      // that ready.tcp and baseUrl accept the same hosts and the probe connects to what was checked.
      const host = match?.[1] === undefined ? undefined : canonicalHost(match[1]);
      // A ${port} stays in the config (bound per variant by the entry), so only the host is rewritten.
      const portText = hasPortPlaceholder(tcp) ? tcp.slice(tcp.lastIndexOf(':') + 1) : match?.[2];
      if (!match?.[1] || !match[2] || Number(match[2]) < 1 || Number(match[2]) > 65_535) {
        ctx.problems.add(
          [...readyPath, 'tcp'],
          `${quoteValue(tcp)} is not a "host:port"; use one like "127.0.0.1:5432"`,
        );
      } else if (host === undefined) {
        ctx.problems.add(
          [...readyPath, 'tcp'],
          `${quoteValue(tcp)}: "${match[1]}" is neither an IP address nor a host name; use one like "127.0.0.1:5432"`,
        );
      } else if (!isLoopbackHost(host) && !isHostAllowed(host, match[2], ctx.allowHosts)) {
        ctx.problems.add([...readyPath, 'tcp'], `${quoteValue(tcp)} ${REFUSED_HOST}`);
      } else {
        ready.tcp = `${host}:${portText}`;
      }
    }
    service.ready = ready;
  }
  return service;
}

function buildStages(ctx: Context, path: PathKey[], raw: unknown, executor: Executor): Stage[] {
  if (!Array.isArray(raw)) return [];
  const stages: Stage[] = [];
  raw.forEach((item: unknown, i) => {
    if (!isRecord(item)) return;
    const stagePath = [...path, i];
    const durationMs = durationAt(ctx, [...stagePath, 'duration'], item.duration, 0);
    const targetPath = [...stagePath, 'target'];
    let target = 0;
    if (executor === 'ramping-vus') {
      if (item.target !== undefined && !(Number.isInteger(item.target) && (item.target as number) >= 0)) {
        ctx.problems.add(
          targetPath,
          `${quoteValue(item.target)} is not a number of virtual users; use a whole number like 50`,
        );
      } else if (typeof item.target === 'number') {
        target = item.target;
        checkConnections(ctx, targetPath, target, 'virtual users');
      }
    } else if (typeof item.target === 'number') {
      if (item.target < 0)
        ctx.problems.add(targetPath, `${quoteValue(item.target)} is too small; use at least 0 (requests per second)`);
      else target = item.target;
      checkRate(ctx, targetPath, target);
    } else if (typeof item.target === 'string') {
      target = ctx.problems.attempt(targetPath, () => parseRate(item.target, formatPath(targetPath))) ?? 0;
      checkRate(ctx, targetPath, target);
    }
    stages.push({ durationMs, target });
  });
  if (raw.length > 0 && stages.length === raw.length && stages.every((stage) => stage.durationMs === 0)) {
    ctx.problems.add(path, 'the stages last 0s in total; give at least one stage a duration like "30s"');
  }
  return stages;
}

function buildLoad(ctx: Context, path: PathKey[], raw: Raw, executor: Executor): LoadModel | undefined {
  const { takes, needs } = EXECUTOR_KEYS[executor];
  let complete = true;
  for (const key of LOAD_KEYS) {
    if (raw[key] === undefined || takes.includes(key)) continue;
    const owners = EXECUTORS.filter((other) => EXECUTOR_KEYS[other].takes.includes(key));
    ctx.problems.add(
      [...path, key],
      `${executor} does not use "${key}"; only ${owners.join(' and ')} ${owners.length > 1 ? 'do' : 'does'} (${executor} takes ${takes.join(', ')})`,
      true,
    );
  }
  for (const key of needs) {
    if (raw[key] !== undefined) continue;
    complete = false;
    ctx.problems.add([...path, key], `missing; ${executor} needs ${needs.join(' and ')}`);
  }
  const positiveDuration = (key: string, fallbackMs: number): number => {
    const ms = durationAt(ctx, [...path, key], raw[key], fallbackMs);
    if (raw[key] !== undefined && ms <= 0)
      ctx.problems.add([...path, key], `${quoteValue(raw[key])} is too short; use a duration above 0 like "30s"`);
    return ms;
  };
  const integer = (key: string, fallback: number): number =>
    Number.isInteger(raw[key]) ? (raw[key] as number) : fallback;
  const users = (key: string, fallback: number): number => {
    const value = integer(key, fallback);
    checkConnections(ctx, [...path, key], value, 'virtual users');
    return value;
  };

  switch (executor) {
    case 'constant-vus': {
      const durationMs = positiveDuration('duration', 0);
      return complete ? { executor, vus: users('vus', 1), durationMs } : undefined;
    }
    case 'ramping-vus':
      return {
        executor,
        startVus: users('startVUs', 0),
        stages: buildStages(ctx, [...path, 'stages'], raw.stages, executor),
      };
    case 'shared-iterations': {
      const maxDurationMs = positiveDuration('maxDuration', DEFAULT_MAX_DURATION_MS);
      return complete
        ? { executor, vus: users('vus', 1), iterations: integer('iterations', 1), maxDurationMs }
        : undefined;
    }
    case 'constant-arrival-rate': {
      const durationMs = positiveDuration('duration', 0);
      let ratePerSec = 0;
      if (raw.rate !== undefined) {
        ratePerSec =
          ctx.problems.attempt([...path, 'rate'], () => parseRate(raw.rate, formatPath([...path, 'rate']))) ?? 1;
        if (ratePerSec === 0)
          ctx.problems.add([...path, 'rate'], `${quoteValue(raw.rate)} sends nothing; use a rate above 0 like "200/s"`);
        checkRate(ctx, [...path, 'rate'], ratePerSec);
      }
      return complete ? { executor, ratePerSec, durationMs } : undefined;
    }
    case 'ramping-arrival-rate': {
      const startPath = [...path, 'startRate'];
      const startRatePerSec =
        raw.startRate === undefined
          ? 0
          : (ctx.problems.attempt(startPath, () => parseRate(raw.startRate, formatPath(startPath))) ?? 0);
      checkRate(ctx, startPath, startRatePerSec);
      return { executor, startRatePerSec, stages: buildStages(ctx, [...path, 'stages'], raw.stages, executor) };
    }
    case 'capacity':
      return complete ? buildCapacityLoad(ctx, path, raw) : undefined;
  }
}

function buildCapacityLoad(ctx: Context, path: PathKey[], raw: Raw): LoadModel | undefined {
  const rate = (key: string): number | undefined => {
    const at = [...path, key];
    const value = ctx.problems.attempt(at, () => parseRate(raw[key], formatPath(at)));
    if (value === 0) ctx.problems.add(at, `${quoteValue(raw[key])} sends nothing; use a rate above 0 like "20/s"`);
    return value !== undefined && value > 0 ? value : undefined;
  };
  const startRatePerSec = rate('startRate');
  const maxRatePerSec = rate('maxRate');
  if (startRatePerSec !== undefined && maxRatePerSec !== undefined && maxRatePerSec < startRatePerSec) {
    ctx.problems.add(
      [...path, 'maxRate'],
      `${quoteValue(raw.maxRate)} is below startRate ${quoteValue(raw.startRate)}; the search climbs from startRate to maxRate, so set maxRate above it`,
    );
  }

  let step: CapacityStep = { kind: 'factor', factor: DEFAULT_CAPACITY_STEP_FACTOR };
  if (isRecord(raw.step)) {
    const stepPath = [...path, 'step'];
    if (raw.step.factor !== undefined && raw.step.increment !== undefined) {
      ctx.problems.add(
        stepPath,
        'has both factor and increment; use one of them, like { factor: 1.5 } or { increment: "25/s" }',
      );
    } else if (typeof raw.step.factor === 'number') {
      if (raw.step.factor <= 1)
        ctx.problems.add(
          [...stepPath, 'factor'],
          `${quoteValue(raw.step.factor)} would not climb; use a factor above 1 like 1.5`,
        );
      else step = { kind: 'factor', factor: raw.step.factor };
    } else if (raw.step.increment !== undefined) {
      const at = [...stepPath, 'increment'];
      const ratePerSec = ctx.problems.attempt(at, () =>
        parseRate(raw.step && (raw.step as Raw).increment, formatPath(at)),
      );
      if (ratePerSec === 0)
        ctx.problems.add(
          at,
          `${quoteValue((raw.step as Raw).increment)} would not climb; use a rate above 0 like "25/s"`,
        );
      else if (ratePerSec !== undefined) step = { kind: 'increment', ratePerSec };
    } else if (raw.step.factor === undefined) {
      ctx.problems.add(
        stepPath,
        'names no step; use { factor: 1.5 } (each level 1.5× the last) or { increment: "25/s" }',
      );
    }
  }

  let holdMs: number | undefined;
  if (raw.hold !== undefined) {
    holdMs = durationAt(ctx, [...path, 'hold'], raw.hold, MIN_CAPACITY_HOLD_MS);
    if (holdMs < MIN_CAPACITY_HOLD_MS) {
      ctx.problems.add(
        [...path, 'hold'],
        `${quoteValue(raw.hold)} is too short for a level; use at least "${formatDuration(MIN_CAPACITY_HOLD_MS)}" (the achieved rate is read from the seconds between the first and the last)`,
      );
    }
  }

  let resolution = DEFAULT_CAPACITY_RESOLUTION;
  if (raw.resolution !== undefined) {
    const at = [...path, 'resolution'];
    const value = effectAt(ctx, at, raw.resolution);
    if (value !== undefined && (value <= 0 || value >= 1)) {
      ctx.problems.add(
        at,
        `${quoteValue(raw.resolution)} cannot end a bisection; use a share of the rate between 0 and 100%, like "5%"`,
      );
    } else if (value !== undefined) {
      resolution = value;
    }
  }

  let maxDurationMs: number | undefined;
  if (raw.maxDuration !== undefined) {
    maxDurationMs = durationAt(ctx, [...path, 'maxDuration'], raw.maxDuration, 0);
    if (maxDurationMs <= 0)
      ctx.problems.add(
        [...path, 'maxDuration'],
        `${quoteValue(raw.maxDuration)} is too short; use a duration above 0 like "5m"`,
      );
  }
  if (startRatePerSec === undefined || maxRatePerSec === undefined) return undefined;
  const load: CapacityLoad = { executor: 'capacity', startRatePerSec, maxRatePerSec, step, resolution };
  if (holdMs !== undefined) load.holdMs = holdMs;
  if (maxDurationMs !== undefined) load.maxDurationMs = maxDurationMs;
  return load;
}

/** Merges header maps case-insensitively: a later map's value (and spelling) wins. */
function mergeHeaders(...maps: Record<string, string>[]): Record<string, string> {
  const merged = new Map<string, [string, string]>();
  for (const map of maps) {
    for (const [name, value] of Object.entries(map)) merged.set(name.toLowerCase(), [name, value]);
  }
  return Object.fromEntries([...merged.values()]);
}

function checkHeaders(ctx: Context, path: PathKey[], raw: unknown): Record<string, string> {
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

function buildRequest(
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

/** baseUrl → origin, plus any path of it, which goes in front of every request path. */
function splitBaseUrl(ctx: Context, path: PathKey[], value: string): { origin: string; prefix: string } | undefined {
  const url = checkTargetUrl(ctx, path, value);
  if (!url) return undefined;
  if (url.search || url.hash) {
    ctx.problems.add(path, `${quoteValue(value)} has a query or fragment; put those in request.path`);
    return undefined;
  }
  const prefix = url.pathname.replace(/\/+$/, '');
  if (!hasPortPlaceholder(value)) return { origin: url.origin, prefix };
  if (url.port !== String(PORT_STAND_IN) || hasPortPlaceholder(prefix) || value.split(PORT_PLACEHOLDER).length > 2) {
    ctx.problems.add(
      path,
      `${quoteValue(value)} uses ${PORT_PLACEHOLDER} other than as its port; write it as the port, like "http://127.0.0.1:${PORT_PLACEHOLDER}"`,
    );
    return undefined;
  }
  return { origin: `${url.protocol}//${url.hostname}:${PORT_PLACEHOLDER}`, prefix };
}

function buildScenario(
  ctx: Context,
  name: string,
  raw: Raw,
  defaults: Raw,
  defaultHeaders: Record<string, string>,
): ScenarioConfig | undefined {
  const path: PathKey[] = ['scenarios', name];
  if (name.trim() !== name || name === '' || /[*\r\n]/.test(name)) {
    ctx.problems.add(
      path,
      `${quoteValue(name)} is not a usable scenario name; avoid "*" (a wildcard in thresholds), line breaks and leading or trailing spaces`,
    );
  }
  const executor = EXECUTORS.find((candidate) => candidate === raw.executor);
  const load = executor ? buildLoad(ctx, path, raw, executor) : undefined;

  if (executor && OPEN_EXECUTORS.includes(executor) && raw.thinkTime !== undefined) {
    ctx.problems.add(
      [...path, 'thinkTime'],
      `${executor} does not use "thinkTime"; only the closed models do (${CLOSED_EXECUTORS.join(', ')})`,
      true,
    );
  }
  if (executor && CLOSED_EXECUTORS.includes(executor) && raw.maxInFlight !== undefined) {
    ctx.problems.add(
      [...path, 'maxInFlight'],
      `${executor} does not use "maxInFlight"; only the open models do (${OPEN_EXECUTORS.join(', ')}); its virtual users bound the requests in flight`,
      true,
    );
  }

  // A key set on the scenario wins over defaults; errors point at where the value was written.
  const pick = (key: string): { value: unknown; path: PathKey[] } =>
    raw[key] !== undefined
      ? { value: raw[key], path: [...path, key] }
      : { value: defaults[key], path: ['defaults', key] };

  const baseUrl = pick('baseUrl');
  let target: { origin: string; prefix: string } | undefined;
  if (baseUrl.value === undefined) {
    ctx.problems.add(
      [...path, 'baseUrl'],
      `missing; set defaults.baseUrl or ${formatPath([...path, 'baseUrl'])}, like "http://127.0.0.1:8080"`,
    );
  } else if (typeof baseUrl.value === 'string') {
    target = splitBaseUrl(ctx, baseUrl.path, baseUrl.value);
  }

  const duration = (key: string, fallbackMs: number): { ms: number; path: PathKey[]; value: unknown } => {
    const picked = pick(key);
    return { ms: durationAt(ctx, picked.path, picked.value, fallbackMs), path: picked.path, value: picked.value };
  };
  const timeout = duration('timeout', DEFAULT_TIMEOUT_MS);
  if (timeout.ms <= 0)
    ctx.problems.add(timeout.path, `${quoteValue(timeout.value)} is too short; use a timeout above 0 like "5s"`);
  const warmup = duration('warmup', DEFAULT_WARMUP_MS);
  const thinkTime = duration('thinkTime', DEFAULT_THINK_TIME_MS);
  const segment = duration('segment', autoSegmentMs(load === undefined ? undefined : measuredDurationMs(load)));
  if (segment.ms < MIN_SEGMENT_MS) {
    ctx.problems.add(
      segment.path,
      `${quoteValue(segment.value)} is too short for a segment; use at least "${formatDuration(MIN_SEGMENT_MS)}"`,
    );
  }
  const maxInFlightPick = pick('maxInFlight');
  const maxInFlight = maxInFlightPick.value;
  if (Number.isInteger(maxInFlight))
    checkConnections(ctx, maxInFlightPick.path, maxInFlight as number, 'requests in flight');
  const okStatus = pick('okStatus').value;

  const scenarioHeaders = raw.headers === undefined ? {} : checkHeaders(ctx, [...path, 'headers'], raw.headers);
  const request = isRecord(raw.request)
    ? buildRequest(
        ctx,
        [...path, 'request'],
        raw.request,
        mergeHeaders(defaultHeaders, scenarioHeaders),
        target?.prefix ?? '',
      )
    : undefined;

  let data: DataSource | undefined;
  if (isRecord(raw.data) && typeof raw.data.file === 'string') {
    data = { file: raw.data.file, order: raw.data.order === 'random' ? 'random' : 'round-robin' };
    if (!/\.(csv|json)$/i.test(data.file)) {
      ctx.problems.add(
        [...path, 'data', 'file'],
        `${quoteValue(data.file)} is neither a .csv nor a .json file; use CSV with a header row or a JSON array of objects`,
      );
    }
  }
  if (request && !data) {
    const uses: [PathKey[], string[]][] = [[[...path, 'request', 'path'], templateColumns(request.path)]];
    if (request.body?.kind === 'json') uses.push([[...path, 'request', 'json'], jsonColumns(request.body.value)]);
    if (request.body?.kind === 'raw') uses.push([[...path, 'request', 'body'], templateColumns(request.body.value)]);
    for (const [name, value] of Object.entries(request.headers))
      uses.push([[...path, 'request', 'headers', name], templateColumns(value)]);
    for (const [usePath, columns] of uses) {
      if (columns.length > 0) {
        ctx.problems.add(
          usePath,
          `uses \${row.${columns[0]}} but the scenario has no data; add data: { file: rows.csv } with a column named "${columns[0]}"`,
        );
      }
    }
  }

  if (!executor || !load || !target || !request) return undefined;
  const scenario: ScenarioConfig = {
    name,
    load,
    baseUrl: target.origin,
    request,
    warmupMs: warmup.ms,
    timeoutMs: timeout.ms,
    thinkTimeMs: thinkTime.ms,
    maxInFlight: Number.isInteger(maxInFlight) ? (maxInFlight as number) : DEFAULT_MAX_IN_FLIGHT,
    segmentMs: segment.ms,
  };
  if (data) scenario.data = data;
  if (Array.isArray(okStatus)) scenario.okStatus = okStatus.filter((code): code is number => Number.isInteger(code));
  return scenario;
}

/** The measured length of a load, when it is known before the run. */
function measuredDurationMs(load: ScenarioConfig['load']): number | undefined {
  if ('durationMs' in load) return load.durationMs;
  if ('stages' in load) return load.stages.reduce((sum, stage) => sum + stage.durationMs, 0);
  return undefined;
}

/**
 * The segment length a scenario gets when the config sets none: the statistics resample segments,
 * so a run needs enough of them (a 15 s run in 5 s segments is 3, too few to judge), while a
 * segment under 1 s holds too few requests for its tail. Whole seconds, about TARGET_SEGMENTS
 * segments, from 1 s up to 5 s (a long run simply gets more than 20).
 */
export function autoSegmentMs(measuredMs: number | undefined): number {
  if (measuredMs === undefined || !(measuredMs > 0)) return DEFAULT_SEGMENT_MS;
  const wholeSeconds = Math.floor(measuredMs / TARGET_SEGMENTS / 1000) * 1000;
  return Math.min(MAX_AUTO_SEGMENT_MS, Math.max(MIN_SEGMENT_MS, wholeSeconds));
}

function effectAt(ctx: Context, path: PathKey[], value: unknown): number | undefined {
  if (typeof value === 'number' && value >= 0 && value <= 1) return value;
  if (typeof value === 'string') return ctx.problems.attempt(path, () => parsePercent(value, formatPath(path)));
  return undefined;
}

/** The compare rules of a config that sets none (e.g. `perfgate compare` without `-c`). */
export function defaultCompareConfig(): CompareConfig {
  return {
    mode: 'stored',
    schedule: DEFAULT_AB_SCHEDULE,
    metrics: [...DEFAULT_METRICS],
    minEffect: { ...DEFAULT_MIN_EFFECT },
    alpha: DEFAULT_ALPHA,
    minHistory: DEFAULT_MIN_HISTORY,
    noiseFloor: DEFAULT_NOISE_FLOOR,
    historyLength: DEFAULT_HISTORY_LENGTH,
    runnerNoise: { ...DEFAULT_RUNNER_NOISE },
  };
}

function buildCompare(ctx: Context, raw: Raw): CompareConfig {
  const defaults = defaultCompareConfig();
  const minEffect = defaults.minEffect;
  const minEffectSet = new Set<MetricName>();
  if (isRecord(raw.minEffect)) {
    const latency = effectAt(ctx, ['compare', 'minEffect', 'latency'], raw.minEffect.latency);
    if (latency !== undefined) {
      for (const metric of LATENCY_METRICS) {
        minEffect[metric] = latency;
        minEffectSet.add(metric);
      }
    }
    for (const metric of METRICS) {
      const value = effectAt(ctx, ['compare', 'minEffect', metric], raw.minEffect[metric]);
      if (value !== undefined) {
        minEffect[metric] = value;
        minEffectSet.add(metric);
      }
    }
  }
  const runnerNoise = { ...DEFAULT_RUNNER_NOISE };
  if (isRecord(raw.runnerNoise)) {
    const latency = effectAt(ctx, ['compare', 'runnerNoise', 'latency'], raw.runnerNoise.latency);
    if (latency !== undefined) for (const metric of LATENCY_METRICS) runnerNoise[metric] = latency;
    for (const metric of METRICS) {
      const value = effectAt(ctx, ['compare', 'runnerNoise', metric], raw.runnerNoise[metric]);
      if (value !== undefined) runnerNoise[metric] = value;
    }
  }
  const metrics = Array.isArray(raw.metrics)
    ? raw.metrics.filter((metric): metric is MetricName => METRICS.includes(metric as MetricName))
    : defaults.metrics;
  const historyLength = Number.isInteger(raw.history) ? (raw.history as number) : defaults.historyLength;
  const minHistory = Number.isInteger(raw.minHistory) ? (raw.minHistory as number) : defaults.minHistory;
  if (minHistory > historyLength) {
    const at: PathKey[] = raw.minHistory === undefined ? ['compare', 'history'] : ['compare', 'minHistory'];
    ctx.problems.add(
      at,
      `compare.minHistory (${minHistory}) is more than compare.history (${historyLength}), so the history test could never run; keep minHistory ≤ history`,
    );
  }
  return {
    mode: raw.mode === 'ab' ? 'ab' : defaults.mode,
    schedule: raw.schedule === 'alternate' || raw.schedule === 'duet' ? raw.schedule : defaults.schedule,
    metrics,
    minEffect,
    ...(minEffectSet.size > 0 ? { minEffectSet: [...minEffectSet] } : {}),
    alpha: typeof raw.alpha === 'number' ? raw.alpha : defaults.alpha,
    minHistory,
    noiseFloor: effectAt(ctx, ['compare', 'noiseFloor'], raw.noiseFloor) ?? defaults.noiseFloor,
    historyLength,
    runnerNoise,
  };
}

function buildThresholds(
  ctx: Context,
  raw: unknown,
  scenarioNames: string[],
  capacityNames: string[],
): Record<string, string[]> {
  const thresholds: Record<string, string[]> = {};
  if (!isRecord(raw)) return thresholds;
  for (const [glob, value] of Object.entries(raw)) {
    const path: PathKey[] = ['thresholds', glob];
    const expressions =
      typeof value === 'string'
        ? [value]
        : Array.isArray(value)
          ? value.filter((item) => typeof item === 'string')
          : [];
    const pattern = globToRegExp(glob);
    if (scenarioNames.length > 0 && !scenarioNames.some((name) => pattern.test(name))) {
      const suggestion = closestMatch(glob, scenarioNames);
      ctx.problems.add(
        path,
        `matches no scenario${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; the scenarios are ${scenarioNames.join(', ')}`,
      );
    }
    expressions.forEach((expression, i) => {
      const at = typeof value === 'string' ? path : [...path, i];
      const threshold = ctx.problems.attempt(at, () => parseThreshold(expression, formatPath(at)));
      if (threshold?.metric !== 'capacity') return;
      const others = scenarioNames.filter((name) => pattern.test(name) && !capacityNames.includes(name));
      if (others.length > 0) {
        ctx.problems.add(
          at,
          `${quoteValue(expression)} names capacity, which only the capacity executor measures, but ${glob} also matches ${others.join(', ')}; narrow the glob to the capacity scenarios`,
        );
      }
    });
    thresholds[glob] = expressions;
  }
  return thresholds;
}

/** Scenario names in the order written (a plain object would move "1" or "2" to the front). */
function scenarioOrder(doc: Document, raw: Raw): string[] {
  const node = doc.get('scenarios', true);
  if (isMap(node)) {
    const names = node.items.map((pair) => String(isScalar(pair.key) ? pair.key.value : pair.key));
    if (names.every((name) => Object.hasOwn(raw, name))) return names;
  }
  return Object.keys(raw);
}

function buildConfig(root: Raw, doc: Document, problems: Problems): Config {
  const allowHosts = Array.isArray(root.allowHosts)
    ? root.allowHosts.filter((host): host is string => typeof host === 'string')
    : [];
  const ctx: Context = { problems, allowHosts };

  const services: ServiceConfig[] = [];
  if (Array.isArray(root.services)) {
    root.services.forEach((raw: unknown, i) => {
      if (!isRecord(raw)) return;
      const service = buildService(ctx, raw, i);
      const earlier = services.findIndex((other) => other.name !== '' && other.name === service.name);
      if (earlier !== -1) {
        problems.add(
          ['services', i, 'name'],
          `${quoteValue(service.name)} is already the name of services[${earlier}]; service names must be unique`,
        );
      }
      services.push(service);
    });
  }

  const defaults = isRecord(root.defaults) ? root.defaults : {};
  const defaultHeaders =
    defaults.headers === undefined ? {} : checkHeaders(ctx, ['defaults', 'headers'], defaults.headers);

  const scenarios: ScenarioConfig[] = [];
  const rawScenarios = isRecord(root.scenarios) ? root.scenarios : {};
  const names = scenarioOrder(doc, rawScenarios);
  for (const name of names) {
    const raw = rawScenarios[name];
    if (!isRecord(raw)) continue;
    const scenario = buildScenario(ctx, name, raw, defaults, defaultHeaders);
    if (scenario) scenarios.push(scenario);
  }

  const config: Config = {
    services,
    scenarios,
    thresholds: buildThresholds(
      ctx,
      root.thresholds,
      names,
      names.filter((name) => isRecord(rawScenarios[name]) && rawScenarios[name].executor === 'capacity'),
    ),
    compare: buildCompare(ctx, isRecord(root.compare) ? root.compare : {}),
    allowHosts,
    report: buildReport(isRecord(root.report) ? root.report : {}),
  };
  if (config.compare.mode === 'ab') {
    for (const problem of findAbProblems(config)) problems.add(problem.path, problem.detail);
  }
  return config;
}

/**
 * What keeps a config from an A/B run, where both variants run at once on one machine: each needs
 * its own port, so every baseUrl must write it as ${port}; and alternating segments need a window
 * of known length. `compare.mode: ab` is checked when parsed, `--base-dir` by the entry.
 */
export function findAbProblems(
  config: Pick<Config, 'scenarios' | 'services' | 'compare'>,
): { path: PathKey[]; detail: string }[] {
  const found: { path: PathKey[]; detail: string }[] = [];
  if (config.services.length === 0) {
    found.push({
      path: ['services'],
      detail:
        'none; A/B mode boots the head and the base from services:, so add the service that serves the scenarios (run: and ready:)',
    });
  }
  for (const scenario of config.scenarios) {
    if (!hasPortPlaceholder(scenario.baseUrl)) {
      found.push({
        path: ['scenarios', scenario.name, 'baseUrl'],
        detail: `${quoteValue(scenario.baseUrl)} names a fixed port, but in A/B mode the head and the base each get a port of their own; write it as ${PORT_PLACEHOLDER}, like "http://127.0.0.1:${PORT_PLACEHOLDER}" (in defaults.baseUrl), and let the service listen on env PORT`,
      });
    }
    if (config.compare.schedule === 'alternate' && scenario.load.executor === 'shared-iterations') {
      found.push({
        path: ['scenarios', scenario.name, 'executor'],
        detail:
          'shared-iterations runs until a count is reached, so its window cannot be cut into alternating segments; use compare.schedule: duet, or constant-vus',
      });
    }
  }
  return found;
}

/** The schema has checked the values already; this only fills the defaults. */
function buildReport(raw: Raw): ReportConfig {
  const distribution = raw.distribution;
  return { distribution: distribution === 'grades' || distribution === 'gatling' ? distribution : 'thresholds' };
}

// ---------------------------------------------------------------- entry point

/** Where a path points in the text (its key, for a map entry), or its nearest ancestor's. */
function offsetOf(doc: Document, path: PathKey[]): number | undefined {
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

function isUnder(path: PathKey[], ancestor: PathKey[]): boolean {
  return ancestor.length <= path.length && ancestor.every((key, i) => key === path[i]);
}

/**
 * Parses and validates a perfgate config (YAML or JSON). Every problem found is listed, one per
 * line as `file:line: path: value … what is allowed`, in a single ConfigError.
 */
export function parseConfig(text: string, fileName: string): Config {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const lines = doc.errors.map((error) => {
      const position = error.linePos?.[0];
      const message = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
      return `${fileName}${position ? `:${position.line}:${position.col}` : ''}: ${message}`;
    });
    throw new ConfigError(`${fileName} is not valid YAML:\n${lines.join('\n')}`);
  }
  let root: unknown;
  try {
    root = doc.toJS({ maxAliasCount: 1000 });
  } catch (error) {
    // The YAML library refuses an alias bomb (billion laughs) here, with a ReferenceError.
    throw new ConfigError(
      `${fileName}: ${(error as Error).message}; the config expands its aliases (*name) too many times: write the repeated parts out, or use fewer nested aliases`,
    );
  }
  if (!isRecord(root)) {
    const what = root === null || root === undefined ? 'empty' : `${quoteValue(root)}, not a map of settings`;
    throw new ConfigError(
      `${fileName}: the config is ${what}; it needs at least scenarios: (see the config reference)`,
    );
  }

  const validate = schemaValidator();
  const schemaProblems: ConfigProblem[] = [];
  if (!validate(root)) {
    for (const error of validate.errors ?? []) {
      const problem = describeSchemaError(error, root);
      if (!problem) continue;
      // One message per spot: the first schema error says enough.
      if (schemaProblems.some((other) => formatPath(other.path) === formatPath(problem.path))) continue;
      schemaProblems.push(problem);
    }
  }

  const semantic = new Problems();
  const config = buildConfig(root, doc, semantic);

  // The semantic pass re-reads values the schema already rejected; keep the schema's word there.
  const overridden = semantic.list.filter((problem) => problem.overrides);
  const problems = schemaProblems.filter((problem) => !overridden.some((other) => isUnder(problem.path, other.path)));
  for (const problem of semantic.list) {
    if (!problem.overrides && schemaProblems.some((other) => isUnder(problem.path, other.path))) continue;
    if (problems.some((other) => other.message === problem.message)) continue;
    problems.push(problem);
  }
  if (problems.length === 0) return config;

  // In the order of the file, as a reader fixes them.
  const located = problems.map((problem, order) => ({ problem, order, offset: offsetOf(doc, problem.path) ?? 0 }));
  located.sort((a, b) => a.offset - b.offset || a.order - b.order);
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  const lines = located.map(
    ({ problem, offset }) => `${fileName}:${lineCounter.linePos(offset).line}: ${problem.message}`,
  );
  throw new ConfigError(`${fileName} has ${count}:\n${lines.join('\n')}`);
}

function formatPercentValue(fraction: number): string {
  return `${Number((fraction * 100).toFixed(2))}%`;
}

/**
 * Advice that does not stop a run: settings that are allowed but will make the numbers less
 * trustworthy. The entry points print these.
 */
export function findConfigWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.compare.noiseFloor !== DEFAULT_NOISE_FLOOR) {
    warnings.push(
      `compare.noiseFloor: ${formatPercentValue(config.compare.noiseFloor)} is ignored: run-to-run noise is now part of every test's variance instead of a raised minimum effect; remove noiseFloor, and set compare.runnerNoise (e.g. { latency: "10%" }) if your runner is noisier or quieter than the defaults (docs/statistics.md)`,
    );
  }
  for (const scenario of config.scenarios) {
    const where = formatPath(['scenarios', scenario.name]);
    if (scenario.warmupMs < RECOMMENDED_MIN_WARMUP_MS) {
      warnings.push(
        `${where}.warmup: ${formatDuration(scenario.warmupMs)} is shorter than the recommended ${formatDuration(RECOMMENDED_MIN_WARMUP_MS)}; JIT warm-up and connection set-up will inflate p99`,
      );
    }
    const load = scenario.load;
    const measuredMs =
      'durationMs' in load
        ? load.durationMs
        : 'stages' in load
          ? load.stages.reduce((sum, stage) => sum + stage.durationMs, 0)
          : undefined;
    // Segments hit by a burst of other work are left out, up to half of them, and a comparison
    // needs MIN_SEGMENTS: twice that is what always leaves enough.
    const recommended = 2 * MIN_SEGMENTS;
    if (measuredMs !== undefined && measuredMs < recommended * scenario.segmentMs) {
      warnings.push(
        `${where}: ${formatDuration(measuredMs)} holds fewer than ${recommended} segments of ${formatDuration(scenario.segmentMs)}; baseline comparisons will be weak, or impossible when a burst of other work spoils half of them (run at least ${formatDuration(recommended * scenario.segmentMs)})`,
      );
    }
  }
  return warnings;
}
