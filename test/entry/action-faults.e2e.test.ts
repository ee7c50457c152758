// The action against APIs that hang or fail, and against a cancelled job: the bundled
// dist/index.js is spawned with a GitHub-like environment against the loopback fakes, made to
// hang (test/entry/action-harness.ts). The verdict output and the job summary must be there
// however the reports fare, and the step must end (every network step has a deadline, and nothing
// it left open holds the process). Each test turns a knob of fakes of its own, so they run at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Results } from '../../src/core/types/results.js';
import { startTargetServer, type TargetServer } from '../fakes/target-server.js';
import { slackBotToken, slackChannel } from '../fakes/slack.js';
import { bundleAction, makeWorkDir, startActionWorld, type ActionWorld } from './action-harness.js';

const work = makeWorkDir('action-faults');
const configPath = join(work, 'perfgate.yml');
let bundle: string;
let target: TargetServer;

beforeAll(async () => {
  bundle = bundleAction();
  target = await startTargetServer({ delayMs: 5 });
  writeFileSync(
    configPath,
    `defaults: { baseUrl: "${target.url}", warmup: 0s, segment: 1s }
scenarios:
  api: { executor: constant-vus, vus: 1, duration: 1s, request: { path: /x } }
thresholds:
  api: ["error_rate<0.5"]
`,
  );
}, 60_000);

afterAll(async () => {
  await target?.close();
});

/** Fakes of this test's own, closed after it, for steps with a 2 s network-timeout. */
async function withWorld(test: (world: ActionWorld) => Promise<void>): Promise<void> {
  const world = await startActionWorld({
    work,
    bundle,
    runIdBase: 2000,
    inputs: { config: configPath, 'network-timeout': '2s' },
  });
  try {
    await test(world);
  } finally {
    await world.close();
  }
}

describe.concurrent('the action against hung APIs', () => {
  it('a hanging comment endpoint: the verdict output and the summary are there, and the step ends', () =>
    withWorld(async ({ github, runStep }) => {
      github.hang = /\/issues\/7\/comments$/;
      const run = await runStep({ event: 'pull_request' });
      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs.verdict).toBe('pass');
      expect(run.summary).toContain('api');
      expect(run.stdout).toContain(
        "could not read the PR's comments (reading the PR's comments did not finish within 2 s)",
      );
      expect(run.stdout).toMatch(
        /the PR comment failed \(the PR comment did not finish within 2 s\); the verdict stands/,
      );
      expect(github.requests.some((request) => request.path.endsWith('/issues/7/comments'))).toBe(true);
    }));

  it('a hanging baseline download means no baseline this run, said so; the verdict is judged on thresholds', () =>
    withWorld(async ({ cache, runStep }) => {
      const saved = await runStep({ event: 'push' });
      expect(saved.stdout).toContain('saved this run as the new baseline');
      cache.hang.add('download');
      const run = await runStep({ event: 'pull_request', inputs: { comment: 'never' } });
      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs.verdict).toBe('pass');
      expect(run.summary).toMatch(
        /baseline unreadable: judged on thresholds alone \(reading the baseline from the Actions cache \(keys perfgate-v1-[0-9a-f]+-\\?\*\) did not finish within 2 s, so this run has no baseline/,
      );
      expect(cache.requests.some((request) => request.kind === 'blob' && request.method === 'GET')).toBe(true);
    }));

  it('a hanging Slack: the message is given up at the deadline, with a warning; the verdict stands', () =>
    withWorld(async ({ slack, runStep }) => {
      slack.hang = true;
      const run = await runStep({
        event: 'push',
        inputs: { 'slack-token': slackBotToken, 'slack-channel': slackChannel, 'save-baseline': 'false' },
      });
      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs.verdict).toBe('pass');
      expect(run.stdout).toMatch(
        /the Slack message failed \((the Slack message did not finish within 2 s|Slack chat\.postMessage could not be reached: .*)\); the verdict stands/,
      );
      expect(slack.requests.filter((request) => request.outcome === 'hung')).toHaveLength(1);
    }));

  it('a hanging cache reserve on the default branch: the verdict stands, the save is given up with a warning', () =>
    withWorld(async ({ cache, runStep }) => {
      cache.hang.add('CreateCacheEntry');
      const run = await runStep({ event: 'push' });
      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs.verdict).toBe('pass');
      expect(run.summary).toContain('api');
      expect(run.stdout).toMatch(
        /this run was not saved as the baseline: saving the baseline to the Actions cache .* did not finish within 2 s; the verdict stands/,
      );
      expect(cache.requests.some((request) => request.kind === 'twirp' && request.method === 'CreateCacheEntry')).toBe(
        true,
      );
    }));

  it('a hanging upload: the same', () =>
    withWorld(async ({ cache, runStep }) => {
      cache.hang.add('upload');
      const run = await runStep({ event: 'push' });
      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs.verdict).toBe('pass');
      expect(run.stdout).toMatch(/this run was not saved as the baseline: .*did not finish within 2 s/);
    }));

  it.each(['CreateArtifact', 'artifact-upload'] as const)(
    'a results artifact whose %s hangs: given up at the deadline with a warning, the baseline still saved, the verdict stands',
    (hung) =>
      withWorld(async ({ cache, runStep }) => {
        cache.hang.add(hung);
        const run = await runStep({ event: 'push', inputs: { 'upload-results': 'true' } });
        expect(run.code, run.stdout).toBe(0);
        expect(run.outputs.verdict).toBe('pass');
        expect(run.outputs['artifact-id']).toBeUndefined();
        expect(run.stdout).toMatch(/the results artifact upload did not finish within 2 s; the verdict stands/);
        // The save comes after the upload in the action: a hung upload must not cost it.
        expect(run.stdout).toContain('saved this run as the new baseline');
        expect(cache.artifacts.some((artifact) => artifact.finalized)).toBe(false);
      }),
  );

  it('a comment 403 on a same-repo PR says which permission is missing, without the fork hint', () =>
    withWorld(async ({ github, runStep }) => {
      github.readOnly = true;
      const run = await runStep({ event: 'pull_request' });
      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs.verdict).toBe('pass');
      expect(run.stdout).toMatch(
        /the PR comment failed \(GitHub refused to create the PR comment .*grant 'pull-requests: write' to the job/,
      );
      expect(run.stdout).not.toContain('This looks like a pull request from a fork');
    }));

  it('SIGTERM during the measurement: results, the verdict output and the summary are written, as the CLI does', () =>
    withWorld(async ({ cache, runStep }) => {
      const longConfig = join(work, 'long.yml');
      writeFileSync(
        longConfig,
        `defaults: { baseUrl: "${target.url}", warmup: 0s, segment: 1s }\nscenarios:\n  api: { executor: constant-vus, vus: 1, duration: 60s, request: { path: /x } }\n`,
      );
      const run = await runStep({
        event: 'push',
        inputs: { config: longConfig },
        whileRunning: async (child, output) => {
          // Bounded: the run starts within seconds.
          for (
            let attempt = 0;
            attempt < 300 && !output().includes('perfgate: boot the services and run the scenarios');
            attempt++
          )
            await sleep(50);
          await sleep(1500);
          child.kill('SIGTERM');
        },
      });
      expect(run.code, run.stdout).toBe(143);
      expect(run.stdout).toContain('perfgate: SIGTERM: stopping the run and writing what was measured');
      expect(run.outputs.verdict).toBe('interrupted');
      expect(existsSync(run.outputs['results-path']!)).toBe(true);
      const results = JSON.parse(readFileSync(run.outputs['results-path']!, 'utf8')) as Results;
      expect(results.interrupted).toBe(true);
      expect(results.scenarios[0]!.requests.ok).toBeGreaterThan(0);
      expect(results.scenarios[0]!.durationMs).toBeLessThan(60_000);
      expect(run.summary).toContain('perfgate was interrupted');
      expect(run.summary).toContain('not compared with the baseline and not saved');
      // Not saved: no CreateCacheEntry at all.
      expect(cache.requests.some((request) => request.kind === 'twirp' && request.method === 'CreateCacheEntry')).toBe(
        false,
      );
    }));
});
