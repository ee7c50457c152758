// Traces what the A/B test's serial correction sees in a real run: the per-pair differences of
// each metric in time order, their winsorized series, the lag-1 autocorrelation and the test under
// each correction. Reads a results file written by `perfgate gate … -o results.json` in A/B mode.
//   npx tsx bench/ab/serial-trace.ts results.json [--scenario=ab/open] [--methods=none,ar1-upper]
//   npx tsx bench/ab/serial-trace.ts a.json b.json … --brief   (one line per run and metric: the
//        raw lag-1 ρ̂ of the winsorized differences and the ρ, factor and df each method takes)
import { readFileSync } from 'node:fs';
import { prepareRun } from '../../src/core/stats/bootstrap.js';
import {
  pairDifferences,
  serialCorrection,
  trimmedPairedTest,
  wholeRunTest,
  type SerialCorrection,
} from '../../src/core/stats/paired.js';
import { LATENCY_PERCENTILES, type LatencyMetric } from '../../src/core/stats/bootstrap.js';

const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const brief = process.argv.includes('--brief');
const scenarioName = process.argv.find((a) => a.startsWith('--scenario='))?.split('=')[1];
const methods = (process.argv.find((a) => a.startsWith('--methods='))?.split('=')[1] ?? 'none,ar1-upper').split(
  ',',
) as SerialCorrection[];
const rawRho = (w: readonly number[]): number => {
  const mean = w.reduce((sum, x) => sum + x, 0) / w.length;
  let g0 = 0;
  let g1 = 0;
  for (let i = 0; i < w.length; i++) {
    g0 += (w[i]! - mean) ** 2;
    if (i > 0) g1 += (w[i]! - mean) * (w[i - 1]! - mean);
  }
  return g0 > 0 ? g1 / g0 : NaN;
};
for (const file of files) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const results: any = JSON.parse(readFileSync(file, 'utf8'));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  for (const head of results.scenarios as any[]) {
    if (scenarioName !== undefined && head.name !== scenarioName) continue;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const base = results.ab.base.scenarios.find((s: any) => s.name === head.name);
    if (!base) continue;
    const pairs = Math.min(head.segments.length, base.segments.length);
    const h = prepareRun(head.segments.slice(0, pairs));
    const b = prepareRun(base.segments.slice(0, pairs));
    const diffs = pairDifferences(h, b);
    if (!brief) console.log(`${head.name}: ${pairs} pairs`);
    for (const metric of ['p50', 'p90', 'p95', 'p99', 'rps'] as const) {
      const d = diffs[metric];
      const sorted = [...d].sort((x, y) => x - y);
      const g = Math.floor(0.2 * d.length);
      const w = d.map((x) => Math.min(sorted[d.length - g - 1]!, Math.max(sorted[g]!, x)));
      if (brief) {
        const parts = methods.map((method) => {
          const c = serialCorrection(w, method);
          const t = trimmedPairedTest(d, 1e-3, 0.2, method)!;
          return `${method} ρ ${c.rho?.toFixed(2) ?? '-'} ×${c.factor.toFixed(1)} df ${t.df.toFixed(1)}`;
        });
        console.log(`${file.split('/').pop()} ${metric} ρ̂ ${rawRho(w).toFixed(2)} | ${parts.join(' | ')}`);
        continue;
      }
      console.log(`  ${metric} d (%):  ${d.map((x) => (100 * x).toFixed(2)).join(' ')}`);
      console.log(`  ${metric} win (%): ${w.map((x) => (100 * x).toFixed(2)).join(' ')}`);
      for (const method of methods) {
        const c = serialCorrection(w, method);
        const t = trimmedPairedTest(d, 1e-3, 0.2, method)!;
        const pct = (x: number): string => `${(100 * (Math.exp(x) - 1)).toFixed(1)}%`;
        let line = `    ${method.padEnd(10)} rho ${c.rho?.toFixed(3) ?? '-'} factor ${c.factor.toFixed(2)} | trimmed ${pct(t.effect)} [${pct(t.interval[0])}, ${pct(t.interval[1])}] df ${t.df.toFixed(2)} p ${t.pValue.toExponential(2)}`;
        if (metric !== 'rps') {
          const whole = wholeRunTest(h, b, LATENCY_PERCENTILES[metric as LatencyMetric], method);
          if (whole)
            line += ` | whole ${pct(whole.effect)} [${pct(whole.interval[0])}, ${pct(whole.interval[1])}] df ${whole.df.toFixed(2)} p ${whole.pValue.toExponential(2)}`;
        }
        console.log(line);
      }
    }
  }
}
