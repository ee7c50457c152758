// `npm run demo`: boots the bundled example service and gates it twice with the committed CLI
// bundle — the first run saves a baseline, the second is compared with it — then shows the
// report as a reviewer sees it (text), as the PR comment (markdown) and as the Slack lines.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const config = 'examples/orders/perfgate.yml';
const baselineDir = mkdtempSync(join(tmpdir(), 'perfgate-demo-'));
// Both runs write into the temp folder, results and service logs alike: the second run once wrote
// results.json, and both the service's log (.perfgate/logs), into the checkout.
const results = join(baselineDir, 'results.json');
const logs = ['--log-dir', join(baselineDir, 'logs')];
// EXTRA_DELAY_MS stages a slowdown: the service reads it at boot, so it is withheld from the
// baseline run and given to the second one only, which the gate must then catch.
const { EXTRA_DELAY_MS: slowdown, ...baseEnv } = process.env;
const cli = (args, env = baseEnv) =>
  spawnSync(process.execPath, ['dist/cli.js', ...args], { stdio: 'inherit', env }).status;

console.log(
  `\n▶ 1/2 perfgate gate --save: no baseline yet, so this run is judged on thresholds and saved as the baseline\n`,
);
// `--save always`: the demo's first run is the baseline whatever its verdict (LATCH=1 breaches the
// SLO in both runs), where a plain `--save` keeps only a run that passed.
const first = cli([
  'gate',
  '-c',
  config,
  '--baseline-dir',
  baselineDir,
  '--save',
  'always',
  ...logs,
  '-o',
  join(baselineDir, 'first.json'),
]);
if (first === 2 || first === 3) process.exit(first);

console.log(
  slowdown
    ? `\n▶ 2/2 perfgate gate: the service with ${slowdown} ms more per request, compared with the baseline\n`
    : `\n▶ 2/2 perfgate gate: the same build again, compared with the baseline\n`,
);
const second = cli(
  ['gate', '-c', config, '--baseline-dir', baselineDir, '-o', results, ...logs],
  slowdown ? { ...baseEnv, EXTRA_DELAY_MS: slowdown } : baseEnv,
);
console.log(`\n▶ the same comparison as Slack lines (json_oracle form: name: avg stddev p90 p99 rps)\n`);
cli([
  'compare',
  '--baseline',
  join(baselineDir, 'first.json'),
  '--current',
  results,
  '-c',
  config,
  '--format',
  'slack',
]);
console.log(`\nresults: ${results}, baselines: ${baselineDir}; exit code of the gate: ${second}`);
process.exitCode = second ?? 3;
