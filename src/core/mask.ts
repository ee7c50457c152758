// The one masking function for every log tail and error example perfgate keeps (results.json) or
// shows (console, job summary, PR comment, Slack). The runner masks only what was registered with
// it, and results.json and the PR comment are not masked by anyone else, so a service that logs
// its environment or a connection string would otherwise publish the secret.

/** The runner's own variables: the action's inputs and the Actions runtime (tokens, cache and results URLs). */
const RUNNER_VARIABLES = /^(INPUT_|ACTIONS_)/i;
/** Names that say they hold a credential. */
const SECRET_NAME =
  /TOKEN|SECRET|PASSW(OR)?D|PASSPHRASE|CREDENTIAL|WEBHOOK|APIKEY|ACCESSKEY|PRIVATEKEY|(^|[_-])(KEY|PASS|PWD|AUTH|DSN)([_-]|$)/i;

// The shell's working directories: "PWD" reads as a password to the pattern above, but its value
// is a path, and masking it hid the folder of every path in a log tail ("Cannot find module
// '***/server.js'") and took $PWD from the services' environment.
const WORKING_DIRECTORY_VARIABLES = new Set(['PWD', 'OLDPWD']);

export function isSecretName(name: string): boolean {
  if (WORKING_DIRECTORY_VARIABLES.has(name.toUpperCase())) return false;
  return RUNNER_VARIABLES.test(name) || SECRET_NAME.test(name);
}

export const MASK = '***';

/** Shorter values are too common to mask without mangling ordinary text ("true", "8080"). */
const MIN_MASKED_LENGTH = 6;

/** Credentials recognisable by their form, wherever they came from. */
const SECRET_PATTERNS: readonly RegExp[] = [
  // GitHub: classic (ghp_, gho_, ghu_, ghs_, ghr_) and fine-grained tokens.
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  // Slack: bot, user, app and config tokens, and webhook URLs.
  /\bxox[abposre]-[A-Za-z0-9-]{10,}/g,
  /\bxapp-[A-Za-z0-9-]{10,}/g,
  /https?:\/\/hooks\.slack\.com\/[^\s"'<>]+/g,
  // AWS access key ids (long-term and temporary).
  /\b(AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g,
  // Stripe secret, restricted and webhook keys.
  /\b(sk|rk)_(live|test)_[A-Za-z0-9]{10,}/g,
  /\bwhsec_[A-Za-z0-9]{10,}/g,
  // JWTs: a base64url header and payload that both start as JSON objects, and a signature.
  /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g,
  // Bearer and basic authorization headers.
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/-]{12,}=*/g,
];

/** user:password@ in any URL (postgres://app:pw@db/…): the password goes, the user stays. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s:/@"'<>]*):([^\s@/"'<>]+)@/gi;
/** NAME=value or "NAME": "value" where the name says it is a credential. */
const SECRET_ASSIGNMENT = /\b([A-Za-z0-9_.-]+)("?\s*[=:]\s*"?)([^\s"',;&]{4,})/g;

/**
 * The values that must not be shown: those of every secret-named variable in the given
 * environments, and every variable passed through by name (`env: { API_PASS: ~ }` names a value
 * of the runner's own environment, which the job may have filled from a secret).
 */
export function secretValues(
  parent: Readonly<Record<string, string | undefined>>,
  config: { env?: Readonly<Record<string, string>>; passEnv?: readonly string[] } = {},
): string[] {
  const values = new Set<string>();
  const add = (value: string | undefined): void => {
    if (value !== undefined && value.length >= MIN_MASKED_LENGTH) values.add(value);
  };
  for (const source of [parent, config.env ?? {}]) {
    for (const [name, value] of Object.entries(source)) if (isSecretName(name)) add(value);
  }
  for (const name of config.passEnv ?? []) add(parent[name]);
  // Longest first, so that a secret containing another is masked whole.
  return [...values].sort((a, b) => b.length - a.length);
}

/** `text` with every known secret value, token-shaped string and URL password replaced by ***. */
export function maskText(text: string, secrets: readonly string[] = []): string {
  let masked = text;
  for (const secret of secrets) if (secret.length > 0) masked = masked.split(secret).join(MASK);
  for (const pattern of SECRET_PATTERNS) masked = masked.replace(pattern, MASK);
  masked = masked.replace(URL_CREDENTIALS, (_all, scheme: string, user: string) => `${scheme}${user}:${MASK}@`);
  masked = masked.replace(SECRET_ASSIGNMENT, (all, name: string, between: string, value: string) =>
    isSecretName(name) && value !== MASK ? `${name}${between}${MASK}` : all,
  );
  return masked;
}

/** `lines` masked one by one (see maskText). */
export function maskSecrets(lines: readonly string[], secrets: readonly string[] = []): string[] {
  return lines.map((line) => maskText(line, secrets));
}

/** A service's log tail masked with what that service could have seen of `parent` and its config. */
export function maskServiceLog(
  lines: readonly string[],
  parent: Readonly<Record<string, string | undefined>>,
  config: { env?: Readonly<Record<string, string>>; passEnv?: readonly string[] } = {},
): string[] {
  return maskSecrets(lines, secretValues(parent, config));
}

/** Fields whose strings are encoded data (HDR histograms in base64), never text to show: a
 * token-shaped run of base64 inside one must not be "masked" into a histogram that does not decode. */
const ENCODED_FIELDS = new Set(['histogram']);

/**
 * Every string of a parsed file (a results file or baseline someone else wrote) masked as maskText
 * masks, object keys included, encoded fields left alone: masking on record protects only what this
 * perfgate recorded, and a file re-rendered by `perfgate report` or the action's `mode: report` may
 * come from a run that recorded tokens, or from a fork that put them there.
 */
export function maskStrings<T>(value: T, secrets: readonly string[] = []): T {
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return maskText(item, secrets);
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(item as Record<string, unknown>))
        out[maskText(key, secrets)] = ENCODED_FIELDS.has(key) ? inner : walk(inner);
      return out;
    }
    return item;
  };
  return walk(value) as T;
}
