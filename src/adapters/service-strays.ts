// Processes a service started that left its process group: `setsid …`, a node `detached` spawn,
// shell job control (`set -m`), daemonising tools (pm2). Stopping the group misses them, and
// they outlived perfgate with parent 1. Each service's environment carries a marker that every
// descendant inherits, however it detached; at stop, /proc/<pid>/environ finds them. A process
// that clears its environment (env -i, sudo, a container engine's daemon) cannot be found so.
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isLiveProcess, parseProcStat } from './proc-usage.js';

export const SERVICE_MARKER_VARIABLE = 'PERFGATE_SERVICE_ID';

const POLL_MS = 25;
const KILL_SETTLE_MS = 2000;
/** A daemon that keeps forking while it is stopped gets this many sweeps. */
const MAX_SWEEPS = 5;
const MAX_COMMAND_CHARS = 80;

export interface StrayProcess {
  pid: number;
  /** Its command line, shortened, for the message that says what was stopped. */
  command: string;
}

/** A marker unique to one service of one perfgate run. */
export function createServiceMarker(serviceName: string): string {
  return `${randomUUID()}:${serviceName}`;
}

/** Live processes (other than perfgate) whose environment carries `marker`; [] without /proc. */
export function findMarkedProcesses(marker: string): StrayProcess[] {
  return scanEnvironments(Buffer.from(`${SERVICE_MARKER_VARIABLE}=${marker}\0`), () => true);
}

/**
 * Live processes (other than perfgate) whose environment has `needle` at the start of a variable
 * and that `accept` takes (given the environment and where the needle is); [] without /proc.
 */
function scanEnvironments(needle: Buffer, accept: (environ: Buffer, at: number) => boolean): StrayProcess[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: StrayProcess[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`);
      const at = environ.indexOf(needle);
      // The variable starts the environment or follows another's terminating NUL.
      if (at < 0 || (at > 0 && environ[at - 1] !== 0)) continue;
      if (!accept(environ, at)) continue;
      const stat = parseProcStat(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (!stat || !isLiveProcess(stat)) continue;
      found.push({ pid: stat.pid, command: readCommand(entry) });
    } catch {
      // Exited while we looked, or not ours to read (another user's process).
    }
  }
  return found;
}

function readCommand(pid: string): string {
  try {
    // Paths shortened to their last part: "node daemon.mjs", not two long absolute paths.
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((arg) => (arg.startsWith('/') ? basename(arg) : arg))
      .join(' ');
    return command.length > MAX_COMMAND_CHARS ? `${command.slice(0, MAX_COMMAND_CHARS - 1)}…` : command;
  } catch {
    return '?';
  }
}

function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // ESRCH: gone already.
    }
  }
}

/** A process that is exiting has no environment left but still holds its sockets until it is gone. */
function isRunning(pid: number): boolean {
  try {
    const stat = parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    return stat !== undefined && isLiveProcess(stat);
  } catch {
    return false;
  }
}

async function waitUntilGone(marker: string, pids: number[], timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (pids.some(isRunning) || findMarkedProcesses(marker).length > 0) {
    if (performance.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
  return true;
}

/** SIGTERM, then SIGKILL after `graceMs`, to every process still carrying `marker`; returns those it found. */
export async function stopMarkedProcesses(marker: string, graceMs: number): Promise<StrayProcess[]> {
  const stopped = new Map<number, StrayProcess>();
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    for (const stray of findMarkedProcesses(marker)) stopped.set(stray.pid, stray);
    const targets = [...stopped.keys()].filter(isRunning);
    if (targets.length === 0) break;
    signalAll(targets, sweep === 0 ? 'SIGTERM' : 'SIGKILL');
    if (await waitUntilGone(marker, [...stopped.keys()], sweep === 0 ? graceMs : KILL_SETTLE_MS)) break;
  }
  return [...stopped.values()];
}

/** The last resort on process exit, where only synchronous code runs. */
export function killMarkedProcessesSync(marker: string): void {
  signalAll(
    findMarkedProcesses(marker).map(({ pid }) => pid),
    'SIGKILL',
  );
}

/** "service "api": stopped 2 processes that had left its process group: 4242 (node daemon.mjs), …" */
export function describeStrays(serviceName: string, strays: StrayProcess[]): string {
  const list = strays.map(({ pid, command }) => `${pid} (${command})`).join(', ');
  return `service "${serviceName}": stopped ${strays.length} process${strays.length === 1 ? '' : 'es'} that had left its process group (daemonised): ${list}`;
}

// ------------------------------------------------------------------ strays of a killed run

/** Which perfgate started a service: `<pid>:<start time in clock ticks>:<scope>`. A perfgate killed
 * with SIGKILL stops nothing, and its services (head and base) outlived it; the next run in the same
 * folder finds them by this variable, with an owner that is no longer running. */
export const SERVICE_OWNER_VARIABLE = 'PERFGATE_OWNER';

/** A process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat): with the pid,
 * it names one process, never another that reused its pid. */
function startTicks(pid: number | 'self'): string | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text
      .slice(text.lastIndexOf(')') + 2)
      .split(' ')
      .at(22 - 3);
  } catch {
    return undefined;
  }
}

/** The folder perfgate runs in, as a short digest: strays are looked for among runs of this folder
 * only, so a run elsewhere on the machine (another checkout, another user's job) is never touched. */
function scopeOf(folder: string): string {
  return createHash('sha256').update(folder).digest('hex').slice(0, 16);
}

/** This perfgate's owner value, or undefined without /proc (then no stray can be found either). */
export function serviceOwner(folder = process.cwd()): string | undefined {
  const ticks = startTicks('self');
  return ticks === undefined ? undefined : `${process.pid}:${ticks}:${scopeOf(folder)}`;
}

/** Whether the perfgate an owner value names still runs (its pid, with the same start time). */
export function ownerIsRunning(owner: string): boolean {
  const [pid, ticks] = owner.split(':');
  const number = Number(pid);
  if (!Number.isSafeInteger(number) || number <= 0) return false;
  return isRunning(number) && startTicks(number) === ticks;
}

/** Live processes started as services by a perfgate of `folder` that is gone (killed, crashed). */
export function findOrphanedServices(folder = process.cwd()): StrayProcess[] {
  const scope = `:${scopeOf(folder)}`;
  const prefix = Buffer.from(`${SERVICE_OWNER_VARIABLE}=`);
  return scanEnvironments(prefix, (environ, at) => {
    const end = environ.indexOf(0, at);
    const owner = environ.subarray(at + prefix.length, end < 0 ? undefined : end).toString();
    return owner.endsWith(scope) && !ownerIsRunning(owner);
  });
}

/** SIGTERM, then SIGKILL after `graceMs`, to the services a killed perfgate of `folder` left. */
export async function stopOrphanedServices(graceMs: number, folder = process.cwd()): Promise<StrayProcess[]> {
  const stopped = new Map<number, StrayProcess>();
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    for (const stray of findOrphanedServices(folder)) stopped.set(stray.pid, stray);
    const targets = [...stopped.keys()].filter(isRunning);
    if (targets.length === 0) break;
    signalAll(targets, sweep === 0 ? 'SIGTERM' : 'SIGKILL');
    const deadline = performance.now() + (sweep === 0 ? graceMs : KILL_SETTLE_MS);
    while ([...stopped.keys()].some(isRunning) && performance.now() < deadline) await sleep(POLL_MS);
    if (![...stopped.keys()].some(isRunning) && findOrphanedServices(folder).length === 0) break;
  }
  return [...stopped.values()];
}

/** "stopped 4 service processes a killed perfgate run left running: 4242 (node server.mjs), …" */
export function describeOrphans(strays: StrayProcess[]): string {
  const list = strays.map(({ pid, command }) => `${pid} (${command})`).join(', ');
  return `stopped ${strays.length} service process${strays.length === 1 ? '' : 'es'} that an earlier perfgate run in this folder left running when it was killed: ${list}`;
}

/** The owner variable of this perfgate for a service's environment, when /proc can give one. */
export function serviceOwnerEnv(): Record<string, string> {
  const owner = serviceOwner();
  return owner === undefined ? {} : { [SERVICE_OWNER_VARIABLE]: owner };
}

/** The sweep in flight: head and base boot at once, and one sweep (with one notice) serves both. */
let sweeping: Promise<StrayProcess[]> | undefined;

/** Stops the services an earlier perfgate run in this folder left when it was killed (SIGKILL stops
 * nothing): they hold ports and CPU beside the new run's. Says what it stopped. */
export async function sweepOrphanedServices(graceMs: number, onNotice?: (message: string) => void): Promise<void> {
  if (sweeping) {
    await sweeping;
    return;
  }
  sweeping = stopOrphanedServices(graceMs);
  try {
    const found = await sweeping;
    if (found.length > 0) onNotice?.(describeOrphans(found));
  } finally {
    sweeping = undefined;
  }
}

/**
 * The log file of service `name` in `logDir`: `<name>.log`, unless a live perfgate other than this
 * one writes there (two gates at once in one repository), which gets `<name>-<pid>.log` instead so
 * that neither truncates the other's log under its running service. An owner file beside the log
 * says which perfgate writes it.
 */
export function claimServiceLog(logDir: string, fileName: string): { path: string; shared?: string } {
  const ours = serviceOwner();
  const path = join(logDir, `${fileName}.log`);
  if (ours === undefined) return { path };
  const ownerFile = join(logDir, `.${fileName}.log.owner`);
  let theirs: string | undefined;
  try {
    theirs = readFileSync(ownerFile, 'utf8').trim();
  } catch {
    theirs = undefined;
  }
  if (theirs && theirs !== ours && ownerIsRunning(theirs)) {
    return { path: join(logDir, `${fileName}-${process.pid}.log`), shared: path };
  }
  writeFileSync(ownerFile, `${ours}\n`);
  return { path };
}
