// compare.processes end to end through the bundled CLI: an A/B run of a head and a base checkout
// side by side boots two processes of each, each on a port of its own, spreads each variant's
// requests over its two, and writes each process's share into the results; a copy that dies
// mid-run stops the run, named.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeHistogram } from '../../src/core/histogram.js';
import { findResultsProblem } from '../../src/core/results/read.js';
import type { Results, ScenarioResult } from '../../src/core/types/results.js';
import { sharedBundleDir } from '../bundle.js';
import { accepts, isAlive, startedIn } from '../fakes/ab-checkouts.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-procs-'));
let cli = '';

beforeAll(() => {
  cli = join(sharedBundleDir(), 'cli.js');
}, 120_000);

/**
 * A server that notes its pid and port in started/; with `dieAfter`, the first copy of the checkout
 * to boot (the one that creates doomed first) says so in its log and crashes after that many load
 * requests, while the other copies serve on.
 */
function serverSource(dieAfter?: number): string {
  return `import { createServer } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
const port = Number(process.env.PORT);
mkdirSync('started', { recursive: true });
writeFileSync('started/' + process.pid, String(port));
let doomed = false;
${
  dieAfter === undefined
    ? ''
    : `try { writeFileSync('doomed', String(port), { flag: 'wx' }); doomed = true; console.log('doomed copy'); } catch {}`
}
let answered = 0;
createServer((req, res) => {
  if (doomed && req.url !== '/health' && ++answered > ${dieAfter ?? 0}) {
    console.error('fatal: the test server crashes on purpose');
    process.exit(1);
  }
  setTimeout(() => res.end('ok'), req.url === '/health' ? 0 : 2);
}).listen(port, '127.0.0.1');
`;
}

const CONFIG = `services:
  - name: api
    run: node server.mjs
    ready: { http: "http://127.0.0.1:\${port}/health", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:\${port}", warmup: 300ms, segment: 1s }
compare: { processes: 2, extend: { maxDuration: 0 } }
scenarios:
  open:
    executor: constant-arrival-rate
    rate: 100/s
    duration: 3s
    request: { path: /open }
  closed:
    executor: constant-vus
    vus: 4
    duration: 2s
    request: { path: /closed }
`;

function checkouts(name: string, baseDieAfter?: number): { head: string; base: string } {
  const root = join(work, name);
  const dirs = { head: join(root, 'head'), base: join(root, 'base') };
  for (const [side, dir] of Object.entries(dirs)) {
    const perf = join(dir, 'perf');
    mkdirSync(perf, { recursive: true });
    writeFileSync(join(perf, 'server.mjs'), serverSource(side === 'base' ? baseDieAfter : undefined));
    writeFileSync(join(perf, 'perfgate.yml'), CONFIG);
  }
  return dirs;
}

function run(cwd: string) {
  const child = spawnSync(
    process.execPath,
    [cli, 'run', '-c', 'perf/perfgate.yml', '-o', 'results.json', '--base-dir', '../base', '--seed', '3'],
    { cwd, encoding: 'utf8', timeout: 120_000 },
  );
  const file = join(cwd, 'results.json');
  const results = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Results) : undefined;
  if (results) expect(findResultsProblem(results)).toBeUndefined();
  return { code: child.status, stderr: child.stderr, results };
}

function expectTwoProcesses(result: ScenarioResult): void {
  const processes = result.processes!;
  expect(processes, result.name).toHaveLength(2);
  expect(processes.reduce((sum, process) => sum + process.requests, 0)).toBe(result.requests.ok);
  for (const process of processes) {
    expect(process.requests).toBeGreaterThanOrEqual(result.requests.ok * 0.35);
    const histogram = decodeHistogram(process.histogram);
    expect(histogram.totalCount).toBe(process.requests);
    histogram.destroy();
  }
}

describe('perfgate run --base-dir with compare.processes: 2', () => {
  it('boots two processes of each variant on ports of their own and spreads the requests over them', async () => {
    const dirs = checkouts('spread');
    const { code, stderr, results } = run(dirs.head);
    expect(code, stderr).toBe(0);
    expect(results!.services.map((service) => service.name)).toEqual(['api', 'api#2']);
    expect(results!.ab!.base.services.map((service) => service.name)).toEqual(['api', 'api#2']);
    for (const scenario of [...results!.scenarios, ...results!.ab!.base.scenarios]) {
      expectTwoProcesses(scenario);
      // Each copy's CPU is the variant's.
      expect(scenario.services.map((service) => service.name).sort()).toEqual(['api', 'api#2']);
    }
    // Each copy logs to a file of its own.
    const logs = results!.services.map((service) => service.logPath);
    expect(new Set(logs).size).toBe(2);
    // Four processes, four ports, all stopped.
    const processes = [...startedIn(join(dirs.head, 'perf')), ...startedIn(join(dirs.base, 'perf'))];
    expect(processes).toHaveLength(4);
    expect(new Set(processes.map((entry) => entry.port)).size).toBe(4);
    for (const entry of processes) {
      expect(isAlive(entry.pid), `pid ${entry.pid}`).toBe(false);
      expect(await accepts(entry.port), `port ${entry.port}`).toBe(false);
    }
  }, 120_000);

  it('stops at a copy that dies mid-run, naming that copy', () => {
    const dirs = checkouts('copy-dies', 60);
    const { code, stderr, results } = run(dirs.head);
    expect(code, stderr).toBe(3);
    // The copy that died is the one whose log says it was doomed.
    const doomed = results!.ab!.base.services.find((service) =>
      readFileSync(service.logPath, 'utf8').includes('doomed copy'),
    );
    expect(doomed).toBeDefined();
    expect(results!.serviceExit).toMatchObject({
      variant: 'base',
      service: doomed!.name,
      scenario: 'open',
      reason: 'exited with code 1',
    });
    expect(stderr).toContain(`the base's service "${doomed!.name}" exited with code 1 during scenario open`);
    for (const { pid } of [...startedIn(join(dirs.head, 'perf')), ...startedIn(join(dirs.base, 'perf'))])
      expect(isAlive(pid)).toBe(false);
  }, 120_000);
});
