// `perfgate merge`: the shards of one run become one result. It refuses what would not be one
// run: results of different configs, the same shard twice (two whole runs are each "shard 1/1"),
// shards of different splits, and a scenario measured in two results, which would add two loads
// (or two runs at different times) into one figure that describes neither; and a merge that
// lacks a shard. Shards of `--split load` each measured every scenario with a share of the load:
// their scenarios are added up (merge-load.ts). An A/B run's bases are merged the same way, and a
// merge holding an interrupted shard is interrupted.
import { InputFileError } from '../errors.js';
import type { AbInfo, Results, ScenarioResult } from '../types/results.js';
import { mergeLoadScenario, type LoadPart } from './merge-load.js';

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

type Split = 'scenarios' | 'load';

function splitOf(results: Results): Split {
  return results.shard?.split === 'load' ? 'load' : 'scenarios';
}

function label(path: string, results: Results): string {
  const shard = shardOf(results);
  return `shard ${shard.index}/${shard.count} (${path})`;
}

/**
 * What a shard must hold before it is added to others: a shard number inside its count (a "3/2"
 * beside a "1/2" made two distinct numbers out of two, and the missing shard 2 went unnoticed),
 * error classes that its failures count (classes beyond `ko` would add into a merged run whose
 * figures disagree), and segments in time order, each once (a duplicated segment lined up with no
 * other shard's, and the merge kept 0 segments, silently). The message names the file and field.
 */
export function mergeInputProblem({ path, results }: MergeInput): string | undefined {
  const shard = results.shard;
  if (shard !== undefined) {
    if (!Number.isSafeInteger(shard.count) || shard.count < 1)
      return `${path}: shard.count is ${String(shard.count)}, not a number of shards ≥ 1`;
    if (!Number.isSafeInteger(shard.index) || shard.index < 1 || shard.index > shard.count)
      return `${path}: shard.index is ${String(shard.index)}, outside 1..${shard.count} (shard ${String(shard.index)} of ${shard.count} does not exist)`;
  }
  for (const [i, scenario] of results.scenarios.entries()) {
    const at = `${path}: scenarios[${i}] (${scenario.name})`;
    const classed = Object.values(scenario.errors ?? {}).reduce((n, count) => n + count, 0);
    if (classed > scenario.requests.ko)
      return `${at}.errors add up to ${classed}, more than its failed requests (requests.ko ${scenario.requests.ko}): every error class counts failures`;
    for (let j = 1; j < scenario.segments.length; j++) {
      const previous = scenario.segments[j - 1]!.startMs;
      const startMs = scenario.segments[j]!.startMs;
      if (!(startMs > previous))
        return `${at}.segments[${j}].startMs is ${startMs}, not after segments[${j - 1}]'s ${previous}: ${startMs === previous ? 'a segment recorded twice' : 'segments out of time order'}`;
    }
  }
  return undefined;
}

/** What makes a set of results the shards of one run, or the refusal that says why not. */
function checkShards(inputs: MergeInput[]): { count: number; split: Split } {
  const first = inputs[0]!;
  const firstShard = shardOf(first.results);
  const split = splitOf(first.results);
  const seenShards = new Map<number, string>();
  for (const input of inputs) {
    const problem = mergeInputProblem(input);
    if (problem !== undefined) refuse(problem);
  }
  for (const { path, results } of inputs) {
    if (results.configHash !== first.results.configHash) {
      refuse(
        `${first.path} and ${path} come from different configs (config ${first.results.configHash} and ${results.configHash})`,
      );
    }
    const shard = shardOf(results);
    if (shard.count !== firstShard.count) {
      refuse(
        `${first.path} is shard ${firstShard.index}/${firstShard.count} and ${path} is shard ${shard.index}/${shard.count}: they split the scenarios differently`,
      );
    }
    if (splitOf(results) !== split) {
      refuse(
        `${first.path} split the ${split} (--split ${split}) and ${path} the ${splitOf(results)}: shards of one run split one way`,
      );
    }
    if ((results.ab === undefined) !== (first.results.ab === undefined)) {
      const [ab, alone] = results.ab === undefined ? [first.path, path] : [path, first.path];
      refuse(`${ab} is from an A/B run and ${alone} is not: shards of one run are all A/B or none`);
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
  }
  // Without every shard the merged results would lack scenarios (or part of the load), and a gate
  // on them would pass over what was never measured.
  if (seenShards.size !== firstShard.count) {
    const missing = Array.from({ length: firstShard.count }, (_, i) => i + 1).filter((i) => !seenShards.has(i));
    throw new InputFileError(
      `shard${missing.length === 1 ? '' : 's'} ${missing.map((i) => `${i}/${firstShard.count}`).join(', ')} missing; name every shard's results`,
    );
  }
  return { count: firstShard.count, split };
}

/** --split scenarios: each scenario comes from the one shard that ran it. */
function concatScenarios(inputs: MergeInput[]): ScenarioResult[] {
  const byName = new Map<string, { scenario: ScenarioResult; path: string }>();
  for (const { path, results } of inputs) {
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
  return [...byName.values()].map((entry) => entry.scenario);
}

/** --split load: every shard ran every scenario with its share of the load; each is added up. */
function addScenarios(inputs: MergeInput[], interrupted: boolean): ScenarioResult[] {
  const sorted = [...inputs].sort((a, b) => shardOf(a.results).index - shardOf(b.results).index);
  const names = [...new Set(sorted.flatMap((input) => input.results.scenarios.map((s) => s.name)))];
  const merged: ScenarioResult[] = [];
  for (const name of names) {
    const parts: LoadPart[] = [];
    for (const { path, results } of sorted) {
      const scenario = results.scenarios.find((s) => s.name === name);
      if (scenario)
        parts.push({ path, shardIndex: shardOf(results).index, shardCount: shardOf(results).count, scenario });
      // A stopped shard did not reach its last scenarios: those hold part of the load, and the
      // merge (marked interrupted) keeps only what every shard measured.
      else if (interrupted) break;
      else
        refuse(`scenario ${name} is missing from ${label(path, results)}, though every load shard runs every scenario`);
    }
    if (parts.length === sorted.length) merged.push(mergeLoadScenario(parts));
  }
  return merged;
}

/** Every shard's base is merged as the heads are; a base that failed on one shard fails the merge's. */
function mergeAb(inputs: MergeInput[]): AbInfo | undefined {
  const first = inputs[0]!.results.ab;
  if (first === undefined) return undefined;
  // The first shard's own: its second pair, its seed, its pairs' order and the order its base booted in.
  const { confirmation: _firstShards, boot: _firstBoot, seed: _firstSeed, order: _firstOrder, ...rest } = first;
  const all = inputs.map((input) => input.results.ab!);
  // Each shard drew from a seed of its own (random unless --seed named one): the merge names the
  // seed, and the pairs' order drawn from it, only where every shard had the same.
  const seeds = new Set(all.map((ab) => ab.seed));
  const order = commonOrder(all.map((ab) => ab.order));
  const drawn = {
    ...(seeds.size === 1 && first.seed !== undefined ? { seed: first.seed } : {}),
    ...(order ? { order } : {}),
  };
  const failed = inputs.find((input) => input.results.ab?.baseFailure !== undefined);
  if (failed) {
    const ab = failed.results.ab!;
    const failure = ab.baseFailure!;
    // The merge has no base: no boot order (as a run whose base did not boot), and no second pair.
    return {
      ...rest,
      ...drawn,
      base: ab.base,
      baseFailure: { ...failure, reason: `${label(failed.path, failed.results)}: ${failure.reason}` },
    };
  }
  const base = mergeResults(inputs.map(({ path, results }) => ({ path: `${path} (base)`, results: results.ab!.base })));
  const confirmation = mergeConfirmations(inputs);
  // Each shard drew its own boot order: the merge names one only where they all drew it.
  const boots = new Set(all.map((ab) => ab.boot));
  const boot = boots.size === 1 ? first.boot : undefined;
  return { ...rest, ...drawn, ...(boot ? { boot } : {}), base, ...(confirmation ? { confirmation } : {}) };
}

/** The pairs' order every shard followed: the longest one, when each shard's is the start of it (one
 * seed draws one sequence, and a shard with fewer pairs used its first ones); otherwise none. */
function commonOrder(orders: AbInfo['order'][]): AbInfo['order'] {
  if (orders.some((order) => order === undefined)) return undefined;
  const longest = orders.reduce((a, b) => (b!.length > a!.length ? b : a));
  return orders.every((order) => order!.every((pair, i) => pair === longest![i])) ? longest : undefined;
}

/** compare.confirm's second pairs of every shard that measured one: their scenarios side by side
 * (each shard ran its own). A shard whose pair failed is named apart (`unmeasured`), so that its
 * failure does not void the other shards' pairs: as `failure` it made the comparison keep every
 * first-pair regression, including those another shard's pair had not reproduced. Only when every
 * shard's pair failed is the merge's pair a failure. */
function mergeConfirmations(inputs: MergeInput[]): AbInfo['confirmation'] {
  const tried = inputs.filter((input) => input.results.ab?.confirmation !== undefined);
  if (tried.length === 0) return undefined;
  const failed = tried.filter((input) => input.results.ab!.confirmation!.failure !== undefined);
  const measured = tried.filter((input) => input.results.ab!.confirmation!.failure === undefined);
  const failures = failed
    .map((input) => `${label(input.path, input.results)}: ${input.results.ab!.confirmation!.failure}`)
    .join('; ');
  if (measured.length === 0) return { scenarios: [], base: [], failure: failures };
  // Each shard booted its own second pair: every one's logs are named, shard by shard.
  const services = measured.flatMap((input) => input.results.ab!.confirmation!.services ?? []);
  return {
    scenarios: measured.flatMap((input) => input.results.ab!.confirmation!.scenarios),
    base: measured.flatMap((input) => input.results.ab!.confirmation!.base),
    ...(services.length > 0
      ? { services: { head: services.flatMap((s) => s.head), base: services.flatMap((s) => s.base) } }
      : {}),
    ...(failed.length > 0 ? { unmeasured: failures } : {}),
  };
}

export function mergeResults(inputs: MergeInput[]): Results {
  const [first] = inputs;
  if (!first) throw new InputFileError('no results to merge; name at least one results file');
  const { count, split } = checkShards(inputs);
  // A shard that was stopped holds a partial measurement, and so does any merge that includes it:
  // compare refuses it, and no gate passes it.
  const interrupted = inputs.some((input) => input.results.interrupted === true);
  const all = inputs.map((input) => input.results);
  const start = Math.min(...all.map((r) => Date.parse(r.startTime)));
  const end = Math.max(...all.map((r) => Date.parse(r.startTime) + r.durationMs));
  // The same service booted by each shard is one service; shards on other machines share its log path.
  const services = new Map<string, Results['services'][number]>();
  for (const service of all.flatMap((r) => r.services))
    services.set(`${service.name}\u0000${service.logPath}`, service);
  // A shard whose service died makes the merge one too, whichever shard it was.
  const serviceExit = all.find((results) => results.serviceExit)?.serviceExit;
  const {
    shard: _shard,
    interrupted: _interrupted,
    serviceExit: _serviceExit,
    ab: _ab,
    merged: _merged,
    ...rest
  } = first.results;
  const ab = mergeAb(inputs);
  const merged: Results = {
    ...rest,
    startTime: new Date(start).toISOString(),
    durationMs: end - start,
    services: [...services.values()],
    merged: { shards: count, split },
    ...(interrupted ? { interrupted: true as const } : {}),
    ...(serviceExit ? { serviceExit } : {}),
    scenarios:
      split === 'load' ? addScenarios(inputs, interrupted || serviceExit !== undefined) : concatScenarios(inputs),
    ...(ab ? { ab } : {}),
  };
  return merged;
}
