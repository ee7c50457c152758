// Power: the current run's latencies scaled by 1.05 … 1.50 (closed model, so its
// throughput falls by the same factor); the share of comparisons that call each metric a
// regression. Run: npx esbuild bench/stats/power.ts --bundle --platform=node --format=esm
//   --outfile=/tmp/stats-power.mjs && flock /tmp/heavy.lock node /tmp/stats-power.mjs [--n=200] [--mode=0|1|2]
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Baseline } from '../../src/core/types/results.js';
import type { MetricName } from '../../src/core/types/config.js';
import {
  argNumber,
  bareBaseline,
  compareWith,
  makeHistoryBaseline,
  makeRun,
  percent,
  RUNNER_SHIFT_SD,
} from './common.js';

const FACTORS = [1.05, 1.1, 1.2, 1.3, 1.5];
const DETECTED: MetricName[] = ['p50', 'p90', 'p95', 'p99', 'rps'];
const n = argNumber('n', 200);
const k = argNumber('k', 10);

interface Mode {
  title: string;
  baseline: (i: number) => Baseline;
  shift: number;
}
const modes: Mode[] = [
  {
    title: `No history (one stored run), runner shift N(0, ${percent(RUNNER_SHIFT_SD, 1)}) per run`,
    baseline: (i) => bareBaseline(makeRun(7_000_000 + i, RUNNER_SHIFT_SD)),
    shift: RUNNER_SHIFT_SD,
  },
  {
    title: `History, K = ${k}, runner shift N(0, ${percent(RUNNER_SHIFT_SD, 1)}) per run`,
    baseline: (i) => makeHistoryBaseline(80_000 + i, k, RUNNER_SHIFT_SD),
    shift: RUNNER_SHIFT_SD,
  },
  {
    title: `History, K = 5, runner shift N(0, ${percent(RUNNER_SHIFT_SD, 1)}) per run`,
    baseline: (i) => makeHistoryBaseline(60_000 + i, 5, RUNNER_SHIFT_SD),
    shift: RUNNER_SHIFT_SD,
  },
];

const out: string[] = [`# Power (generated ${new Date().toISOString()})`, ''];
const only = process.argv.find((a) => a.startsWith('--mode='))?.split('=')[1];
for (const [index, mode] of modes.entries()) {
  if (only !== undefined && Number(only) !== index) continue;
  const started = performance.now();
  const hits = FACTORS.map(
    () => ({ any: 0, ...Object.fromEntries(DETECTED.map((m) => [m, 0])) }) as Record<string, number>,
  );
  const mdes: Record<string, number[]> = Object.fromEntries(DETECTED.map((m) => [m, []]));
  for (let i = 0; i < n; i++) {
    const baseline = mode.baseline(i);
    FACTORS.forEach((factor, f) => {
      // The same seed for every factor: only the injected slowdown differs between the columns.
      const comparison = compareWith(makeRun(9_000_000 + i, mode.shift, factor), baseline, i);
      const metrics = comparison.scenarios.flatMap((s) => s.metrics);
      const tally = hits[f]!;
      for (const m of metrics) if (m.verdict === 'regression' && m.metric in tally) tally[m.metric]! += 1;
      if (f === 0)
        for (const m of metrics)
          if (m.minDetectableEffect !== undefined && m.metric in mdes) mdes[m.metric]!.push(m.minDetectableEffect);
      if (metrics.some((m) => m.verdict === 'regression')) tally.any! += 1;
    });
  }
  const lines = [
    `### ${mode.title}`,
    '',
    `${n} comparisons per slowdown, ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    '',
  ];
  lines.push(
    `| slowdown | ${DETECTED.join(' | ')} | any regression |`,
    `|---|${DETECTED.map(() => '---|').join('')}---|`,
  );
  FACTORS.forEach((factor, f) => {
    const tally = hits[f]!;
    lines.push(
      `| ×${factor.toFixed(2)} | ${DETECTED.map((m) => percent((tally[m] ?? 0) / n)).join(' | ')} | ${percent((tally.any ?? 0) / n)} |`,
    );
  });
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;
  lines.push(
    `| reported MDE (median, 80% power) | ${DETECTED.map((m) => percent(median(mdes[m] ?? []))).join(' | ')} | |`,
  );
  lines.push('');
  const text = lines.join('\n');
  console.log(text);
  out.push(text);
}
// Paths from the repository root, where the README says to run this.
mkdirSync('bench/out', { recursive: true });
writeFileSync(`bench/out/stats-power${only === undefined ? '' : `-${only}`}.md`, out.join('\n'));
