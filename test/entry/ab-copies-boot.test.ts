// compare.processes: a copy of a variant that does not boot fails its variant, and every copy
// already up (its own variant's, and the other variant's when the head failed) is stopped. Real
// services: each copy answers on its own port, and a stopped one no longer does.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceConfig } from '../../src/core/types/config.js';
import { bootVariants, startBoth, type RunningCopies } from '../../src/entry/ab-setup.js';
import { drawBootOrder } from '../../src/engine/run-scenario.js';
import { findFreePort } from '../fakes/http.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = path.join(root, 'test/fixtures/services');
const node = JSON.stringify(process.execPath);
let logDir: string;

beforeAll(() => {
  logDir = mkdtempSync(path.join(os.tmpdir(), 'perfgate-ab-copies-'));
});
afterAll(() => {
  rmSync(logDir, { recursive: true, force: true });
});

async function copy(name: string, script = 'http-ready.mjs'): Promise<{ services: ServiceConfig[]; port: number }> {
  const port = await findFreePort();
  return {
    port,
    services: [
      {
        name,
        run: `${node} ${script}`,
        cwd: fixtures,
        env: { PORT: String(port) },
        ready: { http: `http://127.0.0.1:${port}/health`, timeoutMs: 10_000 },
        stopGraceMs: 2000,
      },
    ],
  };
}

async function answers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

it("a base copy that does not boot fails the base, names that copy, and stops the base's others and the head's own (a stored run is one process)", async () => {
  const [head1, head2, base1, base2] = await Promise.all([
    copy('api'),
    copy('api#2'),
    copy('api'),
    copy('api#2', 'exit-early.mjs'),
  ]);
  const booted = await bootVariants(
    { services: head1.services, copies: [head2.services], options: { baseDir: root, logDir } },
    {
      services: base1.services,
      copies: [base2.services],
      options: { baseDir: root, logDir: path.join(logDir, 'base') },
    },
    'base-first',
  );
  try {
    expect(booted.baseFailure?.service).toBe('api#2');
    expect(booted.boot).toBeUndefined();
    expect(booted.head.services.map((service) => service.name)).toEqual(['api']);
    expect(await answers(head1.port)).toBe(true);
    expect(await answers(head2.port)).toBe(false);
    expect(await answers(base1.port)).toBe(false);
  } finally {
    await booted.stop();
  }
  expect(await answers(head1.port)).toBe(false);
  expect(await answers(head2.port)).toBe(false);
}, 60_000);

it("a base whose setup failed boots the head's first copy alone", async () => {
  const [head1, head2, base1] = await Promise.all([copy('api'), copy('api#2'), copy('api')]);
  const booted = await bootVariants(
    { services: head1.services, copies: [head2.services], options: { baseDir: root, logDir } },
    { services: base1.services, options: { baseDir: root, logDir: path.join(logDir, 'base') } },
    'head-first',
    { service: 'setup', reason: 'npm ci failed', logTail: [] },
  );
  try {
    expect(booted.head.services.map((service) => service.name)).toEqual(['api']);
    expect(await answers(head1.port)).toBe(true);
    expect(await answers(head2.port)).toBe(false);
    expect(await answers(base1.port)).toBe(false);
  } finally {
    await booted.stop();
  }
  expect(await answers(head1.port)).toBe(false);
}, 60_000);

it('a head copy that does not boot fails the run, with every copy of both variants stopped', async () => {
  const [head1, head2, base1, base2] = await Promise.all([
    copy('api'),
    copy('api#2', 'exit-early.mjs'),
    copy('api'),
    copy('api#2'),
  ]);
  await expect(
    bootVariants(
      { services: head1.services, copies: [head2.services], options: { baseDir: root, logDir } },
      {
        services: base1.services,
        copies: [base2.services],
        options: { baseDir: root, logDir: path.join(logDir, 'base') },
      },
      'head-first',
    ),
  ).rejects.toThrow(/api#2/);
  for (const port of [head1.port, base1.port, base2.port]) expect(await answers(port), String(port)).toBe(false);
}, 60_000);

it('starts the variant the drawn order names first, and answers head then base whichever it was', async () => {
  const started: string[] = [];
  const fake = (name: string) => (): Promise<RunningCopies> => {
    started.push(name);
    const services = [{ name, pid: 0, logPath: '' }];
    return Promise.resolve({ copies: [], services, findExited: () => undefined, stop: async () => {} });
  };
  const nameOf = (boot: PromiseSettledResult<RunningCopies>): string | undefined =>
    boot.status === 'fulfilled' ? boot.value.services[0]?.name : undefined;
  const [head, base] = await startBoth('base-first', fake('head'), fake('base'), { copies: 1 });
  expect(started).toEqual(['base', 'head']);
  expect([nameOf(head), nameOf(base)]).toEqual(['head', 'base']);
  started.length = 0;
  await startBoth('head-first', fake('head'), fake('base'), { copies: 1 });
  expect(started).toEqual(['head', 'base']);
});

it('draws the boot order from the seed: both orders, about as often, the same for the same seed', () => {
  const orders = Array.from({ length: 2000 }, (_, seed) => drawBootOrder(seed));
  const baseFirst = orders.filter((order) => order === 'base-first').length;
  expect(baseFirst).toBeGreaterThan(900);
  expect(baseFirst).toBeLessThan(1100);
  expect(drawBootOrder(12345)).toBe(drawBootOrder(12345));
});

it('both variants booted: the base first when drawn so, and the second pair afresh on the same ports, the head first', async () => {
  const [head, base] = await Promise.all([copy('api'), copy('api')]);
  const booted = await bootVariants(
    { services: head.services, options: { baseDir: root, logDir } },
    { services: base.services, options: { baseDir: root, logDir: path.join(logDir, 'base') } },
    'base-first',
  );
  try {
    expect(booted.boot).toBe('base-first');
    // Process ids rise in spawn order: the base was spawned first, and the second pair the other way round.
    const pids = (): [number, number] => [booted.head.services[0]!.pid, booted.base!.services[0]!.pid];
    const [head1, base1] = pids();
    expect(base1).toBeLessThan(head1);
    await booted.reboot!();
    expect(await answers(head.port)).toBe(true);
    expect(await answers(base.port)).toBe(true);
    const [head2, base2] = pids();
    expect(Math.min(head2, base2)).toBeGreaterThan(head1);
    expect(head2).toBeLessThan(base2);
  } finally {
    await booted.stop();
  }
  expect(await answers(head.port)).toBe(false);
  expect(await answers(base.port)).toBe(false);
}, 60_000);
