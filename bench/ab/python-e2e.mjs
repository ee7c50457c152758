// The verdicts on a service that is not ours: a Python product service over SQLite
// (bench/ab/python/app.py, the standard library's threaded server, p50 ≈ 1.5–2 ms on this machine;
// or with --app flask bench/ab/python/flask_app.py, Flask under gunicorn's two sync workers, the
// service issue 32's reporter used: p50 ≈ 2.1–3.4 ms here, as each request opens its own
// connection; 275 µs of --extra-us read +10–20% at p50 in the seventh round of measurements.md),
// gated with `node dist/cli.js gate` exactly as a user runs it, with or without a bursty neighbour
// that takes a core (0.5–3 s on, 1–5 s off). Cells:
//
//   aa       A/B (duet unless --schedule), base = head: every regression is a false alarm; p50 should read "no change".
//   slow     A/B, the head spends --extra-us more CPU per request (150 µs ≈ +10% at p50).
//   stored   stored mode: `gate --save` of the base, then the head 2.8× slower (--stored-extra-us)
//            gated against that one stored run: it must fail.
//   stored-aa  stored mode, the same build against one stored run: it must not fail.
//
//   node bench/ab/python-e2e.mjs [--counts aa:10,slow:10,stored:2,stored-aa:4] [--rate 150]
//        [--duration 15] [--warmup 3] [--extra-us 150] [--stored-extra-us 2700] [--neighbour both|on|off]
//        [--lock /tmp/heavy.lock] [--seed 21] [--extend 2,4] [--app stdlib|flask] [--processes 1]
//        [--schedule duet|alternate]
//   --schedule: compare.schedule of the A/B cells (duet by default; alternate runs the variants in
//   turn, one slot each, and takes twice the wall time).
//   --processes k: compare.processes for the A/B cells: each variant boots k copies of the service,
//   its requests spread over them in turn (the Flask A/A cells' fix for processes that differ).
//   --clis a/cli.js,b/cli.js: the A/B cells alternate these builds (build 0, 1, … in the summary).
//   --extend: compare.extend.maxDuration (× the window) for the A/B cells, one list entry per run in turn
//   (each factor gets every other run of a cell with 2,4), so that budgets meet the same machine.
//   compare.confirm (on by default at one process per variant): an A/B run whose first pair of
//   processes regressed boots both variants afresh and measures the regressed scenario again; the
//   second table counts the runs that did, what the second pair made of each first-pair regression
//   (confirmed / not reproduced / untested), and the wall time per gate with and without it.
//   node bench/ab/python-e2e.mjs --summarize bench/out/py-e2e-<stamp>.jsonl[,more.jsonl]
//   node bench/ab/python-e2e.mjs --rejudge bench/out/py-e2e-<stamp>.jsonl [--cli other/cli.js] [--min-effects none]
//
// Build first (npm run build). Each gate run holds --lock for its own duration only; run the
// script itself without flock.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchOutput,
  clopperPearsonLower,
  clopperPearsonUpper,
  digestReport,
  median,
  metricOf as metricOfReport,
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
const self = fileURLToPath(import.meta.url);
const SCENARIO = 'shop/product';

const args = parseArgs({
  counts: 'aa:10,slow:10,stored:2,stored-aa:4',
  rate: 150,
  duration: 15,
  warmup: 3,
  'extra-us': 150,
  'stored-extra-us': 2700,
  neighbour: 'both',
  lock: '/tmp/heavy.lock',
  seed: 21,
  summarize: '',
  rejudge: '',
  // --rejudge only: 'none' judges the A/B runs again with every minimum effect at 0.
  'min-effects': '',
  cli: join(repo, 'dist/cli.js'),
  one: '',
  python: 'python3',
  extend: '',
  clis: '',
  app: 'stdlib',
  processes: 1,
  schedule: 'duet',
});
if (!['duet', 'alternate'].includes(args.schedule))
  throw new Error(`--schedule ${args.schedule}: use duet or alternate (compare.schedule)`);
if (!(Number.isInteger(args.processes) && args.processes >= 1 && args.processes <= 8))
  throw new Error(`--processes ${args.processes}: use a whole number from 1 to 8 (compare.processes)`);
// Each app: its file in bench/ab/python and the command that serves it on ${port}.
const APPS = {
  stdlib: { file: 'app.py', run: `${args.python} app.py` },
  // Sync workers close the connection after each answer, as the reporter's service did. The
  // control socket's default path is one per user: the base's and head's gunicorn would share it.
  flask: {
    file: 'flask_app.py',
    run: `${args.python} -m gunicorn -w 2 -b 127.0.0.1:\${port} --no-control-socket flask_app:app`,
  },
};
const app = APPS[args.app];
if (!app) throw new Error(`--app ${args.app}: no such app; use one of ${Object.keys(APPS).join(', ')}`);
// --clis a/cli.js,b/cli.js: the A/B cells alternate builds in pairs of runs, as --extend does
// budgets, so that two versions of the product meet the same machine.
const clis = String(args.clis)
  .split(',')
  .filter((c) => c !== '');
const extendFactors = String(args.extend)
  .split(',')
  .filter((f) => f !== '')
  .map(Number);

if (args.one) {
  const spec = JSON.parse(args.one);
  await runOneAndExit(spec.cli ?? args.cli, spec);
}

const metricOf = (judgement, metric) => metricOfReport(judgement, SCENARIO, metric);

/**
 * compare.confirm in one run, from its results file: whether a second pair of processes ran, why
 * it could not be measured (`failure`), and its window (the measured window plus the warm-up of
 * each scenario it ran again; booting the pair is not in it, the wall time is). Undefined when the
 * results file is gone.
 */
function confirmationOf(resultsPath) {
  if (!resultsPath || !existsSync(resultsPath)) return undefined;
  const confirmation = JSON.parse(readFileSync(resultsPath, 'utf8')).ab?.confirmation;
  if (confirmation === undefined) return { ran: false };
  // Flow steps are inside their flow's window; the duet's base runs beside the head, in the same window.
  const top = confirmation.scenarios.filter((scenario) => scenario.flow === undefined);
  const windowSeconds = top.reduce((sum, scenario) => sum + (scenario.durationMs + (scenario.warmupMs ?? 0)) / 1000, 0);
  return {
    ran: true,
    ...(confirmation.failure !== undefined ? { failure: confirmation.failure } : {}),
    windowSeconds,
  };
}

/**
 * What the second pair made of each regression of the first, from the verdict (so that --rejudge
 * judges it again): metric → confirmed / not-reproduced / untested. A first-pair regression left
 * without a confirmation while a pair ran (the pair could not be measured) is untested.
 */
function outcomesOf(judged, confirmation) {
  const outcomes = {};
  for (const m of judged.metrics) {
    const name = `${m.scenario === SCENARIO ? '' : `${m.scenario} `}${m.metric}`;
    if (m.confirmation !== undefined) outcomes[name] = m.confirmation.outcome;
    else if (confirmation?.ran && m.verdict === 'regression') outcomes[name] = 'untested';
  }
  return outcomes;
}

/**
 * A run line with its confirmation (older lines read it from the results file). Lines written
 * before this bench recorded outcomes digested their verdict without them: those whose second pair
 * ran have outcomes `null` (unknown) until --rejudge judges them again.
 */
const withConfirmation = (line) => {
  const confirmation = line.confirmation ?? confirmationOf(line.resultsPath);
  const outcomes = line.outcomes ?? (confirmation?.ran ? null : {});
  return { ...line, confirmation, outcomes };
};

// ---------------------------------------------------------------- the summary

const cellOf = (r) =>
  `${r.app === 'flask' ? 'flask ' : ''}${r.cell}${r.schedule === 'alternate' && !r.cell.startsWith('stored') ? ' alternate' : ''}${r.processes > 1 && r.cell !== 'stored' && r.cell !== 'stored-aa' ? ` ${r.processes} processes` : ''}${r.extend ? ` ×${r.extend}` : ''}${r.build !== undefined ? ` build ${r.build}` : ''}`;

function summarize(runs) {
  const out = [
    '| cell | neighbour | runs | gate FAIL | p50 regression | p50 no change | p50 interval inside ±5% | median p50 change | median MDE p50 / p95 | false regressions (any metric) |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  const cells = [...new Set(runs.map(cellOf))].sort();
  for (const cell of cells) {
    for (const neighbour of [false, true, undefined]) {
      const these = runs.filter((r) => cellOf(r) === cell && (neighbour === undefined || r.neighbour === neighbour));
      if (these.length === 0) continue;
      const n = these.length;
      const count = (test) => these.filter(test).length;
      const fails = count((r) => r.judged.verdict === 'fail');
      const regP50 = count((r) => metricOf(r.judged, 'p50')?.verdict === 'regression');
      const noChange = count((r) => metricOf(r.judged, 'p50')?.verdict === 'no change');
      const inside = count((r) => {
        const i = metricOf(r.judged, 'p50')?.interval;
        return i !== undefined && i[0] > -0.05 && i[1] < 0.05;
      });
      const aa = these[0].cell === 'aa' || these[0].cell === 'stored-aa';
      const anyRegression = count((r) => r.judged.metrics.some((m) => m.verdict === 'regression'));
      // Clopper–Pearson 95%: the upper bound of what should be rare, the lower of what should be the rule.
      const rare = (x) => `${x}/${n} (≤ ${pct(clopperPearsonUpper(x, n))})`;
      const rule = (x) => `${x}/${n} (≥ ${pct(clopperPearsonLower(x, n))})`;
      const bound = aa ? rare : rule;
      out.push(
        `| ${cell} | ${neighbourLabel(neighbour)} | ${n} | ${bound(fails)} | ${bound(regP50)} | ${aa ? rule(noChange) : rare(noChange)} | ${aa ? rule(inside) : `${inside}/${n}`} | ` +
          `${pct(median(these.map((r) => metricOf(r.judged, 'p50')?.change)))} | ${pct(median(these.map((r) => metricOf(r.judged, 'p50')?.mde)))} / ${pct(median(these.map((r) => metricOf(r.judged, 'p95')?.mde)))} | ${aa ? anyRegression : '—'} |`,
      );
    }
  }
  return [out.join('\n'), '', confirmSummary(runs), '', bootSummary(runs)].join('\n');
}

/**
 * The first pair's p50 change by which variant was spawned first (ab.boot), per cell: whether an
 * offset between the two processes follows the boot order. Runs whose results file has no boot
 * order (written before perfgate drew it) are "head-first", the only order then.
 */
function bootSummary(runs) {
  const out = [
    '| cell | boot order | runs | median p50 change | p50 change below −3% | above +3% | largest offsets |',
    '|---|---|---|---|---|---|---|',
  ];
  const firstPairP50 = (r) => metricOf(r.judged, 'p50')?.change;
  for (const cell of [...new Set(runs.map(cellOf))].sort()) {
    for (const boot of ['head-first', 'base-first']) {
      const these = runs.filter((r) => cellOf(r) === cell && (r.boot ?? 'head-first') === boot);
      const changes = these.map(firstPairP50).filter((c) => c !== undefined);
      if (changes.length === 0) continue;
      const largest = [...changes].sort((a, b) => Math.abs(b) - Math.abs(a)).slice(0, 3);
      out.push(
        `| ${cell} | ${boot} | ${changes.length} | ${pct(median(changes))} | ${changes.filter((c) => c < -0.03).length} | ` +
          `${changes.filter((c) => c > 0.03).length} | ${largest.map(pct).join(', ')} |`,
      );
    }
  }
  return out.join('\n');
}

/** compare.confirm's table: per cell, the runs whose first pair regressed and what the second pair said. */
function confirmSummary(plain) {
  const runs = plain.map(withConfirmation);
  const out = [
    '| cell | neighbour | runs | confirmation ran | p50: confirmed / not reproduced / untested | other metrics: confirmed / not reproduced / untested | second pair not measured | median s per gate without / with confirmation | median confirmation window |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const cells = [...new Set(runs.map(cellOf))].sort();
  const seconds = (values) => (values.length === 0 ? '—' : `${median(values).toFixed(0)} s`);
  for (const cell of cells) {
    for (const neighbour of [false, true, undefined]) {
      const these = runs.filter((r) => cellOf(r) === cell && (neighbour === undefined || r.neighbour === neighbour));
      if (these.length === 0) continue;
      const ran = these.filter((r) => r.confirmation?.ran);
      const unknown = these.filter((r) => r.confirmation === undefined).length;
      const unknownOutcomes = these.filter((r) => r.outcomes === null).length;
      const tally = (pick) => {
        const outcomes = these.flatMap((r) => Object.entries(r.outcomes ?? {}).filter(([metric]) => pick(metric)));
        const n = (outcome) => outcomes.filter(([, o]) => o === outcome).length;
        const unknown = unknownOutcomes > 0 ? ` (+ ${unknownOutcomes} runs unknown: --rejudge)` : '';
        return `${n('confirmed')} / ${n('not-reproduced')} / ${n('untested')}${unknown}`;
      };
      out.push(
        `| ${cell} | ${neighbourLabel(neighbour)} | ${these.length} | ${ran.length}${unknown ? ` (${unknown} results files gone)` : ''} | ` +
          `${tally((m) => m === 'p50')} | ${tally((m) => m !== 'p50')} | ${ran.filter((r) => r.confirmation.failure !== undefined).length} | ` +
          `${seconds(these.filter((r) => r.confirmation && !r.confirmation.ran).map((r) => r.seconds))} / ${seconds(ran.map((r) => r.seconds))} | ` +
          `${seconds(ran.map((r) => r.confirmation.windowSeconds))} |`,
      );
    }
  }
  return out.join('\n');
}

if (args.summarize && !args.rejudge) {
  console.log(summarize(readRunLines(args.summarize)));
  process.exit(0);
}

if (args.rejudge) {
  const judged = [];
  for (const line of readRunLines(args.rejudge)) {
    // A/B results carry their base, so `compare --current` judges them again; stored ones name theirs.
    const compareArgs = ['compare', '--current', line.resultsPath, '--format', 'json'];
    if (line.baselinePath) compareArgs.push('--baseline', line.baselinePath);
    if (args['min-effects'] === 'none') {
      // The run's own config with the minimum effects at 0. Upper bound on the failures: a first
      // pair's regression too small for the run's minimum effect had no second pair, so it stands.
      const config = join(dirname(line.resultsPath), 'head', 'perfgate.yml');
      const text = readFileSync(config, 'utf8');
      if (!text.includes('compare: { mode: ab')) continue;
      const noMin = join(dirname(line.resultsPath), 'perfgate-no-min-effects.yml');
      writeFileSync(
        noMin,
        text.replace('compare: { mode: ab', 'compare: { minEffect: { latency: 0, rps: 0, error_rate: 0 }, mode: ab'),
      );
      compareArgs.push('-c', noMin);
    }
    const compared = await runProcess(process.execPath, [args.cli, ...compareArgs]);
    if (compared.code !== 0 && compared.code !== 1)
      throw new Error(`rejudging ${line.resultsPath}: exit ${compared.code}: ${compared.stderr.slice(-2000)}`);
    const again = digestReport(JSON.parse(compared.stdout));
    const confirmation = confirmationOf(line.resultsPath);
    judged.push({ ...line, judged: again, confirmation, outcomes: outcomesOf(again, confirmation) });
  }
  console.log(`rejudged ${judged.length} runs with ${args.cli}\n`);
  console.log(summarize(judged));
  process.exit(0);
}

// ---------------------------------------------------------------- the checkouts and runs

const { stamp, workDir, rawPath, record } = benchOutput(repo, 'py-e2e');

function configText({ mode, extend }) {
  return `services:
  - name: shop
    run: ${app.run}
    env: { PORT: "\${port}", DB: "products.db" }
    ready: { http: "http://127.0.0.1:\${port}/health", timeout: 15s }

defaults:
  baseUrl: "http://127.0.0.1:\${port}"
  timeout: 5s
  warmup: ${args.warmup}s
${mode === 'ab' ? `\ncompare: { mode: ab, schedule: ${args.schedule}${extend ? `, extend: { maxDuration: ${extend}x }` : ''}${args.processes > 1 ? `, processes: ${args.processes}` : ''} }\n` : '\ncompare: { mode: stored }\n'}
scenarios:
  ${SCENARIO}:
    executor: constant-arrival-rate
    rate: ${args.rate}/s
    duration: ${args.duration}s
    maxInFlight: 200
    request: { method: GET, path: "/products/\${row.id}" }
    data: { file: ids.csv, order: random }
`;
}

function prepare(dir, { extraUs, mode, extend }) {
  mkdirSync(dir, { recursive: true });
  const appPath = join(dir, app.file);
  copyFileSync(join(repo, 'bench/ab/python', app.file), appPath);
  // The head's "code change": a handler that spends extraUs more CPU per request.
  const source = readFileSync(appPath, 'utf8');
  writeFileSync(
    appPath,
    source.replace('os.environ.get("EXTRA_CPU_US", "0")', `os.environ.get("EXTRA_CPU_US", "${extraUs}")`),
  );
  writeFileSync(
    join(dir, 'ids.csv'),
    `id\n${Array.from({ length: 500 }, (_, i) => 1 + ((i * 7919) % 15000)).join('\n')}\n`,
  );
  writeFileSync(join(dir, 'perfgate.yml'), configText({ mode, extend }));
}

async function gateOnce(cwd, cliArgs, neighbour, seed, cli = args.cli) {
  const one = await runLocked(self, args.lock, { cliArgs, cwd, neighbour, seed, cli });
  if (one.code !== 0 && one.code !== 1)
    throw new Error(`gate in ${cwd} exited ${one.code}: ${one.stderr.slice(-3000)}`);
  return one;
}

async function runCell(step, index) {
  const root = join(workDir, String(index));
  const resultsPath = join(root, 'results.json');
  const seed = args.seed * 1000 + index;
  if (step.cell === 'aa' || step.cell === 'slow') {
    prepare(join(root, 'base'), { extraUs: 0, mode: 'ab', extend: step.extend });
    prepare(join(root, 'head'), {
      extraUs: step.cell === 'slow' ? args['extra-us'] : 0,
      mode: 'ab',
      extend: step.extend,
    });
    const one = await gateOnce(
      join(root, 'head'),
      [
        'gate',
        '-c',
        'perfgate.yml',
        '--base-dir',
        '../base',
        '--baseline-dir',
        join(root, 'none'),
        '-o',
        resultsPath,
        '--format',
        'json',
      ],
      step.neighbour,
      seed,
      step.build !== undefined ? clis[step.build] : args.cli,
    );
    return { resultsPath, one };
  }
  // Stored mode: the base saved as the baseline, then the head gated against it.
  const baselineDir = join(root, 'baselines');
  prepare(join(root, 'base'), { extraUs: 0, mode: 'stored' });
  prepare(join(root, 'head'), { extraUs: step.cell === 'stored' ? args['stored-extra-us'] : 0, mode: 'stored' });
  const basePath = join(root, 'base-results.json');
  await gateOnce(
    join(root, 'base'),
    ['gate', '-c', 'perfgate.yml', '--save', '--baseline-dir', baselineDir, '-o', basePath, '--format', 'json'],
    step.neighbour,
    seed,
  );
  const one = await gateOnce(
    join(root, 'head'),
    ['gate', '-c', 'perfgate.yml', '--baseline-dir', baselineDir, '-o', resultsPath, '--format', 'json'],
    step.neighbour,
    seed + 500,
  );
  return { resultsPath, baselinePath: basePath, one };
}

for (const cli of [args.cli, ...clis])
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);
const random = seededRandom(args.seed);
const plan = [];
for (const item of String(args.counts).split(',')) {
  const [cell, count] = item.split(':');
  for (let i = 0; i < Number(count); i++) {
    const neighbour = args.neighbour === 'both' ? i % 2 === 1 : args.neighbour === 'on';
    // Budgets alternate in pairs of runs, so that each budget meets the neighbour as often.
    const extend =
      extendFactors.length > 0 && (cell === 'aa' || cell === 'slow')
        ? extendFactors[Math.floor(i / 2) % extendFactors.length]
        : undefined;
    const build = clis.length > 0 && (cell === 'aa' || cell === 'slow') ? Math.floor(i / 2) % clis.length : undefined;
    plan.push({
      cell,
      neighbour,
      ...(extend !== undefined ? { extend } : {}),
      ...(build !== undefined ? { build, cli: clis[build] } : {}),
    });
  }
}
const order = shuffled(plan, random);
mkdirSync(workDir, { recursive: true });
record({ kind: 'start', args, stamp, workDir });
const lines = [];
for (const [i, step] of order.entries()) {
  const { resultsPath, baselinePath, one } = await runCell(step, i + 1);
  const judged = digestReport(JSON.parse(one.stdout));
  // What a reader needs to call a run quiet or not: the gate's own gauge of other work, and
  // whether the generator kept its schedule.
  const results = JSON.parse(readFileSync(resultsPath, 'utf8'));
  const scenario = results.scenarios.find((s) => s.name === SCENARIO);
  const line = {
    kind: 'run',
    index: i + 1,
    app: args.app,
    processes: args.processes,
    schedule: args.schedule,
    ...step,
    resultsPath,
    baselinePath,
    exit: one.code,
    seconds: one.seconds,
    otherCores: scenario?.machine?.otherCores,
    lateStarts: scenario?.generator?.lateStarts,
    saturated: scenario?.generator?.saturated,
    // Which variant's processes were spawned first (results' ab.boot): the A/A offsets by it.
    ...(results.ab?.boot ? { boot: results.ab.boot } : {}),
    judged,
  };
  const confirmation = confirmationOf(resultsPath);
  Object.assign(line, { confirmation, outcomes: outcomesOf(judged, confirmation) });
  record(line);
  lines.push(line);
  const p50 = metricOf(judged, 'p50');
  console.log(
    `${String(i + 1).padStart(3)}/${order.length} ${step.cell.padEnd(9)} neighbour ${step.neighbour ? 'on ' : 'off'} ${judged.verdict}; ` +
      `p50 ${p50?.verdict} ${pct(p50?.change)} [${pct(p50?.interval?.[0])}, ${pct(p50?.interval?.[1])}] MDE ${pct(p50?.mde)}; ${one.seconds.toFixed(0)} s` +
      (confirmation?.ran
        ? `; second pair (${confirmation.windowSeconds.toFixed(0)} s): ${Object.entries(line.outcomes)
            .map(([metric, outcome]) => `${metric} ${outcome}`)
            .join(', ')}${confirmation.failure ? ` (${confirmation.failure})` : ''}`
        : ''),
  );
}
console.log(`\nraw: ${rawPath}\n`);
console.log(summarize(lines));
