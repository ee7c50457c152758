// Flows against a real loopback shop: POST /login hands out a token, POST /orders (with it)
// returns a new order's id, GET /orders/:id needs both. The token and the id must flow from the
// responses into the next requests; every step is counted on its own.
import { afterEach, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import http2, { type Http2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseConfig } from '../../src/core/config/index.js';
import { SetupError } from '../../src/core/errors.js';
import type { ScenarioConfig } from '../../src/core/types/config.js';
import { runFlowVariants } from '../../src/engine/run-flow.js';
import { orderFlowYaml } from '../fakes/order-flow.js';

interface Shop {
  url: string;
  logins: number;
  created: string[];
  fetched: string[];
  /** Requests refused for a missing or wrong token, or an unknown order. */
  refused: number;
  close(): Promise<void>;
}

const shops: Shop[] = [];
const tlsFixture = (name: string): string => path.resolve(import.meta.dirname, '../fixtures/tls', name);

/** A loopback server speaking HTTP/1.1, h2c (prior knowledge) or h2 (TLS, ALPN) with the same handler. */
async function listen(
  protocol: 'h1' | 'h2c' | 'h2',
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const sessions = new Set<Http2Session>();
  const server =
    protocol === 'h1'
      ? createServer(handler)
      : protocol === 'h2c'
        ? http2.createServer(handler as never)
        : http2.createSecureServer(
            { key: readFileSync(tlsFixture('server.key')), cert: readFileSync(tlsFixture('server.pem')) },
            handler as never,
          );
  server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${protocol === 'h2' ? 'https' : 'http'}://127.0.0.1:${port}`,
    close: async () => {
      if ('closeAllConnections' in server) server.closeAllConnections();
      for (const session of sessions) session.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

async function startShop(
  options: { loginStatus?: number; noIdFor?: string; protocol?: 'h1' | 'h2c' | 'h2'; fetchStatus?: number } = {},
): Promise<Shop> {
  let next = 0;
  const token = `t-${Math.random().toString(36).slice(2)}`;
  const orders = new Map<string, string>();
  const shop = { logins: 0, created: [] as string[], fetched: [] as string[], refused: 0 } as Shop;
  const server = await listen(options.protocol ?? 'h1', (req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const send = (status: number, body: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && req.url === '/login') {
        shop.logins += 1;
        if (options.loginStatus) return send(options.loginStatus, { error: 'bad credentials' });
        return send(200, { token });
      }
      if (req.headers.authorization !== `Bearer ${token}`) {
        shop.refused += 1;
        return send(401, { error: 'no token' });
      }
      if (req.method === 'POST' && req.url === '/orders') {
        const { sku } = JSON.parse(text) as { sku: string };
        if (sku === options.noIdFor) return send(200, { queued: true });
        const id = `o${++next}`;
        orders.set(id, sku);
        shop.created.push(id);
        return send(201, { id, sku });
      }
      const match = /^\/orders\/([^/]+)$/.exec(req.url ?? '');
      // The read sent without its token, as the user's flow did: refused with the secret echoed.
      if (req.method === 'GET' && options.fetchStatus) {
        shop.refused += 1;
        return send(options.fetchStatus, { error: 'no token', token: 'Bearer abcdefghijklmnopqrstuvwxyz123456' });
      }
      if (req.method === 'GET' && match && orders.has(match[1]!)) {
        shop.fetched.push(match[1]!);
        return send(200, { id: match[1], sku: orders.get(match[1]!) });
      }
      shop.refused += 1;
      return send(404, { error: `no order ${req.url}` });
    });
  });
  shop.url = server.url;
  shop.close = server.close;
  shops.push(shop);
  return shop;
}
afterEach(async () => {
  await Promise.all(shops.splice(0).map((shop) => shop.close()));
});

/** The contract, as a user writes it, parsed by the real config loader. */
function flowScenario(baseUrl: string, load: string, extra = ''): ScenarioConfig {
  const yaml = `
scenarios:
  shop/order:
    baseUrl: ${baseUrl}
${load}${extra}
    warmup: 200ms
${orderFlowYaml()}`;
  return parseConfig(yaml, 'perfgate.yml').scenarios[0]!;
}

const rows = [{ sku: 'red' }, { sku: 'blue' }, { sku: 'green' }];
const CLOSED = '    executor: constant-vus\n    vus: 3\n    duration: 1s';

/** A login, then one of two entries per iteration: create (by `createWeight`) or a missing order (1). */
function mixScenario(url: string, { iterations, createWeight }: { iterations: number; createWeight: number }) {
  const yaml = `
scenarios:
  shop/mix:
    executor: shared-iterations
    vus: 2
    iterations: ${iterations}
    warmup: 0s
    baseUrl: ${url}
    setup:
      - name: login
        request: { method: POST, path: /login, json: { user: bench } }
        capture: { token: "$.token" }
    mix:
      - name: create
        weight: ${createWeight}
        request: { method: POST, path: /orders, headers: { authorization: "Bearer \${vars.token}" }, json: { sku: red } }
      - name: missing
        weight: 1
        request: { path: /orders/none, headers: { authorization: "Bearer \${vars.token}" } }
        check: [404]
`;
  return parseConfig(yaml, 'perfgate.yml').scenarios[0]!;
}

describe('runFlowVariants', () => {
  it('logs in once, then carries the token and each created id into the fetch (closed model)', async () => {
    const shop = await startShop();
    const scenario = flowScenario(shop.url, CLOSED);
    const progress: { phase: string; completed: number }[] = [];
    const { results, steps } = await runFlowVariants(scenario, {
      rows,
      progressIntervalMs: 50,
      onProgress: (update) => progress.push(update),
    });
    const [flow] = results;
    const [create, fetch] = steps[0]!;
    expect(shop.logins).toBe(1);
    expect(shop.refused).toBe(0);
    // The progress line counts whole iterations, through the warm-up and the window.
    expect(progress.some((update) => update.phase === 'warmup')).toBe(true);
    expect(Math.max(...progress.filter((u) => u.phase === 'measure').map((u) => u.completed))).toBeGreaterThan(0);
    expect(flow!.name).toBe('shop/order');
    expect([create!.name, fetch!.name]).toEqual(['shop/order/create', 'shop/order/fetch']);
    expect(flow!.requests.ko).toBe(0);
    expect(flow!.requests.ok).toBeGreaterThan(10);
    // Every measured iteration ran both steps: the counts add up.
    expect(create!.requests.ok).toBe(flow!.requests.ok);
    expect(fetch!.requests.ok).toBe(flow!.requests.ok);
    // Every fetch asked for an id that a create returned (warm-up iterations included).
    expect(new Set(shop.fetched).size).toBe(shop.fetched.length);
    for (const id of shop.fetched) expect(shop.created).toContain(id);
    expect(create!.statusCodes).toEqual({ '201': create!.requests.total });
    // A whole iteration takes at least its two requests.
    expect(flow!.latencyMs.p50).toBeGreaterThanOrEqual(fetch!.latencyMs.p50);
    expect(fetch!.segments.reduce((n, s) => n + s.count, 0)).toBe(fetch!.requests.total);
    // The whole iteration sent and received what its steps did: it once carried the last step's
    // bytes alone (a GET's "out 0 B" for a flow whose create posts a body).
    expect(flow!.bytes.out).toBeGreaterThan(0);
    expect(flow!.bytes).toEqual({
      in: create!.bytes.in + fetch!.bytes.in,
      out: create!.bytes.out + fetch!.bytes.out,
    });
    // And its statuses: once the last step's alone, no 201 of the create.
    expect(flow!.statusCodes).toEqual({ '201': create!.requests.total, '200': fetch!.requests.total });
  });

  it('runs the setup once per variant, against each its own service (A/B)', async () => {
    const head = await startShop();
    const base = await startShop();
    const scenario = flowScenario(head.url, CLOSED);
    const { results, steps } = await runFlowVariants(scenario, {
      rows,
      targets: [
        { name: 'head', baseUrl: head.url },
        { name: 'base', baseUrl: base.url },
      ],
    });
    expect([head.logins, base.logins]).toEqual([1, 1]);
    // Each variant used its own token: the other's would be refused.
    expect(head.refused + base.refused).toBe(0);
    expect(results.map((r) => r.requests.ko)).toEqual([0, 0]);
    expect(steps.map((s) => s.map((step) => step.name))).toEqual([
      ['shop/order/create', 'shop/order/fetch'],
      ['shop/order/create', 'shop/order/fetch'],
    ]);
    expect(steps[1]![1]!.requests.ok).toBe(results[1]!.requests.ok);
  });

  it('fails an iteration whose capture finds nothing: the rest of it is not sent, and the failure is classed', async () => {
    const shop = await startShop({ noIdFor: 'blue' });
    const scenario = flowScenario(shop.url, CLOSED);
    const { results, steps } = await runFlowVariants(scenario, { rows });
    const [flow] = results;
    const [create, fetch] = steps[0]!;
    expect(shop.refused).toBe(0);
    expect(create!.errors.capture).toBeGreaterThan(0);
    expect(create!.requests.ko).toBe(create!.errors.capture);
    expect(create!.errorExamples?.capture).toMatch(
      /capture id \(\$\.id\) found nothing in the 200 response \(\{"queued":true\}\)/,
    );
    // The fetch ran only after a create that captured an id.
    expect(fetch!.requests.total).toBe(create!.requests.ok);
    expect(fetch!.requests.ko).toBe(0);
    expect(flow!.requests.ko).toBe(create!.requests.ko);
    expect(flow!.requests.ok).toBe(fetch!.requests.ok);
    expect(flow!.errors.capture).toBe(create!.errors.capture);
    // One row in three makes no id: about a third of the iterations fail.
    expect(flow!.errorRate).toBeGreaterThan(0.2);
    expect(flow!.errorRate).toBeLessThan(0.45);
  });

  // A read whose every request got 401 showed "errors none" and no body: the check's refusal has no
  // error class, so no example was kept for it.
  it('keeps the body of a status the check refused, masked, beside its count', async () => {
    const shop = await startShop({ fetchStatus: 401 });
    const scenario = flowScenario(shop.url, CLOSED);
    const { results, steps } = await runFlowVariants(scenario, { rows });
    const [flow] = results;
    const fetch = steps[0]![1]!;
    expect(fetch.requests.total).toBeGreaterThan(0);
    expect(fetch.requests.ko).toBe(fetch.requests.total);
    expect(fetch.statusCodes['401']).toBe(fetch.requests.total);
    expect(fetch.errors).toEqual({});
    expect(Object.keys(fetch.errorExamples ?? {})).toEqual(['status 401']);
    expect(fetch.errorExamples!['status 401']).toMatch(/^answered 401 \(\{"error":"no token"/);
    expect(fetch.errorExamples!['status 401']).not.toContain('abcdefghijklmnopqrstuvwxyz123456');
    expect(flow!.errorExamples?.['status 401']).toBe(fetch.errorExamples!['status 401']);
  });

  it('stops at a failed setup with the step, the status and the body, before any load', async () => {
    const shop = await startShop({ loginStatus: 401 });
    const scenario = flowScenario(shop.url, CLOSED);
    const run = runFlowVariants(scenario, { rows });
    await expect(run).rejects.toBeInstanceOf(SetupError);
    await expect(run).rejects.toThrow(
      /scenarios\.shop\/order\.setup "login" failed on the head \(http:\/\/127\.0\.0\.1:\d+\): answered 401 \(\{"error":"bad credentials"\}\)/,
    );
    expect(shop.logins).toBe(1);
    expect(shop.created).toEqual([]);
  });

  it('starts one flow per arrival in the open model, and accounts for every arrival', async () => {
    const shop = await startShop();
    const scenario = flowScenario(shop.url, '    executor: constant-arrival-rate\n    rate: 40/s\n    duration: 1s');
    const { results, steps } = await runFlowVariants(scenario, { rows });
    const [flow] = results;
    const [create, fetch] = steps[0]!;
    expect(shop.logins).toBe(1);
    expect(flow!.requests.ko).toBe(0);
    expect(flow!.rate?.intendedPerSec).toBeGreaterThan(30);
    expect(flow!.requests.total + flow!.requests.dropped).toBeGreaterThanOrEqual(35);
    expect(create!.requests.ok).toBe(flow!.requests.ok);
    expect(fetch!.requests.ok).toBe(flow!.requests.ok);
  });

  it('counts iterations in shared-iterations, and a step think time is in the iteration, not in the step', async () => {
    const shop = await startShop();
    const scenario = flowScenario(shop.url, '    executor: shared-iterations\n    vus: 3\n    iterations: 30');
    scenario.flow!.steps[0]!.thinkTimeMs = 30;
    const { results, steps } = await runFlowVariants(scenario, { rows });
    const [flow] = results;
    const [create, fetch] = steps[0]!;
    expect([flow!.requests.total, create!.requests.total, fetch!.requests.total]).toEqual([30, 30, 30]);
    expect(flow!.requests.ko).toBe(0);
    // libuv fires a timer on the loop's cached millisecond clock, so a 30 ms sleep can end up to
    // 1 ms early on performance.now(): the flow holds the think time less that tick, a step none of it.
    expect(flow!.latencyMs.p50).toBeGreaterThanOrEqual(29);
    expect(create!.latencyMs.p50).toBeLessThan(15);
    expect(fetch!.latencyMs.p50).toBeLessThan(15);
  });

  it('sends one mix entry per iteration, by weight, each with its own result', async () => {
    const shop = await startShop();
    const scenario = mixScenario(shop.url, { iterations: 400, createWeight: 3 });
    const { results, steps } = await runFlowVariants(scenario, { seed: 3 });
    const [all] = results;
    const [create, missing] = steps[0]!;
    expect(all!.requests.total).toBe(400);
    expect(all!.requests.ko).toBe(0);
    expect(create!.requests.total + missing!.requests.total).toBe(400);
    expect(missing!.statusCodes).toEqual({ '404': missing!.requests.total });
    // 3 : 1, within what 400 seeded draws give.
    expect(create!.requests.total / 400).toBeGreaterThan(0.68);
    expect(create!.requests.total / 400).toBeLessThan(0.82);
    expect(shop.created).toHaveLength(create!.requests.total);
  });

  it('draws the same mix entries for head and base (A/B), as a plain scenario shares its draws', async () => {
    const [head, base] = [await startShop(), await startShop()];
    const scenario = mixScenario(head.url, { iterations: 200, createWeight: 1 });
    const targets = [
      { name: 'head', baseUrl: head.url },
      { name: 'base', baseUrl: base.url },
    ];
    const { steps } = await runFlowVariants(scenario, { seed: 3, targets });
    const creates = steps.map((variant) => variant[0]!.requests.total);
    expect(steps.map((variant) => variant[0]!.requests.total + variant[1]!.requests.total)).toEqual([100, 100]);
    // One draw for both: a head that sent more creates than its base would differ by its mix, not its code.
    expect(creates[0]).toBe(creates[1]);
    expect([head.created.length, base.created.length]).toEqual(creates);
  });

  it('follows a ramp of virtual users, back up after a stretch at none', async () => {
    const shop = await startShop();
    const scenario = flowScenario(
      shop.url,
      '    executor: ramping-vus\n    startVUs: 2\n    stages: [{ duration: 500ms, target: 0 }, { duration: 1s, target: 0 }, { duration: 500ms, target: 3 }]',
    );
    const { results } = await runFlowVariants(scenario, { rows });
    const [flow] = results;
    expect(flow!.requests.ko).toBe(0);
    // Iterations in the first second (the ramp down) and in the last (the ramp up), none between.
    const counts = flow!.timeline.map((point) => point.count);
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts.at(-1)).toBeGreaterThan(0);
  });
});

describe('runFlowVariants over HTTP/2, and judged on the time to first byte', () => {
  it.each([
    ['h2c (http: 2)', 'h2c', '2'],
    ['h2 over TLS (http: auto, by ALPN)', 'h2', 'auto'],
  ] as const)('%s: the token and each id flow through the steps, 0 failures', async (_name, protocol, http) => {
    const shop = await startShop({ protocol });
    const tls = protocol === 'h2' ? `\n    tls: { ca: ${JSON.stringify(tlsFixture('ca.pem'))} }` : '';
    const scenario = flowScenario(shop.url, CLOSED, `\n    http: ${http}${tls}`);
    const { results, steps } = await runFlowVariants(scenario, { rows });
    const [flow] = results;
    const [create, fetch] = steps[0]!;
    expect(shop.logins).toBe(1);
    expect(shop.refused).toBe(0);
    expect(flow!.requests.ko).toBe(0);
    expect(flow!.requests.ok).toBeGreaterThan(10);
    expect(fetch!.requests.ok).toBe(flow!.requests.ok);
    for (const id of shop.fetched) expect(shop.created).toContain(id);
    for (const result of [flow!, create!, fetch!]) expect(result.protocol).toEqual({ asked: http, spoken: protocol });
  });

  it('stops at the setup when an HTTP/1.1-only service is asked for http: 2, saying it does not speak HTTP/2', async () => {
    const shop = await startShop();
    const run = runFlowVariants(flowScenario(shop.url, CLOSED, '\n    http: 2'), { rows });
    await expect(run).rejects.toBeInstanceOf(SetupError);
    await expect(run).rejects.toThrow(/setup "login" failed on the head .*does not speak HTTP\/2 here/);
    expect(shop.logins).toBe(0);
  });

  it('stops at the setup when an h2c-only service is asked over HTTP/1.1, naming http: 2', async () => {
    const shop = await startShop({ protocol: 'h2c' });
    const run = runFlowVariants(flowScenario(shop.url, CLOSED), { rows });
    await expect(run).rejects.toBeInstanceOf(SetupError);
    await expect(run).rejects.toThrow(
      /setup "login" failed on the head .*answered with an HTTP\/2 frame \(SETTINGS\), not HTTP\/1\.1: an HTTP\/2-only \(h2c\) service needs http: 2/,
    );
    expect(shop.logins).toBe(0);
  });

  it.each(['h1', 'h2c'] as const)(
    "%s: latency: ttfb makes a step's first byte its latency, the full time its other measure",
    async (protocol) => {
      // The body's first bytes after 20 ms, its end after 60 ms.
      const server = await listen(protocol, (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        setTimeout(() => res.write('first '), 20);
        setTimeout(() => res.end('last'), 60);
      });
      try {
        const yaml = `
scenarios:
  feed:
    baseUrl: ${server.url}
    executor: constant-vus
    vus: 2
    duration: 1s
    warmup: 100ms
    latency: ttfb
${protocol === 'h2c' ? '    http: 2\n' : ''}    steps: [{ name: read, request: { path: /feed } }]
`;
        const { results, steps } = await runFlowVariants(parseConfig(yaml, 'perfgate.yml').scenarios[0]!);
        const read = steps[0]![0]!;
        expect(read.requests.ko).toBe(0);
        expect(read.latency).toBe('ttfb');
        // libuv fires a timer on the loop's cached millisecond clock, so a 20 ms write can land up
        // to 1 ms early as performance.now() sees it (a clean clone read 19.887).
        expect(read.latencyMs.p50).toBeGreaterThanOrEqual(19);
        expect(read.latencyMs.p50).toBeLessThan(55);
        expect(read.fullMs!.p50).toBeGreaterThanOrEqual(59);
        // The whole iteration is judged on its full time.
        expect(results[0]!.latency).toBeUndefined();
        expect(results[0]!.latencyMs.p50).toBeGreaterThanOrEqual(59);
      } finally {
        await server.close();
      }
    },
  );
});
