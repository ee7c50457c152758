import { describe, it, expect, afterEach } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseCpuTotals, readMachineCpuSeconds, startMachineLoadMeter } from '../../src/adapters/machine-load.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/services');
const onLinux = existsSync('/proc/stat');

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

async function startSpinner(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(fixtures, 'busy.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ALLOC_MB: '1' },
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`busy.mjs exited with ${code}`)));
  });
  return child;
}

describe('parseCpuTotals', () => {
  it('adds the non-idle columns of the cpu line, steal included', () => {
    const text = 'cpu  100 5 50 9000 40 3 2 7 0 0\ncpu0 50 2 25 4500 20 1 1 3 0 0\nintr 1 2 3\n';
    // user + nice + system + irq + softirq + steal; idle and iowait are not busy.
    expect(parseCpuTotals(text)).toEqual({ busyTicks: 100 + 5 + 50 + 3 + 2 + 7, stealTicks: 7 });
  });

  it('returns undefined for text without a cpu line', () => {
    expect(parseCpuTotals('intr 1 2 3\n')).toBeUndefined();
    expect(parseCpuTotals('cpu  a b c d\n')).toBeUndefined();
  });
});

describe.runIf(onLinux)('startMachineLoadMeter', () => {
  it('counts a process outside perfgate and its services as other work, and a service as not', async () => {
    const idle = startMachineLoadMeter(2);
    await sleep(1000);
    const quiet = idle.stop([])!;

    const spinner = await startSpinner();
    const busy = startMachineLoadMeter(2);
    await sleep(1000);
    const asStranger = busy.stop([])!;
    expect(asStranger.otherCores - quiet.otherCores).toBeGreaterThan(0.5);
    expect(asStranger.busyCores).toBeGreaterThanOrEqual(asStranger.otherCores);

    // The same spinner, declared as a service with the CPU the service sampler would report.
    const asService = startMachineLoadMeter(2);
    await sleep(1000);
    const declared = asService.stop([{ name: 'spinner', cpuMeanPercent: 100, cpuMaxPercent: 100, rssPeakBytes: 0 }])!;
    expect(declared.otherCores).toBeLessThan(asStranger.otherCores - 0.5);
    spinner.kill('SIGKILL');
  });

  it('subtracts the CPU perfgate itself burns', async () => {
    const meter = startMachineLoadMeter(2);
    const until = performance.now() + 800;
    let x = 0;
    while (performance.now() < until) x += Math.sqrt(x + 1);
    const load = meter.stop([])!;
    expect(x).toBeGreaterThan(0);
    expect(load.busyCores).toBeGreaterThan(0.5);
    expect(load.otherCores).toBeLessThan(load.busyCores - 0.5);
  });
});

describe.runIf(onLinux)('readMachineCpuSeconds', () => {
  it('reads cumulative busy and steal seconds that grow with a spinner', async () => {
    await startSpinner();
    const before = readMachineCpuSeconds()!;
    await sleep(500);
    const after = readMachineCpuSeconds()!;
    expect(after.busySeconds - before.busySeconds).toBeGreaterThan(0.2);
    expect(after.stealSeconds).toBeGreaterThanOrEqual(before.stealSeconds);
  });
});
