// Real A/A gates on a busy machine: the same build of the example order service, gated against
// itself with `node dist/cli.js gate --save` exactly as a user runs it, while a neighbour process
// takes a whole core in random bursts (0.5–3 s on, 1–5 s off) during half the runs and not
// during the others. Every verdict is a false alarm by construction: the report counts false
// FAILs (0 allowed), runs with a false regression (Clopper–Pearson upper bound beside), and the
// share of inconclusive metric verdicts, per mode (history / no history) × neighbour (on / off).
//
//   node bench/gate/contention-aa.mjs [--history-runs 40] [--bare-runs 40] [--duration 8] [--warmup 2]
//        [--rate 600] [--scenarios open] [--lock /tmp/heavy.lock] [--seed 7]
//   node bench/gate/contention-aa.mjs --summarize bench/out/contention-aa-<stamp>.jsonl
//   node bench/gate/contention-aa.mjs --rejudge bench/out/contention-aa-<stamp>.jsonl
//        (no load: `perfgate compare` of every saved results file against the baseline its gate
//        used, with the same seed, by the current dist/: the same runs judged by a newer build)
//
// Build first (npm run build). Modes:
//   history   one chain of baselines (dir H), every run `gate --save`: runs 2–5 are judged
//             without history, from the 6th on by the history test; a run that failed the gate
//             is not saved (the default of `--save`), as on a user's default branch.
//   no history  `gate --save` against a fresh dir holding one baseline: H's newest, with its
//             history taken out, so the stored-run test decides.
// The modes are interleaved, and the neighbour is on for a shuffled half of each mode's runs.
//
// Locking: each gate run, with its neighbour, holds `--lock` (flock) for its own duration only,
// so other benchmarks can run between two of ours, never during one. Run the script itself
// without flock (a child asking for a lock its parent holds would wait forever).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  digestReport,
  benchOutput,
  clopperPearsonUpper,
  freePort,
  parseArgs,
  pct,
  readJsonl,
  runLocked,
  runOneAndExit,
  runProcess,
  seededRandom,
  shuffled,
  ordersServiceYaml,
} from './harness.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const node = process.execPath;
const cli = join(repo, 'dist/cli.js');
const self = fileURLToPath(import.meta.url);

const args = parseArgs({
  'history-runs': 40,
  'bare-runs': 40,
  duration: 8,
  warmup: 2,
  rate: 600,
  vus: 20,
  'think-ms': 10,
  'service-ms': 5,
  scenarios: 'open',
  lock: '/tmp/heavy.lock',
  seed: 7,
  summarize: '',
  rejudge: '',
  one: '',
});

// ---------------------------------------------------------------- one gate run (inside the lock)

if (args.one) await runOneAndExit(cli, JSON.parse(args.one));

// ---------------------------------------------------------------- statistics

function summarize(lines) {
  const gates = lines.filter((line) => line.kind === 'gate' && (line.mode === 'history' || line.mode === 'bootstrap'));
  const rows = [];
  for (const mode of ['history', 'bootstrap']) {
    for (const neighbour of [true, false]) {
      const runs = gates.filter((line) => line.mode === mode && line.neighbour === neighbour);
      const fails = runs.filter((line) => line.verdict === 'fail').length;
      const withRegression = runs.filter((line) => line.metrics.some((m) => m.verdict === 'regression')).length;
      const metrics = runs.flatMap((line) => line.metrics);
      const inconclusive = metrics.filter((m) => m.verdict === 'inconclusive').length;
      const excluded = runs.map((line) => line.excludedSegments ?? 0);
      rows.push({
        mode: mode === 'history' ? 'history' : 'no history',
        neighbour: neighbour ? 'bursts' : 'none',
        runs: runs.length,
        falseFails: fails,
        falseFailUpper: clopperPearsonUpper(fails, runs.length),
        withRegression,
        regressionUpper: clopperPearsonUpper(withRegression, runs.length),
        inconclusiveShare: metrics.length ? inconclusive / metrics.length : NaN,
        meanExcluded: excluded.length ? excluded.reduce((a, b) => a + b, 0) / excluded.length : NaN,
        meanNeighbourOn: runs.length
          ? runs.reduce((a, line) => a + (line.neighbourOnSeconds || 0), 0) / runs.length
          : NaN,
      });
    }
  }
  const totalSeconds = lines.find((line) => line.kind === 'end')?.totalSeconds;
  const table = [
    '| mode | neighbour | runs | false FAILs (CP 95% upper) | runs with a false regression (CP 95% upper) | inconclusive metric verdicts | segments left out per run | neighbour busy s per run |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.mode} | ${r.neighbour} | ${r.runs} | ${r.falseFails} (≤ ${pct(r.falseFailUpper)}) | ${r.withRegression} (≤ ${pct(r.regressionUpper)}) | ${pct(r.inconclusiveShare)} | ${r.meanExcluded.toFixed(2)} | ${r.meanNeighbourOn.toFixed(1)} |`,
    ),
  ];
  const reasons = new Map();
  for (const line of gates) {
    for (const m of line.metrics) {
      if (m.verdict !== 'inconclusive') continue;
      const key = (m.reasons[0] ?? '').replace(/[\d.+−-]+/g, '#').slice(0, 70);
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
  }
  const topReasons = [...reasons]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([reason, count]) => `  ${count}× ${reason}`);
  return [
    ...table,
    '',
    `gate runs judged: ${gates.length}${totalSeconds ? `, total ${(totalSeconds / 60).toFixed(1)} min` : ''}`,
    'most frequent first reasons of inconclusive verdicts:',
    ...topReasons,
  ].join('\n');
}

const stampOf = (text) => /(\d{8}T\d{9}Z)-/.exec(text)?.[1];

/** The baseline file a gate run read: the single copy, or the chain's newest saved before it ran. */
function baselineUsed(workDir, line) {
  if (line.group === 'bare') {
    const dir = join(workDir, `baseline-single-${String(line.index).padStart(3, '0')}`);
    const first = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()[0];
    return first && join(dir, first);
  }
  const startedAt = JSON.parse(readFileSync(line.resultsPath, 'utf8')).startTime.replace(/[-:.]/g, '');
  const dir = join(workDir, 'baselines-history');
  const before = readdirSync(dir)
    .filter((name) => name.endsWith('.json') && stampOf(name) !== undefined && stampOf(name) < startedAt)
    .sort();
  return before.length > 0 ? join(dir, before.at(-1)) : undefined;
}

if (args.rejudge) {
  const lines = readJsonl(args.rejudge);
  const start = lines.find((line) => line.kind === 'start');
  const workDir = dirname(start.configPath);
  const rejudged = [];
  let same = 0;
  for (const line of lines.filter((l) => l.kind === 'gate' && (l.mode === 'history' || l.mode === 'bootstrap'))) {
    const baseline = baselineUsed(workDir, line);
    if (!baseline) continue;
    const result = await runProcess(node, [
      cli,
      'compare',
      '--baseline',
      baseline,
      '--current',
      line.resultsPath,
      '-c',
      start.configPath,
      '--format',
      'json',
      '--seed',
      String(1000 + line.index),
    ]);
    const report = digest(JSON.parse(result.stdout));
    if (report.verdict === line.verdict && report.mode === line.mode) same += 1;
    rejudged.push({ ...line, ...report, mode: line.mode });
  }
  console.log(`rejudged ${rejudged.length} gate runs with the current dist/ (${same} kept their verdict and mode)\n`);
  console.log(summarize(rejudged));
  process.exit(0);
}

if (args.summarize) {
  console.log(summarize(readJsonl(args.summarize)));
  process.exit(0);
}

// ---------------------------------------------------------------- the plan

const { stamp, workDir, rawPath, record } = benchOutput(repo, 'contention-aa');
const historyDir = join(workDir, 'baselines-history');
const runsDir = join(workDir, 'runs');
mkdirSync(runsDir, { recursive: true });
mkdirSync(historyDir, { recursive: true });

const random = seededRandom(args.seed);

/** `count` flags, half of them true, in random order. */
const balancedFlags = (count) =>
  shuffled(
    Array.from({ length: count }, (_, i) => i % 2 === 0),
    random,
  );

function writeConfig(port) {
  const data = join(repo, 'examples/orders/data');
  const wanted = new Set(String(args.scenarios).split(','));
  const scenarios = [];
  if (wanted.has('open')) {
    scenarios.push(`  aa/open:
    executor: constant-arrival-rate
    rate: ${args.rate}/s
    duration: ${args.duration}s
    maxInFlight: 500
    request: { method: GET, path: "/orders/\${row.id}" }
    data: { file: ${JSON.stringify(join(data, 'keys.csv'))}, order: random }`);
  }
  if (wanted.has('closed')) {
    scenarios.push(`  aa/closed:
    executor: constant-vus
    vus: ${args.vus}
    duration: ${args.duration}s
    thinkTime: ${args['think-ms']}ms
    request: { method: GET, path: "/orders/\${row.id}" }
    data: { file: ${JSON.stringify(join(data, 'keys.csv'))}, order: round-robin }`);
  }
  const yaml = `${ordersServiceYaml({ repo, port, serviceMs: args['service-ms'], warmupS: args.warmup })}

scenarios:
${scenarios.join('\n\n')}
`;
  const path = join(workDir, 'perfgate.yml');
  writeFileSync(path, yaml);
  return path;
}

/** A dir holding one baseline: the chain's newest, its history taken out. */
function singleBaselineDir(index) {
  const names = readdirSync(historyDir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const newest = names.at(-1);
  if (!newest) return undefined;
  const dir = join(workDir, `baseline-single-${String(index).padStart(3, '0')}`);
  mkdirSync(dir, { recursive: true });
  const baseline = JSON.parse(readFileSync(join(historyDir, newest), 'utf8'));
  writeFileSync(join(dir, newest), `${JSON.stringify({ ...baseline, history: [] })}\n`);
  return dir;
}

function digest(report) {
  const notes = report.scenarios.flatMap((scenario) => scenario.notes);
  const excludedSegments = notes.reduce((sum, note) => {
    const match = /^This run: (\d+) of \d+ segments left out/.exec(note);
    return sum + (match ? Number(match[1]) : 0);
  }, 0);
  return { ...digestReport(report), excludedSegments, notes };
}

async function gateRun(configPath, { index, group, neighbour }) {
  const dir = group === 'history' ? historyDir : singleBaselineDir(index);
  if (!dir) throw new Error('no baseline to copy for a no-history run: the history chain saved nothing yet');
  const resultsPath = join(runsDir, `${String(index).padStart(3, '0')}-${group}${neighbour ? '-n' : ''}.json`);
  const cliArgs = [
    'gate',
    '-c',
    configPath,
    '--baseline-dir',
    dir,
    '-o',
    resultsPath,
    '--format',
    'json',
    '--seed',
    String(1000 + index),
    '--save',
  ];
  const one = await runLocked(self, args.lock, { cliArgs, cwd: workDir, neighbour, seed: args.seed * 1000 + index });
  if (one.code !== 0 && one.code !== 1)
    throw new Error(`gate run ${index} exited ${one.code}: ${one.stderr.slice(-3000)}`);
  let report;
  try {
    report = digest(JSON.parse(one.stdout));
  } catch {
    throw new Error(`gate run ${index}: no JSON report (exit ${one.code}): ${one.stderr.slice(-2000)}`);
  }
  const saved = /saved this run as the new baseline/.test(one.stderr);
  const line = {
    kind: 'gate',
    index,
    group,
    neighbour,
    exit: one.code,
    seconds: one.seconds,
    neighbourOnSeconds: one.neighbourOnSeconds,
    saved,
    resultsPath,
    ...report,
  };
  record(line);
  return line;
}

if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);
const started = Date.now();
const configPath = writeConfig(await freePort());
record({ kind: 'start', args, configPath, stamp });
// The prelude builds the chain: run 1 has no baseline, runs 2–5 are judged without history.
const prelude = 5;
const historyFlags = balancedFlags(args['history-runs'] + prelude);
const bareFlags = balancedFlags(args['bare-runs']);
const plan = [];
for (let i = 0; i < prelude; i++) plan.push({ group: 'history', neighbour: historyFlags[i] });
for (let h = prelude, b = 0; h < historyFlags.length || b < bareFlags.length;) {
  if (h < historyFlags.length) plan.push({ group: 'history', neighbour: historyFlags[h++] });
  if (b < bareFlags.length) plan.push({ group: 'bare', neighbour: bareFlags[b++] });
}
const lines = [];
for (const [index, step] of plan.entries()) {
  const line = await gateRun(configPath, { index: index + 1, ...step });
  lines.push(line);
  const regressions = line.metrics
    .filter((m) => m.verdict === 'regression')
    .map((m) => `${m.scenario} ${m.metric} ${(m.change * 100).toFixed(0)}%`);
  console.log(
    `${String(index + 1).padStart(3)}/${plan.length} ${step.group.padEnd(7)} neighbour ${step.neighbour ? 'on ' : 'off'} mode ${String(line.mode).padEnd(15)} ` +
      `${line.verdict}${regressions.length ? ` (${regressions.join(', ')})` : ''} left out ${line.excludedSegments}, ${line.seconds.toFixed(1)} s`,
  );
}
const totalSeconds = (Date.now() - started) / 1000;
record({ kind: 'end', totalSeconds });
lines.push({ kind: 'end', totalSeconds });
console.log(`\nraw: ${rawPath}\n`);
console.log(summarize(lines));
