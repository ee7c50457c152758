import { describe, it, expect, afterEach } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  isLiveProcess,
  parseProcStat,
  AT_CLKTCK,
  AT_PAGESZ,
  readAuxv,
  readSystemConstants,
  scanProcessGroups,
  startUsageSampler,
} from '../../src/adapters/proc-usage.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/services');
const onLinux = existsSync('/proc/self/stat');
const MB = 1024 * 1024;

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/**
 * Starts busy.mjs as its own process group and waits until `readyLines` members hold their
 * memory; `waitForReady(n)` waits for more (members that start later).
 */
async function startBusy(
  env: Record<string, string>,
  readyLines = 1,
): Promise<{ pid: number; waitForReady(lines: number): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(fixtures, 'busy.mjs')], {
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  children.push(child);
  let output = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    output += chunk;
  });
  const waitForReady = async (lines: number): Promise<void> => {
    // Bounded: 10 s at most.
    for (let attempt = 0; attempt < 400; attempt += 1) {
      if (output.split('\n').filter((line) => line.startsWith('ready')).length >= lines) return;
      if (child.exitCode !== null) break;
      await sleep(25);
    }
    throw new Error(`busy.mjs did not report ${lines} ready lines: ${output}`);
  };
  await waitForReady(readyLines);
  return { pid: child.pid!, waitForReady };
}

describe('parseProcStat', () => {
  it('counts fields from the last parenthesis, so odd command names do not shift them', () => {
    const line =
      '4242 (my (odd) cmd) S 1 4240 4240 0 -1 4194560 1000 0 0 0 150 25 3 4 20 0 7 0 12345 987654321 2048 18446744073709551615 1 1 0 0 0 0 0 4096 0 0 0 0 17 1 0 0 0 0 0';
    expect(parseProcStat(line)).toEqual({
      pid: 4242,
      state: 'S',
      pgrp: 4240,
      threads: 7,
      cpuTicks: 175,
      rssPages: 2048,
    });
  });

  it('counts a zombie leader as alive while its other threads still exit', () => {
    const stat = (state: string, threads: number) =>
      parseProcStat(`1 (node) ${state} 1 1 1 0 -1 0 0 0 0 0 5 5 0 0 20 0 ${threads} 0 1 1 100`)!;
    expect([
      isLiveProcess(stat('S', 7)),
      isLiveProcess(stat('Z', 4)),
      isLiveProcess(stat('Z', 1)),
      isLiveProcess(stat('X', 0)),
    ]).toEqual([true, true, false, false]);
  });

  it('rejects text that is not a stat line', () => {
    expect(parseProcStat('garbage')).toBeUndefined();
    expect(parseProcStat('12 (x) S 1 two 3')).toBeUndefined();
  });
});

describe.runIf(onLinux)('startUsageSampler on Linux', () => {
  it('reports CPU for a busy service and the peak RSS of its memory', async () => {
    const { pid } = await startBusy({ ALLOC_MB: '48' });
    const sampler = startUsageSampler([{ name: 'busy', pid }], 100);
    await sleep(1200);
    const [usage, ...rest] = sampler.stop();
    expect(rest).toEqual([]);
    expect(usage?.name).toBe('busy');
    // A spinning process on a shared 2-core machine still gets a good share of a core.
    expect(usage!.cpuMeanPercent).toBeGreaterThan(10);
    expect(usage!.cpuMaxPercent).toBeGreaterThanOrEqual(usage!.cpuMeanPercent);
    expect(usage!.rssPeakBytes).toBeGreaterThan(48 * MB);
  });

  it('counts the CPU seconds of a busy service at any moment, between and after samples', async () => {
    const { pid } = await startBusy({ ALLOC_MB: '1' });
    const { pid: idle } = await startBusy({ ALLOC_MB: '1', SPIN: '0' });
    const sampler = startUsageSampler(
      [
        { name: 'busy', pid },
        { name: 'idle', pid: idle },
      ],
      300,
    );
    const first = sampler.cpuSeconds()!;
    await sleep(1000);
    const second = sampler.cpuSeconds()!;
    sampler.stop();
    // The spinner had at least a tenth of a core on a shared machine; nothing went backwards.
    expect(first).toBeGreaterThanOrEqual(0);
    expect(second - first).toBeGreaterThan(0.1);
    expect(second - first).toBeLessThan(1.5);
  });

  it('sums the whole process group and tells an idle service from a busy one', async () => {
    const { pid: idle } = await startBusy({ ALLOC_MB: '24', SPIN: '0', CHILDREN: '2' }, 3);
    const { pid: busy } = await startBusy({ ALLOC_MB: '8' });
    expect(scanProcessGroups(new Set([idle]))!.filter(isLiveProcess)).toHaveLength(3);
    const sampler = startUsageSampler(
      [
        { name: 'idle', pid: idle },
        { name: 'busy', pid: busy },
      ],
      100,
    );
    await sleep(1000);
    const usage = Object.fromEntries(sampler.stop().map((u) => [u.name, u]));
    // Three processes of 24 MB each.
    expect(usage.idle!.rssPeakBytes).toBeGreaterThan(3 * 24 * MB);
    expect(usage.busy!.rssPeakBytes).toBeLessThan(usage.idle!.rssPeakBytes);
    expect(usage.busy!.cpuMeanPercent).toBeGreaterThan(usage.idle!.cpuMeanPercent * 3);
  });

  it('finds processes that join the group after sampling started', async () => {
    const { pid, waitForReady } = await startBusy({
      ALLOC_MB: '8',
      SPIN: '0',
      CHILDREN: '1',
      CHILD_DELAY_MS: '300',
      CHILD_ALLOC_MB: '64',
    });
    const sampler = startUsageSampler([{ name: 'late', pid }], 100, { discoverEveryMs: 200 });
    expect(scanProcessGroups(new Set([pid]))!.filter(isLiveProcess)).toHaveLength(1);
    await waitForReady(2);
    // Long enough for a discovery pass and a sample after it.
    await sleep(600);
    const [usage] = sampler.stop();
    const members = scanProcessGroups(new Set([pid]))!.filter(isLiveProcess);
    expect(members).toHaveLength(2);
    const pageSizeBytes = Number(execFileSync('getconf', ['PAGESIZE'], { encoding: 'utf8' }).trim());
    const [parentBytes, childBytes] = members.map((member) => member.rssPages * pageSizeBytes);
    // The peak covers both processes (what the parent alone holds would not reach this).
    expect(usage!.rssPeakBytes).toBeGreaterThan(0.9 * (parentBytes! + childBytes!));
    expect(0.9 * (parentBytes! + childBytes!)).toBeGreaterThan(Math.max(parentBytes!, childBytes!));
  });

  it('leaves out a service whose group does not exist and keeps stop() idempotent', () => {
    const sampler = startUsageSampler([{ name: 'ghost', pid: 2 ** 22 + 12345 }], 100);
    expect(sampler.stop()).toEqual([]);
    expect(sampler.stop()).toEqual([]);
  });
});

it('reports nothing, without failing, when there are no services', () => {
  expect(startUsageSampler([]).stop()).toEqual([]);
});

describe.skipIf(!onLinux)('the system constants /proc is read with', () => {
  it('are the page size and clock ticks getconf gives, read from the auxiliary vector', () => {
    const getconf = (name: string) => Number(execFileSync('getconf', [name], { encoding: 'utf8' }).trim());
    const auxv = readAuxv();
    expect(auxv.get(AT_CLKTCK)).toBe(getconf('CLK_TCK'));
    expect(auxv.get(AT_PAGESZ)).toBe(getconf('PAGESIZE'));
    expect(readSystemConstants()).toEqual({ ticksPerSecond: getconf('CLK_TCK'), pageSizeBytes: getconf('PAGESIZE') });
  });
});
