// perfgate's engine beside autocannon (and wrk for the closed model), each as a whole process
// against the same loopback target, in alternating rounds. One command; it installs the peers:
// autocannon with `npm install --no-save` into bench/out/peers (ignored by git), wrk from Debian
// (`apt-get install -y wrk`) when it is not on PATH and apt-get is there to run.
//
//   node bench/engine/versus.mjs [--modes open,closed10,closed100] [--rate 2000] [--duration 10] [--rounds 3] [--delay 1] [--connections 10]
//
// The figure is CPU-s per 100k requests of the whole process (user + sys from wait4's rusage, as
// /usr/bin/time reports it: start-up, the run and the exit, every thread), divided by the requests
// the tool itself reports. Process CPU time is what the tools take from a shared machine, and it
// is less sensitive to other load than wall time. perfgate runs the engine bundled from src (its
// result's requests are all of the run: no warm-up); its window-only CPU (the engine's own gauge)
// is printed beside.
// - open: perfgate's constant-arrival-rate at --rate against `autocannon --overallRate` with
//   --connections (autocannon sends each connection's share as fast as it can at the start of
//   each second and then waits: bursts, not an even schedule, and it times from the send).
// - closed10 / closed100: constant-vus against `autocannon -c` and `wrk -t1 -c`, target delay 0.
// Take the shared lock around it (`flock /tmp/heavy.lock node bench/engine/versus.mjs`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  bundleEngine,
  fixed,
  hasCommand,
  median,
  node,
  parseArgs,
  repo,
  runMeasured,
  scenarioFor,
  startServer,
  writeEngineRunner,
} from './common.mjs';

const args = parseArgs({
  modes: 'open,closed10,closed100',
  rate: 2000,
  duration: 10,
  rounds: 3,
  delay: 1,
  connections: 10,
});

function installPeers() {
  const peers = join(repo, 'bench/out/peers');
  const autocannon = join(peers, 'node_modules/autocannon/autocannon.js');
  if (!existsSync(autocannon)) {
    mkdirSync(peers, { recursive: true });
    writeFileSync(join(peers, 'package.json'), '{ "private": true }\n');
    const npm = join(process.execPath, '..', 'npm');
    const run = spawnSync(
      existsSync(npm) ? npm : 'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', 'autocannon@9'],
      {
        cwd: peers,
        stdio: 'inherit',
      },
    );
    if (run.status !== 0) throw new Error('npm install autocannon failed');
  }
  if (!hasCommand('wrk') && hasCommand('apt-get')) {
    const run = spawnSync('sh', ['-c', 'apt-get install -y wrk || (apt-get update && apt-get install -y wrk)'], {
      stdio: 'inherit',
    });
    if (run.status !== 0) console.log('wrk could not be installed: the closed model runs without it');
  }
  return { autocannon, wrk: hasCommand('wrk') };
}

const peers = installPeers();
const runner = writeEngineRunner(await bundleEngine());

function perfgate(url, load) {
  const run = runMeasured(node, [runner, JSON.stringify(scenarioFor(url, load, 0))]);
  const r = JSON.parse(run.stdout);
  return {
    requests: r.requests.total,
    cpu: run.cpuSeconds,
    window: r.generator.cpuCores * (r.durationMs / 1000),
    note:
      `p50 ${fixed(r.latencyMs.p50, 3)} p99 ${fixed(r.latencyMs.p99, 3)} ms` +
      (r.rate
        ? `, achieved ${fixed((r.rate.achievedPerSec / r.rate.intendedPerSec) * 100, 2)}% of ${r.rate.intendedPerSec}/s, dropped ${r.requests.dropped}, late ${r.generator.lateStarts}`
        : ''),
  };
}

function autocannon(url, flags) {
  const run = runMeasured(node, [peers.autocannon, ...flags, '-d', String(args.duration), '--json', `${url}/orders`]);
  const r = JSON.parse(run.stdout);
  return {
    requests: r.requests.total,
    cpu: run.cpuSeconds,
    note: `${fixed(r.requests.total / r.duration, 1)} req/s, p50 ${r.latency.p50} p99 ${r.latency.p99} ms (whole ms)`,
  };
}

function wrk(url, connections) {
  const run = runMeasured('wrk', ['-t1', `-c${connections}`, `-d${args.duration}s`, `${url}/orders`]);
  const requests = Number(/(\d+) requests in/.exec(run.stdout)?.[1]);
  return { requests, cpu: run.cpuSeconds, note: `${fixed(requests / args.duration, 0)} req/s` };
}

const modes = {
  open: {
    title: `open model, ${args.rate} req/s for ${args.duration} s, target delay ${args.delay} ms`,
    delay: args.delay,
    tools: {
      perfgate: (url) =>
        perfgate(url, { executor: 'constant-arrival-rate', ratePerSec: args.rate, durationMs: args.duration * 1000 }),
      autocannon: (url) => autocannon(url, ['-c', String(args.connections), '--overallRate', String(args.rate)]),
    },
  },
};
for (const c of [10, 100]) {
  modes[`closed${c}`] = {
    title: `closed model, ${c} connections for ${args.duration} s, target delay 0 ms`,
    delay: 0,
    tools: {
      perfgate: (url) => perfgate(url, { executor: 'constant-vus', vus: c, durationMs: args.duration * 1000 }),
      autocannon: (url) => autocannon(url, ['-c', String(c)]),
      ...(peers.wrk ? { wrk: (url) => wrk(url, c) } : {}),
    },
  };
}

const per100k = (r) => (r.cpu / r.requests) * 1e5;
for (const name of String(args.modes).split(',')) {
  const mode = modes[name];
  if (!mode) throw new Error(`unknown mode ${name}; known: ${Object.keys(modes).join(', ')}`);
  console.log(`\n== ${mode.title}, ${args.rounds} alternating rounds`);
  const server = await startServer(mode.delay);
  const results = Object.fromEntries(Object.keys(mode.tools).map((tool) => [tool, []]));
  try {
    for (let round = 1; round <= args.rounds; round++) {
      for (const [tool, run] of Object.entries(mode.tools)) {
        const r = run(server.url);
        results[tool].push(r);
        console.log(
          `round ${round} ${tool.padEnd(10)} ${String(r.requests).padStart(8)} req  process ${fixed(r.cpu)} CPU-s = ${fixed(per100k(r)).padStart(6)} CPU-s/100k` +
            (r.window !== undefined ? ` (window ${fixed((r.window / r.requests) * 1e5)})` : '') +
            `  ${r.note}`,
        );
      }
    }
  } finally {
    server.stop();
  }
  for (const tool of Object.keys(mode.tools)) {
    console.log(`${tool.padEnd(10)} median ${fixed(median(results[tool].map(per100k)))} CPU-s per 100k requests`);
  }
  for (const peer of Object.keys(mode.tools).filter((tool) => tool !== 'perfgate')) {
    const ratios = results.perfgate.map((r, i) => per100k(r) / per100k(results[peer][i]));
    console.log(
      `perfgate / ${peer}: CPU per request ${fixed(median(ratios), 3)}× (median of rounds [${ratios.map((x) => fixed(x, 3)).join(' ')}]), requests ${fixed(median(results.perfgate.map((r, i) => r.requests / results[peer][i].requests)), 3)}×`,
    );
  }
}
