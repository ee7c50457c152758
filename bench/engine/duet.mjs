// The generator's share of the CPU in an A/B duet: perfgate's engine drives two loopback targets
// (each a Node `http` server in its own process) on one open-model schedule, `--rate` per variant,
// as `perfgate ab` does by default. The share is the engine process's CPU (user + sys, whole
// process, /usr/bin/time) over the engine's plus both targets' (from /proc/<pid>/stat over the
// same run). With --base <checkout>, that checkout's engine runs too, in alternating rounds.
//
//   node bench/engine/duet.mjs [--rate 500] [--duration 10] [--rounds 3] [--delay 1] [--base /path/to/main]
//
// Take the shared lock around it (`flock /tmp/heavy.lock node bench/engine/duet.mjs`).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  bundleEngine,
  fixed,
  median,
  node,
  parseArgs,
  runMeasured,
  scenarioFor,
  startServer,
  workDir,
} from './common.mjs';

const args = parseArgs({ rate: 500, duration: 10, rounds: 3, delay: 1, base: '' });
const ticksPerSecond = 100; // USER_HZ on Linux

function processCpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond; // utime, stime
}

async function runnerFor(from, name) {
  const engine = await bundleEngine(from, `${name}.mjs`);
  const file = join(workDir, `run-duet-${name}.mjs`);
  writeFileSync(
    file,
    `import { runScenarioVariants } from ${JSON.stringify(engine)};
const [scenario, head, base] = [JSON.parse(process.argv[2]), process.argv[3], process.argv[4]];
const { results } = await runScenarioVariants(scenario, { targets: [{ name: 'head', baseUrl: head }, { name: 'base', baseUrl: base }], schedule: 'duet' });
process.stdout.write(JSON.stringify(results.map((r) => ({ requests: r.requests, rate: r.rate, latencyMs: r.latencyMs, cpuCores: r.generator.cpuCores }))));
`,
  );
  return file;
}

const engines = { branch: await runnerFor(undefined, 'engine-branch') };
if (args.base) engines.base = await runnerFor(args.base, 'engine-base');
const head = await startServer(args.delay);
const base = await startServer(args.delay);
const shares = Object.fromEntries(Object.keys(engines).map((name) => [name, []]));
const per100k = Object.fromEntries(Object.keys(engines).map((name) => [name, []]));
try {
  const scenario = scenarioFor(
    head.url,
    { executor: 'constant-arrival-rate', ratePerSec: args.rate, durationMs: args.duration * 1000 },
    0,
  );
  for (let round = 1; round <= args.rounds; round++) {
    for (const [name, runner] of Object.entries(engines)) {
      const before = processCpuSeconds(head.pid) + processCpuSeconds(base.pid);
      const run = runMeasured(node, [runner, JSON.stringify(scenario), head.url, base.url]);
      const services = processCpuSeconds(head.pid) + processCpuSeconds(base.pid) - before;
      const results = JSON.parse(run.stdout);
      const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
      const share = run.cpuSeconds / (run.cpuSeconds + services);
      shares[name].push(share);
      per100k[name].push((run.cpuSeconds / requests) * 1e5);
      console.log(
        `round ${round} ${name.padEnd(7)} ${requests} req (both variants)  generator ${fixed(run.cpuSeconds)} CPU-s, services ${fixed(services)} CPU-s: generator share ${fixed(share * 100, 1)}%, ${fixed((run.cpuSeconds / requests) * 1e5)} CPU-s/100k; ` +
          results
            .map(
              (r) =>
                `${fixed((r.rate.achievedPerSec / r.rate.intendedPerSec) * 100, 2)}% of ${r.rate.intendedPerSec}/s, p50 ${fixed(r.latencyMs.p50, 3)} ms`,
            )
            .join(' | '),
      );
    }
  }
} finally {
  head.stop();
  base.stop();
}
for (const name of Object.keys(engines))
  console.log(
    `${name.padEnd(7)} median generator share ${fixed(median(shares[name]) * 100, 1)}%, ${fixed(median(per100k[name]))} CPU-s per 100k requests`,
  );
