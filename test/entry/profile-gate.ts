// The one `perfgate gate --base-ref` both profile end-to-end tests run (profile: node, py-spy):
// the CLI bundle in a checkout's folder, its own RUNNER_TEMP, and the results it left.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Results } from '../../src/core/types/results.js';

export function gateAgainstRef(cli: string, work: string, root: string, ref: string, extraArgs: string[] = []) {
  const temp = join(work, `${ref.replace(/\W/g, '')}-temp`);
  mkdirSync(temp, { recursive: true });
  const child = spawnSync(
    process.execPath,
    [cli, 'gate', '-c', 'perf/perfgate.yml', '--base-ref', ref, '--seed', '7', '-o', 'results.json', ...extraArgs],
    { cwd: root, encoding: 'utf8', timeout: 150_000, env: { ...process.env, RUNNER_TEMP: temp } },
  );
  const resultsPath = join(root, 'results.json');
  const results = existsSync(resultsPath) ? (JSON.parse(readFileSync(resultsPath, 'utf8')) as Results) : undefined;
  return { code: child.status, stdout: child.stdout, stderr: child.stderr, results };
}
