// loadConfig and the tls: files: resolved against the config file's folder, and loaded once, so
// that a missing file or one that is no PEM is a config error and not a run of failed handshakes.
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/adapters/config-file.js';
import { loadErrorOf } from '../core/config/problems.js';

const certs = path.resolve(import.meta.dirname, '../fixtures/tls');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'perfgate-tls-config-'));
  await mkdir(path.join(dir, 'certs'));
  for (const name of ['ca.pem', 'client.pem', 'client.key', 'server.key'])
    await copyFile(path.join(certs, name), path.join(dir, 'certs', name));
  await writeFile(path.join(dir, 'certs', 'garbage.pem'), 'not a certificate\n');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function configWith(tlsLines: string[]): Promise<string> {
  const file = path.join(dir, 'perfgate.yml');
  await writeFile(
    file,
    [
      'defaults:',
      '  baseUrl: "https://127.0.0.1:8443"',
      ...tlsLines,
      'scenarios:',
      '  a: { executor: constant-vus, vus: 1, duration: 30s, request: { path: / } }',
      '  b:',
      '    executor: constant-vus',
      '    vus: 1',
      '    duration: 30s',
      '    request: { path: / }',
      '    tls: { cert: certs/client.pem, key: certs/client.key }',
    ].join('\n'),
  );
  return file;
}

describe('loadConfig with tls: files', () => {
  it("resolves them against the config file's folder", async () => {
    const { config } = await loadConfig(await configWith(['  tls: { ca: certs/ca.pem }']));
    expect(config.tls).toEqual({ ca: path.join(dir, 'certs/ca.pem') });
    expect(config.scenarios.map((scenario) => scenario.tls)).toEqual([
      { ca: path.join(dir, 'certs/ca.pem') },
      {
        ca: path.join(dir, 'certs/ca.pem'),
        cert: path.join(dir, 'certs/client.pem'),
        key: path.join(dir, 'certs/client.key'),
      },
    ]);
  });

  it('names a missing file by the key that set it', async () => {
    const message = await loadErrorOf(await configWith(['  tls: { ca: certs/nope.pem }']));
    expect(message).toContain(
      `defaults.tls.ca: "certs/nope.pem" (${path.join(dir, 'certs/nope.pem')}): no such file; tls.ca is a PEM file, relative to the config file's folder`,
    );
    // Said once, though both scenarios inherit it.
    expect(message.split('\n')).toHaveLength(1);
  });

  it('refuses a file that is no PEM, and a key that is not the certificate’s', async () => {
    expect(await loadErrorOf(await configWith(['  tls: { ca: certs/garbage.pem }']))).toMatch(
      /defaults\.tls\.ca: ".*garbage\.pem" holds no PEM certificate \(-----BEGIN CERTIFICATE-----\); convert it/,
    );
    const file = await configWith(['  tls: { ca: certs/ca.pem }']);
    await writeFile(
      file,
      (await import('node:fs')).readFileSync(file, 'utf8').replace('certs/client.key', 'certs/server.key'),
    );
    expect(await loadErrorOf(file)).toMatch(
      /scenarios\.b\.tls\.cert, scenarios\.b\.tls\.key: ".*client\.pem" and ".*server\.key" do not go together \(.*\); give the key of that very certificate/,
    );
  });
});
