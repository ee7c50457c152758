// The base's log tail goes into results.json (ab.baseFailure.logTail) and the report: masked.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootVariants } from '../../src/entry/ab-setup.js';
import { findFreePort } from '../fakes/http.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = path.join(root, 'test/fixtures/services');
const node = JSON.stringify(process.execPath);
let logDir: string;
const PASSED = 'passed-through-value-77';

beforeAll(() => {
  logDir = mkdtempSync(path.join(os.tmpdir(), 'perfgate-ab-mask-'));
  process.env.API_PASS = PASSED;
});
afterAll(() => {
  delete process.env.API_PASS;
  rmSync(logDir, { recursive: true, force: true });
});

it("masks the base's failure: URL passwords, passed-through values, Stripe and AWS keys", async () => {
  const headPort = await findFreePort();
  const booted = await bootVariants(
    {
      services: [
        {
          name: 'api',
          run: `${node} http-ready.mjs`,
          cwd: fixtures,
          env: { PORT: String(headPort) },
          stopGraceMs: 2000,
        },
      ],
      options: { baseDir: root, logDir },
    },
    {
      services: [
        {
          name: 'api',
          run: `${node} leak-secrets.mjs`,
          cwd: fixtures,
          env: { DATABASE_URL: 'postgres://app:db-pass-9876@db.internal/app' },
          passEnv: ['API_PASS'],
          ready: { http: `http://127.0.0.1:${await findFreePort()}/health`, timeoutMs: 10_000 },
          stopGraceMs: 2000,
        },
      ],
      options: { baseDir: root, logDir: path.join(logDir, 'base') },
    },
    'head-first',
  );
  await booted.stop();
  const failure = booted.baseFailure!;
  expect(failure.logTail.join('\n')).toContain('fatal: cannot reach the database');
  const kept = JSON.stringify(failure);
  for (const secret of ['db-pass-9876', PASSED, 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'AKIAIOSFODNN7EXAMPLE'])
    expect(kept, secret).not.toContain(secret);
  expect(kept).toContain('postgres://app:***@db.internal/app');
}, 60_000);
