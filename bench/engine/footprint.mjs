// perfgate's own footprint: the CPU the whole CLI process (start-up, warm-up, measured window,
// samplers, progress, results file) takes to send a modest open-model load. On a shared runner the
// generator is competing work too, so its idle cost (timers, sampling) should stay small.
//
//   node bench/engine/footprint.mjs [--rate 200] [--duration 20] [--warmup 2] [--rounds 3] [--delay 1] [--segment 1] [--modes cli,bare]
//
// `cli` runs `node dist/cli.js run` (build first: npm run build) against a tiny loopback server in
// its own process (its CPU is not counted), under /usr/bin/time. `bare` is the floor to compare
// with: a bare undici Client sending the same schedule from one setTimeout per arrival, nothing
// else (no histograms, no samplers, no progress). Prints, per round and as medians:
//   process   user + sys CPU of the whole process over its whole wall time, in cores
//   window    the CPU of the measured window alone (perfgate: results' generator.cpuCores)
// Run it under `flock /tmp/heavy.lock`: a busy machine inflates both.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixed, median, node, parseArgs, repo, runMeasured, startServer, workDir } from './common.mjs';

const args = parseArgs({ rate: 200, duration: 20, warmup: 2, rounds: 3, delay: 1, segment: 1, modes: 'cli,bare' });
const modes = String(args.modes).split(',');
const cli = join(repo, 'dist/cli.js');
const server = await startServer(args.delay);
const config = join(workDir, 'footprint.yml');
writeFileSync(
  config,
  `defaults:
  baseUrl: ${server.url}
  timeout: 5s
  warmup: ${args.warmup}s
  segment: ${args.segment}s
scenarios:
  footprint:
    executor: constant-arrival-rate
    rate: ${args.rate}/s
    duration: ${args.duration}s
    maxInFlight: 200
    request: { method: GET, path: /orders }
`,
);

const bare = join(workDir, 'bare.mjs');
writeFileSync(
  bare,
  `import { Client } from ${JSON.stringify(join(repo, 'node_modules/undici/index.js'))};
const [url, rate, durationS, warmupS] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5])];
const client = new Client(url, { pipelining: 2 });
const handler = { onConnect() {}, onHeaders() { return true; }, onData() { return true; }, onComplete() {}, onError() {} };
const intervalMs = 1000 / rate;
const t0 = performance.now();
const windowStart = t0 + warmupS * 1000;
const end = windowStart + durationS * 1000;
let next = t0;
let cpu0;
function tick() {
  const now = performance.now();
  if (!cpu0 && now >= windowStart) cpu0 = process.cpuUsage();
  while (next <= now && next < end) { client.dispatch({ path: '/orders', method: 'GET' }, handler); next += intervalMs; }
  if (next < end) { setTimeout(tick, Math.max(1, Math.floor(next - performance.now()))); return; }
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(JSON.stringify({ windowCores: (cpu.user + cpu.system) / 1e6 / ((performance.now() - windowStart) / 1000) }));
  client.close();
}
tick();
`,
);

const processCores = { cli: [], bare: [] };
const windowCores = { cli: [], bare: [] };
try {
  for (let round = 1; round <= args.rounds; round++) {
    if (modes.includes('bare')) {
      const started = performance.now();
      const run = runMeasured(node, [bare, server.url, String(args.rate), String(args.duration), String(args.warmup)]);
      const wallSeconds = (performance.now() - started) / 1000;
      const { windowCores: window } = JSON.parse(run.stdout);
      processCores.bare.push(run.cpuSeconds / wallSeconds);
      windowCores.bare.push(window);
      console.log(
        `round ${round} bare undici: process ${fixed(run.cpuSeconds)} CPU-s over ${fixed(wallSeconds, 1)} s = ${fixed(run.cpuSeconds / wallSeconds, 3)} cores; window ${fixed(window, 3)} cores`,
      );
    }
    if (!modes.includes('cli')) continue;
    const output = join(workDir, `footprint-${round}.json`);
    const started = performance.now();
    const run = runMeasured(node, [cli, 'run', '-c', config, '-o', output]);
    const wallSeconds = (performance.now() - started) / 1000;
    const results = JSON.parse(readFileSync(output, 'utf8'));
    const scenario = results.scenarios[0];
    const cores = run.cpuSeconds / wallSeconds;
    processCores.cli.push(cores);
    windowCores.cli.push(scenario.generator.cpuCores);
    console.log(
      `round ${round} perfgate: process ${fixed(run.cpuSeconds)} CPU-s over ${fixed(wallSeconds, 1)} s = ${fixed(cores, 3)} cores; ` +
        `window ${fixed(scenario.generator.cpuCores, 3)} cores; achieved ${fixed(scenario.rate.achievedPerSec, 1)}/s of ${fixed(scenario.rate.intendedPerSec, 1)}/s, ` +
        `${scenario.requests.total} requests, late starts ${scenario.generator.lateStarts}, loop p99 ${scenario.generator.eventLoopDelayP99Ms} ms, peak RSS ${fixed(run.peakRssMb, 0)} MB`,
    );
  }
} finally {
  server.stop();
}
for (const mode of modes) {
  console.log(
    `${mode === 'cli' ? 'perfgate' : 'bare undici'}: median over ${args.rounds} rounds at ${args.rate} req/s for ${args.duration} s (+${args.warmup} s warm-up): ` +
      `process ${fixed(median(processCores[mode]), 3)} cores, window ${fixed(median(windowCores[mode]), 3)} cores`,
  );
}
