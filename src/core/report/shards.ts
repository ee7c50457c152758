// A merge of load shards, for the text and markdown reports: how many shards, and one row per shard with what sets
// a shard apart from the others (a late start, its generator behind, errors or a tail of its own),
// so that a merged figure is never read without knowing that one runner measured something else.
import type { ScenarioResult, ShardFigures } from '../types/results.js';
import { formatCount, formatMsValue, formatPercent, formatRps } from './format.js';

/** A shard whose window started this far from the median one's is named: beyond the barrier's few ms. */
const OFFSET_NOTED_FRACTION = 0.05;
/** A shard's share of failed requests, or its p99, this many times the others' median is named. */
const APART_FACTOR = 2;
/** Below this share of failed requests no shard is said to fail apart. */
const ERROR_SHARE_NOTED = 0.01;

export interface ShardTable {
  header: string[];
  rows: string[][];
  /** Per row: what sets the shard apart, in words; empty when nothing does. */
  apart: string[][];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const errorShare = (shard: ShardFigures): number =>
  shard.requests.total > 0 ? shard.requests.ko / shard.requests.total : 0;

/** What sets each shard apart from the others; an empty list for one like the rest. */
export function describeShardsApart(shards: readonly ShardFigures[]): string[][] {
  const typicalP99 = median(shards.map((shard) => shard.p99Ms));
  const typicalErrors = median(shards.map(errorShare));
  return shards.map((shard) => {
    const apart: string[] = [];
    if (Math.abs(shard.startOffsetMs) > OFFSET_NOTED_FRACTION * shard.durationMs)
      apart.push(
        `started ${formatMsValue(Math.abs(shard.startOffsetMs))} ms ${shard.startOffsetMs > 0 ? 'after' : 'before'} the others`,
      );
    if (shard.saturated) apart.push('its generator fell behind');
    const share = errorShare(shard);
    if (share >= ERROR_SHARE_NOTED && share > APART_FACTOR * typicalErrors)
      apart.push(`${formatPercent(share, 2)} failed, the others ${formatPercent(typicalErrors, 2)}`);
    if (typicalP99 > 0 && shard.p99Ms > APART_FACTOR * typicalP99)
      apart.push(`p99 ${formatMsValue(shard.p99Ms)} ms, the others ${formatMsValue(typicalP99)} ms`);
    return apart;
  });
}

/** The per-shard table of a merged scenario, or undefined for one that is no merge of load shards. */
export function shardTable(result: ScenarioResult): ShardTable | undefined {
  const shards = result.shards;
  if (!shards || shards.length === 0) return undefined;
  const apart = describeShardsApart(shards);
  const rows = shards.map((shard) => [
    String(shard.index),
    `${shard.startOffsetMs >= 0 ? '+' : '−'}${formatMsValue(Math.abs(shard.startOffsetMs))} ms`,
    formatCount(shard.requests.total),
    formatCount(shard.requests.ko),
    formatRps(shard.rps),
    `${formatMsValue(shard.p99Ms)} ms`,
    formatCount(shard.lateStarts),
    shard.cpuCores.toFixed(2),
  ]);
  return {
    header: ['shard', 'start', 'requests', 'KO', 'rps', 'p99', 'late starts', 'CPU cores'],
    rows,
    apart,
  };
}
