// `${port}`: the free port each variant of an A/B run gets (head and base cannot share one). The
// config keeps the placeholder (so its hash does not depend on the port); the entry binds it per
// variant just before booting, in services' run, env and ready, and in every scenario's baseUrl.
import { quoteValue, type PathKey } from './paths.js';
import type { Config } from './types/config.js';

export const PORT_PLACEHOLDER = '${port}';

/** What `${port}` stands for while a URL is validated: a real port number, unlikely to be written by hand. */
export const PORT_STAND_IN = 65_535;

export function hasPortPlaceholder(text: string): boolean {
  return text.includes(PORT_PLACEHOLDER);
}

export function fillPort(text: string, port: number): string {
  return text.split(PORT_PLACEHOLDER).join(String(port));
}

/** True when the config writes `${port}` anywhere it is filled in. */
export function configUsesPort(config: Pick<Config, 'services' | 'scenarios'>): boolean {
  for (const service of config.services) {
    if (hasPortPlaceholder(service.run)) return true;
    if (Object.values(service.env).some(hasPortPlaceholder)) return true;
    if (service.ready?.http && hasPortPlaceholder(service.ready.http)) return true;
    if (service.ready?.tcp && hasPortPlaceholder(service.ready.tcp)) return true;
  }
  return config.scenarios.some((scenario) => hasPortPlaceholder(scenario.baseUrl));
}

/**
 * The config with `${port}` replaced by `port`, and PORT=<port> in every service's env unless the
 * config sets PORT itself. A config that never writes `${port}` is returned as it is: its services
 * keep the ports they choose.
 */
export function bindPort<T extends Pick<Config, 'services' | 'scenarios'>>(config: T, port: number): T {
  if (!configUsesPort(config)) return config;
  return {
    ...config,
    services: config.services.map((service) => {
      const env: Record<string, string> = {};
      for (const [name, value] of Object.entries(service.env)) env[name] = fillPort(value, port);
      if (!Object.hasOwn(env, 'PORT')) env.PORT = String(port);
      const bound = { ...service, run: fillPort(service.run, port), env };
      if (service.ready) {
        bound.ready = { ...service.ready };
        if (service.ready.http) bound.ready.http = fillPort(service.ready.http, port);
        if (service.ready.tcp) bound.ready.tcp = fillPort(service.ready.tcp, port);
      }
      return bound;
    }),
    scenarios: config.scenarios.map((scenario) => ({ ...scenario, baseUrl: fillPort(scenario.baseUrl, port) })),
  };
}

/**
 * A service whose env fixes PORT in a config that writes `${port}` elsewhere: perfgate sends the
 * load to the free port it chose, while the service listens on the fixed one (and in A/B both
 * variants fight for it), so the run measures an empty port. Found by `check`, not mid-run.
 */
export function findPortConflicts(
  config: Pick<Config, 'services' | 'scenarios'>,
): { path: PathKey[]; detail: string }[] {
  if (!configUsesPort(config)) return [];
  const found: { path: PathKey[]; detail: string }[] = [];
  config.services.forEach((service, index) => {
    const fixed = service.env.PORT;
    if (fixed === undefined || hasPortPlaceholder(fixed)) return;
    // A dependency beside the service under test may keep a port of its own (a mock upstream on
    // 9000): only the service that ${port} names, by its own run or ready or by being the only
    // one, listens on the wrong port.
    const own =
      hasPortPlaceholder(service.run) ||
      [service.ready?.http, service.ready?.tcp].some((text) => text !== undefined && hasPortPlaceholder(text));
    if (!own && config.services.length > 1) return;
    found.push({
      path: ['services', index, 'env', 'PORT'],
      detail: `${quoteValue(fixed)} fixes the port, but the config writes ${PORT_PLACEHOLDER}, which perfgate fills with a free port of its own and passes to the service as env PORT; remove env.PORT (or write it as "${PORT_PLACEHOLDER}"), or write the fixed port everywhere instead of ${PORT_PLACEHOLDER}`,
    });
  });
  return found;
}
