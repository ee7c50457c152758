// The ready probe of an https: service with the config's defaults.tls: real services (the
// https-ready fixture with the certificates of test/fixtures/tls) booted by startServices.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { probeReady } from '../../src/adapters/ready-probe.js';
import { startServices, type RunningServices } from '../../src/adapters/services.js';
import { BootError } from '../../src/core/errors.js';
import type { ServiceConfig, TlsConfig } from '../../src/core/types/config.js';
import { findFreePort } from '../fakes/http.js';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'test/fixtures/services');
const certs = path.join(root, 'test/fixtures/tls');
const cert = (name: string): string => path.join(certs, name);
const node = JSON.stringify(process.execPath);

let logDir: string;
const running: RunningServices[] = [];
beforeAll(() => {
  logDir = mkdtempSync(path.join(os.tmpdir(), 'perfgate-ready-tls-'));
});
afterEach(async () => {
  for (const services of running.splice(0)) await services.stop();
});
afterAll(() => rmSync(logDir, { recursive: true, force: true }));

/** The https-ready fixture on a free port with `env`, its ready check a minute long: a boot that
 * ends with a named TLS failure did not wait it out. */
async function httpsService(env: Record<string, string>): Promise<ServiceConfig> {
  const port = await findFreePort();
  return {
    name: 'api',
    run: `${node} https-ready.mjs`,
    cwd: fixtures,
    env: { PORT: String(port), ...env },
    ready: { http: `https://127.0.0.1:${port}/health`, timeoutMs: 60_000 },
    stopGraceMs: 2000,
  };
}

async function boot(config: ServiceConfig, tls?: TlsConfig): Promise<BootError | undefined> {
  try {
    running.push(await startServices([config], { baseDir: root, logDir, ...(tls ? { tls } : {}) }));
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(BootError);
    return error as BootError;
  }
}

const selfSigned = { TLS_CERT: cert('self.pem'), TLS_KEY: cert('self.key') };
const mutual = { TLS_CERT: cert('server.pem'), TLS_KEY: cert('server.key'), CLIENT_CA: cert('ca.pem') };

describe('the ready probe of an https: service', () => {
  it('names a self-signed certificate at once instead of waiting out ready.timeout', async () => {
    const error = await boot(await httpsService(selfSigned));
    expect(error?.message).toMatch(
      /service "api" is not ready: GET https:\/\/127\.0\.0\.1:\d+\/health failed the TLS handshake: its certificate is self-signed, and not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\); set tls\.ca/,
    );
    expect(error?.message).toContain('ready probes use defaults.tls');
    expect(error?.message).not.toContain('was not ready after');
  });

  it('boots it with its certificate as tls.ca, or with tls.insecure', async () => {
    expect(await boot(await httpsService(selfSigned), { ca: cert('self.pem') })).toBeUndefined();
    expect(await boot(await httpsService(selfSigned), { insecure: true })).toBeUndefined();
  });

  it('sends the client certificate of a mutual-TLS service, and names the missing one', async () => {
    const missing = await boot(await httpsService(mutual), { ca: cert('ca.pem') });
    expect(missing?.message).toMatch(
      /failed the TLS handshake: the service asks for a client certificate .*tls\.cert and tls\.key/,
    );
    expect(missing?.message).not.toContain('was not ready after');
    const tls = { ca: cert('ca.pem'), cert: cert('client.pem'), key: cert('client.key') };
    expect(await boot(await httpsService(mutual), tls)).toBeUndefined();
  });

  it('gives the last probe before the deadline its whole timeout, so that it says what it saw', async () => {
    // Accepts connections and never answers: every probe runs into its timeout, 1,000 ms whole.
    const port = await findFreePort();
    const error = await boot({
      name: 'mute',
      run: `${node} -e "require('node:net').createServer(() => {}).listen(${port}, '127.0.0.1')"`,
      cwd: fixtures,
      env: {},
      // The probe that starts after the first timed-out one has under 0.5 s left before the deadline.
      ready: { http: `http://127.0.0.1:${port}/health`, timeoutMs: 1500 },
      stopGraceMs: 2000,
    });
    expect(error?.message).toContain('was not ready after 1500ms');
    expect(error?.message).toContain('(the last probe: did not answer within 1000 ms)');
  });

  it('says that a port probed as https: speaks plain HTTP (node:https calls it a bare EPROTO)', async () => {
    const server = createServer((request, response) => response.writeHead(200).end());
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const url = new URL(`https://127.0.0.1:${port}/health`);
      const outcome = await probeReady({ kind: 'http', host: '127.0.0.1', port, url }, 1000);
      expect(outcome).toMatchObject({ ok: false, tls: true });
      expect(outcome.saw).toBe(
        'failed the TLS handshake: the port does not speak TLS (ERR_SSL_WRONG_VERSION_NUMBER); use http:// if it serves plain HTTP',
      );
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
