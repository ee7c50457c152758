// The profilers against real processes: a node service over its inspector, a command profiler's
// folded file, and the clear errors of a profiler that cannot run.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { NODE_INSPECT_OPTION, ProfilerError, startProfile } from '../../src/adapters/profiler.js';
import { countFunctions } from '../../src/core/profile/index.js';

const PRICING = fileURLToPath(new URL('../fixtures/services/pricing.mjs', import.meta.url));
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null) continue;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
});

/** Starts the pricing service as perfgate would: its output in a log file, its own process group. */
async function startPricing(
  dir: string,
  nodeOptions?: string,
): Promise<{ child: ChildProcess; port: number; logPath: string }> {
  const logPath = join(dir, 'pricing.log');
  const fd = openSync(logPath, 'a');
  const child = spawn(process.execPath, [PRICING], {
    env: { ...process.env, PORT: '0', ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}) },
    stdio: ['ignore', fd, fd],
    detached: true,
  });
  closeSync(fd);
  children.push(child);
  for (let i = 0; i < 200; i++) {
    const match = /listening on (\d+)/.exec(readFileSync(logPath, 'utf8'));
    if (match) return { child, port: Number(match[1]), logPath };
    await sleep(25);
  }
  throw new Error(`pricing did not start: ${readFileSync(logPath, 'utf8')}`);
}

async function drive(port: number, requests: number): Promise<void> {
  for (let i = 0; i < requests; i++) await (await fetch(`http://127.0.0.1:${port}/price/${i}`)).text();
}

describe('profile: node', () => {
  it('profiles a node service through its inspector, naming its functions with file:line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-profile-node-'));
    const { child, port, logPath } = await startPricing(dir, NODE_INSPECT_OPTION);
    const recording = await startProfile({
      service: 'pricing',
      variant: 'head',
      profiler: { kind: 'node' },
      pid: child.pid!,
      logPath,
      cwd: join(fileURLToPath(new URL('../fixtures', import.meta.url))),
      outDir: join(dir, 'profile'),
    });
    await drive(port, 60);
    const { folded } = await recording.stop();
    const counts = [...countFunctions(folded).values()];
    const discount = counts.find(({ frame }) => frame.startsWith('computeDiscount '));
    expect(discount?.frame).toBe('computeDiscount (services/pricing.mjs:9)');
    expect(discount!.own).toBeGreaterThan(0);
    expect(counts.some(({ frame }) => frame.startsWith('formatPrice (services/pricing.mjs:'))).toBe(true);
    expect(readdirSync(join(dir, 'profile'))).toEqual(['head-pricing.cpuprofile']);
  }, 60_000);

  it('names NODE_OPTIONS when the service printed no inspector address', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-profile-noinspect-'));
    const { child, logPath } = await startPricing(dir);
    const started = startProfile({
      service: 'pricing',
      variant: 'base',
      profiler: { kind: 'node' },
      pid: child.pid!,
      logPath,
      cwd: dir,
      outDir: join(dir, 'profile'),
    });
    await expect(started).rejects.toThrow(ProfilerError);
    await expect(started).rejects.toThrow(
      /services pricing \(base\): profile: node found no "Debugger listening.*NODE_OPTIONS/,
    );
  });
});

describe('profile: command', () => {
  it("reads the folded file the user's stop command leaves, with the service's pid given", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-profile-command-'));
    const recording = await startProfile({
      service: 'api',
      variant: 'head',
      profiler: {
        kind: 'command',
        start: 'echo "$PERFGATE_PID $PERFGATE_VARIANT" > started.txt',
        stop: 'printf "main;handle;computeDiscount 7\\nmain;handle 3\\n" > "$PERFGATE_PROFILE_FILE"',
      },
      pid: 4242,
      logPath: join(dir, 'api.log'),
      cwd: dir,
      outDir: join(dir, 'profile'),
    });
    expect(readFileSync(join(dir, 'started.txt'), 'utf8')).toBe('4242 head\n');
    const { folded } = await recording.stop();
    expect([...folded]).toEqual([
      ['main;handle;computeDiscount', 7],
      ['main;handle', 3],
    ]);
  });

  it('names the stop command that left no file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-profile-command-'));
    const recording = await startProfile({
      service: 'api',
      variant: 'base',
      profiler: { kind: 'command', start: 'true', stop: 'true' },
      pid: 1,
      logPath: join(dir, 'api.log'),
      cwd: dir,
      outDir: join(dir, 'profile'),
    });
    await expect(recording.stop()).rejects.toThrow('services api (base): profile.stop left no profile at');
  });
});

/** perf runs on a user's own processes at kernel.perf_event_paranoid 2 or lower (GitHub's runners have 4). */
function perfUsable(): boolean {
  try {
    return (
      Number(readFileSync('/proc/sys/kernel/perf_event_paranoid', 'utf8')) <= 2 &&
      spawnSync('perf', ['--version']).status === 0
    );
  } catch {
    return false;
  }
}

describe.skipIf(!perfUsable())('profile: perf', () => {
  it("profiles a node service's processes, its JIT'ed functions named through --perf-basic-prof", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-profile-perf-'));
    const { child, port, logPath } = await startPricing(dir, '--perf-basic-prof');
    const recording = await startProfile({
      service: 'pricing',
      variant: 'head',
      profiler: { kind: 'perf' },
      pid: child.pid!,
      logPath,
      cwd: dir,
      outDir: join(dir, 'profile'),
    });
    await drive(port, 60);
    const { folded } = await recording.stop();
    const frames = [...countFunctions(folded).values()].map(({ frame }) => frame);
    expect(frames.some((frame) => frame.includes('computeDiscount'))).toBe(true);
    expect(readdirSync(join(dir, 'profile')).sort()).toEqual(['head-pricing.perf.data', 'head-pricing.perf.txt']);
  }, 60_000);
});

describe('profile: py-spy', () => {
  // A stand-in on PATH that behaves as py-spy record does (writes its raw output when interrupted):
  // perfgate's side alone, the arguments it passes and the SIGINT it stops with. The real py-spy
  // on a real Python service: test/entry/profile-pyspy.e2e.test.ts.
  it('runs py-spy record --format raw on the pid and reads the file it writes when interrupted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-profile-pyspy-'));
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'py-spy'),
      `#!/bin/sh
echo "$@" > "${dir}/args.txt"
out=""
while [ $# -gt 0 ]; do [ "$1" = "--output" ] && out="$2"; shift; done
trap 'printf "process 4242:\\"python app.py\\";handle (app.py:20);compute_discount (pricing.py:3) 9\\n" > "$out"; exit 0' INT
while true; do sleep 0.05; done
`,
    );
    chmodSync(join(bin, 'py-spy'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    try {
      const recording = await startProfile({
        service: 'app',
        variant: 'head',
        profiler: { kind: 'py-spy' },
        pid: 4242,
        logPath: join(dir, 'app.log'),
        // py-spy runs in the service's folder, and the run's log folder is relative to perfgate's
        // own: py-spy is given the absolute path, and the file is read from where it went.
        cwd: join(dir, 'bin'),
        outDir: relative(process.cwd(), join(dir, 'profile')),
      });
      const { folded, rawFiles } = await recording.stop();
      expect(rawFiles).toEqual([relative(process.cwd(), join(dir, 'profile', 'head-app.py-spy.txt'))]);
      expect(readFileSync(join(dir, 'args.txt'), 'utf8').trim()).toBe(
        `record --format raw --function --gil --output ${join(dir, 'profile', 'head-app.py-spy.txt')} --pid 4242 --subprocesses`,
      );
      // The pid is dropped from py-spy's process frame, so base and head share their roots.
      expect([...folded]).toEqual([['process:"python app.py";handle (app.py:20);compute_discount (pricing.py:3)', 9]]);
    } finally {
      process.env.PATH = path;
    }
  });

  it('names the fix when py-spy is not on PATH', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-profile-pyspy-'));
    const path = process.env.PATH;
    process.env.PATH = dir;
    try {
      await expect(
        startProfile({
          service: 'app',
          variant: 'head',
          profiler: { kind: 'py-spy' },
          pid: process.pid,
          logPath: join(dir, 'app.log'),
          cwd: dir,
          outDir: join(dir, 'profile'),
        }),
      ).rejects.toThrow(
        'services app (head): profile: py-spy: py-spy is not on PATH; install py-spy where perfgate runs (pip install py-spy)',
      );
    } finally {
      process.env.PATH = path;
    }
  });
});
