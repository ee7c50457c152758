import { describe, expect, it } from 'vitest';
import { populationGuard } from '../../../src/core/compare/guards.js';

// A lognormal baseline (median 20 ms, σ 0.45): Q(p) = 20 · exp(0.45 · z_p).
const Z: Record<number, number> = { 98.4: 2.144, 99: 2.326, 99.6: 2.652, 94.4: 1.589, 95: 1.645, 95.6: 1.706 };
const quantileMs = (percentile: number): number => {
  const z = Z[Math.round(percentile * 10) / 10];
  if (z === undefined) throw new Error(`no z for ${percentile}`);
  return 20 * Math.exp(0.45 * z);
};

describe('populationGuard by size', () => {
  it('keeps the verdict of a p99 ×1.4 when errors rose by 0.6 points: the move explains only ×1.16', () => {
    expect(populationGuard('p99', 0.006, 0, { change: 0.4, quantileMs })).toBeUndefined();
  });

  it('holds back a p99 change that the move can explain (+10%)', () => {
    expect(populationGuard('p99', 0.006, 0, { change: 0.1, quantileMs })).toMatchObject({ kind: 'population' });
    expect(populationGuard('p99', 0.006, 0, { change: -0.1, quantileMs })).toMatchObject({ kind: 'population' });
  });

  it('holds back without a percentile function (the history test), and never below the limit', () => {
    expect(populationGuard('p99', 0.006, 0)).toMatchObject({ kind: 'population', from: 0, to: 0.006 });
    expect(populationGuard('p99', 0.004, 0, { change: 0.02, quantileMs })).toBeUndefined();
    expect(populationGuard('rps', 0.02, 0, { change: 0.4, quantileMs })).toMatchObject({ kind: 'population' });
  });
});
