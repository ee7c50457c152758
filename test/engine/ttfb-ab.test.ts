// An A/B gate on `latency: ttfb` (issue 37): the engine drives a head whose first byte comes 20%
// later than the base's, both ending at the same time, on one duet schedule; the paired comparison
// of the real results finds the regression in the time to first byte, and none in the full time.
import { afterEach, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultCompareConfig } from '../../src/core/config/compare.js';
import { judgeRun } from '../../src/core/gate.js';
import type { LatencyMeasure, ScenarioConfig } from '../../src/core/types/config.js';
import { runScenarioVariants } from '../../src/engine/run-scenario.js';
import { makeAbResults } from '../core/ab-fixtures.js';

const END_MS = 60;

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** The body's first bytes after `firstMs`, its end after END_MS. */
async function streaming(firstMs: number): Promise<string> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.flushHeaders();
    setTimeout(() => response.write('first '), firstMs);
    setTimeout(() => response.end('last'), END_MS);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function gate(latency: LatencyMeasure) {
  const head = await streaming(24);
  const base = await streaming(20);
  const scenario: ScenarioConfig = {
    name: 'stream',
    load: { executor: 'constant-vus', vus: 4, durationMs: 3000 },
    baseUrl: head,
    request: { method: 'GET', path: '/', headers: {} },
    warmupMs: 300,
    timeoutMs: 2000,
    thinkTimeMs: 0,
    maxInFlight: 100,
    segmentMs: 250,
    ...(latency === 'ttfb' ? { latency } : {}),
  };
  const { results } = await runScenarioVariants(scenario, {
    targets: [
      { name: 'head', baseUrl: head },
      { name: 'base', baseUrl: base },
    ],
    schedule: 'duet',
    seed: 7,
  });
  // The shell of an A/B results file, with the engine's two real results in it.
  const current = makeAbResults({ seed: 1, schedule: 'duet', scenarios: [{ name: 'stream', pairs: 6 }] });
  current.scenarios = [results[0]!];
  current.ab!.base.scenarios = [results[1]!];
  const config = { thresholds: {}, compare: { ...defaultCompareConfig(), mode: 'ab' as const } };
  const { comparison } = judgeRun({ current, config, baseline: { kind: 'missing', detail: 'A/B' } });
  return { comparison, head: results[0]!, base: results[1]! };
}

describe('an A/B gate on the time to first byte', () => {
  it('latency: ttfb catches a head whose first byte is 20% later', async () => {
    const { comparison, head, base } = await gate('ttfb');
    expect(head.latency).toBe('ttfb');
    expect(head.latencyMs.p50 / base.latencyMs.p50).toBeGreaterThan(1.1);
    const p50 = comparison.scenarios[0]!.metrics.find((metric) => metric.metric === 'p50')!;
    expect(p50.verdict).toBe('regression');
  }, 30_000);

  it('the full time (the default) of the same two sees no regression: both end together', async () => {
    const { comparison, head } = await gate('full');
    expect(head.ttfbMs!.p50).toBeLessThan(head.latencyMs.p50);
    const p50 = comparison.scenarios[0]!.metrics.find((metric) => metric.metric === 'p50')!;
    expect(p50.verdict).not.toBe('regression');
  }, 30_000);
});
