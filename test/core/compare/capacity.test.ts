import { describe, expect, it } from 'vitest';
import { createBaseline } from '../../../src/core/results/baseline.js';
import { compareRuns, type CompareInput } from '../../../src/core/compare/index.js';
import { comparePaired } from '../../../src/core/compare/paired.js';
import { AB_CAPACITY_NOISE, measureSearchNoise, testCapacityChange } from '../../../src/core/compare/capacity.js';
import { defaultCompareConfig } from '../../../src/core/config/compare.js';
import { evaluateThresholds } from '../../../src/core/thresholds.js';
import type { Baseline, CapacityResult, Results } from '../../../src/core/types/results.js';
import type { MetricComparison } from '../../../src/core/types/comparison.js';
import { makeResults } from '../fixtures.js';
import { describeReason } from '../../../src/core/report/reasons.js';
import { judgeRun } from '../../../src/core/gate.js';
import { renderComparisonText } from '../../../src/core/report/text.js';
import { renderMarkdown } from '../../../src/core/report/markdown.js';

/** The verdict a test reached, or the one a stored run without history only warns of (prior-only). */
function judged(m: MetricComparison): string {
  const warned = m.reasons.find((reason) => reason.kind === 'prior-only');
  return warned?.kind === 'prior-only' ? warned.direction : m.verdict;
}

function search(
  ratePerSec: number,
  high: number | null,
  limitedBy: CapacityResult['limitedBy'] = 'service',
): CapacityResult {
  return { ratePerSec, bracket: [ratePerSec, high], resolution: 0.05, limitedBy, durationMs: 30_000, levels: [] };
}

/** One capacity scenario (and, optionally, an ordinary one beside it). */
function run(seed: number, capacity: CapacityResult, withOther = false): Results {
  const results = makeResults({
    seed,
    scenarios: [
      { name: 'digest', executor: 'constant-arrival-rate', ratePerSec: 200 },
      ...(withOther ? [{ name: 'api' }] : []),
    ],
  });
  const digest = results.scenarios[0]!;
  results.scenarios[0] = { ...digest, executor: 'capacity', capacity };
  return results;
}

function stored(results: Results): Baseline {
  return createBaseline(results, undefined, { savedAt: '2026-12-01T00:00:00Z', historyLength: 10 });
}

function input(current: Results, baseline: Baseline): CompareInput {
  return {
    current,
    baseline,
    baselineStatus: { kind: 'ok' },
    compare: defaultCompareConfig(),
    thresholds: [],
    replicates: 200,
  };
}

function capacityOf(current: Results, baseline: Baseline): MetricComparison {
  const comparison = compareRuns(input(current, baseline));
  const digest = comparison.scenarios.find((scenario) => scenario.name === 'digest')!;
  expect(digest.metrics.map((metric) => metric.metric)).toEqual(['capacity']);
  return digest.metrics[0]!;
}

describe('capacity against a stored baseline (no history)', () => {
  const baseline = stored(run(1, search(200, 210)));

  it.each([
    ['25% slower: 200 → 160/s', search(160, 168), 'regression'],
    ['fewer workers: 200 → 150/s', search(150, 157.5), 'regression'],
    // Against the prior alone (5% per run) the interval reaches past ±10%: not evidence of no change.
    ['the same within the bracket', search(195, 204.75), 'inconclusive'],
    ['5% lower, under the 10% minimum effect', search(190, 199.5), 'inconclusive'],
    ['30% higher', search(260, 273), 'improvement'],
  ] as const)('%s is %s', (_title, capacity, verdict) => {
    const metric = capacityOf(run(2, capacity), baseline);
    // A regression or an improvement against the prior alone is a warning (prior-only), never a FAIL.
    expect(judged(metric)).toBe(verdict);
    expect(metric.verdict).not.toBe('regression');
    expect(metric.method).toBe('bracket');
    expect(metric.baseline).toBe(200);
    expect(metric.current).toBe(capacity.ratePerSec);
    expect(metric.minEffect).toBe(0.1);
  });

  it('calls a drop only with the bound that decides it when a bracket is open', () => {
    const below = capacityOf(run(2, search(0, 50)), baseline);
    expect(below).toMatchObject({ current: 50, baseline: 200 });
    expect(judged(below)).toBe('regression');
    expect(below.reasons.map(describeReason)[0]).toMatch(/below 50\/s .*start rate/);
    const above = capacityOf(run(2, search(800, null, 'maxRate')), baseline);
    expect(above).toMatchObject({ current: 800, baseline: 210 });
    expect(judged(above)).toBe('improvement');
  });

  it('does not blame the service for a capacity the generator could not reach', () => {
    const metric = capacityOf(run(2, search(150, null, 'generator')), baseline);
    expect(metric.verdict).toBe('inconclusive');
    expect(metric.reasons.map(describeReason).join(' ')).toMatch(
      /only bounded, not measured .*load generator saturated/,
    );
  });

  it('compares the capacity scenario on its capacity alone, and gives an ordinary scenario no capacity metric', () => {
    const comparison = compareRuns(input(run(2, search(160, 168), true), stored(run(1, search(200, 210), true))));
    const [digest, api] = comparison.scenarios;
    expect(digest!.notes.join(' ')).toMatch(/compared on its capacity alone/);
    expect(api!.metrics.map((metric) => metric.metric)).toEqual(['p50', 'p90', 'p95', 'p99', 'rps', 'error_rate']);
    // Fewer than 5 past capacities: the drop is reported and warned of, the gate passes.
    const capacity = digest!.metrics[0]!;
    expect(judged(capacity)).toBe('regression');
    expect(capacity.reasons.map(describeReason).join(' ')).toMatch(/runner-noise prior/);
    expect(comparison.regressions).toEqual([]);
    expect(comparison.verdict).toBe('pass');
  });
});

describe('capacity against a history of baselines', () => {
  function history(capacities: number[]): Baseline {
    let baseline: Baseline | undefined;
    capacities.forEach((capacity, i) => {
      baseline = createBaseline(run(10 + i, search(capacity, capacity * 1.05)), baseline, {
        savedAt: `t${i}`,
        historyLength: 10,
      });
    });
    return baseline!;
  }
  const past = history([200, 196, 204, 198, 202, 199]);

  it('tests a 20% drop against the past capacities', () => {
    const metric = capacityOf(run(2, search(160, 168)), past);
    expect(metric.method).toBe('history');
    expect(judged(metric)).toBe('regression');
    expect(metric.baseline).toBeCloseTo(199.8, 0);
  });

  it("sees the past runs' own spread: a 2% move is not a regression", () => {
    // Six past capacities, none left out, read on the tails calibrated for that (ν ≈ 3.4) and floored
    // at half the 5% prior: the 95% interval holds the move and stays inside the 10% minimum effect.
    // (Calibrated for t₃ runners and every history at once, ν ≈ 2 made it reach past 10%; so did a
    // K = 6 table held over all draws, λ 1.68.)
    const metric = capacityOf(run(2, search(196, 205.8)), past);
    expect(metric.verdict).toBe('no change');
    expect(metric.changeInterval![0]).toBeLessThan(0);
    expect(metric.changeInterval![1]).toBeGreaterThan(0);
    expect(Math.max(-metric.changeInterval![0], metric.changeInterval![1])).toBeLessThan(0.1);
    expect(2 * metric.pValue!).toBeGreaterThan(0.05);
  });

  it('leaves capacities that were only bounded out of the history', () => {
    const mixed = history([200, 196, 204, 198, 202]);
    const withBound = createBaseline(run(30, search(800, null, 'maxRate')), mixed, {
      savedAt: 't9',
      historyLength: 10,
    });
    // Five measured capacities (the stored run is only a bound): still enough for the history test.
    const metric = capacityOf(run(2, search(160, 168)), withBound);
    expect(metric.method).toBe('history');
    expect(judged(metric)).toBe('regression');
  });
});

describe('testCapacityChange (shared with the A/B mode)', () => {
  it("adds each bracket's uncertainty to the runner noise", () => {
    const narrow = testCapacityChange(search(160, 161), search(200, 201), 0.05);
    const wide = testCapacityChange(search(160, 200), search(200, 250), 0.05);
    expect(narrow.effect).toBeCloseTo(Math.log(0.8), 10);
    expect(wide.test!.standardError).toBeGreaterThan(narrow.test!.standardError);
    expect(narrow.test!.pValue).toBeLessThan(0.01);
  });

  it('refuses overlapping open brackets', () => {
    const change = testCapacityChange(search(150, null, 'maxDuration'), search(200, 210), 0.05);
    expect(change.test).toBeUndefined();
    expect(change.guards).toHaveLength(1);
  });
});

describe('the capacity threshold', () => {
  it('checks capacity>=N against the search, and says when a scenario has none', () => {
    const results = run(1, search(390, 409.5), true);
    const outcomes = evaluateThresholds({ digest: ['capacity>=380', 'capacity>=400'], api: ['capacity>=1'] }, results);
    expect(outcomes.map(({ scenario, expression, actual, ok }) => [scenario, expression, actual, ok])).toEqual([
      ['digest', 'capacity>=380', 390, true],
      ['digest', 'capacity>=400', 390, false],
      ['api', 'capacity>=1', 0, false],
    ]);
    expect(outcomes[2]!.reason).toMatch(/only the capacity executor/);
  });
});

describe('capacity in A/B mode (head and base searched on one runner in turn)', () => {
  function ab(head: CapacityResult, base: CapacityResult, withOther = false): ReturnType<typeof comparePaired> {
    const current = run(2, head, withOther);
    current.ab = { schedule: 'alternate', seed: 1, base: run(1, base, withOther) };
    return comparePaired({ current, baselineStatus: { kind: 'ok' }, compare: defaultCompareConfig(), thresholds: [] });
  }
  const digestOf = (comparison: ReturnType<typeof comparePaired>): MetricComparison =>
    comparison.scenarios.find((s) => s.name === 'digest')!.metrics.find((m) => m.metric === 'capacity')!;

  it('fails a head with half the base capacity, through Holm with the other tests', () => {
    const comparison = ab(search(100, 105), search(200, 210), true);
    const capacity = digestOf(comparison);
    expect(capacity).toMatchObject({ method: 'bracket', verdict: 'regression', current: 100, baseline: 200 });
    expect(capacity.adjustedPValue).toBeGreaterThanOrEqual(capacity.pValue!);
    expect(capacity.adjustedPValue).toBeLessThanOrEqual(0.05);
    expect(capacity.minDetectableEffect).toBeGreaterThan(0);
    expect(comparison.verdict).toBe('fail');
    // The ordinary scenario's six tests are in the same family.
    expect(comparison.scenarios.find((s) => s.name === 'api')!.metrics).toHaveLength(6);
  });

  it('fails a head that broke at the start rate against a base well above it (the bound decides)', () => {
    const capacity = digestOf(ab(search(0, 120), search(200, 210)));
    expect(capacity.verdict).toBe('regression');
    expect(capacity.reasons.map(describeReason).join(' ')).toMatch(/below 120\/s/);
  });

  it('passes the same capacity, and a drop under the 10% minimum effect', () => {
    for (const head of [search(200, 210), search(190, 199.5)]) {
      const comparison = ab(head, search(200, 210));
      expect(digestOf(comparison).verdict).not.toBe('regression');
      expect(comparison.verdict).toBe('pass');
    }
  });

  /** A search with repeated brackets at the given capacities (each 5% wide). */
  function repeated(first: number, ...repeats: number[]): CapacityResult {
    return {
      ...search(first, first * 1.05),
      repeats: repeats.map((rate) => ({
        ratePerSec: rate,
        bracket: [rate, rate * 1.05],
        limitedBy: 'service' as const,
        durationMs: 10_000,
        levels: [],
      })),
    };
  }
  const noiseOf = (capacity: MetricComparison) => {
    const reason = capacity.reasons.find((r) => r.kind === 'capacity-search-noise');
    return reason?.kind === 'capacity-search-noise' ? reason : undefined;
  };

  it('measures the search-to-search noise from the repeated brackets: the pooled sd of ln(capacity), Σ(n − 1) df', () => {
    const head = repeated(180, 200, 220);
    const base = repeated(200, 180);
    const noise = measureSearchNoise(head, base);
    const logs = [
      [180, 200, 220],
      [200, 180],
    ].map((rates) => rates.map(Math.log));
    const squares = logs
      .map((xs) => {
        const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
        return xs.reduce((a, x) => a + (x - mean) ** 2, 0);
      })
      .reduce((a, b) => a + b, 0);
    expect(noise).toEqual({ source: 'repeats', sd: Math.sqrt(squares / 3), df: 3, searches: 5 });
    // A repeat that did not find the service's limit is no measurement; no repeat at all is the prior.
    const bound = {
      ...repeated(200, 210),
      repeats: [{ ...repeated(210).repeats![0]!, ...{ ratePerSec: 0, bracket: [0, 210] as [number, number] } }],
    };
    expect(measureSearchNoise(bound, search(200, 210))).toEqual({
      source: 'prior',
      sd: AB_CAPACITY_NOISE,
      df: null,
      searches: 0,
    });
  });

  it('tests a bound against a base whose searches agreed to the level: their sd is the grid rounding, not 0', () => {
    // A head that broke at its start rate is known only to be below it; the base's three searches
    // found the same bracket (a service whose capacity is fixed). With an sd of 0 the bound had no
    // standard error and no verdict; floored at the bracket's own spread it fails (60 against 84).
    const head = { ...search(0, 60), bracket: [0, 60] as [number, number] };
    const capacity = digestOf(ab(head, repeated(84, 84, 84)));
    expect(noiseOf(capacity)).toMatchObject({ source: 'repeats', df: 2, searches: 3 });
    expect(noiseOf(capacity)!.sd).toBeCloseTo(Math.log(1.05) / Math.sqrt(12), 6);
    expect(capacity.verdict).toBe('regression');
  });

  it('holds back a 15% fall that a noisy service makes between its own searches (the prior alone failed it)', () => {
    // Each variant's capacity wanders by ~15% between its own searches: a 15% fall is that noise.
    const capacity = digestOf(ab(repeated(170, 200, 150), repeated(200, 170, 230)));
    expect(noiseOf(capacity)).toMatchObject({ source: 'repeats', df: 4, searches: 6 });
    expect(noiseOf(capacity)!.sd).toBeGreaterThan(0.1);
    expect(capacity.verdict).not.toBe('regression');
    // The same first searches without repeats: the assumed 5% calls it a regression.
    const prior = digestOf(ab(search(170, 178.5), search(200, 210)));
    expect(noiseOf(prior)).toEqual({ kind: 'capacity-search-noise', source: 'prior', sd: 0.05, df: null, searches: 0 });
    expect(prior.verdict).toBe('regression');
  });

  it('fails a 20% fall on a steady service, with the noise its repeats measured, and says so', () => {
    const capacity = digestOf(ab(repeated(160, 160, 168), repeated(200, 200, 210)));
    expect(capacity).toMatchObject({ method: 'bracket', verdict: 'regression' });
    expect(noiseOf(capacity)).toMatchObject({ source: 'repeats', df: 4, searches: 6 });
    expect(capacity.reasons.map(describeReason).join(' ')).toMatch(
      /search-to-search noise measured in this run: sd 2\.\d% of ln\(capacity\) over 6 searches \(repeated brackets, 4 degrees of freedom, a t test\); the interval shown is widened to hold this metric to 0\.75% false regressions, in effect a 98\.5% interval/,
    );
    // The terminal report says it too, and the markdown one in its statistics table.
    const comparison = ab(repeated(160, 160, 168), repeated(200, 200, 210));
    expect(renderComparisonText(comparison)).toMatch(/note: search-to-search noise measured in this run: sd 2\.\d%/);
    expect(renderMarkdown(comparison, { now: new Date(0) })).toMatch(/search-to-search noise measured in this run/);
    expect(renderComparisonText(ab(search(160, 168), search(200, 210)))).toMatch(
      /note: search-to-search noise assumed, not measured: no search could be repeated .* prior sd of 5\.0%/,
    );
    // The interval is a t's at 4 df, wider than the known-variance test of the same values.
    const [low, high] = capacity.changeInterval!;
    expect(high - low).toBeGreaterThan(0.1);
  });

  it('judges a run of capacity searches alone at all of α, which its widened test is held to; beside another scenario at half', () => {
    // Capacity never runs on (compare.extend), so an A/B run of it has one look. Its test holds
    // itself to 0.75% one-sided at all of α (CAPACITY_BAD_TAIL): the gate judges it as comparePaired does.
    const judge = (withOther: boolean) => {
      const current = run(2, repeated(170, 176, 164), withOther);
      current.ab = { schedule: 'alternate', seed: 1, base: run(1, repeated(200, 206, 194), withOther) };
      const config = { thresholds: {}, compare: { ...defaultCompareConfig(), mode: 'ab' as const } };
      const gate = judgeRun({ current, config, baseline: { kind: 'missing', detail: 'A/B' } }).comparison;
      const direct = comparePaired({
        current,
        baselineStatus: { kind: 'ok' },
        compare: config.compare,
        thresholds: [],
      });
      return { gate, direct };
    };
    const alone = judge(false);
    expect(digestOf(alone.gate)).toEqual(digestOf(alone.direct));
    expect(digestOf(alone.gate).verdict).toBe('regression');
    expect(alone.gate.notes.join(' ')).not.toMatch(/could not be extended/);
    // Beside a latency scenario the family is the one a calibrated test at all of α holds to 1.2%:
    // half of α, a wider MDE for the capacity too.
    const mixed = judge(true);
    expect(mixed.gate.sequential?.alphaShares).toEqual([0.5]);
    expect(digestOf(mixed.gate).minDetectableEffect!).toBeGreaterThan(digestOf(mixed.direct).minDetectableEffect!);
  });

  it('judges a head bound (an open bracket) against the base with the noise measured by the base repeats', () => {
    const capacity = digestOf(ab(search(0, 120), repeated(200, 190, 210)));
    expect(noiseOf(capacity)).toMatchObject({ source: 'repeats', df: 2, searches: 3 });
    expect(capacity.verdict).toBe('regression');
  });
});
