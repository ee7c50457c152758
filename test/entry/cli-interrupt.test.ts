// Ctrl-C during `perfgate run` and `perfgate gate`: the run stops, the services stop, and what was
// measured is written, never compared or saved. The bundled CLI is spawned as a user runs it.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Results } from '../../src/core/types/results.js';
import { findFreePort } from '../fakes/http.js';
import { sharedBundleDir } from '../bundle.js';
import { accepts } from '../fakes/ab-checkouts.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'perfgate-interrupt-'));
let cli = '';

function writeConfig(port: number): string {
  const path = join(work, `perfgate-${port}.yml`);
  writeFileSync(
    path,
    `services:
  - name: orders
    run: node ${JSON.stringify(join(repoRoot, 'examples/orders/server.js'))}
    env: { PORT: "${port}" }
    ready: { http: "http://127.0.0.1:${port}/health", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:${port}", warmup: 500ms, segment: 1s }
scenarios:
  long:
    executor: constant-vus
    vus: 4
    duration: 60s
    request: { path: /orders }
`,
  );
  return path;
}

/** Starts the CLI, waits until the service answers and load has run a while, then sends SIGINT. */
async function interrupt(args: string[], port: number): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [cli, ...args], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  // Bounded: the boot takes well under 15 s.
  for (let attempt = 0; attempt < 150 && !(await accepts(port)); attempt += 1) await sleep(100);
  await sleep(2000); // past the warm-up, into the measured window
  child.kill('SIGINT');
  return { code: await exited, stderr };
}

beforeAll(() => {
  cli = join(sharedBundleDir(), 'cli.js');
}, 120_000);

describe('Ctrl-C', () => {
  it('perfgate run writes what was measured, marked interrupted, stops the service and exits 130', async () => {
    const port = await findFreePort();
    const output = join(work, 'run.json');
    const { code, stderr } = await interrupt(
      ['run', '-c', writeConfig(port), '-o', output, '--log-dir', join(work, 'logs-run')],
      port,
    );
    expect(code, stderr).toBe(130);
    expect(stderr).toContain('perfgate: SIGINT: stopping and writing what was measured');
    const results = JSON.parse(readFileSync(output, 'utf8')) as Results;
    expect(results.interrupted).toBe(true);
    expect(results.scenarios[0]!.requests.ok).toBeGreaterThan(0);
    expect(results.scenarios[0]!.durationMs).toBeLessThan(60_000);
    expect(await accepts(port)).toBe(false);
  });

  it('perfgate gate --save neither compares nor saves an interrupted run', async () => {
    const port = await findFreePort();
    const baselines = join(work, 'baselines');
    const { code, stderr } = await interrupt(
      ['gate', '-c', writeConfig(port), '--baseline-dir', baselines, '--save', '--log-dir', join(work, 'logs-gate')],
      port,
    );
    expect(code, stderr).toBe(130);
    expect(stderr).toContain('perfgate: interrupted: not compared and not saved');
    expect(existsSync(baselines) ? readdirSync(baselines) : []).toEqual([]);
    expect(await accepts(port)).toBe(false);
  });
});
