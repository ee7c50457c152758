// Real duet results judged by three p50 estimators side by side, no load (a diagnostic for issue 32):
// the shipped paired block bootstrap of the pooled percentile, and Yuen's trimmed paired t over the
// per-block log ratios of the same 250 ms blocks (with and without the serial correction). A shared
// level shift (a neighbour taking a core) makes the pooled run bimodal; where p50 falls between the
// modes the pooled percentile swings with the mixture, while each block's ratio compares head and
// base at one moment.
//
//   npm run bench:ab -- block-pairs <results.json> [more.json …]
import { readFileSync } from 'node:fs';
import { prepareRun } from '../../src/core/stats/bootstrap.js';
import { pairedBlockTests } from '../../src/core/stats/block-bootstrap.js';
import { pairDifferences, trimmedPairedTest } from '../../src/core/stats/paired.js';
import type { Results } from '../../src/core/types/results.js';

const pct = (x: number | undefined): string => (x === undefined ? '—' : `${(100 * Math.expm1(x)).toFixed(1)}%`);
console.log(
  '| file | blocks | bootstrap: change ± SE (df) | trimmed t over block pairs: change ± SE (df) | same, no serial correction |',
);
console.log('|---|---|---|---|---|');
for (const path of process.argv.slice(2)) {
  const results = JSON.parse(readFileSync(path, 'utf8')) as Results;
  const head = results.scenarios[0];
  const base = results.ab?.base.scenarios[0];
  if (!head || !base) continue;
  const h = prepareRun(head.segments);
  const b = prepareRun(base.segments);
  const boot = pairedBlockTests(h, b, { seed: 1 }).tests.p50;
  const diffs = pairDifferences(h, b).p50;
  const yuen = trimmedPairedTest(diffs);
  const plain = trimmedPairedTest(diffs, undefined, undefined, 'none');
  const cell = (t: typeof boot): string =>
    t === undefined ? '—' : `${pct(t.effect)} ± ${(100 * t.standardError).toFixed(2)}% (${t.df.toFixed(1)})`;
  console.log(
    `| ${path.split('/').slice(-2).join('/')} | ${diffs.length} | ${cell(boot)} | ${cell(yuen)} | ${cell(plain)} |`,
  );
}
