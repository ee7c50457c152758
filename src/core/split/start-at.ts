// `--start-at T`: a start barrier shared by the shards of one run, so that their loads overlap.
// Each shard boots its services, then waits until T to start its first warm-up. A T already
// further in the past than that warm-up is refused: the shard would start late by more than the
// warm-up absorbs, and the merge would find its window shifted.
import { ConfigError } from '../errors.js';
import { parseShardSplit, type ShardSplit } from './index.js';

/** Epoch milliseconds (13 digits) or an ISO 8601 time with a zone, like 2026-12-02T07:30:00Z. */
export function parseStartAt(value: string, input = '--start-at'): number {
  const trimmed = value.trim();
  const ms = /^\d{10,16}$/.test(trimmed)
    ? Number(trimmed)
    : /^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/i.test(trimmed)
      ? Date.parse(trimmed)
      : NaN;
  if (!Number.isFinite(ms) || ms < 1e12) {
    throw new ConfigError(
      `${input}: "${value}" is not a start time; use epoch milliseconds like 1764660600000 or ISO 8601 with a zone like 2026-12-02T07:30:00Z`,
    );
  }
  return ms;
}

/** A barrier further ahead than this is refused: the shards of one run start within minutes of
 * each other (the first job's now + 90 s is the advice), and a barrier days or years away, mistyped
 * or in the wrong unit, would hold a runner waiting until the job's timeout. */
export const MAX_START_AHEAD_MS = 30 * 60_000;

/** Refuses a barrier that passed longer ago than the first warm-up lasts, or is more than
 * MAX_START_AHEAD_MS ahead. */
export function checkStartAt(startAtMs: number, nowMs: number, warmupMs: number, input = '--start-at'): void {
  const aheadMs = startAtMs - nowMs;
  if (aheadMs > MAX_START_AHEAD_MS) {
    const minutes = aheadMs / 60_000;
    const how =
      minutes < 120
        ? `${minutes.toFixed(0)} min`
        : minutes < 2 * 1440
          ? `${(minutes / 60).toFixed(1)} h`
          : `${(minutes / 1440).toFixed(0)} days`;
    throw new ConfigError(
      `${input}: ${new Date(startAtMs).toISOString()} is ${how} ahead, more than the ${MAX_START_AHEAD_MS / 60_000} min a shard waits at most: the barrier is for shards booting together; pick a time a minute or two ahead (the first job's now + 90 s gives every runner time to boot)`,
    );
  }
  const lateMs = nowMs - startAtMs;
  if (lateMs <= warmupMs) return;
  throw new ConfigError(
    `${input}: ${new Date(startAtMs).toISOString()} passed ${(lateMs / 1000).toFixed(1)} s ago, more than the first scenario's warm-up (${(warmupMs / 1000).toFixed(1)} s): this shard would start its load after the others; pick a later time (the first job's now + 90 s gives every runner time to boot)`,
  );
}

/** The CLI's --split and --start-at, checked together: --split load needs a shard. */
export function parseSplitChoice(
  split: string | undefined,
  startAt: string | undefined,
  hasShard: boolean,
): { split?: ShardSplit; startAtMs?: number } {
  const chosen = split === undefined ? undefined : parseShardSplit(split, '--split');
  if (chosen === 'load' && !hasShard)
    throw new ConfigError('--split load needs --shard I/N: which share of the load this run drives, like --shard 1/3');
  return {
    ...(chosen ? { split: chosen } : {}),
    ...(startAt === undefined ? {} : { startAtMs: parseStartAt(startAt, '--start-at') }),
  };
}
