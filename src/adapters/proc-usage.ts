// Samples the CPU and memory of each service's whole process group from /proc, as an APM agent
// would show them next to the latencies. Linux only; elsewhere it reports nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { endianness } from 'node:os';
import type { ServiceUsage } from '../core/types/results.js';

export interface UsageSampler {
  /** Takes a last sample and returns the usage per service (services never seen are left out). */
  stop(): ServiceUsage[];
  /** CPU seconds all services have used since the sampler started, read now (microseconds: one
   * /proc/<pid>/stat per known member); undefined without /proc. */
  cpuSeconds(): number | undefined;
}

export interface ProcStat {
  pid: number;
  /** R, S, D, Z (zombie)… */
  state: string;
  threads: number;
  pgrp: number;
  /** utime + stime, in clock ticks. */
  cpuTicks: number;
  /** Resident set size, in pages. */
  rssPages: number;
}

interface GroupState {
  name: string;
  pgid: number;
  previousTicks: Map<number, number>;
  totalTicks: number;
  totalSeconds: number;
  maxPercent: number;
  peakRssBytes: number;
  samples: number;
}

const FINAL_SAMPLE_MIN_MS = 50;
const DISCOVER_EVERY_MS = 5000;

let systemConstants: { ticksPerSecond: number; pageSizeBytes: number } | undefined;

export function readSystemConstants(): { ticksPerSecond: number; pageSizeBytes: number } {
  if (systemConstants === undefined) {
    const auxv = readAuxv();
    systemConstants = {
      ticksPerSecond: auxv.get(AT_CLKTCK) ?? readGetconf('CLK_TCK', 100),
      pageSizeBytes: auxv.get(AT_PAGESZ) ?? readGetconf('PAGESIZE', 4096),
    };
  }
  return systemConstants;
}

export const AT_PAGESZ = 6;
export const AT_CLKTCK = 17;

/**
 * The kernel's auxiliary vector of this process (/proc/self/auxv: pairs of native 64-bit words),
 * where sysconf, and so getconf, reads the page size and the clock ticks: one file read instead
 * of two getconf processes (~10 ms of a run's start-up CPU). Empty where it cannot be read as
 * such (no /proc, a 32-bit build); getconf answers then.
 */
export function readAuxv(): Map<number, number> {
  const values = new Map<number, number>();
  if (!['x64', 'arm64', 'ppc64', 's390x', 'riscv64', 'loong64'].includes(process.arch)) return values;
  let bytes: Buffer;
  try {
    bytes = readFileSync('/proc/self/auxv');
  } catch {
    return values;
  }
  if (bytes.length % 16 !== 0) return values;
  const little = endianness() === 'LE';
  for (let at = 0; at < bytes.length; at += 16) {
    const type = Number(little ? bytes.readBigUInt64LE(at) : bytes.readBigUInt64BE(at));
    if (type === 0) break; // AT_NULL
    const value = Number(little ? bytes.readBigUInt64LE(at + 8) : bytes.readBigUInt64BE(at + 8));
    if ((type === AT_PAGESZ || type === AT_CLKTCK) && Number.isSafeInteger(value) && value > 0) values.set(type, value);
  }
  return values;
}

/** Clock ticks per second, the unit of CPU times in /proc. */
export function clockTicksPerSecond(): number {
  return readSystemConstants().ticksPerSecond;
}

function readGetconf(name: string, fallback: number): number {
  try {
    const value = Number(
      execFileSync('getconf', [name], { encoding: 'utf8', timeout: 2000, stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    );
    return Number.isFinite(value) && value > 0 ? value : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Parses one /proc/<pid>/stat line. The command name (field 2) may hold spaces and parentheses,
 * so the fields are counted from the last ')'.
 */
export function parseProcStat(text: string): ProcStat | undefined {
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  const pid = Number(text.slice(0, text.indexOf(' ')));
  const fields = text
    .slice(close + 2)
    .trim()
    .split(' ');
  // fields[0] is field 3 (state): field n sits at index n - 3.
  const pgrp = Number(fields[5 - 3]);
  const utime = Number(fields[14 - 3]);
  const stime = Number(fields[15 - 3]);
  const threads = Number(fields[20 - 3]);
  const rssPages = Number(fields[24 - 3]);
  if (![pid, pgrp, utime, stime, threads, rssPages].every(Number.isFinite)) return undefined;
  return { pid, state: fields[0] ?? '?', pgrp, threads, cpuTicks: utime + stime, rssPages };
}

/**
 * False for a process that has exited. A multi-threaded process's leader shows as a zombie as
 * soon as it exits, while its other threads still run and still hold its files (a listening
 * socket, say); it is dead only once those threads are gone too.
 */
export function isLiveProcess(stat: ProcStat): boolean {
  return !((stat.state === 'Z' || stat.state === 'X') && stat.threads <= 1);
}

/** Every process in one of the process groups `pgids`; undefined when there is no /proc. */
export function scanProcessGroups(pgids: ReadonlySet<number>): ProcStat[] | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const found: ProcStat[] = [];
  for (const entry of entries) {
    if (!isPidName(entry)) continue;
    let text: string;
    try {
      text = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited between readdir and read
    }
    const stat = parseProcStat(text);
    if (stat && pgids.has(stat.pgrp)) found.push(stat);
  }
  return found;
}

export function startUsageSampler(
  services: { name: string; pid: number }[],
  intervalMs = 500,
  options: { discoverEveryMs?: number } = {},
): UsageSampler {
  if (services.length === 0)
    return { stop: () => [], cpuSeconds: () => (existsSync('/proc/self/stat') ? 0 : undefined) };
  if (!existsSync('/proc/self/stat')) return { stop: () => [], cpuSeconds: () => undefined };
  const { ticksPerSecond, pageSizeBytes } = readSystemConstants();
  const groups = new Map<number, GroupState>(
    services.map(({ name, pid }) => [
      pid,
      {
        name,
        pgid: pid,
        previousTicks: new Map(),
        totalTicks: 0,
        totalSeconds: 0,
        maxPercent: 0,
        peakRssBytes: 0,
        samples: 0,
      },
    ]),
  );
  const pgids = new Set(groups.keys());
  const addMembers = (stats: ProcStat[]): void => {
    for (const stat of stats) {
      const group = groups.get(stat.pgrp);
      // CPU spent before we saw a process is not counted: counting it would put a newcomer's
      // whole life into one interval.
      if (group && isLiveProcess(stat) && !group.previousTicks.has(stat.pid))
        group.previousTicks.set(stat.pid, stat.cpuTicks);
    }
  };

  // Scanning all of /proc costs milliseconds of the generator's event loop, which would show in
  // its latencies; so each tick re-reads only the known members (microseconds), and new members
  // are looked for in the background every few seconds.
  addMembers(scanProcessGroups(pgids) ?? []);
  let previousAt = performance.now();
  for (const group of groups.values()) recordMemory(group, [...group.previousTicks.keys()].map(readProcStat));

  function recordMemory(group: GroupState, stats: (ProcStat | undefined)[]): void {
    let rssPages = 0;
    let seen = 0;
    for (const stat of stats) {
      if (stat) {
        rssPages += stat.rssPages;
        seen += 1;
      }
    }
    if (seen === 0) return;
    group.peakRssBytes = Math.max(group.peakRssBytes, rssPages * pageSizeBytes);
    group.samples += 1;
  }

  const sample = (): void => {
    const now = performance.now();
    const elapsedSeconds = (now - previousAt) / 1000;
    previousAt = now;
    for (const group of groups.values()) {
      let deltaTicks = 0;
      const stats: ProcStat[] = [];
      for (const [pid, before] of group.previousTicks) {
        const stat = readProcStat(pid);
        // Gone, a zombie, or its pid reused by a stranger.
        if (!stat || !isLiveProcess(stat) || stat.pgrp !== group.pgid) {
          group.previousTicks.delete(pid);
          continue;
        }
        deltaTicks += Math.max(0, stat.cpuTicks - before);
        group.previousTicks.set(pid, stat.cpuTicks);
        stats.push(stat);
      }
      if (stats.length === 0) continue;
      recordMemory(group, stats);
      if (elapsedSeconds > 0) {
        group.totalTicks += deltaTicks;
        group.totalSeconds += elapsedSeconds;
        group.maxPercent = Math.max(group.maxPercent, (deltaTicks / ticksPerSecond / elapsedSeconds) * 100);
      }
    }
  };

  let discovering = false;
  let ticks = 0;
  const discoverEvery = Math.max(1, Math.round((options.discoverEveryMs ?? DISCOVER_EVERY_MS) / intervalMs));
  const discover = (): void => {
    if (discovering) return;
    discovering = true;
    scanProcessGroupsAsync(pgids)
      .then(addMembers, () => undefined)
      .finally(() => {
        discovering = false;
      });
  };
  const timer = setInterval(() => {
    sample();
    ticks += 1;
    if (ticks % discoverEvery === 0) discover();
  }, intervalMs);
  timer.unref();

  let result: ServiceUsage[] | undefined;
  return {
    cpuSeconds(): number {
      // What the samples have counted, plus what the known members used since the last one, so
      // that a member found later adds only its CPU from then on.
      let ticks = 0;
      for (const group of groups.values()) {
        ticks += group.totalTicks;
        for (const [pid, before] of group.previousTicks) {
          const stat = readProcStat(pid);
          if (stat && stat.pgrp === group.pgid) ticks += Math.max(0, stat.cpuTicks - before);
        }
      }
      return ticks / ticksPerSecond;
    },
    stop(): ServiceUsage[] {
      if (result) return result;
      clearInterval(timer);
      if (performance.now() - previousAt >= FINAL_SAMPLE_MIN_MS) sample();
      result = [...groups.values()]
        .filter((group) => group.samples > 0)
        .map((group) => ({
          name: group.name,
          // Time-weighted: total CPU time over total wall time, not a mean of unequal intervals.
          cpuMeanPercent: round1(
            group.totalSeconds > 0 ? (group.totalTicks / ticksPerSecond / group.totalSeconds) * 100 : 0,
          ),
          cpuMaxPercent: round1(group.maxPercent),
          rssPeakBytes: group.peakRssBytes,
        }));
      return result;
    },
  };
}

function readProcStat(pid: number): ProcStat | undefined {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

async function scanProcessGroupsAsync(pgids: ReadonlySet<number>): Promise<ProcStat[]> {
  const entries = (await readdir('/proc')).filter(isPidName);
  const stats = await Promise.all(
    entries.map(async (entry) => {
      try {
        return parseProcStat(await readFile(`/proc/${entry}/stat`, 'utf8'));
      } catch {
        return undefined; // exited between readdir and read
      }
    }),
  );
  return stats.filter((stat): stat is ProcStat => stat !== undefined && pgids.has(stat.pgrp));
}

function isPidName(entry: string): boolean {
  const first = entry.charCodeAt(0);
  return first >= 48 && first <= 57;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
