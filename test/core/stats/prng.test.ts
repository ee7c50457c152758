import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed } from '../../../src/core/stats/prng.js';

describe('createRng', () => {
  it('repeats its stream for a seed and differs between seeds', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const first = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(first);
  });

  it('is uniform enough: mean, range, integer draws and normal moments', () => {
    const rng = createRng(7);
    let sum = 0;
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) {
      const u = rng.next();
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
      sum += u;
      buckets[rng.int(10)]! += 1;
    }
    expect(sum / 100_000).toBeCloseTo(0.5, 2);
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(500);
    let s1 = 0;
    let s2 = 0;
    for (let i = 0; i < 100_000; i++) {
      const z = rng.normal();
      s1 += z;
      s2 += z * z;
    }
    expect(s1 / 100_000).toBeCloseTo(0, 1);
    expect(s2 / 100_000).toBeCloseTo(1, 1);
  });

  it('derives distinct seeds per label', () => {
    expect(deriveSeed(1, 'a')).toBe(deriveSeed(1, 'a'));
    expect(deriveSeed(1, 'a')).not.toBe(deriveSeed(1, 'b'));
    expect(deriveSeed(1, 'a')).not.toBe(deriveSeed(2, 'a'));
  });
});
