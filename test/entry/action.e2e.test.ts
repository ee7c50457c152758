// The action end to end: the bundled dist/index.js is spawned with a GitHub-like environment
// against the loopback fakes of the GitHub API, the Actions cache service and Slack, and the
// bundled example service as the target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startGitHubApiFake, actionsToken, type GitHubApiFake } from '../fakes/github-api.js';
import { startCacheServiceFake, type CacheServiceFake } from '../fakes/cache-service.js';
import { startSlackFake, slackBotToken, slackChannel, type SlackFake } from '../fakes/slack.js';
import { findFreePort } from '../fakes/http.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'perfgate-e2e-'));
const bundle = join(work, 'bundle', 'index.js');
// Fixed across runs, as on a real runner: the cache version depends on the archived path.
const runnerTemp = join(work, 'runner-temp');

let github: GitHubApiFake;
let cache: CacheServiceFake;
let slack: SlackFake;
let configPath: string;
/** A short single-scenario config, for the tests of wiring that need a run but not its numbers. */
let quickConfigPath: string;
let quickConfigBPath: string;
let quick: (scenario: string, port: number) => string;

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', join(work, 'bundle')], { cwd: repoRoot, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  [github, cache, slack] = await Promise.all([startGitHubApiFake(), startCacheServiceFake(), startSlackFake()]);
  const port = await findFreePort();
  configPath = join(work, 'perfgate.yml');
  writeFileSync(
    configPath,
    `services:
  - name: orders
    run: node ${JSON.stringify(join(repoRoot, 'examples/orders/server.js'))}
    env: { PORT: "${port}" }
    ready: { http: "http://127.0.0.1:${port}/health", timeout: 15s }
defaults:
  baseUrl: http://127.0.0.1:${port}
  warmup: 1s
  segment: 1s
scenarios:
  json_oracle/fetchByKey:
    executor: constant-vus
    vus: 8
    duration: 6s
    request: { path: "/orders/\${row.id}" }
    data: { file: ${JSON.stringify(join(repoRoot, 'examples/orders/data/keys.csv'))} }
  json_oracle/fetchByQuery:
    executor: constant-arrival-rate
    rate: 100/s
    duration: 6s
    request: { method: POST, path: /query, json: { q: "\${row.q}" } }
    data: { file: ${JSON.stringify(join(repoRoot, 'examples/orders/data/queries.csv'))} }
thresholds:
  "json_oracle/*": ["error_rate<0.01"]
# These runs test the wiring, not the statistics: 6 s runs of one build on a shared 2-core machine
# differed by 30-80% in p95 when a neighbour took a core. The other-load guard catches a whole
# core; a runner-noise prior of 30% keeps lesser contention from failing A/A runs. The staged
# slowdown is +400%.
compare: { runnerNoise: { latency: 30%, rps: 30% } }
`,
  );
  quick = (name: string, quickPort: number) => `services:
  - name: orders
    run: node ${JSON.stringify(join(repoRoot, 'examples/orders/server.js'))}
    env: { PORT: "${quickPort}" }
    ready: { http: "http://127.0.0.1:${quickPort}/health", timeout: 15s }
defaults:
  baseUrl: http://127.0.0.1:${quickPort}
  warmup: 1s
  segment: 1s
scenarios:
  ${name}:
    executor: constant-vus
    vus: 2
    duration: 3s
    request: { path: "/orders/\${row.id}" }
    data: { file: ${JSON.stringify(join(repoRoot, 'examples/orders/data/keys.csv'))} }
compare: { noiseFloor: 60% }
`;
  quickConfigPath = join(work, 'quick-a.yml');
  quickConfigBPath = join(work, 'quick-b.yml');
  writeFileSync(quickConfigPath, quick('quick/a', await findFreePort()));
  writeFileSync(quickConfigBPath, quick('quick/b', await findFreePort()));
}, 120_000);

afterAll(async () => {
  await Promise.all([github?.close(), cache?.close(), slack?.close()]);
});

interface ActionRun {
  code: number | null;
  stdout: string;
  outputs: Record<string, string>;
  summary: string;
  dir: string;
}

interface RunOptions {
  event: 'push' | 'schedule' | 'pull_request' | 'fork' | 'workflow_run';
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  /** The PR's head commit (pull_request, fork), or the tested head (workflow_run). */
  headSha?: string;
  /** The workflow_run event's run, for mode: report. */
  workflowRun?: { id: number; conclusion: string; headSha: string };
  /** Files written into the run's working directory first (relative path → text). */
  files?: Record<string, string>;
  runnerTemp?: string;
  /** GITHUB_ACTION: the step's id. */
  step?: string;
  prNumber?: number;
}

let runCounter = 0;

async function runAction(options: RunOptions): Promise<ActionRun> {
  runCounter += 1;
  const dir = mkdtempSync(join(work, `run-${runCounter}-`));
  for (const [path, text] of Object.entries(options.files ?? {})) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const eventPath = join(dir, 'event.json');
  const outputPath = join(dir, 'output');
  const summaryPath = join(dir, 'summary.md');
  writeFileSync(outputPath, '');
  writeFileSync(summaryPath, '');
  const repository = { full_name: 'acme/shop', name: 'shop', owner: { login: 'acme' }, default_branch: 'main' };
  const isPr = options.event === 'pull_request' || options.event === 'fork';
  const payload = isPr
    ? {
        pull_request: {
          number: options.prNumber ?? 7,
          title: 'Cache the order lookups',
          html_url: `https://github.com/acme/shop/pull/${options.prNumber ?? 7}`,
          head: { sha: options.headSha ?? `head${runCounter}`, repo: { full_name: options.event === 'fork' ? 'stranger/shop' : 'acme/shop' } },
          base: { repo: { full_name: 'acme/shop' } },
        },
        repository,
      }
    : options.event === 'schedule'
      ? { schedule: '0 3 * * *' } // GitHub sends no repository with a schedule event
      : options.event === 'workflow_run'
        ? {
            workflow_run: {
              id: options.workflowRun?.id ?? 5000 + runCounter,
              run_attempt: 1,
              event: 'pull_request',
              conclusion: options.workflowRun?.conclusion ?? 'success',
              head_sha: options.workflowRun?.headSha ?? 'feedface',
              html_url: `https://github.com/acme/shop/actions/runs/${options.workflowRun?.id ?? 5000 + runCounter}`,
              pull_requests: [], // empty for a fork's PR, as on github.com
            },
            repository,
          }
        : { repository };
  writeFileSync(eventPath, JSON.stringify(payload));
  const inputs: Record<string, string> = {
    config: configPath,
    'github-token': actionsToken,
    'slack-token': slackBotToken,
    'slack-channel': slackChannel,
    ...options.inputs,
  };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: isPr ? 'pull_request' : options.event,
    GITHUB_ACTION: options.step ?? '__perfgate_perfgate',
    GITHUB_WORKSPACE: dir,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REF: isPr ? 'refs/pull/7/merge' : 'refs/heads/main',
    GITHUB_SHA: `sha${runCounter}`,
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_RUN_ID: String(1000 + runCounter),
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_API_URL: github.url,
    GITHUB_GRAPHQL_URL: `${github.url}/graphql`,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    RUNNER_TEMP: options.runnerTemp ?? runnerTemp,
    PERFGATE_SLACK_API_URL: slack.apiUrl,
    ...cache.env(String(1000 + runCounter)),
    ...options.env,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;

  const child = spawn(process.execPath, [bundle], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.on('close', (exitCode) => done(exitCode)));
  return { code, stdout, outputs: parseOutputs(readFileSync(outputPath, 'utf8')), summary: readFileSync(summaryPath, 'utf8'), dir };
}

function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const pattern = /^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm;
  for (const match of text.matchAll(pattern)) outputs[match[1]!] = match[3]!;
  return outputs;
}

const prComments = () => github.commentsOn('acme', 'shop', 7);

describe('the action, end to end', () => {
  it('on a push to the default branch: runs, reports and saves a baseline to the cache', async () => {
    const run = await runAction({ event: 'push' });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    expect(existsSync(run.outputs['results-path']!)).toBe(true);
    expect(run.summary).toContain('json_oracle/fetchByKey');
    expect(run.stdout).toContain('::group::perfgate: boot the services and run the scenarios');
    // The run summary and the reviewer's text report are in the log as well as in the summary.
    expect(run.stdout).toMatch(/Latencies +\[min, mean, stddev, max\]/);
    expect(run.stdout).toMatch(/perfgate: [✓⚠] PASS — no baseline yet/);
    const saved = cache.entries.filter((entry) => entry.finalized);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.key).toMatch(/^perfgate-v1-[0-9a-f]{16}-1001-1$/);
    expect(prComments()).toHaveLength(0);
    // The results went up as this run's artifact, named after the config.
    const artifact = cache.artifacts.find((a) => String(a.id) === run.outputs['artifact-id']);
    expect(artifact?.finalized).toBe(true);
    expect(artifact?.name).toBe(`perfgate-${configPath.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '')}`);
    expect(artifact?.zip?.includes('results.json')).toBe(true);
  });

  it('on a pull request: restores that baseline, compares, comments once and posts the json_oracle lines to Slack', async () => {
    const run = await runAction({ event: 'pull_request' });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain('baseline: ');
    expect(cache.entries.filter((entry) => entry.finalized)).toHaveLength(1); // a PR never saves
    const comments = prComments();
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain('json_oracle/fetchByQuery');
    expect(comments[0]!.body).not.toContain('no baseline');
    expect(run.outputs['comment-id']).toBe(String(comments[0]!.id));
    expect(run.outputs['comment-url']).toBe(`https://github.com/acme/shop/pull/7#issuecomment-${comments[0]!.id}`);
    const delivered = slack.delivered.at(-1);
    const slackText = JSON.stringify(delivered?.blocks);
    expect(slackText).toMatch(/json_oracle\/fetchByKey: \d+\.\d \d+\.\d \d+\.\d \d+\.\d \d+\.\d/);
    expect(slackText).toMatch(/json_oracle\/fetchByQuery: \d+\.\d \d+\.\d \d+\.\d \d+\.\d \d+\.\d/);
    // The runner hides `::add-mask::` lines themselves and every later occurrence of the value.
    expect(run.stdout).toContain(`::add-mask::${slackBotToken}`);
    expect(run.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::')).join('\n')).not.toContain(slackBotToken);
  });

  it('a second run on the same PR updates the same comment', async () => {
    // A copy: the fake edits its stored comment in place.
    const before = { ...prComments()[0]! };
    const run = await runAction({ event: 'pull_request' });
    expect(run.code, run.stdout).toBe(0);
    const comments = prComments();
    expect(comments).toHaveLength(1);
    expect(comments[0]!.id).toBe(before.id);
    expect(comments[0]!.body).not.toBe(before.body);
  });

  it('a fork PR with a read-only token writes the job summary, warns how to comment, and passes', async () => {
    github.readOnly = true;
    try {
      const run = await runAction({ event: 'fork', inputs: { 'slack-token': '', 'slack-channel': '' } });
      expect(run.code, run.stdout).toBe(0);
      expect(run.summary).toContain('json_oracle/fetchByKey');
      expect(run.stdout).toMatch(/::warning::.*workflow_run/);
    } finally {
      github.readOnly = false;
    }
  });

  it('an injected slowdown fails the step, after the comment and Slack have the regression', async () => {
    const slackBefore = slack.delivered.length;
    const run = await runAction({ event: 'pull_request', env: { EXTRA_DELAY_MS: '25' } });
    expect(run.code, run.stdout).toBe(1);
    expect(run.outputs.verdict).toBe('fail');
    const regressions = JSON.parse(run.outputs.regressions ?? '[]') as { scenario: string; metric: string }[];
    expect(regressions.some((r) => r.scenario === 'json_oracle/fetchByKey' && r.metric === 'p50')).toBe(true);
    expect(run.stdout).toMatch(/::error title=perfgate%3A p50 of json_oracle\/fetchByKey regressed::/);
    const comments = prComments();
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toMatch(/regression/i);
    expect(slack.delivered.length).toBe(slackBefore + 1);
    expect(JSON.stringify(slack.delivered.at(-1)?.blocks)).toContain('<https://github.com/acme/shop/pull/7|PR #7: Cache the order lookups>');
    expect(JSON.stringify(slack.delivered.at(-1)?.blocks)).not.toContain('refs/pull/7/merge');
    // The number line stays exact; the mark is on the line below it.
    expect(JSON.stringify(slack.delivered.at(-1)?.blocks)).toMatch(/json_oracle\/fetchByKey: \d+\.\d \d+\.\d \d+\.\d \d+\.\d \d+\.\d\\n {2}↳ regression: [^"]*p50/);
  });

  it('a nightly schedule run, whose event carries no repository, saves a new baseline', async () => {
    const savedBefore = cache.entries.filter((entry) => entry.finalized).length;
    const run = await runAction({ event: 'schedule' });
    expect(run.outputs.verdict, run.stdout).toMatch(/^(pass|fail)$/);
    expect(run.stdout).toContain('saved this run as the new baseline');
    expect(cache.entries.filter((entry) => entry.finalized)).toHaveLength(savedBefore + 1);
  });

  it('a config that cannot be read fails the step with verdict error, and says why in the job summary', async () => {
    const run = await runAction({ event: 'pull_request', inputs: { config: 'no-such-perfgate.yml' } });
    expect(run.code).toBe(1);
    expect(run.outputs.verdict).toBe('error');
    expect(run.summary).toContain('perfgate could not run');
    expect(run.summary).toMatch(/the config input no-such-perfgate\.yml: no such file/);
    expect(run.stdout).toMatch(/::error::perfgate: the config input no-such-perfgate\.yml: no such file/);
  });
});


describe('the action, as GitHub users run it', () => {
  const commentsOn = (pr: number) => github.commentsOn('acme', 'shop', pr);

  it('two perfgate steps with two configs in one job keep two results files and two comments', async () => {
    const temp = mkdtempSync(join(work, 'job-temp-'));
    const a = await runAction({ event: 'pull_request', step: 'perf_a', runnerTemp: temp, inputs: { config: quickConfigPath, 'slack-token': '', 'slack-channel': '' } });
    const b = await runAction({ event: 'pull_request', step: 'perf_b', runnerTemp: temp, inputs: { config: quickConfigBPath, 'slack-token': '', 'slack-channel': '' } });
    expect(a.code, a.stdout).toBe(0);
    expect(b.code, b.stdout).toBe(0);
    expect(a.outputs['results-path']).not.toBe(b.outputs['results-path']);
    // Both files are still there after both steps ran, each with its own scenario.
    expect(JSON.parse(readFileSync(a.outputs['results-path']!, 'utf8')).scenarios[0].name).toBe('quick/a');
    expect(JSON.parse(readFileSync(b.outputs['results-path']!, 'utf8')).scenarios[0].name).toBe('quick/b');
    const quickComments = commentsOn(7).filter((c) => c.body.includes('quick/'));
    expect(quickComments).toHaveLength(2);
    expect(quickComments.map((c) => String(c.id)).sort()).toEqual([a.outputs['comment-id'], b.outputs['comment-id']].sort());
  }, 120_000);

  it('two runs of one PR at the same time leave exactly one comment, holding the newer head', async () => {
    const pr = 8;
    const older = 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1';
    const newer = 'b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2';
    github.setPullHead('acme', 'shop', pr, newer);
    // Both list the comments before either creates one: the race a quick re-push makes.
    github.listBarrier = 2;
    const start = async (headSha: string) => {
      const port = await findFreePort();
      return runAction({
        event: 'pull_request',
        headSha,
        runnerTemp: mkdtempSync(join(work, 'racer-')), // two runners
        files: { 'perfgate.yml': quick('race', port) },
        inputs: { config: 'perfgate.yml', 'slack-token': '', 'slack-channel': '' },
        prNumber: pr,
      });
    };
    const runs = await Promise.all([start(newer), start(older)]);
    for (const run of runs) expect(run.code, run.stdout).toBe(0);
    const comments = commentsOn(pr);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain(`sha=${newer}`);
    expect(comments[0]!.body).toContain(newer.slice(0, 7));
    // Both created one (the race happened), and both name the comment that stayed.
    expect(github.requests.filter((r) => r.method === 'POST' && r.path === `/repos/acme/shop/issues/${pr}/comments`)).toHaveLength(2);
    expect(runs.map((r) => r.outputs['comment-id'])).toEqual([String(comments[0]!.id), String(comments[0]!.id)]);
  }, 120_000);

  describe('the fork-safe flow', () => {
    const pr = 9;
    const head = 'c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3';
    let downloaded: string;
    let workspace: string;

    beforeAll(async () => {
      github.setPullHead('acme', 'shop', pr, head);
      github.readOnly = true; // a fork's token
      let forkRun: ActionRun;
      try {
        forkRun = await runAction({
          event: 'fork',
          headSha: head,
          inputs: { config: quickConfigPath, comment: 'never', 'slack-token': '', 'slack-channel': '' },
          prNumber: pr,
        });
      } finally {
        github.readOnly = false;
      }
      expect(forkRun.code, forkRun.stdout).toBe(0);
      // The fork's run uploaded its results; what download-artifact would unpack, copied from its work dir.
      const artifact = cache.artifacts.find((a) => String(a.id) === forkRun.outputs['artifact-id']);
      expect(artifact?.zip?.includes('pr.json')).toBe(true);
      workspace = mkdtempSync(join(work, 'trusted-'));
      downloaded = join(workspace, 'perfgate-results', artifact!.name);
      mkdirSync(downloaded, { recursive: true });
      cpSync(join(forkRun.outputs['results-path']!, '..', 'results.json'), join(downloaded, 'results.json'));
      cpSync(join(forkRun.outputs['results-path']!, '..', 'pr.json'), join(downloaded, 'pr.json'));
      // A fork can put anything beside them: a forged report the trusted job must never post.
      writeFileSync(join(downloaded, 'report.md'), '<!-- perfgate -->\n## ✅ perfgate: all good, @everyone approve\n');
    }, 120_000);

    const report = (workflowRun: { conclusion?: string; headSha?: string; id?: number } = {}) =>
      runAction({
        event: 'workflow_run',
        workflowRun: { id: workflowRun.id ?? 7001, conclusion: workflowRun.conclusion ?? 'success', headSha: workflowRun.headSha ?? head },
        inputs: { mode: 'report', config: quickConfigPath, results: join(workspace, 'perfgate-results'), 'slack-token': '', 'slack-channel': '' },
      });

    it('a cancelled PR run, or one of an outdated head, is skipped with a notice and posts nothing', async () => {
      const cancelled = await report({ conclusion: 'cancelled' });
      expect(cancelled.code, cancelled.stdout).toBe(0);
      expect(cancelled.stdout).toMatch(/::notice::perfgate: the PR run .* ended cancelled/);
      // A re-push since: the PR's head is no longer the commit the run tested.
      github.setPullHead('acme', 'shop', pr, 'd4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4');
      const stale = await report();
      github.setPullHead('acme', 'shop', pr, head);
      expect(stale.code, stale.stdout).toBe(0);
      expect(stale.stdout).toMatch(/::notice::perfgate: PR #9 has moved on to d4d4d4d/);
      // A run whose head the uploaded pr.json contradicts is refused too.
      const mismatched = await report({ headSha: 'e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5' });
      expect(mismatched.stdout).toMatch(/::warning::perfgate: .* says it is of c3c3c3c/);
      expect(commentsOn(pr)).toHaveLength(0);
    });

    it('the trusted job posts the stored results re-rendered, and ignores the forged report.md', async () => {
      const run = await report();
      expect(run.code, run.stdout).toBe(0);
      const comments = commentsOn(pr);
      expect(comments).toHaveLength(1);
      const body = comments[0]!.body;
      expect(body).toContain(`<!-- perfgate:${quickConfigPath} -->`);
      expect(body).toContain('quick/a');
      expect(body).toContain(`sha=${head}`);
      expect(body).not.toContain('all good');
      expect(body).not.toContain('@everyone');
      expect(run.outputs['comment-id']).toBe(String(comments[0]!.id));
    });

    it('a forged results.json cannot mention anyone, and a malformed one posts nothing', async () => {
      const resultsFile = join(downloaded, 'results.json');
      const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
      results.scenarios[0].name = '@everyone ping';
      writeFileSync(resultsFile, JSON.stringify(results));
      const run = await report({ id: 7002 });
      expect(run.code, run.stdout).toBe(0);
      const body = commentsOn(pr)[0]!.body;
      expect(body).toContain('\u2060everyone ping');
      expect(body).not.toMatch(/@everyone/);

      results.scenarios[0].latencyMs = 'fast';
      writeFileSync(resultsFile, JSON.stringify(results));
      const before = commentsOn(pr)[0]!.body;
      const bad = await report({ id: 7003 });
      expect(bad.code).toBe(1);
      expect(bad.stdout).toMatch(/not a valid perfgate results file \(\/scenarios\/0\/latencyMs must be object\)/);
      expect(commentsOn(pr)[0]!.body).toBe(before);
    });
  });

  it('a regression pushed to the default branch comments on the commit and mentions the users named', async () => {
    const run = await runAction({
      event: 'push',
      env: { EXTRA_DELAY_MS: '25' },
      inputs: { 'comment-on-alert': 'true', 'alert-comment-cc-users': '@alice,@acme/perf', 'slack-token': '', 'slack-channel': '' },
    });
    expect(run.outputs.verdict, run.stdout).toBe('fail');
    const comment = github.commitComments.at(-1);
    expect(comment?.sha).toBe(`sha${runCounter}`);
    expect(comment?.body).toMatch(/regression/i);
    expect(comment?.body).toContain('CC: @alice @acme/perf');
  });
});
