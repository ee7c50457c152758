// One scenario: its target, request template, headers, data file and timings.
import { formatConfigDuration } from '../duration.js';
import { formatPath, quoteValue, type PathKey } from '../paths.js';
import { hasPortPlaceholder, PORT_PLACEHOLDER, PORT_STAND_IN } from '../port.js';
import { closestMatch } from '../closest-match.js';
import { jsonColumns, requestColumns, requestVariables, templateColumns } from '../template.js';
import type {
  HttpVersion,
  Capture,
  DataSource,
  FlowConfig,
  FlowStep,
  RequestTemplate,
  ScenarioConfig,
} from '../types/config.js';
import { type Context, type Raw, checkConnections, durationAt, isRecord } from './context.js';
import {
  DEFAULT_MAX_IN_FLIGHT,
  DEFAULT_THINK_TIME_MS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_WARMUP_MS,
  MIN_SEGMENT_MS,
} from './defaults.js';
import { checkTargetUrl } from './hosts.js';
import { buildGrpc } from './grpc.js';
import { buildRequest, checkHeaders, mergeHeaders } from './request.js';
import { checkTls, mergeTls, readTls, tlsKeyPath } from './tls.js';
import { CLOSED_EXECUTORS, EXECUTORS, OPEN_EXECUTORS, autoSegmentMs, buildLoad, measuredDurationMs } from './load.js';

/** `$.id`, `$.items[0].sku`, `header:location`, `regex:id=(\\d+)` → a capture; undefined (and a problem) otherwise. */
export function parseCapture(ctx: Context, path: PathKey[], raw: unknown): Capture | undefined {
  if (typeof raw !== 'string') return undefined;
  if (raw.startsWith('header:') && raw.length > 'header:'.length)
    return { kind: 'header', name: raw.slice('header:'.length).trim().toLowerCase() };
  if (raw.startsWith('regex:')) {
    const pattern = raw.slice('regex:'.length);
    try {
      new RegExp(pattern);
    } catch (error) {
      ctx.problems.add(
        path,
        `${quoteValue(raw)} is not a valid regular expression (${(error as Error).message}); fix the pattern after "regex:"`,
      );
      return undefined;
    }
    return { kind: 'regex', pattern };
  }
  if (/^\$(\.[A-Za-z_$][\w$-]*|\[\d+\]|\['[^']*'\])*$/.test(raw)) return { kind: 'json', path: raw };
  ctx.problems.add(
    path,
    `${quoteValue(raw)} is not a capture; use a JSON path like "$.id" or "$.items[0].sku", "header:location", or "regex:id=(\\d+)"`,
  );
  return undefined;
}

function buildFlowSteps(
  ctx: Context,
  path: PathKey[],
  raw: unknown,
  inheritedHeaders: Record<string, string>,
  pathPrefix: string,
  names: Set<string>,
  weighted = false,
): FlowStep[] {
  if (!Array.isArray(raw)) return [];
  const steps: FlowStep[] = [];
  raw.forEach((item, i) => {
    if (!isRecord(item) || typeof item.name !== 'string' || !isRecord(item.request)) return;
    const stepPath: PathKey[] = [...path, i];
    if (names.has(item.name))
      ctx.problems.add(
        [...stepPath, 'name'],
        `${quoteValue(item.name)} names two steps of this scenario; give each step its own name`,
      );
    names.add(item.name);
    const step: FlowStep = {
      name: item.name,
      request: buildRequest(ctx, [...stepPath, 'request'], item.request, inheritedHeaders, pathPrefix),
      capture: {},
    };
    if (isRecord(item.capture)) {
      for (const [name, spec] of Object.entries(item.capture)) {
        if (!/^[A-Za-z_][A-Za-z0-9_-]*$/.test(name))
          ctx.problems.add(
            [...stepPath, 'capture', name],
            `${quoteValue(name)} is not a usable var name; use letters, digits, "_" and "-"`,
          );
        const capture = parseCapture(ctx, [...stepPath, 'capture', name], spec);
        if (capture) step.capture[name] = capture;
      }
    }
    if (Array.isArray(item.check)) step.okStatus = item.check.filter((code): code is number => Number.isInteger(code));
    if (item.thinkTime !== undefined) step.thinkTimeMs = durationAt(ctx, [...stepPath, 'thinkTime'], item.thinkTime, 0);
    if (item.weight !== undefined && !weighted) {
      ctx.problems.add(
        [...stepPath, 'weight'],
        'only a mix entry has a weight (steps all run, in order); write the requests under mix: to pick one by weight',
      );
    } else if (typeof item.weight === 'number') step.weight = item.weight;
    steps.push(step);
  });
  return steps;
}

/** Every `${vars.x}` must be captured by the setup or an earlier step: a typo would send "" all run long. */
function checkFlowVariables(ctx: Context, path: PathKey[], flow: FlowConfig, hasSetup: boolean): void {
  const known: string[] = [];
  const visit = (steps: FlowStep[], key: 'setup' | 'steps' | 'mix'): void => {
    const setupKnown = [...known];
    steps.forEach((step, i) => {
      for (const use of requestVariables(step.request, 'request')) {
        if (known.includes(use.name)) continue;
        const later = [...flow.setup, ...flow.steps].some((other) => Object.hasOwn(other.capture, use.name));
        const suggestion = closestMatch(use.name, known);
        const where: PathKey[] = [...path, key, i, ...use.where.split('.')];
        const why =
          key === 'mix'
            ? "no setup step captures it (a mix entry sees only the setup's values)"
            : later
              ? 'it is captured only by a later step'
              : 'no setup step or earlier step captures it';
        ctx.problems.add(
          where,
          `uses \${vars.${use.name}} but ${why}` +
            (suggestion
              ? `; did you mean \${vars.${suggestion}}?`
              : `; add capture: { ${use.name}: "$.${use.name}" } to ${key === 'mix' ? 'a setup step' : `${hasSetup ? 'a setup step or ' : ''}an earlier step`}`),
        );
      }
      // A mix entry's captures are its own iteration's: the next entry never sees them.
      if (key === 'mix') known.splice(0, known.length, ...setupKnown);
      else known.push(...Object.keys(step.capture));
    });
  };
  visit(flow.setup, 'setup');
  visit(flow.steps, flow.mix ? 'mix' : 'steps');
}

/** baseUrl → origin, plus any path of it, which goes in front of every request path. */
function splitBaseUrl(
  ctx: Context,
  path: PathKey[],
  value: string,
): { origin: string; prefix: string; url: URL } | undefined {
  const url = checkTargetUrl(ctx, path, value);
  if (!url) return undefined;
  if (url.search || url.hash) {
    ctx.problems.add(path, `${quoteValue(value)} has a query or fragment; put those in request.path`);
    return undefined;
  }
  const prefix = url.pathname.replace(/\/+$/, '');
  if (!hasPortPlaceholder(value)) return { origin: url.origin, prefix, url };
  if (url.port !== String(PORT_STAND_IN) || hasPortPlaceholder(prefix) || value.split(PORT_PLACEHOLDER).length > 2) {
    ctx.problems.add(
      path,
      `${quoteValue(value)} uses ${PORT_PLACEHOLDER} other than as its port; write it as the port, like "http://127.0.0.1:${PORT_PLACEHOLDER}"`,
    );
    return undefined;
  }
  return { origin: `${url.protocol}//${url.hostname}:${PORT_PLACEHOLDER}`, prefix, url };
}

export function buildScenario(
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
  let target: { origin: string; prefix: string; url: URL } | undefined;
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
      `${quoteValue(segment.value)} is too short for a segment; use at least "${formatConfigDuration(MIN_SEGMENT_MS)}"`,
    );
  }
  const maxInFlightPick = pick('maxInFlight');
  const maxInFlight = maxInFlightPick.value;
  if (Number.isInteger(maxInFlight))
    checkConnections(ctx, maxInFlightPick.path, maxInFlight as number, 'requests in flight');
  const okStatus = pick('okStatus').value;

  const tls = mergeTls(readTls(defaults.tls), readTls(raw.tls));
  checkTls(ctx, tls, (key) => tlsKeyPath(path, raw, key), target?.url);
  if (raw.tls !== undefined && target && target.url.protocol !== 'https:') {
    ctx.problems.add(
      [...path, 'tls'],
      `applies to https: targets only, and ${formatPath(baseUrl.path)} is ${target.url.protocol}; use an https:// baseUrl or remove tls`,
    );
  }

  const streamPick = pick('stream');
  let stream: ScenarioConfig['stream'];
  if (isRecord(streamPick.value)) {
    stream = {};
    if (Number.isInteger(streamPick.value.events)) stream.events = streamPick.value.events as number;
    if (streamPick.value.maxDuration !== undefined) {
      const at = [...streamPick.path, 'maxDuration'];
      const ms = durationAt(ctx, at, streamPick.value.maxDuration, 0);
      if (ms <= 0)
        ctx.problems.add(
          at,
          `${quoteValue(streamPick.value.maxDuration)} is too short; use a duration above 0 like "2s"`,
        );
      else if (ms >= timeout.ms)
        ctx.problems.add(
          at,
          `${quoteValue(streamPick.value.maxDuration)} is not under the timeout (${formatConfigDuration(timeout.ms)}), which would fail the stream first; shorten it or raise timeout`,
        );
      else stream.maxDurationMs = ms;
    }
  }

  const httpPick = pick('http');
  const http = readHttpVersion(httpPick.value);
  const latencyPick = pick('latency');
  const latency = latencyPick.value === 'ttfb' || latencyPick.value === 'full' ? latencyPick.value : undefined;

  const scenarioHeaders = raw.headers === undefined ? {} : checkHeaders(ctx, [...path, 'headers'], raw.headers);
  let flow: FlowConfig | undefined;
  const grpc = raw.grpc === undefined ? undefined : buildGrpc(ctx, path, raw, target?.prefix ?? '');
  if (raw.grpc !== undefined) {
    // buildGrpc has refused request, steps and the rest beside it.
  } else if (raw.steps !== undefined || raw.setup !== undefined || raw.mix !== undefined) {
    const inherited = mergeHeaders(defaultHeaders, scenarioHeaders);
    const names = new Set<string>();
    const mixed = raw.mix !== undefined && raw.steps === undefined;
    const stepsKey = mixed ? 'mix' : 'steps';
    const prefix = target?.prefix ?? '';
    flow = {
      setup: buildFlowSteps(ctx, [...path, 'setup'], raw.setup, inherited, prefix, names),
      steps: buildFlowSteps(ctx, [...path, stepsKey], mixed ? raw.mix : raw.steps, inherited, prefix, names, mixed),
    };
    if (mixed) flow.mix = true;
    checkFlowVariables(ctx, path, flow, flow.setup.length > 0);
    if (raw.mix !== undefined && raw.steps !== undefined)
      ctx.problems.add(
        [...path, 'mix'],
        'a scenario takes steps (all, in order) or mix (one, by weight), not both; keep one of them',
      );
    // A setup beside a plain request (a login for a read's token) has no steps to feed: "request
    // or steps, not both" named steps the user had not written.
    if (raw.request !== undefined && raw.steps === undefined && raw.mix === undefined)
      ctx.problems.add(
        [...path, 'setup'],
        'a setup feeds steps, and this scenario has a request instead; move the request into steps: [{ name: "…", request: { … } }] to use the setup\'s ${vars.…}, or remove setup',
      );
    else if (raw.request !== undefined)
      ctx.problems.add(
        [...path, 'request'],
        `a scenario takes request or ${stepsKey}, not both; move the request into ${stepsKey}`,
      );
    else if (raw.steps === undefined && raw.mix === undefined)
      ctx.problems.add(
        [...path, 'setup'],
        'setup needs steps: the requests each iteration sends after it; add steps: [{ name, request }]',
      );
    if (executor === 'capacity')
      ctx.problems.add(
        [...path, 'steps'],
        'the capacity executor does not run flows yet; use constant-arrival-rate or a closed model for a flow',
      );
  } else if (raw.request === undefined) {
    ctx.problems.add(
      [...path, 'request'],
      'missing; give the scenario a request: { path: "/" }, or steps: a list of named requests',
    );
  }
  const request = grpc
    ? grpc.request
    : flow?.steps[0]
      ? flow.steps[0].request
      : isRecord(raw.request)
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
  if (flow && !data) {
    const all: [FlowStep, PathKey[]][] = [
      ...flow.setup.map((step, i): [FlowStep, PathKey[]] => [step, [...path, 'setup', i, 'request']]),
      ...flow.steps.map((step, i): [FlowStep, PathKey[]] => [
        step,
        [...path, flow.mix ? 'mix' : 'steps', i, 'request'],
      ]),
    ];
    const used = all.flatMap(([step, at]) => requestColumns(step.request).map((use) => ({ ...use, at })));
    const first = used[0];
    if (first) {
      ctx.problems.add(
        [...first.at, ...first.where.split('.').slice(1)],
        `uses \${row.${first.column}} but the scenario has no data; add data: { file: rows.csv } with a column named "${first.column}"`,
      );
    }
  }
  if (request && !data && !flow) {
    // A gRPC call's message and metadata are its request's body and headers.
    const [at, json, headers]: [PathKey[], string, string] = grpc
      ? [[...path, 'grpc'], 'message', 'metadata']
      : [[...path, 'request'], 'json', 'headers'];
    const uses: [PathKey[], string[]][] = [
      [[...at, 'method'], templateColumns(request.method)],
      [[...at, 'path'], templateColumns(request.path)],
    ];
    if (request.body?.kind === 'json') uses.push([[...at, json], jsonColumns(request.body.value)]);
    if (request.body?.kind === 'raw') uses.push([[...at, 'body'], templateColumns(request.body.value)]);
    for (const [name, value] of Object.entries(request.headers))
      uses.push([[...at, headers, name], templateColumns(value)]);
    for (const [usePath, columns] of uses) {
      if (columns.length > 0) {
        ctx.problems.add(
          usePath,
          `uses \${row.${columns[0]}} but the scenario has no data; add data: { file: rows.csv } with a column named "${columns[0]}"`,
        );
      }
    }
  }

  if (stream && flow)
    ctx.problems.add(
      streamPick.path,
      'flows read every answer to its end; remove stream from this scenario (or give it a single request)',
    );
  if (http === '2' || http === 'auto') {
    // Each request the scenario sends: a flow's setup and steps (or mix), else its one request.
    const sent: [PathKey[], RequestTemplate][] = flow
      ? [
          ...flow.setup.map((step, i): [PathKey[], RequestTemplate] => [
            [...path, 'setup', i, 'request'],
            step.request,
          ]),
          ...flow.steps.map((step, i): [PathKey[], RequestTemplate] => [
            [...path, flow.mix ? 'mix' : 'steps', i, 'request'],
            step.request,
          ]),
        ]
      : request && !grpc
        ? [[[...path, 'request'], request]]
        : [];
    for (const [at, sentRequest] of sent) {
      const connectionHeader = Object.keys(sentRequest.headers).find((name) =>
        H2_FORBIDDEN_HEADERS.has(name.toLowerCase()),
      );
      if (connectionHeader !== undefined)
        ctx.problems.add(
          [...at, 'headers', connectionHeader],
          `is a connection header, which HTTP/2 forbids (RFC 9113 §8.2.2); remove it, or use http: 1.1`,
        );
    }
  }

  if (!executor || !load || !target || !request || (raw.grpc !== undefined && !grpc)) return undefined;
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
  if (segment.value !== undefined) scenario.segmentSet = true;
  if (data) scenario.data = data;
  if (flow) scenario.flow = flow;
  if (typeof raw.group === 'string') {
    if (executor === 'capacity') {
      ctx.problems.add(
        [...path, 'group'],
        'the capacity executor searches its own rates and cannot run beside other scenarios; remove group from this scenario',
      );
    }
    scenario.group = raw.group;
  }
  if (tls && target.url.protocol === 'https:') scenario.tls = tls;
  if (grpc) {
    // The defaults' http, latency, stream and okStatus are for the HTTP scenarios (grpc.ts).
    scenario.grpc = grpc.call;
    return scenario;
  }
  if (http !== undefined) scenario.http = http;
  if (latency === 'ttfb') scenario.latency = latency;
  if (stream && (stream.events !== undefined || stream.maxDurationMs !== undefined)) scenario.stream = stream;
  if (Array.isArray(okStatus)) scenario.okStatus = okStatus.filter((code): code is number => Number.isInteger(code));
  return scenario;
}

/** Headers of HTTP/1.1's connection handling, which HTTP/2 forbids (node:http2 throws on them). */
const H2_FORBIDDEN_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/** `http:` as YAML reads it (1.1 and 2 are numbers there); the schema has checked the value. */
export function readHttpVersion(value: unknown): HttpVersion | undefined {
  if (value === 2 || value === '2') return '2';
  if (value === 1.1 || value === '1.1') return '1.1';
  if (value === 'auto') return 'auto';
  return undefined;
}
