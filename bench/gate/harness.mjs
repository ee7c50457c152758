// What the end-to-end benches share: their argument parser, child processes, the bursty
// neighbour, a seeded generator, free ports and the binomial bounds their tables print.
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** `--key value` pairs over `defaults`; a number default makes the value a number. */
export function parseArgs(defaults, argv = process.argv.slice(2)) {
  const args = { ...defaults };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i]?.replace(/^--/, '');
    const value = argv[i + 1];
    if (!key || value === undefined || !(key in defaults)) {
      throw new Error(
        `unknown or incomplete argument ${argv[i]}; known: ${Object.keys(defaults)
          .map((k) => `--${k}`)
          .join(', ')}`,
      );
    }
    args[key] = typeof defaults[key] === 'number' ? Number(value) : value;
  }
  return args;
}

export function runProcess(command, commandArgs, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** xorshift32: every bench's plan (neighbour flags, orders) is fixed by its seed. */
export function seededRandom(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** The items in random order (Fisher–Yates). */
export function shuffled(items, random) {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// The neighbour spins one core in bursts of 0.5–3 s with 1–5 s pauses; its seed fixes them.
const neighbourSource = `
let state = \${SEED} >>> 0 || 1;
const next = () => { state ^= state << 13; state ^= state >>> 17; state ^= state << 5; return (state >>> 0) / 4294967296; };
let onSeconds = 0;
function burst() {
  const on = 500 + next() * 2500;
  const until = performance.now() + on;
  while (performance.now() < until) { /* one core, busy */ }
  onSeconds += on / 1000;
  setTimeout(burst, 1000 + next() * 4000);
}
process.on('SIGTERM', () => { process.stdout.write(JSON.stringify({ onSeconds })); process.exit(0); });
// A bench killed without stopping it (pkill of the script) must not leave a core spinning for hours.
setInterval(() => { try { process.kill(\${PARENT}, 0); } catch { process.exit(0); } }, 1000);
setTimeout(burst, next() * 2000);
`;

/** Starts the neighbour; `stop()` resolves with the seconds it spent busy. */
export function startNeighbour(seed) {
  const child = spawn(
    process.execPath,
    ['-e', neighbourSource.replace('${SEED}', String(seed)).replace('${PARENT}', String(process.pid))],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('close', () => {
          try {
            resolve(JSON.parse(out).onSeconds);
          } catch {
            resolve(NaN);
          }
        });
        child.kill('SIGTERM');
      }),
  };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Clopper–Pearson two-sided interval's upper end for x events in n trials. */
export function clopperPearsonUpper(x, n, level = 0.95) {
  if (n === 0) return NaN;
  if (x >= n) return 1;
  const target = (1 - level) / 2;
  // P(X ≤ x | p) falls as p rises: bisect for the p where it equals target.
  let lo = x / n;
  let hi = 1;
  for (let i = 0; i < 100; i += 1) {
    const mid = (lo + hi) / 2;
    if (binomialCdf(x, n, mid) > target) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** Clopper–Pearson two-sided interval's lower end for x events in n trials. */
export function clopperPearsonLower(x, n, level = 0.95) {
  if (n === 0) return NaN;
  if (x === 0) return 0;
  return 1 - clopperPearsonUpper(n - x, n, level);
}

export function binomialCdf(x, n, p) {
  let sum = 0;
  let logTerm = n * Math.log1p(-p); // k = 0
  for (let k = 0; k <= x; k += 1) {
    if (k > 0) logTerm += Math.log((n - k + 1) / k) + Math.log(p) - Math.log1p(-p);
    sum += Math.exp(logTerm);
  }
  return Math.min(1, sum);
}

export const pct = (x) => `${(100 * x).toFixed(1)}%`;

export const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The `--one` half of a locked bench run: the CLI with `spec.cliArgs` in `spec.cwd`, beside the
 * neighbour when `spec.neighbour`; prints what happened as one JSON line and exits.
 */
export async function runOneAndExit(cli, spec) {
  const neighbour = spec.neighbour ? startNeighbour(spec.seed) : undefined;
  const started = Date.now();
  const result = await runProcess(process.execPath, [cli, ...spec.cliArgs], {
    cwd: spec.cwd,
    env: { ...process.env, NO_COLOR: '1' },
  });
  const neighbourOnSeconds = neighbour ? await neighbour.stop() : 0;
  process.stdout.write(JSON.stringify({ ...result, seconds: (Date.now() - started) / 1000, neighbourOnSeconds }));
  process.exit(0);
}

/**
 * One gate run inside `lock` (flock), with its neighbour: `self --one spec` holds the lock for
 * its own duration only, so other benchmarks run between two of ours, never during one.
 */
export async function runLocked(self, lock, spec) {
  const json = JSON.stringify(spec);
  const outer = await (lock
    ? runProcess('flock', [lock, process.execPath, self, '--one', json])
    : runProcess(process.execPath, [self, '--one', json]));
  try {
    return JSON.parse(outer.stdout);
  } catch {
    throw new Error(`no result from a locked run (exit ${outer.code}): ${outer.stderr.slice(-2000)}`);
  }
}

/** The lines of a bench's raw .jsonl file. */
export function readJsonl(path) {
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

/** The per-metric facts the benches keep from a JSON report (`--format json` of gate or compare),
 * one shape for every bench's raw file. */
export function digestReport(report) {
  const metrics = report.scenarios.flatMap((scenario) =>
    scenario.metrics.map((m) => ({
      scenario: scenario.name,
      metric: m.metric,
      verdict: m.verdict,
      method: m.method,
      change: m.change,
      interval: m.changeInterval,
      pValue: m.pValue,
      adjustedPValue: m.adjustedPValue,
      minEffect: m.minEffect,
      mde: m.minDetectableEffect,
      reasons: m.reasons,
      // compare.confirm's second pair of processes: confirmed / not-reproduced / untested, its figures.
      confirmation: m.confirmation,
    })),
  );
  return { mode: report.mode, verdict: report.verdict, historyLength: report.baseline?.historyLength, metrics };
}

/** One metric of a digested report (undefined when it was not judged). */
export const metricOf = (judgement, scenario, metric) =>
  judgement?.metrics.find((m) => m.scenario === scenario && m.metric === metric);

/** The run lines of one or more raw .jsonl files (comma-separated: one sample), each line with the
 * work dir of its own file. */
export function readRunLines(paths) {
  return paths.split(',').flatMap((path) => {
    const lines = readJsonl(path);
    const workDir = lines.find((line) => line.kind === 'start')?.workDir;
    return lines.filter((line) => line.kind === 'run').map((line) => ({ ...line, workDir }));
  });
}

/** A summary row's neighbour column: runs with bursts, without, or all of them. */
export const neighbourLabel = (neighbour) => (neighbour === undefined ? '**all**' : neighbour ? 'bursts' : 'none');

/** A new run's work dir and raw file under bench/out, both named `<name>-<UTC stamp>`. */
export function benchOutput(repo, name) {
  const stamp = new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15);
  const outDir = join(repo, 'bench/out');
  const rawPath = join(outDir, `${name}-${stamp}.jsonl`);
  return {
    stamp,
    workDir: join(outDir, `${name}-${stamp}`),
    rawPath,
    record: (line) => appendFileSync(rawPath, `${JSON.stringify(line)}\n`),
  };
}

/** The config's head for the example order service on `port`: its service and the defaults. */
export function ordersServiceYaml({ repo, port, serviceMs, warmupS }) {
  return `services:
  - name: orders
    run: ${JSON.stringify(`${process.execPath} ${join(repo, 'examples/orders/server.js')}`)}
    env: { PORT: "${port}", SERVICE_TIME_MS: "${serviceMs}" }
    ready: { http: "http://127.0.0.1:${port}/health", timeout: 15s }

defaults:
  baseUrl: http://127.0.0.1:${port}
  timeout: 5s
  warmup: ${warmupS}s`;
}
