// The delayed-ACK stall hint (src/core/compare/delayed-ack.ts) on histograms built here: it fires
// on a narrow spike just above Linux's 40 ms timer that stands apart from the service's own work,
// and stays silent on a service whose real work takes about 40 ms, and on a spike too small to
// move the percentiles the gate judges.
import { describe, expect, it } from 'vitest';
import { countsBelow, createHistogram, encodeHistogram, type Histogram } from '../../../src/core/histogram.js';
import {
  cpuMsPerRequest,
  describeDelayedAckStall,
  detectDelayedAckStall,
} from '../../../src/core/compare/delayed-ack.js';
import { defaultCompareConfig } from '../../../src/core/config/compare.js';
import { judgeRun } from '../../../src/core/gate.js';
import { renderRunSummary } from '../../../src/core/report/run-summary.js';
import { createRng, type Rng } from '../../../src/core/stats/prng.js';
import type { ScenarioResult } from '../../../src/core/types/results.js';
import { makeResults } from '../fixtures.js';

const LINUX = 'linux 6.18.44 x64';

/** `count` latencies uniform over [fromMs, toMs), in µs. */
function uniform(histogram: Histogram, rng: Rng, count: number, fromMs: number, toMs: number): void {
  for (let i = 0; i < count; i += 1) histogram.recordValue(Math.round((fromMs + (toMs - fromMs) * rng.next()) * 1000));
}

/** `count` lognormal latencies around `medianMs`, in µs. */
function lognormal(histogram: Histogram, rng: Rng, count: number, medianMs: number, sigma: number): void {
  for (let i = 0; i < count; i += 1)
    histogram.recordValue(Math.round(medianMs * Math.exp(sigma * rng.normal()) * 1000));
}

function build(fill: (histogram: Histogram, rng: Rng) => void, seed = 7): Histogram {
  const histogram = createHistogram();
  fill(histogram, createRng(seed));
  return histogram;
}

/** A scenario of the fixtures with this histogram, and services using `cpuMs` of CPU per request. */
function scenarioWith(histogram: Histogram, cpuMs?: number): ScenarioResult {
  const scenario = makeResults({ seed: 1 }).scenarios[0]!;
  const ok = histogram.totalCount;
  const rps = 45;
  return {
    ...scenario,
    requests: { total: ok, ok, ko: 0, dropped: 0 },
    histogram: encodeHistogram(histogram),
    rps,
    services:
      cpuMs === undefined
        ? []
        : [{ name: 'api', cpuMeanPercent: ((cpuMs * rps) / 1000) * 100, cpuMaxPercent: 50, rssPeakBytes: 1e8 }],
  };
}

describe('countsBelow', () => {
  it('counts the values under each limit, as a scan of the values one by one does', () => {
    const rng = createRng(11);
    const values = Array.from({ length: 5_000 }, () => Math.round(30_000 * Math.exp(0.9 * rng.normal())));
    const histogram = createHistogram();
    for (const value of values) histogram.recordValue(value);
    const limits = [1_000, 20_000, 40_000, 55_000, 70_000];
    const counts = countsBelow(histogram, limits);
    // The histogram keeps 3 significant digits: a value within 0.1% of a limit may fall either side.
    limits.forEach((limit, i) => {
      const exact = values.filter((value) => value < limit).length;
      const unsure = values.filter((value) => Math.abs(value - limit) <= limit * 0.001).length;
      expect(Math.abs(counts[i]! - exact), `under ${limit} µs`).toBeLessThanOrEqual(unsure);
    });
    expect(countsBelow(createHistogram(), [40_000])).toEqual([0]);
  });
});

describe('detectDelayedAckStall', () => {
  it('does not fire on VUs queued at a busy single-threaded service, nor on ~45 ms of real work beside a fast path', () => {
    // A closed model's 20 VUs waiting on a single-threaded service of 2.3 ms a request: a narrow
    // spike near 46 ms at little CPU per request, but the service near a whole core.
    const queued = build((h, rng) => lognormal(h, rng, 2_000, 46, 0.03));
    expect(detectDelayedAckStall(queued, 2.3, 0.99)).toBeUndefined();
    expect(detectDelayedAckStall(queued, 2.3, 0.1)?.evidence.kind).toBe('cpu');
    // 15% from a cache at 2 ms, 85% of real work at 45 ± 2 ms: 38 ms of CPU a request.
    const cached = build((h, rng) => {
      uniform(h, rng, 150, 1.5, 2.5);
      uniform(h, rng, 850, 43, 47);
    });
    expect(detectDelayedAckStall(cached)?.evidence.kind).toBe('fast');
    expect(detectDelayedAckStall(cached, 38, 0.4)).toBeUndefined();
  });

  it('fires on a spike at 41 ms beside a body at 1–2 ms, without any CPU figure', () => {
    const histogram = build((h, rng) => {
      uniform(h, rng, 700, 40.5, 42);
      uniform(h, rng, 300, 1, 2);
    });
    const stall = detectDelayedAckStall(histogram);
    expect(stall).toMatchObject({ okRequests: 1000, inBand: 700, evidence: { kind: 'fast' } });
    expect(stall!.share).toBeCloseTo(0.7, 2);
  });

  it('fires on the shapes measured on this Linux machine, all requests stalled, when CPU per request is small', () => {
    // Node with noDelay off: 43.1–48.5 ms; Python's http.server on HTTP/1.1: 40.4–51.5 ms.
    for (const [from, to] of [
      [43.1, 48.5],
      [40.4, 51.5],
    ] as const) {
      const histogram = build((h, rng) => uniform(h, rng, 400, from, to));
      expect(detectDelayedAckStall(histogram, 0.3)?.evidence, `${from}–${to} ms`).toMatchObject({ kind: 'cpu' });
      // Without the services' CPU a fixed-cost endpoint of ~45 ms cannot be told apart: no hint.
      expect(detectDelayedAckStall(histogram)).toBeUndefined();
      // A service that burns 42 ms of CPU per request is doing the work: no hint either.
      expect(detectDelayedAckStall(histogram, 42)).toBeUndefined();
    }
  });

  it('stays silent on a broad body around 40 ms from a service doing 40 ms of real work', () => {
    for (const sigma of [0.1, 0.15, 0.3]) {
      const histogram = build((h, rng) => lognormal(h, rng, 2_000, 40, sigma));
      expect(detectDelayedAckStall(histogram, 40), `sigma ${sigma}`).toBeUndefined();
      // Its shape alone rules it out, whatever its CPU: a third or more of it sits under 40 ms.
      expect(detectDelayedAckStall(histogram, 1), `sigma ${sigma}, little CPU`).toBeUndefined();
      // So does a fast path beside it (cache hits at 1–2 ms).
      uniform(histogram, createRng(3), 1_000, 1, 2);
      expect(detectDelayedAckStall(histogram), `sigma ${sigma}, with a fast path`).toBeUndefined();
    }
  });

  it('stays silent on a spike at 41 ms that carries 2% of the requests', () => {
    const histogram = build((h, rng) => {
      uniform(h, rng, 200, 40.5, 42);
      uniform(h, rng, 9_800, 1, 2);
    });
    expect(detectDelayedAckStall(histogram, 0.1)).toBeUndefined();
  });

  it('stays silent on a spike of fewer than 50 requests, however large its share', () => {
    const histogram = build((h, rng) => {
      uniform(h, rng, 40, 40.5, 42);
      uniform(h, rng, 20, 1, 2);
    });
    expect(detectDelayedAckStall(histogram, 0.1)).toBeUndefined();
  });

  it('stays silent on a spike that spills far past the band (the service works 20 ms before its first write)', () => {
    const histogram = build((h, rng) => {
      uniform(h, rng, 600, 50, 70);
      uniform(h, rng, 400, 1, 2);
    });
    expect(detectDelayedAckStall(histogram, 0.5)).toBeUndefined();
  });
});

describe('describeDelayedAckStall', () => {
  it('names the share, the band, the cause and the fix', () => {
    const histogram = build((h, rng) => {
      uniform(h, rng, 700, 40.5, 42);
      uniform(h, rng, 300, 1, 2);
    });
    const note = describeDelayedAckStall(scenarioWith(histogram), LINUX);
    expect(note).toMatch(
      /^70% of requests took 40–55 ms \(while 30% took under 20 ms\), a spike at Linux's 40 ms delayed-ACK timer/,
    );
    expect(note).toContain("Nagle's algorithm on");
    expect(note).toContain('TCP_NODELAY');
    expect(note).toContain('since v18');
  });

  it("reads the services' CPU per completed request from their mean CPU and the rate", () => {
    const histogram = build((h, rng) => uniform(h, rng, 400, 43, 48));
    const scenario = scenarioWith(histogram, 0.25);
    expect(cpuMsPerRequest(scenario)).toBeCloseTo(0.25, 6);
    expect(describeDelayedAckStall(scenario, LINUX)).toMatch(
      /^100% of requests took 40–55 ms \(p50 4\d\.\d ms on 0\.3 ms of service CPU per request\)/,
    );
    expect(cpuMsPerRequest({ ...scenario, services: [] })).toBeUndefined();
    expect(describeDelayedAckStall({ ...scenario, services: [] }, LINUX)).toBeUndefined();
    // Another OS's client does not wait for Linux's timer: a spike there is something else.
    expect(describeDelayedAckStall(scenario, 'darwin 23.4.0 arm64')).toBeUndefined();
  });

  it("is a scenario note of the gate's judgement and a line of the run's console summary", () => {
    const results = makeResults({ seed: 2, scenarios: [{ name: 'api' }, { name: 'other' }] });
    const stalled = build((h, rng) => {
      uniform(h, rng, 700, 40.5, 42);
      uniform(h, rng, 300, 1, 2);
    });
    results.scenarios[0] = { ...scenarioWith(stalled), name: 'api' };
    const { comparison } = judgeRun({
      current: results,
      config: { thresholds: {}, compare: defaultCompareConfig() },
      baseline: { kind: 'missing', detail: 'none yet' },
    });
    const notes = comparison.scenarios.map((scenario) => scenario.notes.filter((note) => note.includes('delayed-ACK')));
    expect(notes.map((list) => list.length)).toEqual([1, 0]);
    const summary = renderRunSummary(results);
    expect(summary.split('\n').filter((line) => line.startsWith('  note: 70% of requests took 40–55 ms'))).toHaveLength(
      1,
    );
  });
});
