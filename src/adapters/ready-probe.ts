// One ready probe of a service (ready.http or ready.tcp), and what it saw in words, so that a boot
// that never gets ready says why: connection refused, a 503, a 404 that will not change.
import type * as Http from 'node:http';
import net from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { describeTlsFailure } from '../engine/error-class.js';

/** node:http taken as CommonJS, when a probe first needs it: a static ESM import of node:http
 * builds its ESM facade, which reads every lazy export and so loads Node's bundled undici
 * (about 40 ms of CPU at every start of the CLI, with or without a service to probe). */
function httpModule(secure: boolean): Pick<typeof Http, 'get'> {
  return process.getBuiltinModule(secure ? 'node:https' : 'node:http');
}

export interface ProbeOutcome {
  ok: boolean;
  /** "answered 404 Not Found", "was refused (ECONNREFUSED)", "timed out after 1,000 ms". */
  saw: string;
  /** A client error that waiting will not change (4xx other than 408, 425 and 429). */
  final: boolean;
  /** A TLS failure (an untrusted certificate, no TLS on the port, a client certificate wanted):
   * the service is up, and its certificate will not change by waiting. */
  tls?: boolean;
  /** The service answered, over another protocol than the probe's (an h2c-only service asked
   * over HTTP/1.1): it is up, and its protocol will not change by waiting. */
  mismatch?: boolean;
}

export interface ProbeTarget {
  kind: 'http' | 'tcp';
  host: string;
  port: number;
  url?: URL;
  /** https: only: the config's defaults.tls as tls.connect options (src/engine/tls.ts). */
  tls?: ConnectionOptions;
  /** The config's defaults.http: `2` probes over HTTP/2 (h2, or h2c over http:); `auto` over
   * HTTP/1.1, and over h2 when the service's ALPN refuses HTTP/1.1. */
  http?: '1.1' | '2' | 'auto';
}

/** 408 Request Timeout, 425 Too Early and 429 Too Many Requests can pass with time. */
const TRANSIENT_CLIENT_ERRORS = new Set([408, 425, 429]);

export async function probeReady(target: ProbeTarget, timeoutMs: number): Promise<ProbeOutcome> {
  if (target.kind === 'http' && target.url) {
    if (target.http === '2') return probeHttp2(target.url, timeoutMs, target.tls);
    const outcome = await probeHttp(target.url, timeoutMs, target.tls);
    // An HTTP/2-only service refuses HTTP/1.1 in its TLS handshake: `auto` asks it over h2.
    if (target.http === 'auto' && outcome.tls && outcome.saw.includes('NO_APPLICATION_PROTOCOL'))
      return probeHttp2(target.url, timeoutMs, target.tls);
    // An h2c-only service answers an HTTP/1.1 request with its HTTP/2 SETTINGS frame, which the
    // HTTP/1.1 parser refuses (HPE_INVALID_CONSTANT): ask it once over h2c, and when it answers
    // there, say so now instead of waiting out ready.timeout for a protocol that will not change.
    if (outcome.notHttp1 && target.url.protocol === 'http:') {
      const h2c = await probeHttp2(target.url, timeoutMs, undefined);
      if (h2c.saw.startsWith('answered '))
        return {
          ok: false,
          saw: `${outcome.saw}, and ${h2c.saw} over HTTP/2 (h2c): an HTTP/2-only service needs defaults.http: 2, which the ready probes speak too (docs/config/protocols.md#http2)`,
          final: false,
          mismatch: true,
        };
    }
    return { ok: outcome.ok, saw: outcome.saw, final: outcome.final, ...(outcome.tls ? { tls: true } : {}) };
  }
  const ok = await canConnect(target.host, target.port, timeoutMs);
  return { ok, saw: ok ? 'accepted a connection' : 'did not accept a connection', final: false };
}

export function canConnect(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const finish = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    // Connecting to a free port in the ephemeral range can pick that very port as its source
    // and connect to itself (TCP simultaneous open): nobody is listening then.
    socket.once('connect', () =>
      finish(!(socket.localPort === socket.remotePort && socket.localAddress === socket.remoteAddress)),
    );
    socket.once('error', () => finish(false));
  });
}

function probeHttp(
  url: URL,
  timeoutMs: number,
  tls: ConnectionOptions | undefined,
): Promise<ProbeOutcome & { notHttp1?: boolean }> {
  return new Promise((resolve) => {
    const secure = url.protocol === 'https:';
    const client = httpModule(secure);
    // A fresh connection per probe: a pooled socket to a process that just died would lie.
    // ALPN offers HTTP/1.1, as the engine's undici client does: an HTTP/2-only service then
    // refuses the handshake by name, instead of answering Node's bare "403 Forbidden".
    const options = {
      agent: false,
      timeout: timeoutMs,
      ...(secure ? { ...tls, ALPNProtocols: ['http/1.1'] } : undefined),
    } as const;
    const request = client.get(url, options, (response) => {
      response.resume();
      const status = response.statusCode ?? 0;
      const saw = `answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}`;
      resolve({
        ok: status >= 200 && status < 300,
        saw,
        final: status >= 400 && status < 500 && !TRANSIENT_CLIENT_ERRORS.has(status),
      });
    });
    request.once('timeout', () => {
      request.destroy(Object.assign(new Error('timeout'), { code: 'PROBE_TIMEOUT' }));
    });
    request.once('error', (error: NodeJS.ErrnoException) => {
      const tlsFailure = describeTlsFailure(error);
      if (tlsFailure) {
        resolve({ ok: false, saw: `failed the TLS handshake: ${tlsFailure}`, final: false, tls: true });
        return;
      }
      // Node's HTTP/1.1 parser names what it refused with an HPE_ code: bytes came back, not HTTP/1.1.
      if (error.code?.startsWith('HPE_')) {
        resolve({ ok: false, saw: `answered, but not in HTTP/1.1 (${error.code})`, final: false, notHttp1: true });
        return;
      }
      const saw =
        error.code === 'PROBE_TIMEOUT'
          ? `did not answer within ${timeoutMs} ms`
          : error.code === 'ECONNREFUSED'
            ? 'was refused (ECONNREFUSED: nothing listens there yet)'
            : `failed (${error.code ?? error.message})`;
      resolve({ ok: false, saw, final: false });
    });
  });
}

/** The same probe over HTTP/2 (node:http2 on a session of its own): h2 by ALPN, or h2c. */
function probeHttp2(url: URL, timeoutMs: number, tls: ConnectionOptions | undefined): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    const http2 = process.getBuiltinModule('node:http2');
    const session = http2.connect(url.origin, url.protocol === 'https:' ? { ...tls } : {});
    let settled = false;
    const finish = (outcome: ProbeOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      session.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(
      () => finish({ ok: false, saw: `did not answer within ${timeoutMs} ms`, final: false }),
      timeoutMs,
    );
    const failed = (error: NodeJS.ErrnoException): void => {
      const tlsFailure = describeTlsFailure(error);
      if (tlsFailure) {
        finish({ ok: false, saw: `failed the TLS handshake: ${tlsFailure}`, final: false, tls: true });
        return;
      }
      const saw =
        error.code === 'ECONNREFUSED'
          ? 'was refused (ECONNREFUSED: nothing listens there yet)'
          : error.code === 'ERR_HTTP2_ERROR' || error.code === 'ERR_HTTP2_SESSION_ERROR'
            ? `does not speak HTTP/2 (${error.message}); defaults.http: 2 probes over HTTP/2`
            : `failed (${error.code ?? error.message})`;
      finish({ ok: false, saw, final: false });
    };
    session.on('error', failed);
    const request = session.request({ ':path': `${url.pathname}${url.search}` });
    request.on('error', failed);
    request.on('response', (headers) => {
      const status = Number(headers[':status'] ?? 0);
      finish({
        ok: status >= 200 && status < 300,
        saw: `answered ${status}`,
        final: status >= 400 && status < 500 && !TRANSIENT_CLIENT_ERRORS.has(status),
      });
    });
    request.end();
  });
}
