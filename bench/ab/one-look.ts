// Diagnostic (issue 32): the saved real A/B runs of the Python service (bench/out/py-e2e-*, from
// python-e2e.mjs; every one could extend) judged as a run that could not: their planned window
// (look 0) alone, at the whole α and at half of α (compare/sequential.ts AB_SINGLE_LOOK_SHARE). No
// load. Prints, per cell, the runs that failed and those whose p50 read a regression or "no change".
//   npx tsx bench/ab/one-look.ts [folder with py-e2e-*.jsonl …]   (default: bench/out)
import { resultsAtLook } from '../../src/core/results/extend.js';
import type { Results } from '../../src/core/types/results.js';
import { judgeAb, savedAbRuns } from './common.js';

const roots = process.argv.length > 2 ? process.argv.slice(2) : ['bench/out'];
const rows: { cell: string; file: string; whole: string; half: string }[] = [];
for (const { cell, label, results, config } of savedAbRuns(roots)) {
  const look0 = resultsAtLook(results, 0);
  delete (look0 as { sequential?: unknown }).sequential;
  const verdict = (share: number) => {
    const current: Results = { ...look0, sequential: { alphaShares: [share] } };
    const c = judgeAb(current, { ...config.compare, extend: undefined });
    const regs = c.scenarios
      .flatMap((s) => s.metrics)
      .filter((m) => m.verdict === 'regression')
      .map((m) => m.metric);
    const p50 = c.scenarios[0]?.metrics.find((m) => m.metric === 'p50');
    return `${regs.length ? 'FAIL ' + regs.join(',') : 'pass'} p50 ${p50?.verdict} ${((p50?.change ?? 0) * 100).toFixed(1)}% mde ${((p50?.minDetectableEffect ?? 0) * 100).toFixed(1)}%`;
  };
  rows.push({ cell, file: label, whole: verdict(1), half: verdict(0.5) });
}
for (const cell of ['aa', 'slow']) {
  const r = rows.filter((x) => x.cell === cell);
  const fails = (k: 'whole' | 'half') => r.filter((x) => x[k].startsWith('FAIL')).length;
  const p50reg = (k: 'whole' | 'half') => r.filter((x) => /FAIL [^ ]*p50/.test(x[k])).length;
  const nochange = (k: 'whole' | 'half') => r.filter((x) => x[k].includes('p50 no change')).length;
  console.log(
    `${cell}: ${r.length} runs; FAIL whole ${fails('whole')} half ${fails('half')}; p50 regression whole ${p50reg('whole')} half ${p50reg('half')}; p50 no change whole ${nochange('whole')} half ${nochange('half')}`,
  );
  for (const x of r) if (x.whole !== x.half) console.log('  changed', x.file, '|', x.whole, '->', x.half);
}
