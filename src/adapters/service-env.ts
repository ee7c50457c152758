// What a service's environment holds of perfgate's own, and what of it may be shown. A service
// gets the runner's environment minus its credentials: on a CI runner that environment carries
// GITHUB_TOKEN, the action's inputs (tokens, Slack URLs), the Actions runtime tokens and whatever
// secrets the job put in `env:`, and a service that logs its environment at start-up would write
// them to its log file and, through a failed boot's log tail, to the job log.
import type { ServiceConfig } from '../core/types/config.js';

/** The runner's own variables: the action's inputs and the Actions runtime (tokens, cache and results URLs). */
const RUNNER_VARIABLES = /^(INPUT_|ACTIONS_)/i;
/** Names that say they hold a credential. */
const SECRET_NAME = /TOKEN|SECRET|PASSW(OR)?D|CREDENTIAL|WEBHOOK|APIKEY|ACCESSKEY|PRIVATEKEY|(^|[_-])KEY([_-]|$)/i;

export function isSecretName(name: string): boolean {
  return RUNNER_VARIABLES.test(name) || SECRET_NAME.test(name);
}

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

/** Shorter values are too common to mask without mangling ordinary text ("true", "8080"). */
const MIN_MASKED_LENGTH = 6;

/** Credentials recognisable by their form, wherever they came from. */
const SECRET_PATTERNS: readonly RegExp[] = [
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g,
  /https:\/\/hooks\.slack\.com\/[^\s"']+/g,
];

export const MASK = '***';

/** The values a service's log must not show: those of every secret-named variable it could have seen. */
export function secretValues(parent: NodeJS.ProcessEnv, config: Pick<ServiceConfig, 'env'>): string[] {
  const values = new Set<string>();
  for (const source of [parent, config.env]) {
    for (const [name, value] of Object.entries(source)) {
      if (value !== undefined && value.length >= MIN_MASKED_LENGTH && isSecretName(name)) values.add(value);
    }
  }
  // Longest first, so that a secret containing another is masked whole.
  return [...values].sort((a, b) => b.length - a.length);
}

/** `lines` with every secret value and every token-shaped string replaced by ***. */
export function maskSecrets(lines: string[], secrets: readonly string[]): string[] {
  return lines.map((line) => {
    let masked = line;
    for (const secret of secrets) masked = masked.split(secret).join(MASK);
    for (const pattern of SECRET_PATTERNS) masked = masked.replace(pattern, MASK);
    return masked;
  });
}
