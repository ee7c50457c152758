import { describe, expect, it } from 'vitest';
import {
  MIN_BLOCKS,
  MIN_TAIL_DF,
  pairedBlockLength,
  pairedBlockTests,
} from '../../../src/core/stats/block-bootstrap.js';
import { createRng } from '../../../src/core/stats/prng.js';
import { preparedPair, simulatePairs, type Segment } from '../ab-fixtures.js';

const BLOCKS = { pairs: 60, segmentMs: 250, ratePerSec: 400, medianMs: 2 };

function duet(seed: number, headScale = 1): ReturnType<typeof preparedPair> {
  return preparedPair(simulatePairs(seed, 'duet', { ...BLOCKS, headScale, crossTalk: 0 }));
}

/** Blocks of lognormal latencies (µs) with the given counts and failures. */
function blocks(seed: number, spec: { count: number; ko: number }[], scale = 1): Segment[] {
  const rng = createRng(seed);
  return spec.map(({ count, ko }) => ({
    latenciesUs: Float64Array.from({ length: count - ko }, () =>
      Math.round(2000 * scale * Math.exp(0.3 * rng.normal())),
    ),
    count,
    ko,
    durationMs: 250,
  }));
}

describe('pairedBlockTests', () => {
  it('centres A/A runs: the p50 interval covers 0 in nearly every run and the mean effect is near 0', () => {
    let covered = 0;
    let sum = 0;
    const runs = 40;
    for (let seed = 1; seed <= runs; seed++) {
      const { head, base } = duet(seed);
      const p50 = pairedBlockTests(head, base, { seed, replicates: 300 }).tests.p50!;
      if (p50.interval[0] <= 0 && p50.interval[1] >= 0) covered++;
      sum += p50.effect;
    }
    expect(covered).toBeGreaterThanOrEqual(36);
    expect(Math.abs(sum / runs)).toBeLessThan(0.01);
  });

  it('finds a known 10% slowdown at every percentile, with the interval around it', () => {
    const { head, base } = duet(7, 1.1);
    const result = pairedBlockTests(head, base, { seed: 7, replicates: 400 });
    for (const metric of ['p50', 'p90', 'p95'] as const) {
      const test = result.tests[metric]!;
      expect(test.pValue, metric).toBeLessThan(0.001);
      expect(test.interval[0], metric).toBeLessThan(Math.log(1.1));
      expect(test.interval[1], metric).toBeGreaterThan(Math.log(1.1));
      expect(test.effect, metric).toBeGreaterThan(Math.log(1.05));
    }
    expect(result.blocks).toBe(60);
    // The whole run's independent blocks less one, fewer where the tail sits in few of them.
    const whole = Math.floor(60 / result.blockLength) - 1;
    expect(result.tests.p50!.df).toBeLessThanOrEqual(whole);
    expect(result.tests.p50!.df).toBeGreaterThan(whole - 1.5);
    expect(result.tests.rps!.df).toBe(whole);
  });

  it('gives the same result for the same seed and another standard error for another seed', () => {
    const { head, base } = duet(3);
    const first = pairedBlockTests(head, base, { seed: 11, replicates: 200 });
    const again = pairedBlockTests(head, base, { seed: 11, replicates: 200 });
    const other = pairedBlockTests(head, base, { seed: 12, replicates: 200 });
    expect(again).toEqual(first);
    expect(other.tests.p50!.effect).toBe(first.tests.p50!.effect);
    expect(other.tests.p50!.standardError).not.toBe(first.tests.p50!.standardError);
  });

  it('weighs empty and all-failed blocks in the rate and the error share and not in the percentiles', () => {
    const spec = Array.from({ length: 40 }, (_, i) =>
      i % 10 === 3 ? { count: 0, ko: 0 } : i % 10 === 7 ? { count: 50, ko: 50 } : { count: 100, ko: 0 },
    );
    const { head, base } = preparedPair({
      head: blocks(1, spec),
      base: blocks(2, spec),
      order: [],
    });
    const result = pairedBlockTests(head, base, { seed: 5, replicates: 200 });
    for (const metric of ['p50', 'p99', 'rps', 'error_rate'] as const) {
      const test = result.tests[metric];
      expect(test, metric).toBeDefined();
      expect(Number.isFinite(test!.standardError), metric).toBe(true);
      expect(Number.isFinite(test!.pValue), metric).toBe(true);
    }
    // The same failures in both: no change in the error share, and no test can call one.
    expect(result.tests.error_rate!.effect).toBe(0);
    expect(result.tests.error_rate!.pValue).toBe(1);
    expect(result.tests.rps!.effect).toBe(0);
  });

  it('gives no test when one variant recorded no latency at all, and none below MIN_BLOCKS blocks', () => {
    const failed = Array.from({ length: 20 }, () => ({ count: 10, ko: 10 }));
    const ok = Array.from({ length: 20 }, () => ({ count: 10, ko: 0 }));
    const { head, base } = preparedPair({ head: blocks(1, failed), base: blocks(2, ok), order: [] });
    const result = pairedBlockTests(head, base, { seed: 1, replicates: 100 });
    expect(result.tests.p50).toBeUndefined();
    expect(result.tests.error_rate!.effect).toBe(1);
    const short = preparedPair({
      head: blocks(1, ok.slice(0, MIN_BLOCKS - 1)),
      base: blocks(2, ok.slice(0, MIN_BLOCKS - 1)),
      order: [],
    });
    expect(pairedBlockTests(short.head, short.base, { seed: 1 }).tests).toEqual({});
  });

  it('lowers the df of a percentile whose tail sits in a few blocks', () => {
    // Stalls in 3 of 40 blocks put every request beyond p99 there: about 3 groups, not 10.
    const spec = Array.from({ length: 40 }, () => ({ count: 100, ko: 0 }));
    const stalled = (seed: number): Segment[] =>
      blocks(seed, spec).map((block, i) =>
        [5, 20, 33].includes(i)
          ? { ...block, latenciesUs: block.latenciesUs.map((us, k) => (k < 20 ? us * 30 : us)) }
          : block,
      );
    const { head, base } = preparedPair({ head: stalled(1), base: stalled(2), order: [] });
    const result = pairedBlockTests(head, base, { seed: 3, replicates: 200 });
    expect(result.tests.p99!.df).toBe(MIN_TAIL_DF);
    expect(result.tests.p50!.df).toBeGreaterThan(result.tests.p99!.df + 5);
  });

  it('takes blocks of at least ⌈n^⅓⌉, at most twice that and at most a quarter of the run', () => {
    const rng = createRng(9);
    const independent = Array.from({ length: 64 }, () => 0.01 * rng.normal());
    expect(pairedBlockLength([independent], 64)).toBe(4);
    const wandering = Array.from({ length: 64 }, (_, i) => Math.sin(i / 6));
    const long = pairedBlockLength([wandering], 64);
    expect(long).toBe(8);
    expect(pairedBlockLength([wandering.slice(0, 20)], 20)).toBe(5);
  });
});
