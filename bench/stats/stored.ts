// Stored mode against one stored run, no history: what fails the gate on the default prior now
// that a change failing against a runner PRIOR_ROBUSTNESS times as noisy as the prior fails it.
// A/A on runners 1×, 2× and 4× as noisy as the p50 prior (false failures per run), and how often
// a 2.76× (+176%), 1.5× and 1.2× slowdown fails the gate.
// Run: flock /tmp/heavy.lock npm run bench:stats -- stored [--n=1000] [--power=300] [--noise=1,2,4]
// (--n=0 skips the A/A rows, --power=0 the slowdowns; each comparison costs about 0.15 s of CPU).
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Comparison } from '../../src/core/types/comparison.js';
import { DEFAULT_RUNNER_NOISE } from '../../src/core/config/defaults.js';
import { PRIOR_ROBUSTNESS } from '../../src/core/stats/variance-model.js';
import { argNumber, bareBaseline, clopperPearsonUpper, compareWith, makeRun, percent } from './common.js';

/** The generator's own within-run spread of ln p50 (bench/stats/README.md: ~2.7% at 20 × 3 s). */
const WITHIN_P50 = 0.027;

/** The runner shift that makes a run's p50 spread `k` times the p50 prior between runs: the shift
 * is shared by every latency and by rps, so the tails (prior 7–8%) see less than k× their prior. */
function shiftFor(k: number): number {
  const total = k * DEFAULT_RUNNER_NOISE.p50;
  return Math.sqrt(Math.max(0, total * total - WITHIN_P50 * WITHIN_P50));
}

interface Tally {
  n: number;
  failed: number;
  byRobust: number;
  p50Failed: number;
  warned: number;
}

function record(tally: Tally, comparison: Comparison): void {
  tally.n++;
  const metrics = comparison.scenarios.flatMap((s) => s.metrics);
  if (comparison.verdict === 'fail') tally.failed++;
  if (comparison.regressions.some((m) => m.decidedBy === 'robust-prior')) tally.byRobust++;
  if (comparison.regressions.some((m) => m.metric === 'p50')) tally.p50Failed++;
  if (metrics.some((m) => m.reasons.some((r) => r.kind === 'prior-only' && r.direction === 'regression')))
    tally.warned++;
}

const n = argNumber('n', 1000);
const powerRuns = argNumber('power', 300);
const noises = (process.argv.find((a) => a.startsWith('--noise='))?.split('=')[1] ?? '1,2,4').split(',').map(Number);
const lines: string[] = [
  `# Stored mode, one stored run, default prior, robustness factor ${PRIOR_ROBUSTNESS} (generated ${new Date().toISOString()})`,
  '',
  '| runner noise (× the p50 prior) | runner shift sd | head | runs | gate failed (CP 95% upper) | by the 4× rule | p50 failed | a regression warned of |',
  '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
];
const row = (k: number, scale: number, runs: number, seed: number): string => {
  const tally: Tally = { n: 0, failed: 0, byRobust: 0, p50Failed: 0, warned: 0 };
  const shift = shiftFor(k);
  for (let i = 0; i < runs; i++) {
    const base = makeRun(seed + 2 * i + 1, shift);
    const head = makeRun(seed + 2 * i + 2, shift, scale);
    record(tally, compareWith(head, bareBaseline(base), i));
  }
  const line =
    `| ${k}× | ${percent(shift, 1)} | ${scale === 1 ? 'A/A' : `×${scale}`} | ${tally.n} ` +
    `| ${tally.failed} (${percent(tally.failed / tally.n)}, ${percent(clopperPearsonUpper(tally.failed, tally.n))}) ` +
    `| ${tally.byRobust} | ${tally.p50Failed} (${percent(tally.p50Failed / tally.n)}) | ${tally.warned} (${percent(tally.warned / tally.n)}) |`;
  console.log(line);
  return line;
};
for (const k of noises.filter(() => n > 0)) lines.push(row(k, 1, n, 7_000_000 + 100_000 * k));
for (const k of noises.filter((k) => k <= 2 && powerRuns > 0))
  for (const scale of [2.76, 1.5, 1.2]) lines.push(row(k, scale, powerRuns, 8_000_000 + 100_000 * k));
mkdirSync('bench/out', { recursive: true });
writeFileSync(`bench/out/stats-stored-${noises.join('-')}.md`, lines.join('\n') + '\n');
