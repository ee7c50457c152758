// services: → ServiceConfig (command, env, readiness check).
import { quoteValue, type PathKey } from '../paths.js';
import { fillPort, hasPortPlaceholder, PORT_STAND_IN } from '../port.js';
import type { ProfileConfig, ProfilerConfig, ServiceConfig, SetupStep } from '../types/config.js';
import { type Context, type Raw, durationAt, isRecord, stringMap } from './context.js';
import {
  DEFAULT_PROFILE_WINDOW_MS,
  DEFAULT_READY_TIMEOUT_MS,
  DEFAULT_SETUP_TIMEOUT_MS,
  DEFAULT_STOP_GRACE_MS,
} from './defaults.js';
import { REFUSED_HOST, canonicalHost, checkTargetUrl, isHostAllowed, isLoopbackHost } from './hosts.js';

export function buildService(ctx: Context, raw: Raw, index: number): ServiceConfig {
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
  const profile = readProfiler(raw.profile);
  if (profile) service.profile = profile;
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

/** services[].profile: the short form (profile: node) or an object; the schema has checked the shapes. */
export function readProfiler(raw: unknown): ProfilerConfig | undefined {
  if (raw === 'node' || raw === 'perf' || raw === 'py-spy') return { kind: raw };
  if (!isRecord(raw)) return undefined;
  if (raw.kind === 'command' && typeof raw.start === 'string' && typeof raw.stop === 'string')
    return { kind: 'command', start: raw.start, stop: raw.stop };
  return readProfiler(raw.kind);
}

/** profile: → ProfileConfig. */
export function buildProfile(ctx: Context, raw: Raw): ProfileConfig {
  const windowMs = durationAt(ctx, ['profile', 'window'], raw.window, DEFAULT_PROFILE_WINDOW_MS);
  if (windowMs < 1000)
    ctx.problems.add(['profile', 'window'], `${quoteValue(raw.window)} is too short to sample; use at least "1s"`);
  return { when: raw.when === 'always' ? 'always' : 'regression', windowMs };
}

/** setup: → SetupStep[]; the schema has checked the shapes. */
export function buildSetup(ctx: Context, raw: unknown): SetupStep[] {
  if (!Array.isArray(raw)) return [];
  const steps: SetupStep[] = [];
  raw.forEach((item: unknown, i) => {
    if (typeof item === 'string') {
      steps.push({ run: item, timeoutMs: DEFAULT_SETUP_TIMEOUT_MS });
      return;
    }
    if (!isRecord(item) || typeof item.run !== 'string') return;
    const path: PathKey[] = ['setup', i, 'timeout'];
    const timeoutMs = durationAt(ctx, path, item.timeout, DEFAULT_SETUP_TIMEOUT_MS);
    if (timeoutMs <= 0) ctx.problems.add(path, `${quoteValue(item.timeout)} is too short; use at least "1s"`);
    steps.push({ run: item.run, timeoutMs, ...(typeof item.cwd === 'string' ? { cwd: item.cwd } : {}) });
  });
  return steps;
}
