// A large slowdown against one stored run, end to end: `gate --save` once on the example order
// service (no history), then `gate` runs against that one baseline, alternating a service made
// slower (EXTRA_DELAY_MS) and the same build (A/A). The slow runs must exit 1 with the regression
// named by the rule that failed it (a change that stays significant with a runner 4× as noisy as
// the prior); the A/A runs must exit 0.
//
//   flock -o /tmp/heavy.lock node bench/gate/stored-slowdown.mjs [--delay 11] [--runs 2]
//
// Each gate run is about 40 s. The baseline directory is kept, so one baseline serves every run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const delay = arg('delay', 11);
const runs = arg('runs', 2);
const config = 'examples/orders/perfgate.yml';
const dir = mkdtempSync(join(tmpdir(), 'perfgate-stored-'));
const { EXTRA_DELAY_MS: _ignored, ...env } = process.env;

function gate(extra, label, runEnv = env) {
  const out = join(dir, `${label}.json`);
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    ['dist/cli.js', 'gate', '-c', config, '--baseline-dir', dir, '-o', out, '--format', 'json', ...extra],
    { env: runEnv, encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  let comparison;
  try {
    comparison = JSON.parse(result.stdout);
  } catch {
    comparison = undefined;
  }
  return { status: result.status, seconds, comparison, stderr: result.stderr };
}

function describe(label, run) {
  console.log(`${label}: exit ${run.status} (${run.seconds} s)`);
  const scenarios = run.comparison?.scenarios ?? [];
  for (const s of scenarios)
    for (const m of s.metrics ?? []) {
      if (!['p50', 'p95', 'rps'].includes(m.metric)) continue;
      const change = Number.isFinite(m.change) ? `${(100 * m.change).toFixed(1)}%` : '–';
      const interval = m.changeInterval
        ? ` [${(100 * m.changeInterval[0]).toFixed(0)}%, ${(100 * m.changeInterval[1]).toFixed(0)}%]`
        : '';
      console.log(
        `  ${s.name} ${m.metric}: ${change}${interval} ${m.verdict}${m.reasons?.length ? ` — ${m.reasons.join('; ')}` : ''}`,
      );
    }
}

const base = gate(['--save', 'always'], 'baseline');
describe('baseline (--save always)', base);
if (base.status !== 0 && base.status !== 1) {
  console.error(base.stderr);
  process.exit(3);
}
const tally = { slowFailed: 0, slow: 0, aaPassed: 0, aa: 0 };
for (let i = 0; i < runs; i++) {
  const slow = gate([], `slow-${i}`, { ...env, EXTRA_DELAY_MS: String(delay) });
  describe(`EXTRA_DELAY_MS=${delay}, run ${i + 1}`, slow);
  tally.slow++;
  if (slow.status === 1) tally.slowFailed++;
  const aa = gate([], `aa-${i}`);
  describe(`A/A, run ${i + 1}`, aa);
  tally.aa++;
  if (aa.status === 0) tally.aaPassed++;
}
console.log(
  `\nslow runs failed: ${tally.slowFailed}/${tally.slow}; A/A runs passed: ${tally.aaPassed}/${tally.aa}; results in ${dir}`,
);
