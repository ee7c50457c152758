// A real trends history, shared by test/entry/cli-trends.test.ts and bench/stats/trends-real.ts (so
// that the bench's histories are the test's): runs saved by `perfgate gate --save` in-process into
// a baseline directory, two scenarios of 2 VUs for 0.5 s against loopback targets, `flat` always
// on one target and `step` on `before` until run `stepAt`, on `after` from it on. The base URL is
// not part of the config hash, so both configs keep one series of baselines.
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { runGateCommand } from '../../src/entry/cli-impl.js';
import { textSink } from './streams.js';

/** The commit of run `i` (0-based), as GITHUB_SHA gives it to the gate. */
export const historySha = (i: number): string => `${(i + 1).toString(16).padStart(4, '0')}${'c'.repeat(36)}`;

/**
 * Saves `runs` runs into `work`/baselines, the config at `work`/perfgate.yml (left there for
 * `perfgate trends`); `stepAt` -1 never switches. Returns the baseline directory.
 */
export async function saveStepHistory(
  work: string,
  targets: { flat: { url: string }; before: { url: string }; after: { url: string } },
  runs: number,
  stepAt: number,
): Promise<string> {
  const baselineDir = join(work, 'baselines');
  const configPath = join(work, 'perfgate.yml');
  for (let i = 0; i < runs; i++) {
    const stepUrl = (stepAt >= 0 && i >= stepAt ? targets.after : targets.before).url;
    writeFileSync(
      configPath,
      `defaults: { baseUrl: "${targets.flat.url}", warmup: 100ms }
scenarios:
  flat:
    executor: constant-vus
    vus: 2
    duration: 500ms
    request: { path: /flat }
  step:
    executor: constant-vus
    vus: 2
    duration: 500ms
    baseUrl: "${stepUrl}"
    request: { path: /step }
`,
    );
    await runGateCommand(
      { stdout: textSink(), stderr: textSink(), env: { GITHUB_SHA: historySha(i) } },
      {
        configPath,
        baselineDir,
        outputPath: join(work, 'results.json'),
        logDir: join(work, 'logs'),
        format: 'text',
        failOn: 'never',
        save: 'pass',
      },
    );
  }
  return baselineDir;
}
