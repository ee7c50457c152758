// The action end to end: the bundled dist/index.js is spawned with a GitHub-like environment
// against the loopback fakes of the GitHub API, the Actions cache service and Slack, and the
// bundled example service as the target (test/entry/action-harness.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { startGitHubApiFake, type GitHubApiFake } from '../fakes/github-api.js';
import { slackBotToken, slackChannel, startSlackFake } from '../fakes/slack.js';
import {
  makeWorkDir,
  ordersKeys,
  ordersQueries,
  ordersServer,
  repoRoot,
  quickOrdersConfig,
  slackLines,
  startActionWorld,
  type ActionWorld,
} from './action-harness.js';

const work = makeWorkDir('action-e2e');

// The runs whose numbers matter: a baseline, then the same code and a staged slowdown against it.
// 7 segments, because the comparison leaves out up to half of a run's segments when a burst of
// competing work hits them (this machine has a neighbour), and needs 4 to judge. A runner-noise prior of 30% keeps lesser contention from failing the unchanged run; the staged
// slowdown (EXTRA_DELAY_MS 50 on a ~6 ms service time) is +800%, beyond what contention can explain.
const configPath = join(work, 'perfgate.yml');
writeFileSync(
  configPath,
  `services:
  - name: orders
    run: node ${JSON.stringify(ordersServer)}
    ready: { http: "http://127.0.0.1:\${port}/health", timeout: 15s }
defaults:
  baseUrl: http://127.0.0.1:\${port}
  warmup: 300ms
  segment: 1s
scenarios:
  json_oracle/fetchByKey:
    executor: constant-vus
    vus: 4
    duration: 7s
    request: { path: "/orders/\${row.id}" }
    data: { file: ${JSON.stringify(ordersKeys)} }
thresholds:
  "json_oracle/*": ["error_rate<0.01"]
# The action's flow is under test, not extension (extend-cli.e2e.test.ts): at the default 4x, the
# slowdown's runs went on for their thin p99 tails after the +800% p50 had decided the verdict.
compare: { runnerNoise: { latency: 30%, rps: 30% }, extend: { maxDuration: 0 } }
`,
);
const slowdown = { EXTRA_DELAY_MS: '50' };
const noSlack = { 'slack-token': '', 'slack-channel': '' };
// A fork's PR: its run, below, uploads the results that the fork-safe flow's trusted job reports.
const forkPr = 9;
const forkHead = 'c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3';
const forkConfig = join(work, 'fork.yml');
writeFileSync(forkConfig, quickOrdersConfig('fork/fetch'));
let forkRun: { artifactName: string; resultsDir: string } | undefined;

let world: ActionWorld;
/** A fork's token: every write is refused. */
let forkGitHub: GitHubApiFake;

beforeAll(async () => {
  [world, forkGitHub] = await Promise.all([
    startActionWorld({
      work,
      inputs: { config: configPath, 'slack-token': slackBotToken, 'slack-channel': slackChannel },
    }),
    startGitHubApiFake({ readOnly: true }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([world?.close(), forkGitHub?.close()]);
});

const commentsOn = (pr: number) => world.github.commentsOn('acme', 'shop', pr);
const savedEntries = () => world.cache.entries.filter((entry) => entry.finalized);

describe('the action, end to end', () => {
  it('on a push to the default branch: runs, reports and saves a baseline to the cache', async () => {
    const run = await world.runStep({ event: 'push' });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    expect(existsSync(run.outputs['results-path']!)).toBe(true);
    expect(run.summary).toContain('json_oracle/fetchByKey');
    expect(run.stdout).toContain('::group::perfgate: boot the services and run the scenarios');
    // The run summary and the reviewer's text report are in the log as well as in the summary.
    expect(run.stdout).toMatch(/Latencies +\[min, mean, stddev, max\]/);
    expect(run.stdout).toMatch(/perfgate: [✓⚠] PASS — no baseline yet/);
    expect(savedEntries()).toHaveLength(1);
    expect(savedEntries()[0]!.key).toMatch(new RegExp(`^perfgate-v1-[0-9a-f]{16}-${run.runId}-1$`));
    expect(commentsOn(7)).toHaveLength(0);
    // The results went up as this run's artifact, named after the config.
    const artifact = world.cache.artifacts.find((a) => String(a.id) === run.outputs['artifact-id']);
    expect(artifact?.finalized).toBe(true);
    expect(artifact?.name).toBe(`perfgate-${configPath.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '')}`);
    expect(artifact?.zip?.includes('results.json')).toBe(true);
  });

  it('on a pull request: restores that baseline, compares, comments once and posts the json_oracle lines to Slack', async () => {
    const run = await world.runStep({ event: 'pull_request' });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain('baseline: Actions cache key perfgate-v1-');
    expect(savedEntries()).toHaveLength(1); // a PR never saves
    const comments = commentsOn(7);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain('json_oracle/fetchByKey');
    expect(comments[0]!.body).not.toContain('no baseline');
    expect(run.outputs['comment-id']).toBe(String(comments[0]!.id));
    expect(run.outputs['comment-url']).toBe(`https://github.com/acme/shop/pull/7#issuecomment-${comments[0]!.id}`);
    expect(slackLines(world.slack.delivered.at(-1))).toContainEqual(
      expect.stringMatching(/^json_oracle\/fetchByKey: \d+\.\d \d+\.\d \d+\.\d \d+\.\d \d+\.\d$/),
    );
    // The runner hides `::add-mask::` lines themselves and every later occurrence of the value.
    expect(run.stdout).toContain(`::add-mask::${slackBotToken}`);
    expect(
      run.stdout
        .split('\n')
        .filter((line) => !line.startsWith('::add-mask::'))
        .join('\n'),
    ).not.toContain(slackBotToken);
  });

  it('an injected slowdown fails the step, after the same comment is updated and Slack has the regression', async () => {
    const before = { ...commentsOn(7)[0]! }; // a copy: the fake edits its stored comment in place
    const slackBefore = world.slack.delivered.length;
    const run = await world.runStep({ event: 'pull_request', env: slowdown });
    expect(run.code, run.stdout).toBe(1);
    expect(run.outputs.verdict).toBe('fail');
    const regressions = JSON.parse(run.outputs.regressions ?? '[]') as { scenario: string; metric: string }[];
    expect(regressions, run.stdout).toContainEqual(
      expect.objectContaining({ scenario: 'json_oracle/fetchByKey', metric: 'p50' }),
    );
    expect(run.stdout).toMatch(/::error title=perfgate%3A p50 of json_oracle\/fetchByKey regressed::/);
    const comments = commentsOn(7);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.id).toBe(before.id);
    expect(before.body).toMatch(/^## (✅|⚠️) perfgate: PASS — no regression/m);
    expect(comments[0]!.body).toMatch(/^## ❌ perfgate: FAIL — .*regression/m);
    expect(world.slack.delivered.length).toBe(slackBefore + 1);
    const message = JSON.stringify(world.slack.delivered.at(-1)?.blocks);
    expect(message).toContain('<https://github.com/acme/shop/pull/7|PR #7: Cache the order lookups>');
    expect(message).not.toContain('refs/pull/7/merge');
    // The number line stays exact; the mark is on the line below it.
    const lines = slackLines(world.slack.delivered.at(-1));
    const at = lines.findIndex((line) => line.startsWith('json_oracle/fetchByKey:'));
    expect(lines[at]).toMatch(/^json_oracle\/fetchByKey: \d+\.\d \d+\.\d \d+\.\d \d+\.\d \d+\.\d$/);
    expect(lines[at + 1]).toMatch(/^ {2}↳ regression: .*p50/);
  });

  it('a regression pushed to the default branch comments on the commit and mentions the users named', async () => {
    const run = await world.runStep({
      event: 'push',
      env: slowdown,
      inputs: { 'comment-on-alert': 'true', 'alert-comment-cc-users': '@alice,@acme/perf', ...noSlack },
    });
    expect(run.outputs.verdict, run.stdout).toBe('fail');
    const comment = world.github.commitComments.at(-1);
    expect(comment?.sha).toBe(run.sha);
    expect(comment?.body).toMatch(/regression/i);
    expect(comment?.body).toContain('CC: @alice @acme/perf');
    // A failed run is no baseline: it joins the stored runs for trends, and the reference stays the previous run.
    expect(savedEntries()).toHaveLength(2);
    expect(run.stdout).toContain('the baseline stays the previous one');
  });

  it('a config that cannot be read fails the step with verdict error, and says why in the job summary', async () => {
    const run = await world.runStep({ event: 'pull_request', inputs: { config: 'no-such-perfgate.yml' } });
    expect(run.code).toBe(1);
    expect(run.outputs.verdict).toBe('error');
    expect(run.summary).toContain('perfgate could not run');
    expect(run.summary).toMatch(/the config input no-such-perfgate\.yml: no such file/);
    expect(run.stdout).toMatch(/::error::perfgate: the config input no-such-perfgate\.yml: no such file/);
  });
});

// Wiring that needs a run but not its numbers: short runs of their own configs, with no baseline
// to compare with, at the same time: each on its own port and runner (RUNNER_TEMP) and, where a
// test turns a fake's knob, with its own fake.
describe.concurrent('the action, as GitHub users run it', () => {
  it('a fork PR with a read-only token writes the job summary, warns how to comment, uploads its results, and passes', async () => {
    forkGitHub.setPullHead('acme', 'shop', forkPr, forkHead);
    const run = await world.runStep({
      event: 'fork',
      github: forkGitHub,
      headSha: forkHead,
      prNumber: forkPr,
      runnerTemp: world.newRunnerTemp(),
      inputs: { config: forkConfig, ...noSlack },
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.summary).toContain('fork/fetch');
    expect(run.stdout).toMatch(/::warning::.*workflow_run/);
    expect(
      forkGitHub.requests.some(
        (request) => request.method === 'POST' && request.path === `/repos/acme/shop/issues/${forkPr}/comments`,
      ),
    ).toBe(true);
    expect(forkGitHub.commentsOn('acme', 'shop', forkPr)).toHaveLength(0);
    // What the fork-safe flow below reports from.
    const artifact = world.cache.artifacts.find((a) => String(a.id) === run.outputs['artifact-id']);
    expect(artifact?.finalized).toBe(true);
    expect(artifact?.zip?.includes('pr.json')).toBe(true);
    forkRun = { artifactName: artifact!.name, resultsDir: join(run.outputs['results-path']!, '..') };
  });

  it('a nightly schedule run, whose event carries no repository, saves a new baseline and posts a Slack line per scenario', async () => {
    const slack = await startSlackFake(); // this test's messages alone
    try {
      const openModel = `  nightly/fetchByQuery:
    executor: constant-arrival-rate
    rate: 100/s
    duration: 1s
    request: { method: POST, path: /query, json: { q: "\${row.q}" } }
    data: { file: ${JSON.stringify(ordersQueries)} }
`;
      const run = await world.runStep({
        event: 'schedule',
        runnerTemp: world.newRunnerTemp(),
        files: { 'perfgate.yml': quickOrdersConfig('nightly/fetchByKey', { extra: openModel }) },
        inputs: { config: 'perfgate.yml' },
        env: { PERFGATE_SLACK_API_URL: slack.apiUrl },
      });
      expect(run.outputs.verdict, run.stdout).toBe('pass');
      expect(run.stdout).toContain('saved this run as the new baseline');
      expect(savedEntries().filter((entry) => entry.key.endsWith(`-${run.runId}-1`))).toHaveLength(1);
      expect(slack.delivered).toHaveLength(1);
      const lines = slackLines(slack.delivered[0]);
      expect(lines).toContainEqual(
        expect.stringMatching(/^nightly\/fetchByKey: \d+\.\d \d+\.\d \d+\.\d \d+\.\d \d+\.\d$/),
      );
      expect(lines).toContainEqual(
        expect.stringMatching(/^nightly\/fetchByQuery: \d+\.\d \d+\.\d \d+\.\d \d+\.\d \d+\.\d$/),
      );
    } finally {
      await slack.close();
    }
  });

  it('two perfgate steps with two configs in one job keep two results files and two comments', async () => {
    const pr = 10;
    const job = { event: 'pull_request', prNumber: pr, runnerTemp: world.newRunnerTemp(), inputs: noSlack } as const;
    const workspace = mkdtempSync(join(work, 'two-steps-'));
    const files = { 'perf/a.yml': quickOrdersConfig('quick/a'), 'perf/b.yml': quickOrdersConfig('quick/b') };
    const a = await world.runStep({
      ...job,
      workspace,
      files,
      step: 'perf_a',
      inputs: { ...job.inputs, config: 'perf/a.yml' },
    });
    const b = await world.runStep({
      ...job,
      workspace,
      step: 'perf_b',
      inputs: { ...job.inputs, config: 'perf/b.yml' },
    });
    expect(a.code, a.stdout).toBe(0);
    expect(b.code, b.stdout).toBe(0);
    expect(a.outputs['results-path']).not.toBe(b.outputs['results-path']);
    // Both files are still there after both steps ran, each with its own scenario.
    expect(JSON.parse(readFileSync(a.outputs['results-path']!, 'utf8')).scenarios[0].name).toBe('quick/a');
    expect(JSON.parse(readFileSync(b.outputs['results-path']!, 'utf8')).scenarios[0].name).toBe('quick/b');
    const comments = commentsOn(pr);
    expect(comments).toHaveLength(2);
    expect(comments.map((c) => String(c.id)).sort()).toEqual([a.outputs['comment-id'], b.outputs['comment-id']].sort());
  });

  it('two runs of one PR at the same time leave exactly one comment, holding the newer head', async () => {
    const github = await startGitHubApiFake(); // its knobs are this test's alone
    try {
      const pr = 8;
      const older = 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1';
      const newer = 'b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2';
      github.setPullHead('acme', 'shop', pr, newer);
      // Both list the comments before either creates one: the race a quick re-push makes.
      github.listBarrier = 2;
      const start = (headSha: string) =>
        world.runStep({
          event: 'pull_request',
          headSha,
          prNumber: pr,
          github,
          runnerTemp: world.newRunnerTemp(), // two runners
          files: { 'perfgate.yml': quickOrdersConfig('race') },
          // network-timeout at its default: the comment's full 3 s settle is what this race needs.
          inputs: { config: 'perfgate.yml', ...noSlack, 'network-timeout': '' },
        });
      const runs = await Promise.all([start(newer), start(older)]);
      for (const run of runs) expect(run.code, run.stdout).toBe(0);
      const comments = github.commentsOn('acme', 'shop', pr);
      expect(comments).toHaveLength(1);
      expect(comments[0]!.body).toContain(`sha=${newer}`);
      expect(comments[0]!.body).toContain(newer.slice(0, 7));
      // The older head's run reads the PR's head before writing and writes nothing (issue 21).
      expect(
        github.requests.filter((r) => r.method === 'POST' && r.path === `/repos/acme/shop/issues/${pr}/comments`),
      ).toHaveLength(1);
      expect(runs[0]!.outputs['comment-id']).toBe(String(comments[0]!.id));
      expect(runs[1]!.stdout).toContain('PR comment left as it is');
    } finally {
      await github.close();
    }
  });
});

describe('the fork-safe flow: a trusted workflow_run job comments with what the fork PR run uploaded', () => {
  let downloaded: string;
  let workspace: string;

  beforeAll(() => {
    world.github.setPullHead('acme', 'shop', forkPr, forkHead);
    // What download-artifact would unpack from the fork PR's run above, copied from its work dir.
    expect(forkRun, 'the fork PR run above uploads the results').toBeDefined();
    workspace = mkdtempSync(join(work, 'trusted-'));
    downloaded = join(workspace, 'perfgate-results', forkRun!.artifactName);
    mkdirSync(downloaded, { recursive: true });
    cpSync(join(forkRun!.resultsDir, 'results.json'), join(downloaded, 'results.json'));
    cpSync(join(forkRun!.resultsDir, 'pr.json'), join(downloaded, 'pr.json'));
    // A fork can put anything beside them: a forged report the trusted job must never post.
    writeFileSync(join(downloaded, 'report.md'), '<!-- perfgate -->\n## ✅ perfgate: all good, @everyone approve\n');
  });

  const report = (workflowRun: { conclusion?: string; headSha?: string; id?: number } = {}) =>
    world.runStep({
      event: 'workflow_run',
      workflowRun: {
        id: workflowRun.id ?? 7001,
        conclusion: workflowRun.conclusion ?? 'success',
        headSha: workflowRun.headSha ?? forkHead,
      },
      inputs: { mode: 'report', config: forkConfig, results: join(workspace, 'perfgate-results'), ...noSlack },
    });

  it('a cancelled PR run, or one of an outdated head, is skipped with a notice and posts nothing', async () => {
    const cancelled = await report({ conclusion: 'cancelled' });
    expect(cancelled.code, cancelled.stdout).toBe(0);
    expect(cancelled.stdout).toMatch(/::notice::perfgate: the PR run .* ended cancelled/);
    // A re-push since: the PR's head is no longer the commit the run tested.
    world.github.setPullHead('acme', 'shop', forkPr, 'd4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4');
    const stale = await report();
    world.github.setPullHead('acme', 'shop', forkPr, forkHead);
    expect(stale.code, stale.stdout).toBe(0);
    expect(stale.stdout).toMatch(/::notice::perfgate: PR #9 has moved on to d4d4d4d/);
    // A run whose head the uploaded pr.json contradicts is refused too.
    const mismatched = await report({ headSha: 'e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5' });
    expect(mismatched.stdout).toMatch(/::warning::perfgate: .* says it is of c3c3c3c/);
    // A pr.json that names another config (one without thresholds, or a new marker per name) is
    // not followed: the judging config and the marker come from the config input only.
    const prJson = join(downloaded, 'pr.json');
    const facts = readFileSync(prJson, 'utf8');
    try {
      writeFileSync(prJson, JSON.stringify({ ...JSON.parse(facts), config: 'perf/lenient.yml' }));
      const otherConfig = await report();
      expect(otherConfig.code, otherConfig.stdout).toBe(0);
      expect(otherConfig.stdout).toContain(
        `::notice::perfgate: ${join(downloaded, 'results.json')} is of config perf/lenient.yml, and this step judges with config: ${forkConfig}; nothing posted`,
      );
    } finally {
      writeFileSync(prJson, facts);
    }
    expect(commentsOn(forkPr)).toHaveLength(0);
  });

  it('the trusted job posts the stored results re-rendered, and ignores the forged report.md', async () => {
    const run = await report();
    expect(run.code, run.stdout).toBe(0);
    const comments = commentsOn(forkPr);
    expect(comments).toHaveLength(1);
    const body = comments[0]!.body;
    expect(body).toContain(`<!-- perfgate:${forkConfig} -->`);
    expect(body).toContain('fork/fetch');
    expect(body).toContain(`sha=${forkHead}`);
    expect(body).not.toContain('all good');
    expect(body).not.toContain('@everyone');
    expect(run.outputs['comment-id']).toBe(String(comments[0]!.id));
    // mode: report sets every output action.yml documents (artifact-id empty: it uploads none).
    const documented = Object.keys(
      (parse(readFileSync(join(repoRoot, 'action.yml'), 'utf8')) as { outputs: object }).outputs,
    );
    expect(Object.keys(run.outputs).sort()).toEqual(documented.sort());
    expect(['pass', 'fail']).toContain(run.outputs.verdict);
    expect(run.outputs['report-markdown']).toContain(`<!-- perfgate:${forkConfig} -->`);
  });

  it('a forged results.json cannot mention anyone, and a malformed one posts nothing', async () => {
    const resultsFile = join(downloaded, 'results.json');
    const original = readFileSync(resultsFile, 'utf8');
    const results = JSON.parse(original);
    results.scenarios[0].name = '@everyone ping';
    writeFileSync(resultsFile, JSON.stringify(results));
    const run = await report({ id: 7002 });
    expect(run.code, run.stdout).toBe(0);
    const body = commentsOn(forkPr)[0]!.body;
    expect(body).toContain('\u2060everyone ping');
    expect(body).not.toMatch(/@everyone/);

    results.scenarios[0].latencyMs = 'fast';
    writeFileSync(resultsFile, JSON.stringify(results));
    const before = commentsOn(forkPr)[0]!.body;
    // The fork's input, not this trusted job's failure: a notice, and the job stays green.
    const bad = await report({ id: 7003 });
    expect(bad.code, bad.stdout).toBe(0);
    expect(bad.stdout).toMatch(
      /::notice::perfgate: .*results\.json was refused as untrusted input \(.*not a valid perfgate results file \(results\.scenarios\[0\]\.latencyMs is not an object\)/,
    );
    expect(commentsOn(forkPr)[0]!.body).toBe(before);
    // A name the schema refuses (a line break and a workflow command in it) is a notice too.
    results.scenarios[0].latencyMs = JSON.parse(original).scenarios[0].latencyMs;
    results.scenarios[0].name = 'api\n::error::forged';
    writeFileSync(resultsFile, JSON.stringify(results));
    const named = await report({ id: 7004 });
    expect(named.code, named.stdout).toBe(0);
    expect(named.stdout).toMatch(/::notice::perfgate: .*was refused as untrusted input/);
    expect(named.stdout).not.toMatch(/^::error::forged/m);
    expect(commentsOn(forkPr)[0]!.body).toBe(before);
  });
});
