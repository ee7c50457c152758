// `perfgate merge`: the shards of one run become one result. It refuses what would not be one
// run: results of different configs, the same shard twice (two whole runs are each "shard 1/1"),
// shards of different splits, and a scenario measured in two results, which would add two loads
// (or two runs at different times) into one figure that describes neither; and a merge that
// lacks a shard.
import { InputFileError } from '../errors.js';
import type { Results, ScenarioResult } from '../types/results.js';

export interface MergeInput {
  /** How the user named the file, for messages. */
  path: string;
  results: Results;
}

function shardOf(results: Results): { index: number; count: number } {
  return results.shard ?? { index: 1, count: 1 };
}

function windowOf(scenario: ScenarioResult): [number, number] {
  const start = Date.parse(scenario.startTime);
  return [start, start + scenario.durationMs];
}

function refuse(message: string): never {
  throw new InputFileError(`${message}; merge the results of one "perfgate run --shard I/N" per shard, each once`);
}

export function mergeResults(inputs: MergeInput[]): Results {
  const [first] = inputs;
  if (!first) throw new InputFileError('no results to merge; name at least one results file');

  const seenShards = new Map<number, string>();
  const byName = new Map<string, { scenario: ScenarioResult; path: string }>();
  for (const { path, results } of inputs) {
    if (results.configHash !== first.results.configHash) {
      refuse(
        `${first.path} and ${path} come from different configs (config ${first.results.configHash} and ${results.configHash})`,
      );
    }
    const shard = shardOf(results);
    const firstShard = shardOf(first.results);
    if (shard.count !== firstShard.count) {
      refuse(
        `${first.path} is shard ${firstShard.index}/${firstShard.count} and ${path} is shard ${shard.index}/${shard.count}: they split the scenarios differently`,
      );
    }
    const other = seenShards.get(shard.index);
    if (other !== undefined) {
      const which =
        shard.count === 1
          ? 'both are whole runs (no --shard), not shards of one run'
          : `both are shard ${shard.index}/${shard.count}`;
      refuse(`${other} and ${path}: ${which}`);
    }
    seenShards.set(shard.index, path);
    for (const scenario of results.scenarios) {
      const earlier = byName.get(scenario.name);
      if (earlier) {
        const [a0, a1] = windowOf(earlier.scenario);
        const [b0, b1] = windowOf(scenario);
        const overlap = a0 < b1 && b0 < a1;
        refuse(
          `scenario ${scenario.name} is in both ${earlier.path} and ${path}` +
            (overlap ? ', in overlapping time windows: two loads at once on one service' : ', measured twice'),
        );
      }
      byName.set(scenario.name, { scenario, path });
    }
  }
  const all = inputs.map((input) => input.results);
  const start = Math.min(...all.map((r) => Date.parse(r.startTime)));
  const end = Math.max(...all.map((r) => Date.parse(r.startTime) + r.durationMs));
  // The same service booted by each shard is one service; shards on other machines share its log path.
  const services = new Map<string, Results['services'][number]>();
  for (const service of all.flatMap((r) => r.services))
    services.set(`${service.name}\u0000${service.logPath}`, service);
  const { shard: _shard, ...rest } = first.results;
  const merged: Results = {
    ...rest,
    startTime: new Date(start).toISOString(),
    durationMs: end - start,
    services: [...services.values()],
    scenarios: [...byName.values()].map((entry) => entry.scenario),
  };
  // Without every shard the merged results would lack scenarios, and a gate on them would pass
  // over what was never measured.
  const complete = seenShards.size === shardOf(first.results).count;
  if (!complete) {
    const missing = Array.from({ length: shardOf(first.results).count }, (_, i) => i + 1).filter(
      (i) => !seenShards.has(i),
    );
    throw new InputFileError(
      `shard${missing.length === 1 ? '' : 's'} ${missing.map((i) => `${i}/${shardOf(first.results).count}`).join(', ')} missing; name every shard's results`,
    );
  }
  return merged;
}
