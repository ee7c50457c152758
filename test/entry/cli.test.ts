// The CLI as a user meets it: the bundled dist/cli.js spawned in a folder of its own, with its
// help, its error messages and exit codes, `check`, `merge`'s refusals, and two short real runs
// against the example service on loopback.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Results } from '../../src/core/types/results.js';
import { findFreePort } from '../fakes/http.js';
import { checkout, fetchByKey, fetchByQuery, makeResults } from '../core/report/fixtures.js';
import { createHistogram, encodeHistogram } from '../../src/core/histogram.js';
import { runCli, sharedBundleDir, type CliRun } from '../bundle.js';
import { findResultsProblem } from '../../src/core/results/read.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'perfgate-cli-'));
let cli = '';

function perfgate(args: string[], cwd = work): CliRun {
  return runCli(cli, args, cwd, 90_000);
}

function folder(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function writeJson(name: string, value: unknown): string {
  const path = join(work, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

beforeAll(() => {
  cli = join(sharedBundleDir(), 'cli.js');
}, 120_000);

describe('help', () => {
  it('lists every command and the exit codes, 130 included', () => {
    const { code, stdout } = perfgate(['--help']);
    expect(code).toBe(0);
    for (const command of ['run', 'compare', 'gate', 'merge', 'check'])
      expect(stdout).toContain(`perfgate ${command} `);
    expect(stdout).toMatch(/130 +interrupted/);
    expect(stdout).toMatch(/2 +bad usage/);
  });

  it('has a help of its own for each command', () => {
    const gate = perfgate(['gate', '--help']);
    expect(gate.code).toBe(0);
    expect(gate.stdout).toMatch(/^perfgate gate — /);
    expect(gate.stdout).toContain('-c, --config FILE');
    expect(gate.stdout).toContain('default perfgate.yml');
    expect(gate.stdout).toContain('--baseline-dir DIR');
    expect(gate.stdout).toContain('default .perfgate/results.json');
    expect(gate.stdout).toMatch(/130 +interrupted/);
    expect(perfgate(['help', 'merge']).stdout).toMatch(/^perfgate merge — /);
  });
});

describe('messages', () => {
  it('names an unknown option once, in our words, with the nearest one', () => {
    const { code, stderr } = perfgate(['gate', '--baseline-dri', 'x']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'perfgate gate: --baseline-dri is not an option of perfgate gate; did you mean --baseline-dir? (see "perfgate gate --help")\n',
    );
    expect(stderr).not.toContain("after '--'");
    expect(stderr).not.toMatch(/perfgate: perfgate/);
  });

  it('says which value is missing and which command was meant', () => {
    expect(perfgate(['compare', '--baseline', 'x.json']).stderr).toBe(
      'perfgate compare: --current is required, like --current results.json\n',
    );
    expect(perfgate(['run', '-c']).stderr).toBe(
      'perfgate run: --config needs a value (FILE) (see "perfgate run --help")\n',
    );
    const typo = perfgate(['gat']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('perfgate: "gat" is not a perfgate command; did you mean "gate"?');
  });

  it('looks for perfgate.yml when -c is not given, and says so when there is none', () => {
    const { code, stderr } = perfgate(['run'], folder('empty'));
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^perfgate run: no perfgate\.yml in .*empty: name the config with -c path\/to\/perfgate\.yml/,
    );
  });
});

describe('check', () => {
  it('validates the example config and its data files without running', () => {
    const { code, stdout } = perfgate(['check', '-c', join(repoRoot, 'examples/orders/perfgate.yml')]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /perfgate\.yml: valid · 3 scenarios · 1 service · 3 thresholds · data: data\/queries\.csv \([\d,]+ rows\), data\/keys\.csv \([\d,]+ rows\), data\/skus\.csv \(12 rows\)/,
    );
  });

  it('exits 2 on a config or a data file that is wrong, and names the problem', () => {
    const dir = folder('bad');
    writeFileSync(
      join(dir, 'perfgate.yml'),
      'scenarios:\n  a:\n    executor: constant-vus\n    vus: 0\n    duration: 10s\n    request: { path: /x }\n',
    );
    const bad = perfgate(['check'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/vus/);
    writeFileSync(
      join(dir, 'data.yml'),
      'defaults: { baseUrl: "http://127.0.0.1:1" }\nscenarios:\n  a:\n    executor: constant-vus\n    vus: 1\n    duration: 10s\n    request: { path: "/x/${row.id}" }\n    data: { file: missing.csv }\n',
    );
    const data = perfgate(['check', '-c', 'data.yml'], dir);
    expect(data.code).toBe(2);
    // The file, the key that names it, where it was looked for and the fix.
    expect(data.stderr).toContain(`perfgate check: missing.csv: no such file (looked for ${join(dir, 'missing.csv')})`);
    expect(data.stderr).toContain('scenarios.a.data.file is relative to the config file');
    expect(data.stderr).toContain('correct the path, or create the file');
  });

  it("refuses a service's cwd that is not a folder, naming the key, the value and the fix", () => {
    const dir = folder('cwd');
    writeFileSync(join(dir, 'server.js'), '');
    const config = (cwd: string): string =>
      `services:\n  - name: api\n    run: node server.js\n    cwd: ${cwd}\n` +
      'defaults: { baseUrl: "http://127.0.0.1:1" }\nscenarios:\n  a:\n    executor: constant-vus\n    vus: 1\n    duration: 10s\n    request: { path: /x }\n';
    writeFileSync(join(dir, 'file.yml'), config('server.js'));
    const file = perfgate(['check', '-c', 'file.yml'], dir);
    expect(file.code).toBe(2);
    expect(file.stderr).toContain(
      `file.yml: services[0].cwd: "server.js" (${join(dir, 'server.js')}) is a file, not a folder; set cwd to the folder service "api" runs in`,
    );
    expect(file.stdout).not.toContain('valid');
    writeFileSync(join(dir, 'missing.yml'), config('no/such/dir'));
    const missing = perfgate(['check', '-c', 'missing.yml'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`services[0].cwd: "no/such/dir" (${join(dir, 'no/such/dir')}) does not exist`);
    writeFileSync(join(dir, 'good.yml'), config('.'));
    expect(perfgate(['check', '-c', 'good.yml'], dir).code).toBe(0);
  });
});

/** `count` latencies of 1-20 ms, encoded as the engine encodes them. */
function histogramOf(count: number): string {
  const histogram = createHistogram();
  for (let i = 0; i < count; i++) histogram.recordValue(1000 + (i % 20) * 1000);
  const encoded = encodeHistogram(histogram);
  histogram.destroy();
  return encoded;
}

/** The report fixtures hold a small sample histogram; merge checks its inputs as a loaded file is
 * checked, so every histogram here holds exactly the ok requests its counts say. */
function consistent(results: Results): Results {
  return {
    ...results,
    scenarios: results.scenarios.map((scenario) => ({
      ...scenario,
      histogram: histogramOf(scenario.requests.ok),
      segments: scenario.segments.map((segment) => ({
        ...segment,
        histogram: histogramOf(segment.count - segment.ko),
      })),
    })),
  };
}

describe('merge', () => {
  const shard = (results: Results, index: number, count: number): Results => ({
    ...consistent(results),
    shard: { index, count },
  });
  const one = shard(makeResults([fetchByKey]), 1, 2);
  const two = shard({ ...makeResults([fetchByQuery, checkout]), startTime: '2025-11-30T12:00:01.000Z' }, 2, 2);

  it('merges the shards of one run into one result, each service once', () => {
    const output = join(work, 'merged.json');
    const { code, stderr } = perfgate(['merge', writeJson('s1.json', one), writeJson('s2.json', two), '-o', output]);
    expect(code, stderr).toBe(0);
    const merged = JSON.parse(readFileSync(output, 'utf8')) as Results;
    expect(merged.scenarios.map((s) => s.name)).toEqual([fetchByKey.name, fetchByQuery.name, checkout.name]);
    expect(merged.services).toHaveLength(1);
    expect(merged.shard).toBeUndefined();
  });

  it('refuses results of different configs', () => {
    const { code, stderr } = perfgate([
      'merge',
      writeJson('c1.json', one),
      writeJson('c2.json', { ...two, configHash: 'ffff0000ffff0000' }),
      '-o',
      join(work, 'x.json'),
    ]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^perfgate merge: .*c1\.json and .*c2\.json come from different configs/);
  });

  it('refuses the same shard twice, and two whole runs', () => {
    const same = perfgate([
      'merge',
      writeJson('d1.json', one),
      writeJson('d2.json', consistent({ ...one, scenarios: [checkout] })),
      '-o',
      join(work, 'x.json'),
    ]);
    expect(same.code).toBe(2);
    expect(same.stderr).toContain('both are shard 1/2');
    const whole = perfgate([
      'merge',
      writeJson('w1.json', consistent(makeResults([fetchByKey]))),
      writeJson('w2.json', consistent(makeResults([checkout]))),
      '-o',
      join(work, 'x.json'),
    ]);
    expect(whole.code).toBe(2);
    expect(whole.stderr).toContain('both are whole runs (no --shard), not shards of one run');
  });

  it('refuses a scenario measured in two results with overlapping windows', () => {
    const { code, stderr } = perfgate([
      'merge',
      writeJson('o1.json', one),
      writeJson('o2.json', consistent({ ...two, scenarios: [fetchByKey] })),
      '-o',
      join(work, 'x.json'),
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain(`scenario ${fetchByKey.name} is in both`);
    expect(stderr).toContain('overlapping time windows');
  });

  it('refuses a merge that lacks a shard', () => {
    const { code, stderr } = perfgate(['merge', writeJson('m1.json', one), '-o', join(work, 'x.json')]);
    expect(code).toBe(2);
    expect(stderr).toContain('shard 2/2 missing');
  });

  // Each was merged (exit 0) before: 3/2 beside 1/2 counted two distinct shards of two; the error
  // classes were added into the merged run; the duplicated segment left the merge 0 segments.
  it('refuses a shard outside its count, error classes its failures do not count, a segment twice: naming file and field', () => {
    const three = perfgate([
      'merge',
      writeJson('r1.json', one),
      writeJson('r3.json', { ...two, shard: { index: 3, count: 2 } }),
      '-o',
      join(work, 'x.json'),
    ]);
    expect(three.code, three.stderr).toBe(2);
    expect(three.stderr).toMatch(/r3\.json: shard\.index is 3, outside 1\.\.2/);

    const scenario = two.scenarios[0]!;
    const classed = {
      ...two,
      scenarios: [{ ...scenario, errors: { ECONNREFUSED: scenario.requests.ko + 7 } }, ...two.scenarios.slice(1)],
    };
    const errors = perfgate([
      'merge',
      writeJson('e1.json', one),
      writeJson('e2.json', classed),
      '-o',
      join(work, 'x.json'),
    ]);
    expect(errors.code, errors.stderr).toBe(2);
    expect(errors.stderr).toContain(
      `e2.json: scenarios[0] (${scenario.name}).errors add up to ${scenario.requests.ko + 7}, more than its failed requests (requests.ko ${scenario.requests.ko})`,
    );

    const first = one.scenarios[0]!;
    expect(first.segments.length).toBeGreaterThan(1);
    const twice = { ...one, scenarios: [{ ...first, segments: [first.segments[0]!, ...first.segments] }] };
    const duplicated = perfgate([
      'merge',
      writeJson('t1.json', twice),
      writeJson('t2.json', two),
      '-o',
      join(work, 'x.json'),
    ]);
    expect(duplicated.code, duplicated.stderr).toBe(2);
    expect(duplicated.stderr).toMatch(
      /t1\.json: scenarios\[0\] \(.*\)\.segments\[1\]\.startMs is \d+, not after segments\[0\]'s \d+: a segment recorded twice/,
    );
  });
});

describe('short real runs', () => {
  async function writeConfig(dir: string, threshold: string): Promise<number> {
    const port = await findFreePort();
    writeFileSync(
      join(dir, 'perfgate.yml'),
      `services:
  - name: orders
    run: node ${JSON.stringify(join(repoRoot, 'examples/orders/server.js'))}
    env: { PORT: "${port}" }
    ready: { http: "http://127.0.0.1:${port}/health", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:${port}", warmup: 300ms, segment: 1s }
scenarios:
  short/get:
    executor: constant-arrival-rate
    rate: 50/s
    duration: 1s
    request: { path: /orders/1 }
thresholds:
  "short/*": ["${threshold}", "error_rate<0.5"]
`,
    );
    return port;
  }

  it('run says what it boots and runs, then ends with the thresholds and a verdict line', async () => {
    const dir = folder('run');
    await writeConfig(dir, 'p(95)<0.001');
    const { code, stdout, stderr } = perfgate(['run'], dir);
    expect(code, stderr).toBe(1);
    const bootAt = stderr.indexOf('perfgate: starting service orders: node ');
    const readyAt = stderr.indexOf('perfgate: service orders ready after ');
    const scenarioAt = stderr.indexOf(
      'perfgate: scenario 1/1: short/get · constant-arrival-rate · rate 50.0/s · duration 1 s · warm-up 300 ms, then 1 s measured',
    );
    expect(bootAt).toBeGreaterThanOrEqual(0);
    expect(readyAt).toBeGreaterThan(bootAt);
    expect(scenarioAt).toBeGreaterThan(readyAt);
    expect(stdout).toMatch(
      /thresholds:\n {2}✗ p\(95\)<0\.001 of short\/get: [\d.,]+ ms\n {2}✓ error_rate<0\.5 of short\/get: [\d.]+%\n/,
    );
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('perfgate run: ✗ FAIL — 1 of 2 thresholds breached');
    expect(existsSync(join(dir, 'results.json'))).toBe(true);
  });

  it('gate without -o leaves the results in .perfgate/results.json and says so', async () => {
    const dir = folder('gate');
    await writeConfig(dir, 'p(95)<5000');
    const { code, stdout, stderr } = perfgate(['gate'], dir);
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('perfgate: results written to .perfgate/results.json');
    const results = JSON.parse(readFileSync(join(dir, '.perfgate/results.json'), 'utf8')) as Results;
    expect(results.scenarios[0]!.name).toBe('short/get');
    // A real run's file passes the published results schema and the number checks.
    expect(findResultsProblem(results)).toBeUndefined();
    expect(stdout).toMatch(
      /short\/get · constant-arrival-rate · [\d,]+ requests(, [\d,]+ dropped)? · [\d.,]+\/s completed, [\d.,]+\/s OK · 50\.0\/s intended/,
    );
    const compare = perfgate(
      ['compare', '--baseline', '.perfgate/results.json', '--current', '.perfgate/results.json'],
      dir,
    );
    expect(compare.code, compare.stderr).toBe(0);
  });
});

describe('the package', () => {
  it('holds the bundles with their licences, the action, the schema and the example, and no tests or benches', () => {
    const packed = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(packed.status, packed.stderr).toBe(0);
    const [{ files }] = JSON.parse(packed.stdout) as [{ files: { path: string }[] }];
    const paths = files.map((f) => f.path);
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
    };
    for (const bin of Object.values(manifest.bin)) expect(paths).toContain(bin);
    for (const needed of [
      'dist/index.js',
      'dist/licenses.txt',
      'LICENSE',
      'action.yml',
      'schema/perfgate.schema.json',
      'examples/orders/perfgate.yml',
      'README.md',
    ])
      expect(paths).toContain(needed);
    expect(paths.filter((p) => /^(test|bench|src|scripts)\//.test(p))).toEqual([]);
  });

  // The bundles hold every library they use: installing the package pulled 280 packages for none.
  it('installs with no dependencies, and its CLI runs from the install', () => {
    const dir = folder('install');
    const packed = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(packed.status, packed.stderr).toBe(0);
    const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
    writeFileSync(join(dir, 'package.json'), '{ "name": "user-project", "private": true }\n');
    const installed = spawnSync(
      'npm',
      ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', join(dir, filename)],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(installed.status, installed.stderr).toBe(0);
    expect(readdirSync(join(dir, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual(['perfgate']);
    const bin = join(dir, 'node_modules', '.bin', 'perfgate');
    const version = spawnSync(bin, ['--version'], { encoding: 'utf8' });
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout).toMatch(/\d+\.\d+\.\d+/);
    // Committed as npm installs it, so that an install from the folder leaves git clean.
    const index = spawnSync('git', ['ls-files', '--stage', 'dist/cli.js'], { cwd: repoRoot, encoding: 'utf8' });
    if (index.status === 0 && index.stdout !== '') expect(index.stdout.split(' ')[0]).toBe('100755');
  }, 120_000);
});
