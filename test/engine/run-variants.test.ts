// The engine with two targets (A/B mode): a duet sends every request to both at once, the
// alternate schedule runs seeded segments one variant at a time, and both end with the same
// segments. Real loopback servers on port 0 that log what arrives, and when.
import { afterEach, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { LoadModel, ScenarioConfig } from '../../src/core/types/config.js';
import { createPairOrder, runScenarioVariants } from '../../src/engine/run-scenario.js';

interface LoggingServer {
  url: string;
  /** Request path and arrival time (performance.now() of this process), in arrival order. */
  log: { path: string; atMs: number }[];
  close(): Promise<void>;
}

const servers: LoggingServer[] = [];
async function loggingServer(delayMs: number): Promise<LoggingServer> {
  const log: LoggingServer['log'] = [];
  const server = createServer((req, res) => {
    log.push({ path: req.url ?? '', atMs: performance.now() });
    setTimeout(() => res.end('ok'), delayMs);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const handle: LoggingServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
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

function makeScenario(load: LoadModel, overrides: Partial<ScenarioConfig> = {}): ScenarioConfig {
  return {
    name: 'ab',
    load,
    baseUrl: 'http://127.0.0.1:1',
    request: { method: 'GET', path: '/r/${row.id}', headers: {} },
    data: { file: 'rows.csv', order: 'round-robin' },
    warmupMs: 200,
    timeoutMs: 5000,
    thinkTimeMs: 0,
    maxInFlight: 1000,
    segmentMs: 250,
    ...overrides,
  };
}
const rows = Array.from({ length: 100_000 }, (_, id) => ({ id }));

function paths(server: LoggingServer): string[] {
  return server.log.map((entry) => entry.path).sort();
}

async function pair(headDelayMs: number, baseDelayMs: number) {
  const head = await loggingServer(headDelayMs);
  const base = await loggingServer(baseDelayMs);
  return {
    head,
    base,
    targets: [
      { name: 'head', baseUrl: head.url },
      { name: 'base', baseUrl: base.url },
    ],
  };
}

describe('duet', () => {
  it('open model: sends every intended request to both variants, in a seeded random order', async () => {
    const { head, base, targets } = await pair(1, 6);
    const outcome = await runScenarioVariants(
      makeScenario({ executor: 'constant-arrival-rate', ratePerSec: 200, durationMs: 1000 }),
      {
        targets,
        schedule: 'duet',
        rows,
        seed: 7,
      },
    );
    const [h, b] = outcome.results;
    expect(outcome.order).toBeUndefined();
    // The same requests at both (several connections each, so the arrival order may differ a little).
    expect(paths(head)).toEqual(paths(base));
    expect(h!.requests.total).toBe(200);
    expect(b!.requests.total).toBe(200);
    expect(h!.rate?.intendedPerSec).toBe(b!.rate?.intendedPerSec);
    expect(h!.segments.map((segment) => segment.startMs)).toEqual(b!.segments.map((segment) => segment.startMs));
    expect(h!.segments).toHaveLength(4);
    // Which one is sent first is random: each side is first for a fair share of the requests.
    const baseAt = new Map(base.log.map((entry) => [entry.path, entry.atMs]));
    const headFirst = head.log.filter((entry) => entry.atMs < baseAt.get(entry.path)!).length;
    expect(headFirst).toBeGreaterThan(head.log.length * 0.25);
    expect(headFirst).toBeLessThan(head.log.length * 0.75);
    // The slower variant is measured slower, from the same intended start.
    expect(b!.latencyMs.p50).toBeGreaterThan(h!.latencyMs.p50 + 3);
  });

  it('records 250 ms blocks unless the config set its segment', async () => {
    const { targets } = await pair(1, 1);
    const load: LoadModel = { executor: 'constant-arrival-rate', ratePerSec: 100, durationMs: 1000 };
    const auto = await runScenarioVariants(makeScenario(load, { segmentMs: 1000 }), {
      targets,
      schedule: 'duet',
      rows,
    });
    for (const result of auto.results) expect(result.segments.map((s) => s.durationMs)).toEqual([250, 250, 250, 250]);
    const set = await runScenarioVariants(makeScenario(load, { segmentMs: 500, segmentSet: true }), {
      targets,
      schedule: 'duet',
      rows,
    });
    for (const result of set.results) expect(result.segments.map((s) => s.durationMs)).toEqual([500, 500]);
  });

  it('closed model: each VU drives a pair and records both sides', async () => {
    const { head, base, targets } = await pair(1, 4);
    const outcome = await runScenarioVariants(makeScenario({ executor: 'constant-vus', vus: 3, durationMs: 750 }), {
      targets,
      rows,
      seed: 3,
    });
    const [h, b] = outcome.results;
    expect(h!.requests.total).toBeGreaterThan(50);
    expect(h!.requests.total).toBe(b!.requests.total);
    expect(paths(head)).toEqual(paths(base));
    expect(h!.segments).toHaveLength(b!.segments.length);
    // Paired: the slower base paces both, so the head is held to the base's rate.
    expect(h!.rps).toBe(b!.rps);
    expect(b!.latencyMs.p50).toBeGreaterThan(h!.latencyMs.p50);
  });

  it('shared-iterations: the count is of pairs, and both sides get every one', async () => {
    const { targets } = await pair(1, 2);
    const outcome = await runScenarioVariants(
      makeScenario({ executor: 'shared-iterations', vus: 4, iterations: 120, maxDurationMs: 10_000 }),
      { targets, rows },
    );
    expect(outcome.results.map((result) => result.requests.total)).toEqual([120, 120]);
    expect(outcome.results[0]!.durationMs).toBe(outcome.results[1]!.durationMs);
  });
});

describe('alternate', () => {
  it('gives the order from the seed, the same for the same seed', () => {
    expect(createPairOrder(5, 12)).toEqual(createPairOrder(5, 12));
    expect(createPairOrder(5, 12)).not.toEqual(createPairOrder(6, 12));
    const order = createPairOrder(11, 400);
    const headFirst = order.filter((entry) => entry === 'head-first').length;
    expect(headFirst).toBeGreaterThan(150);
    expect(headFirst).toBeLessThan(250);
  });

  it('open model: segments one variant at a time in the recorded order, each at the full rate, the same count for both', async () => {
    const { head, base, targets } = await pair(1, 3);
    const scenario = makeScenario({ executor: 'constant-arrival-rate', ratePerSec: 200, durationMs: 1000 });
    const outcome = await runScenarioVariants(scenario, { targets, schedule: 'alternate', rows, seed: 21 });
    const [h, b] = outcome.results;
    expect(outcome.order).toEqual(createPairOrder(21, 4));
    expect(h!.segments).toHaveLength(4);
    expect(b!.segments).toHaveLength(4);
    // 250 ms at 200/s: 50 requests in every segment of each variant.
    expect(h!.segments.map((segment) => segment.count)).toEqual([50, 50, 50, 50]);
    expect(b!.segments.map((segment) => segment.count)).toEqual([50, 50, 50, 50]);
    expect(h!.durationMs).toBe(1000);
    expect(h!.rate).toEqual({ intendedPerSec: 200, achievedPerSec: 200 });

    // After the warm-up (both at once), the measured requests arrive in blocks of one variant,
    // in the order recorded: head-first pairs put the head's block first.
    const measuredStart = Math.min(...[head, base].map((server) => server.log[server.log.length - 200]!.atMs));
    const arrivals = [
      ...head.log.filter((entry) => entry.atMs >= measuredStart).map((entry) => ({ ...entry, who: 'head' })),
      ...base.log.filter((entry) => entry.atMs >= measuredStart).map((entry) => ({ ...entry, who: 'base' })),
    ].sort((x, y) => x.atMs - y.atMs);
    const blocks: string[] = [];
    for (const arrival of arrivals) if (blocks.at(-1) !== arrival.who) blocks.push(arrival.who);
    const expected = outcome.order!.flatMap((first) => (first === 'head-first' ? ['head', 'base'] : ['base', 'head']));
    const merged = expected.filter((who, i) => who !== expected[i - 1]);
    expect(blocks).toEqual(merged);
  });

  it('closed model: the same segment count for both, every segment measured', async () => {
    const { targets } = await pair(1, 2);
    const outcome = await runScenarioVariants(makeScenario({ executor: 'constant-vus', vus: 2, durationMs: 1000 }), {
      targets,
      schedule: 'alternate',
      rows,
      order: ['base-first', 'head-first', 'head-first', 'base-first'],
    });
    const [h, b] = outcome.results;
    expect(outcome.order).toEqual(['base-first', 'head-first', 'head-first', 'base-first']);
    expect(h!.segments).toHaveLength(4);
    expect(b!.segments).toHaveLength(4);
    for (const segment of [...h!.segments, ...b!.segments]) expect(segment.count).toBeGreaterThan(10);
    expect(b!.latencyMs.p50).toBeGreaterThan(h!.latencyMs.p50);
  });

  it('stops at once on abort, and keeps what was measured', async () => {
    const { targets } = await pair(1, 1);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 700);
    const outcome = await runScenarioVariants(
      makeScenario({ executor: 'constant-arrival-rate', ratePerSec: 100, durationMs: 60_000 }),
      {
        targets,
        schedule: 'alternate',
        rows,
        signal: controller.signal,
      },
    );
    const [h, b] = outcome.results;
    expect(h!.durationMs + b!.durationMs).toBeLessThan(2000);
    expect(h!.requests.total + b!.requests.total).toBeGreaterThan(0);
  });
});

describe('contention per segment', () => {
  for (const schedule of ['duet', 'alternate'] as const) {
    it(`${schedule}: every segment of both variants carries its sample, read at the segment boundaries`, async () => {
      const { targets } = await pair(1, 1);
      let probes = 0;
      const outcome = await runScenarioVariants(
        makeScenario({ executor: 'constant-arrival-rate', ratePerSec: 100, durationMs: 1000 }),
        {
          targets,
          schedule,
          seed: 3,
          rows,
          cpuProbe: () => {
            probes += 1;
            return { busySeconds: probes, stealSeconds: 0, serviceSeconds: 0 };
          },
        },
      );
      for (const result of outcome.results) {
        expect(result.segments).toHaveLength(4);
        for (const segment of result.segments) {
          expect(segment.contention).toBeDefined();
          expect(segment.contention!.otherCores).toBeGreaterThanOrEqual(0);
        }
      }
      // duet: one sampler over the shared window (its opening + 4 boundaries);
      // alternate: one per slot (8 slots, each opened and closed).
      expect(probes).toBe(schedule === 'duet' ? 5 : 16);
    });
  }
});
