// Faults the bundled CLI must survive with its verdict: the built bundle is spawned as a user runs
// it, against loopback targets that misbehave.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join, resolve } from 'node:path';
import { createServer } from 'node:http';
import { createServer as createHttp2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { Results } from '../../src/core/types/results.js';
import { findFreePort } from '../fakes/http.js';
import { makeResults } from '../core/fixtures.js';
import { sharedBundleDir, startCli, type CliRun } from '../bundle.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'perfgate-faults-'));
let cli = '';

beforeAll(() => {
  cli = join(sharedBundleDir(), 'cli.js');
}, 120_000);

/** Runs the bundled CLI without blocking this process, so loopback servers in it keep answering. */
function runCli(args: string[], whileRunning?: (child: ChildProcess) => Promise<void>): Promise<CliRun> {
  return startCli(cli, args, work, 60_000, whileRunning);
}

describe('a service that refuses connections', () => {
  it('open model at 500/s: every request ECONNREFUSED, results written, exit 1 with or without thresholds', async () => {
    const port = await findFreePort();
    const scenarios = `scenarios:
  open:
    executor: constant-arrival-rate
    rate: 500/s
    duration: 1s
    request: { path: /x }
  closed:
    executor: constant-vus
    vus: 2
    duration: 500ms
    request: { path: /x }
`;
    const defaults = `defaults: { baseUrl: "http://127.0.0.1:${port}", warmup: 200ms, segment: 1s }\n`;
    const gated = join(work, 'refused-gated.yml');
    writeFileSync(gated, `${defaults}${scenarios}thresholds:\n  "*": ["error_rate<0.01"]\n`);
    const output = join(work, 'refused.json');
    const failed = await runCli(['run', '-c', gated, '-o', output, '--log-dir', join(work, 'logs')]);
    expect(failed.stderr).not.toMatch(/AssertionError/);
    expect(failed.code, failed.stderr).toBe(1);
    const results = JSON.parse(readFileSync(output, 'utf8')) as Results;
    expect(results.scenarios.map((scenario) => scenario.name)).toEqual(['open', 'closed']);
    for (const scenario of results.scenarios) {
      expect(scenario.requests.ok).toBe(0);
      expect(scenario.requests.ko).toBeGreaterThan(0);
      expect(scenario.errors).toEqual({ ECONNREFUSED: scenario.requests.ko });
    }
    expect(results.scenarios[0]!.requests.total).toBeGreaterThan(400);

    const ungated = join(work, 'refused-ungated.yml');
    writeFileSync(ungated, `${defaults}${scenarios}`);
    const passed = await runCli([
      'run',
      '-c',
      ungated,
      '-o',
      join(work, 'refused-ungated.json'),
      '--log-dir',
      join(work, 'logs'),
    ]);
    // Nothing succeeded: no threshold is needed to call that a failure (it was "✓ PASS — no thresholds set").
    expect(passed.code, passed.stderr).toBe(1);
    expect(passed.stdout).toMatch(
      /✗ a request succeeded of open: — no request succeeded \(\d+ of \d+ failed; ECONNREFUSED \d+\)/,
    );
    expect(passed.stdout).toContain('perfgate run: ✗ FAIL');
    expect(passed.stdout).not.toContain('PASS');
  }, 90_000);
});

describe('nothing or most failed, without thresholds', () => {
  const config = (port: number) =>
    `defaults: { baseUrl: "http://127.0.0.1:${port}", warmup: 0s, segment: 1s }
scenarios:
  api:
    executor: constant-vus
    vus: 2
    duration: 1s
    request: { path: /x }
`;

  it('an HTTP/2-only server: every request fails, run and compare say FAIL (exit 1), never a green pass', async () => {
    const server = createHttp2Server((_request, response) => response.end('h2 only'));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as AddressInfo).port;
    try {
      const file = join(work, 'h2.yml');
      writeFileSync(file, config(port));
      const output = join(work, 'h2.json');
      const ran = await runCli(['run', '-c', file, '-o', output, '--log-dir', join(work, 'logs')]);
      expect(ran.code, ran.stdout + ran.stderr).toBe(1);
      expect(ran.stdout).toMatch(/no request succeeded \((\d+) of \1 failed/);
      const results = JSON.parse(readFileSync(output, 'utf8')) as Results;
      expect(results.scenarios[0]!.requests.ok).toBe(0);
      expect(results.scenarios[0]!.requests.ko).toBeGreaterThan(0);
      // The same file judged again: compare (against itself) and report fail it too.
      const compared = await runCli(['compare', '--baseline', output, '--current', output, '-c', file]);
      expect(compared.code, compared.stdout + compared.stderr).toBe(1);
      expect(compared.stdout).toMatch(/FAIL/);
    } finally {
      server.close();
    }
  }, 90_000);

  it('http: 2 (h2c) against an HTTP/1.1 server fails every request EPROTO, exit 1; against an h2c server it passes and says HTTP/2', async () => {
    const h1 = createServer((_request, response) => response.end('h1 only'));
    await new Promise<void>((done) => h1.listen(0, '127.0.0.1', done));
    const h2 = createHttp2Server((_request, response) => response.end('h2'));
    await new Promise<void>((done) => h2.listen(0, '127.0.0.1', done));
    try {
      const h2config = (port: number) => config(port).replace('warmup: 0s,', 'warmup: 0s, http: 2,');
      const mismatch = join(work, 'h2c-mismatch.yml');
      writeFileSync(mismatch, h2config((h1.address() as AddressInfo).port));
      const failed = await runCli([
        'run',
        '-c',
        mismatch,
        '-o',
        join(work, 'h2c-mismatch.json'),
        '--log-dir',
        join(work, 'logs'),
      ]);
      expect(failed.code, failed.stdout + failed.stderr).toBe(1);
      expect(failed.stdout).toMatch(/no request succeeded \((\d+) of \1 failed; EPROTO \1\)/);
      expect(failed.stdout).not.toContain('PASS');
      const matching = join(work, 'h2c.yml');
      writeFileSync(matching, h2config((h2.address() as AddressInfo).port));
      const output = join(work, 'h2c.json');
      const passed = await runCli(['run', '-c', matching, '-o', output, '--log-dir', join(work, 'logs')]);
      expect(passed.code, passed.stdout + passed.stderr).toBe(0);
      expect(passed.stdout).toContain('HTTP/2 (h2c)');
      const results = JSON.parse(readFileSync(output, 'utf8')) as Results;
      expect(results.scenarios[0]!.protocol).toEqual({ asked: '2', spoken: 'h2c' });
      expect(results.scenarios[0]!.requests.ko).toBe(0);
    } finally {
      h1.closeAllConnections();
      h1.close();
      h2.close();
    }
  }, 90_000);

  it(`mostly failed (3 of 5 answered 500) fails at the default ceiling; 1 of 5 passes; compare.maxErrorRate moves it`, async () => {
    let failEvery = 0;
    let count = 0;
    const server = createServer((_request, response) => {
      count += 1;
      response.statusCode = count % 5 < failEvery ? 500 : 200;
      response.end('x');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as AddressInfo).port;
    try {
      const file = join(work, 'mostly.yml');
      writeFileSync(file, config(port));
      const raised = join(work, 'mostly-raised.yml');
      writeFileSync(raised, `${config(port)}compare: { maxErrorRate: 70% }\n`);
      const run = (path: string, name: string) =>
        runCli(['run', '-c', path, '-o', join(work, `${name}.json`), '--log-dir', join(work, 'logs')]);
      failEvery = 3;
      const over = await run(file, 'mostly-over');
      expect(over.code, over.stdout + over.stderr).toBe(1);
      expect(over.stdout).toMatch(
        /✗ error_rate<=0\.5 \(compare\.maxErrorRate\) of api: — \d+ of \d+ requests failed \(60(\.\d)?%; HTTP 500/,
      );
      const allowed = await run(raised, 'mostly-raised');
      expect(allowed.code, allowed.stdout + allowed.stderr).toBe(0);
      failEvery = 1;
      const under = await run(file, 'mostly-under');
      expect(under.code, under.stdout + under.stderr).toBe(0);
      expect(under.stdout).toContain('✓ PASS — no thresholds set');
    } finally {
      server.close();
    }
  }, 90_000);
});

describe('damaged results and baseline files', () => {
  const good = makeResults({ seed: 1, scenarios: [{ name: 'api', segments: 12, ratePerSec: 50 }] });
  const damaged = JSON.parse(JSON.stringify(good)) as Results;
  damaged.scenarios[0]!.segments[2]!.histogram = 'aGVsbG8gd29ybGQ=';
  const goodPath = join(work, 'good.json');
  const damagedPath = join(work, 'damaged.json');
  writeFileSync(goodPath, JSON.stringify(good));
  writeFileSync(damagedPath, JSON.stringify(damaged));

  it('compare: a damaged baseline is judged on thresholds, named, with the way to replace it', async () => {
    const { code, stdout, stderr } = await runCli(['compare', '--baseline', damagedPath, '--current', goodPath]);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('baseline corrupt');
    expect(stdout).toMatch(/results\.scenarios\[0\]\.segments\[2\]\.histogram does not decode/);
    expect(stdout).toContain(`delete ${damagedPath}`);
  });

  it('compare: a damaged current results file is a usage error naming the part', async () => {
    const { code, stderr } = await runCli(['compare', '--baseline', goodPath, '--current', damagedPath]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/damaged\.json: damaged: results\.scenarios\[0\]\.segments\[2\]\.histogram does not decode/);
    expect(stderr).not.toMatch(/at .*\.js:\d+/);
  });
});

describe('a service that daemonises with setsid', () => {
  const pidFile = join(work, 'setsid.pids');
  afterAll(() => {
    // Should perfgate miss it, the test still must not leave it behind.
    for (const pid of existsSync(pidFile)
      ? readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number)
      : []) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone, as it should be
      }
    }
  });

  it('is gone after perfgate exits, and perfgate says what it stopped', async () => {
    const port = await findFreePort();
    const daemon = JSON.stringify(join(repoRoot, 'test/fixtures/services/daemon.mjs'));
    const config = join(work, 'setsid.yml');
    writeFileSync(
      config,
      `services:
  - name: daemonic
    run: PORT=${port} PID_FILE=${pidFile} setsid ${JSON.stringify(process.execPath)} ${daemon} & exit 0
    ready: { tcp: "127.0.0.1:${port}", timeout: 10s }
defaults: { baseUrl: "http://127.0.0.1:${port}", warmup: 0s, segment: 1s }
scenarios:
  a: { executor: constant-vus, vus: 2, duration: 500ms, request: { path: / } }
`,
    );
    const run = await runCli([
      'run',
      '-c',
      config,
      '-o',
      join(work, 'setsid.json'),
      '--log-dir',
      join(work, 'logs-setsid'),
    ]);
    const pids = readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number);
    expect(pids).toHaveLength(1);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(`/proc/${pids[0]}`) && !/\) Z/.test(readFileSync(`/proc/${pids[0]}/stat`, 'utf8'))).toBe(false);
    expect(run.stderr).toMatch(
      new RegExp(
        `service "daemonic": stopped 1 process that had left its process group \\(daemonised\\): ${pids[0]} \\(node daemon\\.mjs\\)`,
      ),
    );
  }, 60_000);
});

describe('Ctrl-C while the services boot', () => {
  it('exits 130 (interrupted), not 3, and stops the service', async () => {
    const port = await findFreePort();
    const logDir = join(work, 'logs-boot');
    const config = join(work, 'boot.yml');
    writeFileSync(
      config,
      `services:
  - name: slow
    run: ${process.execPath} ${join(repoRoot, 'test/fixtures/services/never-ready.mjs')}
    ready: { http: "http://127.0.0.1:${port}/health", timeout: 30s }
defaults: { baseUrl: "http://127.0.0.1:${port}", warmup: 0s, segment: 1s }
scenarios:
  a: { executor: constant-vus, vus: 1, duration: 1s, request: { path: / } }
`,
    );
    const run = await runCli(
      ['run', '-c', config, '-o', join(work, 'boot.json'), '--log-dir', logDir],
      async (child) => {
        // Bounded: the service writes its first line at once.
        const log = join(logDir, 'slow.log');
        for (
          let attempt = 0;
          attempt < 200 && !(existsSync(log) && readFileSync(log, 'utf8').includes('warming up forever'));
          attempt++
        )
          await sleep(50);
        child.kill('SIGINT');
      },
    );
    expect(run.code, run.stderr).toBe(130);
    expect(run.stderr).toContain('interrupted while the services were booting: nothing was measured');
    expect(run.stderr).not.toContain('This operation was aborted');
  }, 60_000);
});
