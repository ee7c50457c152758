import { describe, expect, it } from 'vitest';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { decodeHistogram, percentileMs } from '../../src/core/histogram.js';
import { Recorder } from '../../src/engine/recorder.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function heapUsed(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

describe('Recorder', () => {
  it('keeps memory flat over a million recorded values', () => {
    const recorder = new Recorder(5000);
    // 5,000 values a second with a heavy-ish tail: 1 ms … 1 s.
    let value = 12345;
    const recordMany = (from: number, count: number) => {
      for (let i = from; i < from + count; i++) {
        value = (value * 1103515245 + 12345) % 2147483648;
        const latencyUs = 1000 + (value % 1000) * (value % 7 === 0 ? 1000 : 10);
        recorder.record(i / 5, latencyUs, 200, true, null, 100, 0);
      }
    };
    recordMany(0, 100_000);
    const before = heapUsed();
    recordMany(100_000, 1_000_000);
    const after = heapUsed();
    const totals = recorder.finish(1_100_000 / 5);
    expect(totals.ok).toBe(1_100_000);
    expect(totals.timeline).toHaveLength(220);
    expect(totals.segments).toHaveLength(44);
    expect(totals.whole.totalCount).toBe(1_100_000);
    // 200 timeline points and 40 encoded segments are all that may grow: a few hundred kB.
    expect(after - before).toBeLessThan(3 * 1024 * 1024);
    recorder.destroy();
  });

  it('files values by the second and segment they ended in, with empty ones in between', () => {
    const recorder = new Recorder(1000);
    recorder.record(100, 5000, 200, true, null, 10, 1);
    recorder.record(200, 7000, 200, true, null, 10, 1);
    recorder.record(2500, 9000, 500, false, null, 10, 1);
    recorder.record(2600, 0, 0, false, 'ETIMEDOUT', 0, 1);
    recorder.record(2700, 0, 0, false, 'ECONNREFUSED', 0, 1);
    const totals = recorder.finish(4000);
    expect(totals.timeline.map((point) => [point.second, point.count, point.ko])).toEqual([
      [0, 2, 0],
      [1, 0, 0],
      [2, 3, 3],
      [3, 0, 0],
    ]);
    expect(totals.timeline[0]!.p50).toBeCloseTo(5, 2);
    expect(totals.segments.map((segment) => [segment.startMs, segment.count, segment.ko])).toEqual([
      [0, 2, 0],
      [1000, 0, 0],
      [2000, 3, 3],
      [3000, 0, 0],
    ]);
    expect(decodeHistogram(totals.segments[0]!.histogram).totalCount).toBe(2);
    expect(percentileMs(totals.whole, 100)).toBeCloseTo(7, 2);
    expect(totals.statusCodes).toEqual({ '0': 2, '200': 2, '500': 1 });
    expect(totals.errors).toEqual({ ETIMEDOUT: 1, ECONNREFUSED: 1 });
    expect(totals.distribution).toEqual({ under800: 2, from800to1200: 0, over1200: 0, failed: 3 });
    expect([totals.bytesIn, totals.bytesOut]).toEqual([30, 5]);
    recorder.destroy();
  });

  it('sorts ok latencies into the Gatling buckets and trims the last segment to the window', () => {
    const recorder = new Recorder(5000);
    for (const ms of [799, 800, 1199, 1200, 5000]) recorder.record(10, ms * 1000, 200, true, null, 0, 0);
    const totals = recorder.finish(7500);
    expect(totals.distribution).toEqual({ under800: 1, from800to1200: 2, over1200: 2, failed: 0 });
    expect(totals.segments.map((segment) => [segment.startMs, segment.durationMs])).toEqual([
      [0, 5000],
      [5000, 2500],
    ]);
    recorder.destroy();
  });

  it('gives a second in which every request failed no ok latency, but the latency of all its requests', () => {
    const recorder = new Recorder(1000);
    recorder.record(100, 4000, 200, true, null, 0, 0);
    recorder.record(1100, 2_000_000, 0, false, 'ETIMEDOUT', 0, 0);
    recorder.record(1200, 2_000_000, 0, false, 'ETIMEDOUT', 0, 0);
    const totals = recorder.finish(2000);
    const [first, second] = totals.timeline;
    expect(first).toMatchObject({ second: 0, count: 1, ko: 0 });
    expect(first!.p95).toBeCloseTo(4, 1);
    expect(first!.allP95).toBeCloseTo(4, 1);
    expect(second).toMatchObject({ second: 1, count: 2, ko: 2 });
    expect(second!.p95).toBeUndefined();
    expect(second!.p50).toBeUndefined();
    // The timeouts at their timeout, not 0.
    expect(second!.allP95).toBeGreaterThan(1_990);
    recorder.destroy();
  });

  it('files requests that end after the window by the second they ended in, and keeps segments in the window', () => {
    const recorder = new Recorder(1000, 2000);
    recorder.record(1500, 1000, 200, true, null, 0, 0);
    // In flight when the window closed at 2 s: they end at 2.4 s and 4.1 s (timeouts).
    recorder.record(2400, 900_000, 200, true, null, 0, 0);
    recorder.record(4100, 2_500_000, 0, false, 'ETIMEDOUT', 0, 0);
    const totals = recorder.finish(2000);
    expect(totals.timeline.map((p) => [p.second, p.count, p.ko])).toEqual([
      [0, 0, 0],
      [1, 1, 0],
      [2, 1, 0],
      [3, 0, 0],
      [4, 1, 1],
    ]);
    expect(totals.segments.map((s) => [s.startMs, s.count, s.ko])).toEqual([
      [0, 0, 0],
      [1000, 3, 1],
    ]);
    expect(totals.ok + totals.ko).toBe(3);
    recorder.destroy();
  });
});
