import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../src/core/compare/index.js';
import { generatorGuard, generatorRatio, leastOwnQuantileUs } from '../../../src/core/compare/generator-bound.js';
import { START_DELAY_STEPS_MS } from '../../../src/core/config/defaults.js';
import { createRng } from '../../../src/core/stats/prng.js';
import type { MetricComparison } from '../../../src/core/types/comparison.js';
import { saturationGuard } from '../../../src/core/compare/guards.js';
import type { CompareConfig } from '../../../src/core/types/config.js';
import type { Results } from '../../../src/core/types/results.js';
import { makeResults, TEST_COMPARE, type ScenarioFixture } from '../fixtures.js';

// A generator behind its schedule added its start delays to the latencies it measured: what it
// can have added bounds the service's own percentile from below, and a stored comparison judges a
// regression beyond that bound instead of holding every verdict back.

/** The nearest-rank percentile of sorted values. */
function rank(sorted: readonly number[], percentile: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((percentile / 100) * sorted.length) - 1));
  return sorted[index]!;
}

describe('the least own percentile', () => {
  it('takes the step that leaves the most', () => {
    // Measured latencies spread evenly over 0–100 ms; 10% started over 1 ms late, 1% over 10 ms.
    const measuredUs = (q: number) => 1000 * q;
    const laterThan = [
      { ms: 0.25, count: 500 },
      { ms: 1, count: 100 },
      { ms: 10, count: 10 },
    ];
    expect(leastOwnQuantileUs(measuredUs, 50, 1000, laterThan, 60)).toBe(39_000);
    // Every request started over 0.25 ms late and the largest delay is 60 ms: nothing is left.
    expect(leastOwnQuantileUs(measuredUs, 50, 1000, [{ ms: 0.25, count: 1000 }], 60)).toBe(0);
  });

  it('is never above the service’s own percentile, whatever the delays (random runs)', () => {
    const rng = createRng(7);
    for (let draw = 0; draw < 300; draw++) {
      const n = 200 + Math.floor(rng.next() * 2000);
      const lagShare = rng.next() * 0.5;
      const lagMs = 0.1 + rng.next() * 80;
      const own: number[] = [];
      const measured: number[] = [];
      const delays: number[] = [];
      for (let i = 0; i < n; i++) {
        const ownUs = 1000 * Math.exp(0.5 + 0.6 * rng.normal());
        // Most starts a little late; a share, in stalls, by up to lagMs.
        const delayMs = rng.next() < lagShare ? rng.next() * lagMs : rng.next() * 0.4;
        own.push(ownUs);
        delays.push(delayMs);
        measured.push(ownUs + 1000 * delayMs);
      }
      own.sort((a, b) => a - b);
      measured.sort((a, b) => a - b);
      const laterThan = START_DELAY_STEPS_MS.map((ms) => ({ ms, count: delays.filter((d) => d > ms).length }));
      const maxDelay = Math.max(...delays);
      for (const percentile of [50, 90, 95, 99]) {
        const least = leastOwnQuantileUs((q) => rank(measured, q), percentile, n, laterThan, maxDelay);
        expect(least).toBeLessThanOrEqual(rank(own, percentile) + 1e-9);
      }
    }
  });
});

const shop: ScenarioFixture = { name: 'shop', executor: 'constant-arrival-rate', ratePerSec: 150, segments: 15 };

/** A run whose generator fell behind: `lateShare` of each segment's requests 1–60 ms late, the
 * rest within half a millisecond; the event loop alike in every run. */
function run(seed: number, medianMs: number, lateShare: number, generatorCores = 0.04, otherCores = 0.3): Results {
  const results = makeResults({ seed, scenarios: [{ ...shop, medianMs, saturated: lateShare > 0 }] });
  const scenario = results.scenarios[0]!;
  for (const segment of scenario.segments) {
    const late = Math.round(lateShare * segment.count);
    segment.contention = {
      generatorCores,
      loopDelayP99Ms: 5,
      lateStarts: Math.round(late / 2),
      otherCores,
      stealCores: 0,
      startsLaterThan: START_DELAY_STEPS_MS.filter((ms) => ms <= 50).map((ms) => ({
        ms,
        count: ms < 1 ? Math.max(late, Math.round(0.2 * segment.count)) : ms <= 5 ? late : Math.round(late / 2),
      })),
    };
  }
  scenario.generator.cpuCores = generatorCores;
  scenario.generator.maxStartDelayMs = lateShare > 0 ? 60 : 0.4;
  return results;
}

function p50(current: Results, base: Results, runnerNoise?: CompareConfig['runnerNoise']) {
  const comparison = compareRuns({
    current,
    baseline: {
      schemaVersion: 1,
      kind: 'perfgate-baseline',
      savedAt: '2025-01-01T00:00:00Z',
      results: base,
      history: [],
    },
    baselineStatus: { kind: 'ok' },
    compare: runnerNoise ? { ...TEST_COMPARE, runnerNoise, runnerNoiseSet: ['p50'] } : TEST_COMPARE,
    thresholds: [],
    replicates: 400,
  });
  return comparison.scenarios[0]!.metrics.find((metric) => metric.metric === 'p50')!;
}

describe('a current run whose generator fell behind, against a stored run', () => {
  it('is judged when the change is beyond what its start delays could add (a 2.8× head, 6% late)', () => {
    const verdict = p50(run(1, 4.4, 0.06), run(2, 1.6, 0));
    expect(verdict.verdict).toBe('regression');
    expect(verdict.reasons.map((reason) => reason.kind)).not.toContain('generator-behind');
    // With 0.6 more cores of other work as well (so no segment is matched for the gross shift),
    // the delays (×1.38) and that competition (×1.6) could add ×2.2: +181% [+143%, +226%] is
    // beyond that at the prior, but a verdict against the prior alone must also stand on a runner
    // 4× as noisy (decide.ts), whose interval reaches below ×2.2: held back.
    const busier = p50(run(1, 4.4, 0.06, 0.04, 0.9), run(2, 1.6, 0));
    expect(busier.verdict).toBe('inconclusive');
    expect(busier.reasons).toContainEqual(expect.objectContaining({ kind: 'generator-behind', run: 'current' }));
    // With the runner noise measured (set in the config), its own interval gates, and it decides.
    const measured = p50(run(1, 4.4, 0.06, 0.04, 0.9), run(2, 1.6, 0), { p50: 0.05 });
    expect(measured).toMatchObject({ verdict: 'regression' });
  });

  it('holds back the same build, and a change its delays could explain', () => {
    for (const current of [run(3, 1.6, 0.06), run(4, 1.9, 0.3)]) {
      const verdict = p50(current, run(2, 1.6, 0));
      expect(verdict.verdict).toBe('inconclusive');
      expect(verdict.reasons).toContainEqual(expect.objectContaining({ kind: 'generator-behind', run: 'current' }));
    }
  });

  it('holds back everything when the generator itself was busy (it may have taken the service’s CPU)', () => {
    const verdict = p50(run(1, 4.4, 0.06, 0.6), run(2, 1.6, 0));
    expect(verdict.verdict).toBe('inconclusive');
    expect(verdict.reasons).toContainEqual(expect.objectContaining({ kind: 'generator-behind', run: 'current' }));
  });

  it('holds back everything in a closed model (timed from the send: its lag is in reading answers)', () => {
    const saturated = saturationGuard(run(1, 4.4, 0.06).scenarios[0]!, 'current');
    const guard = (executor: 'constant-arrival-rate' | 'constant-vus') => {
      const current = run(1, 4.4, 0.06).scenarios[0]!;
      current.executor = executor;
      return generatorGuard({
        comparison: {
          scenario: 'shop',
          metric: 'p50',
          baseline: 1.6,
          current: 4.4,
          change: 1.75,
          changeInterval: [1.4, 2.1],
          method: 'bootstrap',
          minEffect: 0.05,
          verdict: 'inconclusive',
          reasons: [],
        },
        current,
        contention: { current: {}, past: {} },
      });
    };
    expect(guard('constant-arrival-rate')).toBeUndefined();
    expect(guard('constant-vus')).toEqual(saturated);
  });
});

// A baseline whose generator fell behind measured slower than its service was: before, its lag
// held every verdict back, and a 2.8× head read p50 +247% [+184%, +325%] and passed.
describe('a stored baseline whose generator fell behind', () => {
  it('lets a current run far slower than it be a regression', () => {
    const verdict = p50(run(1, 4.4, 0), run(2, 1.6, 0.06));
    expect(verdict.verdict).toBe('regression');
    expect(verdict.reasons.map((reason) => reason.kind)).not.toContain('generator-behind');
    // Unless the baseline dropped requests the current run did not: it ran lighter, and lost its
    // slowest requests, so it may have read faster than its service.
    const dropping = run(2, 1.6, 0.06);
    dropping.scenarios[0]!.requests.dropped = 300;
    expect(p50(run(1, 4.4, 0), dropping).reasons).toContainEqual(
      expect.objectContaining({ kind: 'generator-behind', run: 'baseline' }),
    );
  });

  it('holds back an improvement, saying the baseline fell behind, and claims nothing of the same build', () => {
    const verdict = p50(run(3, 0.6, 0), run(5, 1.6, 0.06));
    expect(verdict.verdict).toBe('inconclusive');
    expect(verdict.decidedBy).toBeUndefined();
    expect(verdict.reasons).toEqual([expect.objectContaining({ kind: 'generator-behind', run: 'baseline' })]);
    // The same improvement against a baseline whose generator kept up is one.
    expect(p50(run(3, 0.6, 0), run(5, 1.6, 0)).verdict).toBe('improvement');
    expect(p50(run(4, 1.6, 0), run(5, 1.6, 0.06)).verdict).toBe('inconclusive');
  });

  it("still holds back a regression its own delays could explain when the current run's generator fell behind too", () => {
    const verdict = p50(run(6, 1.9, 0.3), run(7, 1.6, 0.06));
    expect(verdict.verdict).toBe('inconclusive');
    expect(verdict.reasons).toContainEqual(expect.objectContaining({ kind: 'generator-behind', run: 'current' }));
  });
});

// A closed model times each request from its send, not from an intended start: a generator that
// cannot keep up holds its virtual users before the send, where no latency counts them, so the
// service sees fewer requests at once than the same users would put on it (64 users on a 1,000/s
// service wait 64 ms each, on the same service held to 800/s by its generator some 5 ms).
describe('a closed model whose generator fell behind, against a stored run', () => {
  const vus: ScenarioFixture = { name: 'shop', executor: 'constant-vus', ratePerSec: 150, segments: 15 };

  function closed(seed: number, medianMs: number, behind: { cores: number; loopMs: number } | undefined): Results {
    const results = makeResults({ seed, scenarios: [{ ...vus, medianMs, saturated: behind !== undefined }] });
    const scenario = results.scenarios[0]!;
    const cores = behind?.cores ?? 0.3;
    const loopMs = behind?.loopMs ?? 2;
    for (const segment of scenario.segments)
      segment.contention = { generatorCores: cores, loopDelayP99Ms: loopMs, lateStarts: 0, startsLaterThan: [] };
    scenario.generator.cpuCores = cores;
    scenario.generator.eventLoopDelayP99Ms = loopMs;
    return results;
  }

  it('holds back a slower current run when the baseline’s generator was the bottleneck', () => {
    // 2.75× the baseline's p50: a regression by the test (robust to the prior) were the lag not held.
    const verdict = p50(closed(1, 4.4, undefined), closed(2, 1.6, { cores: 0.95, loopMs: 35 }));
    expect(verdict.verdict).toBe('inconclusive');
    expect(verdict.reasons).toContainEqual(expect.objectContaining({ kind: 'generator-behind', run: 'baseline' }));
  });
});

// decide.ts calls a regression only when it is both significant and at least the minimum effect:
// released from the generator's hold, a change must be both after taking off what the generator
// can have added, or a service 3% slower whose generator added 30% reads as a +34% regression.
describe('the generator guard and the minimum effect', () => {
  const current = run(1, 4.4, 0.06).scenarios[0]!;
  const ratio = generatorRatio(current, 50)!;
  const saturated = saturationGuard(current, 'current');
  function guard(change: number, halfWidth: number, minEffect = 0.05) {
    const comparison: MetricComparison = {
      scenario: 'shop',
      metric: 'p50',
      baseline: 1.6,
      current: 1.6 * (1 + change),
      change,
      changeInterval: [(1 + change) / (1 + halfWidth) - 1, (1 + change) * (1 + halfWidth) - 1],
      method: 'bootstrap',
      minEffect,
      verdict: 'inconclusive',
      reasons: [],
    };
    return generatorGuard({ comparison, current, contention: { current: {}, past: {} } });
  }

  it('holds back a change that is beyond the generator but may be below the minimum effect once it is off', () => {
    expect(ratio).toBeGreaterThan(1.05);
    // Near end just beyond the ratio; the change with the generator off: +3%.
    const change = ratio * 1.03 - 1;
    expect((1 + change) / (1 + 0.02) - 1).toBeGreaterThan(ratio - 1);
    expect(guard(change, 0.02)).toEqual(saturated);
    // The same change is judged when the minimum effect is below what is left of it.
    expect(guard(change, 0.02, 0.02)).toBeUndefined();
    // And a change that leaves +12% with the generator off is judged at the 5% minimum effect.
    expect(guard(ratio * 1.12 - 1, 0.02)).toBeUndefined();
  });
});
