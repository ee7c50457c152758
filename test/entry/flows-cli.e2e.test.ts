// A flow end to end through the bundled CLI, against the example service: the config's setup
// command writes the data file the flow reads (read after the setup, not refused before it), the
// flow's setup logs in, and the results file holds the flow and each step as scenarios.
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Results } from '../../src/core/types/results.js';
import { findResultsProblem } from '../../src/core/results/read.js';
import { runCli, sharedBundleDir, type CliRun } from '../bundle.js';
import { findFreePort } from '../fakes/http.js';
import { orderFlowYaml } from '../fakes/order-flow.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'perfgate-flows-'));
let cli = '';

beforeAll(() => {
  cli = join(sharedBundleDir(), 'cli.js');
}, 120_000);

function perfgate(args: string[], cwd: string): CliRun {
  return runCli(cli, args, cwd, 90_000);
}

async function flowFolder(name: string, user: string): Promise<string> {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  const port = await findFreePort();
  const writeSkus = `require('fs').writeFileSync('skus.csv', 'sku\\\\nred\\\\nblue\\\\n')`;
  writeFileSync(
    join(dir, 'perfgate.yml'),
    `setup:
  - run: node -e "${writeSkus}"
services:
  - name: orders
    run: node ${JSON.stringify(join(repoRoot, 'examples/orders/server.js'))}
    env: { PORT: "${port}", SERVICE_TIME_MS: "1" }
    ready: { http: "http://127.0.0.1:${port}/health", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:${port}", warmup: 300ms, segment: 1s }
scenarios:
  shop/order:
    executor: constant-vus
    vus: 3
    duration: 1s
${orderFlowYaml(user)}thresholds:
  "shop/order/fetch": ["error_rate<0.01"]
`,
  );
  return dir;
}

/** A shop whose fetch takes `fetchMs` (create 4 ms): head and base differ only there. */
function shopSource(fetchMs: number): string {
  return `import http from 'node:http';
const tokens = new Set(); const orders = new Set(); let next = 0;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
http.createServer(async (req, res) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  const send = (status, body) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
  if (req.url === '/health') return send(200, {});
  if (req.url === '/login') { const token = 't' + Math.random(); tokens.add(token); return send(200, { token }); }
  if (!tokens.has((req.headers.authorization ?? '').slice('Bearer '.length))) return send(401, { error: 'no token' });
  if (req.method === 'POST' && req.url === '/orders') { await sleep(4); const id = ++next; orders.add(String(id)); return send(201, { id }); }
  const id = /^\\/orders\\/(\\d+)$/.exec(req.url)?.[1];
  if (id && orders.has(id)) { await sleep(${fetchMs}); return send(200, { id }); }
  send(404, { error: 'no such order' });
}).listen(Number(process.env.PORT));
`;
}

describe('a flow through the CLI', () => {
  it('reads the data file its setup command writes, and reports the flow and each step', async () => {
    const dir = await flowFolder('ok', 'bench');
    expect(existsSync(join(dir, 'skus.csv'))).toBe(false);
    const check = perfgate(['check'], dir);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toContain('data: skus.csv (written by setup)');

    const { code, stdout, stderr } = perfgate(['run', '-o', 'results.json'], dir);
    expect(code, stderr).toBe(0);
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
    expect(findResultsProblem(results)).toBeUndefined();
    const byName = new Map(results.scenarios.map((s) => [s.name, s]));
    expect([...byName.keys()]).toEqual(['shop/order', 'shop/order/create', 'shop/order/fetch']);
    const flow = byName.get('shop/order')!;
    expect(flow.requests.ko).toBe(0);
    expect(flow.requests.ok).toBeGreaterThan(0);
    expect(byName.get('shop/order/create')!.flow).toEqual({ scenario: 'shop/order', step: 'create' });
    expect(byName.get('shop/order/create')!.statusCodes).toEqual({ '201': flow.requests.ok });
    expect(byName.get('shop/order/fetch')!.statusCodes).toEqual({ '200': flow.requests.ok });
    expect(stdout).toMatch(/✓ error_rate<0\.01 of shop\/order\/fetch: 0\.00%/);
  });

  it('stops with exit 3 when the flow setup fails, naming the step, the status and the body', async () => {
    const dir = await flowFolder('login-fails', '');
    const { code, stderr } = perfgate(['run', '-o', 'results.json'], dir);
    expect(code).toBe(3);
    expect(stderr).toMatch(
      /scenarios\.shop\/order\.setup "login" failed on the head \(http:\/\/127\.0\.0\.1:\d+\): answered 400 \(\{"error":"send \{\\"user\\":\\"<name>\\"\}"\}\)/,
    );
  });

  it('names the one slower step in an A/B gate, and not the others', () => {
    const root = join(work, 'ab');
    for (const [side, fetchMs] of [
      ['head', 16],
      ['base', 8],
    ] as const) {
      const dir = join(root, side, 'perf');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'server.mjs'), shopSource(fetchMs));
      writeFileSync(join(dir, 'skus.csv'), 'sku\nred\nblue\n');
      writeFileSync(
        join(dir, 'perfgate.yml'),
        `services:
  - name: shop
    run: node server.mjs
    ready: { http: "http://127.0.0.1:\${port}/health", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:\${port}", warmup: 300ms, segment: 1s }
compare: { extend: { maxDuration: 0 } }
scenarios:
  shop/order:
    executor: constant-vus
    vus: 4
    duration: 5s
${orderFlowYaml()}`,
      );
    }
    const cwd = join(root, 'head');
    const { code, stdout, stderr } = perfgate(
      [
        'gate',
        '-c',
        'perf/perfgate.yml',
        '--base-dir',
        '../base',
        '-o',
        'results.json',
        '--format',
        'json',
        '--seed',
        '5',
      ],
      cwd,
    );
    expect(code, stderr).toBe(1);
    const comparison = JSON.parse(stdout) as {
      scenarios: { name: string; metrics: { metric: string; verdict: string }[] }[];
    };
    const regressed = new Set(
      comparison.scenarios.filter((s) => s.metrics.some((m) => m.verdict === 'regression')).map((s) => s.name),
    );
    // A step is judged on its latencies and errors; its rate is the flow's.
    const createMetrics = comparison.scenarios.find((s) => s.name === 'shop/order/create')!.metrics;
    expect(createMetrics.map((m) => m.metric)).not.toContain('rps');
    expect(regressed.has('shop/order/fetch')).toBe(true);
    expect(regressed.has('shop/order/create')).toBe(false);
    const results = JSON.parse(readFileSync(join(cwd, 'results.json'), 'utf8')) as Results;
    expect(findResultsProblem(results)).toBeUndefined();
    expect(results.ab?.base?.scenarios.map((s) => s.name)).toEqual([
      'shop/order',
      'shop/order/create',
      'shop/order/fetch',
    ]);
    for (const variant of [results.scenarios, results.ab!.base!.scenarios])
      expect(variant.map((s) => s.requests.ko)).toEqual([0, 0, 0]);
  });
});
