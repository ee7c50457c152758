// Open model: perfgate's engine at a fixed arrival rate (default 2,000 req/s for 20 s) against a
// loopback Node target. Prints intended vs achieved rate, late starts and CPU-s per 100k requests
// (issue 2's goal: achieved within 1% of intended, ≤ 10 CPU-s per 100k).
//   node bench/engine/open.mjs [--rate 2000] [--duration 20] [--rounds 1] [--delay 1] [--warmup 3]
import {
  bundleEngine,
  fixed,
  node,
  parseArgs,
  runMeasured,
  scenarioFor,
  startServer,
  writeEngineRunner,
} from './common.mjs';

const args = parseArgs({ rate: 2000, duration: 20, rounds: 1, delay: 1, warmup: 3 });
const runner = writeEngineRunner(await bundleEngine());
const server = await startServer(args.delay);
try {
  for (let round = 1; round <= args.rounds; round++) {
    const scenario = scenarioFor(
      server.url,
      { executor: 'constant-arrival-rate', ratePerSec: args.rate, durationMs: args.duration * 1000 },
      args.warmup * 1000,
    );
    const run = runMeasured(node, [runner, JSON.stringify(scenario)]);
    const r = JSON.parse(run.stdout);
    const windowCpu = r.generator.cpuCores * (r.durationMs / 1000);
    const sent = r.requests.total;
    console.log(
      `round ${round}: intended ${fixed(r.rate.intendedPerSec, 1)}/s achieved ${fixed(r.rate.achievedPerSec, 1)}/s ` +
        `(${fixed((r.rate.achievedPerSec / r.rate.intendedPerSec) * 100, 2)}%), dropped ${r.requests.dropped}, ` +
        `late starts ${r.generator.lateStarts} (max ${fixed(r.generator.maxStartDelayMs)} ms), ` +
        `cpu/100k ${fixed((windowCpu / sent) * 1e5)} s in window (process ${fixed(run.cpuSeconds)} s for ${sent} measured + warm-up), ` +
        `p50 ${fixed(r.latencyMs.p50, 3)} ms p99 ${fixed(r.latencyMs.p99, 3)} ms, peak RSS ${fixed(run.peakRssMb, 0)} MB, saturated ${r.generator.saturated}${r.generator.reasons.length ? ': ' + r.generator.reasons.join('; ') : ''}`,
    );
  }
} finally {
  server.stop();
}
