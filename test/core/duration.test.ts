import { describe, expect, it } from 'vitest';
import {
  DURATION_PATTERN,
  formatConfigDuration,
  parseDuration,
  parsePercent,
  parseRate,
} from '../../src/core/duration.js';
import { ConfigError } from '../../src/core/errors.js';

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['30s', 30_000],
    ['2m', 120_000],
    ['1h', 3_600_000],
    ['1m30s', 90_000],
    ['1h2m3s4ms', 3_723_004],
    ['1.5s', 1500],
    ['0.25ms', 0.25],
    ['0s', 0],
    ['0', 0],
    [0, 0],
  ])('%j → %d ms', (text, ms) => {
    expect(parseDuration(text, 'x')).toBe(ms);
  });

  it.each([
    ['30 sec', '"30 sec"'],
    ['30', '"30"'],
    [30, '30'],
    ['', '""'],
    ['s', '"s"'],
    ['-5s', '"-5s"'],
    ['30s1m', '"30s1m"'],
    ['1m1m', '"1m1m"'],
    ['5d', '"5d"'],
    [' 5s', '" 5s"'],
    [true, 'true'],
  ])('%j is refused', (text, shown) => {
    expect(() => parseDuration(text, 'scenarios.x.duration')).toThrow(ConfigError);
    expect(() => parseDuration(text, 'scenarios.x.duration')).toThrow(
      `scenarios.x.duration: ${shown} is not a duration; use a number with ms, s, m or h like "30s"`,
    );
  });

  it('the schema pattern accepts exactly what the parser accepts', () => {
    const pattern = new RegExp(DURATION_PATTERN, 'u');
    for (const text of ['500ms', '1m30s', '1.5s', '2h']) expect(pattern.test(text)).toBe(true);
    for (const text of ['30 sec', '30', '1m1m', '']) expect(pattern.test(text)).toBe(false);
  });
});

describe('parseRate', () => {
  it.each([
    ['200/s', 200],
    ['12000/m', 200],
    ['0.5/s', 0.5],
    ['0/s', 0],
    ['90/m', 1.5],
  ])('%j → %d per second', (text, perSec) => {
    expect(parseRate(text, 'x')).toBe(perSec);
  });

  it.each([
    ['200/min', '"200/min"'],
    ['200', '"200"'],
    [200, '200'],
    ['200 /s', '"200 /s"'],
    ['200/h', '"200/h"'],
    ['/s', '"/s"'],
  ])('%j is refused', (text, shown) => {
    expect(() => parseRate(text, 'scenarios.fetchByKey.rate')).toThrow(
      `scenarios.fetchByKey.rate: ${shown} is not a rate; use "<number>/s" like "200/s"`,
    );
  });
});

describe('parsePercent', () => {
  it.each([
    ['5%', 0.05],
    ['15%', 0.15],
    ['12.5%', 0.125],
    ['0%', 0],
  ])('%j → %d', (text, fraction) => {
    expect(parsePercent(text)).toBe(fraction);
  });

  it.each(['5', '5 %', '%', 0.05])('%j is refused', (text) => {
    expect(() => parsePercent(text, 'compare.noiseFloor')).toThrow(
      /^compare\.noiseFloor: .* is not a percentage; use a number with % like "5%"$/,
    );
  });
});

describe('formatConfigDuration', () => {
  it.each([
    [0, '0ms'],
    [500, '500ms'],
    [1000, '1s'],
    [1500, '1.5s'],
    [90_000, '1m30s'],
    [3_600_000, '1h'],
    [5_400_500, '1h30m0.5s'],
    [0.25, '0.25ms'],
  ])('%d ms → %s, and back', (ms, text) => {
    expect(formatConfigDuration(ms)).toBe(text);
    expect(parseDuration(formatConfigDuration(ms), 'x')).toBe(ms);
  });
});
