import { describe, expect, it } from 'vitest';
import { createArrivalSchedule, levelAt, piecesFromStages, profileDurationMs } from '../../src/engine/schedule.js';

function drain(pieces: ReturnType<typeof piecesFromStages>): number[] {
  const schedule = createArrivalSchedule(pieces);
  const times: number[] = [];
  for (let t = schedule.next(); t !== Infinity && times.length < 1_000_000; t = schedule.next()) times.push(t);
  return times;
}

describe('arrival schedule', () => {
  it('spaces a constant rate evenly', () => {
    const times = drain([{ durationMs: 1000, from: 200, to: 200 }]);
    expect(times).toHaveLength(200);
    expect(times[0]).toBe(0);
    expect(times[1]).toBeCloseTo(5, 9);
    expect(times[199]).toBeCloseTo(995, 9);
  });

  it('integrates a ramp: 0 → 100/s over 10 s is 500 requests, denser at the end', () => {
    const times = drain(piecesFromStages(0, [{ durationMs: 10_000, target: 100 }]));
    expect(times.length).toBeGreaterThanOrEqual(499);
    expect(times.length).toBeLessThanOrEqual(501);
    // N(t) = 5·t² (t in s): the 125th request is due at 5 s.
    expect(times[125]! / 1000).toBeCloseTo(5, 1);
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
  });

  it('chains stages, ramps down and holds', () => {
    const pieces = piecesFromStages(50, [
      { durationMs: 2000, target: 100 },
      { durationMs: 1000, target: 100 },
      { durationMs: 2000, target: 0 },
    ]);
    expect(profileDurationMs(pieces)).toBe(5000);
    const times = drain(pieces);
    // 150 + 100 + 100 requests.
    expect(times.length).toBeGreaterThanOrEqual(349);
    expect(times.length).toBeLessThanOrEqual(351);
    expect(times[times.length - 1]).toBeLessThan(5000);
    expect(levelAt(pieces, 1000)).toBe(75);
    expect(levelAt(pieces, 2500)).toBe(100);
    expect(levelAt(pieces, 4000)).toBe(50);
    expect(levelAt(pieces, 6000)).toBe(0);
  });

  it('sends nothing at a rate of zero', () => {
    expect(drain([{ durationMs: 1000, from: 0, to: 0 }])).toEqual([]);
  });
});
