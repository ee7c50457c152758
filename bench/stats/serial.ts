// Calibration of the A/B test under serially correlated pairs: each variant's process carries a
// persistent state (an AR(1) over segments, sd 1.4% per variant, as in the audit of issue 18), so
// neighbouring pair differences are alike. Per A/A run: n pairs, five metrics sharing that state
// (p50 … p99 read it at full strength, rps at −1), each with its own heavy-tailed per-pair noise
// (t₃) and, for the tails, one-variant stalls (8% of pairs, ±10–30%) — the pair differences the
// gate's test reads (src/core/stats/paired.ts), drawn directly so that thousands of runs take
// seconds. Holm over the five two-sided p-values with no minimum effect, as the gate decides. A
// "heavy" schedule has no state and heavier noise and stalls (every latency, 15% of pairs).
// Run (from the repository root, under the heavy-work lock):
//   flock /tmp/heavy.lock nice -n 10 npm run bench:stats -- serial --n=2000 [--methods=none,ar1-upper,ar1-bounded]
//        [--schedules=duet,alternate,heavy] [--pairs=12,24] [--phis=0,0.5,0.8]   (heavy: no state, φ ignored)
import { adjustHolm } from '../../src/core/stats/holm.js';
import { trimmedPairedTest, type SerialCorrection } from '../../src/core/stats/paired.js';
import { createRng, type Rng } from '../../src/core/stats/prng.js';
import { argNumber, clopperPearsonUpper, ksUniform, percent } from './common.js';

const RUNS = argNumber('n', 2000);
const STATE_SD = 0.014;
const METRICS = ['p50', 'p90', 'p95', 'p99', 'rps'] as const;
type Metric = (typeof METRICS)[number];
/** Per-pair noise sd by schedule (bench/ab/README.md: duet 0.6–1.9%; alternate's slot-to-slot
 * difference several times that). */
type Schedule = 'duet' | 'alternate' | 'heavy';
const NOISE: Record<Schedule, Record<Metric, number>> = {
  duet: { p50: 0.006, p90: 0.0085, p95: 0.009, p99: 0.019, rps: 0.006 },
  alternate: { p50: 0.025, p90: 0.03, p95: 0.035, p99: 0.05, rps: 0.025 },
  // Duet on a busy runner: three times the per-pair noise, and one-variant stalls on every
  // latency (15% of pairs, ±10–60%), with no per-process state (φ is ignored for it).
  heavy: { p50: 0.018, p90: 0.025, p95: 0.027, p99: 0.057, rps: 0.018 },
};
const list = (name: string, fallback: string): string[] =>
  (process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback).split(',');
const LOADING: Record<Metric, number> = { p50: 1, p90: 1, p95: 1, p99: 1, rps: -1 };
const BAD: Record<Metric, 1 | -1> = { p50: 1, p90: 1, p95: 1, p99: 1, rps: -1 };

function t3(rng: Rng): number {
  // Student t with 3 df, scaled to unit variance.
  const z = rng.normal();
  const chi = rng.normal() ** 2 + rng.normal() ** 2 + rng.normal() ** 2;
  return z / Math.sqrt(chi / 3) / Math.sqrt(3);
}

function ar1(rng: Rng, n: number, phi: number, sd: number): number[] {
  const out: number[] = [];
  let x = sd * rng.normal();
  for (let i = 0; i < n; i++) {
    out.push(x);
    x = phi * x + Math.sqrt(1 - phi * phi) * sd * rng.normal();
  }
  return out;
}

function drawRun(rng: Rng, n: number, phi: number, schedule: Schedule, shift = 0): Record<Metric, number[]> {
  const stateSd = schedule === 'heavy' ? 0 : STATE_SD;
  const head = ar1(rng, n, phi, stateSd);
  const base = ar1(rng, n, phi, stateSd);
  const out = {} as Record<Metric, number[]>;
  for (const metric of METRICS) {
    out[metric] = head.map((h, i) => {
      let d = LOADING[metric] * (h - (base[i] ?? 0) + shift) + NOISE[schedule][metric] * t3(rng);
      if (
        schedule === 'heavy'
          ? metric !== 'rps' && rng.next() < 0.15
          : (metric === 'p95' || metric === 'p99') && rng.next() < 0.08
      ) {
        d += (rng.next() < 0.5 ? -1 : 1) * (0.1 + (schedule === 'heavy' ? 0.5 : 0.2) * rng.next());
      }
      return d;
    });
  }
  return out;
}

interface Row {
  schedule: string;
  pairs: number;
  phi: number;
  method: SerialCorrection;
  ksP: number;
  twoP05: number;
  falsePerMetric: number;
  falsePerMetricUpper: number;
  falsePerRun: number;
  /** Share of runs that call a head +5% slower (duet) or +10% (alternate) a p50 regression. */
  power: number;
}

function simulate(schedule: Schedule, pairs: number, phi: number, method: SerialCorrection): Row {
  const rng = createRng(
    1000 + pairs * 7 + Math.round(phi * 100) + (schedule === 'duet' ? 0 : schedule === 'heavy' ? 90_000 : 50_000),
  );
  const pValues: number[] = [];
  let within05 = 0;
  let falseMetric = 0;
  let falseRun = 0;
  for (let r = 0; r < RUNS; r++) {
    const run = drawRun(rng, pairs, phi, schedule);
    const tests = METRICS.map((metric) => trimmedPairedTest(run[metric], 1e-3, 0.2, method)!);
    const twoSided = tests.map((test) => Math.min(1, 2 * test.pValue));
    const adjusted = adjustHolm(twoSided);
    let any = false;
    METRICS.forEach((metric, i) => {
      const p = twoSided[i]!;
      // The p50 test's p-values: one metric, so that KS sees one distribution.
      if (metric === 'p50') {
        pValues.push(p);
        if (p <= 0.05) within05++;
      }
      if ((adjusted[i] ?? 1) <= 0.05 && Math.sign(tests[i]!.effect) === BAD[metric]) {
        falseMetric++;
        any = true;
      }
    });
    if (any) falseRun++;
  }
  const shift = Math.log(schedule === 'alternate' ? 1.1 : 1.05);
  let detected = 0;
  const powerRuns = Math.min(RUNS, 1000);
  for (let r = 0; r < powerRuns; r++) {
    const run = drawRun(rng, pairs, phi, schedule, shift);
    const tests = METRICS.map((metric) => trimmedPairedTest(run[metric], 1e-3, 0.2, method)!);
    const adjusted = adjustHolm(tests.map((test) => Math.min(1, 2 * test.pValue)));
    if ((adjusted[0] ?? 1) <= 0.05 && tests[0]!.effect > 0) detected++;
  }
  const perMetric = falseMetric / (RUNS * METRICS.length);
  return {
    schedule,
    pairs,
    phi,
    method,
    ksP: ksUniform(pValues).p,
    twoP05: within05 / RUNS,
    falsePerMetric: perMetric,
    falsePerMetricUpper: clopperPearsonUpper(falseMetric, RUNS * METRICS.length),
    falsePerRun: falseRun / RUNS,
    power: detected / powerRuns,
  };
}

const rows: Row[] = [];
for (const schedule of list('schedules', 'duet,alternate,heavy') as Schedule[])
  for (const pairs of list('pairs', '12,24').map(Number))
    for (const phi of schedule === 'heavy' ? [0] : list('phis', '0,0.5,0.8').map(Number))
      for (const method of list('methods', 'none,ar1-upper,ar1-bounded') as SerialCorrection[])
        rows.push(simulate(schedule, pairs, phi, method));

console.log(`${RUNS} A/A runs per row; Holm over 5 two-sided tests, no minimum effect; state sd ${STATE_SD}`);
console.log(
  '| schedule | pairs | φ | SE | KS p (p50) | p50 2p ≤ 5% | false regressions per metric (CP 95% upper) | per run | p50 power (duet, heavy +5%; alternate +10%) |',
);
console.log('| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  console.log(
    `| ${row.schedule} | ${row.pairs} | ${row.phi} | ${row.method} | ${row.ksP < 1e-4 ? row.ksP.toExponential(0) : row.ksP.toFixed(3)} | ${percent(row.twoP05)} | ${percent(row.falsePerMetric, 2)} (${percent(row.falsePerMetricUpper, 2)}) | ${percent(row.falsePerRun)} | ${percent(row.power)} |`,
  );
}
