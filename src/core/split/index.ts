// `--split load`: every shard runs every scenario with its share of the load, so that N runners
// together drive what one could not. Shares follow k6's execution segments: shard i of N owns the
// segment ((i-1)/N, i/N] of every count, and its share of a whole count T is
// floor(T·i/N) − floor(T·(i-1)/N). The shares are whole, differ by at most one, and add up to T
// exactly, whatever N; the remainder lands on the later shards, the same ones for every count.
// Rates are split the same way in thousandths of a request per second (their config precision).
import { ConfigError } from '../errors.js';
import type { Shard } from '../options.js';
import type { LoadModel, ScenarioConfig, Stage } from '../types/config.js';

export type ShardSplit = 'scenarios' | 'load';

/** Shard `shard`'s whole share of `total` (a non-negative integer). */
export function shareOf(total: number, shard: Shard): number {
  return Math.floor((total * shard.index) / shard.count) - Math.floor((total * (shard.index - 1)) / shard.count);
}

/** Rates split in thousandths of a request/s: the shares add up to the rate (to 0.001/s). */
const RATE_UNITS = 1000;

export function rateShareOf(ratePerSec: number, shard: Shard): number {
  return shareOf(Math.round(ratePerSec * RATE_UNITS), shard) / RATE_UNITS;
}

function splitStages(stages: Stage[], share: (n: number) => number): Stage[] {
  return stages.map((stage) => ({ durationMs: stage.durationMs, target: share(stage.target) }));
}

function refuseVus(scenario: ScenarioConfig, key: string, total: number, shard: Shard): never {
  throw new ConfigError(
    `scenario ${scenario.name}: ${key} ${total} cannot be split across ${shard.count} shards (--split load gives shard ${shard.index}/${shard.count} ${shareOf(total, shard)} VUs); use at least ${shard.count} VUs, fewer shards, or --split scenarios`,
  );
}

/** A VU count every shard must get at least one of: a shard with none would measure nothing. */
function vusShare(scenario: ScenarioConfig, key: string, total: number, shard: Shard): number {
  const share = shareOf(total, shard);
  if (share < 1) refuseVus(scenario, key, total, shard);
  return share;
}

/** The load model of shard `shard` under --split load; a load that cannot be split is a ConfigError. */
export function splitLoad(scenario: ScenarioConfig, shard: Shard): LoadModel {
  const load = scenario.load;
  const vus = (n: number) => shareOf(n, shard);
  const rate = (r: number) => rateShareOf(r, shard);
  switch (load.executor) {
    case 'constant-vus':
      return { ...load, vus: vusShare(scenario, 'vus', load.vus, shard) };
    case 'shared-iterations': {
      const iterations = shareOf(load.iterations, shard);
      if (iterations < 1) {
        throw new ConfigError(
          `scenario ${scenario.name}: iterations ${load.iterations} cannot be split across ${shard.count} shards; use at least ${shard.count} iterations, fewer shards, or --split scenarios`,
        );
      }
      return { ...load, vus: vusShare(scenario, 'vus', load.vus, shard), iterations };
    }
    case 'ramping-vus': {
      const peak = Math.max(load.startVus, ...load.stages.map((stage) => stage.target));
      if (shareOf(peak, shard) < 1) refuseVus(scenario, 'the peak of its stages', peak, shard);
      return { ...load, startVus: vus(load.startVus), stages: splitStages(load.stages, vus) };
    }
    case 'constant-arrival-rate': {
      const share = rate(load.ratePerSec);
      if (share <= 0) {
        throw new ConfigError(
          `scenario ${scenario.name}: rate ${load.ratePerSec}/s split across ${shard.count} shards leaves shard ${shard.index}/${shard.count} no load; use fewer shards or --split scenarios`,
        );
      }
      return { ...load, ratePerSec: share };
    }
    case 'ramping-arrival-rate':
      return { ...load, startRatePerSec: rate(load.startRatePerSec), stages: splitStages(load.stages, rate) };
    case 'capacity':
      // Each level's verdict needs the whole level's latencies and errors, which shards on other
      // runners only have after the merge: searching level by level together would need the
      // shards to talk to each other during the run, and they cannot.
      throw new ConfigError(
        `scenario ${scenario.name}: a capacity search cannot be split by load: whether a level held depends on every shard's share of it, which shards on separate runners only know after the merge; run it on one runner (--split scenarios, or leave it out of the split config)`,
      );
  }
}

export function splitScenario(scenario: ScenarioConfig, shard: Shard): ScenarioConfig {
  return { ...scenario, load: splitLoad(scenario, shard) };
}

/** The shard's data rows: round-robin by position, so that no row is sent by two shards. */
export function splitRows<T>(scenarioName: string, rows: readonly T[], shard: Shard): T[] {
  const mine = rows.filter((_, position) => position % shard.count === shard.index - 1);
  if (mine.length === 0 && rows.length > 0) {
    throw new ConfigError(
      `scenario ${scenarioName}: its ${rows.length} data rows cannot be split across ${shard.count} shards (shard ${shard.index}/${shard.count} gets none); add rows or use fewer shards`,
    );
  }
  return mine;
}

const SPLIT_COUNTS = ['vus', 'iterations', 'startVus', 'ratePerSec', 'startRatePerSec'] as const;

/** The params of the whole load from those of its shards (as ScenarioResult.params records them):
 * the split counts and stage targets added up, the rest as the first shard has them. */
export function joinParams(parts: Record<string, unknown>[]): Record<string, unknown> {
  const [first] = parts;
  if (!first) return {};
  const joined: Record<string, unknown> = { ...first };
  for (const key of SPLIT_COUNTS) {
    if (typeof first[key] !== 'number') continue;
    joined[key] = round3(parts.reduce((sum, part) => sum + (typeof part[key] === 'number' ? part[key] : 0), 0));
  }
  if (Array.isArray(first.stages)) {
    joined.stages = (first.stages as Stage[]).map((stage, i) => ({
      ...stage,
      target: round3(
        parts.reduce((sum, part) => {
          const target = (part.stages as Stage[] | undefined)?.[i]?.target;
          return sum + (typeof target === 'number' ? target : 0);
        }, 0),
      ),
    }));
  }
  return joined;
}

function round3(value: number): number {
  return Math.round(value * RATE_UNITS) / RATE_UNITS;
}

export function parseShardSplit(value: string, input = '--split'): ShardSplit {
  const trimmed = value.trim();
  if (trimmed === 'scenarios' || trimmed === 'load') return trimmed;
  throw new ConfigError(
    `${input}: "${value}" is not a split; use "scenarios" (each shard runs some scenarios, the default) or "load" (each shard runs every scenario with 1/N of the load)`,
  );
}
