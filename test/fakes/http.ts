// The wire part every loopback fake shares: a server on 127.0.0.1 port 0 that reads each request
// body whole before handing it on, and closes with its keep-alive connections.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

export async function serveOnLoopback(
  handle: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void,
): Promise<LoopbackServer> {
  const server = createServer((req, res) => {
    void readBody(req).then(
      (body) => handle(req, res, body),
      () => res.destroy(),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A loopback port that was free a moment ago, for a service that must be told its port. */
export async function findFreePort(): Promise<number> {
  const server = createTcpServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * A TCP server on 127.0.0.1 that calls `onRequest` for each request it reads (a chunk holding a
 * blank line; bodies are not read), for answers no HTTP server would send; it counts the
 * connections made to it and destroys them when it closes.
 */
export async function serveRawOnLoopback(
  onRequest: (socket: Socket, index: number) => void,
): Promise<LoopbackServer & { port: number; connections: () => number }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  let requests = 0;
  const server = createTcpServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let seen = '';
    socket.on('data', (chunk) => {
      seen += chunk.toString('latin1');
      while (seen.includes('\r\n\r\n')) {
        seen = seen.slice(seen.indexOf('\r\n\r\n') + 4);
        onRequest(socket, requests++);
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
