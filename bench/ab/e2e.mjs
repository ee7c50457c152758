// A/B mode end to end, for real: two checkouts of the example order service (head/ and base/),
// gated with `node dist/cli.js gate --base-dir ../base` exactly as a user runs it, while a
// neighbour takes a whole core in bursts (0.5–3 s on, 1–5 s off) during a shuffled half of the
// runs. Each checkout starts the service with its own service time (perf/service-time-ms), so
// the head can be made slower by a known amount:
//
//   A/A    base = head, duet and alternate: every regression is a false alarm.
//   power  head slower by +1, +2, +4 ms on a 20 ms service time (≈ 5, 10, 20% of the latency;
//          the table prints the change measured in the same runs), duet.
//
// Side by side, on the same runs, the stored-baseline mode: `perfgate compare` of the head's
// results (the A/B part taken out) against the previous run's base variant saved as the
// baseline: what a stored baseline from one run earlier on the same machine would have said.
//
//   node bench/ab/e2e.mjs [--aa-runs 40] [--power-runs 20] [--levels 1,2,4] [--aa-duration 20]
//        [--power-duration 60] [--rate 1000] [--service-ms 20] [--lock /tmp/heavy.lock] [--seed 11]
//   node bench/ab/e2e.mjs --counts duet:17,alternate:14,1:9,2:5 --seed 12   (tops up cells)
//   node bench/ab/e2e.mjs --summarize bench/out/ab-e2e-<stamp>.jsonl[,more.jsonl]
//   node bench/ab/e2e.mjs --rejudge bench/out/ab-e2e-<stamp>.jsonl[,…] [--cli other/cli.js]
//        (no load: the saved results of every run judged again by another build's statistics)
//
// Build first (npm run build). The plan (A/A per schedule, power per level) is shuffled, so a
// run stopped early still holds a balanced part of every cell; --summarize reads what is there.
// Each gate run, with its neighbour, holds --lock for its own duration only; run the script
// itself without flock (a child asking for a lock its parent holds would wait forever).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchOutput,
  clopperPearsonLower,
  clopperPearsonUpper,
  digestReport,
  median,
  metricOf,
  neighbourLabel,
  parseArgs,
  pct,
  readRunLines,
  runLocked,
  runOneAndExit,
  runProcess,
  seededRandom,
  shuffled,
} from '../gate/harness.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const node = process.execPath;
const cli = join(repo, 'dist/cli.js');
const self = fileURLToPath(import.meta.url);
const SCENARIO = 'ab/open';

const args = parseArgs({
  'aa-runs': 40,
  'power-runs': 20,
  levels: '1,2,4',
  'aa-duration': 20,
  'power-duration': 60,
  warmup: 2,
  rate: 1000,
  'service-ms': 20,
  lock: '/tmp/heavy.lock',
  seed: 11,
  counts: '',
  summarize: '',
  rejudge: '',
  cli: join(repo, 'dist/cli.js'),
  one: '',
});

// ---------------------------------------------------------------- one gate run (inside the lock)

if (args.one) await runOneAndExit(cli, JSON.parse(args.one));

// ---------------------------------------------------------------- the summary

const cell = (line) => (line.slowdownMs === 0 ? `A/A ${line.schedule}` : `+${line.slowdownMs} ms ${line.schedule}`);
const rateOf = (x, n) => `${x}/${n} = ${pct(n ? x / n : NaN)}`;
const withUpper = (x, n) => `${rateOf(x, n)} (≤ ${pct(clopperPearsonUpper(x, n))})`;
const withLower = (x, n) => `${rateOf(x, n)} (≥ ${pct(clopperPearsonLower(x, n))})`;
const verdictOf = (judgement, metric) => metricOf(judgement, SCENARIO, metric)?.verdict;

/** The cores of other work on the machine during the head's measurement (its results file). */
function otherCoresOf(workDir, line) {
  try {
    const results = JSON.parse(readFileSync(join(workDir, 'runs', `${line.index}.json`), 'utf8'));
    return results.scenarios.find((s) => s.name === SCENARIO)?.machine?.otherCores;
  } catch {
    return undefined;
  }
}

const BANDS = [
  ['< 0.5', (x) => x < 0.5],
  ['0.5–1', (x) => x >= 0.5 && x < 1],
  ['≥ 1', (x) => x >= 1],
];

/** Power and false alarms by how busy the machine measured itself (neighbour, other benches, tests). */
function byMachineLoad(runs) {
  const out = [
    '',
    "### By the other work the machine measured during each run (cores outside perfgate and its services: the neighbour, other engineers' tests)",
    '',
    '| cell | other cores | runs | gate FAIL | p50 regression | p95 regression | median MDE p95 |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const name of [...new Set(runs.map(cell))].sort()) {
    for (const [band, inBand] of BANDS) {
      const these = runs.filter(
        (line) => cell(line) === name && Number.isFinite(line.otherCores) && inBand(line.otherCores),
      );
      if (these.length === 0) continue;
      const count = (metric) => these.filter((line) => verdictOf(line.ab, metric) === 'regression').length;
      out.push(
        `| ${name} | ${band} | ${these.length} | ${rateOf(these.filter((l) => l.ab.verdict === 'fail').length, these.length)} | ${rateOf(count('p50'), these.length)} | ${rateOf(count('p95'), these.length)} | ${pct(median(these.map((l) => l.ab.metrics.find((m) => m.metric === 'p95')?.mde)))} |`,
      );
    }
  }
  return out;
}

function summarize(runLines, totalSeconds) {
  const runs = runLines.map((line) => ({
    ...line,
    otherCores: line.workDir ? otherCoresOf(line.workDir, line) : undefined,
  }));
  const out = [];
  const cells = [...new Set(runs.map(cell))].sort((a, b) =>
    a.startsWith('A/A') === b.startsWith('A/A')
      ? a.localeCompare(b, 'en', { numeric: true })
      : a.startsWith('A/A')
        ? -1
        : 1,
  );
  out.push(
    '### A/A (base = head): false alarms',
    '',
    '| schedule | neighbour | runs | false FAILs (CP 95% upper) | runs with a false regression (CP 95% upper) | inconclusive metric verdicts | stored mode on the same runs: false FAILs |',
    '|---|---|---|---|---|---|---|',
  );
  for (const name of cells.filter((c) => c.startsWith('A/A'))) {
    for (const neighbour of [true, false, undefined]) {
      const these = runs.filter(
        (line) => cell(line) === name && (neighbour === undefined || line.neighbour === neighbour),
      );
      if (these.length === 0) continue;
      const fails = these.filter((line) => line.ab.verdict === 'fail').length;
      const regressed = these.filter((line) => line.ab.metrics.some((m) => m.verdict === 'regression')).length;
      const metrics = these.flatMap((line) => line.ab.metrics);
      const stored = these.filter((line) => line.stored);
      const storedFails = stored.filter((line) => line.stored.verdict === 'fail').length;
      out.push(
        `| ${name.slice(4)} | ${neighbourLabel(neighbour)} | ${these.length} | ${withUpper(fails, these.length)} | ${withUpper(regressed, these.length)} | ${pct(metrics.filter((m) => m.verdict === 'inconclusive').length / metrics.length)} | ${stored.length ? rateOf(storedFails, stored.length) : '—'} |`,
      );
    }
  }
  out.push(
    '',
    '### Power: the head slower by a known service time (A/B verdicts; stored mode on the same runs)',
    '',
    '| slowdown | neighbour | runs | measured change p50 / p95 (median of runs) | p50 regression: A/B (CP 95% lower) | p95 regression: A/B (CP 95% lower) | gate FAIL: A/B | p50 / p95 regression: stored mode |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const name of cells.filter((c) => !c.startsWith('A/A'))) {
    for (const neighbour of [true, false, undefined]) {
      const these = runs.filter(
        (line) => cell(line) === name && (neighbour === undefined || line.neighbour === neighbour),
      );
      if (these.length === 0) continue;
      const count = (pick, metric) => these.filter((line) => verdictOf(pick(line), metric) === 'regression').length;
      const stored = these.filter((line) => line.stored);
      out.push(
        `| ${name} | ${neighbourLabel(neighbour)} | ${these.length} | ${pct(median(these.map((l) => l.measured.p50)))} / ${pct(median(these.map((l) => l.measured.p95)))} | ` +
          `${withLower(
            count((l) => l.ab, 'p50'),
            these.length,
          )} | ${withLower(
            count((l) => l.ab, 'p95'),
            these.length,
          )} | ${rateOf(these.filter((l) => l.ab.verdict === 'fail').length, these.length)} | ` +
          `${
            stored.length
              ? `${rateOf(
                  count((l) => l.stored, 'p50'),
                  stored.length,
                )} / ${rateOf(
                  count((l) => l.stored, 'p95'),
                  stored.length,
                )}`
              : '—'
          } |`,
      );
    }
  }
  out.push(...byMachineLoad(runs));
  // The spread of the change A/A runs report: what the minimum effects must clear.
  const sd = (values) => {
    const v = values.filter(Number.isFinite);
    const mean = v.reduce((a, b) => a + b, 0) / v.length;
    return Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, v.length - 1));
  };
  out.push(
    '',
    '| A/A spread: sd over runs of the change reported | p50 | p90 | p95 | p99 | rps |',
    '|---|---|---|---|---|---|',
  );
  for (const schedule of ['duet', 'alternate']) {
    const aa = runs.filter((line) => line.slowdownMs === 0 && line.schedule === schedule);
    if (aa.length < 2) continue;
    const of = (metric) => pct(sd(aa.map((line) => line.ab.metrics.find((m) => m.metric === metric)?.change)));
    out.push(
      `| ${schedule} (${aa.length} runs) | ${of('p50')} | ${of('p90')} | ${of('p95')} | ${of('p99')} | ${of('rps')} |`,
    );
  }
  const aaRegressions = runs
    .filter((line) => line.slowdownMs === 0)
    .flatMap((line) =>
      line.ab.metrics
        .filter((m) => m.verdict === 'regression')
        .map((m) => `${line.schedule} #${line.index} ${m.metric} ${pct(m.change)}`),
    );
  out.push(
    '',
    `false regressions in A/A: ${aaRegressions.length ? aaRegressions.join(', ') : 'none'}`,
    `median MDE of p95 in A/B: duet ${pct(median(runs.filter((l) => l.schedule === 'duet').map((l) => l.ab.metrics.find((m) => m.metric === 'p95')?.mde)))}, ` +
      `alternate ${pct(median(runs.filter((l) => l.schedule === 'alternate').map((l) => l.ab.metrics.find((m) => m.metric === 'p95')?.mde)))}`,
    `runs: ${runs.length}${totalSeconds ? `, total ${(totalSeconds / 60).toFixed(1)} min` : ''}; mean neighbour busy s per run with the neighbour: ${(runs.filter((l) => l.neighbour).reduce((a, l) => a + l.neighbourOnSeconds, 0) / Math.max(1, runs.filter((l) => l.neighbour).length)).toFixed(1)}`,
  );
  return out.join('\n');
}

if (args.summarize && !args.rejudge) {
  console.log(summarize(readRunLines(args.summarize)));
  process.exit(0);
}

// The same real runs judged again by another build (--cli): `perfgate compare --current` pairs
// each results file's head with the base inside it, so only the statistics can differ.
if (args.rejudge) {
  const runs = readRunLines(args.rejudge);
  const judged = [];
  let changed = 0;
  for (const line of runs) {
    const resultsPath = join(line.workDir, 'runs', `${line.index}.json`);
    const compared = await runProcess(node, [
      args.cli,
      'compare',
      '--current',
      resultsPath,
      '--format',
      'json',
      '--seed',
      String(1000 + line.index),
    ]);
    if (compared.code !== 0 && compared.code !== 1)
      throw new Error(`rejudging ${resultsPath}: exit ${compared.code}: ${compared.stderr.slice(-2000)}`);
    const ab = digestReport(JSON.parse(compared.stdout));
    if (ab.verdict !== line.ab.verdict) changed += 1;
    judged.push({ ...line, ab });
  }
  console.log(`rejudged ${judged.length} runs with ${args.cli} (${changed} changed their verdict)\n`);
  console.log(summarize(judged));
  process.exit(0);
}

// ---------------------------------------------------------------- the checkouts

const { stamp, workDir, rawPath, record } = benchOutput(repo, 'ab-e2e');

// The same service in both checkouts; the service time is the only thing a run changes.
const serviceSource = `import { readFileSync } from 'node:fs';
process.env.SERVICE_TIME_MS = readFileSync(new URL('./service-time-ms', import.meta.url), 'utf8').trim();
await import(${JSON.stringify(join(repo, 'examples/orders/server.js'))});
`;

function configText(schedule, durationS) {
  return `services:
  - name: orders
    run: node service.mjs
    ready: { http: "http://127.0.0.1:\${port}/health", timeout: 15s }

defaults:
  baseUrl: "http://127.0.0.1:\${port}"
  timeout: 5s
  warmup: ${args.warmup}s

compare: { mode: ab, schedule: ${schedule} }

scenarios:
  ${SCENARIO}:
    executor: constant-arrival-rate
    rate: ${args.rate}/s
    duration: ${durationS}s
    maxInFlight: 500
    request: { method: GET, path: "/orders/\${row.id}" }
    data: { file: ${JSON.stringify(join(repo, 'examples/orders/data/keys.csv'))}, order: random }
`;
}

function prepare(side, { schedule, durationS, serviceMs }) {
  const dir = join(workDir, side, 'perf');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'service.mjs'), serviceSource);
  writeFileSync(join(dir, 'service-time-ms'), `${serviceMs}\n`);
  writeFileSync(join(dir, 'perfgate.yml'), configText(schedule, durationS));
}

/** The head's results with the A/B part taken out, and the base variant's, as plain results files. */
function splitResults(resultsPath, index) {
  const results = JSON.parse(readFileSync(resultsPath, 'utf8'));
  const { ab, ...head } = results;
  const headPath = join(workDir, 'runs', `${index}-head.json`);
  const basePath = join(workDir, 'runs', `${index}-base.json`);
  writeFileSync(headPath, JSON.stringify(head));
  writeFileSync(basePath, JSON.stringify(ab.base));
  const pick = (r) => r.scenarios.find((s) => s.name === SCENARIO)?.latencyMs;
  const [h, b] = [pick(head), pick(ab.base)];
  return { headPath, basePath, measured: { p50: h.p50 / b.p50 - 1, p95: h.p95 / b.p95 - 1, p99: h.p99 / b.p99 - 1 } };
}

async function gateRun(step, index, previous) {
  const durationS = step.slowdownMs === 0 ? args['aa-duration'] : args['power-duration'];
  prepare('head', { schedule: step.schedule, durationS, serviceMs: args['service-ms'] + step.slowdownMs });
  prepare('base', { schedule: step.schedule, durationS, serviceMs: args['service-ms'] });
  const resultsPath = join(workDir, 'runs', `${index}.json`);
  const cliArgs = [
    'gate',
    '-c',
    'perf/perfgate.yml',
    '--base-dir',
    '../base',
    '--baseline-dir',
    join(workDir, 'no-baseline'),
    '-o',
    resultsPath,
    '--format',
    'json',
    '--seed',
    String(1000 + index),
  ];
  const one = await runLocked(self, args.lock, {
    cliArgs,
    cwd: join(workDir, 'head'),
    neighbour: step.neighbour,
    seed: args.seed * 1000 + index,
  });
  if (one.code !== 0 && one.code !== 1) throw new Error(`run ${index} exited ${one.code}: ${one.stderr.slice(-3000)}`);
  const ab = digestReport(JSON.parse(one.stdout));
  if (ab.mode !== 'ab')
    throw new Error(`run ${index} was not judged as A/B (mode ${ab.mode}): ${one.stderr.slice(-2000)}`);
  const split = splitResults(resultsPath, index);
  // The stored mode on the same run: the head against the previous run's base of the same config.
  let stored;
  const before = previous.get(`${step.schedule}/${durationS}`);
  if (before) {
    const compared = await runProcess(node, [
      cli,
      'compare',
      '--baseline',
      before,
      '--current',
      split.headPath,
      '-c',
      join(workDir, 'head/perf/perfgate.yml'),
      '--format',
      'json',
      '--seed',
      String(2000 + index),
    ]);
    if (compared.code === 0 || compared.code === 1) stored = digestReport(JSON.parse(compared.stdout));
  }
  previous.set(`${step.schedule}/${durationS}`, split.basePath);
  const line = {
    kind: 'run',
    index,
    ...step,
    durationS,
    exit: one.code,
    seconds: one.seconds,
    neighbourOnSeconds: one.neighbourOnSeconds,
    measured: split.measured,
    ab,
    stored,
  };
  record(line);
  return line;
}

if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);
mkdirSync(join(workDir, 'runs'), { recursive: true });
const random = seededRandom(args.seed);
const balanced = (count) =>
  shuffled(
    Array.from({ length: count }, (_, i) => i % 2 === 0),
    random,
  );
// --counts duet:17,alternate:14,1:9,2:5 tops up cells of an earlier run (A/A per schedule, power
// per level) instead of the full plan; the summaries take several raw files at once.
const counts = args.counts
  ? Object.fromEntries(
      String(args.counts)
        .split(',')
        .map((item) => item.split(':'))
        .map(([key, value]) => [key, Number(value)]),
    )
  : {
      duet: args['aa-runs'],
      alternate: args['aa-runs'],
      ...Object.fromEntries(
        String(args.levels)
          .split(',')
          .filter(Boolean)
          .map((level) => [level, args['power-runs']]),
      ),
    };
const plan = [];
for (const [key, count] of Object.entries(counts)) {
  const aa = key === 'duet' || key === 'alternate';
  for (const neighbour of balanced(count))
    plan.push({ schedule: aa ? key : 'duet', slowdownMs: aa ? 0 : Number(key), neighbour });
}
const order = shuffled(plan, random);
const started = Date.now();
record({ kind: 'start', args, stamp, workDir });
const previous = new Map();
const lines = [];
for (const [i, step] of order.entries()) {
  const line = await gateRun(step, i + 1, previous);
  lines.push(line);
  const regressions = line.ab.metrics
    .filter((m) => m.verdict === 'regression')
    .map((m) => `${m.metric} ${pct(m.change)}`);
  console.log(
    `${String(i + 1).padStart(3)}/${order.length} ${cell(line).padEnd(16)} neighbour ${step.neighbour ? 'on ' : 'off'} ${line.ab.verdict}` +
      `${regressions.length ? ` (${regressions.join(', ')})` : ''}; measured p95 ${pct(line.measured.p95)}; stored ${line.stored?.verdict ?? '—'}; ${line.seconds.toFixed(0)} s`,
  );
}
const totalSeconds = (Date.now() - started) / 1000;
record({ kind: 'end', totalSeconds });
console.log(`\nraw: ${rawPath}\n`);
console.log(
  summarize(
    lines.map((line) => ({ ...line, workDir })),
    totalSeconds,
  ),
);
