// The ready probe under defaults.http (src/adapters/ready-probe.ts): an HTTP/2-only service
// answers no HTTP/1.1 probe, so `2` probes over h2c or h2 and `auto` falls back to h2 when the
// service's TLS refuses HTTP/1.1. Real loopback node:http2 servers.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { probeReady, type ProbeTarget } from '../../src/adapters/ready-probe.js';
import { startServices } from '../../src/adapters/services.js';
import { BootError } from '../../src/core/errors.js';
import { tlsConnectOptions } from '../../src/engine/tls.js';
import { findFreePort } from '../fakes/http.js';

const certs = path.resolve(import.meta.dirname, '../fixtures/tls');
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

type Listening = { listen(port: number, host: string): unknown; address(): unknown; close(): unknown };

async function listen(server: Listening, scheme: string): Promise<URL> {
  server.listen(0, '127.0.0.1');
  await once(server as unknown as NodeJS.EventEmitter, 'listening');
  closers.push(() => server.close());
  return new URL(`${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}/health`);
}

const answer = (status: number) => (stream: http2.ServerHttp2Stream) => {
  stream.respond({ ':status': status });
  stream.end();
};

function target(url: URL, http: ProbeTarget['http']): ProbeTarget {
  return {
    kind: 'http',
    host: url.hostname,
    port: Number(url.port),
    url,
    ...(url.protocol === 'https:' ? { tls: tlsConnectOptions({ ca: path.join(certs, 'ca.pem') }) } : {}),
    ...(http ? { http } : {}),
  };
}

describe('the ready probe over HTTP/2', () => {
  it('h2c: http 2 finds it ready; HTTP/1.1 does not', async () => {
    const server = http2.createServer();
    server.on('stream', answer(200));
    const url = await listen(server, 'http');
    expect(await probeReady(target(url, '2'), 1000)).toEqual({ ok: true, saw: 'answered 200', final: false });
    expect((await probeReady(target(url, undefined), 1000)).ok).toBe(false);
  });

  it('h2 over TLS: http 2 and auto find it ready, HTTP/1.1 fails the handshake', async () => {
    const server = http2.createSecureServer({
      cert: readFileSync(path.join(certs, 'server.pem')),
      key: readFileSync(path.join(certs, 'server.key')),
    });
    server.on('stream', answer(204));
    const url = await listen(server, 'https');
    expect((await probeReady(target(url, '2'), 1000)).ok).toBe(true);
    expect((await probeReady(target(url, 'auto'), 1000)).ok).toBe(true);
    const h1 = await probeReady(target(url, '1.1'), 1000);
    expect(h1).toMatchObject({ ok: false, tls: true });
    expect(h1.saw).toMatch(/NO_APPLICATION_PROTOCOL/);
  });

  it('a 404 over h2 is final, and an HTTP/1.1 service says it does not speak HTTP/2', async () => {
    const h2 = http2.createServer();
    h2.on('stream', answer(404));
    expect(await probeReady(target(await listen(h2, 'http'), '2'), 1000)).toMatchObject({ ok: false, final: true });
    const h1 = createServer((_request, response) => response.end('ok'));
    closers.push(() => h1.closeAllConnections());
    const outcome = await probeReady(target(await listen(h1, 'http'), '2'), 1000);
    expect(outcome.ok).toBe(false);
    expect(outcome.saw).toMatch(/does not speak HTTP\/2/);
  });

  it('an h2c-only service probed over HTTP/1.1 is named as HTTP/2-only, and ends the wait', async () => {
    const h2c = http2.createServer();
    h2c.on('stream', answer(200));
    const url = await listen(h2c, 'http');
    for (const http of [undefined, '1.1', 'auto'] as const) {
      const outcome = await probeReady(target(url, http), 1000);
      expect(outcome).toMatchObject({ ok: false, mismatch: true });
      expect(outcome.saw).toMatch(
        /^answered, but not in HTTP\/1\.1 \(HPE_[A-Z_]+\), and answered 200 over HTTP\/2 \(h2c\): an HTTP\/2-only service needs defaults\.http: 2/,
      );
    }
    // A port that answers HTTP/1.1 garbage and no HTTP/2 either is no protocol mismatch to name.
    const net = await import('node:net');
    const junk = net.createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n'));
    const junkUrl = await listen(junk, 'http');
    const outcome = await probeReady(target(junkUrl, undefined), 1000);
    expect(outcome.ok).toBe(false);
    expect(outcome.mismatch).toBeUndefined();
  });
});

describe('a boot whose ready probe speaks the wrong protocol', () => {
  const node = JSON.stringify(process.execPath);
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'perfgate-ready-h2-'));
  afterAll(() => rmSync(logDir, { recursive: true, force: true }));

  /** Boots `script` (a node -e program that listens on PORT) with a minute-long ready check: a
   * boot that ends with a named failure did not wait it out. */
  async function boot(script: string, scheme: 'http' | 'https'): Promise<BootError> {
    const port = await findFreePort();
    try {
      const services = await startServices(
        [
          {
            name: 'api',
            run: `${node} -e ${JSON.stringify(script)}`,
            cwd: certs,
            env: { PORT: String(port) },
            ready: { http: `${scheme}://127.0.0.1:${port}/health`, timeoutMs: 60_000 },
            stopGraceMs: 2000,
          },
        ],
        { baseDir: certs, logDir, ...(scheme === 'https' ? { tls: { ca: path.join(certs, 'ca.pem') } } : {}) },
      );
      await services.stop();
    } catch (error) {
      expect(error).toBeInstanceOf(BootError);
      return error as BootError;
    }
    throw new Error('the service booted');
  }

  const respond = `s.on('stream', (st) => { st.respond({ ':status': 200 }); st.end(); }); s.listen(Number(process.env.PORT), '127.0.0.1');`;

  it('names an h2c-only service at once, with the fix, instead of waiting out ready.timeout', async () => {
    const error = await boot(`const s = require('node:http2').createServer(); ${respond}`, 'http');
    expect(error.message).toMatch(
      /^service "api" is not ready: GET http:\/\/127\.0\.0\.1:\d+\/health answered, but not in HTTP\/1\.1 \(HPE_[A-Z_]+\), and answered 200 over HTTP\/2 \(h2c\): an HTTP\/2-only service needs defaults\.http: 2/,
    );
    expect(error.message).not.toContain('was not ready after');
  });

  it('points at the docs once for an h2-only service over TLS', async () => {
    const error = await boot(
      `const fs = require('node:fs'); const s = require('node:http2').createSecureServer({ cert: fs.readFileSync('server.pem'), key: fs.readFileSync('server.key') }); ${respond}`,
      'https',
    );
    expect(error.message).toContain('NO_APPLICATION_PROTOCOL');
    expect(error.message.split('docs/config/protocols.md')).toHaveLength(2);
  });
});
