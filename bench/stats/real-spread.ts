// Run-to-run spread of real A/A results files against what the segment bootstrap sees within each
// run: the measurement behind compare.runnerNoise and WITHIN_VARIANCE_INFLATION. Reads a folder of
// results files of one build (e.g. the runs/ folder that bench/gate/e2e-aa.mjs --phases aa writes):
//   npx esbuild bench/stats/real-spread.ts --bundle --platform=node --format=esm --outfile=/tmp/spread.mjs \
//     "--banner:js=import{createRequire}from'module';const require=createRequire(import.meta.url);" \
//     && node /tmp/spread.mjs bench/out/e2e-aa-<stamp>/runs [--quiet=0.5]
// --quiet keeps only runs whose competing work (machine.otherCores) was at most that many cores.
import { readFileSync, readdirSync } from 'node:fs';
import { bootstrapTwoRuns, prepareRun } from '../../src/core/stats/bootstrap.js';
import { WITHIN_VARIANCE_INFLATION } from '../../src/core/stats/variance-model.js';
import type { Results } from '../../src/core/types/results.js';
const dir = process.argv[2] ?? 'bench/out';
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const quietArg = process.argv.find((a) => a.startsWith('--quiet='));
const quiet = quietArg === undefined ? Infinity : Number(quietArg.split('=')[1]);
const runs = files
  .map((f) => JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as Results)
  .filter((r) => r.scenarios.every((s) => (s.machine?.otherCores ?? 0) <= quiet));
const metrics = ['p50', 'p90', 'p95', 'p99', 'rps'] as const;
const sd = (v: number[]) => {
  const mu = v.reduce((a, b) => a + b, 0) / v.length;
  return Math.sqrt(v.reduce((a, b) => a + (b - mu) ** 2, 0) / (v.length - 1));
};
for (const name of runs[0]!.scenarios.map((s) => s.name)) {
  const vals: Record<string, number[]> = {};
  const se: Record<string, number[]> = {};
  for (const m of metrics) {
    vals[m] = [];
    se[m] = [];
  }
  for (const [i, r] of runs.entries()) {
    const s = r.scenarios.find((x) => x.name === name)!;
    const p = prepareRun(s.segments);
    const b = bootstrapTwoRuns(p, p, { replicates: 1000, seed: i });
    for (const m of metrics) {
      vals[m]!.push(Math.log(b.current[m]));
      se[m]!.push(Math.sqrt(b.effects[m]?.withinVariance.current ?? NaN));
    }
  }
  console.log(
    `${name}: ${runs.length} runs, ${runs[0]!.scenarios.find((x) => x.name === name)!.segments.length} segments`,
  );
  for (const m of metrics) {
    const rms = Math.sqrt(se[m]!.reduce((a, b) => a + b * b, 0) / se[m]!.length);
    const spread = sd(vals[m]!);
    if (!(spread > 1e-9)) {
      console.log(`  ${m}: no run-to-run spread (an open model's rate is the schedule's)`);
      continue;
    }
    const inflated = Math.sqrt(WITHIN_VARIANCE_INFLATION) * rms;
    console.log(
      `  ${m}: run-to-run sd ${(100 * spread).toFixed(2)}%, bootstrap within SE ${(100 * rms).toFixed(2)}% (ratio ${(rms / spread).toFixed(2)}; ` +
        `inflated ×${Math.sqrt(WITHIN_VARIANCE_INFLATION).toFixed(2)}: ${(inflated / spread).toFixed(2)})`,
    );
  }
}
