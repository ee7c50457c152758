// The README's test command. Runs the suite on Node 24 (the action's runtime, from the `node`
// dev dependency) and again on the machine's own Node when that is another version, then prints
// one closing line `N passed, N failed` over both runs. Extra arguments go to vitest.
// The second run repeats only what can differ between Node versions: the engine's load path
// (undici, timers, sockets, the event-loop and CPU probes), the adapters the CLI uses (processes,
// process groups, signals, files), and the CLI end to end. It leaves out the action's own tests and the adapters only the action calls
// (GitHub comments, Slack, the Actions cache and artifacts, and the fakes of those services: node24
// only, action.yml), the pure core (no I/O: the same arithmetic on any V8), the static checks of
// docs and workflows, and the A/B, capacity, scale-out and trends runs, whose load path is the
// engine's dispatch loop that run-scenario drives on this Node too; so the whole suite stays well
// under 10 minutes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const vitest = 'node_modules/vitest/vitest.mjs';
const node24 = 'node_modules/node/bin/node';
const hostNode = process.env.npm_node_execpath;
// CI's Node 20.18 job (.github/workflows/ci.yml) runs only the second run, on its own Node: the
// first, on Node 24, is its ci job's (.ci/run).
const secondOnly = process.env.PERFGATE_TEST_SECOND_RUN_ONLY === '1';
const runtimes = secondOnly ? [hostNode ?? process.execPath] : [existsSync(node24) ? node24 : process.execPath];
if (!secondOnly && hostNode && hostNode !== runtimes[0] && version(hostNode) !== version(runtimes[0]))
  runtimes.push(hostNode);

let passed = 0;
let failed = 0;
const failures = [];
const ACTION_ONLY = [
  'test/entry/action*.e2e.test.ts',
  'test/entry/local-action.e2e.test.ts',
  'test/adapters/github-comment.test.ts',
  'test/adapters/comment-race.test.ts',
  'test/adapters/slack.test.ts',
  'test/adapters/results-artifact.test.ts',
  'test/adapters/baseline-store-cache.test.ts',
  'test/entry/trends-cache.test.ts',
  'test/fakes/**',
];
const FIRST_RUN_ONLY = [
  ...ACTION_ONLY,
  'test/core/**',
  'test/docs/**',
  'test/workflows/**',
  // A/B variants: the pairing and the slot order over the same dispatch loop as run-scenario's.
  'test/engine/run-variants.test.ts',
  // An A/B gate on the time to first byte: run-variants' pairing over the same dispatch loop, the
  // first byte timed as test/engine/ttfb.test.ts times it on this Node too, and judged by the core.
  'test/engine/ttfb-ab.test.ts',
  // /proc read as text and parsed: the same file read on any Node.
  'test/adapters/machine-load.test.ts',
  'test/adapters/proc-usage.test.ts',
  'test/engine/capacity*.test.ts',
  'test/engine/run-capacity.test.ts',
  'test/entry/ab-cli.e2e.test.ts',
  // compare.confirm: ab-cli's A/B gate with the services stopped and booted again, which the
  // services adapter's own tests start and stop on this Node too; what decides is the pure core.
  'test/entry/confirm-cli.e2e.test.ts',
  // The delayed-ACK stall is the kernel's timer meeting a Node service's socket option; the note
  // is the pure core's reading of the histogram.
  'test/entry/delayed-ack-cli.e2e.test.ts',
  // compare.extend's run-on: an A/B gate, as ab-cli's, whose extension steps are the same engine
  // run again over the same services; what decides them is the pure core.
  'test/entry/extend-cli.e2e.test.ts',
  // compare.extend's draws: the same run-on as extend-cli's, whose rows come from the pure core's seed.
  'test/entry/extend-draws.e2e.test.ts',
  'test/entry/base-ref-cli.e2e.test.ts',
  'test/entry/split-load.e2e.test.ts',
  'test/entry/cli-trends.test.ts',
  // The CLI's save flow and its fault cases are the CLI's own logic over the engine run above.
  'test/entry/cli-gate-save.test.ts',
  'test/entry/faults-cli.e2e.test.ts',
  // py-spy reading a Python service: nothing of Node's but the profiler adapter's spawn and
  // signal, which the py-spy stand-in in test/adapters/profiler.test.ts repeats; and CI's Node 20
  // job installs no py-spy (.ci/run does, for the first run).
  'test/entry/profile-pyspy.e2e.test.ts',
  // profile: node through the CLI: its Node-version part is the inspector's WebSocket session
  // (undici's client, Node 20 having no global one), which test/adapters/profiler.test.ts opens on a
  // real node service on this Node too; the rest is the profile phase's wiring over the A/B run
  // above, and the Ctrl-C is cli-interrupt's signal path.
  'test/entry/profile-cli.e2e.test.ts',
];

for (const [index, node] of runtimes.entries()) {
  const out = join(mkdtempSync(join(tmpdir(), 'perfgate-test-')), 'report.json');
  const actionRuntime = index === 0 && !secondOnly;
  console.log(
    `\n=== tests on Node ${version(node)} (${node})${actionRuntime ? '' : `; not repeated here (scripts/test.mjs says why): ${FIRST_RUN_ONLY.join(', ')}`}`,
  );
  // A filter that named only first-run files leaves this run nothing to do, which is no failure.
  const excluded = actionRuntime ? [] : [...FIRST_RUN_ONLY.map((glob) => `--exclude=${glob}`), '--passWithNoTests'];
  const run = spawnSync(
    node,
    [
      vitest,
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      ...excluded,
      ...process.argv.slice(2),
    ],
    {
      stdio: 'inherit',
    },
  );
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    // A suite that failed to load has no tests to count, but it failed all the same.
    failed += report.testResults.filter(
      (file) => file.status === 'failed' && file.assertionResults.length === 0,
    ).length;
    for (const file of report.testResults) {
      const where = file.name.replace(`${process.cwd()}/`, '');
      if (file.status === 'failed' && file.assertionResults.length === 0)
        failures.push(`${version(node)} ${where}: ${firstLine(file.message)}`);
      for (const test of file.assertionResults)
        if (test.status === 'failed')
          failures.push(`${version(node)} ${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  } else {
    failed += 1;
  }
  if (run.status !== 0 && failed === 0) failed += 1;
}
// Repeated at the very end, so that a log cut to its tail (a CI excerpt) still names them.
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;

function firstLine(text) {
  return (
    String(text ?? '')
      // vitest's colour codes (ESC [ … m), which a first line of a failure message may carry.
      // eslint-disable-next-line no-control-regex
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

function version(node) {
  return spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
}
