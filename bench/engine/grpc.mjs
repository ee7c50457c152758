// gRPC (issue 37): what a unary call costs perfgate's generator. The engine's gRPC client
// (@grpc/grpc-js, one channel, N call slots) against a bare @grpc/grpc-js client loop (the same
// library with N calls always in flight and nothing recorded: the floor the engine sits on), and
// beside the engine's lean HTTP/1.1 client and its node:http2 client (h2c) against Node targets
// answering a body of the same size. Closed model, N VUs; rounds alternate tool by tool.
//   node bench/engine/grpc.mjs [--duration 5] [--rounds 3] [--vus 10] [--warmup 2] [--tools perfgate-grpc,grpc-js,perfgate-h1,perfgate-h2]
// CPU per 100k requests: perfgate's own gauge over the measured window (as closed.mjs and h2.mjs);
// the bare loop takes process.cpuUsage() over its measured window the same way.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  bundleEngine,
  engineFigures,
  fixed,
  h1AndH2Servers,
  median,
  node,
  parseArgs,
  printMedians,
  repo,
  runMeasured,
  scenarioFor,
  startTargetProcess,
  workDir,
  writeEngineRunner,
} from './common.mjs';

const args = parseArgs({
  duration: 5,
  rounds: 3,
  vus: 10,
  warmup: 2,
  tools: 'perfgate-grpc,grpc-js,perfgate-h1,perfgate-h2',
});
const wanted = String(args.tools).split(',');
const proto = join(repo, 'test/fixtures/grpc/users.proto');
const fakeServer = join(repo, 'test/fakes/grpc-server.mjs');
const grpcJs = createRequire(join(repo, 'package.json')).resolve('@grpc/grpc-js');

// The gRPC target (test/fakes/grpc-server.mjs, answering at once: a User of 15 bytes), and an
// HTTP/1.1 and an h2c target answering 15 bytes, each in a process of its own.
const targetsSource = `
${h1AndH2Servers('{"id":"user42"}')}
import { startGrpcServer } from ${JSON.stringify(fakeServer)};
await new Promise((done) => h1.listen(0, '127.0.0.1', done));
await new Promise((done) => h2.listen(0, '127.0.0.1', done));
const grpc = await startGrpcServer();
console.log([h1.address().port, h2.address().port, grpc.port].join(' '));
process.on('SIGTERM', () => process.exit(0));
`;

async function startTargets() {
  const { ports, stop } = await startTargetProcess('grpc-targets.mjs', targetsSource);
  const [h1, h2, grpc] = ports.map((port) => `http://127.0.0.1:${port}`);
  return { h1, h2, grpc, stop };
}

// The bare loop: N calls in flight on one channel, the message serialized once, no recording.
const loopSource = `
import grpc from ${JSON.stringify(grpcJs)};
import protoLoader from ${JSON.stringify(createRequire(join(repo, 'package.json')).resolve('@grpc/proto-loader'))};
const [target, vus, durationS, warmupS] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5])];
const definition = protoLoader.loadSync(${JSON.stringify(proto)}, { keepCase: true, longs: String, enums: String, oneofs: true });
const method = definition['users.v1.Users'].GetUser;
const client = new grpc.Client(target, grpc.credentials.createInsecure());
const message = method.requestSerialize({ id: '42' });
const metadata = new grpc.Metadata();
const identity = (b) => b;
let counting = false, done = 0, ko = 0, stop = false;
function loop() {
  if (stop) return;
  client.makeUnaryRequest(method.path, identity, identity, message, metadata, {}, (error) => {
    if (counting) { done += 1; if (error) ko += 1; }
    loop();
  });
}
for (let i = 0; i < vus; i++) loop();
await new Promise((r) => setTimeout(r, warmupS * 1000));
counting = true;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await new Promise((r) => setTimeout(r, durationS * 1000));
counting = false;
const cpu = process.cpuUsage(cpu0);
const seconds = (performance.now() - t0) / 1000;
stop = true;
process.stdout.write(JSON.stringify({ requests: done, ko, rps: done / seconds, windowCpuS: (cpu.user + cpu.system) / 1e6 }));
client.close();
process.exit(0);
`;

const enginePath = await bundleEngine();
const runner = writeEngineRunner(enginePath);
const loopFile = join(workDir, 'grpc-loop.mjs');
writeFileSync(loopFile, loopSource);

function perfgate(url, extra) {
  const scenario = {
    ...scenarioFor(
      url,
      { executor: 'constant-vus', vus: args.vus, durationMs: args.duration * 1000 },
      args.warmup * 1000,
    ),
    ...extra,
  };
  return engineFigures(runMeasured(node, [runner, JSON.stringify(scenario)]));
}

const tools = {
  'perfgate-grpc': (t) =>
    perfgate(t.grpc, {
      request: {
        method: 'POST',
        path: '/users.v1.Users/GetUser',
        headers: {},
        body: { kind: 'json', value: { id: '42' } },
      },
      grpc: { proto, service: 'users.v1.Users', method: 'GetUser' },
    }),
  'grpc-js': (t) => {
    const run = runMeasured(node, [
      loopFile,
      new URL(t.grpc).host,
      String(args.vus),
      String(args.duration),
      String(args.warmup),
    ]);
    const r = JSON.parse(run.stdout);
    return {
      rps: r.rps,
      requests: r.requests,
      ko: r.ko,
      p50: NaN,
      p99: NaN,
      cpuPer100k: (r.windowCpuS / r.requests) * 1e5,
    };
  },
  'perfgate-h1': (t) => perfgate(t.h1, {}),
  'perfgate-h2': (t) => perfgate(t.h2, { http: '2' }),
};

const targets = await startTargets();
try {
  console.log(`== closed model, ${args.vus} VUs, ${args.duration} s runs, ${args.warmup} s warm-up`);
  const results = Object.fromEntries(wanted.map((name) => [name, []]));
  for (let round = 1; round <= args.rounds; round++) {
    for (const name of wanted) {
      const r = tools[name](targets);
      results[name].push(r);
      console.log(
        `round ${round} ${name.padEnd(14)} ${fixed(r.rps, 0).padStart(7)} req/s  ${String(r.requests).padStart(8)} req  ko ${r.ko}  cpu/100k ${fixed(r.cpuPer100k).padStart(6)} s  p50 ${fixed(r.p50, 3)} ms  p99 ${fixed(r.p99, 3)} ms`,
      );
    }
  }
  const ratio = (a, b) => {
    if (!results[a] || !results[b]) return;
    const cpu = results[a].map((r, i) => r.cpuPer100k / results[b][i].cpuPer100k);
    const rps = results[a].map((r, i) => r.rps / results[b][i].rps);
    console.log(
      `${a} / ${b}: cpu/100k ratio ${fixed(median(cpu), 3)} [${cpu.map((x) => fixed(x, 3)).join(' ')}]; req/s ratio ${fixed(median(rps), 3)} [${rps.map((x) => fixed(x, 3)).join(' ')}]`,
    );
  };
  ratio('perfgate-grpc', 'grpc-js');
  ratio('perfgate-grpc', 'perfgate-h1');
  ratio('perfgate-grpc', 'perfgate-h2');
  printMedians(results, wanted, 14);
} finally {
  targets.stop();
}
