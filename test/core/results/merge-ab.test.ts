// perfgate merge of an A/B run's shards: every shard's base, second pair and failure, and the
// seed and orders the shards drew, kept only where they are true of the whole merge.
import { describe, expect, it } from 'vitest';
import { mergeResults, type MergeInput } from '../../../src/core/results/merge.js';
import { findResultsProblem } from '../../../src/core/results/read.js';
import type { Results } from '../../../src/core/types/results.js';
import { makeResults } from '../report/fixtures.js';
import { resultFrom } from './merge-fixtures.js';

function inputs(list: Results[]): MergeInput[] {
  return list.map((results, i) => ({ path: `shard-${i + 1}.json`, results }));
}

describe('merging A/B shards', () => {
  function abShard(index: number, count: number, names: string[], extra: Partial<Results> = {}): Results {
    const scenarios = names.map((name) => resultFrom(name, [1000, 2000], 0, 10_000));
    const head = { ...makeResults(scenarios), shard: { index, count } };
    return { ...head, ...extra, ab: { schedule: 'alternate', seed: index, base: { ...head, ...extra } } };
  }

  it('keeps every shard’s base, not the first one’s (--split scenarios)', () => {
    const merged = mergeResults(inputs([abShard(1, 2, ['a']), abShard(2, 2, ['b'])]));
    expect(merged.scenarios.map((s) => s.name)).toEqual(['a', 'b']);
    expect(merged.ab?.base.scenarios.map((s) => s.name)).toEqual(['a', 'b']);
  });

  it('names a boot order only where every shard drew the same', () => {
    const booted = (shard: Results, boot: 'head-first' | 'base-first'): Results => ({
      ...shard,
      ab: { ...shard.ab!, boot },
    });
    const same = mergeResults(
      inputs([booted(abShard(1, 2, ['a']), 'base-first'), booted(abShard(2, 2, ['b']), 'base-first')]),
    );
    expect(same.ab?.boot).toBe('base-first');
    const mixed = mergeResults(
      inputs([booted(abShard(1, 2, ['a']), 'base-first'), booted(abShard(2, 2, ['b']), 'head-first')]),
    );
    expect(mixed.ab?.boot).toBeUndefined();
    expect(findResultsProblem(mixed)).toBeUndefined();
  });

  it("names the seed, and the pairs' order drawn from it, only where every shard drew from the same", () => {
    const drawn = (shard: Results, seed: number, order: ('head-first' | 'base-first')[]): Results => ({
      ...shard,
      ab: { ...shard.ab!, seed, order },
    });
    // Shards with seeds of their own (the action passes none): no one seed or order is the merge's.
    const apart = mergeResults(
      inputs([
        drawn(abShard(1, 2, ['a']), 11, ['head-first', 'base-first']),
        drawn(abShard(2, 2, ['b']), 22, ['base-first', 'base-first']),
      ]),
    );
    expect(apart.ab?.seed).toBeUndefined();
    expect(apart.ab?.order).toBeUndefined();
    expect(apart.ab?.base.scenarios.map((s) => s.name)).toEqual(['a', 'b']);
    expect(findResultsProblem(apart)).toBeUndefined();
    // One --seed: one draw, of which a shard with fewer pairs used the start.
    const together = mergeResults(
      inputs([
        drawn(abShard(1, 2, ['a']), 7, ['head-first']),
        drawn(abShard(2, 2, ['b']), 7, ['head-first', 'base-first', 'head-first']),
      ]),
    );
    expect(together.ab?.seed).toBe(7);
    expect(together.ab?.order).toEqual(['head-first', 'base-first', 'head-first']);
    // A shard whose base failed keeps the rule: the seed is named only when every shard's agrees.
    const failed = drawn(abShard(2, 2, ['b']), 22, ['base-first']);
    failed.ab = { ...failed.ab!, baseFailure: { service: 'api', reason: 'exited 1', logTail: [] } };
    const withFailure = mergeResults(inputs([drawn(abShard(1, 2, ['a']), 11, ['head-first']), failed]));
    expect(withFailure.ab?.baseFailure?.service).toBe('api');
    expect(withFailure.ab?.seed).toBeUndefined();
    expect(withFailure.ab?.order).toBeUndefined();
    expect(findResultsProblem(withFailure)).toBeUndefined();
  });

  it('is interrupted when any input is, not only the first', () => {
    const merged = mergeResults(inputs([abShard(1, 2, ['a']), abShard(2, 2, ['b'], { interrupted: true })]));
    expect(merged.interrupted).toBe(true);
  });

  it('keeps the service exit of any shard, so that the merge is never judged either', () => {
    const serviceExit = {
      variant: 'base' as const,
      service: 'api',
      reason: 'exited with code 1',
      scenario: 'b',
      logTail: ['boom'],
    };
    const merged = mergeResults(inputs([abShard(1, 2, ['a']), abShard(2, 2, ['b'], { serviceExit })]));
    expect(merged.serviceExit).toEqual(serviceExit);
    expect(mergeResults(inputs([abShard(1, 2, ['a']), abShard(2, 2, ['b'])])).serviceExit).toBeUndefined();
  });

  it('keeps every shard’s measured second pair of processes (compare.confirm), and names a shard whose pair failed apart', () => {
    const withPair = (shard: Results, name: string, failure?: string): Results => ({
      ...shard,
      ab: {
        ...shard.ab!,
        confirmation: {
          scenarios: shard.scenarios.filter((s) => s.name === name),
          base: shard.ab!.base.scenarios.filter((s) => s.name === name),
          ...(failure ? { failure } : {}),
        },
      },
    });
    const merged = mergeResults(
      inputs([withPair(abShard(1, 3, ['a']), 'a'), abShard(2, 3, ['b']), withPair(abShard(3, 3, ['c']), 'c', 'died')]),
    );
    // The shard whose pair failed is named apart: its failure must not void shard 1's pair.
    expect(merged.ab?.confirmation?.scenarios.map((s) => s.name)).toEqual(['a']);
    expect(merged.ab?.confirmation?.base.map((s) => s.name)).toEqual(['a']);
    expect(merged.ab?.confirmation?.failure).toBeUndefined();
    expect(merged.ab?.confirmation?.unmeasured).toBe('shard 3/3 (shard-3.json): died');
    // When every shard's pair failed, the merge's pair failed.
    const allFailed = mergeResults(
      inputs([withPair(abShard(1, 2, ['a']), 'a', 'no boot'), withPair(abShard(2, 2, ['b']), 'b', 'died')]),
    );
    expect(allFailed.ab?.confirmation).toEqual({
      scenarios: [],
      base: [],
      failure: 'shard 1/2 (shard-1.json): no boot; shard 2/2 (shard-2.json): died',
    });
    expect(mergeResults(inputs([abShard(1, 2, ['a']), abShard(2, 2, ['b'])])).ab?.confirmation).toBeUndefined();
  });

  it('keeps a base that failed on one shard as failed, naming the shard', () => {
    const failed = abShard(2, 2, ['b']);
    failed.ab = {
      ...failed.ab!,
      base: { ...failed.ab!.base, scenarios: [] },
      baseFailure: { service: 'api', reason: 'exited 1', logTail: [] },
    };
    const merged = mergeResults(inputs([abShard(1, 2, ['a']), failed]));
    expect(merged.ab?.baseFailure?.reason).toBe('shard 2/2 (shard-2.json): exited 1');
  });

  it("names no boot order and no second pair once a shard's base failed, though the first shard booted both", () => {
    const first = abShard(1, 2, ['a']);
    first.ab = {
      ...first.ab!,
      boot: 'base-first',
      confirmation: { scenarios: first.scenarios, base: first.ab!.base.scenarios },
    };
    const failed = abShard(2, 2, ['b']);
    failed.ab = {
      ...failed.ab!,
      base: { ...failed.ab!.base, scenarios: [] },
      baseFailure: { service: 'api', reason: 'exited 1', logTail: [] },
    };
    const merged = mergeResults(inputs([first, failed]));
    expect(merged.ab?.baseFailure?.service).toBe('api');
    expect(merged.ab?.boot).toBeUndefined();
    expect(merged.ab?.confirmation).toBeUndefined();
    expect(findResultsProblem(merged)).toBeUndefined();
  });

  it('refuses A/B shards beside shards without a base', () => {
    const alone = { ...makeResults([resultFrom('b', [1000], 0, 10_000)]), shard: { index: 2, count: 2 } };
    expect(() => mergeResults(inputs([abShard(1, 2, ['a']), alone]))).toThrow(
      /is from an A\/B run and shard-2\.json is not/,
    );
  });
});
