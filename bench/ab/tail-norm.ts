// Diagnostic (issue 32): real duet results, tail percentiles judged two ways, no load.
//   pooled:     the shipped paired block bootstrap of ln Q_p(head pooled) − ln Q_p(base pooled);
//   normalised: every latency of block s (both variants) divided by that block's combined median
//               first, so a level both variants share at that moment (a neighbour's core) leaves the
//               pooled distributions; then the same bootstrap with the same block weights.
//   npx tsx bench/ab/tail-norm.ts <results.json> [more …]
import { readFileSync } from 'node:fs';
import { drawBlockWeights, prepareRun, type PreparedRun } from '../../src/core/stats/bootstrap.js';
import { pairedBlockLength, pairedBlockTests } from '../../src/core/stats/block-bootstrap.js';
import { pairDifferences } from '../../src/core/stats/paired.js';
import { createRng } from '../../src/core/stats/prng.js';
import type { Results } from '../../src/core/types/results.js';

interface Entry {
  value: number;
  count: number;
  block: number;
}

function blockEntries(run: PreparedRun, s: number): Entry[] {
  const g = run.grid.length;
  const out: Entry[] = [];
  let previous = 0;
  for (let i = 0; i < g; i++) {
    const c = run.cumulative[s * g + i]! - previous;
    previous = run.cumulative[s * g + i]!;
    if (c > 0) out.push({ value: run.grid[i]!, count: c, block: s });
  }
  return out;
}

function median(entries: Entry[]): number {
  const sorted = [...entries].sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, e) => sum + e.count, 0);
  let seen = 0;
  for (const e of sorted) {
    seen += e.count;
    if (seen >= total / 2) return e.value;
  }
  return NaN;
}

function weightedQuantiles(sorted: Entry[], weights: Float64Array, ps: number[]): number[] {
  let total = 0;
  for (const e of sorted) total += e.count * weights[e.block]!;
  const out: number[] = [];
  let k = 0;
  let seen = 0;
  const ranks = ps.map((p) => Math.max(1, Math.ceil((p / 100) * total - 1e-9)));
  for (const e of sorted) {
    seen += e.count * weights[e.block]!;
    while (k < ranks.length && seen >= ranks[k]!) {
      out.push(e.value);
      k++;
    }
    if (k === ranks.length) break;
  }
  while (out.length < ps.length) out.push(NaN);
  return out;
}

const PS = [50, 90, 95, 99];
const pct = (x: number): string => `${(100 * Math.expm1(x)).toFixed(1)}%`;
console.log('| file | blocks | L | p50 pooled / norm | p90 pooled / norm | p95 pooled / norm | p99 pooled / norm |');
console.log('|---|---|---|---|---|---|---|');
for (const path of process.argv.slice(2)) {
  const results = JSON.parse(readFileSync(path, 'utf8')) as Results;
  const headScenario = results.scenarios[0];
  const baseScenario = results.ab?.base.scenarios[0];
  if (!headScenario || !baseScenario) continue;
  const head = prepareRun(headScenario.segments);
  const base = prepareRun(baseScenario.segments);
  const n = Math.min(head.segments, base.segments);
  const shipped = pairedBlockTests(head, base, { seed: 1 });
  const diffs = pairDifferences(head, base);
  const L = pairedBlockLength([diffs.p50, diffs.p95, diffs.rps], n);
  const h: Entry[] = [];
  const b: Entry[] = [];
  for (let s = 0; s < n; s++) {
    const he = blockEntries(head, s);
    const be = blockEntries(base, s);
    const level = median([...he, ...be]);
    if (!Number.isFinite(level)) continue;
    for (const e of he) h.push({ ...e, value: e.value / level });
    for (const e of be) b.push({ ...e, value: e.value / level });
  }
  h.sort((x, y) => x.value - y.value);
  b.sort((x, y) => x.value - y.value);
  const weights = new Float64Array(n).fill(1);
  const observed = weightedQuantiles(h, weights, PS).map(
    (q, i) => Math.log(q) - Math.log(weightedQuantiles(b, weights, PS)[i]!),
  );
  const rng = createRng(1);
  const sums = PS.map(() => 0);
  const squares = PS.map(() => 0);
  const B = 1000;
  for (let r = 0; r < B; r++) {
    drawBlockWeights(rng, n, L, weights);
    const hq = weightedQuantiles(h, weights, PS);
    const bq = weightedQuantiles(b, weights, PS);
    PS.forEach((_, i) => {
      const d = Math.log(hq[i]!) - Math.log(bq[i]!) - observed[i]!;
      sums[i]! += d;
      squares[i]! += d * d;
    });
  }
  const se = PS.map((_, i) => Math.sqrt((squares[i]! - (sums[i]! * sums[i]!) / B) / (B - 1)));
  const cells = (['p50', 'p90', 'p95', 'p99'] as const).map((metric, i) => {
    const t = shipped.tests[metric];
    return `${t ? `${pct(t.effect)} ±${(100 * t.standardError).toFixed(1)}` : '—'} / ${pct(observed[i]!)} ±${(100 * se[i]!).toFixed(1)}`;
  });
  console.log(`| ${path.split('/').slice(-3).join('/')} | ${n} | ${L} | ${cells.join(' | ')} |`);
}
