// What the action's end-to-end tests share: the action bundled from source into a temp folder
// (they test the source, not the committed dist/), the loopback fakes of the GitHub API, the
// Actions cache and artifact service and Slack, and one step of the bundled dist/index.js with the
// environment a runner gives it: the event payload file, INPUT_* variables, GITHUB_OUTPUT and
// GITHUB_STEP_SUMMARY, read back once the step has ended.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { actionsToken, startGitHubApiFake, type GitHubApiFake } from '../fakes/github-api.js';
import { startCacheServiceFake, type CacheServiceFake } from '../fakes/cache-service.js';
import { startSlackFake, type SlackFake } from '../fakes/slack.js';
import { sharedBundleDir } from '../bundle.js';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const ordersServer = join(repoRoot, 'examples/orders/server.js');
export const ordersKeys = join(repoRoot, 'examples/orders/data/keys.csv');
export const ordersQueries = join(repoRoot, 'examples/orders/data/queries.csv');

/** The entry of a sub-action (report/action.yml's ../dist/report.js …), bundled from src/ beside index.js. */
export function subActionBundle(name: 'report' | 'merge' | 'trends'): string {
  return join(sharedBundleDir(), `${name}.js`);
}

/** A temp folder for one test file's bundle, configs and runs. */
export function makeWorkDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `perfgate-${name}-`));
}

/** The action bundled from src/ (once per vitest run, test/bundle.ts); returns the path of its index.js. */
export function bundleAction(): string {
  return join(sharedBundleDir(), 'index.js');
}

/**
 * A config with one closed-model scenario against the example service, for the tests of wiring
 * that need a run but not its numbers. `${port}` gives each run a free port of its own, so such
 * runs can go at the same time.
 */
export function quickOrdersConfig(scenario: string, options: { durationS?: number; extra?: string } = {}): string {
  return `services:
  - name: orders
    run: node ${JSON.stringify(ordersServer)}
    ready: { http: "http://127.0.0.1:\${port}/health", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:\${port}", warmup: 0s, segment: 1s }
scenarios:
  ${scenario}:
    executor: constant-vus
    vus: 2
    duration: ${options.durationS ?? 1}s
    request: { path: "/orders/\${row.id}" }
    data: { file: ${JSON.stringify(ordersKeys)} }
${options.extra ?? ''}`;
}

export type ActionEvent =
  'push' | 'schedule' | 'pull_request' | 'fork' | 'workflow_run' | 'pull_request_target' | 'merge_group';

export const repository = { full_name: 'acme/shop', name: 'shop', owner: { login: 'acme' }, default_branch: 'main' };
export const prTitle = 'Cache the order lookups';

export interface EventFacts {
  event: ActionEvent;
  /** pull_request, fork: the PR (default 7). */
  prNumber?: number;
  /** The PR's head commit (pull_request, fork). */
  headSha?: string;
  /** The PR's base commit, which A/B mode checks out beside the head. */
  baseSha?: string;
  /** pull_request.labels of the event (a re-run reuses the payload, so it may list a label removed since). */
  labels?: string[];
  /** The workflow_run event's run, for mode: report. */
  workflowRun?: { id: number; conclusion: string; headSha: string };
}

/** The event payload GitHub writes to GITHUB_EVENT_PATH, as much of it as perfgate reads. */
export function eventPayload(facts: EventFacts, runId: number): object {
  const pr = facts.prNumber ?? 7;
  switch (facts.event) {
    case 'merge_group':
      return {
        merge_group: {
          head_sha: facts.headSha ?? `sha${runId}`,
          head_ref: `refs/heads/gh-readonly-queue/main/pr-${pr}-${facts.baseSha ?? 'base'}`,
          base_sha: facts.baseSha ?? 'ba5eba5eba5eba5eba5eba5eba5eba5eba5eba5e',
          base_ref: 'refs/heads/main',
        },
        repository,
      };
    case 'pull_request':
    case 'pull_request_target':
    case 'fork':
      return {
        pull_request: {
          number: pr,
          title: prTitle,
          html_url: `https://github.com/acme/shop/pull/${pr}`,
          ...(facts.labels ? { labels: facts.labels.map((name) => ({ name })) } : {}),
          head: {
            sha: facts.headSha ?? `head${runId}`,
            repo: { full_name: facts.event === 'fork' ? 'stranger/shop' : 'acme/shop' },
          },
          base: {
            sha: facts.baseSha ?? 'ba5eba5eba5eba5eba5eba5eba5eba5eba5eba5e',
            ref: 'main',
            repo: { full_name: 'acme/shop' },
          },
        },
        repository,
      };
    case 'schedule':
      return { schedule: '0 3 * * *' }; // GitHub sends no repository with a schedule event
    case 'workflow_run': {
      const id = facts.workflowRun?.id ?? 5000 + runId;
      return {
        workflow_run: {
          id,
          run_attempt: 1,
          event: 'pull_request',
          conclusion: facts.workflowRun?.conclusion ?? 'success',
          head_sha: facts.workflowRun?.headSha ?? 'feedface',
          html_url: `https://github.com/acme/shop/actions/runs/${id}`,
          pull_requests: [], // empty for a fork's PR, as on github.com
        },
        repository,
      };
    }
    case 'push':
      return { repository };
  }
}

/** The variables a runner sets for a step (those perfgate and the @actions clients read), and INPUT_*. */
export function stepEnv(input: {
  facts: EventFacts;
  eventPath: string;
  runId: number;
  githubUrl: string;
  workspace: string;
  runnerTemp: string;
  inputs: Record<string, string>;
}): Record<string, string> {
  const isPr = input.facts.event === 'pull_request' || input.facts.event === 'fork';
  const pr = input.facts.prNumber ?? 7;
  // pull_request_target runs on the base branch (its GITHUB_SHA is the base branch's last commit);
  // a merge group on its temporary branch, whose last commit is the group's head.
  const ref = isPr
    ? `refs/pull/${pr}/merge`
    : input.facts.event === 'merge_group'
      ? `refs/heads/gh-readonly-queue/main/pr-${pr}-${input.facts.baseSha ?? 'base'}`
      : 'refs/heads/main';
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: isPr ? 'pull_request' : input.facts.event,
    GITHUB_EVENT_PATH: input.eventPath,
    GITHUB_WORKSPACE: input.workspace,
    GITHUB_REF: ref,
    GITHUB_SHA: input.facts.event === 'merge_group' && input.facts.headSha ? input.facts.headSha : `sha${input.runId}`,
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_RUN_ID: String(input.runId),
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_API_URL: input.githubUrl,
    GITHUB_GRAPHQL_URL: `${input.githubUrl}/graphql`,
    GITHUB_SERVER_URL: 'https://github.com',
    RUNNER_TEMP: input.runnerTemp,
  };
  for (const [name, value] of Object.entries(input.inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  return env;
}

/** Writes `files` (relative path → text) below `dir`. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

export interface StepOptions extends EventFacts {
  /** Over the world's default inputs; '' unsets one (as an empty `with:` value does). */
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  /** The step's working directory (GITHUB_WORKSPACE); default a new folder. */
  workspace?: string;
  /** Files written into the workspace first (relative path → text). */
  files?: Record<string, string>;
  /** RUNNER_TEMP; default the world's, fixed across runs as on one runner. */
  runnerTemp?: string;
  /** GITHUB_ACTION: the step's id. */
  step?: string;
  /** Another GitHub fake for this step (e.g. a read-only one, as a fork's token sees). */
  github?: GitHubApiFake;
  /** The script the step runs instead of the world's bundle (a sub-action's entry). */
  bundle?: string;
  /** Called once the step is running, e.g. to signal it. */
  whileRunning?: (child: ChildProcess, output: () => string) => Promise<void>;
}

export interface StepRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** stdout and stderr, interleaved as the runner's log shows them. */
  stdout: string;
  outputs: Record<string, string>;
  summary: string;
  workspace: string;
  /** GITHUB_RUN_ID; GITHUB_SHA is `sha<runId>`. */
  runId: number;
  sha: string;
}

export interface ActionWorld {
  work: string;
  github: GitHubApiFake;
  cache: CacheServiceFake;
  slack: SlackFake;
  /** One step of the bundled action; its run id is the next one, from `runIdBase` + 1. */
  runStep(options: StepOptions): Promise<StepRun>;
  /** A RUNNER_TEMP of its own, for a step that runs beside others as on another runner. */
  newRunnerTemp(): string;
  close(): Promise<void>;
}

/**
 * Every step's network-timeout unless its world or the step sets one ('' for the default, 60s). A PR
 * comment waits min(3 s, network-timeout / 3) for an overlapping run's comment to show before it
 * repairs what it finds (src/adapters/github-comment.ts): at the default that wait is 3 s of every
 * PR step, more than a quick step's load window. At 3s it is 1 s, the same four looks; the fakes
 * answer on loopback, and action-faults.e2e's steps save, comment and upload within 2s. The race
 * that wait is for runs at the default (action.e2e's two runs of one PR), and
 * test/adapters/comment-race.test.ts races it at 3 s.
 */
const QUICK_NETWORK_TIMEOUT = '3s';

/** A step that outlives this is killed, so that a hung one fails its test with its log. */
const STEP_TIMEOUT_MS = 45_000;

/**
 * Starts the fakes and bundles the action into `work` (unless given the `bundle` of an earlier
 * world). `inputs` are every step's defaults (github-token is the Actions token unless they say
 * otherwise); run ids start after `runIdBase`. The world's RUNNER_TEMP is one folder for all its
 * steps, as on one runner: the cache entry's version depends on the path it was archived from.
 */
export async function startActionWorld(options: {
  work: string;
  bundle?: string;
  inputs?: Record<string, string>;
  runIdBase?: number;
}): Promise<ActionWorld> {
  const { work } = options;
  const bundle = options.bundle ?? bundleAction();
  const [github, cache, slack] = await Promise.all([startGitHubApiFake(), startCacheServiceFake(), startSlackFake()]);
  const newRunnerTemp = (): string => mkdtempSync(join(work, 'runner-temp-'));
  const runnerTemp = newRunnerTemp();
  let lastRunId = options.runIdBase ?? 1000;

  async function runStep(step: StepOptions): Promise<StepRun> {
    lastRunId += 1;
    const runId = lastRunId;
    const workspace = step.workspace ?? mkdtempSync(join(work, `run-${runId}-`));
    writeFiles(workspace, step.files ?? {});
    // The runner's files live outside the workspace, so that a run's own files never meet them.
    const stepDir = mkdtempSync(join(work, `step-${runId}-`));
    const [eventPath, outputPath, summaryPath] = ['event.json', 'output', 'summary.md'].map((name) =>
      join(stepDir, name),
    ) as [string, string, string];
    writeFileSync(eventPath, JSON.stringify(eventPayload(step, runId)));
    writeFileSync(outputPath, '');
    writeFileSync(summaryPath, '');
    const gitHubFake = step.github ?? github;
    const env = {
      ...stepEnv({
        facts: step,
        eventPath,
        runId,
        githubUrl: gitHubFake.url,
        workspace,
        runnerTemp: step.runnerTemp ?? runnerTemp,
        inputs: {
          'github-token': actionsToken,
          'network-timeout': QUICK_NETWORK_TIMEOUT,
          ...options.inputs,
          ...step.inputs,
        },
      }),
      GITHUB_ACTION: step.step ?? '__perfgate_perfgate',
      GITHUB_OUTPUT: outputPath,
      GITHUB_STEP_SUMMARY: summaryPath,
      PERFGATE_SLACK_API_URL: slack.apiUrl,
      ...cache.env(String(runId)),
      ...step.env,
    };
    const child = spawn(process.execPath, [step.bundle ?? bundle], {
      env,
      cwd: workspace,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: STEP_TIMEOUT_MS,
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const closed = new Promise<[number | null, NodeJS.Signals | null]>((done) =>
      child.on('close', (code, signal) => done([code, signal])),
    );
    await step.whileRunning?.(child, () => stdout);
    const [code, signal] = await closed;
    return {
      code,
      signal,
      stdout,
      outputs: parseOutputs(readFileSync(outputPath, 'utf8')),
      summary: readFileSync(summaryPath, 'utf8'),
      workspace,
      runId,
      sha: `sha${runId}`,
    };
  }

  return {
    work,
    github,
    cache,
    slack,
    runStep,
    newRunnerTemp,
    close: async () => {
      await Promise.all([github.close(), cache.close(), slack.close()]);
    },
  };
}

/** GITHUB_OUTPUT as @actions/core writes it: `name<<delimiter`, the value, the delimiter. */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const pattern = /^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm;
  for (const match of text.matchAll(pattern)) outputs[match[1]!] = match[3]!;
  return outputs;
}

/** The text of the code blocks of a Slack message: the json_oracle lines and their marks. */
export function slackLines(message: { blocks: unknown[] | undefined } | undefined): string[] {
  const texts: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'text' && typeof value === 'string') texts.push(value);
        else visit(value);
      }
    }
  };
  visit(message?.blocks);
  return texts.flatMap((text) => [...text.matchAll(/```\n([\s\S]*?)\n```/g)].flatMap((block) => block[1]!.split('\n')));
}
