// A/B mode, synthetic: A/A false alarms and power of comparePaired under both schedules, through
// real HDR segment histograms (test/core/ab-fixtures.ts makeAbResults). The calibration of the
// candidate tests is bench/ab/calibration.ts. Run from the repository root:
//   npx esbuild bench/ab/stats.ts --bundle --platform=node --format=esm --packages=external --outfile=bench/out/stats-ab.mjs
//   flock /tmp/heavy.lock node bench/out/stats-ab.mjs [--part=aa|power] [--n=1500] [--power-n=200] [--noise=quiet|busy]
import { mkdirSync, writeFileSync } from 'node:fs';
import { comparePaired } from '../../src/core/compare/index.js';
import type { AbSchedule, MetricName } from '../../src/core/types/config.js';
import type { Comparison } from '../../src/core/types/comparison.js';
import { makeAbResults, type AbScenarioFixture } from '../../test/core/ab-fixtures.js';
import { ksUniform } from './common.js';
import { argNumber, clopperPearsonUpper, COMPARE, METRICS, percent } from '../stats/common.js';

const SCHEDULES: AbSchedule[] = ['duet', 'alternate'];
const FACTORS = [1.05, 1.1, 1.2, 1.3, 1.5];
const DETECTED: MetricName[] = ['p50', 'p90', 'p95', 'p99', 'rps'];

/** The issue's target run: 12 pairs of 5 s (60 s per variant), ~1,000 req/s per variant, closed model. */
const RATE = argNumber('rate', 1000);
const PAIRS = argNumber('pairs', 12);
const NOISE = process.argv.find((a) => a.startsWith('--noise='))?.split('=')[1] ?? 'default';
/** quiet: no neighbour; default: a neighbour in 25% of slots, up to +60%; busy: 60% of slots, up to +100%. */
const NEIGHBOUR: Record<string, Partial<AbScenarioFixture>> = {
  quiet: { neighbourChance: 0 },
  default: {},
  busy: { neighbourChance: 0.6, neighbourMax: 1.0 },
};
const SCENARIO: AbScenarioFixture = {
  name: 'api',
  pairs: PAIRS,
  ratePerSec: RATE,
  segmentMs: 5000,
  ...(NEIGHBOUR[NOISE] ?? {}),
};

function run(seed: number, schedule: AbSchedule, scale: number): Comparison {
  const current = makeAbResults({ seed, schedule, scenarios: [{ ...SCENARIO, headScale: scale }] });
  return comparePaired({ current, baselineStatus: { kind: 'ok' }, compare: COMPARE, thresholds: [] });
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0 ? NaN : (s[s.length >> 1] ?? NaN);
}

function sd(values: number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, values.length - 1));
}

function mdeText(metric: MetricName, value: number): string {
  if (!Number.isFinite(value)) return '–';
  return metric === 'error_rate' ? `${(value * 100).toFixed(2)} pt` : percent(value);
}

function aa(schedule: AbSchedule, n: number): string {
  const started = performance.now();
  const zero = (): Record<MetricName, number> =>
    Object.fromEntries(METRICS.map((m) => [m, 0])) as Record<MetricName, number>;
  const lists = (): Record<MetricName, number[]> =>
    Object.fromEntries(METRICS.map((m) => [m, []])) as unknown as Record<MetricName, number[]>;
  const regression = zero();
  const claim = zero();
  const inconclusive = zero();
  const twoSided = lists();
  const effects = lists();
  const mde = lists();
  let runRegression = 0;
  let runClaim = 0;
  for (let i = 0; i < n; i++) {
    const comparison = run(0x4a4a_0000 + i * 7 + (schedule === 'duet' ? 0 : 3), schedule, 1);
    const metrics = comparison.scenarios.flatMap((s) => s.metrics);
    for (const m of metrics) {
      if (m.verdict === 'regression') regression[m.metric]++;
      if (m.verdict === 'regression' || m.verdict === 'improvement') claim[m.metric]++;
      if (m.verdict === 'inconclusive') inconclusive[m.metric]++;
      if (m.pValue !== undefined) twoSided[m.metric].push(Math.min(1, 2 * m.pValue));
      if (Number.isFinite(m.change))
        effects[m.metric].push(m.metric === 'error_rate' ? m.change : Math.log1p(m.change));
      if (m.minDetectableEffect !== undefined) mde[m.metric].push(m.minDetectableEffect);
    }
    if (metrics.some((m) => m.verdict === 'regression')) runRegression++;
    if (metrics.some((m) => m.verdict === 'regression' || m.verdict === 'improvement')) runClaim++;
  }
  const lines = [
    `### A/A, ${schedule}`,
    '',
    `${n} comparisons, ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    '',
  ];
  lines.push(
    '| metric | false regressions | CP 95% upper | any claim | CP 95% upper | inconclusive | 2p ≤ 5% | KS D (p) | A/A sd of Δ | median MDE |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|---|');
  for (const m of METRICS) {
    const ps = twoSided[m];
    const d = ps.length > 0 ? ksUniform(ps) : NaN;
    // Asymptotic KS p-value (Kolmogorov distribution, first terms).
    const lambda = (Math.sqrt(ps.length) + 0.12 + 0.11 / Math.sqrt(ps.length)) * d;
    let ksP = 0;
    for (let k = 1; k <= 100; k++) ksP += 2 * (-1) ** (k - 1) * Math.exp(-2 * k * k * lambda * lambda);
    lines.push(
      `| ${m} | ${regression[m]}/${n} (${percent(regression[m] / n, 2)}) | ${percent(clopperPearsonUpper(regression[m], n), 2)} ` +
        `| ${claim[m]}/${n} (${percent(claim[m] / n, 2)}) | ${percent(clopperPearsonUpper(claim[m], n), 2)} | ${percent(inconclusive[m] / n)} ` +
        `| ${ps.length === 0 ? '–' : percent(ps.filter((p) => p <= 0.05).length / ps.length)} | ${Number.isFinite(d) ? `${d.toFixed(3)} (${Math.min(1, Math.max(0, ksP)).toFixed(2)})` : '–'} ` +
        `| ${m === 'error_rate' ? `${(sd(effects[m]) * 100).toFixed(3)} pt` : percent(sd(effects[m]), 2)} | ${mdeText(m, median(mde[m]))} |`,
    );
  }
  lines.push(
    '',
    `Per run: a false regression in ${runRegression}/${n} (${percent(runRegression / n, 2)}, CP 95% upper ${percent(clopperPearsonUpper(runRegression, n), 2)}); ` +
      `any false claim in ${runClaim}/${n} (${percent(runClaim / n, 2)}, CP 95% upper ${percent(clopperPearsonUpper(runClaim, n), 2)}).`,
    '',
  );
  return lines.join('\n');
}

function power(schedule: AbSchedule, n: number): string {
  const started = performance.now();
  const hits = FACTORS.map(
    () => ({ any: 0, ...Object.fromEntries(DETECTED.map((m) => [m, 0])) }) as Record<string, number>,
  );
  const mdes = FACTORS.map(
    () => Object.fromEntries(DETECTED.map((m) => [m, [] as number[]])) as Record<string, number[]>,
  );
  for (let i = 0; i < n; i++) {
    FACTORS.forEach((factor, f) => {
      // The same seed for every factor: only the injected slowdown differs between the columns.
      const comparison = run(0x9090_0000 + i * 7 + (schedule === 'duet' ? 0 : 3), schedule, factor);
      const metrics = comparison.scenarios.flatMap((s) => s.metrics);
      const tally = hits[f] as Record<string, number>;
      for (const m of metrics) {
        if (m.verdict === 'regression' && m.metric in tally) tally[m.metric] = (tally[m.metric] ?? 0) + 1;
        if (m.minDetectableEffect !== undefined && m.metric in tally)
          (mdes[f] as Record<string, number[]>)[m.metric]?.push(m.minDetectableEffect);
      }
      if (metrics.some((m) => m.verdict === 'regression')) tally.any = (tally.any ?? 0) + 1;
    });
  }
  const lines = [
    `### Power, ${schedule}`,
    '',
    `${n} comparisons per slowdown, ${((performance.now() - started) / 1000).toFixed(0)} s. Regression verdicts (median MDE of the run beside).`,
    '',
  ];
  lines.push(
    `| slowdown | ${DETECTED.join(' | ')} | any regression |`,
    `|---|${DETECTED.map(() => '---|').join('')}---|`,
  );
  FACTORS.forEach((factor, f) => {
    const tally = hits[f] as Record<string, number>;
    const cells = DETECTED.map(
      (m) =>
        `${percent((tally[m] ?? 0) / n)} (MDE ${mdeText(m, median((mdes[f] as Record<string, number[]>)[m] ?? []))})`,
    );
    lines.push(`| ×${factor.toFixed(2)} | ${cells.join(' | ')} | ${percent((tally.any ?? 0) / n)} |`);
  });
  lines.push('');
  return lines.join('\n');
}

const part = process.argv.find((a) => a.startsWith('--part='))?.split('=')[1];
const only = process.argv.find((a) => a.startsWith('--schedule='))?.split('=')[1];
const n = argNumber('n', 1500);
const powerN = argNumber('power-n', 200);
const out: string[] = [
  `# A/B mode, synthetic (generated ${new Date().toISOString()})`,
  '',
  `Closed model, ${PAIRS} pairs of 5 s segments, ~${RATE} req/s per variant, neighbour: ${NOISE}. Default A/B minimum effects (p50 3%, p90/p95 5%, p99 8%, rps 5%, error rate 1 pt), α 0.05 with Holm over the run's 6 tests.`,
  '',
];
for (const schedule of SCHEDULES) {
  if (only !== undefined && only !== schedule) continue;
  if (part === undefined || part === 'aa') {
    const text = aa(schedule, n);
    console.log(text);
    out.push(text);
  }
  if (part === undefined || part === 'power') {
    const text = power(schedule, powerN);
    console.log(text);
    out.push(text);
  }
}
mkdirSync('bench/out', { recursive: true });
writeFileSync(`bench/out/stats-ab-${part ?? 'all'}-${NOISE}${only === undefined ? '' : `-${only}`}.md`, out.join('\n'));
