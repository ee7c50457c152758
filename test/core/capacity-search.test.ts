import { describe, expect, it } from 'vitest';
import {
  bracketOf,
  climbRates,
  cooldownMsAfter,
  findKnee,
  holdMsFor,
  levelMsFor,
  planNextLevel,
  planRepeatLevel,
  REPEAT_MAX_LEVELS,
  sloPercentile,
  steadyCompletions,
  summarizeLevel,
  summarizeSearch,
  worstCaseDurationMs,
  type LevelOutcome,
} from '../../src/core/capacity-search.js';
import { isCapacityMeasured } from '../../src/core/results/capacity.js';
import { createHistogram, encodeHistogram } from '../../src/core/histogram.js';
import { parseThreshold } from '../../src/core/thresholds.js';
import type { CapacityLevel, ScenarioResult, TimelinePoint } from '../../src/core/types/results.js';
import type { CapacityLoad } from '../../src/core/types/config.js';

function load(overrides: Partial<CapacityLoad> = {}): CapacityLoad {
  return {
    executor: 'capacity',
    startRatePerSec: 50,
    maxRatePerSec: 800,
    step: { kind: 'factor', factor: 1.5 },
    resolution: 0.05,
    holdMs: 3000,
    ...overrides,
  };
}

const thresholds = (...expressions: string[]) => expressions.map((expression) => parseThreshold(expression, 't'));

/** Runs the plan against a service that holds every rate up to `capacity` and breaks above it. */
function simulate(
  plan: CapacityLoad,
  capacity: number,
  options: { maxDurationMs?: number; generatorLimitedFrom?: number; levelMs?: number } = {},
): { levels: LevelOutcome[]; limitedBy: string } {
  const levels: LevelOutcome[] = [];
  const levelMs = options.levelMs ?? 4000;
  for (let i = 0; i < 200; i++) {
    const next = planNextLevel(plan, levels, {
      elapsedMs: levels.length * levelMs,
      maxDurationMs: options.maxDurationMs ?? Infinity,
      levelMs: () => levelMs,
    });
    if (next.kind === 'stop') return { levels, limitedBy: next.limitedBy };
    const generatorLimited =
      options.generatorLimitedFrom !== undefined && next.ratePerSec >= options.generatorLimitedFrom;
    const held = !generatorLimited && next.ratePerSec <= capacity;
    levels.push({ phase: next.phase, intendedPerSec: next.ratePerSec, held, generatorLimited });
  }
  throw new Error('the plan did not stop');
}

describe('planNextLevel', () => {
  it.each([
    ['factor 1.5 from 50/s', load(), 200],
    ['factor 1.5 from 100/s', load({ startRatePerSec: 100 }), 200],
    ['factor 2 from 10/s', load({ startRatePerSec: 10, step: { kind: 'factor', factor: 2 } }), 40],
    ['increment 25/s from 25/s', load({ startRatePerSec: 25, step: { kind: 'increment', ratePerSec: 25 } }), 380],
    ['a capacity right on a climb level', load({ startRatePerSec: 100, step: { kind: 'factor', factor: 2 } }), 200],
    ['resolution 1%', load({ resolution: 0.01 }), 333],
  ])('%s: brackets the capacity to the resolution and climbs one level past it', (_title, plan, capacity) => {
    const { levels, limitedBy } = simulate(plan, capacity);
    expect(limitedBy).toBe('service');
    const { low, high } = bracketOf(levels);
    expect(low).toBeLessThanOrEqual(capacity);
    expect(high).toBeGreaterThan(capacity);
    expect(high! - low!).toBeLessThanOrEqual(plan.resolution * low! + 1e-9);
    expect(levels.filter((level) => level.phase === 'climb' && level.intendedPerSec > capacity)).toHaveLength(1);
    // The bisection never leaves the bracket the climb found.
    const firstBreak = levels.find((level) => !level.held)!.intendedPerSec;
    for (const level of levels.filter((l) => l.phase === 'bisect'))
      expect(level.intendedPerSec).toBeLessThan(firstBreak);
  });

  it('stops at maxRate when every level holds, and never steps past it', () => {
    const { levels, limitedBy } = simulate(load({ maxRatePerSec: 300 }), 10_000);
    expect(limitedBy).toBe('maxRate');
    expect(levels.map((level) => level.intendedPerSec)).toEqual([50, 75, 112.5, 168.75, 253.125, 300]);
  });

  it('stops at once when the start rate breaks: the capacity is below it', () => {
    const { levels, limitedBy } = simulate(load(), 20);
    expect(limitedBy).toBe('service');
    expect(levels).toHaveLength(1);
    expect(bracketOf(levels)).toEqual({ high: 50 });
  });

  it("runs a level the generator could not drive once more, and then stops as the generator's limit", () => {
    const { levels, limitedBy } = simulate(load(), 1000, { generatorLimitedFrom: 150 });
    expect(limitedBy).toBe('generator');
    expect(levels.slice(-2).map((level) => [level.phase, level.intendedPerSec])).toEqual([
      ['climb', 168.75],
      ['retry', 168.75],
    ]);
    expect(bracketOf(levels)).toEqual({ low: 112.5 });
  });

  it('does not start a level that would end after maxDuration, but always runs the first', () => {
    expect(simulate(load(), 200, { maxDurationMs: 1000 }).levels).toHaveLength(1);
    const { levels, limitedBy } = simulate(load(), 200, { maxDurationMs: 14_000, levelMs: 4000 });
    expect(limitedBy).toBe('maxDuration');
    expect(levels).toHaveLength(3);
  });

  it('fits the whole search into its default maxDuration', () => {
    for (const [plan, capacity] of [
      [load(), 200],
      [load({ holdMs: undefined, startRatePerSec: 10 }), 40],
      [load({ step: { kind: 'increment', ratePerSec: 20 } }), 10_000],
    ] as const) {
      const levelMs = levelMsFor(plan, plan.maxRatePerSec, 95, false, 1000);
      const { levels } = simulate(plan, capacity, { levelMs });
      const spent = levels.reduce(
        (sum, level, i) => sum + levelMsFor(plan, level.intendedPerSec, 95, i === 0, 1000),
        0,
      );
      expect(spent).toBeLessThanOrEqual(worstCaseDurationMs(plan, 95, 1000));
    }
  });
});

describe('planRepeatLevel (the repeated bracket of A/B mode)', () => {
  /** Runs a repeat of the bracket [low, high] against a service that now holds up to `capacity`. */
  function repeat(anchor: { low: number; high: number }, capacity: number, plan = load()) {
    const levels: LevelOutcome[] = [];
    for (let i = 0; i < 50; i++) {
      const next = planRepeatLevel(plan, anchor, levels, { elapsedMs: 0, maxDurationMs: Infinity, levelMs: () => 0 });
      if (next.kind === 'stop') return { levels, limitedBy: next.limitedBy, ...bracketOf(levels) };
      levels.push({
        phase: next.phase,
        intendedPerSec: next.ratePerSec,
        held: next.ratePerSec <= capacity,
        generatorLimited: false,
      });
    }
    throw new Error('the repeat did not stop');
  }

  it('costs two levels when the capacity has not moved: the ends of the bracket, held and broken again', () => {
    const run = repeat({ low: 200, high: 210 }, 205);
    expect(run.levels.map((level) => [level.intendedPerSec, level.held])).toEqual([
      [200, true],
      [210, false],
    ]);
    expect(run).toMatchObject({ limitedBy: 'service', low: 200, high: 210 });
  });

  it.each([
    ['10% lower', 180],
    ['20% lower', 160],
    ['45% lower', 110],
    ['10% higher', 225],
    ['50% higher', 310],
  ])('finds a capacity that moved %s, to the resolution, by widening steps', (_title, capacity) => {
    const run = repeat({ low: 200, high: 210 }, capacity);
    expect(run.limitedBy).toBe('service');
    expect(run.low).toBeLessThanOrEqual(capacity);
    expect(run.high).toBeGreaterThan(capacity);
    expect(run.high! - run.low!).toBeLessThanOrEqual(0.05 * run.low! + 1e-9);
    expect(run.levels.length).toBeLessThanOrEqual(REPEAT_MAX_LEVELS);
  });

  it('stops at maxRate and never steps past it', () => {
    const run = repeat({ low: 700, high: 735 }, 10_000);
    expect(run.limitedBy).toBe('maxRate');
    expect(Math.max(...run.levels.map((level) => level.intendedPerSec))).toBe(800);
  });

  it('runs a generator-limited level once more, then stops as the generator', () => {
    const levels: LevelOutcome[] = [{ phase: 'bisect', intendedPerSec: 200, held: false, generatorLimited: true }];
    const context = { elapsedMs: 0, maxDurationMs: Infinity, levelMs: () => 0 };
    expect(planRepeatLevel(load(), { low: 200, high: 210 }, levels, context)).toEqual({
      kind: 'run',
      ratePerSec: 200,
      phase: 'retry',
    });
    levels.push({ phase: 'retry', intendedPerSec: 200, held: false, generatorLimited: true });
    expect(planRepeatLevel(load(), { low: 200, high: 210 }, levels, context)).toEqual({
      kind: 'stop',
      limitedBy: 'generator',
    });
  });
});

describe('holds and plans', () => {
  it('holds a level long enough for 50 requests beyond the SLO percentile, within 5-60 s', () => {
    const plan = load({ holdMs: undefined });
    expect(holdMsFor(plan, 200, 95)).toBe(5000); // 1,000 requests at 200/s
    expect(holdMsFor(plan, 40, 95)).toBe(25_000);
    expect(holdMsFor(plan, 100, 99)).toBe(50_000);
    expect(holdMsFor(plan, 1, 99)).toBe(60_000);
    expect(holdMsFor(plan, 10_000, 50)).toBe(5000);
    expect(holdMsFor(load({ holdMs: 4000 }), 1, 99)).toBe(4000);
  });

  it('reads the highest percentile the thresholds name, p95 by default', () => {
    expect(sloPercentile(thresholds('p(95)<150', 'p(99)<400', 'error_rate<0.01'))).toBe(99);
    expect(sloPercentile(thresholds('med<20'))).toBe(50);
    expect(sloPercentile(thresholds('error_rate<0.01', 'capacity>=100'))).toBe(95);
  });

  it('climbs by factor or increment, capped at maxRate', () => {
    expect(climbRates(load({ startRatePerSec: 10, maxRatePerSec: 100, step: { kind: 'factor', factor: 2 } }))).toEqual([
      10, 20, 40, 80, 100,
    ]);
    expect(
      climbRates(load({ startRatePerSec: 10, maxRatePerSec: 40, step: { kind: 'increment', ratePerSec: 15 } })),
    ).toEqual([10, 25, 40]);
  });
});

// ---------------------------------------------------------------- one level from its result

function timeline(counts: number[]): TimelinePoint[] {
  return counts.map((count, second) => ({ second, count, ko: 0, p50: 20, p95: 25, p99: 30 }));
}

function levelResult(input: {
  rate: number;
  seconds: number;
  counts: number[];
  p95?: number;
  p50?: number;
  ko?: number;
  dropped?: number;
  saturated?: { lateMs: number };
}): ScenarioResult {
  const total = input.counts.reduce((a, b) => a + b, 0);
  const intended = input.rate * input.seconds;
  const ko = input.ko ?? 0;
  const dropped = input.dropped ?? 0;
  const histogram = createHistogram();
  histogram.recordValue(20_000);
  const encoded = encodeHistogram(histogram);
  histogram.destroy();
  const ms = {
    min: 10,
    mean: 20,
    stddev: 2,
    p50: input.p50 ?? 20,
    p75: 22,
    p90: 24,
    p95: input.p95 ?? 25,
    p99: 30,
    p999: 40,
    max: 50,
  };
  return {
    name: 'digest',
    executor: 'constant-arrival-rate',
    params: { maxInFlight: 1000 },
    startTime: '2026-12-01T00:00:00.000Z',
    durationMs: input.seconds * 1000,
    warmupMs: 1000,
    requests: { total: intended - dropped, ok: intended - dropped - ko, ko, dropped },
    latencyMs: ms,
    rps: total / input.seconds,
    errorRate: ko / Math.max(1, intended - dropped),
    bytes: { in: 0, out: 0 },
    statusCodes: { '200': intended - dropped - ko, ...(ko > 0 ? { '503': ko } : {}) },
    errors: {},
    distribution: { under800: intended - dropped - ko, from800to1200: 0, over1200: 0, failed: ko },
    grade: 'excellent',
    histogram: encoded,
    segments: [],
    timeline: timeline(input.counts),
    rate: { intendedPerSec: input.rate, achievedPerSec: (intended - dropped) / input.seconds },
    generator: input.saturated
      ? {
          lateStarts: 100,
          maxStartDelayMs: input.saturated.lateMs,
          eventLoopDelayP99Ms: 5,
          eventLoopDelayMaxMs: 10,
          cpuCores: 0.5,
          saturated: true,
          reasons: ['late starts'],
        }
      : {
          lateStarts: 0,
          maxStartDelayMs: 1,
          eventLoopDelayP99Ms: 1,
          eventLoopDelayMaxMs: 2,
          cpuCores: 0.2,
          saturated: false,
          reasons: [],
        },
    services: [],
  };
}

describe('summarizeLevel', () => {
  const slo = thresholds('p(95)<100', 'error_rate<0.01', 'rps>=1000', 'capacity>=500');

  it('holds when the thresholds hold and the service completes what was intended (rps and capacity judge the search, not a level)', () => {
    const level = summarizeLevel(levelResult({ rate: 100, seconds: 5, counts: [98, 100, 101, 99, 102] }), 'climb', slo);
    expect(level).toMatchObject({
      held: true,
      brokeBecause: [],
      intendedPerSec: 100,
      achievedPerSec: 100,
      requests: { intended: 500, ok: 500, ko: 0, dropped: 0 },
    });
  });

  it('breaks on a breached threshold, a shortfall, drops and non-ok answers, each said in words', () => {
    const level = summarizeLevel(
      levelResult({ rate: 100, seconds: 5, counts: [100, 90, 90, 90, 140], p95: 412, ko: 20, dropped: 10 }),
      'bisect',
      slo,
    );
    expect(level.held).toBe(false);
    expect(level.brokeBecause).toEqual([
      'p(95)<100 breached (412 ms)',
      'error_rate<0.01 breached (4.1%)',
      'the service completed 90/s of the 100/s intended (90.0%): it fell behind',
      '10 of 500 requests dropped: 1000 were already in flight',
    ]);
    expect(level.failures).toEqual({ 'HTTP 503': 20 });
    expect(level.generatorLimited).toBe(false);
  });

  it("lets a second's edge move a completion or two without a shortfall", () => {
    expect(summarizeLevel(levelResult({ rate: 40, seconds: 5, counts: [40, 39, 40, 38, 43] }), 'climb', slo).held).toBe(
      true,
    );
    expect(summarizeLevel(levelResult({ rate: 40, seconds: 5, counts: [40, 37, 37, 37, 49] }), 'climb', slo).held).toBe(
      false,
    );
  });

  it('blames the generator only for a break its own delays could explain', () => {
    const small = summarizeLevel(
      levelResult({ rate: 100, seconds: 5, counts: [100, 100, 100, 100, 100], p95: 130, saturated: { lateMs: 60 } }),
      'climb',
      slo,
    );
    expect(small).toMatchObject({ held: false, generatorSaturated: true, generatorLimited: true });
    const large = summarizeLevel(
      levelResult({ rate: 100, seconds: 5, counts: [100, 100, 100, 100, 100], p95: 600, saturated: { lateMs: 60 } }),
      'climb',
      slo,
    );
    expect(large).toMatchObject({ held: false, generatorSaturated: true, generatorLimited: false });
  });

  it('counts completions between the first and the last second', () => {
    expect(steadyCompletions(timeline([5, 10, 10, 10, 50]), 5000)).toEqual({ count: 30, seconds: 3 });
    expect(steadyCompletions(timeline([5, 10, 10, 10, 10, 50]), 5500)).toEqual({ count: 40, seconds: 4 });
    expect(steadyCompletions(timeline([5, 10, 50]), 3000)).toEqual({ count: 10, seconds: 1 });
  });
});

// ---------------------------------------------------------------- the search's result

function level(intendedPerSec: number, held: boolean, p50 = 20, overrides: Partial<CapacityLevel> = {}): CapacityLevel {
  return {
    phase: 'climb',
    intendedPerSec,
    achievedPerSec: held ? intendedPerSec : intendedPerSec * 0.8,
    sentPerSec: intendedPerSec,
    durationMs: 3000,
    requests: { intended: intendedPerSec * 3, ok: intendedPerSec * 3, ko: 0, dropped: 0 },
    latencyMs: { p50, p95: p50 * 1.2, p99: p50 * 1.5 },
    errorRate: 0,
    failures: {},
    held,
    brokeBecause: held ? [] : ['the service completed less: it fell behind'],
    generatorSaturated: false,
    generatorLimited: false,
    notes: [],
    ...overrides,
  };
}

describe('summarizeSearch', () => {
  it('gives the capacity, its bracket, the knee and the first failure', () => {
    const levels = [
      level(100, true),
      level(150, true, 35),
      level(225, false, 400),
      level(187.5, true, 50, { phase: 'bisect' }),
    ];
    const result = summarizeSearch(levels, 'service', load(), 20_000);
    expect(result).toMatchObject({ ratePerSec: 187.5, bracket: [187.5, 225], limitedBy: 'service', resolution: 0.05 });
    expect(result.knee).toEqual({ ratePerSec: 150, reason: 'p50 rose from 20 ms to 50 ms at 187.5/s' });
    expect(result.firstFailure).toEqual({ ratePerSec: 225, reason: 'the service completed less: it fell behind' });
    expect(isCapacityMeasured(result)).toBe(true);
  });

  it('reports a capacity below the start rate as 0, and one above maxRate as a lower bound', () => {
    const below = summarizeSearch([level(50, false)], 'service', load(), 5000);
    expect(below).toMatchObject({ ratePerSec: 0, bracket: [0, 50] });
    expect(isCapacityMeasured(below)).toBe(false);
    const above = summarizeSearch([level(50, true), level(75, true)], 'maxRate', load({ maxRatePerSec: 75 }), 5000);
    expect(above).toMatchObject({ ratePerSec: 75, bracket: [75, null] });
    expect(above.knee).toBeUndefined();
    expect(isCapacityMeasured(above)).toBe(false);
  });

  it('waits after a broken level for the requests that timed out to drain at the rate that held', () => {
    const levels = [level(100, true), level(150, false, 900, { failures: { ETIMEDOUT: 300 } })];
    expect(cooldownMsAfter(levels[1]!, levels, load())).toBe(3000);
    expect(cooldownMsAfter(levels[0]!, levels, load())).toBe(0);
    expect(cooldownMsAfter(level(150, false, 900, { failures: { ETIMEDOUT: 1e6 } }), levels, load())).toBe(30_000);
  });

  it('finds no knee when latency never bent', () => {
    expect(findKnee([level(10, true), level(20, true, 25)])).toBeUndefined();
  });
});
