// What one perfgate command costs outside its load window: the CPU of the CLI process (its own,
// not its services') for a run that sends one request, so almost all of it is start-up (Node, the
// bundle's parse and module init, the config and its schema, booting the service) and the end
// (histograms, report, results file, for gate the baseline and the verdict).
//
//   node bench/engine/startup.mjs [--rounds 9] [--base-ref main] [--commands version,run,gate] [--head DIR]
//
// Compares this checkout's dist/cli.js (build first: npm run build; --head: another build's folder)
// with --base-ref's committed dist/ (`--base-ref none`: this checkout only), alternating head, base, head, base… so both
// meet the same machine load, and prints the medians (and ranges) per command, beside bare
// `node -e ''` (Node's own start, which no bundle can go below):
//   version  perfgate --version: the bundle's parse and module init alone
//   run      perfgate run: one service (a loopback Node server), one shared-iterations request
//   gate     perfgate gate against a stored baseline of the same config (saved once, first)
// The CPU is process.cpuUsage() (user + sys, all threads) of the perfgate process at its exit,
// taken by a preloaded module, so a service's CPU is not counted. Run it under
// `flock /tmp/heavy.lock`: a busy machine inflates every figure (the pairs' ratios hold better).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fixed, median, node, parseArgs, repo, workDir } from './common.mjs';

const args = parseArgs({ rounds: 9, 'base-ref': 'main', commands: 'version,run,gate', head: join(repo, 'dist') });
const commands = String(args.commands).split(',');

const usageFile = join(workDir, 'usage.json');
const preload = join(workDir, 'cpu-at-exit.mjs');
writeFileSync(
  preload,
  `import { writeFileSync } from 'node:fs';
process.on('exit', () => {
  const cpu = process.cpuUsage();
  writeFileSync(${JSON.stringify(usageFile)}, JSON.stringify({ cpuS: (cpu.user + cpu.system) / 1e6, rssMb: process.resourceUsage().maxRSS / 1024 }));
});
`,
);

const variants = [{ name: 'head', cli: join(resolve(String(args.head)), 'cli.js') }];
if (args['base-ref'] !== 'none') {
  // The whole committed dist/, not cli.js alone: a split CLI loads its chunks from dist/chunks/.
  const baseDir = join(workDir, 'base');
  mkdirSync(baseDir, { recursive: true });
  const archive = spawnSync('git', ['-C', repo, 'archive', '--format=tar', args['base-ref'], 'dist'], {
    maxBuffer: 256 << 20,
  });
  if (archive.status !== 0) throw new Error(`git archive ${args['base-ref']} dist failed: ${archive.stderr}`);
  const untar = spawnSync('tar', ['-x', '-C', baseDir], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`tar -x of ${args['base-ref']}'s dist/ failed: ${untar.stderr}`);
  // The repository's package.json says "type": "module"; without it Node would try cli.js as
  // CommonJS first and the base would pay a failed compile the head does not.
  writeFileSync(join(baseDir, 'package.json'), '{ "type": "module" }\n');
  variants.push({ name: `base (${args['base-ref']})`, cli: join(baseDir, 'dist', 'cli.js') });
}

const server = join(workDir, 'server.mjs');
writeFileSync(
  server,
  `import { createServer } from 'node:http';
const body = Buffer.from('{"ok":true}');
const s = createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(body); });
s.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => s.close(() => process.exit(0)));
`,
);
const port = 20000 + (process.pid % 20000);
const config = join(workDir, 'perfgate.yml');
writeFileSync(
  config,
  `services:
  - name: target
    run: ${JSON.stringify(`${node} ${server}`)}
    env: { PORT: "${port}" }
    ready: { http: "http://127.0.0.1:${port}/", timeout: 15s }
defaults:
  baseUrl: http://127.0.0.1:${port}
  warmup: 0s
scenarios:
  one:
    executor: shared-iterations
    vus: 1
    iterations: 1
    request: { path: / }
`,
);

function argsFor(command, variant) {
  const dir = join(workDir, variant.name.replace(/\W+/g, '-'));
  mkdirSync(dir, { recursive: true });
  const out = ['-o', join(dir, 'results.json'), '--log-dir', join(dir, 'logs')];
  if (command === 'version') return ['--version'];
  if (command === 'run') return ['run', '-c', config, ...out];
  if (command === 'gate') return ['gate', '-c', config, '--baseline-dir', join(dir, 'baseline'), ...out];
  throw new Error(`unknown command ${command}; known: version, run, gate`);
}

/** One measured process: its own CPU seconds and peak RSS. */
function measure(file, argv) {
  rmSync(usageFile, { force: true });
  const run = spawnSync(node, ['--import', preload, file, ...argv], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (![0, 1].includes(run.status)) throw new Error(`${file} ${argv.join(' ')} exited ${run.status}: ${run.stderr}`);
  return JSON.parse(readFileSync(usageFile, 'utf8'));
}

// gate needs a stored baseline first: one `gate --save always` per variant (not measured).
for (const variant of variants) {
  if (commands.includes('gate')) {
    const argv = [...argsFor('gate', variant), '--save', 'always'];
    const run = spawnSync(node, [variant.cli, ...argv], { encoding: 'utf8' });
    if (![0, 1].includes(run.status)) throw new Error(`saving the baseline failed: ${run.stderr}`);
  }
}

const empty = join(workDir, 'empty.mjs');
writeFileSync(empty, '');
const cells = new Map();
const record = (key, value) => cells.set(key, [...(cells.get(key) ?? []), value]);
for (let round = 1; round <= args.rounds; round += 1) {
  record('node', measure(empty, []));
  for (const command of commands) {
    for (const variant of round % 2 ? variants : [...variants].reverse()) {
      record(`${command}|${variant.name}`, measure(variant.cli, argsFor(command, variant)));
    }
  }
  process.stderr.write(`round ${round}/${args.rounds}\n`);
}

const summary = (values, pick) => {
  const xs = values.map(pick);
  return `${fixed(median(xs), 3)} (${fixed(Math.min(...xs), 3)}–${fixed(Math.max(...xs), 3)})`;
};
console.log(`\nCPU-s of the perfgate process, median (range) of ${args.rounds} rounds; peak RSS MB`);
console.log(
  `| command | ${variants.map((v) => v.name).join(' | ')} | head / base | RSS ${variants.map((v) => v.name).join(' / ')} |`,
);
console.log(`|---|${variants.map(() => '---|').join('')}---|---|`);
console.log(
  `| node -e '' | ${summary(cells.get('node'), (u) => u.cpuS)} |${variants.length > 1 ? ' | |' : ' |'} ${fixed(median(cells.get('node').map((u) => u.rssMb)), 0)} |`,
);
for (const command of commands) {
  const per = variants.map((v) => cells.get(`${command}|${v.name}`));
  const ratio = per.length > 1 ? fixed(median(per[0].map((u, i) => u.cpuS / per[1][i].cpuS)), 2) : '–';
  console.log(
    `| ${command} | ${per.map((values) => summary(values, (u) => u.cpuS)).join(' | ')} | ${ratio} | ${per
      .map((values) => fixed(median(values.map((u) => u.rssMb)), 0))
      .join(' / ')} |`,
  );
}
