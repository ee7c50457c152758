// Closed model: perfgate's engine against wrk, autocannon (when installed) and a plain undici
// `request()` loop, on one loopback Node target, alternating A B A B so that drift hits every tool
// alike. Prints req/s, CPU-s per 100k requests and p50/p99 per run, then the median of the
// pairwise ratios perfgate / peer.
//   node bench/engine/closed.mjs [--duration 10] [--rounds 3] [--connections 10,100] [--delay 0] [--warmup 3] [--tools perfgate,wrk,...]
// Every Node tool gets the same warm-up (perfgate's own, autocannon's `--warmup` run, the undici
// loop's discarded first seconds) and its CPU is process.cpuUsage() (user + sys, all threads) over
// the measured window only, so the CPU per request compares like with like; "process" is the
// whole process (start-up and warm-up included) from /usr/bin/time. wrk (C) has no warm-up and no
// JIT: its CPU is the whole process.
// The memory figure (peak RSS of a ≥ 1,000,000-request run < 200 MB): run perfgate alone long
// enough for 1M requests in the window, e.g. --tools perfgate --rounds 1 --connections 100
// --duration 20 at ~60k req/s, and read "peak RSS" (the whole process, from /usr/bin/time).
// With --delay 20 --connections 100 it is the accuracy check of issue 2 (p50 within 1 ms and p99
// within 3 ms of wrk's).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  bundleEngine,
  commandPath,
  engineFigures,
  fixed,
  hasCommand,
  median,
  node,
  parseArgs,
  printMedians,
  runMeasured,
  scenarioFor,
  startServer,
  workDir,
  writeAutocannonRunner,
  writeEngineRunner,
} from './common.mjs';

const args = parseArgs({
  duration: 10,
  rounds: 3,
  connections: '10,100',
  delay: 0,
  warmup: 3,
  tools: 'perfgate,undici request(),wrk,autocannon',
});
const connectionCounts = String(args.connections).split(',').map(Number);
const wanted = new Set(String(args.tools).split(','));

const naiveSource = `
import { Pool } from 'undici';
import { performance } from 'node:perf_hooks';
const [url, connections, durationS, warmupS] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5])];
const pool = new Pool(url, { connections, pipelining: 1 });
const latencies = [];
const start = performance.now();
const warmEnd = start + warmupS * 1000;
const end = warmEnd + durationS * 1000;
let cpu0;
setTimeout(() => { cpu0 = process.cpuUsage(); }, warmupS * 1000);
async function vu() {
  while (performance.now() < end) {
    const t = performance.now();
    const { body } = await pool.request({ method: 'GET', path: '/orders' });
    await body.dump();
    if (t >= warmEnd) latencies.push(performance.now() - t);
  }
}
await Promise.all(Array.from({ length: connections }, vu));
const cpu = process.cpuUsage(cpu0);
await pool.close();
latencies.sort((a, b) => a - b);
const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
process.stdout.write(JSON.stringify({ requests: latencies.length, rps: latencies.length / durationS, p50: at(50), p99: at(99), windowCpuS: (cpu.user + cpu.system) / 1e6 }));
`;

function parseWrk(stdout) {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1]);
  const toMs = (text) => {
    const m = /([\d.]+)(us|ms|s)/.exec(text ?? '');
    if (!m) return NaN;
    return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
  };
  // Anchored: the stdev column ("95.50%") would match a bare /50%/.
  return {
    rps,
    requests,
    p50: toMs(/^\s+50%\s+(\S+)/m.exec(stdout)?.[1]),
    p99: toMs(/^\s+99%\s+(\S+)/m.exec(stdout)?.[1]),
  };
}

const enginePath = await bundleEngine();
const runner = writeEngineRunner(enginePath);
const naive = join(workDir, 'naive-request.mjs');
writeFileSync(
  naive,
  `import { createRequire } from 'node:module'; const require = createRequire(${JSON.stringify(join(process.cwd(), 'package.json'))});\n` +
    naiveSource.replace("import { Pool } from 'undici';", "const { Pool } = require('undici');"),
);

const tools = {
  perfgate(url, c) {
    const scenario = scenarioFor(
      url,
      { executor: 'constant-vus', vus: c, durationMs: args.duration * 1000 },
      args.warmup * 1000,
    );
    // CPU of the measured window (the engine's own gauge) and of the whole process.
    const figures = engineFigures(runMeasured(node, [runner, JSON.stringify(scenario)]));
    return { ...figures, saturated: figures.result.generator.saturated };
  },
  'undici request()'(url, c) {
    const run = runMeasured(node, [naive, url, String(c), String(args.duration), String(args.warmup)]);
    const r = JSON.parse(run.stdout);
    return { ...r, cpuPer100k: (r.windowCpuS / r.requests) * 1e5, processCpu: run.cpuSeconds };
  },
};
if (hasCommand('wrk')) {
  tools.wrk = (url, c) => {
    const run = runMeasured('wrk', ['-t1', `-c${c}`, `-d${args.duration}s`, '--latency', `${url}/orders`]);
    const r = parseWrk(run.stdout);
    return { ...r, cpuPer100k: (run.cpuSeconds / r.requests) * 1e5, processCpu: run.cpuSeconds };
  };
} else if (wanted.has('wrk')) {
  console.log('wrk not found: install the Debian package `wrk` to compare with it');
}
const autocannonBin = commandPath('autocannon');
if (autocannonBin) {
  const acRunner = writeAutocannonRunner(dirname(autocannonBin));
  tools.autocannon = (url, c) => {
    const run = runMeasured(node, [acRunner, `${url}/orders`, String(c), String(args.duration), String(args.warmup)]);
    const r = JSON.parse(run.stdout);
    return {
      ...r,
      cpuPer100k: (r.windowCpuS / r.requests) * 1e5,
      processCpu: run.cpuSeconds,
      peakRssMb: run.peakRssMb,
    };
  };
} else if (wanted.has('autocannon')) {
  console.log('autocannon not found on PATH: it is left out');
}
for (const name of Object.keys(tools)) if (!wanted.has(name)) delete tools[name];

const server = await startServer(args.delay);
try {
  for (const c of connectionCounts) {
    console.log(`\n== closed model, ${c} connections, ${args.duration} s runs, target delay ${args.delay} ms`);
    const results = Object.fromEntries(Object.keys(tools).map((name) => [name, []]));
    for (let round = 1; round <= args.rounds; round++) {
      for (const [name, run] of Object.entries(tools)) {
        const r = run(server.url, c);
        results[name].push(r);
        console.log(
          `round ${round} ${name.padEnd(18)} ${fixed(r.rps, 0).padStart(7)} req/s  ${String(r.requests).padStart(8)} req  cpu/100k ${fixed(r.cpuPer100k).padStart(6)} s (process ${fixed(r.processCpu)} s)  p50 ${fixed(r.p50, 3)} ms  p99 ${fixed(r.p99, 3)} ms${r.peakRssMb ? `  peak RSS ${fixed(r.peakRssMb, 0)} MB` : ''}${r.saturated ? '  (generator flagged itself saturated)' : ''}`,
        );
      }
    }
    if (!results.perfgate) continue;
    for (const name of Object.keys(tools).filter((n) => n !== 'perfgate')) {
      const pairs = results.perfgate.map((p, i) => p.rps / results[name][i].rps);
      const cpuPairs = results.perfgate.map((p, i) => p.cpuPer100k / results[name][i].cpuPer100k);
      const p50diff = results.perfgate.map((p, i) => p.p50 - results[name][i].p50);
      const p99diff = results.perfgate.map((p, i) => p.p99 - results[name][i].p99);
      console.log(
        `perfgate / ${name}: req/s ratio (median of pairs) ${fixed(median(pairs), 3)} [${pairs.map((x) => fixed(x, 3)).join(' ')}]; cpu/100k ratio ${fixed(median(cpuPairs), 3)} [${cpuPairs.map((x) => fixed(x, 3)).join(' ')}]; p50 − theirs ${fixed(median(p50diff), 3)} ms; p99 − theirs ${fixed(median(p99diff), 3)} ms`,
      );
    }
    printMedians(results, Object.keys(tools), 18);
  }
} finally {
  server.stop();
}
