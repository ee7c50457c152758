// The action run from source by GitHub's own @github/local-action, as a contributor would debug
// it: local-action loads src/entry/action-impl.ts, calls its run(), and swaps @actions/core,
// @actions/cache and @actions/artifact for its stand-ins (whose cache has no isFeatureAvailable).
// The PR comment goes to the loopback GitHub fake. The event and the step's variables are the
// ones the bundled action's tests give it (test/entry/action-harness.ts), in local-action's .env.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { actionsToken, startGitHubApiFake, type GitHubApiFake } from '../fakes/github-api.js';
import { eventPayload, makeWorkDir, quickOrdersConfig, repoRoot, stepEnv, type EventFacts } from './action-harness.js';

const work = makeWorkDir('local-action');
const configPath = join(work, 'perfgate.yml');
writeFileSync(configPath, quickOrdersConfig('local/fetch'));
let github: GitHubApiFake;

beforeAll(async () => {
  github = await startGitHubApiFake();
});

afterAll(async () => {
  await github?.close();
});

async function localAction(
  facts: EventFacts,
): Promise<{ code: number | null; log: string; artifacts: string; cache: string }> {
  const dir = mkdtempSync(join(work, `${facts.event}-`));
  const [workspace, artifacts, cache] = ['workspace', 'artifacts', 'cache'].map((name) => join(dir, name)) as [
    string,
    string,
    string,
  ];
  for (const folder of [workspace, artifacts, cache]) mkdirSync(folder);
  const runId = 77;
  const eventPath = join(dir, 'event.json');
  writeFileSync(eventPath, JSON.stringify(eventPayload(facts, runId)));
  const env: Record<string, string> = {
    ...stepEnv({
      facts,
      eventPath,
      runId,
      githubUrl: github.url,
      workspace,
      runnerTemp: join(dir, 'runner-temp'),
      inputs: { config: configPath, 'github-token': actionsToken },
    }),
    LOCAL_ACTION_WORKSPACE: workspace,
    LOCAL_ACTION_ARTIFACT_PATH: artifacts,
    LOCAL_ACTION_CACHE_PATH: cache,
    // local-action's stubs stand in for the results service; perfgate only checks that there is one.
    ACTIONS_RESULTS_URL: 'http://127.0.0.1:9/',
  };
  const envFile = join(dir, '.env');
  writeFileSync(
    envFile,
    Object.entries(env)
      .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
      .join('\n'),
  );
  const child = spawn(
    process.execPath,
    [
      join(repoRoot, 'node_modules/@github/local-action/bin/local-action.js'),
      'run',
      repoRoot,
      'src/entry/action-impl.ts',
      envFile,
    ],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  return { code, log, artifacts, cache };
}

// Each run has its own workspace, cache and port, so the two go at the same time.
describe.concurrent('@github/local-action', () => {
  it('runs a push from source: the stubbed cache saves the baseline, the stubbed artifact keeps the results', async () => {
    const run = await localAction({ event: 'push' });
    expect(run.code, run.log).toBe(0);
    expect(run.log).toContain('Running Action');
    expect(run.log).not.toContain('could not be read');
    expect(run.log).toContain('saved this run as the new baseline');
    expect(readdirSync(run.cache).length, run.log).toBeGreaterThan(0);
    expect(existsSync(run.artifacts) && readdirSync(run.artifacts).length, run.log).toBeGreaterThan(0);
  }, 120_000);

  it('runs a pull request from source and comments through the GitHub fake', async () => {
    const run = await localAction({ event: 'pull_request', prNumber: 3, headSha: 'abc1234' });
    expect(run.code, run.log).toBe(0);
    const comments = github.commentsOn('acme', 'shop', 3);
    expect(comments, run.log).toHaveLength(1);
    expect(comments[0]!.body).toContain('local/fetch');
  }, 120_000);
});
