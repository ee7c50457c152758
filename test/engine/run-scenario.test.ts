import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { decodeHistogram, mergeHistograms, percentileMs } from '../../src/core/histogram.js';
import type { LoadModel, ScenarioConfig } from '../../src/core/types/config.js';
import type { ScenarioProgress } from '../../src/engine/run-scenario.js';
import { runScenario } from '../../src/engine/run-scenario.js';
import type { TargetServer, TargetServerOptions } from '../fakes/target-server.js';
import { startTargetServer } from '../fakes/target-server.js';

/** A scenario with short, test-sized defaults; the load model is the test's own. */
function makeScenario(baseUrl: string, load: LoadModel, overrides: Partial<ScenarioConfig> = {}): ScenarioConfig {
  return {
    name: 'test',
    load,
    baseUrl,
    request: { method: 'GET', path: '/', headers: {} },
    warmupMs: 200,
    timeoutMs: 5000,
    thinkTimeMs: 0,
    maxInFlight: 1000,
    segmentMs: 500,
    ...overrides,
  };
}

const servers: TargetServer[] = [];
async function target(options: TargetServerOptions = {}): Promise<TargetServer> {
  const server = await startTargetServer(options);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

describe('closed model', () => {
  it('times a 5 ms service at a p50 in [5, 10) ms', async () => {
    const server = await target({ delayMs: 5 });
    const result = await runScenario(makeScenario(server.url, { executor: 'constant-vus', vus: 4, durationMs: 1100 }));
    expect(result.requests.ko).toBe(0);
    expect(result.requests.ok).toBeGreaterThan(100);
    expect(result.latencyMs.p50).toBeGreaterThanOrEqual(5);
    expect(result.latencyMs.p50).toBeLessThan(10);
    // Not min ≥ 5: the fake's setTimeout runs on libuv's whole-millisecond clock and may fire
    // up to 1 ms early by performance.now().
    expect(result.statusCodes).toEqual({ '200': result.requests.total });
    expect(result.grade).toBe('excellent');
    expect(result.rps).toBeCloseTo(result.requests.total / 1.1, 3);
    expect(result.timeline.map((point) => point.second)).toEqual([0, 1]);
    expect(result.timeline.reduce((sum, point) => sum + point.count, 0)).toBe(result.requests.total);
    expect(result.generator.cpuCores).toBeGreaterThan(0);
  });

  it('shows queueing behind a latch of 1: latency grows with the VUs', async () => {
    const server = await target({ delayMs: 5, latch: 1 });
    const one = await runScenario(makeScenario(server.url, { executor: 'constant-vus', vus: 1, durationMs: 600 }));
    const eight = await runScenario(makeScenario(server.url, { executor: 'constant-vus', vus: 8, durationMs: 600 }));
    expect(server.maxConcurrent()).toBe(1);
    // Eight VUs queue behind one another: each request waits for about seven service times. Against
    // the single VU's p50, not its p99: one stall of a busy machine in 600 ms can set that p99.
    expect(eight.latencyMs.p50).toBeGreaterThan(3 * one.latencyMs.p50);
    expect(eight.latencyMs.p99).toBeGreaterThan(5 * one.latencyMs.p50);
    expect(eight.latencyMs.p50).toBeGreaterThan(30);
    // Throughput is the latch's, whatever the VUs.
    expect(eight.rps).toBeLessThan(one.rps * 1.5);
  });

  it('counts an answer later than the timeout as ETIMEDOUT, with status 0', async () => {
    const server = await target({ delayMs: 2000 });
    const result = await runScenario(
      makeScenario(server.url, { executor: 'constant-vus', vus: 3, durationMs: 600 }, { timeoutMs: 150, warmupMs: 0 }),
    );
    expect(result.requests.ok).toBe(0);
    // Each VU times out every 150 ms: 4 in 600 ms, and at least 3 however late the timer ticks.
    expect(result.requests.ko).toBeGreaterThanOrEqual(3 * 3);
    expect(result.errors).toEqual({ ETIMEDOUT: result.requests.ko });
    expect(result.statusCodes).toEqual({ '0': result.requests.ko });
    expect(result.distribution.failed).toBe(result.requests.ko);
    expect(result.errorRate).toBe(1);
    expect(result.grade).toBe('unresponsive');
  });

  it('reports a closed port as ECONNREFUSED', async () => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const { port } = probe.address() as AddressInfo;
    probe.close();
    await once(probe, 'close');
    const result = await runScenario(
      makeScenario(`http://127.0.0.1:${port}`, { executor: 'constant-vus', vus: 2, durationMs: 300 }, { warmupMs: 0 }),
    );
    expect(result.requests.ko).toBeGreaterThan(0);
    expect(result.requests.ok).toBe(0);
    expect(result.errors).toEqual({ ECONNREFUSED: result.requests.ko });
    expect(result.errorExamples?.ECONNREFUSED).toMatch(/ECONNREFUSED/);
  });

  it('keeps the first message of a request undici refuses, so "other" can be read', async () => {
    const server = await target();
    const scenario = makeScenario(server.url, { executor: 'constant-vus', vus: 1, durationMs: 300 }, { warmupMs: 0 });
    scenario.request = { ...scenario.request, headers: { 'x-token': 'line one\nline two' } };
    const result = await runScenario(scenario);
    expect(result.requests.ok).toBe(0);
    expect(result.errors.other).toBe(result.requests.ko);
    expect(result.errorExamples).toEqual({
      other: expect.stringMatching(/^InvalidArgumentError \(UND_ERR_INVALID_ARG\): .*header/),
    });
  });

  it('reports a service that resets its connections as ECONNRESET', async () => {
    const server = await target({ reset: true });
    const result = await runScenario(
      makeScenario(server.url, { executor: 'constant-vus', vus: 2, durationMs: 400 }, { warmupMs: 0 }),
    );
    expect(result.requests.ko).toBeGreaterThan(0);
    expect(result.requests.ok).toBe(0);
    expect(result.errors).toEqual({ ECONNRESET: result.requests.ko });
  });

  it('shares a fixed total of iterations between the VUs, exactly', async () => {
    const server = await target({ delayMs: 1 });
    const result = await runScenario(
      makeScenario(
        server.url,
        { executor: 'shared-iterations', vus: 10, iterations: 1234, maxDurationMs: 30_000 },
        { warmupMs: 0 },
      ),
    );
    expect(result.requests.total).toBe(1234);
    expect(server.received()).toBe(1234);
    // The window is as long as the iterations took, not maxDuration.
    expect(result.durationMs).toBeLessThan(30_000);
    expect(result.rps).toBeCloseTo((1234 * 1000) / result.durationMs, 1);
  });

  it('keeps warm-up requests out of a shared-iterations count', async () => {
    const server = await target({ delayMs: 1 });
    const result = await runScenario(
      makeScenario(
        server.url,
        { executor: 'shared-iterations', vus: 4, iterations: 300, maxDurationMs: 30_000 },
        { warmupMs: 200 },
      ),
    );
    expect(result.requests.total).toBe(300);
    expect(server.received()).toBeGreaterThan(300);
  });

  it('stops shared iterations at maxDuration', async () => {
    const server = await target({ delayMs: 50 });
    const result = await runScenario(
      makeScenario(
        server.url,
        { executor: 'shared-iterations', vus: 2, iterations: 100_000, maxDurationMs: 500 },
        { warmupMs: 0 },
      ),
    );
    expect(result.durationMs).toBe(500);
    expect(result.requests.total).toBeGreaterThan(5);
    expect(result.requests.total).toBeLessThan(100);
  });

  it('ramps VUs along the stages', async () => {
    const server = await target({ delayMs: 10 });
    const seen: ScenarioProgress[] = [];
    const result = await runScenario(
      makeScenario(
        server.url,
        {
          executor: 'ramping-vus',
          startVus: 1,
          stages: [
            { durationMs: 400, target: 6 },
            { durationMs: 300, target: 6 },
            { durationMs: 300, target: 1 },
          ],
        },
        { warmupMs: 100 },
      ),
      { onProgress: (progress) => seen.push(progress), progressIntervalMs: 50 },
    );
    const measured = seen.filter((progress) => progress.phase === 'measure');
    const vus = measured.map((progress) => progress.vus ?? -1);
    expect(Math.max(...vus)).toBe(6);
    expect(vus[0]).toBeLessThan(4);
    expect(vus[vus.length - 1]).toBeLessThan(4);
    expect(server.maxConcurrent()).toBeLessThanOrEqual(6);
    expect(result.durationMs).toBe(1000);
  });

  it('waits the think time between iterations', async () => {
    const server = await target();
    const result = await runScenario(
      makeScenario(
        server.url,
        { executor: 'constant-vus', vus: 2, durationMs: 1000 },
        { thinkTimeMs: 100, warmupMs: 0 },
      ),
    );
    // Two VUs, each about one iteration per 100 ms.
    expect(result.requests.total).toBeGreaterThanOrEqual(12);
    expect(result.requests.total).toBeLessThanOrEqual(22);
  });

  it('counts bytes in and out and fills templates from rows', async () => {
    const server = await target({ bodyBytes: 100 });
    const scenario = makeScenario(
      server.url,
      { executor: 'shared-iterations', vus: 2, iterations: 50, maxDurationMs: 10_000 },
      {
        warmupMs: 0,
        request: {
          method: 'POST',
          path: '/orders/${row.id}',
          headers: {},
          body: { kind: 'json', value: { id: '${row.id}', pad: 'xxxx' } },
        },
      },
    );
    const result = await runScenario(scenario, { rows: [{ id: 1 }, { id: 22 }] });
    const bodies = ['{"id":1,"pad":"xxxx"}', '{"id":22,"pad":"xxxx"}'].map((text) => Buffer.byteLength(text));
    expect(result.requests.ok).toBe(50);
    expect(result.bytes.in).toBe(50 * 100);
    // Round-robin: 25 of each row.
    expect(result.bytes.out).toBe(25 * bodies[0]! + 25 * bodies[1]!);
    expect(server.bytesReceived()).toBe(result.bytes.out);
  });

  it('treats codes as ok when the scenario says so, and others as ko', async () => {
    const notFound = await target({ status: 404 });
    const listed = await runScenario(
      makeScenario(
        notFound.url,
        { executor: 'constant-vus', vus: 1, durationMs: 200 },
        { okStatus: [404], warmupMs: 0 },
      ),
    );
    expect(listed.requests.ko).toBe(0);
    expect(listed.requests.ok).toBeGreaterThan(0);
    const plain = await runScenario(
      makeScenario(notFound.url, { executor: 'constant-vus', vus: 1, durationMs: 200 }, { warmupMs: 0 }),
    );
    expect(plain.requests.ok).toBe(0);
    expect(plain.statusCodes).toEqual({ '404': plain.requests.ko });
    expect(plain.errors).toEqual({});
  });

  it('counts a seeded share of 500s as ko', async () => {
    const server = await target({ errorRate: 0.2, seed: 7 });
    const result = await runScenario(
      makeScenario(
        server.url,
        { executor: 'shared-iterations', vus: 4, iterations: 2000, maxDurationMs: 20_000 },
        { warmupMs: 0 },
      ),
    );
    expect(result.requests.total).toBe(2000);
    expect(result.statusCodes['500']).toBe(result.requests.ko);
    expect(result.errorRate).toBeGreaterThan(0.15);
    expect(result.errorRate).toBeLessThan(0.25);
  });

  it('records segments whose histograms add up to the whole', async () => {
    const server = await target({ delayMs: 2 });
    const result = await runScenario(
      makeScenario(server.url, { executor: 'constant-vus', vus: 4, durationMs: 600 }, { segmentMs: 250 }),
    );
    expect(result.segments.map((segment) => [segment.startMs, segment.durationMs])).toEqual([
      [0, 250],
      [250, 250],
      [500, 100],
    ]);
    expect(result.segments.reduce((sum, segment) => sum + segment.count, 0)).toBe(result.requests.total);
    const parts = result.segments.map((segment) => decodeHistogram(segment.histogram));
    const sum = mergeHistograms(parts);
    const whole = decodeHistogram(result.histogram);
    expect(sum.totalCount).toBe(result.requests.ok);
    expect(whole.totalCount).toBe(result.requests.ok);
    for (const p of [50, 90, 99, 99.9]) expect(percentileMs(sum, p)).toBe(percentileMs(whole, p));
    expect(whole.maxValue).toBe(sum.maxValue);
  });

  it('reports progress through the warm-up and the measured window', async () => {
    const server = await target({ delayMs: 1 });
    const seen: ScenarioProgress[] = [];
    await runScenario(
      makeScenario(server.url, { executor: 'constant-vus', vus: 2, durationMs: 500 }, { warmupMs: 300 }),
      {
        onProgress: (progress) => seen.push(progress),
        progressIntervalMs: 100,
      },
    );
    expect(seen.some((progress) => progress.phase === 'warmup')).toBe(true);
    const measured = seen.filter((progress) => progress.phase === 'measure');
    expect(measured.length).toBeGreaterThan(2);
    expect(measured.every((progress) => progress.plannedMs === 500 && progress.vus === 2)).toBe(true);
    expect(measured[measured.length - 1]!.completed).toBeGreaterThan(measured[0]!.completed);
    expect(measured.some((progress) => progress.intervalRps > 0 && progress.intervalP95Ms >= 1)).toBe(true);
  });

  it('reports the intended rate of an open scenario up to its last progress line', async () => {
    const server = await target({ delayMs: 1 });
    const seen: ScenarioProgress[] = [];
    await runScenario(
      makeScenario(
        server.url,
        { executor: 'constant-arrival-rate', ratePerSec: 50, durationMs: 500 },
        { warmupMs: 100 },
      ),
      {
        onProgress: (progress) => seen.push(progress),
        progressIntervalMs: 100,
      },
    );
    const measured = seen.filter((progress) => progress.phase === 'measure');
    expect(measured.length).toBeGreaterThan(2);
    expect(measured.map((progress) => progress.intendedRatePerSec)).toEqual(measured.map(() => 50));
  });

  it('stops early when the signal aborts and keeps what it measured', async () => {
    const server = await target({ delayMs: 5 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 500);
    const result = await runScenario(
      makeScenario(server.url, { executor: 'constant-vus', vus: 2, durationMs: 20_000 }, { warmupMs: 100 }),
      {
        signal: controller.signal,
      },
    );
    expect(result.durationMs).toBeLessThan(5000);
    expect(result.requests.ok).toBeGreaterThan(0);
    expect(result.requests.ko).toBe(0);
  });
});

describe('open model', () => {
  it('sends on schedule and reports the intended and achieved rate', async () => {
    const server = await target({ delayMs: 2 });
    const result = await runScenario(
      makeScenario(
        server.url,
        { executor: 'constant-arrival-rate', ratePerSec: 200, durationMs: 1000 },
        { warmupMs: 300 },
      ),
    );
    expect(result.requests.total).toBeGreaterThanOrEqual(197);
    expect(result.requests.total).toBeLessThanOrEqual(201);
    expect(result.requests.dropped).toBe(0);
    expect(result.rate?.intendedPerSec).toBe(200);
    expect(result.rate?.achievedPerSec).toBeGreaterThanOrEqual(198);
    expect(result.latencyMs.p50).toBeGreaterThanOrEqual(2);
    // Warm-up requests reached the service but are not in the result.
    expect(server.received()).toBeGreaterThanOrEqual(result.requests.total + 55);
  });

  it('follows a ramp: 0 → 200/s over 2 s is 200 requests', async () => {
    const server = await target();
    const result = await runScenario(
      makeScenario(
        server.url,
        { executor: 'ramping-arrival-rate', startRatePerSec: 0, stages: [{ durationMs: 2000, target: 200 }] },
        { warmupMs: 0 },
      ),
    );
    expect(result.requests.total).toBeGreaterThanOrEqual(196);
    expect(result.requests.total).toBeLessThanOrEqual(201);
    // The second half of a linear ramp carries three quarters of its requests.
    const [first, second] = result.timeline;
    expect(first!.count).toBeGreaterThan(40);
    expect(first!.count).toBeLessThan(60);
    expect(second!.count).toBeGreaterThan(140);
  });

  it('drops what is due while maxInFlight requests are out, and says so', async () => {
    const server = await target({ delayMs: 200 });
    const result = await runScenario(
      makeScenario(
        server.url,
        { executor: 'constant-arrival-rate', ratePerSec: 100, durationMs: 1000 },
        { maxInFlight: 2, warmupMs: 0 },
      ),
    );
    // Two connections held 200 ms each carry 10/s; the other ~90 of 100 are dropped, not queued.
    expect(result.requests.total).toBeGreaterThanOrEqual(6);
    expect(result.requests.total).toBeLessThanOrEqual(12);
    expect(result.requests.dropped + result.requests.total).toBeGreaterThanOrEqual(98);
    expect(result.requests.dropped).toBeGreaterThanOrEqual(80);
    expect(server.maxConcurrent()).toBeLessThanOrEqual(2);
    expect(result.rate?.achievedPerSec).toBeLessThan(15);
    // Latency is never stretched by the drops: each sent request took ~200 ms.
    expect(result.latencyMs.p99).toBeLessThan(400);
  });

  it('times late sends from their intended start and flags its own lateness', async () => {
    const server = await target({ delayMs: 1 });
    // Block the generator's event loop for 300 ms, half a second into the measured window.
    const blocker = setTimeout(() => {
      const until = performance.now() + 300;
      while (performance.now() < until) {
        // busy: nothing else runs
      }
    }, 300 + 500);
    const result = await runScenario(
      makeScenario(
        server.url,
        { executor: 'constant-arrival-rate', ratePerSec: 200, durationMs: 1200 },
        { warmupMs: 300 },
      ),
    );
    clearTimeout(blocker);
    // ~60 requests fell due during the block and went out up to 300 ms late; timed from their
    // intended start, they carry that wait: 25% of requests spread over 0–300 ms puts p99 near 290 ms.
    expect(result.requests.total).toBeGreaterThanOrEqual(235);
    expect(result.generator.lateStarts).toBeGreaterThanOrEqual(40);
    expect(result.generator.maxStartDelayMs).toBeGreaterThanOrEqual(250);
    expect(result.latencyMs.p99).toBeGreaterThanOrEqual(150);
    expect(result.generator.saturated).toBe(true);
    expect(result.generator.reasons.join('\n')).toMatch(/started more than 10 ms after their intended time/);
  });

  it('counts every request to a refused port as ECONNREFUSED at 500/s, without crashing', async () => {
    // undici asserted in handleConnectError (AssertionError, process crash) when the open model
    // sent again on the same client from inside its connect-error callback.
    const port = await closedPort();
    const result = await runScenario(
      makeScenario(
        `http://127.0.0.1:${port}`,
        { executor: 'constant-arrival-rate', ratePerSec: 500, durationMs: 600 },
        { warmupMs: 200 },
      ),
    );
    expect(result.requests.ok).toBe(0);
    expect(result.requests.total).toBe(result.requests.ko);
    expect(result.errors).toEqual({ ECONNREFUSED: result.requests.ko });
    expect(result.statusCodes).toEqual({ '0': result.requests.ko });
    // A refusal is immediate: nearly every due request was sent, none lost between sent and counted.
    expect(result.requests.total + result.requests.dropped).toBeGreaterThanOrEqual(297);
    expect(result.requests.total).toBeGreaterThan(240);
    expect(result.rate?.achievedPerSec).toBeGreaterThan(400);
  });

  it('counts the requests after the service died mid-run as refused, at 500/s', async () => {
    const server = createServer((_request, response) => response.end('ok'));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    setTimeout(() => {
      server.closeAllConnections();
      server.close();
    }, 300);
    const result = await runScenario(
      makeScenario(
        `http://127.0.0.1:${port}`,
        { executor: 'constant-arrival-rate', ratePerSec: 500, durationMs: 700 },
        { warmupMs: 0 },
      ),
    );
    // ~150 answered before the close at 300 ms, ~200 refused after it.
    expect(result.requests.ok).toBeGreaterThan(100);
    expect(result.errors.ECONNREFUSED ?? 0).toBeGreaterThan(120);
    expect(result.requests.total).toBe(result.requests.ok + result.requests.ko);
    expect(Object.values(result.errors).reduce((sum, count) => sum + count, 0)).toBe(result.requests.ko);
  });

  it('charges a freeze to the service (no coordinated omission)', async () => {
    // The service answers in ~1 ms but freezes for 200 ms at the end of every 2 s. The measured
    // window (after a 500 ms warm-up) spans 4 s and holds two whole freezes: 10% of the time.
    // A request intended during a freeze waits until it ends, uniformly 0–200 ms, so over all
    // requests P(latency ≤ x) = 0.9 + 0.1·x/200 for x in (0, 200]: p95 = 100 ms, p99 = 180 ms.
    // The ~120 requests inside the freezes put p95 within ±30 ms of that (3 standard errors).
    // A generator that waited for answers before sending (coordinated omission) would send one
    // late request per freeze and report a p99 of a few ms.
    const server = await target({ delayMs: 1, freeze: { everyMs: 2000, forMs: 200 } });
    const scenario: ScenarioConfig = makeScenario(
      server.url,
      { executor: 'constant-arrival-rate', ratePerSec: 300, durationMs: 4000 },
      { warmupMs: 500, segmentMs: 2000 },
    );
    const result = await runScenario(scenario);
    expect(result.requests.total).toBeGreaterThanOrEqual(1190);
    expect(result.requests.ko).toBe(0);
    expect(result.latencyMs.p95).toBeGreaterThanOrEqual(70);
    expect(result.latencyMs.p95).toBeLessThanOrEqual(130);
    expect(result.latencyMs.p99).toBeGreaterThanOrEqual(150);
    expect(result.latencyMs.p50).toBeLessThan(20);
  }, 30_000);
});
