// Where the open model's CPU goes: runs one open-model scenario with `node --cpu-prof` against a
// loopback target in its own process and prints the profile's self time grouped by where the code
// lives (perfgate's engine, undici, hdr-histogram, Node internals, GC, idle) and its top functions.
//   node bench/engine/profile.mjs [--rate 2000] [--duration 10] [--warmup 2] [--delay 1] [--top 25] [--vus 0]
// --vus N profiles the closed model (constant-vus, N VUs) instead.
// The .cpuprofile is kept under bench/out/ (open it in Chrome DevTools for the call tree).
import { readdirSync, readFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { bundleEngine, node, parseArgs, repo, scenarioFor, startServer, writeEngineRunner } from './common.mjs';

const args = parseArgs({ rate: 2000, duration: 10, warmup: 2, delay: 1, top: 25, vus: 0 });
const runner = writeEngineRunner(await bundleEngine());
const server = await startServer(args.delay);
const dir = join(repo, 'bench/out', `profile-${args.vus > 0 ? `vus${args.vus}` : args.rate}-${Date.now()}`);
mkdirSync(dir, { recursive: true });
try {
  const scenario = scenarioFor(
    server.url,
    args.vus > 0
      ? { executor: 'constant-vus', vus: args.vus, durationMs: args.duration * 1000 }
      : { executor: 'constant-arrival-rate', ratePerSec: args.rate, durationMs: args.duration * 1000 },
    args.warmup * 1000,
  );
  const run = spawnSync(node, ['--cpu-prof', '--cpu-prof-dir', dir, runner, JSON.stringify(scenario)], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
} finally {
  server.stop();
}
const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const deltas = profile.timeDeltas;
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0)));
function group(frame) {
  const url = frame.url || '';
  const name = frame.functionName;
  if (name === '(idle)') return 'idle';
  if (name === '(garbage collector)') return 'GC';
  if (name === '(program)') return 'program (native, outside JS)';
  if (/undici/.test(url) || /node_modules\/undici/.test(url)) return 'undici';
  if (/hdr-histogram/.test(url)) return 'hdr-histogram';
  if (url.startsWith('node:')) return 'node internals';
  if (url.includes('engine.mjs'))
    return frame.lineNumber !== undefined ? 'engine bundle (perfgate + bundled deps)' : 'engine';
  return url ? url.replace(/^.*\//, '') : `(${name || 'native'})`;
}
const groups = new Map();
const functions = new Map();
let total = 0;
for (const [id, us] of self) {
  const frame = byId.get(id).callFrame;
  total += us;
  const g = group(frame);
  groups.set(g, (groups.get(g) ?? 0) + us);
  const key = `${frame.functionName || '(anonymous)'} ${(frame.url || '').replace(/^.*\//, '')}:${frame.lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
}
const busy = total - (groups.get('idle') ?? 0);
console.log(`profile ${join(dir, file)}: ${(total / 1e6).toFixed(2)} s sampled, ${(busy / 1e6).toFixed(2)} s not idle`);
for (const [g, us] of [...groups].sort((a, b) => b[1] - a[1]))
  console.log(
    `  ${g.padEnd(40)} ${(us / 1e3).toFixed(0).padStart(7)} ms  ${g === 'idle' ? '' : ((us / busy) * 100).toFixed(1) + '% of busy'}`,
  );
console.log('top functions (self time):');
for (const [k, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, args.top))
  console.log(`  ${(us / 1e3).toFixed(1).padStart(7)} ms  ${k}`);
