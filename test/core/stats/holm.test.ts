import { describe, expect, it } from 'vitest';
import { adjustHolm } from '../../../src/core/stats/holm.js';

describe('adjustHolm', () => {
  it('adjusts a known p-vector by hand: sorted ranks ×4, ×3, ×2, ×1, made monotone', () => {
    // 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 → raised to 0.06.
    const adjusted = adjustHolm([0.01, 0.04, 0.03, 0.005]);
    expect(adjusted.map((p) => Number(p.toFixed(10)))).toEqual([0.03, 0.06, 0.06, 0.02]);
    expect(adjusted.filter((p) => p <= 0.05)).toHaveLength(2);
  });

  it('caps at 1 and keeps ties and order', () => {
    expect(adjustHolm([0.5, 0.5, 0.9])).toEqual([1, 1, 1]);
    expect(adjustHolm([0.02, 0.02])).toEqual([0.04, 0.04]);
    expect(adjustHolm([])).toEqual([]);
    expect(adjustHolm([0.03])).toEqual([0.03]);
  });

  it('gives adjusted p-values that are monotone in the raw ones', () => {
    const raw = [0.2, 0.001, 0.04, 0.012, 0.3, 0.0049, 0.07];
    const adjusted = adjustHolm(raw);
    const order = raw.map((p, i) => [p, adjusted[i] ?? NaN] as const).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < order.length; i++) expect(order[i]?.[1]).toBeGreaterThanOrEqual(order[i - 1]?.[1] ?? 0);
    raw.forEach((p, i) => expect(adjusted[i]).toBeGreaterThanOrEqual(p));
  });

  it('keeps one NaN to itself: it counts in the family, sorts last, and stays NaN', () => {
    // n = 3: 0.01 → 3 × 0.01, 0.02 → 2 × 0.02, the NaN is a test that could not reject.
    const adjusted = adjustHolm([NaN, 0.01, 0.02]);
    expect(adjusted[0]).toBeNaN();
    expect(adjusted[1]).toBeCloseTo(0.03, 12);
    expect(adjusted[2]).toBeCloseTo(0.04, 12);
    expect(adjustHolm([0.01, Infinity, -1]).map((p) => Number.isNaN(p))).toEqual([false, true, true]);
  });

  it('still rejects in a family of 500 when one p-value is a far tail', () => {
    const raw = Array.from({ length: 500 }, (_, i) => (i === 123 ? 1e-12 : 0.2 + (i % 50) / 100));
    const adjusted = adjustHolm(raw);
    expect(adjusted[123]).toBeCloseTo(5e-10, 20);
    expect(adjusted.filter((p) => p <= 0.05)).toHaveLength(1);
  });
});
