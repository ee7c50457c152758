// The action run from source by GitHub's own @github/local-action, as a contributor would debug
// it: local-action loads src/entry/action-impl.ts, calls its run(), and swaps @actions/core,
// @actions/cache and @actions/artifact for its stand-ins (whose cache has no isFeatureAvailable).
// The PR comment goes to the loopback GitHub fake.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { actionsToken, startGitHubApiFake, type GitHubApiFake } from '../fakes/github-api.js';
import { findFreePort } from '../fakes/http.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'perfgate-local-action-'));
let github: GitHubApiFake;
let configPath: string;

beforeAll(async () => {
  github = await startGitHubApiFake();
  const port = await findFreePort();
  configPath = join(work, 'perfgate.yml');
  writeFileSync(
    configPath,
    `services:
  - name: orders
    run: node ${JSON.stringify(join(repoRoot, 'examples/orders/server.js'))}
    env: { PORT: "${port}" }
    ready: { http: "http://127.0.0.1:${port}/health", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:${port}", warmup: 1s, segment: 1s }
scenarios:
  local/fetch:
    executor: constant-vus
    vus: 2
    duration: 3s
    request: { path: "/orders/\${row.id}" }
    data: { file: ${JSON.stringify(join(repoRoot, 'examples/orders/data/keys.csv'))} }
`,
  );
});

afterAll(async () => {
  await github?.close();
});

async function localAction(event: 'push' | 'pull_request'): Promise<{ code: number | null; log: string; artifacts: string; cache: string }> {
  const dir = mkdtempSync(join(work, `${event}-`));
  const [workspace, artifacts, cache] = ['workspace', 'artifacts', 'cache'].map((name) => join(dir, name));
  for (const folder of [workspace!, artifacts!, cache!]) mkdirSync(folder);
  const eventPath = join(dir, 'event.json');
  const repository = { full_name: 'acme/shop', name: 'shop', owner: { login: 'acme' }, default_branch: 'main' };
  writeFileSync(
    eventPath,
    JSON.stringify(
      event === 'pull_request'
        ? { pull_request: { number: 3, html_url: 'https://github.com/acme/shop/pull/3', head: { sha: 'abc1234', repo: { full_name: 'acme/shop' } }, base: { repo: { full_name: 'acme/shop' } } }, repository }
        : { repository },
    ),
  );
  const env: Record<string, string> = {
    LOCAL_ACTION_WORKSPACE: workspace!,
    LOCAL_ACTION_ARTIFACT_PATH: artifacts!,
    LOCAL_ACTION_CACHE_PATH: cache!,
    INPUT_CONFIG: configPath,
    'INPUT_GITHUB-TOKEN': actionsToken,
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REF: event === 'push' ? 'refs/heads/main' : 'refs/pull/3/merge',
    GITHUB_SHA: 'abc1234',
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_RUN_ID: '77',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_API_URL: github.url,
    GITHUB_SERVER_URL: 'https://github.com',
    RUNNER_TEMP: join(dir, 'runner-temp'),
    ACTIONS_RESULTS_URL: 'http://127.0.0.1:9/',
  };
  const envFile = join(dir, '.env');
  writeFileSync(envFile, Object.entries(env).map(([name, value]) => `${name}=${JSON.stringify(value)}`).join('\n'));
  const child = spawn(process.execPath, [join(repoRoot, 'node_modules/@github/local-action/bin/local-action.js'), 'run', repoRoot, 'src/entry/action-impl.ts', envFile], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  return { code, log, artifacts: artifacts!, cache: cache! };
}

describe('@github/local-action', () => {
  it('runs a push from source: the stubbed cache saves the baseline, the stubbed artifact keeps the results', async () => {
    const run = await localAction('push');
    expect(run.code, run.log).toBe(0);
    expect(run.log).toContain('Running Action');
    expect(run.log).not.toContain('could not be read');
    expect(run.log).toContain('saved this run as the new baseline');
    expect(readdirSync(run.cache).length, run.log).toBeGreaterThan(0);
    expect(existsSync(run.artifacts) && readdirSync(run.artifacts).length, run.log).toBeGreaterThan(0);
  }, 180_000);

  it('runs a pull request from source and comments through the GitHub fake', async () => {
    const run = await localAction('pull_request');
    expect(run.code, run.log).toBe(0);
    const comments = github.commentsOn('acme', 'shop', 3);
    expect(comments, run.log).toHaveLength(1);
    expect(comments[0]!.body).toContain('local/fetch');
  }, 180_000);
});
