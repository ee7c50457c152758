// The action's own overhead: how long `node dist/index.js` takes from its spawn to the first
// request it sends, and from the last request to its exit (compare, report, summary, outputs,
// baseline save). No services are booted, so boot time is not in either figure.
//
//   flock /tmp/heavy.lock node bench/action/overhead.mjs [--runs 6] [--duration 5] [--rate 200]
//
// The target is a node:http server inside this process that notes the wall-clock time (Date.now())
// of the first and the last request it receives. Each run uses the same baseline dir, so run 1 has
// no baseline, runs 2–5 compare by the bootstrap and from run 6 on by the history test.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const node = process.execPath;
const bundle = join(repo, 'dist/index.js');

const defaults = { runs: 6, duration: 5, warmup: 1, segment: 1, rate: 200 };
const args = { ...defaults };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, '');
  if (!(key in defaults) || process.argv[i + 1] === undefined)
    throw new Error(
      `unknown or incomplete argument ${process.argv[i]}; known: ${Object.keys(defaults)
        .map((k) => `--${k}`)
        .join(', ')}`,
    );
  args[key] = Number(process.argv[i + 1]);
}

const workDir = mkdtempSync(join(tmpdir(), 'perfgate-action-overhead-'));
const outDir = join(repo, 'bench/out');
mkdirSync(outDir, { recursive: true });
const rawPath = join(outDir, `action-overhead-${new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15)}.jsonl`);

// ---------------------------------------------------------------- the target

let firstRequestAt;
let lastRequestAt;
let requestCount = 0;
const body = Buffer.from('{"ok":true}');
const server = createServer({ keepAliveTimeout: 60_000 }, (request, response) => {
  const now = Date.now();
  firstRequestAt ??= now;
  lastRequestAt = now;
  requestCount += 1;
  request.resume();
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  response.end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

// ---------------------------------------------------------------- config, event, env

const configPath = join(workDir, 'perfgate.yml');
writeFileSync(
  configPath,
  `defaults:
  baseUrl: http://127.0.0.1:${port}
  timeout: 5s
  warmup: ${args.warmup}s
  segment: ${args.segment}s
scenarios:
  overhead/ping:
    executor: constant-arrival-rate
    rate: ${args.rate}/s
    duration: ${args.duration}s
    request: { method: GET, path: /ping }
`,
);
const eventPath = join(workDir, 'event.json');
writeFileSync(
  eventPath,
  JSON.stringify({
    ref: 'refs/heads/main',
    repository: { full_name: 'acme/shop', name: 'shop', owner: { login: 'acme' }, default_branch: 'main' },
  }),
);
const baselineDir = join(workDir, 'baselines');

function actionEnv(run) {
  const runnerTemp = join(workDir, `runner-${run}`);
  mkdirSync(runnerTemp, { recursive: true });
  const outputPath = join(runnerTemp, 'output.txt');
  const summaryPath = join(runnerTemp, 'summary.md');
  writeFileSync(outputPath, '');
  writeFileSync(summaryPath, '');
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REF: 'refs/heads/main',
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_RUN_ID: String(5000 + run),
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_SHA: `0000000000000000000000000000000000000${String(run).padStart(3, '0')}`,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'http://127.0.0.1:9', // never contacted: no token, no comment
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    RUNNER_TEMP: runnerTemp,
    INPUT_CONFIG: configPath,
    'INPUT_BASELINE-DIR': baselineDir,
    INPUT_COMMENT: 'never',
    'INPUT_SLACK-ON': 'never',
  };
  return { env, outputPath, summaryPath };
}

// ---------------------------------------------------------------- runs

function runAction(run) {
  const { env, outputPath, summaryPath } = actionEnv(run);
  firstRequestAt = undefined;
  lastRequestAt = undefined;
  requestCount = 0;
  return new Promise((resolve, reject) => {
    const spawnedAt = Date.now();
    const child = spawn(node, [bundle], { env, cwd: workDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (chunk) => (log += chunk));
    child.stderr.on('data', (chunk) => (log += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      const exitedAt = Date.now();
      if (firstRequestAt === undefined) {
        reject(new Error(`run ${run}: the action sent no request (exit ${code}):\n${log.slice(-3000)}`));
        return;
      }
      const outputs = readFileSync(outputPath, 'utf8');
      const verdict = /verdict<<(\S+)\n(.*)\n/.exec(outputs)?.[2];
      resolve({
        run,
        code,
        verdict,
        requests: requestCount,
        spawnToFirstMs: firstRequestAt - spawnedAt,
        lastToExitMs: exitedAt - lastRequestAt,
        totalMs: exitedAt - spawnedAt,
        summaryBytes: statSync(summaryPath).size,
        saved: /saved this run as the new baseline/.test(log),
      });
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// A reference: what a bare Node start costs on this machine.
const bareStarts = [];
for (let i = 0; i < 5; i += 1) {
  const started = Date.now();
  spawnSync(node, ['-e', '0']);
  bareStarts.push(Date.now() - started);
}

const results = [];
for (let run = 1; run <= args.runs; run += 1) {
  const result = await runAction(run);
  results.push(result);
  appendFileSync(rawPath, `${JSON.stringify(result)}\n`);
  console.error(
    `run ${run}: exit ${result.code}, ${result.requests} requests, spawn→first ${result.spawnToFirstMs} ms, last→exit ${result.lastToExitMs} ms, saved ${result.saved}`,
  );
}
server.close();
rmSync(workDir, { recursive: true, force: true });

// ---------------------------------------------------------------- report

const size = (path) => {
  const raw = readFileSync(path);
  return `${(raw.length / 1024).toFixed(0)} KiB raw, ${(gzipSync(raw, { level: 9 }).length / 1024).toFixed(0)} KiB gzip`;
};
console.log(`\n## Action overhead (${new Date().toISOString()}, Node ${process.version})`);
console.log(
  `scenario: constant-arrival-rate ${args.rate}/s, ${args.warmup} s warm-up + ${args.duration} s, ${args.segment} s segments; no services; baseline-dir store; push event (saves a baseline)`,
);
console.log('| run | baseline | requests | spawn → first request | last request → exit | total |');
console.log('|---|---|---|---|---|---|');
for (const r of results) {
  const baseline = r.run === 1 ? 'none' : r.run <= 5 ? 'bootstrap' : 'history';
  console.log(
    `| ${r.run} | ${baseline} | ${r.requests} | ${r.spawnToFirstMs} ms | ${r.lastToExitMs} ms | ${(r.totalMs / 1000).toFixed(1)} s |`,
  );
}
const first = results.map((r) => r.spawnToFirstMs);
const last = results.map((r) => r.lastToExitMs);
console.log(`spawn → first request: median ${median(first)} ms, max ${Math.max(...first)} ms`);
console.log(`last request → exit: median ${median(last)} ms, max ${Math.max(...last)} ms`);
console.log(`bare \`node -e 0\` start→exit on this machine: median ${median(bareStarts)} ms`);
console.log(`dist/index.js: ${size(bundle)}; dist/cli.js: ${size(join(repo, 'dist/cli.js'))}`);
console.log(`raw lines in ${rawPath}`);
