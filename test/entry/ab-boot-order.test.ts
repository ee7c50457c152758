// The drawn boot order (ab.boot) is the order the variants' processes are spawned in, not only the
// order their boots are begun in: each boot awaits its own free-port checks and readiness before a
// spawn, and the second variant's could come sooner. Real services: each variant runs a slow-to-be-
// ready first service (the first variant's the slower) and a second one started once it is ready.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceConfig } from '../../src/core/types/config.js';
import type { ServiceStatus } from '../../src/adapters/services.js';
import { bootVariants, type BootOrder } from '../../src/entry/ab-setup.js';
import { findFreePort } from '../fakes/http.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = path.join(root, 'test/fixtures/services');
const node = JSON.stringify(process.execPath);
let logDir: string;

beforeAll(() => {
  logDir = mkdtempSync(path.join(os.tmpdir(), 'perfgate-ab-boot-order-'));
});
afterAll(() => {
  rmSync(logDir, { recursive: true, force: true });
});

async function service(name: string, readyDelayMs: number): Promise<ServiceConfig> {
  const port = await findFreePort();
  return {
    name,
    run: `${node} http-ready.mjs`,
    cwd: fixtures,
    env: { PORT: String(port), READY_DELAY_MS: String(readyDelayMs) },
    ready: { http: `http://127.0.0.1:${port}/health`, timeoutMs: 20_000 },
    stopGraceMs: 2000,
  };
}

/** One copy of a variant: `db`, ready after `dbDelayMs`, then `api`, spawned once db is ready. */
async function copy(index: number, dbDelayMs: number): Promise<ServiceConfig[]> {
  const suffix = index === 0 ? '' : `#${index + 1}`;
  return [await service(`db${suffix}`, dbDelayMs), await service(`api${suffix}`, 0)];
}

/** Both variants with `processes` copies each; the one `order` names first has the slower db. */
async function boot(order: BootOrder, processes: number) {
  const events: string[] = [];
  const pids: { event: string; pid: number }[] = [];
  const options = (variant: 'head' | 'base') => ({
    baseDir: root,
    logDir: path.join(logDir, variant),
    onStatus: (status: ServiceStatus) => events.push(`${variant} ${status.kind} ${status.name}`),
  });
  const firstIsHead = order === 'head-first';
  // The first variant's db is ready 1.5 s after the second's: without waiting on its spawns, the
  // second's api would be spawned long before the first's.
  const variant = async (slow: boolean) =>
    Promise.all(Array.from({ length: processes }, (_, index) => copy(index, slow ? 1500 : 0)));
  const [head, base] = await Promise.all([variant(firstIsHead), variant(!firstIsHead)]);
  const booted = await bootVariants(
    { services: head[0]!, copies: head.slice(1), options: options('head') },
    { services: base[0]!, copies: base.slice(1), options: options('base') },
    order,
  );
  for (const [variant, running] of [
    ['head', booted.head],
    ['base', booted.base!],
  ] as const)
    for (const { name, pid } of running.services) pids.push({ event: `${variant} starting ${name}`, pid });
  return { booted, events, pids };
}

/** The spawns in the order they were made ('starting' is told right before the synchronous spawn). */
const spawns = (events: string[]): string[] =>
  events.filter((event) => event.includes(' starting ')).map((event) => event.replace(' starting ', ' '));

for (const processes of [1, 2]) {
  for (const order of ['head-first', 'base-first'] as const) {
    it(`${order}, ${processes} process(es) per variant: each service of the first variant is spawned before the other's, and both boot at once`, async () => {
      const { booted, events, pids } = await boot(order, processes);
      try {
        const [first, second] = order === 'head-first' ? ['head', 'base'] : ['base', 'head'];
        const names = (service: string): string[] =>
          Array.from({ length: processes }, (_, index) => (index === 0 ? service : `${service}#${index + 1}`));
        const made = spawns(events);
        expect(made).toHaveLength(4 * processes);
        // Copies of one variant are spawned at once, in no set order among themselves.
        const rank = (event: string): number => {
          const [variant, name] = event.split(' ') as [string, string];
          return (name.startsWith('db') ? 0 : 2) + (variant === first ? 0 : 1);
        };
        expect(made.map(rank)).toEqual([...made.map(rank)].sort((a, b) => a - b));
        expect(made.filter((event) => rank(event) === 0).sort()).toEqual(names('db').map((name) => `${first} ${name}`));
        expect(made.filter((event) => rank(event) === 3).sort()).toEqual(
          names('api').map((name) => `${second} ${name}`),
        );
        // Process ids rise in spawn order: the processes themselves say the same.
        const pidOf = (event: string): number => pids.find((entry) => entry.event === event)!.pid;
        const firstApi = Math.max(...names('api').map((name) => pidOf(`${first} starting ${name}`)));
        const secondApi = Math.min(...names('api').map((name) => pidOf(`${second} starting ${name}`)));
        expect(firstApi).toBeLessThan(secondApi);
        // The second waited on the first's spawns, not its readiness: its db was spawned before the
        // first's db was ready.
        expect(events.indexOf(`${second} starting db`)).toBeLessThan(events.indexOf(`${first} ready db`));
        expect(booted.boot).toBe(order);
      } finally {
        await booted.stop();
      }
    }, 60_000);
  }
}
