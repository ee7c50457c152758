// usage: flock /tmp/heavy.lock npm run bench:split -- load [--rate 300] [--seconds 10] [--shards 20] [--scenarios 60]
// Three local shards of dist/cli.js at 1/3 of the rate, started at one barrier against one
// loopback target (a process of its own), against one process at the full rate: counts and
// percentiles side by side, and the barrier skew (each shard's measured start against the median
// one's). Then the merge's time and peak memory for N shards × M scenarios, made from a real
// shard's result (each scenario a copy with its own name), with /usr/bin/time.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(fileURLToPath(new URL('.', import.meta.url)), '../..');
const cli = join(repo, 'dist/cli.js');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const rate = arg('rate', 300);
const seconds = arg('seconds', 10);
const mergeShards = arg('shards', 20);
const mergeScenarios = arg('scenarios', 60);
const work = mkdtempSync(join(tmpdir(), 'perfgate-bench-split-'));

// The target: its own process, so that its work is not the bench's; 2 ms of service time.
const target = spawn(
  process.execPath,
  [
    '-e',
    `const s = require('node:http').createServer((q, r) => setTimeout(() => r.end('ok'), 2)).listen(0, '127.0.0.1', () => console.log(s.address().port));`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const port = await new Promise((resolve) =>
  target.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim()))),
);
writeFileSync(
  join(work, 'perfgate.yml'),
  `defaults: { baseUrl: "http://127.0.0.1:${port}", warmup: 1s, segment: 1s }
scenarios:
  orders:
    executor: constant-arrival-rate
    rate: ${rate}/s
    duration: ${seconds}s
    request: { path: /orders/1 }
`,
);

function perfgate(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}
const read = (name) => JSON.parse(readFileSync(join(work, name), 'utf8'));
const check = (run, what) => {
  if (run.code !== 0) throw new Error(`${what} exited ${run.code}: ${run.stderr}`);
};

check(await perfgate(['run', '-o', 'full.json']), 'the full-rate run');
const startAt = new Date(Date.now() + 4000).toISOString();
const shards = await Promise.all(
  [1, 2, 3].map((i) =>
    perfgate(['run', '--shard', `${i}/3`, '--split', 'load', '--start-at', startAt, '-o', `shard-${i}.json`]),
  ),
);
shards.forEach((run, i) => check(run, `shard ${i + 1}`));
check(await perfgate(['merge', 'shard-1.json', 'shard-2.json', 'shard-3.json', '-o', 'merged.json']), 'the merge');
target.kill();

const full = read('full.json').scenarios[0];
const merged = read('merged.json').scenarios[0];
const row = (label, a, b, unit = '') =>
  `| ${label} | ${a}${unit} | ${b}${unit} | ${(((b - a) / a) * 100).toFixed(2)}% |`;
console.log(`\n3 shards × ${rate / 3}/s vs 1 process × ${rate}/s, ${seconds} s against one loopback target (2 ms)\n`);
console.log('| figure | one process | 3 shards merged | difference |');
console.log('|---|---:|---:|---:|');
console.log(row('requests sent', full.requests.total, merged.requests.total));
console.log(row('intended rate', full.rate.intendedPerSec, merged.rate.intendedPerSec, '/s'));
console.log(row('achieved rate', full.rate.achievedPerSec.toFixed(1), merged.rate.achievedPerSec.toFixed(1), '/s'));
for (const p of ['p50', 'p90', 'p99'])
  console.log(row(p, full.latencyMs[p].toFixed(2), merged.latencyMs[p].toFixed(2), ' ms'));
const offsets = merged.shards.map((shard) => shard.startOffsetMs);
console.log(
  `\nbarrier skew: shards' measured starts ${offsets.map((ms) => `${ms >= 0 ? '+' : ''}${ms.toFixed(1)} ms`).join(', ')} from the median one; spread ${(Math.max(...offsets) - Math.min(...offsets)).toFixed(1)} ms`,
);

// The merge at scale: N shards × M scenarios, from one real shard's scenario.
const one = read('shard-1.json');
const files = [];
for (let index = 1; index <= mergeShards; index++) {
  const copy = {
    ...one,
    shard: { ...one.shard, index, count: mergeShards },
    scenarios: Array.from({ length: mergeScenarios }, (_, i) => ({ ...one.scenarios[0], name: `scenario-${i + 1}` })),
  };
  const name = `big-${index}.json`;
  writeFileSync(join(work, name), JSON.stringify(copy));
  files.push(name);
}
const timed = spawnSync(
  '/usr/bin/time',
  ['-f', '%e s %M KB', process.execPath, cli, 'merge', ...files, '-o', 'big.json'],
  {
    cwd: work,
    encoding: 'utf8',
  },
);
if (timed.status !== 0) throw new Error(`the big merge failed: ${timed.stderr}`);
const [elapsed, rss] = /([\d.]+) s (\d+) KB/.exec(timed.stderr).slice(1).map(Number);
const bytes = files.reduce((sum, name) => sum + readFileSync(join(work, name)).length, 0);
console.log(
  `merge of ${mergeShards} shards × ${mergeScenarios} scenarios (${(bytes / 1e6).toFixed(1)} MB of results): ${elapsed.toFixed(2)} s, peak RSS ${(rss / 1024).toFixed(0)} MB`,
);
