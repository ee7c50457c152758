// defaults.tls and scenarios.<name>.tls: the CA, client certificate, server name and the
// insecure switch of https: targets. The files are only named here; the loader (an adapter)
// resolves and reads them.
import { formatPath, quoteValue, type PathKey } from '../paths.js';
import type { TlsConfig } from '../types/config.js';
import { type Context, type Raw, isRecord } from './context.js';
import { isLoopbackHost } from './hosts.js';

export const TLS_FILE_KEYS = ['ca', 'cert', 'key'] as const;

/** One tls: map as written; the schema has checked its shape. */
export function readTls(raw: unknown): TlsConfig | undefined {
  if (!isRecord(raw)) return undefined;
  const tls: TlsConfig = {};
  for (const key of [...TLS_FILE_KEYS, 'servername'] as const)
    if (typeof raw[key] === 'string') tls[key] = raw[key] as string;
  if (typeof raw.insecure === 'boolean') tls.insecure = raw.insecure;
  return tls;
}

/** defaults.tls under the scenario's tls, key by key (a scenario may add a client certificate to the defaults' CA). */
export function mergeTls(defaults: TlsConfig | undefined, own: TlsConfig | undefined): TlsConfig | undefined {
  if (!defaults && !own) return undefined;
  return { ...defaults, ...own };
}

/** Where a merged key was written: the scenario's tls when it sets it, else defaults.tls. */
export function tlsKeyPath(scenarioPath: PathKey[], raw: Raw, key: keyof TlsConfig): PathKey[] {
  return isRecord(raw.tls) && raw.tls[key] !== undefined ? [...scenarioPath, 'tls', key] : ['defaults', 'tls', key];
}

/**
 * A client certificate needs its key and the reverse; `insecure` turns the certificate check off,
 * which perfgate allows on loopback and on a host that allowHosts names exactly (a wildcard entry
 * lets a host be loaded, it does not vouch for talking to it unchecked).
 */
export function checkTls(
  ctx: Context,
  tls: TlsConfig | undefined,
  pathOf: (key: keyof TlsConfig) => PathKey[],
  url: URL | undefined,
): void {
  if (!tls) return;
  if ((tls.cert === undefined) !== (tls.key === undefined)) {
    const [has, lacks] = tls.cert === undefined ? (['key', 'cert'] as const) : (['cert', 'key'] as const);
    ctx.problems.add(
      pathOf(has),
      `${quoteValue(tls[has])} has no ${lacks} beside it; a client certificate (mutual TLS) needs both tls.cert and tls.key (PEM files)`,
    );
  }
  if (tls.insecure !== true || !url) return;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (isLoopbackHost(host)) return;
  const named = ctx.allowHosts.some((entry) => {
    const allowed = entry.toLowerCase().replace(/^\[(.*)\](:\d+)?$/, '$1$2');
    return allowed === host || (url.port !== '' && allowed === `${host}:${url.port}`);
  });
  if (!named) {
    ctx.problems.add(
      pathOf('insecure'),
      `true turns the certificate check off for ${url.host}, which is not a loopback address nor named in allowHosts (a wildcard entry does not count); trust its CA with ${formatPath(pathOf('ca'))} (a PEM file) or NODE_EXTRA_CA_CERTS instead, or list "${host}" in allowHosts`,
    );
  }
}
