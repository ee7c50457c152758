// `npm run demo:ab`: the A/B mode on the bundled example service. Two checkouts are made in a
// temp folder, as a PR workflow has them: base/ (examples/orders as committed) and head/ (the same,
// but its service takes EXTRA_DELAY_MS more per request: 1 by default, 0 for an A/A run). One
// `perfgate gate --base-dir ../base` boots both on ports of their own, drives them at the same
// moments (duet) and compares them pair by pair, then prints the report and the Slack lines.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const { EXTRA_DELAY_MS: requested, ...env } = process.env;
const slowdownMs = requested === undefined || requested === '' ? 1 : Number(requested);
if (!Number.isInteger(slowdownMs) || slowdownMs < 0) {
  console.error(
    `EXTRA_DELAY_MS="${requested}" is not a whole number ≥ 0; use e.g. EXTRA_DELAY_MS=1 (or 0 for the same build on both sides)`,
  );
  process.exit(2);
}

const cli = resolve('dist/cli.js');
const root = mkdtempSync(join(tmpdir(), 'perfgate-demo-ab-'));
for (const side of ['base', 'head']) {
  const dir = join(root, side);
  cpSync('examples/orders', dir, { recursive: true });
  // Each variant gets a free port of its own, which the config writes as ${port}.
  const config = readFileSync(join(dir, 'perfgate.yml'), 'utf8')
    .replace(/^ {4}env: \{ PORT: "18080" \}\n/m, '')
    .replaceAll('18080', '${port}');
  writeFileSync(join(dir, 'perfgate.yml'), config);
}
// The head's "code change": its service waits slowdownMs more per request by default.
const headServer = join(root, 'head', 'server.js');
const source = readFileSync(headServer, 'utf8');
const changed = source.replace(
  "readNonNegativeInt('EXTRA_DELAY_MS', 0)",
  `readNonNegativeInt('EXTRA_DELAY_MS', ${slowdownMs})`,
);
if (changed === source && slowdownMs !== 0)
  throw new Error(`${headServer}: the EXTRA_DELAY_MS default this demo changes is no longer there`);
writeFileSync(headServer, changed);

console.log(
  `\n▶ perfgate gate --base-dir ../base: head (${slowdownMs === 0 ? 'the same build' : `${slowdownMs} ms more per request`}) and base on the same machine, at the same moments\n`,
);
const run = (args) =>
  spawnSync(process.execPath, [cli, ...args], { cwd: join(root, 'head'), stdio: 'inherit', env }).status;
const gate = run([
  'gate',
  '-c',
  'perfgate.yml',
  '--base-dir',
  '../base',
  '--baseline-dir',
  join(root, 'baselines'),
  '-o',
  'results.json',
]);
if (gate === 0 || gate === 1) {
  console.log(
    `\n▶ the same comparison as Slack lines (json_oracle form: name: avg stddev p90 p99 rps; the base on a line of its own)\n`,
  );
  run(['compare', '--current', 'results.json', '-c', 'perfgate.yml', '--format', 'slack']);
}
console.log(`\ncheckouts and results: ${root}; exit code of the gate: ${gate}`);
process.exitCode = gate ?? 3;
