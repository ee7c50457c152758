// Unary gRPC scenarios (issue 37) against a real @grpc/grpc-js service on loopback
// (test/fakes/grpc-server.mjs): the calls carry the templated message and the metadata, the
// statuses other than OK are counted as grpc:<CODE> classes, the open model's maxInFlight bounds
// the calls in flight, the engine's timeout is ETIMEDOUT, and TLS takes the scenario's tls.
import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import grpc from '@grpc/grpc-js';
import type { ScenarioConfig } from '../../src/core/types/config.js';
import { runScenario } from '../../src/engine/run-scenario.js';
import { startGrpcServer, USERS_PROTO, type GrpcTestServer } from '../fakes/grpc-server.mjs';

const servers: GrpcTestServer[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.kill();
});

async function serve(options: Parameters<typeof startGrpcServer>[0] = {}): Promise<GrpcTestServer> {
  const server = await startGrpcServer(options);
  servers.push(server);
  return server;
}

function scenario(
  port: number,
  overrides: Partial<ScenarioConfig> = {},
  message: unknown = { id: '42' },
): ScenarioConfig {
  return {
    name: 'users',
    load: { executor: 'constant-vus', vus: 4, durationMs: 1000 },
    baseUrl: `http://127.0.0.1:${port}`,
    request: { method: 'POST', path: '/users.v1.Users/GetUser', headers: {}, body: { kind: 'json', value: message } },
    grpc: { proto: USERS_PROTO, service: 'users.v1.Users', method: 'GetUser' },
    warmupMs: 200,
    timeoutMs: 2000,
    thinkTimeMs: 0,
    maxInFlight: 100,
    segmentMs: 250,
    ...overrides,
  };
}

describe('a unary gRPC scenario', () => {
  it('sends the templated message and the metadata, with 0 failures, and says it spoke gRPC over h2c', async () => {
    const server = await serve({ delayMs: 2 });
    const result = await runScenario(
      scenario(
        server.port,
        {
          request: {
            method: 'POST',
            path: '/users.v1.Users/GetUser',
            headers: { 'x-tenant': '${row.tenant}' },
            body: { kind: 'json', value: { id: '${row.id}', depth: '${row.depth}', tier: 'PRO' } },
          },
          data: { file: 'rows.csv', order: 'round-robin' },
        },
        undefined,
      ),
      {
        rows: [
          { id: '1', depth: 3, tenant: 'acme' },
          { id: '2', depth: 5, tenant: 'globex' },
        ],
      },
    );
    expect(result.requests.ko).toBe(0);
    expect(result.requests.ok).toBeGreaterThan(50);
    expect(result.protocol).toEqual({ asked: 'grpc', spoken: 'h2c' });
    expect(result.statusCodes).toEqual({ 200: result.requests.ok });
    expect(result.errors).toEqual({});
    // Every call the service saw carried its row's metadata and its message's depth.
    expect(server.seen.tenants.acme! + server.seen.tenants.globex!).toBe(server.seen.calls);
    expect(server.seen.depths['3']).toBe(server.seen.tenants.acme);
    expect(server.seen.depths['5']).toBe(server.seen.tenants.globex);
    expect(Math.abs(server.seen.tenants.acme! - server.seen.tenants.globex!)).toBeLessThanOrEqual(4);
    expect(result.bytes.in).toBeGreaterThan(0);
    expect(result.latencyMs.p50).toBeGreaterThanOrEqual(2);
  });

  it('counts the statuses a service returns as grpc:NOT_FOUND and grpc:UNAVAILABLE, with their details', async () => {
    const server = await serve();
    const result = await runScenario(
      { ...scenario(server.port, {}, { id: '${row.id}' }), data: { file: 'rows.csv', order: 'round-robin' } },
      { rows: [{ id: '1' }, { id: 'missing' }, { id: 'down' }] },
    );
    const { ok, ko, total } = result.requests;
    expect(ko).toBe(result.errors['grpc:NOT_FOUND']! + result.errors['grpc:UNAVAILABLE']!);
    // Round robin over three rows: a third each, give or take the calls in flight at the window's edges.
    for (const count of [ok, result.errors['grpc:NOT_FOUND']!, result.errors['grpc:UNAVAILABLE']!])
      expect(Math.abs(count - total / 3)).toBeLessThanOrEqual(8);
    expect(result.errorExamples?.['grpc:NOT_FOUND']).toContain('no user missing');
    expect(result.errorExamples?.['grpc:UNAVAILABLE']).toContain('the user store is down');
    expect(result.statusCodes).toEqual({ 0: ko, 200: ok });
  });

  it('fails every call of a service that is not there with grpc:UNAVAILABLE', async () => {
    const server = await serve();
    const port = server.port;
    server.kill();
    const result = await runScenario(scenario(port, { load: { executor: 'constant-vus', vus: 2, durationMs: 500 } }));
    expect(result.requests.ok).toBe(0);
    expect(result.requests.ko).toBeGreaterThan(0);
    expect(result.errors).toEqual({ 'grpc:UNAVAILABLE': result.requests.ko });
    // What failed, and nothing dangling after it (grpc-js's empty "Resolution note:").
    expect(result.errorExamples?.['grpc:UNAVAILABLE']).toMatch(/ECONNREFUSED 127\.0\.0\.1:\d+\.?$/);
  });

  it('times calls out with the scenario timeout (ETIMEDOUT), and cancels them', async () => {
    const server = await serve({ delayMs: 400 });
    const result = await runScenario(
      scenario(server.port, {
        timeoutMs: 100,
        warmupMs: 0,
        load: { executor: 'constant-vus', vus: 2, durationMs: 600 },
      }),
    );
    expect(result.requests.ok).toBe(0);
    expect(result.errors).toEqual({ ETIMEDOUT: result.requests.ko });
  });

  it('open model: keeps maxInFlight calls in flight at most, drops the rest, and times from the intended start', async () => {
    const server = await serve({ delayMs: 50 });
    const result = await runScenario(
      scenario(server.port, {
        load: { executor: 'constant-arrival-rate', ratePerSec: 200, durationMs: 1000 },
        maxInFlight: 2,
        warmupMs: 0,
      }),
    );
    // Two calls in flight of 50 ms each: at most 40 a second get out, of 200 due.
    expect(result.requests.ko).toBe(0);
    expect(result.requests.dropped).toBeGreaterThan(100);
    expect(result.requests.ok).toBeLessThanOrEqual(2 * (1000 / 50) + 2);
    expect(result.latencyMs.p50).toBeGreaterThanOrEqual(50);
  });

  it('speaks TLS (h2) to a service with a certificate of the scenario tls.ca', async () => {
    const tls = (name: string): Buffer => readFileSync(path.resolve(import.meta.dirname, '../fixtures/tls', name));
    const server = await serve({
      credentials: grpc.ServerCredentials.createSsl(null, [
        { private_key: tls('server.key'), cert_chain: tls('server.pem') },
      ]),
    });
    const base = scenario(server.port, { load: { executor: 'constant-vus', vus: 2, durationMs: 500 } });
    const trusted = await runScenario({
      ...base,
      baseUrl: `https://127.0.0.1:${server.port}`,
      tls: { ca: path.resolve(import.meta.dirname, '../fixtures/tls/ca.pem') },
    });
    expect(trusted.requests.ko).toBe(0);
    expect(trusted.requests.ok).toBeGreaterThan(0);
    expect(trusted.protocol).toEqual({ asked: 'grpc', spoken: 'h2' });
    // insecure (loopback): any certificate.
    const insecure = await runScenario({
      ...base,
      baseUrl: `https://127.0.0.1:${server.port}`,
      tls: { insecure: true },
    });
    expect(insecure.requests.ko).toBe(0);
    expect(insecure.requests.ok).toBeGreaterThan(0);
    // Without the CA, the handshake fails: gRPC reports it as UNAVAILABLE, with the certificate's words.
    const untrusted = await runScenario({ ...base, baseUrl: `https://127.0.0.1:${server.port}` });
    expect(untrusted.requests.ok).toBe(0);
    expect(untrusted.errors).toEqual({ 'grpc:UNAVAILABLE': untrusted.requests.ko });
    expect(untrusted.errorExamples?.['grpc:UNAVAILABLE']).toMatch(/certificate|CERT/i);
    expect(untrusted.errorExamples?.['grpc:UNAVAILABLE']).toMatch(
      /^GrpcStatusError \(grpc:UNAVAILABLE\): TLS: its certificate was refused \([^)]*certificate[^)]*\); set tls\.ca .*on loopback$/,
    );
  });
});
