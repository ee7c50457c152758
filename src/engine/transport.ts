// Which client carries a variant's requests. Plain `http:` targets get the lean HTTP/1.1 client
// (lean-connection.ts), which costs a fraction of undici's CPU per request; everything else keeps
// undici's Client (undici-connection.ts):
// - `https:` (TLS is not the lean client's business; the scenario's tls: goes to undici's
//   connector, src/engine/tls.ts);
// - a request template that sets `connection`, `expect`, `keep-alive`, `transfer-encoding` or
//   `upgrade`, or the CONNECT method: undici refuses most of them with an error of its own or
//   changes the connection's handling, and the report must not depend on which client ran;
// - a run that asks for undici (RunScenarioOptions.httpClient: the tests and benchmarks that
//   compare the two).
// The engine has no proxy support; a proxy would be an undici dispatcher too.
import { performance } from 'node:perf_hooks';
import type { ScenarioConfig } from '../core/types/config.js';
import type { Connection, ConnectionOwner } from './connection.js';
import { LeanConnection, type LeanTarget } from './lean-connection.js';
import { RequestEncoder, UNDICI_ONLY_HEADERS } from './request-wire.js';
import { tlsConnectOptions } from './tls.js';
import { createUndiciClient, UndiciConnection } from './undici-connection.js';

export type TransportKind = 'lean' | 'undici';

export interface Transport {
  readonly kind: TransportKind;
  connect(owner: ConnectionOwner): Connection;
}

const now = (): number => performance.now();

/** The client for `origin` (scheme, host and port), given the scenario's request template. */
export function chooseTransport(
  origin: string,
  scenario: ScenarioConfig,
  wanted: TransportKind = 'lean',
): TransportKind {
  if (wanted === 'undici' || new URL(origin).protocol !== 'http:') return 'undici';
  if (scenario.request.method.toUpperCase() === 'CONNECT') return 'undici';
  for (const name of Object.keys(scenario.request.headers ?? {}))
    if (UNDICI_ONLY_HEADERS.has(name.toLowerCase())) return 'undici';
  return 'lean';
}

export function createTransport(origin: string, scenario: ScenarioConfig, wanted: TransportKind = 'lean'): Transport {
  const kind = chooseTransport(origin, scenario, wanted);
  if (kind === 'lean') {
    const url = new URL(origin);
    // An IPv6 literal's brackets belong to the Host header, not to the address connected to.
    const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const target: LeanTarget = {
      host: hostname,
      port: url.port ? Number(url.port) : 80,
      encoder: new RequestEncoder(url.host),
      now,
    };
    return { kind, connect: (owner) => new LeanConnection(owner, target) };
  }
  const tls = new URL(origin).protocol === 'https:' ? tlsConnectOptions(scenario.tls) : undefined;
  const createClient = (onTlsError: (error: Error) => void) =>
    createUndiciClient(origin, scenario.timeoutMs, tls, onTlsError);
  return { kind, connect: (owner) => new UndiciConnection(owner, createClient) };
}
