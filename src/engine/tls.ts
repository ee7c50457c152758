// A config's tls: as the options of tls.connect, for the engine's undici clients and the ready
// probe alike, so that a service the probe found ready is one the load can talk to.
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import type { TlsConfig } from '../core/types/config.js';

/**
 * One secure context per call (one per variant or probe target): handing tls.connect the files
 * instead would parse them, and the whole root store beside a CA, on every connection. The loader
 * has checked that the files load (src/adapters/config-file.ts).
 */
export function tlsConnectOptions(tls: TlsConfig | undefined): ConnectionOptions {
  if (!tls) return {};
  const options: ConnectionOptions = {};
  if (tls.ca !== undefined || tls.cert !== undefined) {
    // node:tls is loaded here, not with the CLI: a run without TLS files does not pay its load.
    const { createSecureContext, rootCertificates } = process.getBuiltinModule('node:tls');
    options.secureContext = createSecureContext({
      // A `ca` of its own replaces Node's trusted roots (NODE_EXTRA_CA_CERTS's too); the
      // service's CA is trusted besides them.
      ...(tls.ca !== undefined ? { ca: [...rootCertificates, ...extraCaCerts(), readFileSync(tls.ca, 'utf8')] } : {}),
      ...(tls.cert !== undefined ? { cert: readFileSync(tls.cert) } : {}),
      ...(tls.key !== undefined ? { key: readFileSync(tls.key) } : {}),
    });
  }
  if (tls.servername !== undefined) options.servername = tls.servername;
  if (tls.insecure === true) options.rejectUnauthorized = false;
  return options;
}

/** The CAs Node added from NODE_EXTRA_CA_CERTS at start; Node has warned already if it could not read them. */
function extraCaCerts(): string[] {
  const file = process.env.NODE_EXTRA_CA_CERTS;
  if (!file) return [];
  try {
    return [readFileSync(file, 'utf8')];
  } catch {
    return [];
  }
}
