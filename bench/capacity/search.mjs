// How often the capacity search finds a capacity known by construction within ±10%, how far past
// the knee it climbs, and how much its result spreads from run to run (the runner-noise prior of
// compare.runnerNoise.capacity). Targets in their own processes: k workers × d ms each (a latch
// around a timer, capacity k × 1000 / d req/s) and a CPU-bound one (d ms of CPU per request,
// one at a time: at most 1000 / d req/s on a free core).
//
//   flock /tmp/heavy.lock node bench/capacity/search.mjs [--runs 10] [--targets 4x20,2x50,cpu10] [--neighbour 0|1]
//
// --neighbour 1 runs a process beside the search that takes a core in random bursts.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleEntry, fixed, median, node, parseArgs, repo, workDir } from '../engine/common.mjs';

const args = parseArgs({ runs: 10, targets: '4x20,2x50,cpu10', neighbour: 0 });

const serverSource = `
import { createServer } from 'node:http';
const [kind, a, b] = process.argv.slice(2);
const queue = [];
let active = 0;
const answer = (res) => { res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 2 }); res.end('ok'); };
const server = createServer({ keepAliveTimeout: 60000 }, (req, res) => {
  req.resume();
  req.on('end', () => {
    if (kind === 'cpu') {
      const until = performance.now() + Number(a);
      let x = 0;
      while (performance.now() < until) x += Math.sqrt(x + 1);
      answer(res);
      return;
    }
    const workers = Number(a), delayMs = Number(b);
    const serve = () => { active += 1; setTimeout(() => { active -= 1; answer(res); queue.shift()?.(); }, delayMs); };
    if (active < workers) serve(); else queue.push(serve);
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => process.exit(0));
`;

const neighbourSource = `
// Takes a core in random bursts: busy 200-1500 ms, idle 200-1500 ms.
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
for (;;) {
  const until = performance.now() + 200 + Math.random() * 1300;
  let x = 0;
  while (performance.now() < until) x += Math.sqrt(x + 1);
  await pause(200 + Math.random() * 1300);
}
`;

function startProcess(source, name, argv) {
  const file = join(workDir, name);
  writeFileSync(file, source);
  return spawn(node, [file, ...argv], { stdio: ['ignore', 'pipe', 'inherit'] });
}

async function startTarget(spec) {
  const cpu = /^cpu(\d+)$/.exec(spec);
  const latch = /^(\d+)x(\d+)$/.exec(spec);
  if (!cpu && !latch) throw new Error(`target ${spec}: use KxD (K workers of D ms) or cpuD (D ms of CPU per request)`);
  const argv = cpu ? ['cpu', cpu[1]] : ['latch', latch[1], latch[2]];
  const child = startProcess(serverSource, 'capacity-server.mjs', argv);
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (data) => resolve(Number(String(data).trim())));
    child.once('exit', (code) => reject(new Error(`target exited with ${code}`)));
  });
  const trueCapacity = cpu ? 1000 / Number(cpu[1]) : (Number(latch[1]) * 1000) / Number(latch[2]);
  return { url: `http://127.0.0.1:${port}`, trueCapacity, stop: () => child.kill('SIGTERM') };
}

async function bundle() {
  const entry = join(workDir, 'capacity-entry.ts');
  writeFileSync(
    entry,
    `export { runCapacity } from ${JSON.stringify(join(repo, 'src/engine/run-capacity.ts'))};\nexport { parseThreshold } from ${JSON.stringify(join(repo, 'src/core/thresholds.ts'))};\n`,
  );
  return import(await bundleEntry(entry, 'capacity.mjs'));
}

/** The search of test/engine/capacity.test.ts: 1 s warm-up, 3-4 s holds, factor 1.5, 5% resolution. */
function scenarioFor(url, trueCapacity) {
  const startRatePerSec = Math.round(trueCapacity / 2);
  return {
    name: 'bench',
    load: {
      executor: 'capacity',
      startRatePerSec,
      maxRatePerSec: trueCapacity * 4,
      step: { kind: 'factor', factor: 1.5 },
      resolution: 0.05,
      holdMs: trueCapacity < 100 ? 4000 : 3000,
    },
    baseUrl: url,
    request: { method: 'GET', path: '/', headers: {} },
    warmupMs: 1000,
    timeoutMs: 5000,
    thinkTimeMs: 0,
    maxInFlight: 1000,
    segmentMs: 1000,
  };
}

const engine = await bundle();
const thresholds = ['p(95)<100', 'error_rate<0.01'].map((expression) => engine.parseThreshold(expression, 'bench'));
const neighbour = args.neighbour ? startProcess(neighbourSource, 'neighbour.mjs', []) : undefined;
const rows = [];
try {
  for (const spec of args.targets.split(',')) {
    const target = await startTarget(spec);
    const found = [];
    try {
      for (let run = 0; run < args.runs; run++) {
        const started = performance.now();
        const result = await engine.runCapacity(scenarioFor(target.url, target.trueCapacity), { thresholds });
        const capacity = result.capacity;
        const past = capacity.levels.filter(
          (level) => level.phase === 'climb' && level.intendedPerSec > target.trueCapacity,
        ).length;
        const accounted = capacity.levels.every(
          (level) => level.requests.ok + level.requests.ko + level.requests.dropped === level.requests.intended,
        );
        found.push({
          rate: capacity.ratePerSec,
          limitedBy: capacity.limitedBy,
          past,
          levels: capacity.levels.length,
          seconds: (performance.now() - started) / 1000,
          accounted,
        });
        console.error(
          `${spec} run ${run + 1}: ${fixed(capacity.ratePerSec, 1)}/s [${capacity.bracket.map((x) => (x === null ? '-' : fixed(x, 1))).join(', ')}] ${capacity.limitedBy}, ${capacity.levels.length} levels, ${past} climb levels past the truth`,
        );
      }
    } finally {
      target.stop();
    }
    const within = found.filter((f) => Math.abs(f.rate / target.trueCapacity - 1) <= 0.1).length;
    const logs = found.filter((f) => f.rate > 0).map((f) => Math.log(f.rate));
    const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
    const sd = Math.sqrt(logs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, logs.length - 1));
    rows.push({
      target: spec,
      truth: target.trueCapacity,
      within: `${within}/${found.length}`,
      median: median(found.map((f) => f.rate)),
      min: Math.min(...found.map((f) => f.rate)),
      max: Math.max(...found.map((f) => f.rate)),
      sdLn: sd,
      maxPast: Math.max(...found.map((f) => f.past)),
      notService: found.filter((f) => f.limitedBy !== 'service').length,
      accounted: found.every((f) => f.accounted),
      seconds: median(found.map((f) => f.seconds)),
    });
  }
} finally {
  neighbour?.kill('SIGTERM');
}

console.log(
  `capacity search, ${args.runs} runs per target${args.neighbour ? ', with a bursty neighbour taking a core' : ''}`,
);
console.log(
  '| target | true req/s | within ±10% | median | min | max | sd of ln | climb levels past the truth (max) | not the service | accounted | median search s |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |');
for (const r of rows) {
  console.log(
    `| ${r.target} | ${fixed(r.truth, 0)} | ${r.within} | ${fixed(r.median, 1)} | ${fixed(r.min, 1)} | ${fixed(r.max, 1)} | ${fixed(r.sdLn, 3)} | ${r.maxPast} | ${r.notService} | ${r.accounted ? 'every level' : 'NO'} | ${fixed(r.seconds, 0)} |`,
  );
}
