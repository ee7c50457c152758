// Diagnostic (issue 32): the saved real A/B runs of the Python services (python-e2e.mjs; the stdlib
// server and the Flask app under gunicorn, told apart by their config) judged again with A/B minimum
// effects of p50 5% / p90 8% and 6% / 8% beside the defaults (3% / 5%), to size compare.minEffect
// for a service whose processes differ by a few percent. No load. Prints per app, cell and setting
// the runs, the failed gates and the p50 "no change" verdicts.
//   npx tsx bench/ab/min-effect.ts [folder with py-e2e-*.jsonl …]   (default: bench/out)
import { judgeAb, savedAbRuns } from './common.js';

const roots = process.argv.length > 2 ? process.argv.slice(2) : ['bench/out'];
// name, p50 and p90 minimum effects, and compare.detect's p50 target (absent: the A/B default 5%).
const settings: [string, number | undefined, number | undefined, number | undefined][] = [
  ['default', undefined, undefined, undefined],
  ['5/8', 0.05, 0.08, undefined],
  ['5/8 detect 8%', 0.05, 0.08, 0.08],
  ['6/8', 0.06, 0.08, undefined],
];
const tally = new Map<string, number>();
const add = (k: string) => tally.set(k, (tally.get(k) ?? 0) + 1);
for (const { cell, app, results, config } of savedAbRuns(roots)) {
  for (const [name, p50, p90, detect] of settings) {
    const compare =
      p50 === undefined
        ? config.compare
        : {
            ...config.compare,
            minEffect: { ...config.compare.minEffect, p50, p90: p90! },
            minEffectSet: [...(config.compare.minEffectSet ?? []), 'p50' as const, 'p90' as const],
            ...(detect === undefined ? {} : { detect: { p50: detect, p95: 0.1 } }),
          };
    const c = judgeAb(results, compare);
    add(`${app} ${cell} ${name} runs`);
    if (c.verdict === 'fail') add(`${app} ${cell} ${name} FAIL`);
    const p = c.scenarios[0]?.metrics.find((m) => m.metric === 'p50');
    if (p?.verdict === 'no change') add(`${app} ${cell} ${name} p50-nochange`);
  }
}
for (const [k, v] of [...tally].sort()) console.log(k, v);
