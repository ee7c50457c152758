// A/A validation: the same generator on both sides, so every regression or improvement claimed is
// a false alarm. Run: npx esbuild bench/stats/aa.ts --bundle --platform=node --format=esm
//   --outfile=/tmp/stats-aa.mjs && flock /tmp/heavy.lock node /tmp/stats-aa.mjs [--n=1500] [--mode=0|1|2]
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Comparison } from '../../src/core/types/comparison.js';
import type { MetricName } from '../../src/core/types/config.js';
import {
  bareBaseline,
  clopperPearsonUpper,
  COMPARE,
  compareWith,
  ksUniform,
  makeHistoryBaseline,
  makeRun,
  METRICS,
  percent,
  RUNNER_SHIFT_SD,
  argNumber,
} from './common.js';
import type { CompareConfig } from '../../src/core/types/config.js';

interface Tally {
  n: number;
  regression: Record<MetricName, number>;
  claim: Record<MetricName, number>;
  inconclusive: Record<MetricName, number>;
  runRegression: number;
  runClaim: number;
  /** min(1, 2p) of each metric: uniform under the null if the test is calibrated. */
  twoSided: Record<MetricName, number[]>;
  /** One-sided p in the metric's bad direction (before Holm): P(≤ α) ≤ α at the boundary. */
  towardsBad: Record<MetricName, number[]>;
  effects: Record<MetricName, number[]>;
  mde: Record<MetricName, number[]>;
  methods: Set<string>;
}

function emptyTally(): Tally {
  const zero = (): Record<MetricName, number> =>
    Object.fromEntries(METRICS.map((m) => [m, 0])) as Record<MetricName, number>;
  const lists = (): Record<MetricName, number[]> =>
    Object.fromEntries(METRICS.map((m) => [m, []])) as unknown as Record<MetricName, number[]>;
  return {
    n: 0,
    regression: zero(),
    claim: zero(),
    inconclusive: zero(),
    runRegression: 0,
    runClaim: 0,
    twoSided: lists(),
    towardsBad: lists(),
    effects: lists(),
    mde: lists(),
    methods: new Set(),
  };
}

function record(tally: Tally, comparison: Comparison): void {
  tally.n++;
  const metrics = comparison.scenarios.flatMap((s) => s.metrics);
  for (const m of metrics) {
    tally.methods.add(`${m.metric}:${m.method}`);
    if (m.verdict === 'regression') tally.regression[m.metric]++;
    if (m.verdict === 'regression' || m.verdict === 'improvement') tally.claim[m.metric]++;
    if (m.verdict === 'inconclusive') tally.inconclusive[m.metric]++;
    if (m.pValue !== undefined) {
      tally.twoSided[m.metric].push(Math.min(1, 2 * m.pValue));
      const bad = m.metric === 'rps' ? m.change < 0 : m.change > 0;
      tally.towardsBad[m.metric].push(bad ? m.pValue : 1 - m.pValue);
    }
    if (Number.isFinite(m.change))
      tally.effects[m.metric].push(m.metric === 'error_rate' ? m.change : Math.log1p(m.change));
    if (m.minDetectableEffect !== undefined) tally.mde[m.metric].push(m.minDetectableEffect);
  }
  if (metrics.some((m) => m.verdict === 'regression')) tally.runRegression++;
  if (metrics.some((m) => m.verdict === 'regression' || m.verdict === 'improvement')) tally.runClaim++;
}

function sd(values: number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, values.length - 1));
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1] ?? NaN;
}

function report(title: string, tally: Tally, seconds: number): string {
  const lines = [
    `### ${title}`,
    '',
    `${tally.n} comparisons, ${seconds.toFixed(0)} s. Methods: ${[...tally.methods].join(', ')}.`,
    '',
  ];
  lines.push(
    '| metric | false regressions | CP 95% upper | any claim (either way) | CP 95% upper | inconclusive | one-sided p ≤ 0.05 towards worse (nominal 5%) | 2p ≤ 0.05 | KS p of 2p | A/A sd of Δ | median MDE |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const m of METRICS) {
    const ps = tally.twoSided[m];
    const at = (a: number): string => (ps.length === 0 ? '–' : percent(ps.filter((p) => p <= a).length / ps.length));
    lines.push(
      `| ${m} | ${tally.regression[m]}/${tally.n} (${percent(tally.regression[m] / tally.n)}) | ${percent(clopperPearsonUpper(tally.regression[m], tally.n))} ` +
        `| ${tally.claim[m]}/${tally.n} (${percent(tally.claim[m] / tally.n)}) | ${percent(clopperPearsonUpper(tally.claim[m], tally.n))} ` +
        `| ${percent(tally.inconclusive[m] / tally.n)} | ${tally.towardsBad[m].length === 0 ? '–' : percent(tally.towardsBad[m].filter((p) => p <= 0.05).length / tally.towardsBad[m].length)} | ${at(0.05)} | ${ps.length === 0 ? '–' : ksUniform(ps).p.toPrecision(2)} | ${m === 'error_rate' ? (sd(tally.effects[m]) * 100).toFixed(3) + ' pt' : percent(sd(tally.effects[m]), 2)} ` +
        `| ${tally.mde[m].length === 0 ? '–' : m === 'error_rate' ? (median(tally.mde[m]) * 100).toFixed(2) + ' pt' : percent(median(tally.mde[m]))} |`,
    );
  }
  lines.push(
    '',
    `Per run: a false regression in ${tally.runRegression}/${tally.n} (${percent(tally.runRegression / tally.n)}, CP 95% upper ${percent(clopperPearsonUpper(tally.runRegression, tally.n))}); ` +
      `any false claim in ${tally.runClaim}/${tally.n} (${percent(tally.runClaim / tally.n)}, CP 95% upper ${percent(clopperPearsonUpper(tally.runClaim, tally.n))}).`,
    '',
  );
  return lines.join('\n');
}

const n = argNumber('n', 1500);
const k = argNumber('k', 10);
const out: string[] = [`# A/A (generated ${new Date().toISOString()})`, ''];

const shift = percent(RUNNER_SHIFT_SD, 1);
/** The boundary of the no-history test: its runner-noise prior set to exactly the between-run
 * shift the generator draws, so the model holds with nothing to spare. */
const BOUNDARY: CompareConfig = {
  ...COMPARE,
  runnerNoise: Object.fromEntries(METRICS.map((m) => [m, m === 'error_rate' ? 0.001 : RUNNER_SHIFT_SD])),
};
const modes: { title: string; run: (i: number) => Comparison }[] = [
  {
    title: `No history (one stored run), runner-to-runner shift N(0, ${shift}) per run, default runner-noise prior`,
    run: (i) =>
      compareWith(
        makeRun(500_000 + 2 * i + 1, RUNNER_SHIFT_SD),
        bareBaseline(makeRun(500_000 + 2 * i + 2, RUNNER_SHIFT_SD)),
        i,
      ),
  },
  {
    title: `History, K = ${k} past runs, runner-to-runner shift N(0, ${shift}) per run`,
    run: (i) =>
      compareWith(makeRun(900_000 + i, RUNNER_SHIFT_SD), makeHistoryBaseline(1_000 + i, k, RUNNER_SHIFT_SD), i),
  },
  {
    title: `Boundary: no history, runner shift N(0, ${shift}) and the prior set to exactly ${shift}`,
    run: (i) =>
      compareWith(
        makeRun(3_000_000 + 2 * i + 1, RUNNER_SHIFT_SD),
        bareBaseline(makeRun(3_000_000 + 2 * i + 2, RUNNER_SHIFT_SD)),
        i,
        BOUNDARY,
      ),
  },
];
const only = process.argv.find((a) => a.startsWith('--mode='))?.split('=')[1];
for (const [index, mode] of modes.entries()) {
  if (only !== undefined && Number(only) !== index) continue;
  const tally = emptyTally();
  const started = performance.now();
  for (let i = 0; i < n; i++) record(tally, mode.run(i));
  const text = report(mode.title, tally, (performance.now() - started) / 1000);
  console.log(text);
  out.push(text);
}
// Paths from the repository root, where the README says to run this.
mkdirSync('bench/out', { recursive: true });
writeFileSync(`bench/out/stats-aa${only === undefined ? '' : `-${only}`}.md`, out.join('\n'));
