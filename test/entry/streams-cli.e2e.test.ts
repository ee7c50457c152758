// Issue 37 through the bundled CLI: a server-sent-events endpoint whose first event comes 20 ms
// after the request and whose stream lasts 500 ms, judged on its time to first byte (latency:
// ttfb) with thresholds on both measures; and the same run over HTTP/2 (h2c).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Results } from '../../src/core/types/results.js';
import { sharedBundleDir, startCli, type CliRun } from '../bundle.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-streams-'));
let cli = '';
beforeAll(() => {
  cli = join(sharedBundleDir(), 'cli.js');
}, 120_000);

function runCli(args: string[]): Promise<CliRun> {
  return startCli(cli, args, work, 60_000);
}

/** 26 events, the first at 20 ms and one every 19.2 ms after it: the last at 500 ms. */
function events(
  _request: IncomingMessage | http2.Http2ServerRequest,
  answer: ServerResponse | http2.Http2ServerResponse,
): void {
  const response = answer as ServerResponse;
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  const timers: NodeJS.Timeout[] = [];
  for (let i = 0; i < 26; i++)
    timers.push(
      setTimeout(
        () => {
          response.write(`data: ${i}\n\n`);
          if (i === 25) response.end();
        },
        20 + i * 19.2,
      ),
    );
  response.on('close', () => timers.forEach(clearTimeout));
}

const h1 = createServer(events);
const h2c = http2.createServer(events);
afterAll(() => {
  h1.closeAllConnections();
  h1.close();
  h2c.close();
});

const config = (
  port: number,
  http: string,
) => `defaults: { baseUrl: "http://127.0.0.1:${port}", warmup: 0s, segment: 1s, http: ${http} }
scenarios:
  feed:
    executor: constant-vus
    vus: 4
    duration: 3s
    latency: ttfb
    request: { path: /events }
thresholds:
  feed: ["p(50)<100", "p(50):full>=450", "p(50):ttfb<100"]
`;

describe('a server-sent-events endpoint judged on its first event', () => {
  it.each([
    ['HTTP/1.1', '1.1'],
    ['HTTP/2 (h2c)', '2'],
  ])(
    '%s: TTFB p50 about 20 ms, full p50 about 500 ms, both thresholds hold, exit 0',
    async (_name, http) => {
      const server = http === '2' ? h2c : h1;
      if (!server.listening) await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      const file = join(work, `feed-${http}.yml`);
      writeFileSync(file, config((server.address() as AddressInfo).port, http));
      const output = join(work, `feed-${http}.json`);
      const ran = await runCli(['run', '-c', file, '-o', output, '--log-dir', join(work, 'logs')]);
      expect(ran.code, ran.stdout + ran.stderr).toBe(0);
      const feed = (JSON.parse(readFileSync(output, 'utf8')) as Results).scenarios[0]!;
      expect(feed.latency).toBe('ttfb');
      expect(feed.requests.ko).toBe(0);
      // A 20 ms timer can fire up to 1 ms early as performance.now() sees it (libuv's cached clock).
      expect(feed.latencyMs.p50).toBeGreaterThanOrEqual(19);
      expect(feed.latencyMs.p50).toBeLessThan(100);
      expect(feed.fullMs!.p50).toBeGreaterThanOrEqual(500);
      expect(feed.events).toMatchObject({ streams: feed.requests.ok, perStream: 26 });
      expect(ran.stdout).toMatch(/✓ p\(50\):full>=450/);
      expect(ran.stdout).toContain('Time to first byte of OK requests (latency: ttfb)');
      expect(ran.stdout).toMatch(/Events\s+\[streams, \/stream, \/s\]\s+\d+\s+26\s/);
      if (http === '2') expect(ran.stdout).toContain('HTTP/2 (h2c)');
    },
    90_000,
  );
});
