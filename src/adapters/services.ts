// Boots the services under test, each in its own process group, and guarantees that none of
// them outlives perfgate: stop() in the normal path, signal handlers when perfgate is
// interrupted, and a synchronous 'exit' hook as the last resort.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BootError } from '../core/errors.js';
import { isGroupAlive, KILL_SETTLE_MS, signalGroup, stopGroup } from './process-group.js';
import { maskServiceLog } from '../core/mask.js';
import { capLogLines, readLogTail } from './service-log.js';
import { serviceEnv } from './service-env.js';
import { canConnect, probeReady, type ProbeOutcome, type ProbeTarget } from './ready-probe.js';
import {
  claimServiceLog,
  createServiceMarker,
  describeStrays,
  findMarkedProcesses,
  killMarkedProcessesSync,
  SERVICE_MARKER_VARIABLE,
  serviceOwnerEnv,
  stopMarkedProcesses,
  sweepOrphanedServices,
} from './service-strays.js';
import type { HttpVersion, ServiceConfig, TlsConfig } from '../core/types/config.js';
import { tlsConnectOptions } from '../engine/tls.js';

export interface StartServicesOptions {
  /** Folder that relative `cwd`s are resolved against (the config file's folder). */
  baseDir: string;
  /** Each service's stdout and stderr go to `<logDir>/<name>.log`. */
  logDir: string;
  /** Aborting cancels a boot in progress; what was started is stopped first. */
  signal?: AbortSignal;
  /** Told when each service is spawned and when it answers its readiness check. */
  onStatus?: (status: ServiceStatus) => void;
  /** Told what was stopped beyond a service's process group (daemonised processes). */
  onNotice?: (message: string) => void;
  /** The config's defaults.tls, for https: ready probes. */
  tls?: TlsConfig;
  /** The config's defaults.http: the version the ready.http probes speak. */
  http?: HttpVersion;
  /** Awaited right before service `index` (0-based) is spawned; it must settle on an abort too. An
   * A/B run's second variant waits on the first's spawns: the drawn boot order holds (ab-setup.ts). */
  spawnTurn?: (index: number) => Promise<void>;
  /** Told right after service `index` is spawned (whether or not the spawn gave a process). */
  onSpawned?: (index: number) => void;
}

export type ServiceStatus =
  | { kind: 'starting'; name: string; run: string; logPath: string; readyCheck?: string }
  | { kind: 'ready'; name: string; afterMs: number; readyCheck?: string };

export interface RunningService {
  name: string;
  pid: number;
  logPath: string;
}

export interface RunningServices {
  services: RunningService[];
  /**
   * The first service found dead since it booted (not stopped by perfgate), with the end of its
   * log; undefined while all live. Cheap: a flag check, and after a leader's exit 0 a process scan at
   * most every 2 s.
   */
  findExited(): { service: string; reason: string; logTail: string[] } | undefined;
  /** Stops every service in reverse order; safe to call more than once. */
  stop(): Promise<void>;
}

const READY_POLL_MS = 100;
const PROBE_TIMEOUT_MS = 1000;
/** The same 4xx this many probes in a row ends the wait: the service is up, and its answer is final. */
const FINAL_PROBES = 3;
const LOG_TAIL_LINES = 20;
/** How often the processes a daemonising service left behind are looked for. */
const SURVIVOR_SCAN_MS = 2000;

interface Target extends ProbeTarget {
  text: string;
}

interface Started {
  config: ServiceConfig;
  child: ChildProcess;
  pid: number;
  logPath: string;
  /** In the service's environment and so in every descendant's: finds those that left the group. */
  marker: string;
  /** How the group's leader ended, once it has. */
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  /** After a leader's exit 0: when its processes were last looked for, and whether any were seen. */
  scannedAt?: number;
  sawSurvivors?: boolean;
}

export async function startServices(configs: ServiceConfig[], options: StartServicesOptions): Promise<RunningServices> {
  if (configs.length > 0) await sweepOrphanedServices(KILL_SETTLE_MS, options.onNotice);
  mkdirSync(options.logDir, { recursive: true });
  const started: Started[] = [];
  const guard = installGuard(started, options.onNotice);
  let stopping: Promise<void> | undefined;
  const findExited = (): ReturnType<RunningServices['findExited']> => {
    // Our own stop (or a signal handler's) ends them on purpose.
    if (stopping || guard.interruption) return undefined;
    for (const service of started) {
      const exit = service.exit;
      if (!exit) continue;
      if (exit.code === 0 && !exit.signal) {
        // A leader that exits 0 may have left its work running: a shell that backgrounds the
        // server (still in the group, or marked), or a hand-off to a daemon perfgate cannot see
        // (docker compose up -d, systemctl start), which is no death. Only work seen alive and
        // then gone is. The process scan is throttled: it reads /proc on the load's event loop.
        const now = performance.now();
        if (service.scannedAt !== undefined && now - service.scannedAt < SURVIVOR_SCAN_MS) continue;
        service.scannedAt = now;
        if (isServiceAlive(service)) {
          service.sawSurvivors = true;
          continue;
        }
        if (!service.sawSurvivors) continue;
      }
      return {
        service: service.config.name,
        reason:
          exit.code === 0 && !exit.signal
            ? 'stopped: the processes its command left running (it exited 0) are gone'
            : describeExit(exit).replace(' early', ''),
        logTail: capLogLines(maskServiceLog(readLogTail(service.logPath, LOG_TAIL_LINES), process.env, service.config)),
      };
    }
    return undefined;
  };
  const stopAll = (): Promise<void> => {
    stopping ??= (async () => {
      for (const service of [...started].reverse()) await stopService(service, options.onNotice);
      guard.remove();
    })();
    return stopping;
  };

  try {
    for (const [index, config] of configs.entries()) {
      options.signal?.throwIfAborted();
      await startOne(config, index, options, started, guard);
    }
  } catch (error) {
    await stopAll();
    throw error;
  }

  return {
    services: started.map(({ config, pid, logPath }) => ({ name: config.name, pid, logPath })),
    findExited,
    stop: stopAll,
  };
}

async function startOne(
  config: ServiceConfig,
  index: number,
  options: StartServicesOptions,
  started: Started[],
  guard: Guard,
): Promise<void> {
  // Another gate running in this repository at the same time keeps its log: this run's goes beside it.
  const logPath = claimServiceLog(path.resolve(options.logDir), sanitizeFileName(config.name)).path;
  const target = config.ready ? parseTarget(config) : undefined;
  if (target?.url?.protocol === 'https:') target.tls = tlsConnectOptions(options.tls);
  if (target && options.http) target.http = options.http;
  const cwd = path.resolve(options.baseDir, config.cwd ?? '.');
  if (!existsSync(cwd) || !statSync(cwd).isDirectory()) {
    throw new BootError(
      `service "${config.name}": its working directory ${cwd} ${existsSync(cwd) ? 'is a file, not a folder' : 'does not exist'}; fix services[].cwd`,
      config.name,
    );
  }

  // A port that already answers before we spawned anything belongs to someone else; without this
  // check the readiness probe would happily talk to that process and we would measure the wrong
  // service.
  if (target && (await canConnect(target.host, target.port, PROBE_TIMEOUT_MS))) {
    throw new BootError(portInUseMessage(config.name, target.port), config.name);
  }

  if (options.spawnTurn) {
    await options.spawnTurn(index);
    options.signal?.throwIfAborted();
  }
  // Checked right before the (synchronous) spawn: once a signal handler has begun stopping the
  // groups, nothing new may start behind its back.
  await throwIfInterrupted(guard, config.name);
  options.onStatus?.({
    kind: 'starting',
    name: config.name,
    run: config.run,
    logPath,
    ...(target ? { readyCheck: target.text } : {}),
  });
  const spawnedAt = performance.now();
  const logFd = openSync(logPath, 'w');
  const marker = createServiceMarker(config.name);
  let child: ChildProcess;
  try {
    child = spawn(config.run, {
      shell: true,
      detached: true,
      cwd,
      env: { ...serviceEnv(process.env, config), [SERVICE_MARKER_VARIABLE]: marker, ...serviceOwnerEnv() },
      stdio: ['ignore', logFd, logFd],
    });
  } finally {
    // The child holds its own copy of the descriptor.
    closeSync(logFd);
    options.onSpawned?.(index);
  }

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
  });
  // libuv spawns synchronously: without a pid there is no process, and 'error' says why.
  if (child.pid === undefined) {
    const outcome = await exited;
    throw new BootError(
      `service "${config.name}" could not be started: ${outcome.error?.message ?? 'spawn failed'}`,
      config.name,
    );
  }
  const pid = child.pid;
  // Registered at once, so that an interrupt from here on stops it too.
  const service: Started = { config, child, pid, logPath, marker };
  started.push(service);
  void exited.then(({ code, signal }) => {
    service.exit = { code, signal };
  });

  if (!target || !config.ready) {
    options.onStatus?.({ kind: 'ready', name: config.name, afterMs: performance.now() - spawnedAt });
    return;
  }
  const failure = await waitUntilReady(config, target, service, exited, options.signal, guard);
  if (!failure) {
    options.onStatus?.({
      kind: 'ready',
      name: config.name,
      afterMs: performance.now() - spawnedAt,
      readyCheck: target.text,
    });
    return;
  }
  if (failure === 'interrupted') await throwIfInterrupted(guard, config.name);
  // Stop this service before reading its log so that the tail is complete.
  await stopService(service, options.onNotice);
  // The tail goes to the console and the job summary, which mask only what the runner registered.
  const tail = maskServiceLog(readLogTail(logPath, LOG_TAIL_LINES), process.env, config);
  let reason = failure;
  const portClash = failure === 'aborted' ? undefined : findPortClash(tail);
  if (portClash) reason = portInUseMessage(config.name, portClash.port ?? target.port);
  if (failure === 'aborted') options.signal?.throwIfAborted();
  throw new BootError(formatBootMessage(reason, logPath, tail), config.name, tail);
}

/**
 * The signal handler stops everything and, unless someone else handles the signal, re-raises it
 * before the boot resumes; otherwise the caller learns here why the boot ended.
 */
async function throwIfInterrupted(guard: Guard, name: string): Promise<void> {
  const interruption = guard.interruption;
  if (!interruption) return;
  await interruption.stopped;
  throw new BootError(`service "${name}": boot interrupted by ${interruption.signal}`, name);
}

/**
 * Nothing listened on the ready port although the service was given it as PORT: a service that
 * listens on a port of its own (a Python server's 8000) is never reached, and "was refused, check
 * its log" did not say that PORT went unread.
 */
function portHint(config: ServiceConfig, target: Target, last: ProbeOutcome | undefined): string {
  const refused = last?.saw.includes('ECONNREFUSED') === true;
  return refused && config.env.PORT === String(target.port)
    ? `perfgate passed the service PORT=${target.port}: one that listens on a port of its own is never reached; have it listen on PORT, or `
    : '';
}

/** Resolves to undefined when ready, or to the reason it never will be. */
async function waitUntilReady(
  config: ServiceConfig,
  target: Target,
  service: Started,
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>,
  signal: AbortSignal | undefined,
  guard: Guard,
): Promise<string | undefined> {
  const timeoutMs = config.ready?.timeoutMs ?? 30_000;
  const deadline = performance.now() + timeoutMs;
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void exited.then((value) => {
    exit = value;
  });

  const probeTimeoutMs = Math.min(PROBE_TIMEOUT_MS, timeoutMs);
  let last: ProbeOutcome | undefined;
  let sameFinal = 0;
  for (;;) {
    if (signal?.aborted) return 'aborted';
    // Our own signal handler is stopping this service: its exit is no boot failure.
    if (guard.interruption) return 'interrupted';
    if (exit && !isServiceAlive(service)) return `service "${config.name}" ${describeExit(exit)} before it was ready`;
    // A shell that exits 0 after starting something in the background leaves the group (or a
    // daemonised process) alive: keep probing then; any other exit of the leader is a failure.
    if (exit && (exit.code !== 0 || exit.signal))
      return `service "${config.name}" ${describeExit(exit)} before it was ready`;
    if (performance.now() >= deadline) {
      return `service "${config.name}" was not ready after ${formatMs(timeoutMs)}: ${target.text} did not ${
        target.kind === 'http' ? 'answer with a 2xx status' : 'accept a connection'
      }${last ? ` (the last probe: ${last.saw})` : ''}; ${portHint(config, target, last)}check its log, or raise ready.timeout`;
    }
    // Every probe gets its whole timeout, even past the deadline: one cut to the time left
    // (1 ms at the end) only ever said "did not answer", in place of what the service did.
    const outcome = await probeReady(target, probeTimeoutMs);
    if (outcome.ok) {
      if (guard.interruption) return 'interrupted';
      // The leader might have died right as the probe succeeded (someone else on the port).
      if (exit && !isServiceAlive(service)) return `service "${config.name}" ${describeExit(exit)} before it was ready`;
      return undefined;
    }
    // The certificate (or a missing client certificate) will not change by waiting either: a
    // service that completes no handshake cannot be loaded, so say why now.
    if (outcome.tls)
      return `service "${config.name}" is not ready: ${target.text} ${outcome.saw}; ready probes use defaults.tls${
        outcome.saw.includes('docs/config/protocols.md') ? '' : ' (docs/config/protocols.md)'
      }`;
    // Nor does the protocol it speaks: an h2c-only service asked over HTTP/1.1.
    if (outcome.mismatch) return `service "${config.name}" is not ready: ${target.text} ${outcome.saw}`;
    // A client error (404 on a wrong path, 401 without credentials) does not turn into a 2xx by
    // waiting: after a few in a row, stop instead of waiting out the timeout.
    sameFinal = outcome.final && last?.saw === outcome.saw ? sameFinal + 1 : outcome.final ? 1 : 0;
    last = outcome;
    if (sameFinal >= FINAL_PROBES)
      return `service "${config.name}" is not ready: ${target.text} ${outcome.saw} ${FINAL_PROBES} times in a row, and a client error will not turn into a 2xx by waiting; check ready.http (its path, or a health endpoint that needs no credentials)`;
    await sleep(Math.min(READY_POLL_MS, Math.max(0, deadline - performance.now())));
  }
}

function describeExit(exit: { code: number | null; signal: NodeJS.Signals | null }): string {
  if (exit.signal) return `was killed by ${exit.signal}`;
  // The shell's way of saying it found no such program.
  if (exit.code === 127) return 'exited early with code 127 (command not found: check services[].run)';
  // A shell reports a child killed by signal N as 128 + N (137: SIGKILL, the OOM killer's).
  const signal =
    exit.code !== null && exit.code > 128
      ? Object.entries(constants.signals).find(([, number]) => number === exit.code! - 128)?.[0]
      : undefined;
  return `exited early with code ${exit.code ?? 'unknown'}${signal ? ` (128 + ${signal}: killed)` : ''}`;
}

function portInUseMessage(name: string, port: number): string {
  return `service "${name}": port ${port} is already in use by another process; stop it or change the port`;
}

/** Node prints `listen EADDRINUSE: address already in use 127.0.0.1:8080`; others differ. */
function findPortClash(tail: string[]): { port?: number } | undefined {
  const line = tail.find((text) => /EADDRINUSE|address already in use/i.test(text));
  if (line === undefined) return undefined;
  const port = /:(\d{1,5})\b(?!.*:\d)/.exec(line)?.[1];
  return port === undefined ? {} : { port: Number(port) };
}

function formatBootMessage(reason: string, logPath: string, tail: string[]): string {
  if (tail.length === 0) return `${reason}\n(its log ${logPath} is empty)`;
  return `${reason}\nlast ${tail.length} lines of ${logPath}:\n${tail.map((line) => `  ${line}`).join('\n')}`;
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

function sanitizeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}

function parseTarget(config: ServiceConfig): Target {
  const ready = config.ready;
  if (ready?.http) {
    let url: URL;
    try {
      url = new URL(ready.http);
    } catch {
      throw new BootError(
        `service "${config.name}": ready.http "${ready.http}" is not a URL; use one like "http://127.0.0.1:8080/health"`,
        config.name,
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new BootError(
        `service "${config.name}": ready.http "${ready.http}" is not an http(s) URL; use one like "http://127.0.0.1:8080/health"`,
        config.name,
      );
    }
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    return { kind: 'http', host: stripBrackets(url.hostname), port, url, text: `GET ${ready.http}` };
  }
  if (ready?.tcp) {
    const match = /^(.*):(\d+)$/.exec(ready.tcp.trim());
    const port = Number(match?.[2]);
    if (!match || !match[1] || port < 1 || port > 65535) {
      throw new BootError(
        `service "${config.name}": ready.tcp "${ready.tcp}" is not host:port; use one like "127.0.0.1:5432"`,
        config.name,
      );
    }
    return { kind: 'tcp', host: stripBrackets(match[1]), port, text: `tcp ${ready.tcp}` };
  }
  throw new BootError(`service "${config.name}": ready needs "http" or "tcp"`, config.name);
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** The group is alive, or a process that left it (setsid, a daemon) still carries the service's marker. */
function isServiceAlive(service: Started): boolean {
  return isGroupAlive(service.pid) || findMarkedProcesses(service.marker).length > 0;
}

/** Stops the service's group, then whatever it started that left the group, and says what that was. */
async function stopService(service: Started, onNotice: ((message: string) => void) | undefined): Promise<void> {
  await stopGroup(service.pid, service.config.stopGraceMs);
  const strays = await stopMarkedProcesses(service.marker, service.config.stopGraceMs);
  if (strays.length > 0) onNotice?.(describeStrays(service.config.name, strays));
}

interface Guard {
  /** Set, synchronously, when a signal arrives; settles once every group is stopped. */
  interruption?: { signal: NodeJS.Signals; stopped: Promise<void> };
  remove(): void;
}

/**
 * While services run, an interrupted perfgate stops them before it dies: SIGINT/SIGTERM stop
 * every group (reverse order, with the grace period) and then re-raise the signal so that the
 * exit status still says "killed by SIGINT" (130) or "SIGTERM" (143). When another part of the
 * program also listens for the signal, it owns the decision to exit and we only stop the groups.
 * The 'exit' hook covers every other way out (an uncaught error, process.exit): it can only run
 * synchronous code, so it SIGKILLs whatever is left.
 */
function installGuard(started: Started[], onNotice: ((message: string) => void) | undefined): Guard {
  const onSignal = (signal: NodeJS.Signals): void => {
    if (guard.interruption) {
      // A second Ctrl-C: no more grace.
      for (const service of started) signalGroup(service.pid, 'SIGKILL');
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }
    const stopped = (async () => {
      for (const service of [...started].reverse()) await stopService(service, onNotice);
      guard.remove();
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    })();
    guard.interruption = { signal, stopped };
  };
  const onExit = (): void => {
    for (const service of started) {
      if (isGroupAlive(service.pid)) signalGroup(service.pid, 'SIGKILL');
      killMarkedProcessesSync(service.marker);
    }
  };
  let removed = false;
  const guard: Guard = {
    remove() {
      if (removed) return;
      removed = true;
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      process.off('exit', onExit);
      changeMaxListeners(-1);
    },
  };
  // compare.processes boots up to 8 copies of each variant, each with a guard of its own: 16
  // listeners of each event are expected, and Node's MaxListenersExceededWarning about them read
  // as a leak in perfgate to the user who followed the README's advice.
  changeMaxListeners(+1);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', onExit);
  return guard;
}

/** Moves the process's listener limit with the guards; 0 (no limit, set elsewhere) stays 0. */
function changeMaxListeners(by: number): void {
  const max = process.getMaxListeners();
  if (max > 0) process.setMaxListeners(Math.max(max + by, 1));
}

// The environment a service gets and the masking of what its log shows: see service-env.ts.
export { inheritableEnv } from './service-env.js';
