// Real histories for the trends detector: saves runs with `perfgate gate --save` against loopback
// endpoints with test/entry/cli-trends.test.ts's own code (test/fakes/trends-history.ts: two
// scenarios, 2 VUs, 0.5 s each, 20 ms service time, the `step` endpoint 24 ms from run --step-at
// on), then writes every history's stored runs to one JSON file for bench/stats/trends.ts --real=<file>. Run:
//   flock -o /tmp/heavy.lock npm run bench:stats -- trends-real [--histories=4] [--runs=20]
//     [--step-at=10] [--out=bench/out/trends-real.json]
// (--step-at=-1: no step.) About 0.7 s per run.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTargetServer } from '../../test/fakes/target-server.js';
import { saveStepHistory } from '../../test/fakes/trends-history.js';
import { argNumber } from './common.js';

const HISTORIES = argNumber('histories', 4);
const RUNS = argNumber('runs', 20);
const STEP_AT = argNumber('step-at', 10);
const out = process.argv.find((a) => a.startsWith('--out='))?.slice(6) ?? 'bench/out/trends-real.json';

const flat = await startTargetServer({ delayMs: 20 });
const before = await startTargetServer({ delayMs: 20 });
const after = await startTargetServer({ delayMs: 24 });
const histories: unknown[] = [];
for (let h = 0; h < HISTORIES; h++) {
  const work = mkdtempSync(join(tmpdir(), 'perfgate-trends-real-'));
  const baselineDir = await saveStepHistory(work, { flat, before, after }, RUNS, STEP_AT);
  const newest = readdirSync(baselineDir).sort().at(-1)!;
  histories.push(JSON.parse(readFileSync(join(baselineDir, newest), 'utf8')));
  console.log(`history ${h + 1}/${HISTORIES} saved`);
}
await Promise.all([flat.close(), before.close(), after.close()]);
writeFileSync(out, JSON.stringify({ runs: RUNS, stepAt: STEP_AT, histories }));
console.log(`${out}: ${HISTORIES} histories of ${RUNS} runs`);
