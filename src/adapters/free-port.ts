// A loopback port that is free right now, for a variant whose service is told its port (${port}).
import { once } from 'node:events';
import net from 'node:net';

export async function findFreePort(host = '127.0.0.1'): Promise<number> {
  const server = net.createServer();
  server.listen(0, host);
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  server.close();
  await once(server, 'close');
  return port;
}

/** `count` distinct free ports (asked for while the others are still held, so none repeats). */
export async function findFreePorts(count: number, host = '127.0.0.1'): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = net.createServer();
      server.listen(0, host);
      await once(server, 'listening');
      servers.push(server);
    }
    return servers.map((server) => (server.address() as net.AddressInfo).port);
  } finally {
    await Promise.all(
      servers.map(async (server) => {
        server.close();
        await once(server, 'close');
      }),
    );
  }
}
