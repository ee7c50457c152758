// Services that daemonise (setsid, a node detached spawn, shell job control) leave their process
// group; stopping the group missed them and they outlived perfgate with parent 1. Real daemons.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServices, type RunningServices } from '../../src/adapters/services.js';
import type { ServiceConfig } from '../../src/core/types/config.js';
import { findFreePort } from '../fakes/http.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = path.join(root, 'test/fixtures/services');
const node = JSON.stringify(process.execPath);
const daemon = JSON.stringify(path.join(fixtures, 'daemon.mjs'));

let work: string;
const running: RunningServices[] = [];
const daemons: number[] = [];
beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'perfgate-strays-'));
});
afterEach(async () => {
  for (const services of running.splice(0)) await services.stop();
  // Never leave a daemon behind, even when a test fails before it read the pids.
  for (const name of readdirSync(work).filter((file) => file.endsWith('.pids'))) {
    daemons.push(...readFileSync(path.join(work, name), 'utf8').split('\n').filter(Boolean).map(Number));
    rmSync(path.join(work, name));
  }
  for (const pid of daemons.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

async function pidsFrom(file: string, count: number): Promise<number[]> {
  for (let attempt = 0; attempt < 400; attempt++) {
    if (existsSync(file)) {
      const pids = readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
      if (pids.length >= count) {
        daemons.push(...pids);
        return pids;
      }
    }
    await sleep(25);
  }
  throw new Error(`no ${count} pids in ${file}`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const styles: [string, (pidFile: string) => string][] = [
  ['setsid', (pidFile) => `PID_FILE=${pidFile} setsid ${node} ${daemon} &`],
  [
    'a node detached spawn',
    (pidFile) => `PID_FILE=${pidFile} ${node} ${JSON.stringify(path.join(fixtures, 'spawn-detached.mjs'))}`,
  ],
  [
    'shell job control',
    (pidFile) => `bash -c 'set -m; PID_FILE=${pidFile} ${node} ${daemon} & PID_FILE=${pidFile} ${node} ${daemon} &'`,
  ],
];

describe('a service that daemonises', () => {
  it.each(styles)('%s: every process it started is stopped, and the notice says which', async (style, run) => {
    const pidFile = path.join(work, `${style.replace(/\W+/g, '-')}.pids`);
    const notices: string[] = [];
    const config: ServiceConfig = { name: 'daemonic', run: run(pidFile), env: {}, stopGraceMs: 1000 };
    const services = await startServices([config], {
      baseDir: root,
      logDir: work,
      onNotice: (message) => notices.push(message),
    });
    running.push(services);
    const pids = await pidsFrom(pidFile, style === 'shell job control' ? 2 : 1);
    for (const pid of pids) expect(alive(pid)).toBe(true);
    await services.stop();
    for (const pid of pids) expect(alive(pid), `pid ${pid} (${style})`).toBe(false);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(
      new RegExp(
        `^service "daemonic": stopped ${pids.length} process(es)? that had left its process group \\(daemonised\\): `,
      ),
    );
    for (const pid of pids) expect(notices[0]).toContain(`${pid} (`);
    expect(notices[0]).toContain('daemon.mjs');
  });

  it('a launcher that exits 0 once its daemon runs is ready when the daemon answers, and the daemon stops with it', async () => {
    const port = await findFreePort();
    const pidFile = path.join(work, 'ready.pids');
    const notices: string[] = [];
    const services = await startServices(
      [
        {
          name: 'pm2-like',
          run: `PORT=${port} PID_FILE=${pidFile} setsid ${node} ${daemon} & exit 0`,
          env: {},
          ready: { tcp: `127.0.0.1:${port}`, timeoutMs: 10_000 },
          stopGraceMs: 1000,
        },
      ],
      { baseDir: root, logDir: work, onNotice: (message) => notices.push(message) },
    );
    running.push(services);
    const [pid] = await pidsFrom(pidFile, 1);
    // Left the group, its launcher gone: only the marker ties it to the service.
    expect(parentOf(pid!)).not.toBe(process.pid);
    expect(await accepts(port)).toBe(true);
    await services.stop();
    expect(alive(pid!)).toBe(false);
    expect(await accepts(port)).toBe(false);
    expect(notices.join('\n')).toContain(`${pid} (`);
  });

  it('a service that stays in its group is stopped with no notice', async () => {
    const notices: string[] = [];
    const pidFile = path.join(work, 'plain.pids');
    const services = await startServices(
      [{ name: 'plain', run: `PID_FILE=${pidFile} ${node} ${daemon}`, env: {}, stopGraceMs: 1000 }],
      {
        baseDir: root,
        logDir: work,
        onNotice: (message) => notices.push(message),
      },
    );
    running.push(services);
    const [pid] = await pidsFrom(pidFile, 1);
    await services.stop();
    expect(alive(pid!)).toBe(false);
    expect(notices).toEqual([]);
  });
});
