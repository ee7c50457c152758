import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../src/core/compare/index.js';
import { defaultCompareConfig } from '../../../src/core/config/compare.js';
import { createBaseline } from '../../../src/core/results/baseline.js';
import {
  renderCapacityMarkdown,
  renderCapacityText,
  describeCapacity,
  capacityCurve,
} from '../../../src/core/report/capacity.js';
import { renderMarkdown } from '../../../src/core/report/markdown.js';
import { renderRunSummary } from '../../../src/core/report/run-summary.js';
import { formatJsonOracleLine } from '../../../src/core/report/slack.js';
import { renderComparisonText } from '../../../src/core/report/text.js';
import type { CapacityLevel, CapacityResult, Results } from '../../../src/core/types/results.js';
import { makeResults } from '../fixtures.js';

function level(
  phase: CapacityLevel['phase'],
  intendedPerSec: number,
  achievedPerSec: number,
  p95: number,
  held: boolean,
  extra: Partial<CapacityLevel> = {},
): CapacityLevel {
  const intended = Math.round(intendedPerSec * 3);
  return {
    phase,
    intendedPerSec,
    achievedPerSec,
    sentPerSec: intendedPerSec,
    durationMs: 3000,
    requests: { intended, ok: intended, ko: 0, dropped: 0 },
    latencyMs: { p50: held ? 20.5 : p95 / 2, p95, p99: p95 * 1.2 },
    errorRate: 0,
    failures: {},
    held,
    brokeBecause: held ? [] : [`p(95)<100 breached (${p95} ms)`],
    generatorSaturated: false,
    generatorLimited: false,
    notes: [],
    ...extra,
  };
}

const search: CapacityResult = {
  ratePerSec: 196.667,
  bracket: [196.667, 206],
  resolution: 0.05,
  limitedBy: 'service',
  durationMs: 26_000,
  knee: { ratePerSec: 196.667, reason: 'the service fell behind at 206/s (completed 197/s)' },
  firstFailure: {
    ratePerSec: 225,
    reason: 'p(95)<100 breached (537.6 ms); the service completed 199/s of the 225/s intended (88.4%): it fell behind',
  },
  levels: [
    level('climb', 100, 100, 23.3, true),
    level('climb', 150, 150, 22.1, true),
    level('climb', 225, 199, 537.6, false, { failures: { ETIMEDOUT: 3 }, errorRate: 0.004 }),
    level('bisect', 187.333, 187, 21.8, true),
    level('bisect', 206, 197, 171.3, false),
    level('bisect', 196.667, 196, 22.7, true),
  ],
};

function run(seed: number, capacity: CapacityResult): Results {
  const results = makeResults({
    seed,
    scenarios: [{ name: 'orders/digest', executor: 'constant-arrival-rate', ratePerSec: 196.667 }],
  });
  results.scenarios[0] = { ...results.scenarios[0]!, executor: 'capacity', capacity };
  return results;
}

describe('the capacity block', () => {
  it('sorts the curve by rate, one row per rate', () => {
    expect(capacityCurve(search).map((l) => l.intendedPerSec)).toEqual([100, 150, 187.333, 196.667, 206, 225]);
  });

  it('says the capacity, its bracket, the knee and the first failure in one line', () => {
    expect(describeCapacity(search)).toBe(
      'capacity 196.7/s: between 196.7/s (held) and 206.0/s (broke) · knee at 196.7/s (the service fell behind at 206/s (completed 197/s)) · ' +
        'first failure at 225.0/s: p(95)<100 breached (537.6 ms); the service completed 199/s of the 225/s intended (88.4%): it fell behind',
    );
    expect(
      describeCapacity({
        ...search,
        ratePerSec: 400,
        bracket: [400, null],
        limitedBy: 'maxRate',
        knee: undefined,
        firstFailure: undefined,
      }),
    ).toBe('capacity 400.0/s: at least 400.0/s · every level held up to maxRate 400/s: the capacity is at least that');
  });

  it('renders a table and two mermaid charts in markdown', () => {
    const scenario = run(1, search).scenarios[0]!;
    expect(renderCapacityMarkdown(scenario)).toMatchSnapshot();
  });

  it('renders the table and bars in plain text', () => {
    expect(renderCapacityText(run(1, search).scenarios[0]!).join('\n')).toMatchSnapshot();
  });

  it('is in the PR comment, the text report and the run summary, and the Slack line gives the capacity as rps', () => {
    const current = run(2, { ...search, ratePerSec: 150, bracket: [150, 157.5], knee: undefined });
    // A history of default-branch searches: with fewer than 5 a capacity change is only a warning.
    let baseline = createBaseline(run(1, search), undefined, { savedAt: '2026-12-01T08:00:00Z', historyLength: 10 });
    for (let i = 2; i <= 6; i++)
      baseline = createBaseline(run(10 + i, search), baseline, {
        savedAt: `2026-12-0${i}T08:00:00Z`,
        historyLength: 10,
      });
    const comparison = compareRuns({
      current,
      baseline,
      baselineStatus: { kind: 'ok' },
      compare: defaultCompareConfig(),
      thresholds: [],
      replicates: 200,
    });
    expect(comparison.regressions.map((m) => m.metric)).toEqual(['capacity']);
    const markdown = renderMarkdown(comparison, { now: new Date('2026-12-01T09:00:00Z') });
    expect(markdown).toContain('**capacity 150.0/s: between 150.0/s (held) and 157.5/s (broke)');
    expect(markdown).toContain('title "orders/digest: achieved vs intended rate (req/s)"');
    expect(markdown).toMatch(
      /\| capacity +\| +196\.7\/s \| 150\.0\/s \| -23\.7% \[-\d+%, -\d+%\] \| +[^|]+\| ❌ regression \|/,
    );
    const text = renderComparisonText(comparison);
    expect(text).toContain('  capacity 150.0/s: between 150.0/s (held) and 157.5/s (broke)');
    expect(text).toMatch(/capacity of orders\/digest fell 23.7%/);
    expect(renderRunSummary(current)).toContain('---- Capacity search');
    expect(formatJsonOracleLine(current.scenarios[0]!)).toMatch(/^orders\/digest: \S+ \S+ \S+ \S+ 150\.0$/);
  });
});
