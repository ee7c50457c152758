// The real runs of bench/ab/serial-real.mjs judged again by other builds' statistics, with no load:
// `perfgate compare --current <results>` with each build's dist/cli.js (e.g. main's, with the IID
// standard error, and this one). The summary counts pass/fail per cell and build.
//   node bench/ab/serial-rejudge.mjs [--runs bench/out/serial-real/runs.jsonl] --clis name=path,name=path
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { parseArgs, readJsonl, runProcess } from '../gate/harness.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = parseArgs({
  clis: `this=${join(repo, 'dist/cli.js')}`,
  runs: join(repo, 'bench/out/serial-real/runs.jsonl'),
});
const lines = readJsonl(args.runs).filter((line) => line.verdict !== undefined);
const pct = (x) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}%`;
const tally = {};
const names = String(args.clis)
  .split(',')
  .map((named) => named.split('=')[0]);
console.log(
  `| head → base | neighbour | pairs recorded | ${names.join(' | ')} |\n| --- | --- | ---: |${names.map(() => ' --- |').join('')}`,
);
for (const line of lines) {
  const cell = `${line.headMs} → ${line.baseMs} ms ${line.neighbour ? 'busy' : 'quiet'}`;
  const out = [];
  for (const named of String(args.clis).split(',')) {
    const [name, cli] = named.split('=');
    const r = await runProcess(process.execPath, [
      cli,
      'compare',
      '--current',
      line.results,
      '-c',
      line.config,
      '--format',
      'json',
      '--seed',
      '1',
    ]);
    const report = JSON.parse(r.stdout);
    const metrics = report.scenarios[0].metrics;
    const p50 = metrics.find((m) => m.metric === 'p50');
    const failed = metrics.filter((m) => m.verdict === 'regression').map((m) => m.metric);
    out.push(
      `${report.verdict}${failed.length ? ` (${failed.join(', ')})` : ''}; p50 ${pct(p50.change)} [${pct(p50.changeInterval[0])}, ${pct(p50.changeInterval[1])}] df ${p50.df.toFixed(1)}`,
    );
    const key = `${cell} | ${name}`;
    tally[key] ??= { pass: 0, fail: 0, other: 0 };
    tally[key][report.verdict === 'pass' ? 'pass' : report.verdict === 'fail' ? 'fail' : 'other']++;
  }
  const busy = line.neighbour ? `on ${line.neighbourOnSeconds.toFixed(0)} s` : 'off';
  const results = JSON.parse(readFileSync(line.results, 'utf8'));
  const pairs = Math.min(results.scenarios[0].segments.length, results.ab.base.scenarios[0].segments.length);
  console.log(`| ${line.headMs} → ${line.baseMs} ms | ${busy} | ${pairs} | ${out.join(' | ')} |`);
}
console.log('\n| cell | build | pass | fail | other |\n| --- | --- | ---: | ---: | ---: |');
for (const [key, t] of Object.entries(tally).sort()) console.log(`| ${key} | ${t.pass} | ${t.fail} | ${t.other} |`);
