// End-to-end A/A and power of the gate against a real loopback service: the example order service
// booted by perfgate's own `services:`, one closed and one open scenario, driven through the
// committed CLI bundle (dist/cli.js) exactly as a user would run it.
//
//   node bench/gate/e2e-aa.mjs [--runs 30] [--power-runs 9] [--levels 1,2,4] [--lock-each /tmp/bench.lock]
//
// Phases, in order (`--phases aa,pairs,power` picks some; `--dir` resumes an earlier work dir):
//   aa     `gate --baseline-dir D --save --format json` N times in sequence: the first runs are
//          judged by the bootstrap (too little history), from the 6th on by the history test.
//   pairs  `compare --baseline runI.json --current runJ.json` between the saved A/A results files
//          (consecutive pairs first, then lag 2, 3, … up to --pairs comparisons): bootstrap mode.
//   power  runs with EXTRA_DELAY_MS = each level (levels interleaved), judged by `gate` against D
//          (history mode, no --save) and by `compare` against the newest --power-bases A/A results
//          (bootstrap mode).
// Every line of raw data goes to bench/out/e2e-aa-<stamp>.jsonl; the summary goes to stdout.
//
// Locking: run it under `flock /tmp/bench.lock node bench/gate/e2e-aa.mjs …` (the whole run holds the
// lock), or pass `--lock-each /tmp/bench.lock` to take the lock around each load run instead, so
// another benchmark can run between two of ours (never during one). Not both: flock is per open
// file, so a child asking for a lock its parent holds would wait forever.
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  digestReport,
  clopperPearsonUpper,
  freePort,
  median,
  parseArgs,
  pct,
  readJsonl,
  runProcess,
  ordersServiceYaml,
} from './harness.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const node = process.execPath;
const cli = join(repo, 'dist/cli.js');
const LATENCY = ['p50', 'p90', 'p95', 'p99'];

const args = parseArgs({
  runs: 30,
  'power-runs': 9,
  levels: '1,2,4',
  'power-bases': 3,
  pairs: 120,
  phases: 'aa,pairs,power',
  'service-ms': 20,
  duration: 10,
  warmup: 3,
  segment: 1,
  rate: 600,
  vus: 20,
  'think-ms': 10,
  'lock-each': '',
  dir: '',
  summarize: '',
});
const stamp = new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15);
const outDir = join(repo, 'bench/out');
const workDir = args.dir || join(outDir, `e2e-aa-${stamp}`);
const rawPath = join(outDir, `e2e-aa-${stamp}.jsonl`);
const baselineDir = join(workDir, 'baselines');
const runsDir = join(workDir, 'runs');
if (!args.summarize) {
  mkdirSync(runsDir, { recursive: true });
  mkdirSync(baselineDir, { recursive: true });
}

function record(line) {
  appendFileSync(rawPath, `${JSON.stringify(line)}\n`);
}

// ---------------------------------------------------------------- config

// EXTRA_DELAY_MS is deliberately not in the config: it passes through the environment, so every
// run has the same config hash and the power runs find the A/A baselines.
function writeConfig(port) {
  const data = join(repo, 'examples/orders/data');
  const yaml = `${ordersServiceYaml({ repo, port, serviceMs: args['service-ms'], warmupS: args.warmup })}
  segment: ${args.segment}s

scenarios:
  e2e/open:
    executor: constant-arrival-rate
    rate: ${args.rate}/s
    duration: ${args.duration}s
    maxInFlight: 500
    request: { method: GET, path: "/orders/\${row.id}" }
    data: { file: ${JSON.stringify(join(data, 'keys.csv'))}, order: random }

  e2e/closed:
    executor: constant-vus
    vus: ${args.vus}
    duration: ${args.duration}s
    thinkTime: ${args['think-ms']}ms
    request: { method: GET, path: "/orders/\${row.id}" }
    data: { file: ${JSON.stringify(join(data, 'keys.csv'))}, order: round-robin }
`;
  const path = join(workDir, 'perfgate.yml');
  writeFileSync(path, yaml);
  return path;
}

// ---------------------------------------------------------------- running the CLI

// The bundle can be rebuilt while a long benchmark runs; each line names the build it used.
const bundleHash = () => createHash('sha256').update(readFileSync(cli)).digest('hex').slice(0, 12);

async function runCli(cliArgs, { extraDelayMs = 0, lock = false } = {}) {
  // A rebuild of dist/ removes the bundle for a moment: wait for it rather than lose the run.
  for (let waited = 0; !existsSync(cli) && waited < 60; waited += 1)
    await new Promise((resolve) => setTimeout(resolve, 1000));
  const useLock = lock && args['lock-each'];
  const command = useLock ? 'flock' : node;
  const commandArgs = useLock ? [args['lock-each'], node, cli, ...cliArgs] : [cli, ...cliArgs];
  return runProcess(command, commandArgs, {
    cwd: workDir,
    env: { ...process.env, EXTRA_DELAY_MS: String(extraDelayMs), NO_COLOR: '1' },
  });
}

function parseJsonReport(result, what) {
  try {
    return JSON.parse(result.stdout);
  } catch {
    throw new Error(
      `${what}: exit ${result.code}, no JSON report.\nstdout: ${result.stdout.slice(0, 2000)}\nstderr: ${result.stderr.slice(-3000)}`,
    );
  }
}

/** The per-metric facts worth keeping from a JSON report, and its notes. */
function digest(report) {
  return { ...digestReport(report), notes: report.notes };
}

function requestCounts(resultsPath) {
  const results = JSON.parse(readFileSync(resultsPath, 'utf8'));
  return Object.fromEntries(
    results.scenarios.map((s) => [
      s.name,
      { ok: s.requests.ok, ko: s.requests.ko, rps: s.rps, p50: s.latencyMs.p50, p99: s.latencyMs.p99 },
    ]),
  );
}

async function gateRun(configPath, { index, extraDelayMs, save, phase }) {
  const resultsPath = join(runsDir, `${phase}-${String(index).padStart(3, '0')}-d${extraDelayMs}.json`);
  const cliArgs = [
    'gate',
    '-c',
    configPath,
    '--baseline-dir',
    baselineDir,
    '-o',
    resultsPath,
    '--format',
    'json',
    '--seed',
    String(1000 + index),
  ];
  if (save) cliArgs.push('--save');
  const started = Date.now();
  const result = await runCli(cliArgs, { extraDelayMs, lock: true });
  if (result.code !== 0 && result.code !== 1)
    throw new Error(`gate exited ${result.code}: ${result.stderr.slice(-3000)}`);
  const report = digest(parseJsonReport(result, `gate run ${index}`));
  const line = {
    kind: 'gate',
    phase,
    index,
    extraDelayMs,
    bundle: bundleHash(),
    exit: result.code,
    seconds: (Date.now() - started) / 1000,
    resultsPath,
    counts: requestCounts(resultsPath),
    ...report,
  };
  record(line);
  return line;
}

async function compareRun(configPath, { baselinePath, currentPath, phase, extraDelayMs, seed }) {
  const cliArgs = [
    'compare',
    '--baseline',
    baselinePath,
    '--current',
    currentPath,
    '-c',
    configPath,
    '--format',
    'json',
    '--seed',
    String(seed),
  ];
  const result = await runCli(cliArgs);
  if (result.code !== 0 && result.code !== 1)
    throw new Error(`compare exited ${result.code}: ${result.stderr.slice(-3000)}`);
  const report = digest(parseJsonReport(result, `compare ${baselinePath} ${currentPath}`));
  const line = {
    kind: 'compare',
    phase,
    extraDelayMs,
    bundle: bundleHash(),
    baselinePath,
    currentPath,
    exit: result.code,
    ...report,
  };
  record(line);
  return line;
}

// ---------------------------------------------------------------- statistics

const rate = (x, n) => `${x}/${n} = ${pct(n ? x / n : NaN)} (CP ≤ ${pct(clopperPearsonUpper(x, n))})`;
const sd = (values) => {
  const v = values.filter((x) => Number.isFinite(x));
  if (v.length < 2) return NaN;
  const mean = v.reduce((a, b) => a + b, 0) / v.length;
  return Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / (v.length - 1));
};

function summarizeAa(title, lines) {
  const n = lines.length;
  if (n === 0) return;
  const keys = [...new Set(lines.flatMap((l) => l.metrics.map((m) => `${m.scenario} ${m.metric}`)))];
  console.log(`\n### A/A — ${title}: ${n} comparisons`);
  console.log('| scenario metric | regression | any claim | inconclusive | sd of change | median MDE |');
  console.log('|---|---|---|---|---|---|');
  for (const key of keys) {
    const ms = lines.map((l) => l.metrics.find((m) => `${m.scenario} ${m.metric}` === key)).filter(Boolean);
    const reg = ms.filter((m) => m.verdict === 'regression').length;
    const claim = ms.filter((m) => m.verdict === 'regression' || m.verdict === 'improvement').length;
    const inc = ms.filter((m) => m.verdict === 'inconclusive').length;
    const changes = ms.map((m) => (m.metric === 'error_rate' ? NaN : Math.log1p(m.change)));
    console.log(
      `| ${key} | ${rate(reg, ms.length)} | ${rate(claim, ms.length)} | ${pct(inc / ms.length)} | ${pct(sd(changes))} | ${pct(median(ms.map((m) => m.mde)))} |`,
    );
  }
  const runReg = lines.filter((l) => l.metrics.some((m) => m.verdict === 'regression')).length;
  const runClaim = lines.filter((l) =>
    l.metrics.some((m) => m.verdict === 'regression' || m.verdict === 'improvement'),
  ).length;
  const failed = lines.filter((l) => l.verdict === 'fail').length;
  console.log(
    `per run: any regression ${rate(runReg, n)}; any claim ${rate(runClaim, n)}; gate verdict fail ${failed}/${n}`,
  );
  const reasons = new Map();
  for (const l of lines)
    for (const m of l.metrics)
      if (m.verdict === 'inconclusive')
        for (const r of m.reasons ?? [])
          reasons.set(r.replace(/[\d.,]+/g, '#'), (reasons.get(r.replace(/[\d.,]+/g, '#')) ?? 0) + 1);
  for (const [reason, count] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 6))
    console.log(`  inconclusive ×${count}: ${reason}`);
}

function summarizePower(title, lines, levels) {
  if (lines.length === 0) return;
  console.log(`\n### Power — ${title}`);
  const scenarios = [...new Set(lines.flatMap((l) => l.metrics.map((m) => m.scenario)))];
  const header = [
    'extra delay',
    'n',
    'any latency metric regressed',
    ...scenarios.map((s) => `${s} p50 regressed`),
    ...scenarios.map((s) => `${s} p50 inconclusive`),
    ...scenarios.map((s) => `${s} median p50 change`),
  ];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const level of levels) {
    const ls = lines.filter((l) => l.extraDelayMs === level);
    if (ls.length === 0) continue;
    const any = ls.filter((l) =>
      l.metrics.some((m) => LATENCY.includes(m.metric) && m.verdict === 'regression'),
    ).length;
    const perScenario = scenarios.map((s) => {
      const hits = ls.filter((l) =>
        l.metrics.some((m) => m.scenario === s && m.metric === 'p50' && m.verdict === 'regression'),
      ).length;
      return `${hits}/${ls.length} = ${pct(hits / ls.length)}`;
    });
    const held = scenarios.map((s) => {
      const hits = ls.filter((l) =>
        l.metrics.some((m) => m.scenario === s && m.metric === 'p50' && m.verdict === 'inconclusive'),
      ).length;
      return `${hits}/${ls.length}`;
    });
    const changes = scenarios.map((s) =>
      pct(median(ls.map((l) => l.metrics.find((m) => m.scenario === s && m.metric === 'p50')?.change))),
    );
    const effect = `+${level} ms (+${pct(level / args['service-ms'])} of service time)`;
    console.log(
      `| ${effect} | ${ls.length} | ${any}/${ls.length} = ${pct(any / ls.length)} | ${perScenario.join(' | ')} | ${held.join(' | ')} | ${changes.join(' | ')} |`,
    );
  }
}

// ---------------------------------------------------------------- main

async function main() {
  if (args.summarize) {
    // Summarize an earlier (perhaps interrupted) run from its raw lines, without sending load.
    const lines = readJsonl(args.summarize);
    const setup = lines.find((l) => l.kind === 'setup');
    if (setup) Object.assign(args, { ...setup.args, summarize: args.summarize });
    const levels = args.levels.split(',').map(Number);
    const gates = lines.filter((l) => l.kind === 'gate');
    printSummary(levels, {
      aaLines: gates.filter((l) => l.phase === 'aa'),
      pairLines: lines.filter((l) => l.kind === 'compare' && l.phase === 'pairs'),
      powerGate: gates.filter((l) => l.phase === 'power'),
      powerCompare: lines.filter((l) => l.kind === 'compare' && l.phase === 'power'),
    });
    return;
  }
  const levels = args.levels.split(',').map(Number);
  const phases = new Set(args.phases.split(','));
  const configPath = existsSync(join(workDir, 'perfgate.yml'))
    ? join(workDir, 'perfgate.yml')
    : writeConfig(await freePort());
  console.error(`work dir ${workDir}\nraw lines ${rawPath}\nconfig ${configPath}`);
  record({
    kind: 'setup',
    args,
    configPath,
    config: readFileSync(configPath, 'utf8'),
    node: process.version,
    startedAt: new Date().toISOString(),
  });

  const aaLines = [];
  if (phases.has('aa')) {
    for (let i = 1; i <= args.runs; i += 1) {
      const line = await gateRun(configPath, { index: i, extraDelayMs: 0, save: true, phase: 'aa' });
      aaLines.push(line);
      const regs = line.metrics.filter((m) => m.verdict === 'regression').map((m) => `${m.scenario} ${m.metric}`);
      const okCounts = Object.entries(line.counts)
        .map(([s, c]) => `${s} ${c.ok} ok`)
        .join(', ');
      console.error(
        `aa ${i}/${args.runs}: ${line.mode} ${line.verdict} in ${line.seconds.toFixed(0)} s (${okCounts})${regs.length ? ` regressions: ${regs.join(', ')}` : ''}`,
      );
    }
  }
  const aaFiles = readdirSync(runsDir)
    .filter((f) => f.startsWith('aa-'))
    .sort()
    .map((f) => join(runsDir, f));

  const pairLines = [];
  if (phases.has('pairs') && aaFiles.length >= 2) {
    const pairs = [];
    for (let lag = 1; lag < aaFiles.length && pairs.length < args.pairs; lag += 1) {
      for (let i = 0; i + lag < aaFiles.length && pairs.length < args.pairs; i += 1)
        pairs.push([aaFiles[i], aaFiles[i + lag]]);
    }
    let seed = 5000;
    for (const [baselinePath, currentPath] of pairs) {
      pairLines.push(
        await compareRun(configPath, { baselinePath, currentPath, phase: 'pairs', extraDelayMs: 0, seed: (seed += 1) }),
      );
      if (pairLines.length % 20 === 0) console.error(`pairs ${pairLines.length}/${pairs.length}`);
    }
  }

  const powerGate = [];
  const powerCompare = [];
  if (phases.has('power')) {
    const bases = aaFiles.slice(-args['power-bases']);
    let index = 0;
    for (let round = 0; round < args['power-runs']; round += 1) {
      for (const level of levels) {
        index += 1;
        const line = await gateRun(configPath, { index, extraDelayMs: level, save: false, phase: 'power' });
        powerGate.push(line);
        const p50 = line.metrics
          .filter((m) => m.metric === 'p50')
          .map((m) => `${m.scenario} ${pct(m.change)} ${m.verdict}`)
          .join(', ');
        console.error(`power ${index}: +${level} ms, ${line.mode}: ${p50}`);
        for (const base of bases) {
          powerCompare.push(
            await compareRun(configPath, {
              baselinePath: base,
              currentPath: line.resultsPath,
              phase: 'power',
              extraDelayMs: level,
              seed: 9000 + index,
            }),
          );
        }
      }
    }
  }

  printSummary(levels, { aaLines, pairLines, powerGate, powerCompare });
  console.error(`raw lines in ${rawPath}`);
}

function printSummary(levels, { aaLines, pairLines, powerGate, powerCompare }) {
  console.log(`\n## perfgate end-to-end A/A and power (${new Date().toISOString()})`);
  const bundles = [
    ...new Set([...aaLines, ...pairLines, ...powerGate, ...powerCompare].map((l) => l.bundle).filter(Boolean)),
  ];
  if (bundles.length > 1)
    console.log(`note: dist/cli.js changed during the runs (${bundles.length} builds: ${bundles.join(', ')})`);
  console.log(
    `config: ${args['service-ms']} ms service time, ${args.duration} s measured after ${args.warmup} s warm-up, ${args.segment} s segments; open ${args.rate}/s, closed ${args.vus} VUs with ${args['think-ms']} ms think time`,
  );
  const oks = aaLines.flatMap((l) => Object.entries(l.counts).map(([s, c]) => `${s}:${c.ok}`));
  if (oks.length) {
    for (const s of Object.keys(aaLines[0].counts)) {
      const values = aaLines.map((l) => l.counts[s].ok);
      console.log(
        `ok requests per run, ${s}: min ${Math.min(...values)}, median ${median(values)}, max ${Math.max(...values)}; ko total ${aaLines.reduce((a, l) => a + l.counts[s].ko, 0)}`,
      );
    }
  }
  const byMode = (lines, mode) => lines.filter((l) => l.mode === mode);
  summarizeAa('gate sequence, history mode', byMode(aaLines, 'history'));
  summarizeAa('gate sequence, bootstrap mode (runs 2–5)', byMode(aaLines, 'bootstrap'));
  summarizeAa('pairwise compare of saved results (bootstrap mode)', pairLines);
  for (const mode of ['history', 'bootstrap'])
    summarizePower(`gate against the A/A baseline dir (${mode} mode)`, byMode(powerGate, mode), levels);
  summarizePower(
    `compare against single A/A results (bootstrap mode, ${args['power-bases']} bases per run)`,
    powerCompare,
    levels,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
