// --split load end to end: three shard processes of the bundled CLI, each at a third of the rate,
// start together at --start-at against one loopback target; their merge is compared with one
// process at the full rate. A shard run after the others is refused by the merge, naming it, and a
// barrier already past is refused before anything runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Results } from '../../src/core/types/results.js';
import { findResultsProblem } from '../../src/core/results/read.js';
import { startTargetServer, type TargetServer } from '../fakes/target-server.js';
import { sharedBundleDir } from '../bundle.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-split-'));
let cli = '';
let target: TargetServer;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function perfgate(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

function read(name: string): Results {
  return JSON.parse(readFileSync(join(work, name), 'utf8')) as Results;
}

beforeAll(async () => {
  cli = join(sharedBundleDir(), 'cli.js');
  target = await startTargetServer({ delayMs: 2 });
  writeFileSync(
    join(work, 'perfgate.yml'),
    `defaults: { baseUrl: "${target.url}", warmup: 500ms, segment: 1s }
scenarios:
  orders:
    executor: constant-arrival-rate
    rate: 150/s
    duration: 3s
    request: { path: /orders/1 }
  browse:
    executor: constant-vus
    vus: 3
    duration: 2s
    thinkTime: 20ms
    request: { path: /orders }
`,
  );
}, 120_000);

afterAll(async () => {
  await target?.close();
});

describe('perfgate run --split load', () => {
  it('three shards started at one barrier merge into what one process at the full rate measures', async () => {
    const startAt = new Date(Date.now() + 3000).toISOString();
    const before = target.received();
    const shards = await Promise.all(
      [1, 2, 3].map((i) =>
        perfgate(['run', '--shard', `${i}/3`, '--split', 'load', '--start-at', startAt, '-o', `shard-${i}.json`]),
      ),
    );
    for (const shard of shards) expect(shard.code, shard.stderr).toBe(0);
    const sent = target.received() - before;
    const parts = [1, 2, 3].map((i) => read(`shard-${i}.json`));
    expect(parts.map((p) => p.scenarios[0]!.rate?.intendedPerSec)).toEqual([50, 50, 50]);
    expect(parts.map((p) => p.scenarios[1]!.params.vus)).toEqual([1, 1, 1]);
    expect(parts.map((p) => p.shard)).toEqual([1, 2, 3].map((index) => ({ index, count: 3, split: 'load', startAt })));
    // The barrier holds the shards' first windows together.
    const starts = parts.map((p) => Date.parse(p.scenarios[0]!.startTime));
    expect(Math.max(...starts) - Math.min(...starts)).toBeLessThan(500);

    const merge = await perfgate(['merge', 'shard-1.json', 'shard-2.json', 'shard-3.json', '-o', 'merged.json']);
    expect(merge.code, merge.stderr).toBe(0);
    const merged = read('merged.json');
    expect(findResultsProblem(merged)).toBeUndefined();
    expect(merged.merged).toEqual({ shards: 3, split: 'load' });
    const orders = merged.scenarios[0]!;
    expect(orders.rate?.intendedPerSec).toBe(150);
    expect(orders.params.ratePerSec).toBe(150);
    expect(merged.scenarios[1]!.params.vus).toBe(3);
    expect(orders.requests.total).toBe(parts.reduce((n, p) => n + p.scenarios[0]!.requests.total, 0));
    expect(orders.shards?.map((s) => s.index)).toEqual([1, 2, 3]);
    // Every request a shard sent reached the one target (warm-ups included).
    expect(sent).toBeGreaterThanOrEqual(orders.requests.total);

    // The whole rate in one process, and shard 3 again, long after the barrier the others used (its
    // window does not overlap theirs), at once: neither reads the other's timings, and an open
    // model's count is set by its rate and window.
    const [full, late] = await Promise.all([
      perfgate(['run', '-o', 'full.json']),
      perfgate(['run', '--shard', '3/3', '--split', 'load', '-o', 'late-3.json']),
    ]);
    expect(full.code, full.stderr).toBe(0);
    const whole = read('full.json').scenarios[0]!;
    expect(whole.rate?.intendedPerSec).toBe(150);
    // An open model's count is set by its rate and window: the split one matches within 2%.
    expect(Math.abs(orders.requests.total - whole.requests.total) / whole.requests.total).toBeLessThan(0.02);

    const compare = await perfgate([
      'compare',
      '--baseline',
      'full.json',
      '--current',
      'merged.json',
      '--fail-on',
      'never',
    ]);
    expect(compare.code, compare.stderr).toBe(0);
    expect(compare.stdout).toContain('orders');

    expect(late.code, late.stderr).toBe(0);
    const refused = await perfgate(['merge', 'shard-1.json', 'shard-2.json', 'late-3.json', '-o', 'bad.json']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /shard 3\/3 \(late-3\.json\) started scenario orders [\d.]+ s after the others: its measured window overlaps 0% of the measured time/,
    );
  }, 120_000);

  it('refuses a barrier further in the past than the warm-up, and --split load without --shard', async () => {
    const past = await perfgate([
      'run',
      '--shard',
      '1/3',
      '--split',
      'load',
      '--start-at',
      String(Date.now() - 10_000),
    ]);
    expect(past.code).toBe(2);
    expect(past.stderr).toMatch(
      /--start-at: .* passed 1\d\.\d s ago, more than the first scenario's warm-up \(0\.5 s\)/,
    );
    // Three days, ten and a hundred years ahead waited until the job's timeout; refused before booting.
    for (const [aheadMs, words] of [
      [3 * 86_400_000, /3 days ahead/],
      [10 * 365 * 86_400_000, /36\d\d days ahead/],
      [100 * 365 * 86_400_000, /365\d\d days ahead/],
    ] as const) {
      const ahead = spawnSync(
        process.execPath,
        [cli, 'run', '--shard', '1/3', '--split', 'load', '--start-at', String(Date.now() + aheadMs)],
        { cwd: work, encoding: 'utf8', timeout: 30_000 },
      );
      expect(ahead.status, ahead.stderr).toBe(2);
      expect(ahead.stderr).toMatch(words);
      expect(ahead.stderr).toContain('more than the 30 min a shard waits at most');
    }
    const alone = spawnSync(process.execPath, [cli, 'run', '--split', 'load'], { cwd: work, encoding: 'utf8' });
    expect(alone.status).toBe(2);
    expect(alone.stderr).toContain('--split load needs --shard I/N');
    const bad = spawnSync(process.execPath, [cli, 'run', '--shard', '1/2', '--split', 'rows'], {
      cwd: work,
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--split: "rows" is not a split');
  });
});
