// Live progress while a scenario runs: one line redrawn in place on a terminal, and a plain
// status line every few seconds in CI logs, where carriage returns would pile up.

import { describeParams, formatCount, formatDuration, formatMs, formatRps } from '../core/report/format.js';
import type { ScenarioConfig } from '../core/types/config.js';
import type { ScenarioProgress } from '../engine/run-scenario.js';
import type { ServiceStatus } from './services.js';

export type { ScenarioProgress };

export interface ProgressReporter {
  update(progress: ScenarioProgress): void;
  /** Ends the output: the terminal line is kept, or the last unprinted status is printed. */
  done(): void;
}

export interface ProgressOptions {
  /** Period of the status line when the stream is not a terminal. */
  intervalMs?: number;
  now?: () => number;
}

type ProgressStream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

const BAR_WIDTH = 20;
const CLEAR_LINE = '\r\x1b[2K';

export function createProgressReporter(stream: ProgressStream, options: ProgressOptions = {}): ProgressReporter {
  return stream.isTTY ? createTerminalReporter(stream) : createLogReporter(stream, options);
}

function createTerminalReporter(stream: ProgressStream): ProgressReporter {
  let current: ScenarioProgress | undefined;
  let showing = false;
  return {
    update(progress) {
      // The measured phase's last state stays on screen; the warm-up's is simply overwritten.
      if (current && showing && current.phase === 'measure' && phaseKey(current) !== phaseKey(progress)) {
        stream.write('\n');
        showing = false;
      }
      current = progress;
      let line = `${formatBar(progress)} ${formatStatus(progress)}`;
      const columns = stream.columns;
      if (columns && columns > 10 && line.length > columns - 1) line = line.slice(0, columns - 1);
      stream.write(`${CLEAR_LINE}${line}`);
      showing = true;
    },
    done() {
      if (showing) stream.write('\n');
      showing = false;
    },
  };
}

function createLogReporter(stream: ProgressStream, options: ProgressOptions): ProgressReporter {
  const intervalMs = options.intervalMs ?? 5000;
  const now = options.now ?? (() => performance.now());
  let current: ScenarioProgress | undefined;
  let printed = true;
  let lastPrintAt = 0;

  const print = (progress: ScenarioProgress): void => {
    stream.write(`${formatStatus(progress)}\n`);
    printed = true;
    lastPrintAt = now();
  };
  const flushMeasured = (): void => {
    // The end state of a measured phase is worth a line even between two periods.
    if (current && !printed && current.phase === 'measure') print(current);
  };

  return {
    update(progress) {
      if (!current || phaseKey(current) !== phaseKey(progress)) {
        flushMeasured();
        // Periods count from the start of the phase, so the lines fall on 5 s, 10 s, …
        lastPrintAt = now() - progress.elapsedMs;
      }
      current = progress;
      printed = false;
      if (now() - lastPrintAt >= intervalMs) print(progress);
    },
    done() {
      flushMeasured();
    },
  };
}

/** `starting service api: node server.js (log .perfgate/logs/api.log)`, `service api ready after 0.4 s (GET …)` */
export function describeServiceStatus(status: ServiceStatus): string {
  if (status.kind === 'starting') {
    const waits = status.readyCheck ? `, waiting for ${status.readyCheck}` : '';
    return `starting service ${status.name}: ${status.run} (log ${status.logPath}${waits})`;
  }
  return `service ${status.name} ready after ${formatDuration(status.afterMs)}${status.readyCheck ? ` (${status.readyCheck} answered)` : ' (no readiness check)'}`;
}

/** `scenario 2/3: fetchByKey · constant-vus · VUs 20 · warm-up 5 s, then 20 s measured` */
export function describeScenarioStart(scenario: ScenarioConfig, index: number, count: number): string {
  const { executor, ...params } = scenario.load;
  const described = describeParams(params);
  const window = 'durationMs' in scenario.load ? `${formatDuration(scenario.load.durationMs)} measured` : 'measured';
  const warmup =
    scenario.warmupMs > 0 ? `warm-up ${formatDuration(scenario.warmupMs)}, then ${window}` : `no warm-up, ${window}`;
  return `scenario ${index + 1}/${count}: ${scenario.name} · ${executor}${described ? ` · ${described}` : ''} · ${warmup}`;
}

function phaseKey(progress: ScenarioProgress): string {
  return `${progress.scenario}\u0000${progress.phase}`;
}

/**
 * `[fetchByKey] measure 15s/60s  3,120 done  last 1s: 208.0/s p95 12.4 ms  0 ko  0 dropped  20 VUs`;
 * in A/B mode the counts are of both variants, so the line says `head+base` and the target `each`.
 */
export function formatStatus(progress: ScenarioProgress): string {
  const both = progress.variants > 1;
  const parts = [
    `[${progress.scenario}] ${progress.phase} ${formatElapsed(progress.elapsedMs, progress.plannedMs)}`,
    ...(both ? ['head+base'] : []),
    `${formatCount(progress.completed)} done`,
    // Labelled: a bare rate beside the table's whole-window one read as a second, wrong figure.
    `last ${formatInterval(progress.intervalMs)}: ${formatRps(progress.intervalRps)} p95 ${formatLatencyMs(progress.intervalP95Ms)}`,
    `${formatCount(progress.ko)} ko`,
    `${formatCount(progress.dropped)} dropped`,
  ];
  if (progress.vus !== undefined) parts.push(`${formatCount(progress.vus)} VUs`);
  if (progress.intendedRatePerSec !== undefined) {
    parts.push(
      `target ${formatRps(progress.intendedRatePerSec)}${both ? ' each' : ''}`,
      `${formatCount(progress.inFlight)} in flight`,
    );
  }
  return parts.join('  ');
}

function formatBar(progress: ScenarioProgress): string {
  const fraction = progress.plannedMs > 0 ? Math.min(1, Math.max(0, progress.elapsedMs / progress.plannedMs)) : 0;
  const filled = Math.round(fraction * BAR_WIDTH);
  const fill = progress.phase === 'warmup' ? '-' : '=';
  return `[${fill.repeat(filled)}${' '.repeat(BAR_WIDTH - filled)}] ${String(Math.round(fraction * 100)).padStart(3)}%`;
}

/**
 * `15s/60s`; past the plan (in-flight requests finishing, an iteration count not yet reached) it
 * reads `7s, planned 5s`, where `7s/5s` looked like a miscount.
 */
function formatElapsed(elapsedMs: number, plannedMs: number): string {
  const elapsed = formatSeconds(elapsedMs);
  const planned = formatSeconds(plannedMs);
  return Math.floor(elapsedMs / 1000) > Math.floor(plannedMs / 1000)
    ? `${elapsed}, planned ${planned}`
    : `${elapsed}/${planned}`;
}

/** `1s`, `5s`; a short last interval (the phase's end) `0.3s`. */
function formatInterval(ms: number): string {
  return ms >= 950 ? `${Math.round(ms / 1000)}s` : `${(Math.max(0, ms) / 1000).toFixed(1)}s`;
}

function formatSeconds(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 100) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
}

function formatLatencyMs(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return '—';
  return formatMs(ms);
}
