// Time to first byte beside the full time (src/engine/variant.ts): a loopback server whose body
// starts 20 ms after the request and ends 200 ms after it, driven by each client (lean HTTP/1.1,
// undici over TLS, node:http2); `latency: ttfb` swaps which measure is the latency.
import { afterEach, describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import http2 from 'node:http2';
import path from 'node:path';
import type { HttpVersion, LatencyMeasure, ScenarioConfig } from '../../src/core/types/config.js';
import { decodeHistogram } from '../../src/core/histogram.js';
import { runScenario } from '../../src/engine/run-scenario.js';
import { serveOverProtocol, TLS_FIXTURES } from '../fakes/http.js';

const FIRST_MS = 20;
const END_MS = 200;

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** Headers at once, the first chunk after FIRST_MS, the end after END_MS. */
function slowBody(
  _request: IncomingMessage | http2.Http2ServerRequest,
  answer: ServerResponse | http2.Http2ServerResponse,
): void {
  // The HTTP/1 and the HTTP/2 compatibility response share these calls.
  const response = answer as ServerResponse;
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.flushHeaders();
  setTimeout(() => response.write('first '), FIRST_MS);
  setTimeout(() => response.end('last'), END_MS);
}

async function serve(kind: 'http' | 'https' | 'h2c'): Promise<string> {
  const server = await serveOverProtocol(kind, slowBody);
  closers.push(() => void server.close());
  return server.url;
}

function run(baseUrl: string, extra: { http?: HttpVersion; latency?: LatencyMeasure } = {}) {
  const scenario: ScenarioConfig = {
    name: 'ttfb',
    load: { executor: 'constant-vus', vus: 3, durationMs: 1000 },
    baseUrl,
    request: { method: 'GET', path: '/', headers: {} },
    warmupMs: 0,
    timeoutMs: 2000,
    thinkTimeMs: 0,
    maxInFlight: 100,
    segmentMs: 500,
    ...(baseUrl.startsWith('https:') ? { tls: { ca: path.join(TLS_FIXTURES, 'ca.pem') } } : {}),
    ...extra,
  };
  return runScenario(scenario);
}

describe('time to first byte', () => {
  it.each([
    ['lean HTTP/1.1', 'http', undefined],
    ['undici over TLS', 'https', undefined],
    ['HTTP/2 (h2c)', 'h2c', '2'],
  ] as const)('%s: records it beside the full time, per segment too', async (_name, kind, http) => {
    const result = await run(await serve(kind), http ? { http } : {});
    expect(result.requests.ko, JSON.stringify(result.errorExamples)).toBe(0);
    expect(result.requests.ok).toBeGreaterThanOrEqual(6);
    expect(result.latency).toBeUndefined();
    const ttfb = result.ttfbMs!;
    expect(ttfb.p50).toBeGreaterThanOrEqual(FIRST_MS);
    expect(result.latencyMs.p50).toBeGreaterThanOrEqual(END_MS);
    // The first byte comes far before the end: not the full time under another name.
    expect(ttfb.p50).toBeLessThan(result.latencyMs.p50 / 2);
    // Every segment has both, with the same counts.
    for (const segment of result.segments) {
      const full = decodeHistogram(segment.histogram);
      const first = decodeHistogram(segment.ttfbHistogram!);
      expect(first.totalCount).toBe(full.totalCount);
      full.destroy();
      first.destroy();
    }
    const whole = decodeHistogram(result.ttfbHistogram!);
    expect(whole.totalCount).toBe(result.requests.ok);
    whole.destroy();
  });

  it('latency: ttfb makes the time to first byte the latency, and keeps the full time beside it', async () => {
    const result = await run(await serve('http'), { latency: 'ttfb' });
    expect(result.latency).toBe('ttfb');
    expect(result.ttfbMs).toBeUndefined();
    expect(result.latencyMs.p50).toBeGreaterThanOrEqual(FIRST_MS);
    expect(result.fullMs!.p50).toBeGreaterThanOrEqual(END_MS);
    expect(result.latencyMs.p50).toBeLessThan(result.fullMs!.p50 / 2);
    expect(result.segments.every((segment) => segment.fullHistogram !== undefined)).toBe(true);
    // The grade follows the latency: a 20 ms first byte is excellent, a 200 ms answer is not.
    expect(result.grade).toBe('excellent');
  });

  it('an answer without a body has its end as its first byte', async () => {
    const server = await serveOverProtocol('http', (_request, response) =>
      setTimeout(() => (response as ServerResponse).writeHead(204).end(), 10),
    );
    closers.push(() => void server.close());
    const result = await run(server.url);
    expect(result.requests.ok).toBeGreaterThan(10);
    expect(result.ttfbMs!.p50).toBe(result.latencyMs.p50);
    expect(result.ttfbMs!.max).toBe(result.latencyMs.max);
  });
});
