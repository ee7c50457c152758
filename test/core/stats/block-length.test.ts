import { describe, expect, it } from 'vitest';
import { chooseBlockLength, estimateBlockLength } from '../../../src/core/stats/block-length.js';
import { createRng } from '../../../src/core/stats/prng.js';

function ar1(phi: number, n: number, seed: number): number[] {
  const rng = createRng(seed);
  const out: number[] = [];
  let x = 0;
  for (let i = 0; i < n; i++) {
    x = phi * x + rng.normal();
    out.push(x);
  }
  return out;
}

describe('block length (Politis–White)', () => {
  it('is short for independent data and long for strongly dependent data', () => {
    const iid = estimateBlockLength(ar1(0, 400, 1));
    const dependent = estimateBlockLength(ar1(0.9, 400, 1));
    expect(iid).toBeLessThan(3);
    expect(dependent).toBeGreaterThan(8);
    expect(dependent).toBeGreaterThan(iid * 3);
  });

  it('is clamped to [1, m/3] and copes with degenerate series', () => {
    expect(chooseBlockLength([ar1(0.95, 12, 2)], 12)).toBeLessThanOrEqual(4);
    expect(chooseBlockLength([[5, 5, 5, 5, 5, 5]], 6)).toBe(1);
    expect(chooseBlockLength([[1, 2]], 2)).toBe(1);
    expect(chooseBlockLength([ar1(0.9, 300, 3), ar1(0, 300, 4)], 300)).toBe(
      Math.ceil(estimateBlockLength(ar1(0.9, 300, 3))),
    );
  });
});
