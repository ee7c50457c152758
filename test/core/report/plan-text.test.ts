// `perfgate plan` on an extended run: a metric judged at an earlier look has that look's MDE, and
// the window it needs is a multiple of that look's. A real run's flow step, judged at its first
// 15 s of 60, printed "× 1m measured", then "MDE now ±14%, 3.6× the data, 54 s": less than the
// minute it had measured, with nothing saying the MDE was the first 15 s's.
import { describe, expect, it } from 'vitest';
import { planRuns } from '../../../src/core/compare/plan.js';
import { judgeRun } from '../../../src/core/gate.js';
import { renderPlanText } from '../../../src/core/report/plan.js';
import type { Comparison } from '../../../src/core/types/comparison.js';
import type { CompareConfig } from '../../../src/core/types/config.js';
import { makeAbResults } from '../ab-fixtures.js';
import { TEST_COMPARE } from '../fixtures.js';

const compare: CompareConfig = { ...TEST_COMPARE, mode: 'ab', extend: { maxWindowFactor: 4 } };

function extendedRun(): Comparison {
  const current = makeAbResults({
    seed: 11,
    schedule: 'duet',
    scenarios: [{ name: 'api', executor: 'constant-arrival-rate', ratePerSec: 150, segmentMs: 250, pairs: 48 }],
  });
  const judged = judgeRun({
    current,
    config: { thresholds: {}, compare },
    baseline: { kind: 'missing', detail: 'A/B' },
  }).comparison;
  // As if the run had gone on to 48 s, its p95 judged there and its p50 at the first 12 s.
  return {
    ...judged,
    scenarios: judged.scenarios.map((s) => ({
      ...s,
      current: {
        ...s.current,
        durationMs: 48_000,
        extension: {
          looks: [
            { segments: 48, durationMs: 12_000, dropped: 0, generator: s.current.generator },
            { segments: 192, durationMs: 48_000, dropped: 0, generator: s.current.generator, undecided: ['p95'] },
          ],
        },
      },
      metrics: s.metrics.map((m) => ({ ...m, look: m.metric === 'p50' ? 0 : 1 })),
    })),
  };
}

describe('renderPlanText', () => {
  it("says which window an earlier look's MDE is of, so that its multiple reads against it", () => {
    const comparison = extendedRun();
    const plans = planRuns(comparison, compare);
    expect(plans[0]?.rows.map((row) => [row.metric, row.windowMs])).toEqual([
      ['p50', 12_000],
      ['p95', 48_000],
    ]);
    const text = renderPlanText(plans, comparison, compare, 'results.json');
    expect(text).toMatch(/^api · constant-arrival-rate · 150\.0\/s × 48 s measured/m);
    const p50 = text.split('\n').find((line) => line.startsWith('  p50 '))!;
    const p95 = text.split('\n').find((line) => line.startsWith('  p95 '))!;
    expect(p50).toMatch(/±[\d.]+% \(first 12 s\)/);
    // The look of the whole window needs no words.
    expect(p95).not.toContain('(first');
  });
});
