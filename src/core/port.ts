// `${port}`: the free port each variant of an A/B run gets (head and base cannot share one). The
// config keeps the placeholder (so its hash does not depend on the port); the entry binds it per
// variant just before booting, in services' env and ready, and in every scenario's baseUrl.
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
      const bound = { ...service, env };
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
