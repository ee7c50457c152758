// Adds up the JSON count lines of several bench/stats/extend.ts chunks into the README's table.
// Run: node bench/stats/extend-sum.mjs out1.txt out2.txt …
import { readFileSync } from 'node:fs';

const rows = new Map();
for (const file of process.argv.slice(2)) {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const row = JSON.parse(line);
    const key = `${row.schedule} ${row.extend} ${row.scale} ${row.budget ?? 2}`;
    const sum = rows.get(key) ?? { ...row, runs: 0, falseRuns: 0, extendedRuns: 0, detected: 0, pairSum: 0, open: {} };
    sum.runs += row.runs;
    sum.falseRuns += row.falseRuns;
    sum.extendedRuns += row.extendedRuns;
    sum.detected += row.detected;
    sum.pairSum += row.pairSum ?? NaN;
    for (const [metric, count] of Object.entries(row.open)) sum.open[metric] = (sum.open[metric] ?? 0) + count;
    rows.set(key, sum);
  }
}
const pct = (k, n) => `${((100 * k) / n).toFixed(1)}%`;
/** Clopper–Pearson upper 95% bound, by bisection on the binomial tail. */
function cpUpper(k, n) {
  if (k >= n) return 1;
  const tail = (p) => {
    let sum = 0;
    let term = (1 - p) ** n;
    for (let i = 0; i <= k; i++) {
      sum += term;
      term *= ((n - i) / (i + 1)) * (p / (1 - p));
    }
    return sum;
  };
  let lo = k / n;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (tail(mid) > 0.025) lo = mid;
    else hi = mid;
  }
  return hi;
}
console.log(
  '| schedule | head | extension | runs | runs with a false regression (CP 95% upper) | runs extended | mean pairs judged | inconclusive at the end: p50 / p95 / p99 / error rate | p50 regression found |',
);
console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows.values()) {
  const open = ['p50', 'p95', 'p99', 'error_rate'].map((m) => pct(row.open[m] ?? 0, row.runs)).join(' / ');
  const falseCell =
    row.scale === 1 ? `${pct(row.falseRuns, row.runs)} (${pct(cpUpper(row.falseRuns, row.runs), 1)})` : '–';
  console.log(
    `| ${row.schedule} | ×${row.scale} | ${row.extend ? `on (${row.budget ?? 2}x)` : 'off'} | ${row.runs} | ${falseCell} | ${pct(row.extendedRuns, row.runs)} | ${(row.pairSum / row.runs).toFixed(1)} | ${open} | ${row.scale === 1 ? '–' : pct(row.detected, row.runs)} |`,
  );
}
