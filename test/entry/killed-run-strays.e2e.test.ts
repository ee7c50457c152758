// SIGKILL of perfgate stops nothing: its services (their own process groups) outlived it, holding
// their ports. The next run in the same folder finds them by the owner variable in their
// environment, whose perfgate is gone, stops them and says so; a live run's services are never touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { findFreePort } from '../fakes/http.js';
import { isAlive, serverSource, startedIn } from '../fakes/ab-checkouts.js';
import { findOrphanedServices } from '../../src/adapters/service-strays.js';
import { sharedBundleDir } from '../bundle.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-strays-'));
let cli = '';
const leftovers: number[] = [];

beforeAll(() => {
  cli = join(sharedBundleDir(), 'cli.js');
}, 120_000);

afterAll(() => {
  // Should perfgate miss them, the test must still not leave them behind.
  for (const pid of leftovers) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
});

function start(config: string) {
  const child = spawn(process.execPath, [cli, 'run', '-c', config, '-o', join(work, 'out.json')], {
    cwd: work,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const closed = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  return { child, closed, stderr: () => stderr };
}

function config(name: string, port: number, duration: string): string {
  const path = join(work, name);
  writeFileSync(
    path,
    `services:
  - name: api
    run: PORT=${port} node server.mjs
    ready: { http: "http://127.0.0.1:${port}/health", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:${port}", warmup: 0s, segment: 1s }
scenarios:
  api:
    executor: constant-vus
    vus: 1
    duration: ${duration}
    request: { path: /x }
`,
  );
  return path;
}

describe('services of a perfgate run that was killed', () => {
  it('are found and stopped by the next run in the folder, which says so', async () => {
    writeFileSync(join(work, 'server.mjs'), serverSource(1));
    const port = await findFreePort();
    const killed = start(config('long.yml', port, '60s'));
    // Wait until the service is up and the load is on, then kill perfgate outright.
    for (let i = 0; i < 200 && !killed.stderr().includes('ready'); i++) await sleep(50);
    for (let i = 0; i < 200 && startedIn(work).length === 0; i++) await sleep(50);
    await sleep(500);
    const services = startedIn(work);
    expect(services).toHaveLength(1);
    leftovers.push(...services.map((s) => s.pid));
    killed.child.kill('SIGKILL');
    await killed.closed;
    // perfgate is gone, its service is not: an orphan of this folder, and only of this folder.
    expect(isAlive(services[0]!.pid)).toBe(true);
    expect(findOrphanedServices(work).map((s) => s.pid)).toContain(services[0]!.pid);
    expect(findOrphanedServices(tmpdir())).toEqual([]);

    const next = start(config('short.yml', await findFreePort(), '1s'));
    expect(await next.closed, next.stderr()).toBe(0);
    expect(next.stderr()).toMatch(
      /stopped \d+ service process(es)? that an earlier perfgate run in this folder left running when it was killed: \d+ \(/,
    );
    expect(next.stderr()).toContain(String(services[0]!.pid));
    expect(isAlive(services[0]!.pid)).toBe(false);
    expect(findOrphanedServices(work)).toEqual([]);
  }, 90_000);

  it("a live run's services are not orphans", async () => {
    const port = await findFreePort();
    const live = start(config('live.yml', port, '4s'));
    for (let i = 0; i < 200 && !live.stderr().includes('ready'); i++) await sleep(50);
    expect(live.stderr()).toContain('ready');
    expect(findOrphanedServices(work)).toEqual([]);
    expect(await live.closed, live.stderr()).toBe(0);
  }, 60_000);
});
