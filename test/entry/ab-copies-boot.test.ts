// compare.processes: a copy of a variant that does not boot fails its variant, and every copy
// already up (its own variant's, and the other variant's when the head failed) is stopped. Real
// services: each copy answers on its own port, and a stopped one no longer does.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceConfig } from '../../src/core/types/config.js';
import { bootVariants } from '../../src/entry/ab-setup.js';
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
  );
  try {
    expect(booted.baseFailure?.service).toBe('api#2');
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
    ),
  ).rejects.toThrow(/api#2/);
  for (const port of [head1.port, base1.port, base2.port]) expect(await answers(port), String(port)).toBe(false);
}, 60_000);
