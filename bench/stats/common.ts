// Shared pieces of the statistics validation scripts (bench/stats/aa.ts, bench/stats/power.ts).
import { createBaseline } from '../../src/core/results/baseline.js';
import { compareRuns } from '../../src/core/compare/index.js';
import { defaultCompareConfig } from '../../src/core/config/compare.js';
import { regularizedIncompleteBeta } from '../../src/core/stats/t-distribution.js';
import type { Baseline, Results } from '../../src/core/types/results.js';
import type { CompareConfig, MetricName } from '../../src/core/types/config.js';
import type { Comparison } from '../../src/core/types/comparison.js';
import { makeResults, type ScenarioFixture } from '../../test/core/fixtures.js';

export const METRICS: MetricName[] = ['p50', 'p90', 'p95', 'p99', 'rps', 'error_rate'];

/** The config defaults (docs/design/statistics.md): minimum effects, α, history, runner-noise prior. */
export const COMPARE: CompareConfig = defaultCompareConfig();

/** A realistic CI scenario: closed model, 60 s in 3 s segments (what an unset segment gives a
 * 60 s run), ~500 req/s, 0.2% errors. */
export const SCENARIO: ScenarioFixture = {
  name: 'api',
  executor: 'constant-vus',
  segments: 20,
  segmentMs: 3000,
  ratePerSec: 500,
  medianMs: 20,
  sigma: 0.45,
  loadPhi: 0.7,
  loadSd: 0.04,
  burstSd: 0.08,
  gcChancePerSegment: 0.15,
  gcPauseMs: 80,
  gcShare: 0.01,
  errorRate: 0.002,
};

/** Runner-to-runner level shift per run (log scale), shared by every latency of the run. With the
 * generator's own within-run spread (~2.7% for ln p50 and ln p95 at 20 × 3 s) a run's p50 then
 * spreads by ~5.2% between runs, the A/A spread measured on the shared machine for p50 (its tails
 * spread more, 7–8%: the synthetic tails are, if anything, quieter than real ones). */
export const RUNNER_SHIFT_SD = 0.045;

export function makeRun(seed: number, runShiftSd: number, scale = 1): Results {
  return makeResults({ seed, runShiftSd, scenarios: [{ ...SCENARIO, scale }] });
}

/** A baseline whose results are the newest of `k` past runs and whose history holds the rest. */
export function makeHistoryBaseline(seed: number, k: number, runShiftSd: number): Baseline {
  let baseline: Baseline | undefined;
  for (let i = 0; i < k; i++) {
    baseline = createBaseline(makeRun(seed * 1000 + i, runShiftSd), baseline, {
      savedAt: `2025-01-${String(i + 1).padStart(2, '0')}T00:00:00Z`,
      historyLength: COMPARE.historyLength,
    });
  }
  if (baseline === undefined) throw new Error('k must be ≥ 1');
  return baseline;
}

export function bareBaseline(results: Results): Baseline {
  return { schemaVersion: 1, kind: 'perfgate-baseline', savedAt: results.startTime, results, history: [] };
}

export function compareWith(
  current: Results,
  baseline: Baseline,
  seed: number,
  compare: CompareConfig = COMPARE,
): Comparison {
  return compareRuns({ current, baseline, baselineStatus: { kind: 'ok' }, compare, thresholds: [], seed });
}

/** Kolmogorov–Smirnov test of uniformity on [0, 1]: the statistic D and its asymptotic p-value. */
export function ksUniform(values: number[]): { d: number; p: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  let d = 0;
  sorted.forEach((x, i) => {
    d = Math.max(d, (i + 1) / n - x, x - i / n);
  });
  const lambda = (Math.sqrt(n) + 0.12 + 0.11 / Math.sqrt(n)) * d;
  let p = 0;
  for (let k = 1; k <= 100; k++) p += 2 * (-1) ** (k - 1) * Math.exp(-2 * k * k * lambda * lambda);
  return { d, p: Math.min(1, Math.max(0, p)) };
}

/** Exact (Clopper–Pearson) 95% upper bound of a binomial proportion. */
export function clopperPearsonUpper(successes: number, n: number): number {
  if (successes >= n) return 1;
  let low = 0;
  let high = 1;
  // Upper bound u solves P(X ≤ x | u) = 0.025, i.e. I_u(x + 1, n − x) = 0.975.
  for (let i = 0; i < 100; i++) {
    const mid = (low + high) / 2;
    if (regularizedIncompleteBeta(mid, successes + 1, n - successes) < 0.975) low = mid;
    else high = mid;
  }
  return high;
}

export function percent(x: number, digits = 1): string {
  return `${(100 * x).toFixed(digits)}%`;
}

export function argNumber(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? fallback : Number(arg.split('=')[1]);
}
