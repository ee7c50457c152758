// compare.processes in the engine: a variant with several processes (one origin each) sends its
// requests to them in turn and keeps, per process, the ok requests of the measured window and their
// latencies. Real loopback servers on port 0, one per process, each counting what it was sent.
import { afterEach, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeHistogram } from '../../src/core/histogram.js';
import type { LoadModel, ScenarioConfig } from '../../src/core/types/config.js';
import type { ScenarioResult } from '../../src/core/types/results.js';
import { runScenarioVariants, type RunTarget } from '../../src/engine/run-scenario.js';

interface CountingServer {
  url: string;
  received: number;
  close(): Promise<void>;
}

const servers: CountingServer[] = [];
async function countingServer(delayMs: number): Promise<CountingServer> {
  const server = createServer((_req, res) => {
    handle.received += 1;
    setTimeout(() => res.end('ok'), delayMs);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const handle: CountingServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: 0,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  servers.push(handle);
  return handle;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function makeScenario(load: LoadModel): ScenarioConfig {
  return {
    name: 'procs',
    load,
    baseUrl: 'http://127.0.0.1:1',
    request: { method: 'GET', path: '/', headers: {} },
    warmupMs: 200,
    timeoutMs: 5000,
    thinkTimeMs: 0,
    maxInFlight: 1000,
    segmentMs: 250,
  };
}

/** Two variants of two processes each, the processes answering after `delays` ms (head's, then base's). */
async function twoByTwo(delays: [number, number, number, number]): Promise<{
  servers: CountingServer[];
  targets: RunTarget[];
}> {
  const made = await Promise.all(delays.map((delay) => countingServer(delay)));
  const [h1, h2, b1, b2] = made.map((server) => server.url);
  return {
    servers: made,
    targets: [
      { name: 'head', baseUrl: h1!, baseUrls: [h1!, h2!] },
      { name: 'base', baseUrl: b1!, baseUrls: [b1!, b2!] },
    ],
  };
}

function medianMs(encoded: string): number {
  const histogram = decodeHistogram(encoded);
  const us = histogram.getValueAtPercentile(50);
  histogram.destroy();
  return us / 1000;
}

/** Each process's share adds up to the variant's ok requests, is near an even split, and decodes. */
function expectSpread(result: ScenarioResult, minShare: number): void {
  const processes = result.processes!;
  expect(processes).toHaveLength(2);
  expect(processes.reduce((sum, process) => sum + process.requests, 0)).toBe(result.requests.ok);
  for (const process of processes) {
    expect(process.requests).toBeGreaterThanOrEqual(result.requests.ok * minShare);
    const histogram = decodeHistogram(process.histogram);
    expect(histogram.totalCount).toBe(process.requests);
    histogram.destroy();
  }
}

describe('a variant of several processes', () => {
  it('open model: request n goes to process n mod k, and each process keeps its own latencies', async () => {
    const { servers: made, targets } = await twoByTwo([1, 8, 8, 1]);
    const outcome = await runScenarioVariants(
      makeScenario({ executor: 'constant-arrival-rate', ratePerSec: 200, durationMs: 1000 }),
      { targets, schedule: 'duet', seed: 5 },
    );
    const [head, base] = outcome.results;
    for (const result of [head!, base!]) {
      expect(result.requests.ok).toBe(200);
      // In turn, with connections to spare: an even split to the request.
      expectSpread(result, 0.49);
    }
    // Every process was sent its share, warm-up included (40 requests at 200/s).
    for (const server of made) expect(server.received).toBe(120);
    // The histograms are the processes' own: the slow one's median is the slow one's.
    expect(medianMs(head!.processes![1]!.histogram)).toBeGreaterThan(medianMs(head!.processes![0]!.histogram) + 4);
    expect(medianMs(base!.processes![0]!.histogram)).toBeGreaterThan(medianMs(base!.processes![1]!.histogram) + 4);
  });

  it('closed model: VU n keeps a connection to process n mod k', async () => {
    const { servers: made, targets } = await twoByTwo([2, 2, 2, 2]);
    const outcome = await runScenarioVariants(makeScenario({ executor: 'constant-vus', vus: 4, durationMs: 1000 }), {
      targets,
      seed: 3,
    });
    for (const result of outcome.results) {
      expect(result.requests.ok).toBeGreaterThan(100);
      expectSpread(result, 0.35);
    }
    for (const server of made) expect(server.received).toBeGreaterThan(50);
  });

  it('alternate schedule: each variant spreads its own slots over its processes', async () => {
    const { targets } = await twoByTwo([1, 1, 1, 1]);
    const outcome = await runScenarioVariants(
      makeScenario({ executor: 'constant-arrival-rate', ratePerSec: 200, durationMs: 1000 }),
      { targets, schedule: 'alternate', seed: 9 },
    );
    for (const result of outcome.results) expectSpread(result, 0.45);
  });

  it('one process: no per-process figures', async () => {
    const server = await countingServer(1);
    const outcome = await runScenarioVariants(
      makeScenario({ executor: 'constant-arrival-rate', ratePerSec: 100, durationMs: 500 }),
      { targets: [{ name: 'head', baseUrl: server.url, baseUrls: [server.url] }] },
    );
    expect(outcome.results[0]!.requests.ok).toBe(50);
    expect(outcome.results[0]!.processes).toBeUndefined();
  });
});
