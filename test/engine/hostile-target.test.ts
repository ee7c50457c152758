// Targets that break HTTP in ways a real service can: each outcome is counted under the class
// that says what happened. Raw TCP servers on loopback port 0 write the bytes.
import { afterEach, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import type { ScenarioConfig } from '../../src/core/types/config.js';
import { runScenario } from '../../src/engine/run-scenario.js';

const servers: { server: net.Server; sockets: Set<net.Socket> }[] = [];
afterEach(async () => {
  for (const { server, sockets } of servers.splice(0)) {
    for (const socket of sockets) socket.destroy();
    server.close();
    await once(server, 'close');
  }
});

/** A TCP server that handles every chunk a client sends with `onData`. */
async function rawServer(onData: (socket: net.Socket) => void): Promise<string> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.on('data', () => onData(socket));
  });
  servers.push({ server, sockets });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function scenario(baseUrl: string): ScenarioConfig {
  return {
    name: 'hostile',
    load: { executor: 'constant-vus', vus: 2, durationMs: 400 },
    baseUrl,
    request: { method: 'GET', path: '/', headers: {} },
    warmupMs: 0,
    timeoutMs: 2000,
    thinkTimeMs: 0,
    maxInFlight: 100,
    segmentMs: 1000,
  };
}

describe('a target that breaks the protocol', () => {
  it('an unsolicited 100 Continue is counted as "other" (bad response), not as a reset', async () => {
    const url = await rawServer((socket) =>
      socket.write('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'),
    );
    const result = await runScenario(scenario(url));
    expect(result.requests.ko).toBeGreaterThan(0);
    expect(result.errors).toEqual({ other: result.requests.ko });
    expect(result.errorExamples?.other).toMatch(/bad response/);
    expect(result.requests.total).toBe(result.requests.ok + result.requests.ko);
  });

  it('a peer that closes under an unanswered request is still a reset', async () => {
    const url = await rawServer((socket) => socket.end());
    const result = await runScenario(scenario(url));
    expect(result.requests.ko).toBeGreaterThan(0);
    expect(result.errors).toEqual({ ECONNRESET: result.requests.ko });
  });
});
