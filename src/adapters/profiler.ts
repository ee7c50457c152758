// The CPU profilers of services[].profile: each starts on a running service's processes and,
// when stopped, gives collapsed stacks (src/core/profile). None is started inside a measured
// window (src/entry/profile-phase.ts); a profiler that cannot run throws a ProfilerError whose
// message names the fix, and the run only warns.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProfilerConfig } from '../core/types/config.js';
import {
  foldCpuProfile,
  foldPerfScript,
  dropProcessIds,
  mergeFolded,
  NODE_INSPECT_OPTION,
  parseFolded,
  type CpuProfile,
  type FoldedProfile,
} from '../core/profile/index.js';
import { scanProcessGroups } from './proc-usage.js';
import { inheritableEnv } from './service-env.js';

export class ProfilerError extends Error {}

export interface ProfileTarget {
  service: string;
  variant: 'head' | 'base';
  profiler: ProfilerConfig;
  /** The service's process group leader. */
  pid: number;
  /** Its log, where node's inspector writes its address. */
  logPath: string;
  /** The service's folder: `command` profilers run there, and node's file:line are relative to it. */
  cwd: string;
  /** Where the profiler's raw output goes (the .cpuprofile, perf.data, py-spy's file). */
  outDir: string;
}

export interface StoppedProfile {
  folded: FoldedProfile;
  rawFiles: string[];
}

export interface ProfileRecording {
  /** Ends the recording: the stacks of every process of the service that was profiled, and the
   * profiler's own files (a .cpuprofile opens in Chrome's DevTools and speedscope). */
  stop(): Promise<StoppedProfile>;
  /** Ends it, keeping nothing (the run was interrupted). */
  abort(): Promise<void>;
}

export { NODE_INSPECT_OPTION };

export async function startProfile(target: ProfileTarget): Promise<ProfileRecording> {
  await mkdir(target.outDir, { recursive: true });
  switch (target.profiler.kind) {
    case 'node':
      return startNodeProfile(target);
    case 'perf':
      return startPerfProfile(target);
    case 'py-spy':
      return startPySpyProfile(target);
    case 'command':
      return startCommandProfile(target, target.profiler);
  }
}

// ------------------------------------------------------------------------------------- node

async function startNodeProfile(target: ProfileTarget): Promise<ProfileRecording> {
  const log = await readFile(target.logPath, 'utf8').catch(() => '');
  // A command that starts several node processes (npm start → node server.js) prints one line
  // each; every one still listening is profiled, and their stacks are added up.
  const urls = [...new Set([...log.matchAll(/Debugger listening on (ws:\/\/\S+)/g)].map((match) => match[1]!))];
  if (urls.length === 0) {
    throw new ProfilerError(
      `services ${target.service} (${target.variant}): profile: node found no "Debugger listening on ws://…" line in ${target.logPath}; node prints it when NODE_OPTIONS holds ${NODE_INSPECT_OPTION}, which perfgate adds: is the service a node process that reads NODE_OPTIONS (node ≥ 12, not one that clears it)? For any other runtime use profile: perf or command`,
    );
  }
  const sessions: InspectorSession[] = [];
  for (const url of urls) {
    const session = await openInspector(url).catch(() => undefined);
    if (!session) continue;
    try {
      await session.call('Profiler.enable');
      await session.call('Profiler.start');
      sessions.push(session);
    } catch {
      session.close();
    }
  }
  if (sessions.length === 0) {
    throw new ProfilerError(
      `services ${target.service} (${target.variant}): profile: node could not open the inspector at ${urls.join(', ')} (the process printed it but no longer answers there)`,
    );
  }
  return {
    async stop() {
      const folded: FoldedProfile[] = [];
      const rawFiles: string[] = [];
      let index = 0;
      for (const session of sessions) {
        try {
          const { profile } = (await session.call('Profiler.stop')) as { profile: CpuProfile };
          const file = path.join(
            target.outDir,
            `${target.variant}-${target.service}${index > 0 ? `-${index}` : ''}.cpuprofile`,
          );
          index++;
          await writeText(file, JSON.stringify(profile));
          rawFiles.push(file);
          folded.push(foldCpuProfile(profile, target.cwd).folded);
        } finally {
          session.close();
        }
      }
      return { folded: mergeFolded(folded), rawFiles };
    },
    async abort() {
      for (const session of sessions) session.close();
    },
  };
}

interface InspectorSession {
  call(method: string, params?: unknown): Promise<unknown>;
  close(): void;
}

const INSPECTOR_TIMEOUT_MS = 10_000;

/** A Chrome DevTools Protocol session over the inspector's WebSocket (undici's client: node 20 has no global one by default). */
async function openInspector(url: string): Promise<InspectorSession> {
  // Loaded here, not at the top: undici's module init is ~30 ms that a run without a node profiler
  // should not pay (docs/design/measurements.md, start-up).
  const module = await import('undici');
  // CommonJS: module.exports is the default export (the only one in the split bundle's chunk).
  const { WebSocket } = (module as unknown as { default?: typeof module }).default ?? module;
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer from ${url}`)), INSPECTOR_TIMEOUT_MS);
    socket.addEventListener('open', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.addEventListener('error', () => {
      clearTimeout(timer);
      reject(new Error(`cannot connect to ${url}`));
    });
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const waiter = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id!);
    if (message.error) waiter.reject(new Error(message.error.message));
    else waiter.resolve(message.result);
  });
  socket.addEventListener('close', () => {
    for (const waiter of pending.values()) waiter.reject(new Error(`the inspector at ${url} closed`));
    pending.clear();
  });
  return {
    call(method, params) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${method}: no answer from ${url} in ${INSPECTOR_TIMEOUT_MS / 1000} s`));
        }, INSPECTOR_TIMEOUT_MS);
        pending.set(id, {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        socket.send(JSON.stringify({ id, method, ...(params === undefined ? {} : { params }) }));
      });
    },
    close() {
      socket.close();
    },
  };
}

// ------------------------------------------------------------------------------------- perf

/** 999 Hz, not 1000: off the beat of timers that fire every millisecond. */
const PERF_HZ = 999;

async function startPerfProfile(target: ProfileTarget): Promise<ProfileRecording> {
  const pids = groupPids(target.pid);
  const dataFile = path.join(target.outDir, `${target.variant}-${target.service}.perf.data`);
  const recorder = await spawnTool(
    'perf',
    // Absolute, as every path given to a tool here: it runs in the service's folder, and outDir
    // is relative to perfgate's own.
    ['record', '-F', String(PERF_HZ), '-g', '-o', path.resolve(dataFile), '-p', pids.join(',')],
    target,
    PERF_FIX,
  );
  return {
    async stop() {
      await interrupt(recorder.child, target, 'perf record', PERF_FIX);
      const script = await runTool('perf', ['script', '-i', path.resolve(dataFile)], target, PERF_FIX);
      const scriptFile = path.join(target.outDir, `${target.variant}-${target.service}.perf.txt`);
      await writeText(scriptFile, script);
      return { folded: foldPerfScript(script), rawFiles: [scriptFile] };
    },
    abort: () => kill(recorder.child),
  };
}

const PERF_FIX =
  'perf needs the linux-tools package for the running kernel (apt-get install linux-tools-$(uname -r)) and permission to profile its own processes: sudo sysctl kernel.perf_event_paranoid=1 (GitHub-hosted runners default to 4)';

// ------------------------------------------------------------------------------------- py-spy

async function startPySpyProfile(target: ProfileTarget): Promise<ProfileRecording> {
  const outFile = path.join(target.outDir, `${target.variant}-${target.service}.py-spy.txt`);
  const recorder = await spawnTool(
    'py-spy',
    // Absolute: a relative one had py-spy write into the service's checkout and perfgate find nothing.
    // --function: a frame's line is its function's first, as node's are, not the line running when
    // sampled (a real run read compute_discount at lines 8 and 9 and showed whichever came first).
    // --gil: only the thread running Python code. Without it py-spy also counts threads the OS
    // has runnable, which includes those waiting for the GIL: a 3x costlier compute_discount was
    // named after socket.readinto (136 -> 845 samples; the head's slower requests kept more
    // threads waiting), and py-spy took 1,713 "CPU" samples in 6 s at 100 Hz.
    [
      'record',
      '--format',
      'raw',
      '--function',
      '--gil',
      '--output',
      path.resolve(outFile),
      '--pid',
      String(target.pid),
      '--subprocesses',
    ],
    target,
    PY_SPY_FIX,
  );
  return {
    async stop() {
      // py-spy writes its file when interrupted, as on Ctrl-C.
      await interrupt(recorder.child, target, 'py-spy record', PY_SPY_FIX);
      return {
        folded: dropProcessIds(parseFolded(await readRequired(outFile, target, 'py-spy record'), outFile)),
        rawFiles: [outFile],
      };
    },
    abort: () => kill(recorder.child),
  };
}

const PY_SPY_FIX =
  'install py-spy where perfgate runs (pip install py-spy) and let it read the service (on Linux: sudo sysctl kernel.yama.ptrace_scope=0, or run perfgate as root)';

// ------------------------------------------------------------------------------------- command

async function startCommandProfile(
  target: ProfileTarget,
  profiler: { start: string; stop: string },
): Promise<ProfileRecording> {
  const file = path.join(target.outDir, `${target.variant}-${target.service}.command.folded`);
  await rm(file, { force: true });
  const env = {
    ...inheritableEnv(process.env),
    PERFGATE_PID: String(target.pid),
    PERFGATE_VARIANT: target.variant,
    // Absolute: the commands run in the service's folder, not perfgate's.
    PERFGATE_PROFILE_FILE: path.resolve(file),
  };
  const fix = `check services ${target.service}'s profile.start and profile.stop commands`;
  await runShell(profiler.start, env, target, 'profile.start', fix);
  return {
    async stop() {
      await runShell(profiler.stop, env, target, 'profile.stop', fix);
      const folded = parseFolded(await readRequired(file, target, 'profile.stop'), `$PERFGATE_PROFILE_FILE (${file})`);
      return { folded, rawFiles: [file] };
    },
    async abort() {
      await runShell(profiler.stop, env, target, 'profile.stop', fix).catch(() => undefined);
    },
  };
}

// ------------------------------------------------------------------------------------- helpers

function groupPids(leader: number): number[] {
  const found = scanProcessGroups(new Set([leader]))?.map((stat) => stat.pid) ?? [];
  return found.length > 0 ? found : [leader];
}

interface Spawned {
  child: ChildProcess;
  output: () => string;
}

/** How long a tool may take to attach before the window starts without it being known dead. */
const ATTACH_SETTLE_MS = 300;

async function spawnTool(command: string, args: string[], target: ProfileTarget, fix: string): Promise<Spawned> {
  const child = spawn(command, args, { cwd: target.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const failed = await Promise.race([
    once(child, 'error').then(([error]) => error as NodeJS.ErrnoException),
    once(child, 'exit').then(([code]) => new Error(`exited with code ${String(code)}`)),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ATTACH_SETTLE_MS)),
  ]);
  if (failed) {
    const missing = (failed as NodeJS.ErrnoException).code === 'ENOENT';
    throw new ProfilerError(
      `services ${target.service} (${target.variant}): profile: ${target.profiler.kind}: ${missing ? `${command} is not on PATH` : `${command} ${args[0]} ${failed.message}: ${lastLines(output)}`}; ${fix}`,
    );
  }
  return { child, output: () => output };
}

async function interrupt(child: ChildProcess, target: ProfileTarget, what: string, fix: string): Promise<void> {
  if (child.exitCode !== null) {
    throw new ProfilerError(
      `services ${target.service} (${target.variant}): ${what} stopped early (exit ${child.exitCode}); ${fix}`,
    );
  }
  const exited = once(child, 'exit');
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), INSPECTOR_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

async function runTool(command: string, args: string[], target: ProfileTarget, fix: string): Promise<string> {
  const child = spawn(command, args, { cwd: target.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) {
    throw new ProfilerError(
      `services ${target.service} (${target.variant}): ${command} ${args[0]} exited with code ${String(code)}: ${lastLines(err)}; ${fix}`,
    );
  }
  return Buffer.concat(out).toString();
}

async function runShell(
  command: string,
  env: NodeJS.ProcessEnv,
  target: ProfileTarget,
  what: string,
  fix: string,
): Promise<void> {
  const child = spawn('sh', ['-c', command], { cwd: target.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) {
    throw new ProfilerError(
      `services ${target.service} (${target.variant}): ${what} ${JSON.stringify(command)} exited with code ${String(code)}: ${lastLines(output)}; ${fix}`,
    );
  }
}

async function readRequired(file: string, target: ProfileTarget, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    throw new ProfilerError(`services ${target.service} (${target.variant}): ${what} left no profile at ${file}`);
  }
}

async function writeText(file: string, text: string): Promise<void> {
  await writeFile(file, text);
}

function lastLines(text: string): string {
  const lines = text.trim().split('\n').filter(Boolean);
  return lines.length === 0 ? '(no output)' : lines.slice(-3).join(' / ');
}
