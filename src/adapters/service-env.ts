// What a service's environment holds of perfgate's own, and what of it may be shown. A service
// gets the runner's environment minus its credentials: on a CI runner that environment carries
// GITHUB_TOKEN, the action's inputs (tokens, Slack URLs), the Actions runtime tokens and whatever
// secrets the job put in `env:`, and a service that logs its environment at start-up would write
// them to its log file and, through a failed boot's log tail, to the job log.
import type { ServiceConfig } from '../core/types/config.js';
import { isSecretName } from '../core/mask.js';

// The masking of what a service's log shows lives in core (one function for every log tail).
export { isSecretName, MASK, maskSecrets, maskServiceLog, secretValues } from '../core/mask.js';

/** The parent's environment without the runner's variables and the secret-named ones. */
export function inheritableEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !isSecretName(name)));
}

/**
 * A service's environment: the inheritable part of `parent`, the variables its config passes
 * through by name (`env: { API_KEY: ~ }`), then its config's own values.
 */
export function serviceEnv(
  parent: NodeJS.ProcessEnv,
  config: Pick<ServiceConfig, 'env' | 'passEnv'>,
): NodeJS.ProcessEnv {
  const env = inheritableEnv(parent);
  for (const name of config.passEnv ?? []) {
    const value = parent[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...config.env };
}
