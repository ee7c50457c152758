// The wire part every loopback fake shares: a server on 127.0.0.1 port 0 that reads each request
// body whole before handing it on, and closes with its keep-alive connections; the same handler
// over HTTPS and h2c for the engine's clients.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import http2 from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';

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

/** The test CA's certificates (test/fixtures/tls; make.sh made them). */
export const TLS_FIXTURES = path.resolve(import.meta.dirname, '../fixtures/tls');

/**
 * `handle` behind each client perfgate has: plain HTTP/1.1 (`http`), HTTPS with the test CA's
 * server certificate (`https`; the client needs `tls: { ca: <TLS_FIXTURES>/ca.pem }`), or HTTP/2
 * in clear text (`h2c`) through node:http2's compatibility API. close() does not wait for open
 * HTTP/2 sessions to end.
 */
export async function serveOverProtocol(
  kind: 'http' | 'https' | 'h2c',
  handle: (
    request: IncomingMessage | http2.Http2ServerRequest,
    response: ServerResponse | http2.Http2ServerResponse,
  ) => void,
): Promise<LoopbackServer> {
  const pem = (name: string): Buffer => readFileSync(path.join(TLS_FIXTURES, name));
  const server =
    kind === 'http'
      ? createServer(handle)
      : kind === 'https'
        ? createHttpsServer({ cert: pem('server.pem'), key: pem('server.key') }, handle)
        : http2.createServer(handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `${kind === 'https' ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      server.close();
      return Promise.resolve();
    },
  };
}
