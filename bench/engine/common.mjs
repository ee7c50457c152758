// Shared pieces of the engine benchmarks: bundle the engine from src with esbuild (no tsx), start
// a loopback target in its own process, and run a command while measuring its CPU (user + sys).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const workDir = mkdtempSync(join(tmpdir(), 'perfgate-bench-'));
export const node = process.execPath;

export function parseArgs(defaults) {
  const args = { ...defaults };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i]?.replace(/^--/, '');
    const value = argv[i + 1];
    if (!key || value === undefined || !(key in defaults))
      throw new Error(`unknown or incomplete argument ${argv[i]}; known: ${Object.keys(defaults).join(', ')}`);
    args[key] = typeof defaults[key] === 'number' ? Number(value) : value;
  }
  return args;
}

/** The engine as one ESM file (dependencies included), so the runner needs no TypeScript loader.
 * `from`: another checkout's engine (to compare a branch with main from one script). */
export async function bundleEngine(from = repo, name = 'engine.mjs') {
  return bundleEntry(join(from, 'src/engine/run-scenario.ts'), name);
}

/** `entry` (TypeScript, with whatever it imports) bundled by esbuild to `name` in the work folder, for Node. */
export async function bundleEntry(entry, name) {
  const outfile = join(workDir, name);
  await build({
    entryPoints: [entry],
    nodePaths: [join(repo, 'node_modules')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return outfile;
}

const serverSource = `
import { createServer } from 'node:http';
const delayMs = Number(process.argv[2] ?? 0);
const body = Buffer.from('{"ok":true,"orders":[1,2,3]}');
const server = createServer({ keepAliveTimeout: 60000 }, (req, res) => {
  const answer = () => { res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }); res.end(body); };
  if (delayMs > 0) setTimeout(answer, delayMs); else answer();
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => process.exit(0));
`;

/**
 * A target in a process of its own: `source` is written to `name` in the work folder and run with
 * `args`; it prints the ports it listens on, space-separated, on one line once it listens.
 */
export async function startTargetProcess(name, source, args = []) {
  const file = join(workDir, name);
  writeFileSync(file, source);
  const child = spawn(node, [file, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ports = await new Promise((resolve, reject) => {
    child.stdout.once('data', (data) => resolve(String(data).trim().split(' ').map(Number)));
    child.once('exit', (code) => reject(new Error(`target server exited with ${code}`)));
  });
  return { ports, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** A Node target in its own process; answers a small JSON body after `delayMs`. */
export async function startServer(delayMs) {
  const { ports, pid, stop } = await startTargetProcess('server.mjs', serverSource, [String(delayMs)]);
  return { url: `http://127.0.0.1:${ports[0]}`, pid, stop };
}

/** Runs a command to its end; returns its stdout, the CPU it used (user + sys seconds) and its peak RSS. */
export function runMeasured(command, args) {
  const run = spawnSync('/usr/bin/time', ['-f', 'CPU %U %S %M', command, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (run.status !== 0) throw new Error(`${command} failed (${run.status}): ${run.stderr}`);
  const match = /CPU ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(run.stderr);
  return {
    stdout: run.stdout,
    stderr: run.stderr,
    cpuSeconds: match ? Number(match[1]) + Number(match[2]) : NaN,
    peakRssMb: match ? Number(match[3]) / 1024 : NaN,
  };
}

export function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

/** Where a command on PATH really lives (autocannon's bin is a link into its package). */
export function commandPath(name) {
  const run = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return run.status === 0 ? realpathSync(run.stdout.trim()) : undefined;
}

/**
 * autocannon driven through its own API in a process of its own, as its CLI's `--warmup` does: a
 * warm-up run, then the measured run. The CPU of the measured run is taken with
 * process.cpuUsage() (all threads), the same gauge perfgate's engine uses for its window, so the
 * CPU per request of both covers the same kind of interval (no start-up, no warm-up).
 */
export function writeAutocannonRunner(autocannonPackageDir) {
  const file = join(workDir, 'run-autocannon.cjs');
  writeFileSync(
    file,
    `const autocannon = require(${JSON.stringify(autocannonPackageDir)});
const [url, connections, durationS, warmupS] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5])];
(async () => {
  if (warmupS > 0) await autocannon({ url, connections, duration: warmupS });
  const cpu0 = process.cpuUsage();
  const r = await autocannon({ url, connections, duration: durationS });
  const cpu = process.cpuUsage(cpu0);
  const windowCpuS = (cpu.user + cpu.system) / 1e6;
  process.stdout.write(JSON.stringify({ requests: r.requests.total, rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, windowCpuS, errors: r.errors + r.timeouts + r.non2xx }));
})();
`,
  );
  return file;
}

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function fixed(value, digits = 2) {
  return Number.isFinite(value) ? value.toFixed(digits) : '–';
}

/** A runner (`name` in the work folder) that drives one scenario with the bundled engine and prints its result as JSON. */
export function writeEngineRunner(enginePath, name = 'run-engine.mjs') {
  const file = join(workDir, name);
  writeFileSync(
    file,
    `import { runScenario } from ${JSON.stringify(enginePath)};
const scenario = JSON.parse(process.argv[2]);
const result = await runScenario(scenario);
const { histogram, segments, timeline, ...rest } = result;
process.stdout.write(JSON.stringify(rest));
`,
  );
  return file;
}

export function scenarioFor(url, load, warmupMs) {
  return {
    name: 'bench',
    load,
    baseUrl: url,
    request: { method: 'GET', path: '/orders', headers: {} },
    warmupMs,
    timeoutMs: 10000,
    thinkTimeMs: 0,
    maxInFlight: 10000,
    segmentMs: 5000,
  };
}

/**
 * One engine run's result (a writeEngineRunner's JSON, under runMeasured) and the figures the
 * comparisons print: CPU per 100k requests from the engine's own gauge over the measured window,
 * the whole process's CPU and peak RSS beside it.
 */
export function engineFigures(run) {
  const r = JSON.parse(run.stdout);
  const windowCpu = r.generator.cpuCores * (r.durationMs / 1000);
  return {
    result: r,
    rps: r.rps,
    requests: r.requests.total,
    ko: r.requests.ko,
    p50: r.latencyMs.p50,
    p99: r.latencyMs.p99,
    cpuPer100k: (windowCpu / r.requests.total) * 1e5,
    processCpu: run.cpuSeconds,
    peakRssMb: run.peakRssMb,
  };
}

/** The median of each tool's rounds, a line a tool, names padded to `width`. */
export function printMedians(results, names, width) {
  for (const name of names) {
    const rs = results[name];
    console.log(
      `median ${name.padEnd(width)} ${fixed(median(rs.map((r) => r.rps)), 0).padStart(7)} req/s  cpu/100k ${fixed(median(rs.map((r) => r.cpuPer100k)))} s  p50 ${fixed(median(rs.map((r) => r.p50)), 3)} ms  p99 ${fixed(median(rs.map((r) => r.p99)), 3)} ms`,
    );
  }
}

/**
 * Source text (for a target script) that declares `h1`, an HTTP/1.1 server, and `h2`, an h2c
 * server, both answering `body` (a JSON text) as application/json, neither listening yet.
 */
export function h1AndH2Servers(body) {
  return `import { createServer } from 'node:http';
import http2 from 'node:http2';
const body = Buffer.from(${JSON.stringify(body)});
const h1 = createServer({ keepAliveTimeout: 60000 }, (req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
const h2 = http2.createServer();
h2.on('stream', (stream) => {
  stream.on('error', () => {});
  stream.respond({ ':status': 200, 'content-type': 'application/json', 'content-length': body.length });
  stream.end(body);
});
h2.on('sessionError', () => {});
`;
}
