// A flow end to end through the bundled CLI, against the example service: the config's setup
// command writes the data file the flow reads (read after the setup, not refused before it), the
// flow's setup logs in, and the results file holds the flow and each step as scenarios.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Results } from '../../src/core/types/results.js';
import { findResultsProblem } from '../../src/core/results/read.js';
import { sharedBundleDir } from '../bundle.js';
import { findFreePort } from '../fakes/http.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'perfgate-flows-'));
let cli = '';

beforeAll(() => {
  cli = join(sharedBundleDir(), 'cli.js');
}, 120_000);

function perfgate(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', timeout: 90_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
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
    setup:
      - name: login
        request: { method: POST, path: /login, json: { user: ${JSON.stringify(user)} } }
        capture: { token: "$.token" }
    steps:
      - name: create
        request: { method: POST, path: /orders, headers: { authorization: "Bearer \${vars.token}" }, json: { sku: "\${row.sku}" } }
        capture: { id: "$.id" }
      - name: fetch
        request: { method: GET, path: "/orders/\${vars.id}", headers: { authorization: "Bearer \${vars.token}" } }
    data: { file: skus.csv }
thresholds:
  "shop/order/fetch": ["error_rate<0.01"]
`,
  );
  return dir;
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
});
