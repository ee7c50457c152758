import { describe, expect, it } from 'vitest';
import {
  BATCH,
  batchDelayMs,
  createArrivalSchedule,
  levelAt,
  piecesFromStages,
  profileDurationMs,
} from '../../src/engine/schedule.js';

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

describe('batched dispatch ticks', () => {
  /** Drives the schedule as the open model does, on a virtual clock whose timer fires up to
   * `earlyMs` before it is due (libuv rounds to whole ms of a cached loop time). */
  function simulate(ratePerSec: number, seconds: number, earlyMs: number) {
    const schedule = createArrivalSchedule([{ durationMs: seconds * 1000, from: ratePerSec, to: ratePerSec }]);
    let nextDue = schedule.next();
    let now = 0;
    let lastBatch = -Infinity;
    let ticks = 0;
    let sent = 0;
    let earliest = 0;
    let latest = 0;
    let step = 0;
    while (nextDue !== Infinity) {
      ticks += 1;
      let any = false;
      while (nextDue <= now + BATCH.leadMs) {
        earliest = Math.min(earliest, now - nextDue);
        latest = Math.max(latest, now - nextDue);
        sent += 1;
        any = true;
        nextDue = schedule.next();
      }
      if (any) lastBatch = now;
      if (nextDue === Infinity) break;
      // A deterministic spread of early fires in [0, earlyMs).
      step = (step + 0.37) % 1;
      now += batchDelayMs(nextDue, lastBatch, now) - step * earlyMs;
    }
    return { ticks, sent, earliest, latest };
  }

  it('sends every request, in a tick per batch period at a high rate', () => {
    const run = simulate(2000, 10, 0.99);
    expect(run.sent).toBe(20_000);
    // One wake-up per batch period (less the timer's early fires) instead of one per 1 ms timer.
    expect(run.ticks).toBeLessThanOrEqual(10_000 / (BATCH.periodMs - 1) + 1);
    expect(run.ticks).toBeGreaterThanOrEqual(10_000 / BATCH.periodMs - 1);
    expect(run.earliest).toBeGreaterThanOrEqual(-BATCH.leadMs);
    expect(run.latest).toBeLessThanOrEqual(BATCH.periodMs - BATCH.leadMs + 1);
  });

  it('wakes once per request at a low rate, even when the timer fires early', () => {
    const run = simulate(200, 10, 0.99);
    expect(run.sent).toBe(2000);
    // No second wake-up to catch a request the first one reached a fraction of a ms too soon.
    expect(run.ticks).toBe(2000);
    expect(run.earliest).toBeGreaterThanOrEqual(-BATCH.leadMs);
    expect(run.latest).toBeLessThanOrEqual(1);
  });

  it('waits at least 1 ms, whole ms, and never past the lead before the next request', () => {
    expect(batchDelayMs(100, 99, 99.5)).toBe(4);
    expect(batchDelayMs(10.2, -Infinity, 0)).toBe(10);
    expect(batchDelayMs(0, -Infinity, 5)).toBe(1);
  });
});
