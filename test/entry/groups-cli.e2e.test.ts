// Scenarios of one `group` run at the same time: against a service whose two endpoints share a
// lock, running them together shows the contention that running them one after another hides.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Results } from '../../src/core/types/results.js';
import { findResultsProblem } from '../../src/core/results/read.js';
import { sharedBundleDir } from '../bundle.js';
import { findFreePort } from '../fakes/http.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-groups-'));
let cli = '';

beforeAll(() => {
  cli = join(sharedBundleDir(), 'cli.js');
}, 120_000);

/** /a and /b each hold one shared lock for 4 ms: alone, an endpoint waits only for itself. */
const LOCKED_SERVER = `import http from 'node:http';
let tail = Promise.resolve();
const hold = () => {
  const turn = tail.then(() => new Promise((resolve) => setTimeout(resolve, 4)));
  tail = turn;
  return turn;
};
http.createServer(async (req, res) => {
  if (req.url !== '/health') await hold();
  res.end('ok');
}).listen(Number(process.env.PORT));
`;

async function runWith(name: string, group: string): Promise<Results> {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'server.mjs'), LOCKED_SERVER);
  const port = await findFreePort();
  writeFileSync(
    join(dir, 'perfgate.yml'),
    `services:
  - name: locked
    run: node server.mjs
    env: { PORT: "${port}" }
    ready: { http: "http://127.0.0.1:${port}/health", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:${port}", warmup: 300ms, segment: 1s }
scenarios:
  locked/a:
    executor: constant-vus
    vus: 2
    duration: 2s
${group}
    request: { path: /a }
  locked/b:
    executor: constant-vus
    vus: 2
    duration: 2s
${group}
    request: { path: /b }
`,
  );
  const run = spawnSync(process.execPath, [cli, 'run', '-o', 'results.json'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 90_000,
  });
  expect(run.status, run.stderr).toBe(0);
  if (group) expect(run.stderr).toMatch(/scenario 2\/2: locked\/b .* · group g, at the same time as locked\/a/);
  const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
  expect(findResultsProblem(results)).toBeUndefined();
  return results;
}

describe('scenarios in one group', () => {
  it('run at the same time, each with its own result, and show the contention a sequence hides', async () => {
    const apart = await runWith('apart', '');
    const together = await runWith('together', '    group: g');
    for (const results of [apart, together]) {
      expect(results.scenarios.map((s) => s.name)).toEqual(['locked/a', 'locked/b']);
      expect(results.scenarios.map((s) => s.requests.ko)).toEqual([0, 0]);
    }
    const startGap = (results: Results): number =>
      Math.abs(Date.parse(results.scenarios[0]!.startTime) - Date.parse(results.scenarios[1]!.startTime));
    // One after another, b starts a whole scenario after a; together, at about the same moment.
    expect(startGap(apart)).toBeGreaterThan(1500);
    expect(startGap(together)).toBeLessThan(500);
    // Two users per endpoint wait for each other; four, sharing the lock, wait about twice as long.
    for (const i of [0, 1]) {
      const ratio = together.scenarios[i]!.latencyMs.p50 / apart.scenarios[i]!.latencyMs.p50;
      expect(ratio).toBeGreaterThan(1.4);
    }
  });
});
