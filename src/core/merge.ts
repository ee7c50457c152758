// `perfgate merge`: shards of one config become one result. Histograms add exactly, so the merged
// percentiles are those of all requests, not an average of percentiles.
import { InputFileError } from './errors.js';
import type { Results, ScenarioResult } from './types.js';
import { mergeScenarioResults } from './summary.js';

export function mergeResults(shards: Results[]): Results {
  const [first, ...others] = shards;
  if (!first) throw new InputFileError('merge: no results to merge; name at least one results file');
  const byName = new Map<string, ScenarioResult>();
  for (const shard of shards) {
    if (shard.configHash !== first.configHash) {
      throw new InputFileError(
        `merge: shards come from different configs (${first.configHash} and ${shard.configHash}); merge only shards of one perfgate.yml`,
      );
    }
    for (const scenario of shard.scenarios) {
      const seen = byName.get(scenario.name);
      byName.set(scenario.name, seen ? mergeScenarioResults(seen, scenario) : scenario);
    }
  }
  const start = Math.min(...shards.map((shard) => Date.parse(shard.startTime)));
  const end = Math.max(...shards.map((shard) => Date.parse(shard.startTime) + shard.durationMs));
  return {
    ...first,
    startTime: new Date(start).toISOString(),
    durationMs: end - start,
    services: [...first.services, ...others.flatMap((shard) => shard.services)],
    scenarios: [...byName.values()],
  };
}
