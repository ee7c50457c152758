// HTTP/2 (issue 37): the engine's node:http2 client (`http: 2`, h2c) against its lean HTTP/1.1
// client, and against h2load (Debian's nghttp2-client) as the peer that speaks h2, on one loopback
// Node target that serves the same body over HTTP/1.1 and h2c (two ports, one process). Closed
// model; `--streams` VUs (perfgate), connections (lean) or streams on one connection (h2load -c 1
// -m N). Runs alternate tool by tool each round, so drift hits every tool alike.
//   node bench/engine/h2.mjs [--duration 10] [--rounds 3] [--streams 10,100] [--warmup 3] [--tools perfgate-h1,perfgate-h2,h2load] [--base /work/main]
// --base <checkout>: also runs that checkout's engine on HTTP/1.1 (tool "base-h1"), to see what
// recording the time to first byte and watching for event streams cost the lean client.
// CPU per 100k requests: perfgate's own gauge over the measured window (as closed.mjs); h2load is
// C without warm-up, its CPU the whole process (/usr/bin/time), like wrk in closed.mjs.
import {
  bundleEngine,
  engineFigures,
  fixed,
  h1AndH2Servers,
  hasCommand,
  median,
  node,
  parseArgs,
  printMedians,
  runMeasured,
  scenarioFor,
  startTargetProcess,
  writeEngineRunner,
} from './common.mjs';

const args = parseArgs({
  duration: 10,
  rounds: 3,
  streams: '10,100',
  warmup: 3,
  tools: 'perfgate-h1,perfgate-h2,h2load,base-h1',
  base: '',
});
const counts = String(args.streams).split(',').map(Number);
const wanted = new Set(String(args.tools).split(','));

const serverSource = `
${h1AndH2Servers('{"ok":true,"orders":[1,2,3]}')}
let listening = 0;
const ready = () => { if (++listening === 2) console.log(h1.address().port + ' ' + h2.address().port); };
h1.listen(0, '127.0.0.1', ready);
h2.listen(0, '127.0.0.1', ready);
process.on('SIGTERM', () => process.exit(0));
`;

async function startServers() {
  const { ports, stop } = await startTargetProcess('h2-server.mjs', serverSource);
  const [h1, h2] = ports.map((port) => `http://127.0.0.1:${port}`);
  return { h1, h2, stop };
}

const enginePath = await bundleEngine();
const runner = writeEngineRunner(enginePath);
let baseRunner;
if (args.base) {
  baseRunner = writeEngineRunner(await bundleEngine(args.base, 'base-engine.mjs'), 'run-base-engine.mjs');
}

function perfgate(url, c, http, engineRunner = runner) {
  const scenario = {
    ...scenarioFor(url, { executor: 'constant-vus', vus: c, durationMs: args.duration * 1000 }, args.warmup * 1000),
    ...(http ? { http } : {}),
  };
  const figures = engineFigures(runMeasured(node, [engineRunner, JSON.stringify(scenario)]));
  const r = figures.result;
  if (r.requests.ko > 0)
    console.log(`  ${http ?? 'http/1.1'} errors: ${JSON.stringify(r.errors)} ${JSON.stringify(r.errorExamples)}`);
  return { ...figures, protocol: r.protocol?.spoken ?? 'http/1.1' };
}

/** h2load's summary: "finished in 10.00s, 123.45 req/s", "requests: N total, N started, N done, N succeeded", "time for request: min max mean sd". */
function parseH2load(stdout) {
  const rps = Number(/finished in [\d.]+m?s, ([\d.]+) req\/s/.exec(stdout)?.[1]);
  const done = /requests: (\d+) total, (\d+) started, (\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored/.exec(
    stdout,
  );
  const toMs = (text) => {
    const m = /([\d.]+)(us|ms|s)/.exec(text ?? '');
    if (!m) return NaN;
    return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
  };
  const perRequest = /time for request:\s+(\S+)\s+(\S+)\s+(\S+)/.exec(stdout);
  return {
    rps,
    requests: Number(done?.[3]),
    ko: Number(done?.[5]) + Number(done?.[6]),
    // h2load prints no percentiles: the mean stands in the p50 column, marked in the output.
    p50: toMs(perRequest?.[3]),
    p99: NaN,
  };
}

const tools = {
  'perfgate-h1': (urls, c) => perfgate(urls.h1, c),
  'perfgate-h2': (urls, c) => perfgate(urls.h2, c, '2'),
};
if (baseRunner) tools['base-h1'] = (urls, c) => perfgate(urls.h1, c, undefined, baseRunner);
if (hasCommand('h2load')) {
  tools.h2load = (urls, c) => {
    // One connection, c streams at once: what perfgate's c VUs are over h2c (one session).
    const run = runMeasured('h2load', [
      '-c',
      '1',
      '-m',
      String(c),
      '-t',
      '1',
      '-D',
      String(args.duration),
      `${urls.h2}/orders`,
    ]);
    const r = parseH2load(run.stdout);
    return { ...r, cpuPer100k: (run.cpuSeconds / r.requests) * 1e5, processCpu: run.cpuSeconds, protocol: 'h2c' };
  };
} else if (wanted.has('h2load')) {
  console.log('h2load not found: sudo apt-get install -y nghttp2-client to compare with it');
}
for (const name of Object.keys(tools)) if (!wanted.has(name)) delete tools[name];

const urls = await startServers();
try {
  for (const c of counts) {
    console.log(`\n== closed model, ${c} VUs / streams, ${args.duration} s runs`);
    const results = Object.fromEntries(Object.keys(tools).map((name) => [name, []]));
    for (let round = 1; round <= args.rounds; round++) {
      for (const [name, run] of Object.entries(tools)) {
        const r = run(urls, c);
        results[name].push(r);
        console.log(
          `round ${round} ${name.padEnd(12)} ${r.protocol.padEnd(8)} ${fixed(r.rps, 0).padStart(7)} req/s  ${String(r.requests).padStart(8)} req  ko ${r.ko}  cpu/100k ${fixed(r.cpuPer100k).padStart(6)} s (process ${fixed(r.processCpu)} s)  p50 ${fixed(r.p50, 3)} ms${name === 'h2load' ? ' (mean)' : ''}  p99 ${fixed(r.p99, 3)} ms`,
        );
      }
    }
    const ratio = (a, b) => {
      if (!results[a] || !results[b]) return;
      const rps = results[a].map((r, i) => r.rps / results[b][i].rps);
      const cpu = results[a].map((r, i) => r.cpuPer100k / results[b][i].cpuPer100k);
      console.log(
        `${a} / ${b}: req/s ratio ${fixed(median(rps), 3)} [${rps.map((x) => fixed(x, 3)).join(' ')}]; cpu/100k ratio ${fixed(median(cpu), 3)} [${cpu.map((x) => fixed(x, 3)).join(' ')}]`,
      );
    };
    ratio('perfgate-h2', 'perfgate-h1');
    ratio('perfgate-h2', 'h2load');
    ratio('perfgate-h1', 'base-h1');
    printMedians(results, Object.keys(tools), 12);
  }
} finally {
  urls.stop();
}
