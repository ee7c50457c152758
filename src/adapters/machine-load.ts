// How busy the machine was while a scenario ran, and how much of that was neither perfgate nor
// the services it started. On a shared CI runner a neighbour that takes a core slows the service
// by tens of percent, which a comparison would read as a regression; measuring the competing
// work lets the verdict say "inconclusive: the machine was busy" instead. Linux only (/proc).
import { readFileSync } from 'node:fs';
import type { MachineLoad, ServiceUsage } from '../core/types/results.js';
import { clockTicksPerSecond, parseProcStat } from './proc-usage.js';

export interface CpuTotals {
  /** All non-idle ticks: user, nice, system, irq, softirq, steal (guest time is inside user). */
  busyTicks: number;
  stealTicks: number;
}

/** Parses the aggregate `cpu` line of /proc/stat. */
export function parseCpuTotals(procStat: string): CpuTotals | undefined {
  const line = procStat.split('\n').find((candidate) => candidate.startsWith('cpu '));
  if (!line) return undefined;
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  if (fields.length < 4 || fields.some((field) => !Number.isFinite(field))) return undefined;
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return { busyTicks: user + nice + system + irq + softirq + steal, stealTicks: steal };
}

/** The machine's cumulative busy and steal CPU seconds, one /proc/stat read; undefined without /proc. */
export function readMachineCpuSeconds(): { busySeconds: number; stealSeconds: number } | undefined {
  try {
    const totals = parseCpuTotals(readFileSync('/proc/stat', 'utf8'));
    if (!totals) return undefined;
    const ticksPerSecond = clockTicksPerSecond();
    return { busySeconds: totals.busyTicks / ticksPerSecond, stealSeconds: totals.stealTicks / ticksPerSecond };
  } catch {
    return undefined;
  }
}

export interface MachineLoadMeter {
  /** `services` is the usage the service sampler measured over the same span. */
  stop(services: ServiceUsage[]): MachineLoad | undefined;
}

export function startMachineLoadMeter(cpuCount: number): MachineLoadMeter {
  const ticksPerSecond = clockTicksPerSecond();
  const read = (): { totals: CpuTotals; ownTicks: number; at: number } | undefined => {
    try {
      const totals = parseCpuTotals(readFileSync('/proc/stat', 'utf8'));
      const ownTicks = parseProcStat(readFileSync('/proc/self/stat', 'utf8'))?.cpuTicks;
      return totals && ownTicks !== undefined ? { totals, ownTicks, at: performance.now() } : undefined;
    } catch {
      return undefined;
    }
  };
  const start = read();
  return {
    stop(services) {
      const end = read();
      if (!start || !end) return undefined;
      const seconds = (end.at - start.at) / 1000;
      if (seconds <= 0) return undefined;
      const cores = (ticks: number) => ticks / ticksPerSecond / seconds;
      const busyCores = cores(end.totals.busyTicks - start.totals.busyTicks);
      const ownCores = cores(end.ownTicks - start.ownTicks);
      const serviceCores = services.reduce((sum, service) => sum + service.cpuMeanPercent / 100, 0);
      return {
        cpuCount,
        busyCores: round2(busyCores),
        otherCores: round2(Math.max(0, busyCores - ownCores - serviceCores)),
        stealCores: round2(cores(end.totals.stealTicks - start.totals.stealTicks)),
      };
    },
  };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
