// perfgate.yml → Config. Two passes over the parsed YAML: the JSON Schema (the same file editors
// use) checks shapes, then the semantic pass checks what a schema cannot say (executor keys,
// loopback targets, templates, threshold expressions) and fills in defaults. Both passes collect
// every problem so that a user fixes the file in one go, not one error per run.
import { closestMatch } from '../closest-match.js';
import { formatConfigDuration } from '../duration.js';
import { ConfigError } from '../errors.js';
import { formatPath, quoteValue, type PathKey } from '../paths.js';
import { globToRegExp, parseThreshold } from '../thresholds.js';
import type { Config, ReportConfig, ScenarioConfig, ServiceConfig, TrendsConfig } from '../types/config.js';
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import { findAbProblems, findProcessProblems } from './ab.js';
import { fillPort, findPortConflicts, PORT_STAND_IN } from '../port.js';
import { buildCompare } from './compare.js';
import { type Context, type Raw, isRecord } from './context.js';
import { DEFAULT_NOISE_FLOOR, MIN_SEGMENTS, RECOMMENDED_MIN_WARMUP_MS, defaultTrendsConfig } from './defaults.js';
import { type ConfigProblem, Problems, describeSchemaError, isUnder, offsetOf, schemaValidator } from './problems.js';
import { buildScenario, readHttpVersion } from './scenario.js';
import { checkHeaders } from './request.js';
import { buildProfile, buildService, buildSetup } from './services.js';
import { checkTls, readTls } from './tls.js';

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
  // A flow's steps are results of their own, named <scenario>/<step>: one that is also a
  // scenario's name would be judged, extended and confirmed as the other.
  for (const scenario of scenarios) {
    const key = scenario.flow?.mix ? 'mix' : 'steps';
    (scenario.flow?.steps ?? []).forEach((step, i) => {
      const result = `${scenario.name}/${step.name}`;
      if (names.includes(result))
        problems.add(
          ['scenarios', scenario.name, key, i, 'name'],
          `${quoteValue(step.name)} is reported as ${quoteValue(result)}, which is already the name of a scenario; rename the step or scenario ${quoteValue(result)}`,
        );
    });
  }

  // The services' ready probes use defaults.tls and defaults.http (src/adapters/ready-probe.ts).
  const tls = readTls(defaults.tls);
  const defaultHttp = readHttpVersion(defaults.http);
  for (const service of services) {
    // ready.http was checked to be a URL before it was kept.
    const url = service.ready?.http ? new URL(fillPort(service.ready.http, PORT_STAND_IN)) : undefined;
    if (url?.protocol === 'https:') checkTls(ctx, tls, (key) => ['defaults', 'tls', key], url);
  }

  const config: Config = {
    setup: buildSetup(ctx, root.setup),
    services,
    scenarios,
    thresholds: buildThresholds(
      ctx,
      root.thresholds,
      // A flow's steps are judged as scenarios of their own: "shop/order/fetch": ["p(95)<150"].
      [...names, ...scenarios.flatMap((s) => (s.flow?.steps ?? []).map((step) => `${s.name}/${step.name}`))],
      names.filter((name) => isRecord(rawScenarios[name]) && rawScenarios[name].executor === 'capacity'),
    ),
    compare: buildCompare(ctx, isRecord(root.compare) ? root.compare : {}),
    allowHosts,
    ...(tls ? { tls } : {}),
    ...(defaultHttp ? { http: defaultHttp } : {}),
    report: buildReport(isRecord(root.report) ? root.report : {}),
    trends: buildTrends(isRecord(root.trends) ? root.trends : {}),
    profile: buildProfile(ctx, isRecord(root.profile) ? root.profile : {}),
  };
  if (config.compare.mode === 'ab') {
    for (const problem of findAbProblems(config)) problems.add(problem.path, problem.detail);
  }
  // Any mode: compare.processes is an A/B setting, and a default A/B run on a pull request would
  // otherwise meet it only mid-run.
  for (const problem of findProcessProblems(config)) problems.add(problem.path, problem.detail);
  for (const problem of findPortConflicts(config)) problems.add(problem.path, problem.detail);
  return config;
}

/** The schema has checked the values already; this only fills the defaults. */
function buildTrends(raw: Raw): TrendsConfig {
  const defaults = defaultTrendsConfig();
  return {
    keep: Number.isInteger(raw.keep) ? (raw.keep as number) : defaults.keep,
    minSegment: Number.isInteger(raw.minSegment) ? (raw.minSegment as number) : defaults.minSegment,
    alpha: typeof raw.alpha === 'number' ? raw.alpha : defaults.alpha,
  };
}

/** The schema has checked the values already; this only fills the defaults. */
function buildReport(raw: Raw): ReportConfig {
  const distribution = raw.distribution;
  return { distribution: distribution === 'grades' || distribution === 'gatling' ? distribution : 'thresholds' };
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
      `compare.noiseFloor: ${formatPercentValue(config.compare.noiseFloor)} is ignored: run-to-run noise is now part of every test's variance instead of a raised minimum effect; remove noiseFloor, and set compare.runnerNoise (e.g. { latency: "10%" }) if your runner is noisier or quieter than the defaults (docs/design/statistics.md)`,
    );
  }
  const extend = config.compare.extend;
  if (
    Object.keys(config.compare.detect ?? {}).length > 0 &&
    !((extend?.maxWindowFactor ?? 0) > 1 || (extend?.maxWindowMs ?? 0) > 0)
  ) {
    warnings.push(
      'compare.detect: compare.extend.maxDuration is 0, so no scenario runs on to reach it: the reports only say where an MDE is above its target; set compare.extend.maxDuration (e.g. 3x), or size the window with `perfgate plan`',
    );
  }
  for (const scenario of config.scenarios) {
    const where = formatPath(['scenarios', scenario.name]);
    if (scenario.warmupMs < RECOMMENDED_MIN_WARMUP_MS) {
      warnings.push(
        `${where}.warmup: ${formatConfigDuration(scenario.warmupMs)} is shorter than the recommended ${formatConfigDuration(RECOMMENDED_MIN_WARMUP_MS)}; JIT warm-up and connection set-up will inflate p99`,
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
        `${where}: ${formatConfigDuration(measuredMs)} holds fewer than ${recommended} segments of ${formatConfigDuration(scenario.segmentMs)}; baseline comparisons will be weak, or impossible when a burst of other work spoils half of them (run at least ${formatConfigDuration(recommended * scenario.segmentMs)})`,
      );
    }
    // Without TLS there is no ALPN to ask: `auto` can only mean HTTP/1.1 there.
    if (scenario.http === 'auto' && scenario.baseUrl.startsWith('http:')) {
      warnings.push(
        `${where}.http: auto over an http: baseUrl speaks HTTP/1.1 (ALPN needs TLS); use http: 2 for an h2c service, or 1.1 to say so`,
      );
    }
    // A length is what the window may reach, not what it adds: one no longer than the window never extends.
    const maxWindowMs = config.compare.extend?.maxWindowMs;
    if (maxWindowMs !== undefined && measuredMs !== undefined && maxWindowMs <= measuredMs) {
      warnings.push(
        `compare.extend.maxDuration: ${formatConfigDuration(maxWindowMs)} is the length a window may reach, and ${where} is planned for ${formatConfigDuration(measuredMs)} already, so it is never extended; use a longer length, or a multiple such as 2x`,
      );
    }
  }
  return warnings;
}
