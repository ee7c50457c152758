import { describe, it, expect, beforeAll, afterAll, afterEach } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from 'esbuild';
import { parse as parseYaml } from 'yaml';
import { inheritableEnv, startServices, type RunningServices } from '../../src/adapters/services.js';
import { BootError } from '../../src/core/errors.js';
import type { ServiceConfig } from '../../src/core/types/config.js';
import { findFreePort } from '../fakes/http.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = path.join(root, 'test/fixtures/services');
const node = JSON.stringify(process.execPath);

/** Live members of a process group; zombies waiting for init to reap them do not count. */
function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // A zombie leader whose other threads still run holds its sockets: alive.
      if (Number(fields[2]) === pgid && (fields[0] !== 'Z' || Number(fields[17]) > 1)) members.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return members;
}

function groupAlive(pgid: number): boolean {
  return groupMembers(pgid).length > 0;
}

function processAlive(pid: number): boolean {
  // A zombie still has a /proc entry; once its last thread is gone it is dead for our purposes.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] !== 'Z' || Number(fields[17]) > 1;
  } catch {
    return false;
  }
}

function service(overrides: Partial<ServiceConfig> & { name: string; run: string }): ServiceConfig {
  return { env: {}, stopGraceMs: 2000, ...overrides };
}

function httpReady(port: number, timeoutMs = 10_000): ServiceConfig['ready'] {
  return { http: `http://127.0.0.1:${port}/health`, timeoutMs };
}

async function expectBootError(promise: Promise<unknown>): Promise<BootError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BootError);
  return error as BootError;
}

type Exit = ReturnType<RunningServices['findExited']>;

/** Looks for a dead service every 25 ms, at most 400 times: bounded, and never a wall-clock assert. */
async function waitForExit(
  services: RunningServices,
  until: (found: Exit) => boolean = (found) => found !== undefined,
): Promise<Exit> {
  let found = services.findExited();
  for (let look = 0; look < 400 && !until(found); look++) {
    await sleep(25);
    found = services.findExited();
  }
  return found;
}

let logDir: string;
const running: RunningServices[] = [];

beforeAll(() => {
  logDir = mkdtempSync(path.join(os.tmpdir(), 'perfgate-services-'));
});
afterEach(async () => {
  for (const services of running.splice(0)) await services.stop();
});
afterAll(() => {
  rmSync(logDir, { recursive: true, force: true });
});

describe('startServices', () => {
  it('boots services in order with their env and cwd, logs them, and stops the whole group', async () => {
    const [portA, portB] = [await findFreePort(), await findFreePort()];
    const services = await startServices(
      [
        service({
          name: 'db',
          run: `${node} http-ready.mjs`,
          cwd: 'services',
          env: { PORT: String(portA), GREETING: 'db', WITH_GRANDCHILD: '1' },
          ready: httpReady(portA),
        }),
        service({
          name: 'api',
          run: `${node} ${path.join(fixtures, 'http-ready.mjs')}`,
          env: { PORT: String(portB), GREETING: 'api', READY_DELAY_MS: '300' },
          ready: { tcp: `127.0.0.1:${portB}`, timeoutMs: 10_000 },
        }),
      ],
      { baseDir: path.join(root, 'test/fixtures'), logDir },
    );
    running.push(services);

    expect(services.services.map((s) => s.name)).toEqual(['db', 'api']);
    for (const { pid } of services.services) expect(groupAlive(pid)).toBe(true);
    const dbLog = readFileSync(services.services[0]!.logPath, 'utf8');
    expect(dbLog).toContain('hello from db in ' + fixtures);
    expect(dbLog).toContain(`listening on ${portA}`);
    expect(readFileSync(services.services[1]!.logPath, 'utf8')).toContain('hello from api');
    const grandchild = Number(/grandchild (\d+)/.exec(dbLog)?.[1]);
    expect(processAlive(grandchild)).toBe(true);

    await services.stop();
    for (const { pid } of services.services) expect(groupAlive(pid)).toBe(false);
    expect(processAlive(grandchild)).toBe(false);
    await services.stop(); // a second stop is harmless
  });

  it('considers a service without a readiness check ready once spawned', async () => {
    const services = await startServices([service({ name: 'worker', run: `${node} never-ready.mjs`, cwd: fixtures })], {
      baseDir: root,
      logDir,
    });
    running.push(services);
    expect(groupAlive(services.services[0]!.pid)).toBe(true);
    await services.stop();
    expect(groupAlive(services.services[0]!.pid)).toBe(false);
  });

  it('finds a service that died after its boot, with how it ended and its log; not one that backgrounded its work', async () => {
    const services = await startServices(
      [
        service({ name: 'crash', run: 'sleep 0.3; echo "out of memory"; exit 3' }),
        // The shell exits 0 at once; its background job is the service and lives on.
        service({ name: 'daemon', run: 'sleep 30 & exit 0' }),
        // A hand-off to a daemon perfgate cannot see (docker compose up -d): no death to report.
        service({ name: 'handoff', run: 'exit 0' }),
      ],
      { baseDir: root, logDir },
    );
    running.push(services);
    expect(services.findExited()).toBeUndefined();
    const found = await waitForExit(services, (exit) => exit?.service === 'crash');
    expect(found).toEqual({ service: 'crash', reason: 'exited with code 3', logTail: ['out of memory'] });
    expect(groupAlive(services.services[0]!.pid)).toBe(false);
    expect(groupAlive(services.services[1]!.pid)).toBe(true);
    await services.stop();
    // perfgate's own stop is no death.
    expect(services.findExited()).toBeUndefined();
  });

  it('finds the background work of a daemonising shell once it ends', async () => {
    const services = await startServices([service({ name: 'bg', run: 'sleep 0.5 & exit 0' })], {
      baseDir: root,
      logDir,
    });
    running.push(services);
    const found = await waitForExit(services);
    expect(found).toMatchObject({
      service: 'bg',
      reason: 'stopped: the processes its command left running (it exited 0) are gone',
    });
  });

  it("names a leader killed by a signal, and a shell's 128 + N code", async () => {
    const services = await startServices([service({ name: 'killed', run: 'sleep 0.2; kill -9 $$' })], {
      baseDir: root,
      logDir,
    });
    running.push(services);
    let found = await waitForExit(services);
    expect(found?.reason).toBe('was killed by SIGKILL');
    const shell = await startServices([service({ name: 'oom', run: `sh -c 'kill -9 $$'; exit $?` })], {
      baseDir: root,
      logDir,
    });
    running.push(shell);
    found = await waitForExit(shell);
    expect(found?.reason).toBe('exited with code 137 (128 + SIGKILL: killed)');
  });

  it('SIGKILLs a group that ignores SIGTERM once the grace period is over', async () => {
    const port = await findFreePort();
    const services = await startServices(
      [
        service({
          name: 'stubborn',
          run: `${node} http-ready.mjs`,
          cwd: fixtures,
          env: { PORT: String(port), IGNORE_SIGTERM: '1' },
          ready: httpReady(port),
          stopGraceMs: 300,
        }),
      ],
      { baseDir: root, logDir },
    );
    running.push(services);
    const { pid, logPath } = services.services[0]!;
    await services.stop();
    expect(groupAlive(pid)).toBe(false);
    expect(readFileSync(logPath, 'utf8')).toContain('ignoring SIGTERM');
  });

  it('fails with the exit code and the last 20 log lines when a service exits early, and stops the ones before it', async () => {
    const port = await findFreePort();
    const error = await expectBootError(
      startServices(
        [
          service({
            name: 'db',
            run: `${node} http-ready.mjs`,
            cwd: fixtures,
            env: { PORT: String(port) },
            ready: httpReady(port),
          }),
          service({
            name: 'api',
            run: `${node} exit-early.mjs`,
            cwd: fixtures,
            ready: httpReady(await findFreePort()),
          }),
        ],
        { baseDir: root, logDir },
      ),
    );
    expect(readFileSync(path.join(logDir, 'db.log'), 'utf8')).toContain(`listening on ${port}`);
    expect(error.service).toBe('api');
    expect(error.message).toContain('service "api" exited early with code 3');
    expect(error.logTail).toHaveLength(20);
    expect(error.logTail.at(-1)).toBe('fatal: DATABASE_URL is not set');
    expect(error.logTail[0]).toBe('start-up line 7');
    expect(error.message).toContain('  fatal: DATABASE_URL is not set');
    expect(error.message).toContain(path.join(logDir, 'api.log'));
    // The service that did boot was stopped before the error came out.
    expect(await canConnect(port)).toBe(false);
  });

  it('fails when a service never becomes ready, and leaves nothing running', async () => {
    const port = await findFreePort();
    const error = await expectBootError(
      startServices(
        [service({ name: 'slow', run: `${node} never-ready.mjs`, cwd: fixtures, ready: httpReady(port, 700) })],
        { baseDir: root, logDir },
      ),
    );
    expect(error.service).toBe('slow');
    expect(error.message).toContain('service "slow" was not ready after 700ms');
    expect(error.message).toContain(`GET http://127.0.0.1:${port}/health`);
    expect(error.logTail).toEqual(['warming up forever']);
    // What the last probe saw: nothing listens on the port.
    expect(error.message).toContain('(the last probe: was refused (ECONNREFUSED');
    expect(findProcessesRunning('never-ready.mjs')).toEqual([]);
  });

  it('names the PORT it passed when nothing ever listened on the ready port', async () => {
    // A new user's Python service listened on a port of its own (8000) while perfgate passed it
    // PORT: the message said "was refused" and "check its log", not that PORT was never read.
    const port = await findFreePort();
    const error = await expectBootError(
      startServices(
        [
          service({
            name: 'own-port',
            run: `${node} never-ready.mjs`,
            cwd: fixtures,
            env: { PORT: String(port) },
            ready: httpReady(port, 700),
          }),
        ],
        { baseDir: root, logDir },
      ),
    );
    expect(error.message).toContain('(the last probe: was refused (ECONNREFUSED');
    expect(error.message).toContain(
      `perfgate passed the service PORT=${port}: one that listens on a port of its own is never reached; have it listen on PORT`,
    );
    // A service without PORT in its env is not told about it.
    const other = await findFreePort();
    const without = await expectBootError(
      startServices(
        [service({ name: 'no-port', run: `${node} never-ready.mjs`, cwd: fixtures, ready: httpReady(other, 700) })],
        { baseDir: root, logDir },
      ),
    );
    expect(without.message).not.toContain('PORT');
  });

  it('stops waiting on a ready check answered by the same 4xx, and says what it saw', async () => {
    const port = await findFreePort();
    const error = await expectBootError(
      startServices(
        [
          service({
            name: 'wrong-path',
            run: `${node} http-ready.mjs`,
            cwd: fixtures,
            env: { PORT: String(port) },
            // The fixture answers /health; /healthz gets a 404, which waiting will not change.
            ready: { http: `http://127.0.0.1:${port}/healthz`, timeoutMs: 60_000 },
          }),
        ],
        { baseDir: root, logDir },
      ),
    );
    expect(error.service).toBe('wrong-path');
    expect(error.message).toContain(`GET http://127.0.0.1:${port}/healthz answered 404 Not Found 3 times in a row`);
    expect(error.message).toContain('check ready.http');
    expect(error.message).not.toContain('was not ready after');
    expect(findProcessesRunning('http-ready.mjs')).toEqual([]);
  });

  it('refuses to start when the readiness port already answers', async () => {
    const blocker = net.createServer((socket) => socket.destroy());
    blocker.listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const error = await expectBootError(
        startServices(
          [
            service({
              name: 'api',
              run: `${node} http-ready.mjs`,
              cwd: fixtures,
              env: { PORT: String(port) },
              ready: httpReady(port),
            }),
          ],
          { baseDir: root, logDir },
        ),
      );
      expect(error.message).toBe(
        `service "api": port ${port} is already in use by another process; stop it or change the port`,
      );
    } finally {
      blocker.close();
    }
  });

  it('recognises EADDRINUSE in the log of a service that died on a taken port', async () => {
    const blocker = net.createServer((socket) => socket.destroy());
    blocker.listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const error = await expectBootError(
        startServices(
          [
            service({
              name: 'api',
              run: `${node} port-taken.mjs`,
              cwd: fixtures,
              env: { TAKEN_PORT: String(port) },
              ready: { tcp: `127.0.0.1:${await findFreePort()}`, timeoutMs: 10_000 },
            }),
          ],
          { baseDir: root, logDir },
        ),
      );
      expect(error.message).toContain(
        `service "api": port ${port} is already in use by another process; stop it or change the port`,
      );
      expect(error.logTail.join('\n')).toContain('EADDRINUSE');
    } finally {
      blocker.close();
    }
  });

  it('says so when the command does not exist', async () => {
    const error = await expectBootError(
      startServices(
        [service({ name: 'api', run: 'perfgate-no-such-program --serve', ready: httpReady(await findFreePort()) })],
        { baseDir: root, logDir },
      ),
    );
    expect(error.message).toContain(
      'service "api" exited early with code 127 (command not found: check services[].run)',
    );
    expect(error.logTail.join('\n')).toContain('perfgate-no-such-program');
  });

  it('names a missing working directory', async () => {
    const error = await expectBootError(
      startServices([service({ name: 'api', run: 'true', cwd: 'no/such/dir' })], { baseDir: root, logDir }),
    );
    expect(error.message).toContain(`its working directory ${path.join(root, 'no/such/dir')} does not exist`);
    // A file where the folder should be is not said to be missing.
    const file = await expectBootError(
      startServices([service({ name: 'api', run: 'true', cwd: 'package.json' })], { baseDir: root, logDir }),
    );
    expect(file.message).toContain(`its working directory ${path.join(root, 'package.json')} is a file, not a folder`);
  });

  it('stops what it started when the boot is aborted', async () => {
    const controller = new AbortController();
    const port = await findFreePort();
    setTimeout(() => controller.abort(new Error('interrupted by the test')), 400);
    const error = await startServices(
      [service({ name: 'slow', run: `${node} never-ready.mjs`, cwd: fixtures, ready: httpReady(port, 20_000) })],
      { baseDir: root, logDir, signal: controller.signal },
    ).then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );
    expect(error?.message).toBe('interrupted by the test');
    expect(findProcessesRunning('never-ready.mjs')).toEqual([]);
  });

  it('removes its signal and exit handlers on stop', async () => {
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM'), process.listenerCount('exit')];
    const services = await startServices([service({ name: 'worker', run: `${node} never-ready.mjs`, cwd: fixtures })], {
      baseDir: root,
      logDir,
    });
    running.push(services);
    expect(process.listenerCount('SIGINT')).toBe(before[0]! + 1);
    await services.stop();
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM'), process.listenerCount('exit')]).toEqual(
      before,
    );
  });
});

describe('no orphans when perfgate itself is interrupted', () => {
  let bundle: string;
  let tmp: string;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'perfgate-bundle-'));
    bundle = path.join(tmp, 'services.mjs');
    await build({
      entryPoints: [path.join(root, 'src/adapters/services.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: bundle,
      logLevel: 'silent',
    });
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  async function bootInChild(
    mode: 'wait' | 'exit',
  ): Promise<{ child: ReturnType<typeof spawn>; pids: number[]; grandchild: number }> {
    const port = await findFreePort();
    const configs = [
      service({ name: 'db', run: `${node} never-ready.mjs`, cwd: fixtures }),
      service({
        name: 'api',
        run: `${node} http-ready.mjs`,
        cwd: fixtures,
        env: { PORT: String(port), WITH_GRANDCHILD: '1' },
        ready: httpReady(port),
      }),
    ];
    const child = spawn(process.execPath, [path.join(fixtures, 'boot-and-wait.mjs'), bundle, JSON.stringify(configs)], {
      env: { ...process.env, LOG_DIR: path.join(tmp, mode), MODE: mode },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    const [line] = await new Promise<string[]>((resolve, reject) => {
      child.stdout.on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('\n')) resolve(output.split('\n'));
      });
      child.once('exit', (code) => reject(new Error(`child exited with ${code} before booting: ${output}`)));
    });
    const pids = (JSON.parse(line!) as { pid: number }[]).map((s) => s.pid);
    const grandchild = Number(/grandchild (\d+)/.exec(readFileSync(path.join(tmp, mode, 'api.log'), 'utf8'))?.[1]);
    return { child, pids, grandchild };
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal}: every service group is stopped and the signal still ends perfgate`, async () => {
      const { child, pids, grandchild } = await bootInChild('wait');
      for (const pid of pids) expect(groupAlive(pid)).toBe(true);
      expect(processAlive(grandchild)).toBe(true);
      const exited = once(child, 'exit');
      child.kill(signal);
      const [code, exitSignal] = (await exited) as [number | null, NodeJS.Signals | null];
      expect({ code, exitSignal }).toEqual({ code: null, exitSignal: signal });
      for (const pid of pids) expect(groupAlive(pid)).toBe(false);
      expect(processAlive(grandchild)).toBe(false);
    });
  }

  it('SIGINT while a service is still booting stops it too', async () => {
    const port = await findFreePort();
    const configs = [
      service({ name: 'db', run: `${node} never-ready.mjs`, cwd: fixtures }),
      service({
        name: 'api',
        run: `${node} http-ready.mjs`,
        cwd: fixtures,
        env: { PORT: String(port), WITH_GRANDCHILD: '1', READY_DELAY_MS: '60000' },
        ready: httpReady(port, 60_000),
      }),
    ];
    const logs = path.join(tmp, 'booting');
    const child = spawn(process.execPath, [path.join(fixtures, 'boot-and-wait.mjs'), bundle, JSON.stringify(configs)], {
      env: { ...process.env, LOG_DIR: logs, MODE: 'wait' },
      stdio: 'ignore',
    });
    const exited = once(child, 'exit');
    let grandchild = 0;
    for (let attempt = 0; attempt < 200 && !grandchild; attempt += 1) {
      await sleep(25);
      const log = existsSync(path.join(logs, 'api.log')) ? readFileSync(path.join(logs, 'api.log'), 'utf8') : '';
      grandchild = Number(/grandchild (\d+)/.exec(log)?.[1] ?? 0);
    }
    expect(grandchild).toBeGreaterThan(0);
    const stat = readFileSync(`/proc/${grandchild}/stat`, 'utf8');
    const apiGroup = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    expect(groupAlive(apiGroup)).toBe(true);
    child.kill('SIGINT');
    const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGINT' });
    expect(groupAlive(apiGroup)).toBe(false);
    expect(findProcessesRunning('never-ready.mjs')).toEqual([]);
  });

  it('process.exit without stop(): the exit hook SIGKILLs the groups', async () => {
    const { child, pids, grandchild } = await bootInChild('exit');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(7);
    // SIGKILL is asynchronous in the kernel: give it a moment, bounded.
    for (let attempt = 0; attempt < 100 && pids.some(groupAlive); attempt += 1) await sleep(20);
    for (const pid of pids) expect(groupAlive(pid)).toBe(false);
    expect(processAlive(grandchild)).toBe(false);
  });
});

describe('examples/orders', () => {
  const exampleDir = path.join(root, 'examples/orders');
  let services: RunningServices;
  let baseUrl: string;

  async function bootExample(
    env: Record<string, string>,
    track = true,
  ): Promise<{ services: RunningServices; baseUrl: string }> {
    const port = await findFreePort();
    const booted = await startServices(
      [
        service({
          name: 'orders',
          run: `${node} server.js`,
          env: { PORT: String(port), ...env },
          ready: httpReady(port),
        }),
      ],
      { baseDir: exampleDir, logDir },
    );
    if (track) running.push(booted);
    return { services: booted, baseUrl: `http://127.0.0.1:${port}` };
  }

  beforeAll(async () => {
    ({ services, baseUrl } = await bootExample({ SERVICE_TIME_MS: '1' }, false));
  });
  afterAll(async () => {
    await services.stop();
  });

  it('answers every endpoint', async () => {
    expect(readFileSync(services.services[0]!.logPath, 'utf8')).toMatch(/^listening on \d+$/m);
    expect((await fetch(`${baseUrl}/health`)).status).toBe(200);

    const aggregate = (await (await fetch(`${baseUrl}/orders`)).json()) as {
      orders: number;
      averageVolume: number;
      byStatus: Record<string, number>;
    };
    expect(aggregate.orders).toBe(5000);
    expect(aggregate.averageVolume).toBeGreaterThan(0);
    expect(Object.values(aggregate.byStatus).reduce((a, b) => a + b, 0)).toBe(5000);

    const order = (await (await fetch(`${baseUrl}/orders/42`)).json()) as { id: number; lines: unknown[] };
    expect(order.id).toBe(42);
    expect(order.lines.length).toBeGreaterThan(0);
    expect((await fetch(`${baseUrl}/orders/999999`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/orders/abc`)).status).toBe(404);

    const query = await fetch(`${baseUrl}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ q: 'Acme' }),
    });
    const found = (await query.json()) as { total: number; orders: { customer: string }[] };
    expect(found.total).toBeGreaterThan(0);
    expect(found.orders.length).toBe(Math.min(20, found.total));
    expect(found.orders.every((o) => o.customer === 'Acme' || JSON.stringify(o).toLowerCase().includes('acme'))).toBe(
      true,
    );
    expect((await fetch(`${baseUrl}/query`, { method: 'POST', body: 'not json' })).status).toBe(400);
    expect((await fetch(`${baseUrl}/query`)).status).toBe(405);
    expect((await fetch(`${baseUrl}/nope`)).status).toBe(404);
  });

  it('stops gracefully on SIGTERM', async () => {
    const { services: own } = await bootExample({});
    await own.stop();
    expect(readFileSync(own.services[0]!.logPath, 'utf8')).toMatch(/SIGTERM: shutting down\nclosed\n/);
  });

  async function completionOrderMs(url: string, count: number): Promise<number[]> {
    const start = performance.now();
    return Promise.all(
      Array.from({ length: count }, async () => {
        const response = await fetch(url);
        await response.arrayBuffer();
        return performance.now() - start;
      }),
    ).then((times) => times.sort((a, b) => a - b));
  }

  it('LATCH=1 serializes the service time; without it requests overlap', async () => {
    const serviceTimeMs = 200;
    const latched = await bootExample({ LATCH: '1', SERVICE_TIME_MS: String(serviceTimeMs) });
    const open = await bootExample({ SERVICE_TIME_MS: String(serviceTimeMs) });
    // Warm the connections so the first measurement is not a connect.
    await completionOrderMs(`${latched.baseUrl}/orders/1`, 1);
    await completionOrderMs(`${open.baseUrl}/orders/1`, 1);

    const serial = await completionOrderMs(`${latched.baseUrl}/orders/1`, 4);
    // Each request waits for the one before it: the last ends at least 4 service times later.
    expect(serial.at(-1)!).toBeGreaterThanOrEqual(4 * serviceTimeMs - 10);
    const parallel = await completionOrderMs(`${open.baseUrl}/orders/1`, 4);
    expect(parallel.at(-1)!).toBeLessThan(serial.at(-1)! * 0.75);
  });

  it('EXTRA_DELAY_MS adds to the service time', async () => {
    const slow = await bootExample({ SERVICE_TIME_MS: '0', EXTRA_DELAY_MS: '150' });
    const [elapsedMs] = await completionOrderMs(`${slow.baseUrl}/orders`, 1);
    expect(elapsedMs).toBeGreaterThanOrEqual(145);
  });

  it('perfgate.yml boots this server and feeds its templates from data files with those columns', () => {
    const text = readFileSync(path.join(exampleDir, 'perfgate.yml'), 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../schema/perfgate.schema.json');
    const config = parseYaml(text) as {
      services: { name: string; run: string; env: Record<string, string>; ready: { http: string } }[];
      defaults: { baseUrl: string; warmup: string };
      scenarios: Record<
        string,
        {
          executor: string;
          request?: { path: string; json?: unknown };
          steps?: { request: unknown }[];
          data: { file: string };
        }
      >;
      thresholds: Record<string, string[]>;
    };
    const [orders] = config.services;
    expect(orders?.run).toBe('node server.js');
    expect(orders?.ready.http).toBe(`http://127.0.0.1:${orders?.env.PORT}/health`);
    expect(config.defaults.baseUrl).toBe(`http://127.0.0.1:${orders?.env.PORT}`);
    const executors = Object.values(config.scenarios).map((s) => s.executor);
    expect(executors).toContain('constant-arrival-rate');
    expect(executors).toContain('constant-vus');
    for (const scenario of Object.values(config.scenarios)) {
      const file = path.join(exampleDir, scenario.data.file);
      expect(existsSync(file)).toBe(true);
      const [header, ...rows] = readFileSync(file, 'utf8').trim().split('\n');
      expect(rows.length).toBeGreaterThan(10);
      // A flow's rows feed its steps' requests.
      const requests = scenario.request ?? scenario.steps?.map((step) => step.request);
      const used = [...JSON.stringify(requests).matchAll(/\$\{row\.(\w+)\}/g)].map((m) => m[1]);
      expect(used.length).toBeGreaterThan(0);
      for (const column of used) expect(header!.split(',')).toContain(column);
    }
    expect(Object.keys(config.thresholds)).toEqual(['orders/*']);
  });

  it('every key in keys.csv names an existing order', async () => {
    const ids = readFileSync(path.join(exampleDir, 'data/keys.csv'), 'utf8').trim().split('\n').slice(1);
    const statuses = await Promise.all(
      ids.slice(0, 50).map(async (id) => (await fetch(`${baseUrl}/orders/${id}`)).status),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(Math.max(...ids.map(Number))).toBeLessThanOrEqual(5000);
  });
});

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      // A self-connect (source port = this free port) is not a listener.
      resolve(socket.localPort !== socket.remotePort);
      socket.destroy();
    });
    socket.once('error', () => resolve(false));
  });
}

/** Live (non-zombie) processes whose command line mentions the fixture. */
function findProcessesRunning(fixture: string): number[] {
  const found: number[] = [];
  for (const entry of readdirNumeric()) {
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (
        cmdline.includes(path.join(fixtures, fixture)) ||
        cmdline.includes(`\0${fixture}`) ||
        cmdline.endsWith(` ${fixture}`)
      ) {
        if (processAlive(Number(entry))) found.push(Number(entry));
      }
    } catch {
      // gone
    }
  }
  return found;
}

function readdirNumeric(): string[] {
  return readdirSyncSafe('/proc').filter((name) => /^\d+$/.test(name));
}

function readdirSyncSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

describe('inheritableEnv', () => {
  it('keeps the environment but not the action inputs and the runner tokens', () => {
    const env = {
      PATH: '/usr/bin',
      DATABASE_URL: 'postgres://localhost/test',
      GITHUB_SHA: 'abc',
      'INPUT_SLACK-WEBHOOK-URL': 'https://hooks.slack.example/T/B/x',
      'INPUT_GITHUB-TOKEN': 'ghs_secret',
      ACTIONS_RUNTIME_TOKEN: 'runtime',
      ACTIONS_RUNTIME_URL: 'https://runtime.example',
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc',
      ACTIONS_RESULTS_URL: 'https://results.example',
      ACTIONS_CACHE_URL: 'https://cache.example',
    };
    expect(inheritableEnv(env)).toEqual({
      PATH: '/usr/bin',
      DATABASE_URL: 'postgres://localhost/test',
      GITHUB_SHA: 'abc',
    });
  });
});
