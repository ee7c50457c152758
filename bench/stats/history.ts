// The history test (src/core/stats/history-test.ts) on heavy-tailed runners and against histories
// with a few bad runs. Two parts:
//   --core: the test alone, K past values and one current value in units of the runner sd, on
//     normal, t4 and t3 noise, with 0, 1 or 2 past runs 3× slower (ln 3 = 22 sd at a 5% runner);
//     two-sided rejections at 5%, 1% and the family's first Holm step 0.05/6, against the nominal
//     (Clopper–Pearson 95% upper bound), and power at +8 sd / +20 sd.
//   default: the product, through compareRuns as the gate calls it (the fixtures' 60 s run, a
//     runner shift of sd 4.5% drawn from the noise, a baseline of K stored runs): A/A runs with a
//     gate failure (α = 0.05 over the run's family, Holm), and how often a +15%, +50% and +176%
//     head fails the gate, with and without bad runs in the history.
// Run: flock -o /tmp/heavy.lock npm run bench:stats -- history --core [--n=200000]
//      flock -o /tmp/heavy.lock npm run bench:stats -- history [--n=300] [--power=100]
//        [--noise=normal,t4,t3] [--k=7,10] [--bad=0,1,2] [--heads=1.15,1.5,2.76]
// (the product part costs about 0.2 s of CPU per comparison at K = 10).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createBaseline } from '../../src/core/results/baseline.js';
import { createRng, type Rng } from '../../src/core/stats/prng.js';
import { testAgainstHistory } from '../../src/core/stats/history-test.js';
import type { Baseline } from '../../src/core/types/results.js';
import { makeResults } from '../../test/core/fixtures.js';
import { argNumber, clopperPearsonUpper, COMPARE, compareWith, percent, RUNNER_SHIFT_SD, SCENARIO } from './common.js';

type Noise = 'normal' | 't4' | 't3';
const BAD = Math.log(3);

/** One draw of unit-variance noise: a normal, or a Student t scaled to variance 1. */
function draw(rng: Rng, noise: Noise): number {
  if (noise === 'normal') return rng.normal();
  const df = noise === 't4' ? 4 : 3;
  let chi = 0;
  for (let i = 0; i < df; i++) chi += rng.normal() ** 2;
  return (rng.normal() / Math.sqrt(chi / df)) * Math.sqrt((df - 2) / df);
}

const list = (name: string, fallback: string): string[] =>
  (process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback).split(',');
const rate = (x: number, n: number): string =>
  `${x}/${n} (${percent(x / n, 2)}, ≤ ${percent(clopperPearsonUpper(x, n), 2)})`;

function core(): string[] {
  const n = argNumber('n', 200_000);
  const lines = [
    `# The history test alone, ${n} draws per row (generated ${new Date().toISOString()})`,
    '',
    '| noise | K | bad runs | 2-sided p ≤ 5% | p ≤ 1% | p ≤ 0.05/6 | ratio to nominal at 0.05/6 | power +8 sd | power +20 sd |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const levels = [0.05, 0.01, 0.05 / 6];
  for (const noise of list('noise', 'normal,t4,t3') as Noise[])
    for (const k of list('k', '5,7,10,20').map(Number))
      for (const bad of list('bad', '0,1,2').map(Number)) {
        const rng = createRng(1_000_003 * k + 7919 * bad + (noise === 'normal' ? 0 : noise === 't4' ? 1 : 2));
        const hits = levels.map(() => 0);
        let p8 = 0;
        let p20 = 0;
        for (let i = 0; i < n; i++) {
          const history = Array.from({ length: k }, (_, j) => draw(rng, noise) + (j < bad ? BAD / 0.05 : 0));
          const x = draw(rng, noise);
          const p = Math.min(1, 2 * testAgainstHistory(x, history).pValue);
          levels.forEach((level, l) => {
            if (p <= level) hits[l] = (hits[l] ?? 0) + 1;
          });
          if (i < n / 4) {
            const up = (d: number): boolean => {
              const test = testAgainstHistory(x + d, history);
              return test.effect > 0 && 2 * test.pValue <= 0.05 / 6;
            };
            if (up(8)) p8++;
            if (up(20)) p20++;
          }
        }
        const last = hits[2] ?? 0;
        const line =
          `| ${noise} | ${k} | ${bad} | ${hits.map((h) => rate(h, n)).join(' | ')} | ${(last / n / (0.05 / 6)).toFixed(2)} ` +
          `| ${percent(p8 / (n / 4))} | ${percent(p20 / (n / 4))} |`;
        console.log(line);
        lines.push(line);
      }
  return lines;
}

/** A baseline of k stored runs, `bad` of them (at random places) on a runner 3× slower. */
function history(rng: Rng, seed: number, k: number, bad: number, noise: Noise): Baseline {
  const slow = new Set<number>();
  while (slow.size < bad) slow.add(rng.int(k));
  let baseline: Baseline | undefined;
  for (let i = 0; i < k; i++) {
    const runShift = RUNNER_SHIFT_SD * draw(rng, noise) + (slow.has(i) ? BAD : 0);
    const results = makeResults({ seed: seed * 1000 + i, runShift, scenarios: [{ ...SCENARIO }] });
    baseline = createBaseline(results, baseline, {
      savedAt: `2025-01-${String(i + 1).padStart(2, '0')}T00:00:00Z`,
      historyLength: COMPARE.historyLength,
    });
  }
  if (baseline === undefined) throw new Error('k must be ≥ 1');
  return baseline;
}

function product(): string[] {
  const n = argNumber('n', 300);
  const powerRuns = argNumber('power', 100);
  const heads = list('heads', '1.15,1.5,2.76').map(Number);
  const lines = [
    `# The history test through compareRuns, runner shift sd ${percent(RUNNER_SHIFT_SD, 1)} (generated ${new Date().toISOString()})`,
    '',
    '| noise | K | bad runs in the history | head | runs | gate failed (CP 95% upper) | p50 regression | p50 decided with history |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const noise of list('noise', 'normal,t4,t3') as Noise[])
    for (const k of list('k', '7,10').map(Number))
      for (const bad of list('bad', '0,1,2').map(Number))
        for (const scale of [1, ...heads]) {
          const runs = scale === 1 ? n : powerRuns;
          if (runs <= 0) continue;
          const rng = createRng(
            31 * k + 7 * bad + 1000 * Math.round(scale * 100) + (noise === 'normal' ? 0 : noise === 't4' ? 1 : 2),
          );
          let failed = 0;
          let p50 = 0;
          let viaHistory = 0;
          for (let i = 0; i < runs; i++) {
            const seed = 9_000_000 + 10_000 * k + 1_000 * bad + i;
            const baseline = history(rng, seed, k, bad, noise);
            const current = makeResults({
              seed: seed * 1000 + 999,
              runShift: RUNNER_SHIFT_SD * draw(rng, noise),
              scenarios: [{ ...SCENARIO, scale }],
            });
            const comparison = compareWith(current, baseline, i);
            if (comparison.verdict === 'fail') failed++;
            if (comparison.regressions.some((m) => m.metric === 'p50')) p50++;
            const metric = comparison.scenarios[0]?.metrics.find((m) => m.metric === 'p50');
            if (metric?.method === 'history') viaHistory++;
          }
          const line =
            `| ${noise} | ${k} | ${bad} | ${scale === 1 ? 'A/A' : `+${Math.round((scale - 1) * 100)}%`} | ${runs} ` +
            `| ${rate(failed, runs)} | ${percent(p50 / runs)} | ${percent(viaHistory / runs)} |`;
          console.log(line);
          lines.push(line);
        }
  return lines;
}

const lines = process.argv.includes('--core') ? core() : product();
mkdirSync('bench/out', { recursive: true });
writeFileSync(`bench/out/stats-history${process.argv.includes('--core') ? '-core' : ''}.md`, lines.join('\n') + '\n');
