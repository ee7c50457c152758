// Real A/B runs for the serial-correlation check (docs/design/statistics.md, "Serial correlation"):
// the example order service in two checkouts whose service times differ, gated with
// `perfgate gate --base-dir ../base` (duet by default), quiet or with a neighbour spinning a core
// in bursts. Each gate run holds --lock for its own duration only. The results files are kept so
// that another build's statistics can judge them again (`perfgate compare --current <file>`) and
// bench/ab/serial-trace.ts can print the pairs.
//   node bench/ab/serial-real.mjs --cells 2:2,3:2,25:25,28:25 --repeat 2 [--rate 200] [--duration 12]
//        [--schedule duet] [--neighbour both|on|off] [--lock /tmp/heavy.lock] [--out dir]
// A cell is head-ms:base-ms; every cell runs --repeat times quiet and --repeat times with the neighbour.
import { mkdirSync, writeFileSync, appendFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, runLocked, runOneAndExit } from '../gate/harness.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = join(repo, 'dist/cli.js');
const self = fileURLToPath(import.meta.url);
const args = parseArgs({
  cells: '2:2,3:2',
  repeat: 1,
  rate: 200,
  duration: 12,
  warmup: 2,
  schedule: 'duet',
  neighbour: 'both',
  lock: '/tmp/heavy.lock',
  out: join(repo, 'bench/out/serial-real'),
  one: '',
});
if (args.one) await runOneAndExit(cli, JSON.parse(args.one));

function config() {
  return `services:
  - name: orders
    run: node service.mjs
    ready: { http: "http://127.0.0.1:\${port}/health", timeout: 15s }

defaults:
  baseUrl: "http://127.0.0.1:\${port}"
  timeout: 5s
  warmup: ${args.warmup}s

compare: { mode: ab, schedule: ${args.schedule} }

scenarios:
  ab/open:
    executor: constant-arrival-rate
    rate: ${args.rate}/s
    duration: ${args.duration}s
    maxInFlight: 500
    request: { method: GET, path: "/orders/\${row.id}" }
    data: { file: ${JSON.stringify(join(repo, 'examples/orders/data/keys.csv'))}, order: random }
`;
}

mkdirSync(args.out, { recursive: true });
const log = join(args.out, 'runs.jsonl');
const neighbours = args.neighbour === 'both' ? [false, true] : [args.neighbour === 'on'];
let index = Date.now() % 1_000_000;
for (let r = 0; r < args.repeat; r++)
  for (const cell of String(args.cells).split(',')) {
    const [headMs, baseMs] = cell.split(':').map(Number);
    for (const neighbour of neighbours) {
      index++;
      const dir = join(args.out, `w${index}`);
      for (const [side, ms] of [
        ['head', headMs],
        ['base', baseMs],
      ]) {
        mkdirSync(join(dir, side, 'perf'), { recursive: true });
        writeFileSync(
          join(dir, side, 'perf/service.mjs'),
          `process.env.SERVICE_TIME_MS = '${ms}';\nawait import(${JSON.stringify(join(repo, 'examples/orders/server.js'))});\n`,
        );
        writeFileSync(join(dir, side, 'perf/perfgate.yml'), config());
      }
      const results = join(args.out, `${index}.json`);
      const one = await runLocked(self, args.lock, {
        cliArgs: [
          'gate',
          '-c',
          'perf/perfgate.yml',
          '--base-dir',
          '../base',
          '--baseline-dir',
          join(dir, 'none'),
          '-o',
          results,
          '--format',
          'json',
          '--seed',
          String(index),
        ],
        cwd: join(dir, 'head'),
        neighbour,
        seed: index,
      });
      let report;
      try {
        report = JSON.parse(one.stdout);
      } catch {
        report = { error: one.stderr.slice(-500) };
      }
      const metrics = (report.scenarios ?? []).flatMap((s) =>
        s.metrics.map((m) => `${m.metric}:${m.verdict}:${m.change === undefined ? '' : (100 * m.change).toFixed(1)}`),
      );
      const line = {
        index,
        headMs,
        baseMs,
        neighbour,
        neighbourOnSeconds: one.neighbourOnSeconds,
        verdict: report.verdict,
        results,
        config: join(dir, 'head/perf/perfgate.yml'),
        metrics,
      };
      appendFileSync(log, `${JSON.stringify(line)}\n`);
      console.log(JSON.stringify(line));
    }
  }
