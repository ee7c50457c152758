// https: targets through the engine's undici client with a scenario's tls: (src/engine/tls.ts):
// real loopback TLS servers with the certificates of test/fixtures/tls (make.sh there).
import { afterEach, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer, type ServerOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ScenarioConfig, TlsConfig } from '../../src/core/types/config.js';
import type { ScenarioResult } from '../../src/core/types/results.js';
import { runScenario } from '../../src/engine/run-scenario.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/tls');
const fixture = (name: string): string => path.join(fixtures, name);
const pem = (name: string): Buffer => readFileSync(fixture(name));

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  }
});

/** An https server on 127.0.0.1 that answers 200 to everything; its origin. */
async function httpsServer(options: ServerOptions): Promise<string> {
  const server = createServer(options, (request, response) => response.writeHead(200).end('ok'));
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const selfSigned = (): Promise<string> => httpsServer({ cert: pem('self.pem'), key: pem('self.key') });
const caSigned = (options: ServerOptions = {}): Promise<string> =>
  httpsServer({ cert: pem('server.pem'), key: pem('server.key'), ...options });

function run(baseUrl: string, tls?: TlsConfig): Promise<ScenarioResult> {
  const scenario: ScenarioConfig = {
    name: 'tls',
    load: { executor: 'constant-vus', vus: 2, durationMs: 500 },
    baseUrl,
    request: { method: 'GET', path: '/', headers: {} },
    warmupMs: 100,
    timeoutMs: 5000,
    thinkTimeMs: 0,
    maxInFlight: 100,
    segmentMs: 500,
    ...(tls ? { tls } : {}),
  };
  return runScenario(scenario);
}

/** Every request failed, all in `errorClass`, and its example says `words`. */
function expectAllFailed(result: ScenarioResult, errorClass: string, words: RegExp): void {
  expect(result.requests.ok).toBe(0);
  expect(result.requests.ko).toBeGreaterThan(0);
  expect(result.errors).toEqual({ [errorClass]: result.requests.ko });
  expect(result.errorExamples?.[errorClass]).toMatch(words);
}

describe('https: targets', () => {
  it('fails every request to a self-signed service as ECERT, naming the certificate and the fix', async () => {
    const result = await run(await selfSigned());
    expectAllFailed(result, 'ECERT', /self-signed.*DEPTH_ZERO_SELF_SIGNED_CERT.*tls\.ca/);
  });

  it('trusts a self-signed certificate given as tls.ca', async () => {
    const result = await run(await selfSigned(), { ca: fixture('self.pem') });
    expect(result.requests.ko).toBe(0);
    expect(result.requests.ok).toBeGreaterThan(0);
  });

  it('trusts a private CA given as tls.ca, and names an unknown CA without it', async () => {
    const origin = await caSigned();
    expectAllFailed(await run(origin), 'ECERT', /unknown CA.*UNABLE_TO_VERIFY_LEAF_SIGNATURE/);
    const trusted = await run(origin, { ca: fixture('ca.pem') });
    expect(trusted.requests.ko).toBe(0);
    expect(trusted.requests.ok).toBeGreaterThan(0);
  });

  it("keeps trusting NODE_EXTRA_CA_CERTS's CAs beside a tls.ca", async () => {
    const origin = await caSigned();
    // The self-signed certificate as the scenario's ca: not the CA that signed this server's.
    expectAllFailed(await run(origin, { ca: fixture('self.pem') }), 'ECERT', /unknown CA/);
    const saved = process.env.NODE_EXTRA_CA_CERTS;
    process.env.NODE_EXTRA_CA_CERTS = fixture('ca.pem');
    try {
      const result = await run(origin, { ca: fixture('self.pem') });
      expect(result.requests.ko).toBe(0);
      expect(result.requests.ok).toBeGreaterThan(0);
    } finally {
      if (saved === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
      else process.env.NODE_EXTRA_CA_CERTS = saved;
    }
  });

  it('accepts any certificate with tls.insecure', async () => {
    const result = await run(await selfSigned(), { insecure: true });
    expect(result.requests.ko).toBe(0);
    expect(result.requests.ok).toBeGreaterThan(0);
  });

  it('checks the certificate against tls.servername instead of the URL host', async () => {
    const origin = await caSigned();
    expectAllFailed(
      await run(origin, { ca: fixture('ca.pem'), servername: 'api.example.com' }),
      'ECERT',
      /not for api\.example\.com.*it names DNS:localhost.*tls\.servername/,
    );
    const named = await run(origin, { ca: fixture('ca.pem'), servername: 'localhost' });
    expect(named.requests.ko).toBe(0);
    expect(named.requests.ok).toBeGreaterThan(0);
  });

  it('sends the client certificate a mutual-TLS service asks for, and names the missing one as EPROTO', async () => {
    const origin = await caSigned({ ca: pem('ca.pem'), requestCert: true, rejectUnauthorized: true });
    const withCert = await run(origin, {
      ca: fixture('ca.pem'),
      cert: fixture('client.pem'),
      key: fixture('client.key'),
    });
    expect(withCert.requests.ko).toBe(0);
    expect(withCert.requests.ok).toBeGreaterThan(0);
    // TLS 1.3: the alert comes after the handshake, and undici alone would report "other side closed".
    expectAllFailed(
      await run(origin, { ca: fixture('ca.pem') }),
      'EPROTO',
      /client certificate.*tls\.cert and tls\.key/,
    );
  });

  it('names a port that speaks plain HTTP as EPROTO', async () => {
    const server = createHttpServer((request, response) => response.writeHead(200).end('ok'));
    servers.push(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const result = await run(`https://127.0.0.1:${(server.address() as AddressInfo).port}`);
    expectAllFailed(result, 'EPROTO', /does not speak TLS.*http:\/\//);
  });
});
