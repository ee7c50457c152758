// The action against APIs that hang or fail, and against a cancelled job: the bundled
// dist/index.js is spawned with a GitHub-like environment against the loopback fakes, made to
// hang. The verdict output and the job summary must be there however the reports fare, and the
// step must end (every network step has a deadline, and nothing it left open holds the process).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Results } from '../../src/core/types.js';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startGitHubApiFake, actionsToken, type GitHubApiFake } from '../fakes/github-api.js';
import { startCacheServiceFake, type CacheServiceFake } from '../fakes/cache-service.js';
import { startTargetServer, type TargetServer } from '../fakes/target-server.js';
import { startSlackFake, slackBotToken, slackChannel, type SlackFake } from '../fakes/slack.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'perfgate-action-faults-'));
const bundle = join(work, 'bundle', 'index.js');
const runnerTemp = join(work, 'runner-temp');

let github: GitHubApiFake;
let cache: CacheServiceFake;
let target: TargetServer;
let slack: SlackFake;
let configPath: string;

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', join(work, 'bundle')], { cwd: repoRoot, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  [github, cache, target, slack] = await Promise.all([startGitHubApiFake(), startCacheServiceFake(), startTargetServer({ delayMs: 1 }), startSlackFake()]);
  configPath = join(work, 'perfgate.yml');
  writeFileSync(
    configPath,
    `defaults: { baseUrl: "${target.url}", warmup: 0s, segment: 1s }
scenarios:
  api: { executor: constant-vus, vus: 2, duration: 1s, request: { path: /x } }
thresholds:
  api: ["error_rate<0.5"]
`,
  );
}, 120_000);

afterEach(() => {
  github.hang = undefined;
  cache.hang.clear();
  cache.createStatus = undefined;
  slack.hang = false;
});

afterAll(async () => {
  await Promise.all([github?.close(), cache?.close(), target?.close(), slack?.close()]);
});

interface ActionRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  outputs: Record<string, string>;
  summary: string;
}

let runCounter = 0;

async function runAction(options: {
  event: 'push' | 'pull_request';
  inputs?: Record<string, string>;
  /** Called once the child is running, e.g. to signal it. */
  whileRunning?: (child: ReturnType<typeof spawn>, output: () => string) => Promise<void>;
}): Promise<ActionRun> {
  runCounter += 1;
  const dir = mkdtempSync(join(work, `run-${runCounter}-`));
  const eventPath = join(dir, 'event.json');
  const outputPath = join(dir, 'output');
  const summaryPath = join(dir, 'summary.md');
  writeFileSync(outputPath, '');
  writeFileSync(summaryPath, '');
  const repository = { full_name: 'acme/shop', name: 'shop', owner: { login: 'acme' }, default_branch: 'main' };
  const isPr = options.event === 'pull_request';
  const payload = isPr
    ? {
        pull_request: {
          number: 7,
          html_url: 'https://github.com/acme/shop/pull/7',
          head: { sha: `head${runCounter}`, repo: { full_name: 'acme/shop' } },
          base: { repo: { full_name: 'acme/shop' } },
        },
        repository,
      }
    : { repository };
  writeFileSync(eventPath, JSON.stringify(payload));
  const inputs: Record<string, string> = { config: configPath, 'github-token': actionsToken, 'network-timeout': '2s', ...options.inputs };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: options.event,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REF: isPr ? 'refs/pull/7/merge' : 'refs/heads/main',
    GITHUB_SHA: `sha${runCounter}`,
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_RUN_ID: String(2000 + runCounter),
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_API_URL: github.url,
    GITHUB_GRAPHQL_URL: `${github.url}/graphql`,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    RUNNER_TEMP: runnerTemp,
    PERFGATE_SLACK_API_URL: slack.apiUrl,
    ...cache.env(),
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;

  const child = spawn(process.execPath, [bundle], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], timeout: 25_000 });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const closed = new Promise<[number | null, NodeJS.Signals | null]>((done) => child.on('close', (code, signal) => done([code, signal])));
  await options.whileRunning?.(child, () => stdout);
  const [code, signal] = await closed;
  return { code, signal, stdout, outputs: parseOutputs(readFileSync(outputPath, 'utf8')), summary: readFileSync(summaryPath, 'utf8') };
}

function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const pattern = /^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm;
  for (const match of text.matchAll(pattern)) outputs[match[1]!] = match[3]!;
  return outputs;
}

describe('the action against hung APIs', () => {
  it('a hanging comment endpoint: the verdict output and the summary are there, and the step ends', async () => {
    github.hang = /\/issues\/7\/comments$/;
    const run = await runAction({ event: 'pull_request' });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    expect(run.summary).toContain('api');
    expect(run.stdout).toContain("could not read the PR's comments (reading the PR's comments did not finish within 2 s)");
    expect(run.stdout).toMatch(/the PR comment failed \(the PR comment did not finish within 2 s\); the verdict stands/);
    expect(github.requests.some((request) => request.path.endsWith('/issues/7/comments'))).toBe(true);
  }, 60_000);

  it('a hanging baseline download means no baseline this run, said so; the verdict is judged on thresholds', async () => {
    const saved = await runAction({ event: 'push' });
    expect(saved.stdout).toContain('saved this run as the new baseline');
    cache.hang.add('download');
    const run = await runAction({ event: 'pull_request', inputs: { comment: 'never' } });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    expect(run.summary).toMatch(/baseline unreadable: judged on thresholds alone \(reading the baseline from the Actions cache \(keys perfgate-v1-[0-9a-f]+-\\?\*\) did not finish within 2 s, so this run has no baseline/);
    expect(cache.requests.some((request) => request.kind === 'blob' && request.method === 'GET')).toBe(true);
  }, 60_000);

  it('a hanging Slack: the message is given up at the deadline, with a warning; the verdict stands', async () => {
    slack.hang = true;
    const run = await runAction({ event: 'push', inputs: { 'slack-token': slackBotToken, 'slack-channel': slackChannel, 'save-baseline': 'false' } });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    expect(run.stdout).toMatch(/the Slack message failed \((the Slack message did not finish within 2 s|Slack chat\.postMessage could not be reached: .*)\); the verdict stands/);
    expect(slack.requests.filter((request) => request.outcome === 'hung')).toHaveLength(1);
  }, 60_000);

  it('a hanging cache reserve on the default branch: the verdict stands, the save is given up with a warning', async () => {
    cache.hang.add('CreateCacheEntry');
    const run = await runAction({ event: 'push' });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    expect(run.summary).toContain('api');
    expect(run.stdout).toMatch(/this run was not saved as the baseline: saving the baseline to the Actions cache .* did not finish within 2 s; the verdict stands/);
  }, 60_000);

  it('a hanging upload: the same', async () => {
    cache.hang.add('upload');
    const run = await runAction({ event: 'push' });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    expect(run.stdout).toMatch(/this run was not saved as the baseline: .*did not finish within 2 s/);
  }, 60_000);
});


describe('the action against a refusing GitHub', () => {
  it('a comment 403 on a same-repo PR says which permission is missing, without the fork hint', async () => {
    github.readOnly = true;
    try {
      const run = await runAction({ event: 'pull_request' });
      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs.verdict).toBe('pass');
      expect(run.stdout).toMatch(/the PR comment failed \(GitHub refused to create the PR comment .*grant 'pull-requests: write' to the job/);
      expect(run.stdout).not.toContain('This looks like a pull request from a fork');
    } finally {
      github.readOnly = false;
    }
  }, 60_000);
});

describe('a cancelled job', () => {
  it('SIGTERM during the measurement: results, the verdict output and the summary are written, as the CLI does', async () => {
    const longConfig = join(work, 'long.yml');
    writeFileSync(longConfig, `defaults: { baseUrl: "${target.url}", warmup: 0s, segment: 1s }\nscenarios:\n  api: { executor: constant-vus, vus: 2, duration: 60s, request: { path: /x } }\n`);
    const run = await runAction({
      event: 'push',
      inputs: { config: longConfig },
      whileRunning: async (child, output) => {
        // Bounded: the run starts within seconds.
        for (let attempt = 0; attempt < 200 && !output().includes('perfgate: boot the services and run the scenarios'); attempt++) await sleep(50);
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
    // Not saved: no CreateCacheEntry for this run.
    expect(cache.requests.some((request) => request.kind === 'twirp' && request.method === 'CreateCacheEntry' && String(request.body.key).endsWith(`-${2000 + runCounter}-1`))).toBe(false);
  }, 60_000);
});
