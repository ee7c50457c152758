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
// A scenario with `http: 2` gets node:http2 (h2-connection.ts) instead: ALPN h2 over https:, h2c
// by prior knowledge over http:. A gRPC scenario gets @grpc/grpc-js (grpc-connection.ts). `http: auto` asks the service by ALPN once per variant before
// the run (negotiateHttp) and takes h2 if it says so, HTTP/1.1 otherwise (and always over http:).
import { performance } from 'node:perf_hooks';
import type { ScenarioConfig } from '../core/types/config.js';
import net from 'node:net';
import type { Connection, ConnectionOwner } from './connection.js';
import { createGrpcTarget, GrpcConnection } from './grpc-connection.js';
import { H2Connection, H2Pool } from './h2-connection.js';
import { LeanConnection, type LeanTarget } from './lean-connection.js';
import { RequestEncoder, UNDICI_ONLY_HEADERS } from './request-wire.js';
import { tlsConnectOptions } from './tls.js';
import { createUndiciClient, UndiciConnection } from './undici-connection.js';

export type TransportKind = 'lean' | 'undici';

/** What a variant's requests went over, by ALPN's names (h2c: HTTP/2 over cleartext). */
export type SpokenProtocol = 'http/1.1' | 'h2' | 'h2c';

export interface Transport {
  readonly kind: TransportKind | 'h2' | 'grpc';
  readonly protocol: SpokenProtocol;
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

/**
 * The transport of a variant; `spoken` says which protocol (`http: auto` has asked the service by
 * then, see negotiateHttp), and defaults to what the scenario's `http` asks for.
 */
export function createTransport(
  origin: string,
  scenario: ScenarioConfig,
  wanted: TransportKind = 'lean',
  spoken: 'http/1.1' | 'h2' = scenario.http === '2' ? 'h2' : 'http/1.1',
): Transport {
  const secure = new URL(origin).protocol === 'https:';
  if (scenario.grpc) {
    // One channel per variant, made with the first slot (loadGrpc() has run: runScenarioVariants).
    const call = scenario.grpc;
    let shared: ReturnType<typeof createGrpcTarget> | undefined;
    return {
      kind: 'grpc',
      protocol: secure ? 'h2' : 'h2c',
      connect: (owner) => new GrpcConnection(owner, (shared ??= createGrpcTarget(origin, scenario, call))),
    };
  }
  if (spoken === 'h2') {
    const pool = (): H2Pool => new H2Pool({ origin, ...(secure ? { tls: tlsConnectOptions(scenario.tls) } : {}) });
    // One pool per variant: created with the first slot, shared by the rest.
    let shared: H2Pool | undefined;
    return {
      kind: 'h2',
      protocol: secure ? 'h2' : 'h2c',
      connect: (owner) => new H2Connection(owner, (shared ??= pool())),
    };
  }
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
    return { kind, protocol: 'http/1.1', connect: (owner) => new LeanConnection(owner, target) };
  }
  const tls = new URL(origin).protocol === 'https:' ? tlsConnectOptions(scenario.tls) : undefined;
  const createClient = (onTlsError: (error: Error) => void) =>
    createUndiciClient(origin, scenario.timeoutMs, tls, onTlsError);
  return { kind, protocol: 'http/1.1', connect: (owner) => new UndiciConnection(owner, createClient) };
}

/**
 * `http: auto` over https:: one TLS handshake offering h2 and http/1.1 by ALPN, before the run;
 * what the service picks is what every connection of the variant speaks. A handshake that fails
 * gives HTTP/1.1, whose requests then fail with the handshake's own error (classed and named as
 * for any https: target). Over http: there is nothing to negotiate (h2c needs `http: 2`).
 */
export function negotiateHttp(origin: string, scenario: ScenarioConfig): Promise<'http/1.1' | 'h2'> {
  const url = new URL(origin);
  if (url.protocol !== 'https:') return Promise.resolve('http/1.1');
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return new Promise((resolve) => {
    const socket = process.getBuiltinModule('node:tls').connect({
      host,
      port: url.port ? Number(url.port) : 443,
      ...(net.isIP(host) ? {} : { servername: host }),
      ...tlsConnectOptions(scenario.tls),
      ALPNProtocols: ['h2', 'http/1.1'],
    });
    const done = (protocol: 'http/1.1' | 'h2'): void => {
      socket.destroy();
      resolve(protocol);
    };
    socket.setTimeout(Math.max(1, scenario.timeoutMs), () => done('http/1.1'));
    socket.once('secureConnect', () => done(socket.alpnProtocol === 'h2' ? 'h2' : 'http/1.1'));
    socket.once('error', () => done('http/1.1'));
  });
}
