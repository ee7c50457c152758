// Calibration of the candidate paired tests at the pair counts a CI run has (8, 12, 20, 40), under
// both schedules: the share of A/A runs whose two-sided p is ≤ 5% and ≤ 1% (nominal 5% and 1% if
// calibrated), the KS distance of the p-values from uniform, and the power at a ×1.10 head.
// The data come from test/core/ab-fixtures.ts, binned directly (no HDR round trip) so that
// thousands of runs take minutes. Run (from the repository root, under the heavy-work lock):
//   npx esbuild bench/ab/calibration.ts --bundle --platform=node --format=esm \
//     --packages=external --outfile=bench/out/stats-ab-cal.mjs && flock /tmp/heavy.lock node bench/out/stats-ab-cal.mjs [--n=1000] [--tests=t,yuen]
import { mkdirSync, writeFileSync } from 'node:fs';
import { chooseBlockLength } from '../../src/core/stats/block-length.js';
import { drawBlockWeights, quantileUs, type PreparedRun } from '../../src/core/stats/bootstrap.js';
import { pairDifferences, pairedTTest, trimmedPairedTest } from '../../src/core/stats/paired.js';
import { createRng, type Rng } from '../../src/core/stats/prng.js';
import { tCdf } from '../../src/core/stats/t-distribution.js';
import type { AbSchedule } from '../../src/core/types/config.js';
import { preparedPair, simulatePairs, type AbScenarioFixture } from '../../test/core/ab-fixtures.js';
import { ksUniform } from './common.js';
import { argNumber, percent } from '../stats/common.js';

type Metric = 'p50' | 'p95' | 'p99' | 'rps';
const METRICS: Metric[] = ['p50', 'p95', 'p99', 'rps'];
const PERCENTILE: Record<Exclude<Metric, 'rps'>, number> = { p50: 50, p95: 95, p99: 99 };
const PAIR_COUNTS = [8, 12, 20, 40];
const SCHEDULES: AbSchedule[] = ['duet', 'alternate'];
const B = argNumber('b', 499);
const POWER_FACTOR = argNumber('factor', 1.05);

/** A CI scenario: closed model, 5 s segments, ~400 req/s per variant. */
export const CALIBRATION_SCENARIO: AbScenarioFixture = { ratePerSec: 400, segmentMs: 5000 };

/** One-sided p in the direction of the effect, as the gate uses it. */
interface Candidate {
  name: string;
  test(
    head: PreparedRun,
    base: PreparedRun,
    diffs: Record<Metric, number[]>,
    rng: Rng,
  ): Record<Metric, { effect: number; p: number }>;
}

function mergedLog(run: PreparedRun, weights: Float64Array, metric: Metric): number {
  if (metric === 'rps') {
    let count = 0;
    let ms = 0;
    for (let s = 0; s < run.segments; s++) {
      count += (weights[s] ?? 0) * (run.count[s] ?? 0);
      ms += (weights[s] ?? 0) * (run.durationMs[s] ?? 0);
    }
    return Math.log(count / ms);
  }
  return Math.log(quantileUs(run, weights, PERCENTILE[metric]));
}

function pooled(head: PreparedRun, base: PreparedRun, weights: Float64Array, metric: Metric): number {
  return mergedLog(head, weights, metric) - mergedLog(base, weights, metric);
}

function oneSided(t: number, df: number): number {
  return 1 - tCdf(Math.abs(t), df);
}

/** A test on the per-pair log ratios alone. */
function perPair(
  name: string,
  test: (differences: number[]) => { effect: number; pValue: number } | undefined,
): Candidate {
  return {
    name,
    test: (_h, _b, diffs) =>
      Object.fromEntries(
        METRICS.map((m) => {
          const r = test(diffs[m]);
          return [m, { effect: r?.effect ?? 0, p: r?.pValue ?? 1 }];
        }),
      ) as Record<Metric, { effect: number; p: number }>,
  };
}

const pairT = perPair('paired t on per-pair log ratios', (d) => pairedTTest(d));
const pairYuen = perPair("Yuen's 20% trimmed-mean paired t on per-pair log ratios", (d) => trimmedPairedTest(d));

const pooledJackknife: Candidate = {
  name: 'pooled estimate, jackknife-over-pairs SE, t(n−1)',
  test: (head, base) => {
    const n = head.segments;
    const all = new Float64Array(n).fill(1);
    const out = {} as Record<Metric, { effect: number; p: number }>;
    for (const m of METRICS) {
      const theta = pooled(head, base, all, m);
      const loo: number[] = [];
      for (let i = 0; i < n; i++) {
        const w = new Float64Array(n).fill(1);
        w[i] = 0;
        loo.push(pooled(head, base, w, m));
      }
      const mean = loo.reduce((a, b) => a + b, 0) / n;
      const se = Math.max(1e-6, Math.sqrt(((n - 1) / n) * loo.reduce((a, b) => a + (b - mean) ** 2, 0)));
      out[m] = { effect: theta, p: theta === 0 ? 1 : oneSided(theta / se, n - 1) };
    }
    return out;
  },
};

const pairedBlockBootstrap: Candidate = {
  name: 'paired block bootstrap (pooled, basic, B = ' + String(B) + ')',
  test: (head, base, diffs, rng) => {
    const n = head.segments;
    const all = new Float64Array(n).fill(1);
    const block = chooseBlockLength([diffs.p50, diffs.p95, diffs.rps], n);
    const weights = new Float64Array(n);
    const theta = Object.fromEntries(METRICS.map((m) => [m, pooled(head, base, all, m)])) as Record<Metric, number>;
    const exceed = Object.fromEntries(METRICS.map((m) => [m, 0])) as Record<Metric, number>;
    for (let b = 0; b < B; b++) {
      drawBlockWeights(rng, n, block, weights);
      for (const m of METRICS) {
        const centred = pooled(head, base, weights, m) - theta[m];
        if (theta[m] > 0 ? centred >= theta[m] : centred <= theta[m]) exceed[m]++;
      }
    }
    return Object.fromEntries(
      METRICS.map((m) => [m, { effect: theta[m], p: theta[m] === 0 ? 1 : (1 + exceed[m]) / (B + 1) }]),
    ) as Record<Metric, { effect: number; p: number }>;
  },
};

const studentizedBootstrap: Candidate = {
  name: `studentized (bootstrap-t) on per-pair log ratios, B = ${B}`,
  test: (_h, _b, diffs, rng) => {
    const out = {} as Record<Metric, { effect: number; p: number }>;
    for (const m of METRICS) {
      const d = diffs[m];
      const n = d.length;
      const mean = d.reduce((a, b) => a + b, 0) / n;
      const sd = Math.sqrt(d.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
      const t = mean / Math.max(1e-9, sd / Math.sqrt(n));
      let exceed = 0;
      for (let b = 0; b < B; b++) {
        let s = 0;
        let s2 = 0;
        for (let i = 0; i < n; i++) {
          const x = d[rng.int(n)] ?? 0;
          s += x;
          s2 += x * x;
        }
        const mb = s / n;
        const sdb = Math.sqrt(Math.max(0, (s2 - n * mb * mb) / (n - 1)));
        const tb = (mb - mean) / Math.max(1e-9, sdb / Math.sqrt(n));
        if (t > 0 ? tb >= t : tb <= t) exceed++;
      }
      out[m] = { effect: mean, p: mean === 0 ? 1 : (1 + exceed) / (B + 1) };
    }
    return out;
  },
};

const signFlip: Candidate = {
  name: `sign-flip randomisation on per-pair log ratios (Monte Carlo, B = ${B})`,
  test: (_h, _b, diffs, rng) => {
    const out = {} as Record<Metric, { effect: number; p: number }>;
    for (const m of METRICS) {
      const d = diffs[m];
      const n = d.length;
      const sum = d.reduce((a, b) => a + b, 0);
      let exceed = 0;
      for (let b = 0; b < B; b++) {
        let s = 0;
        for (let i = 0; i < n; i++) s += rng.next() < 0.5 ? -(d[i] ?? 0) : (d[i] ?? 0);
        if (sum > 0 ? s >= sum : s <= sum) exceed++;
      }
      out[m] = { effect: sum / n, p: sum === 0 ? 1 : (1 + exceed) / (B + 1) };
    }
    return out;
  },
};

const ALL_CANDIDATES: Record<string, Candidate> = {
  t: pairT,
  yuen: pairYuen,
  jackknife: pooledJackknife,
  block: pairedBlockBootstrap,
  studentized: studentizedBootstrap,
  signflip: signFlip,
};
// --tests=t,yuen picks some (the bootstraps take most of the time).
const CANDIDATES = (
  process.argv
    .find((a) => a.startsWith('--tests='))
    ?.split('=')[1]
    ?.split(',') ?? Object.keys(ALL_CANDIDATES)
).map((key) => {
  const candidate = ALL_CANDIDATES[key];
  if (candidate === undefined)
    throw new Error(`--tests: no test "${key}"; known: ${Object.keys(ALL_CANDIDATES).join(', ')}`);
  return candidate;
});

interface Cell {
  p: Record<string, Record<Metric, number[]>>;
  power: Record<string, Record<Metric, number>>;
  sdPerPair: number[];
  sdPooled: number[];
}

const n = argNumber('n', 1000);
const powerN = argNumber('power', 300);
const only = process.argv.find((a) => a.startsWith('--schedule='))?.split('=')[1];
const lines: string[] = [`# Paired-test calibration (generated ${new Date().toISOString()})`, ''];
lines.push(
  `${n} A/A runs and ${powerN} runs at ×${POWER_FACTOR.toFixed(2)} per cell; closed model, 5 s segments, ~400 req/s per variant. Two-sided p = min(1, 2·one-sided).`,
  '',
);
for (const schedule of SCHEDULES) {
  if (only !== undefined && only !== schedule) continue;
  lines.push(`## ${schedule}`, '');
  lines.push(
    `| pairs | test | 2p ≤ 5%: p50 / p95 / p99 / rps | 2p ≤ 1%: worst metric | KS (worst) | power ×${POWER_FACTOR.toFixed(2)} p95 (2p ≤ 5%, right sign) |`,
  );
  lines.push('|---|---|---|---|---|---|');
  for (const pairs of PAIR_COUNTS) {
    const started = performance.now();
    const cell: Cell = {
      p: Object.fromEntries(
        CANDIDATES.map((c) => [c.name, Object.fromEntries(METRICS.map((m) => [m, []]))]),
      ) as unknown as Cell['p'],
      power: Object.fromEntries(
        CANDIDATES.map((c) => [c.name, Object.fromEntries(METRICS.map((m) => [m, 0]))]),
      ) as Cell['power'],
      sdPerPair: [],
      sdPooled: [],
    };
    for (let i = 0; i < n + powerN; i++) {
      const aa = i < n;
      const seed = 0xab00 + pairs * 100_003 + i * 7 + (schedule === 'duet' ? 0 : 1_000_000_007);
      const paired = simulatePairs(seed, schedule, {
        ...CALIBRATION_SCENARIO,
        pairs,
        headScale: aa ? 1 : POWER_FACTOR,
      });
      const { head, base } = preparedPair(paired);
      const diffs = pairDifferences(head, base);
      const rng = createRng(seed ^ 0x5a5a);
      for (const candidate of CANDIDATES) {
        const result = candidate.test(head, base, diffs, rng);
        for (const m of METRICS) {
          const r = result[m];
          if (aa) (cell.p[candidate.name] as Record<Metric, number[]>)[m].push(Math.min(1, 2 * r.p));
          else if (2 * r.p <= 0.05 && (m === 'rps' ? r.effect < 0 : r.effect > 0))
            (cell.power[candidate.name] as Record<Metric, number>)[m]++;
        }
      }
    }
    for (const candidate of CANDIDATES) {
      const ps = cell.p[candidate.name] as Record<Metric, number[]>;
      const at = (m: Metric, a: number): number => ps[m].filter((p) => p <= a).length / ps[m].length;
      const worst1 = Math.max(...METRICS.map((m) => at(m, 0.01)));
      const ks = Math.max(...METRICS.map((m) => ksUniform(ps[m])));
      lines.push(
        `| ${pairs} | ${candidate.name} | ${METRICS.map((m) => percent(at(m, 0.05))).join(' / ')} | ${percent(worst1)} | ${ks.toFixed(3)} | ${percent((cell.power[candidate.name] as Record<Metric, number>).p95 / powerN)} |`,
      );
    }
    console.error(`${schedule} ${pairs} pairs: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  lines.push('');
}
const text = lines.join('\n');
console.log(text);
mkdirSync('bench/out', { recursive: true });
writeFileSync(`bench/out/stats-ab-calibration${only === undefined ? '' : `-${only}`}.md`, text);
