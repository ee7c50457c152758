// A/B mode end to end through the bundled CLI: a head and a base checkout side by side, each with
// the same small server but a different service time, booted at once on ports of their own and
// compared pair by pair; a base that does not boot falls back to the stored baseline; Ctrl-C stops
// the processes of both variants.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Results } from '../../src/core/types/results.js';
import { sharedBundleDir } from '../bundle.js';
import { accepts, isAlive, serverSource, startedIn } from '../fakes/ab-checkouts.js';
import { findResultsProblem } from '../../src/core/results/read.js';
import { drawBootOrder } from '../../src/engine/run-scenario.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-ab-'));
let cli = '';

beforeAll(() => {
  cli = join(sharedBundleDir(), 'cli.js');
}, 120_000);

/** Four 1 s segments per scenario: the fewest pairs the paired test takes (MIN_PAIRS). */
const PAIRED_S = 4;

// Planned windows only: a run that goes on when a verdict is undecided has its own test
// (extend-cli.e2e.test.ts); here every test counts the planned pairs.
function configText(schedule: string, scenarios: string[], durationS: number): string {
  const blocks: Record<string, string> = {
    open: `  open:\n    executor: constant-arrival-rate\n    rate: 100/s\n    duration: ${durationS}s\n    request: { path: /open }\n`,
    closed: `  closed:\n    executor: constant-vus\n    vus: 2\n    duration: ${durationS}s\n    request: { path: /closed }\n`,
    // Only in the head, so judged on thresholds alone: no pairs needed.
    fresh: `  fresh:\n    executor: constant-vus\n    vus: 1\n    duration: 1s\n    request: { path: /fresh }\n`,
  };
  return `services:
  - name: api
    run: node server.mjs
    ready: { http: "http://127.0.0.1:\${port}/health", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:\${port}", warmup: 300ms, segment: 1s }
compare: { schedule: ${schedule}, extend: { maxDuration: 0 } }
scenarios:
${scenarios.map((name) => blocks[name]).join('')}`;
}

/** A capacity search that climbs past where a server dying after 400 requests dies. */
const CLIMB = `services:
  - name: api
    run: node server.mjs
    ready: { http: "http://127.0.0.1:\${port}/health", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:\${port}", warmup: 200ms }
scenarios:
  climb:
    executor: capacity
    startRate: 100/s
    maxRate: 3000/s
    step: { factor: 2 }
    hold: 3s
    request: { path: /climb }
thresholds:
  climb: ["p(95)<200"]
`;

/** head/ and base/ checkouts, each with perf/perfgate.yml and perf/server.mjs. */
function checkouts(
  name: string,
  head: { delayMs: number; scenarios: string[] },
  base: { delayMs: number; scenarios: string[]; failWith?: string; dieAfter?: number; status?: number },
  schedule: string,
  durationS = PAIRED_S,
) {
  const root = join(work, name);
  for (const [side, spec] of [
    ['head', head],
    ['base', base],
  ] as const) {
    const dir = join(root, side, 'perf');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'server.mjs'),
      serverSource(spec.delayMs, {
        ...('failWith' in spec && spec.failWith ? { failWith: spec.failWith } : {}),
        ...('dieAfter' in spec && spec.dieAfter ? { dieAfter: spec.dieAfter } : {}),
        ...('status' in spec && spec.status ? { status: spec.status } : {}),
      }),
    );
    writeFileSync(join(dir, 'perfgate.yml'), configText(schedule, spec.scenarios, durationS));
  }
  return { root, head: join(root, 'head'), base: join(root, 'base') };
}

/** Both checkouts alike, the closed model only, duet: what a test that changes one thing starts from. */
function closedCheckouts(name: string, durationS = PAIRED_S) {
  return checkouts(
    name,
    { delayMs: 2, scenarios: ['closed'] },
    { delayMs: 2, scenarios: ['closed'] },
    'duet',
    durationS,
  );
}

/** The bundled CLI in `cwd`, to its end. */
function perfgate(cwd: string, args: string[], env?: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, [cli, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
    ...(env ? { env } : {}),
  });
}

/** A stored-mode gate in the head checkout, saving nothing unless asked. */
const STORED_GATE = ['gate', '-c', 'perf/perfgate.yml', '--baseline-dir', '.perfgate', '-o', 'results.json'];
/** An A/B gate of the head checkout against ../base, as a user runs it from the head. */
const AB_GATE = [...STORED_GATE, '--base-dir', '../base'];

function gate(cwd: string, extra: string[] = []) {
  const child = perfgate(cwd, [...AB_GATE, '--format', 'json', '--seed', '5', ...extra]);
  const results = existsSync(join(cwd, 'results.json'))
    ? (JSON.parse(readFileSync(join(cwd, 'results.json'), 'utf8')) as Results)
    : undefined;
  // Every A/B results file, its base included, passes the published results schema.
  if (results) expect(findResultsProblem(results)).toBeUndefined();
  let report: {
    mode?: string;
    notes?: string[];
    regressions?: { scenario: string; metric: string; confirmation?: { outcome: string } }[];
    scenarios?: { name: string; notes: string[] }[];
  } = {};
  try {
    report = JSON.parse(child.stdout) as typeof report;
  } catch {
    // Not JSON: the assertions below show stdout.
  }
  return { code: child.status, stdout: child.stdout, stderr: child.stderr, results, report };
}

/** The baselines a gate saved in its --baseline-dir .perfgate (logs go to .perfgate/logs/). */
function savedBaselines(dir: string): string[] {
  const store = join(dir, '.perfgate');
  return existsSync(store) ? readdirSync(store).filter((name) => name.endsWith('.json')) : [];
}

function started(dir: string): { pid: number; port: number }[] {
  return startedIn(join(dir, 'perf'));
}

// Both models in the default duet; alternate (whose slots run one after the other, so each scenario
// takes twice as long) with the closed model only. Every model × schedule pair is driven in
// test/engine/run-variants.test.ts; here it is the CLI's wiring of either schedule end to end.
describe.each([
  { schedule: 'duet', scenarios: ['open', 'closed'] },
  { schedule: 'alternate', scenarios: ['closed'] },
])('perfgate gate --base-dir, $schedule', ({ schedule, scenarios }) => {
  it(`boots both variants on their own ports, pairs every segment, and finds the slower head (${scenarios.join(' and ')} model)`, async () => {
    const dirs = checkouts(`slow-head-${schedule}`, { delayMs: 12, scenarios }, { delayMs: 3, scenarios }, schedule);
    const run = gate(dirs.head);
    expect(run.code, run.stderr).toBe(1);
    const results = run.results!;
    expect(results.ab?.schedule).toBe(schedule);
    expect(results.ab?.seed).toBe(5);
    expect(results.ab?.boot).toBe(drawBootOrder(5));
    expect(results.ab?.baseFailure).toBeUndefined();
    const base = results.ab!.base;
    for (const name of scenarios) {
      const head = results.scenarios.find((scenario) => scenario.name === name)!;
      const other = base.scenarios.find((scenario) => scenario.name === name)!;
      expect(head.segments).toHaveLength(PAIRED_S);
      expect(other.segments).toHaveLength(PAIRED_S);
      expect(head.latencyMs.p50).toBeGreaterThan(other.latencyMs.p50 + 5);
    }
    if (schedule === 'alternate') expect(results.ab?.order).toHaveLength(PAIRED_S);
    else expect(results.ab?.order).toBeUndefined();
    expect(run.report.mode).toBe('ab');
    const regressed = [
      ...new Set(run.report.regressions?.map((regression) => `${regression.scenario}:${regression.metric}`)),
    ];
    for (const name of scenarios) expect(regressed, run.stdout).toContain(`${name}:p50`);
    // compare.confirm: the regressed scenarios ran again on a second pair of processes, booted
    // afresh on the same two ports, which showed the change too.
    expect(results.ab?.confirmation?.failure).toBeUndefined();
    expect(results.ab?.confirmation?.scenarios.map((scenario) => scenario.name).sort()).toEqual([...scenarios].sort());
    expect(results.ab?.confirmation?.base).toHaveLength(scenarios.length);
    for (const regression of run.report.regressions ?? [])
      expect(regression.confirmation?.outcome, `${regression.scenario}:${regression.metric}`).toBe('confirmed');
    // Four processes (two pairs), two ports, all stopped.
    const processes = [...started(dirs.head), ...started(dirs.base)];
    expect(processes).toHaveLength(4);
    expect(new Set(processes.map((entry) => entry.port)).size).toBe(2);
    for (const entry of processes) {
      expect(isAlive(entry.pid), `pid ${entry.pid}`).toBe(false);
      expect(await accepts(entry.port), `port ${entry.port}`).toBe(false);
    }
  }, 120_000);
});

// A base that boots but cannot serve (a broken build of the base branch): its error rate "falling"
// to the head's was an improvement, and the head's latency went unjudged: PASS, exit 0.
describe.each([
  { schedule: 'duet', scenarios: ['open', 'closed'] },
  { schedule: 'alternate', scenarios: ['closed'] },
])('perfgate gate --base-dir, a base that answers every request with 500 ($schedule)', ({ schedule, scenarios }) => {
  it('is no reference: no verdict (exit 3) without a stored baseline or thresholds, never a pass', () => {
    // 1 s windows: the base's error rate is read whatever the pairs (src/core/compare/base-usable.ts),
    // and one pair is too few to judge, so without that check this run is an inconclusive PASS.
    const dirs = checkouts(
      `base-500-${schedule}`,
      { delayMs: 30, scenarios },
      { delayMs: 0, scenarios, status: 500 },
      schedule,
      1,
    );
    const run = gate(dirs.head);
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stderr).toMatch(/the base could not serve \((open|closed): \d+ of \d+ base requests failed \(100%/);
    expect(run.stderr).toContain('no verdict, not a pass');
    // What was measured is kept, base included.
    const base = run.results!.ab!.base;
    for (const name of scenarios) expect(base.scenarios.find((s) => s.name === name)!.requests.ok).toBe(0);
    expect(savedBaselines(dirs.head)).toEqual([]);
  }, 120_000);
});

describe('perfgate gate --base-dir, when the two differ', () => {
  it('judges a scenario new in the head on thresholds alone, and passes an unchanged one', () => {
    const dirs = checkouts(
      'new-scenario',
      { delayMs: 2, scenarios: ['closed', 'fresh'] },
      { delayMs: 2, scenarios: ['closed'] },
      'duet',
    );
    const run = gate(dirs.head);
    expect(run.code, run.stderr).toBe(0);
    expect(run.results!.ab!.base.scenarios.map((scenario) => scenario.name)).toEqual(['closed']);
    expect(run.results!.scenarios.map((scenario) => scenario.name)).toEqual(['closed', 'fresh']);
    expect(run.report.scenarios?.find((scenario) => scenario.name === 'fresh')?.notes.join(' ')).toContain(
      'judged on thresholds alone',
    );
    expect(run.report.regressions).toEqual([]);
  }, 120_000);

  it('gives no verdict (exit 3), never a pass, when the base ran none of the head scenarios and nothing else judges', () => {
    const dirs = checkouts(
      'renamed-all',
      { delayMs: 2, scenarios: ['fresh'] },
      { delayMs: 2, scenarios: ['closed'] },
      'duet',
      1,
    );
    const run = gate(dirs.head);
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain("the base ran none of the head's scenarios (fresh)");
    expect(run.stderr).toContain('That is no verdict, not a pass');
    expect(run.stdout).not.toMatch(/PASS|no regression/);
    // What was measured is kept; nothing is saved as a baseline.
    expect(run.results!.scenarios.map((scenario) => scenario.name)).toEqual(['fresh']);
    expect(savedBaselines(dirs.head)).toEqual([]);
  }, 120_000);

  it('falls back to the stored baseline when the base does not boot, with its log tail', () => {
    const dirs = checkouts(
      'base-fails',
      { delayMs: 2, scenarios: ['closed'] },
      { delayMs: 2, scenarios: ['closed'], failWith: 'base: cannot find module ./db.js' },
      'duet',
      1,
    );
    const run = gate(dirs.head);
    // No stored baseline either: judged on thresholds, which pass.
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('perfgate: A/B: the base did not boot');
    const failure = run.results!.ab!.baseFailure!;
    expect(failure.service).toBe('api');
    expect(failure.logTail).toContain('base: cannot find module ./db.js');
    expect(run.results!.ab!.base.scenarios).toEqual([]);
    expect(run.report.mode).not.toBe('ab');
    const note = run.report.notes?.find((text) => text.startsWith('A/B: the base did not boot'));
    expect(note).toContain('compared with the stored baseline instead');
    expect(note).toContain('base: cannot find module ./db.js');
    expect(run.results!.scenarios[0]!.requests.ok).toBeGreaterThan(0);
  }, 120_000);

  // Found in a fault campaign: a base that crashed mid-run hid a +224% p50 regression ("1
  // improvement (error rate), 4 inconclusive", PASS), and nothing said the base died.
  it('stops at a base that dies mid-run, names it, and gives no verdict (exit 3)', () => {
    const dirs = checkouts(
      'base-dies',
      { delayMs: 6, scenarios: ['closed', 'open'] },
      { delayMs: 2, scenarios: ['closed', 'open'], dieAfter: 150 },
      'duet',
    );
    const run = gate(dirs.head);
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain(`the base's service "api" exited with code 1 during scenario closed`);
    expect(run.stderr).toContain('neither compared nor saved');
    expect(run.stderr).toContain('fatal: heap out of memory');
    expect(run.stdout).not.toContain('"verdict"');
    expect(run.results!.serviceExit).toMatchObject({
      variant: 'base',
      service: 'api',
      scenario: 'closed',
      reason: 'exited with code 1',
    });
    // The run stopped there: the next scenario never ran.
    expect(run.results!.scenarios.map((scenario) => scenario.name)).toEqual(['closed']);
    expect(savedBaselines(dirs.head)).toEqual([]);
    const compare = perfgate(dirs.head, ['compare', '--current', 'results.json', '--baseline', 'results.json']);
    expect(compare.status).toBe(2);
    expect(compare.stderr).toContain('a service of this run died while the load ran');
    for (const { pid } of [...started(dirs.head), ...started(dirs.base)]) expect(isAlive(pid)).toBe(false);
  }, 120_000);

  it('stops at a head that dies mid-run in stored mode too', () => {
    const dirs = closedCheckouts('head-dies');
    writeFileSync(join(dirs.head, 'perf', 'server.mjs'), serverSource(2, { dieAfter: 150 }));
    const run = perfgate(dirs.head, [...STORED_GATE, '--save']);
    expect(run.status, run.stderr).toBe(3);
    expect(run.stderr).toContain(`the head's service "api" exited with code 1 during scenario closed`);
    expect(savedBaselines(dirs.head)).toEqual([]);
    const results = JSON.parse(readFileSync(join(dirs.head, 'results.json'), 'utf8')) as Results;
    expect(results.serviceExit?.variant).toBe('head');
    expect(findResultsProblem(results)).toBeUndefined();
    // `perfgate run` gives no threshold verdict over a dead port either; merge says what it carries.
    const run2 = perfgate(dirs.head, ['run', '-c', 'perf/perfgate.yml', '-o', 'run.json']);
    expect(run2.status, run2.stderr).toBe(3);
    expect(run2.stderr).toContain(`the head's service "api" exited with code 1`);
    const merged = perfgate(dirs.head, ['merge', 'run.json', '-o', 'merged.json']);
    expect(merged.status, merged.stderr).toBe(0);
    expect(merged.stderr).toContain("warning: a shard's service died while its load ran");
  }, 120_000);

  it('stops a capacity search at a service that dies mid-climb, with no verdict', () => {
    const dirs = closedCheckouts('capacity-dies');
    // Crashes after 400 requests: in the second or third level of the climb.
    writeFileSync(join(dirs.head, 'perf', 'server.mjs'), serverSource(2, { dieAfter: 400 }));
    writeFileSync(join(dirs.head, 'perf', 'perfgate.yml'), CLIMB);
    const run = perfgate(dirs.head, STORED_GATE);
    expect(run.status, run.stderr).toBe(3);
    expect(run.stderr).toContain(`the head's service "api" exited with code 1 during scenario climb`);
    const results = JSON.parse(readFileSync(join(dirs.head, 'results.json'), 'utf8')) as Results;
    // The search stopped at the death: no bisection against a dead service, no capacity claimed.
    expect(results.scenarios[0]!.capacity?.limitedBy).toBe('interrupted');
    expect(results.scenarios[0]!.capacity!.levels.length).toBeLessThanOrEqual(3);
    expect(savedBaselines(dirs.head)).toEqual([]);
  }, 120_000);

  it('stops an A/B capacity search at a base that dies mid-climb: no verdict from the partial search', () => {
    const dirs = checkouts(
      'capacity-base-dies',
      { delayMs: 2, scenarios: ['closed'] },
      { delayMs: 2, scenarios: ['closed'], dieAfter: 400 },
      'duet',
    );
    for (const dir of [dirs.head, dirs.base]) writeFileSync(join(dir, 'perf', 'perfgate.yml'), CLIMB);
    const run = gate(dirs.head);
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain(`the base's service "api" exited with code 1 during scenario climb`);
    expect(run.stderr).toContain('neither compared nor saved');
    expect(run.stdout).not.toContain('"verdict"');
    expect(run.results!.serviceExit).toMatchObject({ variant: 'base', scenario: 'climb' });
    const searches = [...run.results!.scenarios, ...(run.results!.ab?.base.scenarios ?? [])];
    // The search that met the death claims no capacity from its partial climb.
    expect(searches.some((scenario) => scenario.capacity?.limitedBy === 'interrupted')).toBe(true);
    expect(savedBaselines(dirs.head)).toEqual([]);
    for (const { pid } of [...started(dirs.head), ...started(dirs.base)]) expect(isAlive(pid)).toBe(false);
  }, 120_000);

  it('refuses a config with a fixed port, naming the key and the fix', () => {
    const dirs = closedCheckouts('fixed-port', 1);
    const path = join(dirs.head, 'perf', 'perfgate.yml');
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace('baseUrl: "http://127.0.0.1:${port}"', 'baseUrl: "http://127.0.0.1:8080"'),
    );
    const run = gate(dirs.head);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--base-dir asks for an A/B run');
    expect(run.stderr).toContain('scenarios.closed.baseUrl: "http://127.0.0.1:8080" names a fixed port');
  }, 60_000);

  // Found in a fault campaign: `run: node /abs/head/perf/server.mjs` made the base run the head's
  // code, an A/A that passed a +216% change without a word.
  it('refuses a base whose command, folder or data path leads into the head checkout, before booting', () => {
    const dirs = closedCheckouts('into-head', 1);
    const path = join(dirs.head, 'perf', 'perfgate.yml');
    const server = join(dirs.head, 'perf', 'server.mjs');
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace(
        '    run: node server.mjs\n',
        `    run: node "${server}" --data=${join(dirs.head, 'perf', 'data')}\n    env: { SEED_FILE: ../../head/perf/seed.json }\n`,
      ),
    );
    const run = gate(dirs.head);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`services[0].run: ${JSON.stringify(server)} is inside the head checkout`);
    expect(run.stderr).toContain(`services[0].run: ${JSON.stringify(join(dirs.head, 'perf', 'data'))} is inside`);
    expect(run.stderr).toContain('services[0].env.SEED_FILE: "../../head/perf/seed.json"');
    expect(run.stderr).toContain('Write them relative to the config');
    expect(started(dirs.head)).toEqual([]);
    expect(started(dirs.base)).toEqual([]);
  }, 60_000);

  it('refuses a base folder that is the head checkout itself', () => {
    const dirs = closedCheckouts('same-tree', 1);
    const run = gate(dirs.head, ['--base-dir', '.']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `--base-dir .: this is the head checkout itself (both are ${realpathSync(dirs.head)})`,
    );
    expect(started(dirs.head)).toEqual([]);
  }, 60_000);

  // The other nesting: the base at the workspace's root and the head inside it (path: pr). Every
  // head path is inside the base too; a $NAME the shell fills is followed as well.
  it('refuses a path into a head nested inside the base, through a $NAME the shell fills', () => {
    const dirs = closedCheckouts('head-in-base', 1);
    const head = join(dirs.base, 'pr');
    renameSync(dirs.head, head);
    const path = join(head, 'perf', 'perfgate.yml');
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace(
        '    run: node server.mjs\n',
        `    run: node $PERFGATE_TEST_HEAD/perf/server.mjs\n`,
      ),
    );
    const child = perfgate(head, ['gate', '-c', 'perf/perfgate.yml', '--base-dir', '..'], {
      ...process.env,
      PERFGATE_TEST_HEAD: head,
    });
    expect(child.status, child.stderr).toBe(2);
    expect(child.stderr).toContain(
      `services[0].run: ${JSON.stringify(join(head, 'perf', 'server.mjs'))} is inside the head checkout`,
    );
  }, 60_000);

  // actions/checkout's usual layout puts the base inside the head's workspace (path: base): its
  // relative paths resolve inside the base, which is no path into the head.
  it('runs a base checked out inside the head checkout', () => {
    const dirs = closedCheckouts('nested', 2);
    renameSync(dirs.base, join(dirs.head, 'base'));
    const run = gate(dirs.head, ['--base-dir', 'base']);
    expect(run.stderr).not.toContain('inside the head checkout');
    expect(run.code).toBe(0);
    expect(run.results!.ab!.base.scenarios.map((scenario) => scenario.name)).toEqual(['closed']);
    expect(started(join(dirs.head, 'base')).length).toBe(1);
  }, 60_000);
});

describe('Ctrl-C during an A/B run', () => {
  it('stops the processes of both variants and exits 130', async () => {
    const dirs = closedCheckouts('interrupt', 60);
    const child = spawn(process.execPath, [cli, ...AB_GATE], { cwd: dirs.head, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.resume();
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    // Bounded: both boot well within 15 s.
    for (let attempt = 0; attempt < 150 && started(dirs.head).length + started(dirs.base).length < 2; attempt += 1)
      await sleep(100);
    const processes = [...started(dirs.head), ...started(dirs.base)];
    expect(processes).toHaveLength(2);
    for (let attempt = 0; attempt < 150 && !(await accepts(processes[1]!.port)); attempt += 1) await sleep(100);
    await sleep(1500); // into the measured window
    for (const entry of processes) expect(isAlive(entry.pid), `pid ${entry.pid} before Ctrl-C`).toBe(true);
    child.kill('SIGINT');
    expect(await exited, stderr).toBe(130);
    for (const entry of processes) {
      expect(isAlive(entry.pid), `pid ${entry.pid} after Ctrl-C`).toBe(false);
      expect(await accepts(entry.port), `port ${entry.port} after Ctrl-C`).toBe(false);
    }
    const results = JSON.parse(readFileSync(join(dirs.head, 'results.json'), 'utf8')) as Results;
    expect(results.interrupted).toBe(true);
    expect(results.ab?.base.scenarios[0]?.requests.ok).toBeGreaterThan(0);
  }, 60_000);
});
