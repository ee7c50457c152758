// Real histories for the trends detector: saves runs with `perfgate gate --save` against loopback
// endpoints exactly as test/entry/cli-trends.test.ts does (two scenarios, 2 VUs, 0.5 s each, 20 ms
// service time, the `step` endpoint 24 ms from run --step-at on), then writes every history's
// stored runs to one JSON file for bench/stats/trends.ts --real=<file>. Run:
//   flock -o /tmp/heavy.lock npm run bench:stats -- trends-real [--histories=4] [--runs=20]
//     [--step-at=10] [--out=bench/out/trends-real.json]
// (--step-at=-1: no step.) About 0.7 s per run.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { runGateCommand } from '../../src/entry/cli-impl.js';
import { startTargetServer } from '../../test/fakes/target-server.js';
import { argNumber } from './common.js';

const HISTORIES = argNumber('histories', 4);
const RUNS = argNumber('runs', 20);
const STEP_AT = argNumber('step-at', 10);
const out = process.argv.find((a) => a.startsWith('--out='))?.slice(6) ?? 'bench/out/trends-real.json';

function sink(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}

const flat = await startTargetServer({ delayMs: 20 });
const before = await startTargetServer({ delayMs: 20 });
const after = await startTargetServer({ delayMs: 24 });
const histories: unknown[] = [];
for (let h = 0; h < HISTORIES; h++) {
  const work = mkdtempSync(join(tmpdir(), 'perfgate-trends-real-'));
  const baselineDir = join(work, 'baselines');
  for (let i = 0; i < RUNS; i++) {
    const path = join(work, 'perfgate.yml');
    const stepUrl = (STEP_AT >= 0 && i >= STEP_AT ? after : before).url;
    writeFileSync(
      path,
      `defaults: { baseUrl: "${flat.url}", warmup: 100ms }
scenarios:
  flat:
    executor: constant-vus
    vus: 2
    duration: 500ms
    request: { path: /flat }
  step:
    executor: constant-vus
    vus: 2
    duration: 500ms
    baseUrl: "${stepUrl}"
    request: { path: /step }
`,
    );
    await runGateCommand(
      {
        stdout: sink(),
        stderr: sink(),
        env: { GITHUB_SHA: `${(i + 1).toString(16).padStart(4, '0')}${'c'.repeat(36)}` },
      },
      {
        configPath: path,
        baselineDir,
        outputPath: join(work, 'results.json'),
        logDir: join(work, 'logs'),
        format: 'text',
        failOn: 'never',
        save: 'pass',
      },
    );
  }
  const newest = readdirSync(baselineDir).sort().at(-1)!;
  histories.push(JSON.parse(readFileSync(join(baselineDir, newest), 'utf8')));
  console.log(`history ${h + 1}/${HISTORIES} saved`);
}
await Promise.all([flat.close(), before.close(), after.close()]);
writeFileSync(out, JSON.stringify({ runs: RUNS, stepAt: STEP_AT, histories }));
console.log(`${out}: ${HISTORIES} histories of ${RUNS} runs`);
