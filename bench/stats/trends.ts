// Trends: recall, localisation and false change points of the detector on generated series. Run:
//   npm run bench:stats -- trends [--n=500] [--length=100] [--cv=0.05] [--alpha=0.001] [--otava]
//     [--baseline=saved-baseline.json]
//   --noise=t3|ar5|t3ar: every row's noise from Student t(3) innovations (heavier tails), AR(1)
//   φ 0.5 between runs, or both, instead of independent normal ones (generators the detector was
//   not tuned on; rows that set their own φ keep it).
//   --otava: the same series through a reimplementation of Apache Otava (bench/stats/otava/otava.ts)
//   instead of perfgate's detector.
//   --real=bench/out/trends-real.json: also the analysis of each real history that
//   bench/stats/trends-real.ts saved (two loopback scenarios, one stepped).
//   npm run bench:stats -- trends --write-history=big.json [--runs=10000] [--scenarios=60]
//     writes a saved baseline of that many stored runs (10 scenarios with a +30% step) and exits:
//     time `node dist/cli.js trends big.json` on it (the largest trends.keep).
// (wrap it in flock /tmp/heavy.lock on a shared machine).
//
// The generator knows nothing of the detector: each run's value is a level times lognormal noise
// (sd of the log = CV), optionally correlated from run to run (AR(1), a runner whose load drifts),
// with outliers (a share of runs ×1.5–3, or ×0.6–0.8: a quiet run), and steps or spikes put in by
// hand. Steps sit at a uniform position with at least 8 runs on each side, as the issue's audit did.
import { readFileSync, writeFileSync } from 'node:fs';
import { detectChanges, type DetectOptions } from '../../src/core/trends/detect.js';
import { analyzeTrends } from '../../src/core/trends/analyze.js';
import { parseBaseline, storedRuns } from '../../src/core/results/baseline.js';
import { defaultCompareConfig } from '../../src/core/config/compare.js';
import { defaultTrendsConfig } from '../../src/core/config/defaults.js';
import { renderTrendsText } from '../../src/core/report/trends.js';
import { createRng, type Rng } from '../../src/core/stats/prng.js';
import { argNumber } from './common.js';
import { makeResults } from '../../test/core/fixtures.js';
import { otavaChangePoints } from './otava/otava.js';

const N = argNumber('n', 500);
const LENGTH = argNumber('length', 100);
const CV = argNumber('cv', 0.05);
const trends = defaultTrendsConfig();
const OTAVA = process.argv.includes('--otava');
const options: DetectOptions = {
  minSegment: trends.minSegment,
  alpha: argNumber('alpha', trends.alpha),
  minEffect: 0.05, // compare.minEffect.p50
  effect: 'relative',
};

interface Shape {
  length?: number;
  /** The level of run i (1 = the base). */
  level?: (i: number) => number;
  outliers?: number;
  /** AR(1) coefficient of the log noise (its marginal sd stays CV). */
  phi?: number;
  /** Student t innovations with this many degrees of freedom (≥ 3, scaled to sd 1) instead of normal ones. */
  tails?: number;
}

/** Generators the detector was not tuned on (--noise=t3, ar5 or t3ar): t(3) innovations, AR(1) φ 0.5, or both. */
const NOISE = process.argv.find((arg) => arg.startsWith('--noise='))?.slice('--noise='.length) ?? '';
const OTHER_TAILS = NOISE.includes('t3') ? 3 : undefined;
const OTHER_PHI = NOISE.includes('ar') ? 0.5 : 0;
const innovation = (rng: Rng, df: number | undefined): number => {
  if (df === undefined) return rng.normal();
  let chi = 0;
  for (let k = 0; k < df; k++) chi += rng.normal() ** 2;
  return (rng.normal() / Math.sqrt(chi / df)) * Math.sqrt((df - 2) / df);
};

function generate(rng: Rng, shape: Shape): number[] {
  const { length = LENGTH, level = () => 1, outliers = 0 } = shape;
  const phi = shape.phi ?? OTHER_PHI;
  const tails = shape.tails ?? OTHER_TAILS;
  let ar = innovation(rng, tails);
  return Array.from({ length }, (_, i) => {
    ar = phi * ar + Math.sqrt(1 - phi * phi) * innovation(rng, tails);
    let value = 10 * level(i) * Math.exp(CV * ar);
    if (rng.next() < outliers) value *= rng.next() < 0.8 ? 1.5 + 1.5 * rng.next() : 0.6 + 0.2 * rng.next();
    return value;
  });
}

const historyPath = process.argv.find((arg) => arg.startsWith('--write-history='))?.slice('--write-history='.length);
if (historyPath) {
  const runs = argNumber('runs', 10_000);
  const scenarioCount = argNumber('scenarios', 60);
  const rng = createRng(9);
  const stepAt = (k: number) => (k < 10 ? Math.floor((runs * (k + 1)) / 12) : Infinity);
  const entries = Array.from({ length: runs }, (_, i) => ({
    commit: `${i.toString(16).padStart(7, '0')}${'0'.repeat(33)}`,
    date: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString(),
    verdict: 'pass' as const,
    environmentFingerprint: 'bench0000001',
    scenarios: Object.fromEntries(
      Array.from({ length: scenarioCount }, (_, k) => {
        const p50 = 10 * (i >= stepAt(k) ? 1.3 : 1) * Math.exp(CV * rng.normal());
        const round = (v: number) => Number(v.toFixed(3));
        // Each tail its own noise, never below the percentile under it (a saved summary's rule).
        const p90 = Math.max(p50, p50 * 1.4 * Math.exp(CV * rng.normal()));
        const p95 = Math.max(p90, p50 * 1.6 * Math.exp(CV * rng.normal()));
        const p99 = Math.max(p95, p50 * 2.2 * Math.exp(2 * CV * rng.normal()));
        return [
          `scenario-${k}`,
          {
            p50: round(p50),
            p90: round(p90),
            p95: round(p95),
            p99: round(p99),
            rps: round(200 * Math.exp(CV * rng.normal())),
            errorRate: 0,
            count: 4000,
          },
        ];
      }),
    ),
  }));
  const results = makeResults({ seed: 1, scenarios: [{ name: 'scenario-0' }] });
  writeFileSync(
    historyPath,
    JSON.stringify({
      schemaVersion: 1,
      kind: 'perfgate-baseline',
      savedAt: entries.at(-1)!.date,
      results,
      history: [],
      trends: entries.reverse(),
    }),
  );
  console.log(
    `${historyPath}: ${runs} runs × ${scenarioCount} scenarios, steps at ${Array.from({ length: 10 }, (_, k) => stepAt(k) + 1).join(', ')}`,
  );
  process.exit(0);
}

/** The change points' indices under test: perfgate's detector, or the Otava reimplementation. */
const detect = (values: readonly number[]): number[] =>
  OTAVA ? otavaChangePoints(values, options.alpha) : detectChanges(values, options).changes.map((c) => c.index);

const started = Date.now();
const lines: string[] = [
  `trends bench${OTAVA ? ' (Otava reimplementation, window 50, max_pvalue = alpha)' : ''}: ${N} series per row, ${LENGTH} runs, CV ${(CV * 100).toFixed(1)}% ${NOISE ? `lognormal, --noise=${NOISE} (${[OTHER_TAILS ? 't(3) innovations' : '', OTHER_PHI ? `AR(1) φ ${OTHER_PHI}` : ''].filter(Boolean).join(', ')})` : 'lognormal'}; minSegment ${trends.minSegment}, alpha ${options.alpha}, min effect 5%`,
];
const pct = (count: number, of: number) => `${((100 * count) / Math.max(1, of)).toFixed(1)}%`;

function flat(label: string, seed: number, shape: Shape): void {
  const rng = createRng(seed);
  let withAny = 0;
  for (let s = 0; s < N; s++) if (detect(generate(rng, shape)).length > 0) withAny++;
  lines.push(`${label}: a false change point in ${pct(withAny, N)} of series (${withAny}/${N})`);
}

/** Steps at `positions(rng)`; a step is found when a change point lies within ±1 run of it. */
function steps(label: string, seed: number, size: number, count: 1 | 2, shape: Shape = {}): void {
  const rng = createRng(seed);
  const length = shape.length ?? LENGTH;
  const hits = new Array<number>(count).fill(0);
  const anywhere = new Array<number>(count).fill(0);
  const within2 = new Array<number>(count).fill(0);
  const exact = new Array<number>(count).fill(0);
  let errors = 0;
  let located = 0;
  let reported = 0;
  let right = 0;
  for (let s = 0; s < N; s++) {
    const margin = 8;
    const at =
      count === 1
        ? [margin + rng.int(length - 2 * margin + 1)]
        : [20 + rng.int(21), 60 + rng.int(21)].map((p) => Math.round((p * length) / 100));
    const level = (i: number) => at.reduce((l, p) => (i >= p ? l * (1 + size) : l), 1);
    const changes = detect(generate(rng, { ...shape, level })).map((index) => ({ index }));
    reported += changes.length;
    at.forEach((p, k) => {
      const nearest = changes.reduce((best, c) => Math.min(best, Math.abs(c.index - p)), Infinity);
      if (nearest <= 1) hits[k]!++;
      if (nearest <= 2) within2[k]!++;
      if (nearest === 0) exact[k]!++;
      if (Number.isFinite(nearest) && nearest <= 8) {
        anywhere[k]!++;
        errors += nearest;
        located++;
      }
    });
    right += changes.filter((c) => at.some((p) => Math.abs(c.index - p) <= 1)).length;
  }
  lines.push(
    `${label}: found ${anywhere.map((h) => pct(h, N)).join(' / ')} (±8 runs), ${within2.map((h) => pct(h, N)).join(' / ')} (±2), ${hits.map((h) => pct(h, N)).join(' / ')} (±1 run), ${exact.map((h) => pct(h, N)).join(' / ')} (exact), mean localisation error ${(errors / Math.max(1, located)).toFixed(2)} runs, precision ${pct(right, reported)}`,
  );
}

flat('flat', 1, {});
flat('flat, 3% outliers', 2, { outliers: 0.03 });
flat('flat, 3% outliers, AR(1) φ 0.3', 3, { outliers: 0.03, phi: 0.3 });
flat('flat, 30 runs', 4, { length: 30 });
flat('drift +10% over the series, no step', 5, { level: (i) => 1 + (0.1 * i) / LENGTH });
{
  // Spikes: 5 bursts of one or two runs ×1.5–3 (or /2) per series, one in each fifth of it, so
  // that two bursts never make a slow stretch of three runs or more (that is a level).
  const rng = createRng(6);
  let withAny = 0;
  const fifth = Math.floor(LENGTH / 5);
  for (let s = 0; s < N; s++) {
    const values = generate(rng, {});
    for (let k = 0; k < 5; k++) {
      const at = k * fifth + rng.int(fifth - 3);
      const factor = rng.next() < 0.8 ? 1.5 + 1.5 * rng.next() : 0.5;
      values[at]! *= factor;
      if (rng.next() < 0.5) values[at + 1]! *= factor;
    }
    if (detect(values).length > 0) withAny++;
  }
  lines.push(`5 spikes of one or two runs: a change point in ${pct(withAny, N)} of series`);
}
for (const size of [0.05, 0.1, 0.2]) steps(`step +${size * 100}%`, 10 + size * 100, size, 1);
steps('step +10%, 3% outliers', 30, 0.1, 1, { outliers: 0.03 });
steps('step +10%, AR(1) φ 0.3', 31, 0.1, 1, { phi: 0.3 });
steps('two +10% steps', 32, 0.1, 2);
steps('two +10% steps, 3% outliers', 33, 0.1, 2, { outliers: 0.03 });
{
  // Short histories: a +20% step with m runs on each side (2m in all), and after m runs at the end.
  const row: string[] = [];
  const end: string[] = [];
  for (const m of [3, 4, 5, 6, 8]) {
    const rng = createRng(40 + m);
    let middle = 0;
    let late = 0;
    for (let s = 0; s < N; s++) {
      const mid = generate(rng, { length: 2 * m, level: (i) => (i >= m ? 1.2 : 1) });
      if (detect(mid).some((index) => Math.abs(index - m) <= 1)) middle++;
      const at = LENGTH - m;
      const tail = generate(rng, { level: (i) => (i >= at ? 1.2 : 1) });
      if (detect(tail).some((index) => Math.abs(index - at) <= 1)) late++;
    }
    row.push(`${m}+${m} runs ${pct(middle, N)}`);
    end.push(`${m} runs ${pct(late, N)}`);
  }
  lines.push(`+20% step, m runs on each side: ${row.join(', ')}`);
  lines.push(`+20% step m runs before the end of ${LENGTH}: ${end.join(', ')}`);
}

// A saved baseline (e.g. from the example service with a delay step): its analysis.
const baselinePath = process.argv.find((arg) => arg.startsWith('--baseline='))?.slice('--baseline='.length);
if (baselinePath) {
  const parsed = parseBaseline(readFileSync(baselinePath, 'utf8'));
  if (!('baseline' in parsed)) throw new Error(`${baselinePath}: ${parsed.status.kind}`);
  const analysis = analyzeTrends(storedRuns(parsed.baseline), { compare: defaultCompareConfig(), trends });
  lines.push('', renderTrendsText(analysis));
}

// Real histories from bench/stats/trends-real.ts: the change points and runner shifts of each.
const realPath = process.argv.find((arg) => arg.startsWith('--real='))?.slice('--real='.length);
if (realPath) {
  const real = JSON.parse(readFileSync(realPath, 'utf8')) as { runs: number; stepAt: number; histories: unknown[] };
  lines.push(
    '',
    `${realPath}: ${real.histories.length} real histories of ${real.runs} runs, ${real.stepAt >= 0 ? `step at run ${real.stepAt + 1}` : 'no step'}`,
  );
  let exact = 0;
  real.histories.forEach((history, h) => {
    const parsed = parseBaseline(JSON.stringify(history));
    if (!('baseline' in parsed)) throw new Error(`${realPath} #${h}: ${parsed.status.kind}`);
    const analysis = analyzeTrends(storedRuns(parsed.baseline), {
      compare: defaultCompareConfig(),
      trends: { ...trends, alpha: options.alpha },
    });
    const points = analysis.changePoints.map(
      (p) => `${p.scenario} ${p.metric} at ${p.index} (${((p.change ?? 0) * 100).toFixed(0)}%)`,
    );
    const shifts = analysis.sharedShifts.map((s) => `${s.scenarios.join('+')} ${s.metric} at ${s.index}`);
    const expected = real.stepAt >= 0 ? [`step p50 at ${real.stepAt}`] : [];
    if (analysis.changePoints.length === expected.length && points.every((p, i) => p.startsWith(expected[i]!))) exact++;
    lines.push(`  #${h + 1}: ${points.join(', ') || 'no change point'}; the runner's: ${shifts.join(', ') || 'none'}`);
  });
  lines.push(
    `  as expected (${real.stepAt >= 0 ? 'one change point, step p50 at the step' : 'no change point'}): ${exact} of ${real.histories.length}`,
  );
}

lines.push(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
console.log(lines.join('\n'));
