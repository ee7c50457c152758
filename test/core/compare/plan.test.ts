// `perfgate plan`: the window each scenario needs to see compare.detect's change, from the MDE's
// scaling with 1/√n, checked on seeded A/B fixtures: the arithmetic, then a run of the planned
// length drawn from the same generator, whose MDE must reach the target.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { growthFor, mdeWithGrowth, planRuns } from '../../../src/core/compare/plan.js';
import { dfExponent } from '../../../src/core/compare/more-data.js';
import { judgeRun } from '../../../src/core/gate.js';
import { renderPlanText } from '../../../src/core/report/plan.js';
import type { Comparison, MetricComparison } from '../../../src/core/types/comparison.js';
import type { CompareConfig } from '../../../src/core/types/config.js';
import type { Results } from '../../../src/core/types/results.js';
import { runPlanCommand } from '../../../src/entry/cli-impl.js';
import { makeAbResults } from '../ab-fixtures.js';
import { formatConfigDuration } from '../../../src/core/duration.js';
import { formatCount } from '../../../src/core/report/format.js';
import { TEST_COMPARE, makeResults } from '../fixtures.js';

const compare: CompareConfig = { ...TEST_COMPARE, mode: 'ab', extend: { maxWindowFactor: 2 } };
const fixture = { name: 'api', executor: 'constant-arrival-rate' as const, ratePerSec: 150, segmentMs: 250 };

/** A duet run of `seconds` measured: 4 blocks of 250 ms a second, as duet records them. */
function abRun(seconds: number, seed: number): Results {
  return makeAbResults({ seed, schedule: 'duet', scenarios: [{ ...fixture, pairs: seconds * 4 }] });
}

function judge(current: Results, config: CompareConfig = compare): Comparison {
  return judgeRun({
    current,
    config: { thresholds: {}, compare: config },
    baseline: { kind: 'missing', detail: 'A/B' },
  }).comparison;
}

function metric(comparison: Comparison, name: string): MetricComparison {
  const found = comparison.scenarios[0]!.metrics.find((m) => m.metric === name);
  if (found === undefined) throw new Error(`no ${name}`);
  return found;
}

describe('planRuns', () => {
  const pilot = abRun(12, 11);
  const judged = judge(pilot);

  it('reads back the MDE it was given, and sizes the window where the scaled MDE meets the target', () => {
    const [plan] = planRuns(judged, compare);
    expect(plan?.scenario).toBe('api');
    expect(plan?.ratePerSec).toBe(150);
    expect(plan?.durationMs).toBe(12_000);
    expect(plan?.budgetMs).toBe(24_000);
    // The default targets: p50 5%, p95 10%.
    expect(plan?.rows.map((row) => [row.metric, row.target])).toEqual([
      ['p50', 0.05],
      ['p95', 0.1],
    ]);
    // The block bootstrap's df are its independent groups of ⌈n^⅓⌉ blocks less one: they grow as n^⅔.
    expect(dfExponent(judged)).toBeCloseTo(2 / 3, 12);
    for (const row of plan!.rows) {
      const m = metric(judged, row.metric);
      // A p50 whose blocks hold 20 requests is tested over the block pairs, whose df grow with them;
      // p95 keeps the bootstrap's n^⅔.
      const exponent = dfExponent(judged, m);
      expect(exponent).toBeCloseTo(row.metric === 'p50' ? 1 : 2 / 3, 12);
      // At this run's size the model gives back the comparison's own MDE.
      expect(mdeWithGrowth(m, 1)).toBeCloseTo(m.minDetectableEffect!, 10);
      expect(row.mde).toBe(m.minDetectableEffect);
      expect(row.status).toBe('longer');
      expect(row.growth).toBe(growthFor(m, row.target, exponent));
      expect(mdeWithGrowth(m, row.growth!, exponent)! / row.target).toBeCloseTo(1, 6);
      // More degrees of freedom lower the factor too: less than (MDE / target)² times the data.
      expect(row.growth!).toBeLessThan((m.minDetectableEffect! / row.target) ** 2);
      expect(row.growth!).toBeGreaterThan(1);
      expect(row.neededMs).toBe(Math.ceil((12_000 * row.growth!) / 1000) * 1000);
      expect(row.neededMs! % 1000).toBe(0);
    }
    expect(plan?.neededMs).toBe(Math.max(...plan!.rows.map((row) => row.neededMs!)));
    // Without degrees of freedom to grow, the MDE falls as 1/√n exactly.
    const plain = { ...metric(judged, 'p50') };
    delete plain.df;
    expect(growthFor(plain, plain.minDetectableEffect! / 3)).toBeCloseTo(9, 6);
  });

  it.each([1.5, 2])(
    'sizes a run that then sees the target: at MDE / %s, runs of the planned length, drawn again, reach it',
    (divisor) => {
      // One pilot's standard error is itself a draw (0.018-0.037 over these seeds at 12 s), and a
      // plan scales what its pilot read: so the pilot here is the typical one, the median of seven.
      const pilots = [11, 12, 13, 14, 15, 16, 17].map((seed) => judge(abRun(12, seed)));
      const typical = [...pilots].sort((a, b) => metric(a, 'p50').standardError! - metric(b, 'p50').standardError!)[3]!;
      const p50 = metric(typical, 'p50').minDetectableEffect!;
      const target = p50 / divisor;
      const [plan] = planRuns(typical, { ...compare, detect: { p50: target } });
      const row = plan!.rows.find((r) => r.metric === 'p50')!;
      expect(row.status).toBe('longer');
      const seconds = row.neededMs! / 1000;
      expect(seconds).toBeGreaterThan(12);
      // Runs of the planned length from the same generator (other seeds) reach it: the median at or
      // under it, none far above.
      const mdes = [21, 22, 23, 24, 25].map((seed) => metric(judge(abRun(seconds, seed)), 'p50').minDetectableEffect!);
      const sorted = [...mdes].sort((a, b) => a - b);
      expect(sorted[2]! / target).toBeLessThanOrEqual(1.1);
      expect(Math.max(...mdes) / target).toBeLessThan(1.5);
      // And the planned window's own length does not: the check can fail.
      const short = [21, 22, 23, 24, 25].map((seed) => metric(judge(abRun(12, seed)), 'p50').minDetectableEffect!);
      expect([...short].sort((a, b) => a - b)[2]! / target).toBeGreaterThan(1.2);
    },
  );

  it('sizes an extended run from the look that judged each metric, and calls its longest window enough', () => {
    const [plan] = planRuns(
      {
        ...judged,
        scenarios: judged.scenarios.map((s) => ({
          ...s,
          current: {
            ...s.current,
            durationMs: 24_000,
            extension: {
              looks: [
                { segments: 12, durationMs: 12_000, dropped: 0, generator: s.current.generator },
                { segments: 24, durationMs: 24_000, dropped: 0, generator: s.current.generator, undecided: ['p50'] },
              ],
            },
          },
          metrics: s.metrics.map((m) => ({ ...m, look: m.metric === 'p50' ? 1 : 0 })),
        })),
      },
      { ...compare, detect: { p50: 0.9, p95: 0.9 } },
    );
    expect(plan?.rows.map((row) => [row.metric, row.status, row.windowMs, row.neededMs])).toEqual([
      ['p50', 'met', 24_000, 24_000],
      ['p95', 'met', 12_000, 12_000],
    ]);
    expect(plan?.durationMs).toBe(24_000);
    expect(plan?.neededMs).toBe(24_000);
  });

  it('says when a target is met already, and reads compare.detect for which metrics to size', () => {
    const p95 = metric(judged, 'p95').minDetectableEffect!;
    const [plan] = planRuns(judged, { ...compare, detect: { p95: p95 * 1.2 } });
    expect(plan?.rows).toHaveLength(1);
    expect(plan?.rows[0]).toMatchObject({ metric: 'p95', status: 'met', neededMs: 12_000 });
  });

  it('does not size a stored comparison whose MDE is the run-to-run noise, and says why', () => {
    const stored = judgeRun({
      current: makeResults({ seed: 3, scenarios: [{ name: 'api', ratePerSec: 150, segments: 12, segmentMs: 1000 }] }),
      config: { thresholds: {}, compare: { ...TEST_COMPARE } },
      baseline: {
        kind: 'found',
        text: JSON.stringify(
          makeResults({ seed: 4, scenarios: [{ name: 'api', ratePerSec: 150, segments: 12, segmentMs: 1000 }] }),
        ),
        source: 'base.json',
      },
    }).comparison;
    expect(stored.mode).toBe('bootstrap');
    const [plan] = planRuns(stored, { ...TEST_COMPARE });
    expect(plan?.rows.map((row) => row.status)).toEqual(['no-scaling', 'no-scaling']);
    expect(plan?.neededMs).toBeUndefined();
    const text = renderPlanText([plan!], stored, { ...TEST_COMPARE }, 'results.json');
    expect(text).toMatch(
      /p50: its MDE is the run-to-run noise of a stored comparison, which a longer run does not shrink/,
    );
    expect(text).not.toMatch(/→ duration/);
  });

  it('prints the window and the config change, with compare.extend’s budget', () => {
    const text = renderPlanText(planRuns(judged, compare), judged, compare, 'results.json');
    const [plan] = planRuns(judged, compare);
    expect(text).toMatch(/^perfgate plan: the run each scenario needs to see p50 5%, p95 10% \(the default targets/m);
    expect(text).toMatch(/^api · constant-arrival-rate · 150\.0\/s × 12 s measured \(1,800 requests per variant\)$/m);
    expect(text).toMatch(/^ {2}p50 +5% +±[\d.]+% +[\d.]+× the data +\d+ s \([\d,]+ requests\)$/m);
    const needed = plan!.neededMs!;
    expect(needed).toBeGreaterThan(24_000);
    expect(text).toContain(
      `→ duration: ${formatConfigDuration(needed)} at 150.0/s (rate × duration ≈ ${formatCount((150 * needed) / 1000)} requests per variant); compare.extend's budget reaches 24 s only: set the duration, or compare.extend.maxDuration: ${formatConfigDuration(needed)} with compare.detect: { p50: 5%, p95: 10% }.`,
    );
  });

  it('refuses to size a target at or below the minimum effect, which no run could call', () => {
    const [plan] = planRuns(judged, { ...compare, detect: { p50: 0.02 } });
    expect(plan?.rows[0]).toMatchObject({ metric: 'p50', status: 'no-mde' });
    expect(plan?.rows[0]?.why).toMatch(/not above the minimum effect \(compare\.minEffect 3%\)/);
  });
});

describe('perfgate plan', () => {
  it('reads an A/B results file and prints the plan, exit 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-plan-'));
    const path = join(dir, 'results.json');
    writeFileSync(path, JSON.stringify(abRun(12, 11)));
    const stdout = new PassThrough();
    let out = '';
    stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await runPlanCommand({ stdout, stderr: new PassThrough(), env: {} }, { currentPath: path });
    expect(code).toBe(0);
    expect(out).toMatch(/^perfgate plan: the run each scenario needs to see p50 5%, p95 10% \(the default targets/);
    expect(out).toMatch(/\(A\/B, duet\)/);
    expect(out).toMatch(/^ {2}p50 /m);
    expect(out).toMatch(/^ {2}p95 /m);
  });
});
