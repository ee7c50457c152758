// Diagnostic (issue 32): how the head/base p50 ratio of two processes of one build moves within a
// run. The saved real A/A duet runs of python-e2e.mjs (one process per variant) read in 5 s windows:
// how many windows sit past ±3% and ±5%, and, for the runs whose first 15 s read past ±3%, which
// variant was spawned first (results' ab.boot; absent: the head, the only order before it was
// drawn) and whether that one was the faster. No load.
//   npx tsx bench/ab/episodes.ts [folder with py-e2e-*.jsonl …]   (default: bench/out)
import { createHistogram, decodeHistogram } from '../../src/core/histogram.js';
import type { ScenarioResult } from '../../src/core/types/results.js';
import { savedAbRuns } from './common.js';

const WINDOW_MS = 5000;
const EARLY_MS = 15_000;
const roots = process.argv.length > 2 ? process.argv.slice(2) : ['bench/out'];

/** The p50 of the segments that start in [fromMs, toMs). */
function p50Of(scenario: ScenarioResult, fromMs: number, toMs: number): number {
  const histogram = createHistogram();
  for (const segment of scenario.segments)
    if (segment.startMs >= fromMs && segment.startMs < toMs) {
      const part = decodeHistogram(segment.histogram);
      histogram.add(part);
      part.destroy();
    }
  const p50 = histogram.getValueAtPercentile(50);
  histogram.destroy();
  return p50;
}

interface Tally {
  runs: number;
  windows: number;
  past3: number;
  past5: number;
  early: { boot: string; offset: number }[];
}
const tallies = new Map<string, Tally>();
for (const { cell, app, results, config } of savedAbRuns(roots)) {
  if (cell !== 'aa' || (config.compare.processes ?? 1) > 1 || (config.compare.schedule ?? 'duet') !== 'duet') continue;
  const head = results.scenarios[0];
  const base = results.ab?.base.scenarios.find((scenario) => scenario.name === head?.name);
  if (!head || !base) continue;
  const tally = tallies.get(app) ?? { runs: 0, windows: 0, past3: 0, past5: 0, early: [] };
  tallies.set(app, tally);
  tally.runs += 1;
  for (let from = 0; from + WINDOW_MS <= head.durationMs; from += WINDOW_MS) {
    const offset = Math.abs(Math.log(p50Of(head, from, from + WINDOW_MS) / p50Of(base, from, from + WINDOW_MS)));
    tally.windows += 1;
    if (offset > Math.log(1.03)) tally.past3 += 1;
    if (offset > Math.log(1.05)) tally.past5 += 1;
  }
  const early = p50Of(head, 0, EARLY_MS) / p50Of(base, 0, EARLY_MS) - 1;
  if (Math.abs(early) > 0.03) tally.early.push({ boot: results.ab?.boot ?? 'head-first', offset: early });
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
/** P(at least k of n) for a fair coin: how often chance alone favours the first-spawned this often. */
function atLeast(k: number, n: number): number {
  let sum = 0;
  let choose = 1;
  for (let i = 0; i <= n; i++) {
    if (i >= k) sum += choose;
    choose = (choose * (n - i)) / (i + 1);
  }
  return sum / 2 ** n;
}
for (const [app, t] of tallies) {
  console.log(
    `${app}: ${t.runs} A/A runs, ${t.windows} windows of 5 s; past ±3% ${t.past3} (${pct(t.past3 / t.windows)}), past ±5% ${t.past5} (${pct(t.past5 / t.windows)})`,
  );
  // A negative offset is a faster head: the first-spawned was the faster when that matches the boot.
  const favoured = t.early.filter((e) => e.offset < 0 === (e.boot === 'head-first')).length;
  const listed = t.early.map((e) => `${e.boot} ${e.offset > 0 ? '+' : ''}${pct(e.offset)}`).join(', ');
  console.log(
    `  first 15 s past ±3% in ${t.early.length} runs (${listed || 'none'}): the first-spawned the faster in ${favoured} (one-sided p ${atLeast(favoured, t.early.length).toFixed(2)})`,
  );
}
