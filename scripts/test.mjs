// The README's test command. Runs the suite on Node 24 (the action's runtime, from the `node`
// dev dependency) and again on the machine's own Node when that is another version, then prints
// one closing line `N passed, N failed` over both runs. Extra arguments go to vitest.
// The action runs on node24 only (action.yml), so its end-to-end tests run on Node 24 only; the
// CLI, the engine and the adapters, which users run on Node ≥ 20.18, are tested on both.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const vitest = 'node_modules/vitest/vitest.mjs';
const node24 = 'node_modules/node/bin/node';
const runtimes = [existsSync(node24) ? node24 : process.execPath];
const hostNode = process.env.npm_node_execpath;
if (hostNode && hostNode !== runtimes[0] && version(hostNode) !== version(runtimes[0])) runtimes.push(hostNode);

let passed = 0;
let failed = 0;
const ACTION_ONLY = ['test/entry/action*.e2e.test.ts', 'test/entry/local-action.e2e.test.ts'];

for (const [index, node] of runtimes.entries()) {
  const out = join(mkdtempSync(join(tmpdir(), 'perfgate-test-')), 'report.json');
  const actionRuntime = index === 0;
  console.log(
    `\n=== tests on Node ${version(node)} (${node})${actionRuntime ? '' : `; the action's own tests (node24 only) are not repeated: ${ACTION_ONLY.join(', ')}`}`,
  );
  // A filter that named only the action's files leaves this run nothing to do, which is no failure.
  const excluded = actionRuntime ? [] : [...ACTION_ONLY.map((glob) => `--exclude=${glob}`), '--passWithNoTests'];
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
  } else {
    failed += 1;
  }
  if (run.status !== 0 && failed === 0) failed += 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;

function version(node) {
  return spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
}
