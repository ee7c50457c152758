// What every part of the semantic pass shares: the problems found so far, the allowed hosts, and
// readers of a raw value that record a problem instead of throwing.
import { parseDuration, parsePercent } from '../duration.js';
import { formatPath, quoteValue, type PathKey } from '../paths.js';
import { MAX_CONNECTIONS, MAX_RATE_PER_SEC } from './defaults.js';
import type { Problems } from './problems.js';

export function checkConnections(ctx: Context, path: PathKey[], value: number, what: string): void {
  if (value > MAX_CONNECTIONS) {
    ctx.problems.add(
      path,
      `${quoteValue(value)} is more ${what} than one machine can hold (each holds a connection; at most ${MAX_CONNECTIONS}); use at most ${MAX_CONNECTIONS}, or shard the scenario`,
    );
  }
}

export function checkRate(ctx: Context, path: PathKey[], ratePerSec: number): void {
  if (ratePerSec > MAX_RATE_PER_SEC) {
    ctx.problems.add(
      path,
      `${ratePerSec}/s is more than one load generator can send (at most ${MAX_RATE_PER_SEC}/s); use a lower rate, or shard the scenario`,
    );
  }
}

export type Raw = Record<string, unknown>;

export function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface Context {
  problems: Problems;
  allowHosts: string[];
}

export function durationAt(ctx: Context, path: PathKey[], value: unknown, fallbackMs: number): number {
  if (value === undefined) return fallbackMs;
  return ctx.problems.attempt(path, () => parseDuration(value, formatPath(path))) ?? fallbackMs;
}

export function stringMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(value)) return out;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') out[key] = String(item);
  }
  return out;
}

export function effectAt(ctx: Context, path: PathKey[], value: unknown): number | undefined {
  if (typeof value === 'number' && value >= 0 && value <= 1) return value;
  if (typeof value === 'string') return ctx.problems.attempt(path, () => parsePercent(value, formatPath(path)));
  return undefined;
}
