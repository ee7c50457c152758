import { describe, it, expect } from 'vitest';
import { describeSingleLook, describeSpending } from '../../../src/core/compare/look-notes.js';
import { formatAlpha, formatMinEffect } from '../../../src/core/figures.js';
import {
  describeParams,
  sparkline,
  formatAge,
  formatBytes,
  formatChangeWithInterval,
  formatCount,
  formatDuration,
  formatErrorCounts,
  formatFailureCounts,
  formatFixed,
  formatMs,
  formatPValue,
  formatPercent,
  formatRps,
  formatSignedPercent,
  formatStatusCodes,
  formatThresholdActual,
  groupThousands,
} from '../../../src/core/report/format.js';
import { describeReason } from '../../../src/core/report/reasons.js';

describe('formatMs', () => {
  it.each([
    [0, '0 ms'],
    [0.412, '0.412 ms'],
    [0.0004, '0.000 ms'],
    [4.1, '4.10 ms'],
    [9.996, '10.0 ms'],
    [12.4, '12.4 ms'],
    [99.96, '100 ms'],
    [812, '812 ms'],
    [1001, '1,001 ms'],
    [1_234_567.8, '1,234,568 ms'],
    [Number.NaN, 'n/a'],
  ])('%s → %s', (ms, expected) => {
    expect(formatMs(ms)).toBe(expected);
  });
});

describe('numbers', () => {
  it.each([
    ['1001', '1,001'],
    ['-1234567.25', '-1,234,567.25'],
    ['999', '999'],
  ])('groupThousands(%s) = %s', (input, expected) => expect(groupThousands(input)).toBe(expected));

  it('counts, fixed decimals and rates', () => {
    expect(formatCount(14694)).toBe('14,694');
    expect(formatFixed(-0.04, 1)).toBe('0.0');
    expect(formatFixed(14694.25, 1)).toBe('14694.3');
    expect(formatRps(3.906)).toBe('3.91/s');
    expect(formatRps(232.5)).toBe('232.5/s');
    expect(formatRps(14694.2)).toBe('14,694/s');
  });

  it('percentages and changes', () => {
    expect(formatPercent(0.231)).toBe('23.1%');
    expect(formatSignedPercent(0.231)).toBe('+23.1%');
    expect(formatSignedPercent(-0.05)).toBe('-5.0%');
    expect(formatSignedPercent(0.0001)).toBe('0.0%');
    expect(formatChangeWithInterval('p99', 0.231, [0.14, 0.31])).toBe('+23.1% [+14%, +31%]');
    expect(formatChangeWithInterval('p50', 0.004, [0.001, 0.008])).toBe('+0.4% [+0.1%, +0.8%]');
    expect(formatChangeWithInterval('error_rate', 0.008, [0.004, 0.012])).toBe('+0.80 pp [+0.40, +1.20 pp]');
    expect(formatChangeWithInterval('rps', -0.012)).toBe('-1.2%');
  });

  it.each([
    [129, '129 B'],
    [680_000, '680 kB'],
    [1_400_000, '1.40 MB'],
    [8_453_592, '8.45 MB'],
    [999_600, '1.00 MB'],
  ])('formatBytes(%s) = %s', (bytes, expected) => expect(formatBytes(bytes)).toBe(expected));

  it.each([
    [500, '500 ms'],
    [12_500, '12.5 s'],
    [60_000, '1m'],
    [150_000, '2m 30s'],
    [3_900_000, '1h 5m'],
  ])('formatDuration(%s) = %s', (ms, expected) => expect(formatDuration(ms)).toBe(expected));

  it.each([
    [undefined, '–'],
    [0.0004, '<0.001'],
    [0.0036, '0.004'],
    [0.052, '0.052'],
    [0.41, '0.41'],
  ])('formatPValue(%s) = %s', (p, expected) => expect(formatPValue(p)).toBe(expected));
});

describe('formatAge', () => {
  const now = new Date('2025-11-30T12:00:00Z');
  it.each([
    ['2025-11-30T11:59:30Z', 'just now'],
    ['2025-11-30T11:35:00Z', '25 minutes old'],
    ['2025-11-30T11:00:00Z', '1 hour old'],
    ['2025-11-29T00:00:00Z', '36 hours old'],
    ['2025-11-27T09:30:00Z', '3 days old'],
  ])('%s → %s', (savedAt, expected) => expect(formatAge(savedAt, now)).toBe(expected));
  it('is undefined for a date it cannot read', () => expect(formatAge('yesterday', now)).toBeUndefined());
});

describe('vegeta-style fields', () => {
  it('orders status codes numerically, as vegeta prints them', () => {
    expect(formatStatusCodes({ '200': 378, '0': 22 })).toBe('0:22 200:378');
    expect(formatStatusCodes({})).toBe('none');
  });
  it('lists error classes by frequency', () => {
    expect(formatErrorCounts({ ECONNRESET: 2, ETIMEDOUT: 11_691, EPIPE: 0 })).toBe('ETIMEDOUT:11691 ECONNRESET:2');
  });
  // A run whose every request got 401 read "errors none": a refused status has no error class.
  it('names the statuses the check refused beside the error classes', () => {
    const requests = (ko: number) => ({ total: 2_300, ok: 2_300 - ko, ko, dropped: 0 });
    expect(
      formatFailureCounts({ requests: requests(2_250), statusCodes: { '401': 2_250, '200': 50 }, errors: {} }),
    ).toBe('status 401:2250');
    // The engine's "status <code>" examples say which codes were refused, whatever the check.
    const own = { requests: requests(7), statusCodes: { '0': 5, '200': 2, '404': 2_293 }, errors: { ETIMEDOUT: 5 } };
    expect(
      formatFailureCounts({ ...own, errorExamples: { 'status 200': 'answered 200', ETIMEDOUT: 'timed out' } }),
    ).toBe('ETIMEDOUT:5 status 200:2');
    // Without them, an okStatus of its own that the default check does not explain: the count alone.
    expect(formatFailureCounts(own)).toBe('ETIMEDOUT:5 refused status:2');
    expect(
      formatFailureCounts({ requests: requests(5), statusCodes: { '0': 5, '200': 2_295 }, errors: { ETIMEDOUT: 5 } }),
    ).toBe('ETIMEDOUT:5');
    expect(formatFailureCounts({ requests: requests(0), statusCodes: { '200': 2_300 }, errors: {} })).toBe('none');
  });
  it('formats a threshold value in the unit of its expression', () => {
    expect(formatThresholdActual('p(95)<150', 23.63)).toBe('23.6 ms');
    expect(formatThresholdActual('error_rate<0.01', 0.0122)).toBe('1.22%');
    expect(formatThresholdActual('rps>=30', 81.43)).toBe('81.4/s');
    expect(formatThresholdActual('dropped==0', 3)).toBe('3');
  });
  it('describes executor parameters in words', () => {
    expect(describeParams({ vus: 100, durationMs: 60_000, thinkTimeMs: 1_000 })).toBe(
      'VUs 100 · duration 1m · think time 1 s',
    );
    expect(describeParams({ startRatePerSec: 50, stages: [{ durationMs: 30_000, target: 100 }] })).toBe(
      'start rate 50.0/s · stages 100 over 30 s',
    );
    // A capacity search's header printed `step {"kind":"factor","factor":1.5} · resolution 0.05`.
    expect(describeParams({ step: { kind: 'factor', factor: 1.5 }, resolution: 0.05 })).toBe(
      'step ×1.5 · resolution 5%',
    );
    expect(describeParams({ step: { kind: 'increment', ratePerSec: 100 } })).toBe('step +100.0/s');
  });
});

describe('sparkline', () => {
  it('scales from 0 to the largest value, so that a flat series looks flat and a spike stands out', () => {
    expect(sparkline([10, 10, 10, 10], { width: 10, combine: 'max' })).toBe('████');
    expect(sparkline([1, 1, 8, 1], { width: 10, combine: 'max' })).toBe('▂▂█▂');
    expect(sparkline([0, 0], { width: 10, combine: 'mean' })).toBe('▁▁');
  });

  it('leaves a second without a value blank, and folds a long run into the width', () => {
    expect(sparkline([4, undefined, 8], { width: 10, combine: 'max' })).toBe('▅ █');
    const long = Array.from({ length: 100 }, (_, second) => (second === 57 ? 50 : 5));
    const line = sparkline(long, { width: 36, combine: 'max' });
    expect(line).toHaveLength(34);
    expect([...line].filter((char) => char === '█')).toHaveLength(1);
    expect(sparkline([2, 4, 6, 8], { width: 2, combine: 'mean' })).toBe('▄█');
  });
});

describe('describeReason', () => {
  it("prints a look's share of α as the number it is, without binary float noise", () => {
    const text = describeReason({
      kind: 'not-significant',
      metric: 'p50',
      change: 0.08,
      adjustedPValue: 0.35,
      alpha: 0.05 * 0.75,
    });
    expect(0.05 * 0.75).not.toBe(0.0375);
    expect(text).toContain('> 0.0375)');
  });
});

describe('one formatter per kind of figure', () => {
  // A new user's report printed "±5.0%" in one reason and "±10%" in another, and "p > 0.01667"
  // beside "0.0167".
  it('prints a minimum effect one way in every reason, whatever its size', () => {
    const past = (minEffect: number): string =>
      describeReason({
        kind: 'interval-past-min-effect',
        metric: 'p95',
        change: 0.02,
        adjustedPValue: 0.3,
        interval: [-0.01, 0.2],
        minEffect,
      });
    expect(past(0.05)).toContain('past the ±5% that counts');
    expect(past(0.1)).toContain('past the ±10% that counts');
    expect(past(0.025)).toContain('past the ±2.5% that counts');
    const below = describeReason({
      kind: 'below-min-effect',
      metric: 'p95',
      change: 0.02,
      adjustedPValue: 0.001,
      minEffect: 0.05,
    });
    expect(below).toContain('minimum effect of 5%');
    expect(formatMinEffect('error_rate', 0.005)).toBe('0.50 points');
  });

  it('prints α and its shares one way in reasons and notes', () => {
    const alpha = 0.05 / 3;
    const reason = describeReason({ kind: 'not-significant', metric: 'p95', change: 0.02, adjustedPValue: 0.3, alpha });
    expect(reason).toContain('> 0.0167)');
    expect(describeSpending(0.05, [1 / 3, 1 / 3, 1 / 3], undefined)).toContain('0.0167 for the planned window');
    expect(describeSingleLook(0.05, 0.5, 'no budget')).toContain('tested at 0.025 of α = 0.05');
    expect(formatAlpha(alpha)).toBe('0.0167');
  });
});
