// Issue 37 through the bundled CLI: a unary gRPC scenario runs and gates in A/B. Head and base
// checkouts each boot the same @grpc/grpc-js service (test/fakes/grpc-server.mjs) on a port of
// their own; a head 20 ms slower fails the gate on p50, the same service on both sides (A/A)
// passes; and a run in which every call failed exits 1 whatever the thresholds say.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Results } from '../../src/core/types/results.js';
import { findResultsProblem } from '../../src/core/results/read.js';
import { sharedBundleDir } from '../bundle.js';
import { USERS_PROTO } from '../fakes/grpc-server.mjs';

const SERVER = resolve(import.meta.dirname, '../fakes/grpc-server.mjs');
const work = mkdtempSync(join(tmpdir(), 'perfgate-grpc-'));
let cli = '';
beforeAll(() => {
  cli = join(sharedBundleDir(), 'cli.js');
}, 120_000);

// The same config on both sides (A/B runs the head's); the service time is the checkout's code.
const CONFIG = `services:
  - name: users
    run: node server.mjs
    ready: { tcp: "127.0.0.1:\${port}", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:\${port}", warmup: 300ms, segment: 1s }
compare: { schedule: duet, extend: { maxDuration: 0 } }
scenarios:
  users:
    executor: constant-vus
    vus: 4
    duration: 4s
    grpc:
      proto: users.proto
      service: users.v1.Users
      method: GetUser
      message: { id: "42", tier: PRO }
      metadata: { x-tenant: acme }
`;

/** head/perf and base/perf, each with perfgate.yml and the proto; the service time differs. */
function checkouts(name: string, headDelayMs: number, baseDelayMs: number): string {
  for (const [side, delayMs] of [
    ['head', headDelayMs],
    ['base', baseDelayMs],
  ] as const) {
    const dir = join(work, name, side, 'perf');
    mkdirSync(dir, { recursive: true });
    copyFileSync(USERS_PROTO, join(dir, 'users.proto'));
    writeFileSync(join(dir, 'perfgate.yml'), CONFIG);
    writeFileSync(
      join(dir, 'server.mjs'),
      `import { startGrpcServer } from ${JSON.stringify(SERVER)};\nawait startGrpcServer({ port: Number(process.env.PORT), delayMs: ${delayMs} });\n`,
    );
  }
  return join(work, name, 'head');
}

function perfgate(cwd: string, args: string[]) {
  return spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
}

function gate(head: string) {
  const child = perfgate(head, [
    'gate',
    '-c',
    'perf/perfgate.yml',
    '--baseline-dir',
    '.perfgate',
    '-o',
    'results.json',
    '--base-dir',
    '../base',
    '--format',
    'json',
    '--seed',
    '5',
  ]);
  const file = join(head, 'results.json');
  const results = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Results) : undefined;
  if (results) expect(findResultsProblem(results)).toBeUndefined();
  let regressions: { scenario: string; metric: string }[] = [];
  try {
    regressions = (JSON.parse(child.stdout) as { regressions?: typeof regressions }).regressions ?? [];
  } catch {
    // Not JSON: the assertions below show stdout.
  }
  return { code: child.status, stdout: child.stdout, stderr: child.stderr, results, regressions };
}

describe('A unary gRPC scenario runs and gates in A/B', () => {
  it('fails a head 20 ms slower than its base on p50, with no failed call on either side', () => {
    const run = gate(checkouts('slow-head', 22, 2));
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const head = run.results!.scenarios[0]!;
    const base = run.results!.ab!.base.scenarios[0]!;
    for (const side of [head, base]) {
      expect(side.protocol).toEqual({ asked: 'grpc', spoken: 'h2c' });
      expect(side.requests.ko).toBe(0);
      expect(side.requests.ok).toBeGreaterThan(100);
      expect(side.segments).toHaveLength(4);
    }
    expect(head.latencyMs.p50).toBeGreaterThan(base.latencyMs.p50 + 15);
    expect(run.regressions.map((regression) => `${regression.scenario}:${regression.metric}`)).toContain('users:p50');
  }, 120_000);

  it('passes the same service on both sides (A/A)', () => {
    const run = gate(checkouts('same', 2, 2));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.regressions).toEqual([]);
    expect(run.results!.scenarios[0]!.requests.ko).toBe(0);
  }, 120_000);

  it('exits 1 when every call failed (grpc:UNAVAILABLE), and the report says gRPC', () => {
    const dir = join(work, 'down');
    mkdirSync(dir, { recursive: true });
    copyFileSync(USERS_PROTO, join(dir, 'users.proto'));
    // Port 9 (discard): nothing listens on loopback there.
    writeFileSync(
      join(dir, 'perfgate.yml'),
      `defaults: { baseUrl: "http://127.0.0.1:9", warmup: 0s }
scenarios:
  users:
    executor: constant-vus
    vus: 1
    duration: 1s
    grpc: { proto: users.proto, service: users.v1.Users, method: GetUser }
`,
    );
    const run = perfgate(dir, ['run', '-c', 'perfgate.yml', '-o', 'results.json', '--log-dir', 'logs']);
    expect(run.status, run.stdout + run.stderr).toBe(1);
    const users = (JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results).scenarios[0]!;
    expect(users.requests.ok).toBe(0);
    expect(users.errors).toEqual({ 'grpc:UNAVAILABLE': users.requests.ko });
    expect(run.stdout).toContain('gRPC (h2c)');
    expect(run.stdout).toMatch(/no request succeeded .*grpc:UNAVAILABLE/);
  }, 60_000);
});
