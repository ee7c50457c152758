// The config's `setup:` (npm ci, a build) in one checkout before its services boot: each command in
// its own process group with the user's full environment (an install may need a registry token),
// logged to <log-dir>/<variant>/setup.log, stopped at its timeout or on Ctrl-C, and none of its
// processes left behind (the group, then whatever left it, found by the marker as for services).
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { formatConfigDuration } from '../core/duration.js';
import { SetupError } from '../core/errors.js';
import type { SetupStep } from '../core/types/config.js';
import { signalGroup, stopGroup } from './process-group.js';
import { readLogTail } from './service-log.js';
import { maskSecrets, secretValues } from './service-env.js';
import {
  createServiceMarker,
  killMarkedProcessesSync,
  SERVICE_MARKER_VARIABLE,
  stopMarkedProcesses,
} from './service-strays.js';

const LOG_TAIL_LINES = 20;
const STOP_GRACE_MS = 3000;

export interface SetupOptions {
  /** The checkout's copy of the config's folder: where the commands run. */
  configDir: string;
  /** `<log-dir>/<variant>`; the log is setup.log in it. */
  logDir: string;
  /** For messages: "head" or "base". */
  variant: string;
  signal?: AbortSignal;
  onStatus?: (line: string) => void;
}

/** Runs every step in order; throws SetupError (with the log tail) at the first that fails. */
export async function runSetup(steps: SetupStep[], options: SetupOptions): Promise<void> {
  if (steps.length === 0) return;
  mkdirSync(options.logDir, { recursive: true });
  const logPath = path.join(options.logDir, 'setup.log');
  const logFd = openSync(logPath, 'w');
  try {
    for (const [index, step] of steps.entries()) {
      options.signal?.throwIfAborted();
      const cwd = path.resolve(options.configDir, step.cwd ?? '.');
      options.onStatus?.(`${options.variant}: setup ${index + 1}/${steps.length}: ${step.run}`);
      writeSync(logFd, `$ ${step.run}\n`);
      const failure = await runStep(step, cwd, logFd, options.signal);
      if (failure === undefined) continue;
      if (options.signal?.aborted) options.signal.throwIfAborted();
      const tail = maskSecrets(readLogTail(logPath, LOG_TAIL_LINES), secretValues(process.env, { env: {} }));
      throw new SetupError(
        `setup[${index}] "${step.run}" in the ${options.variant} ${failure} (in ${cwd}; log: ${logPath})${
          tail.length > 0 ? `:\n${tail.map((line) => `  ${line}`).join('\n')}` : ''
        }`,
        tail,
      );
    }
  } finally {
    closeSync(logFd);
  }
}

/** Undefined when the step exited 0, or what went wrong. */
async function runStep(
  step: SetupStep,
  cwd: string,
  logFd: number,
  signal: AbortSignal | undefined,
): Promise<string | undefined> {
  const marker = createServiceMarker('setup');
  const child = spawn(step.run, {
    shell: true,
    detached: true,
    cwd,
    env: { ...process.env, [SERVICE_MARKER_VARIABLE]: marker },
    stdio: ['ignore', logFd, logFd],
  });
  const onExit = (): void => {
    if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
    killMarkedProcessesSync(marker);
  };
  process.on('exit', onExit);
  let stoppedFor: string | undefined;
  const stop = (why: string): void => {
    if (stoppedFor !== undefined || child.pid === undefined) return;
    stoppedFor = why;
    signalGroup(child.pid, 'SIGTERM');
  };
  const timer = setTimeout(
    () => stop(`did not finish within ${formatConfigDuration(step.timeoutMs)} (raise setup[].timeout)`),
    step.timeoutMs,
  );
  const onAbort = (): void => stop('was interrupted');
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();
  try {
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((resolve) => {
      child.once('exit', (code, exitSignal) => resolve({ code, signal: exitSignal }));
      child.once('error', (error) => resolve({ code: null, signal: null, error }));
    });
    // The shell is gone; what it started may not be.
    if (child.pid !== undefined) await stopGroup(child.pid, STOP_GRACE_MS);
    await stopMarkedProcesses(marker, STOP_GRACE_MS);
    if (stoppedFor) return stoppedFor;
    if (exit.error) return `could not be started: ${exit.error.message}`;
    if (exit.signal) return `was killed by ${exit.signal}`;
    if (exit.code !== 0)
      return `exited with code ${exit.code}${exit.code === 127 ? ' (command not found: check setup[])' : ''}`;
    return undefined;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    process.off('exit', onExit);
  }
}
