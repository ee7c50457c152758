// Faults the bundled CLI must survive with its verdict: the built bundle is spawned as a user runs
// it, against loopback targets that misbehave.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Results } from '../../src/core/types.js';
import { findFreePort } from '../fakes/http.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'perfgate-faults-'));
const cli = join(work, 'bundle', 'cli.js');

beforeAll(() => {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', join(work, 'bundle')], { cwd: repoRoot, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
}, 120_000);

function runCli(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const child = spawnSync(process.execPath, [cli, ...args], { cwd: work, encoding: 'utf8', timeout: 60_000 });
  return { code: child.status, stdout: child.stdout, stderr: child.stderr };
}

describe('a service that refuses connections', () => {
  it('open model at 500/s: every request ECONNREFUSED, results written, exit as the thresholds say', async () => {
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
    const failed = runCli(['run', '-c', gated, '-o', output, '--log-dir', join(work, 'logs')]);
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
    const passed = runCli(['run', '-c', ungated, '-o', join(work, 'refused-ungated.json'), '--log-dir', join(work, 'logs')]);
    expect(passed.code, passed.stderr).toBe(0);
  }, 90_000);
});
