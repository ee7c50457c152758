// A service under test with set behaviour: a fixed service time, a concurrency latch, seeded
// errors, periodic freezes, connection resets. Real node:http on 127.0.0.1, port 0.
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TargetServerOptions {
  /** Service time of every request, held with a timer (the event loop stays free). */
  delayMs?: number;
  /** At most this many requests in service at once; the others queue in arrival order. */
  latch?: number;
  /** Share of requests answered 500 instead of `status` (seeded, so runs repeat). */
  errorRate?: number;
  seed?: number;
  /**
   * Stops answering for `forMs` at the end of every `everyMs` period (from the server's start):
   * nothing that arrives or would finish inside a freeze is answered before the freeze ends.
   */
  freeze?: { everyMs: number; forMs: number };
  /** Size of every response body. */
  bodyBytes?: number;
  status?: number;
  /** Reset (TCP RST) the connection of every request instead of answering. */
  reset?: boolean;
  /** Every `every`-th request (counted on arrival) is `extraMs` slower to serve: a slow path. */
  slowEvery?: { every: number; extraMs: number };
}

export interface TargetServer {
  url: string;
  port: number;
  close(): Promise<void>;
  /** Responses sent so far. */
  served(): number;
  /** Requests that arrived so far (answered, reset or still in service). */
  received(): number;
  /** Request body bytes read so far. */
  bytesReceived(): number;
  /** Most requests in service at one moment. */
  maxConcurrent(): number;
}

function createPrng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function startTargetServer(options: TargetServerOptions = {}): Promise<TargetServer> {
  const delayMs = options.delayMs ?? 0;
  const latch = options.latch ?? Infinity;
  const random = createPrng(options.seed ?? 42);
  const body = Buffer.alloc(options.bodyBytes ?? 2, 'x');
  const okStatus = options.status ?? 200;
  const timers = new Set<NodeJS.Timeout>();
  const queue: (() => void)[] = [];
  let served = 0;
  let received = 0;
  let bytesReceived = 0;
  let active = 0;
  let started = 0;
  let maxConcurrent = 0;
  const startedAt = performance.now();

  /** When a moment falls in a freeze, the end of that freeze; otherwise the moment itself. */
  function afterFreeze(atMs: number): number {
    const freeze = options.freeze;
    if (!freeze) return atMs;
    const sinceStart = atMs - startedAt;
    const intoPeriod = sinceStart % freeze.everyMs;
    if (intoPeriod < freeze.everyMs - freeze.forMs) return atMs;
    return atMs - intoPeriod + freeze.everyMs;
  }

  function later(fn: () => void, delay: number): void {
    if (delay <= 0 && !options.freeze) {
      fn();
      return;
    }
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        fn();
      },
      Math.max(0, delay),
    );
    timers.add(timer);
  }

  function serve(request: IncomingMessage, response: ServerResponse): void {
    active += 1;
    maxConcurrent = Math.max(maxConcurrent, active);
    const now = performance.now();
    const slow = options.slowEvery !== undefined && started % options.slowEvery.every === 0;
    started += 1;
    const doneAt = afterFreeze(afterFreeze(now) + delayMs + (slow ? (options.slowEvery?.extraMs ?? 0) : 0));
    later(() => {
      active -= 1;
      if (options.reset) {
        request.socket.resetAndDestroy();
      } else {
        const status = options.errorRate && random() < options.errorRate ? 500 : okStatus;
        response.writeHead(status, { 'content-type': 'text/plain', 'content-length': body.length });
        response.end(body);
        served += 1;
      }
      queue.shift()?.();
    }, doneAt - now);
  }

  const server = createServer({ keepAliveTimeout: 30_000 }, (request, response) => {
    received += 1;
    request.on('data', (chunk: Buffer) => {
      bytesReceived += chunk.length;
    });
    request.on('end', () => {
      if (active < latch) serve(request, response);
      else queue.push(() => serve(request, response));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    served: () => served,
    received: () => received,
    bytesReceived: () => bytesReceived,
    maxConcurrent: () => maxConcurrent,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      queue.length = 0;
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
