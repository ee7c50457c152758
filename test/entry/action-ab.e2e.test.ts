// A/B mode through the bundled action (test/entry/action-harness.ts): a pull_request step whose
// workspace is the head checkout, with the PR's base checked out beside it in base/ (as the
// README's workflow does with actions/checkout `path: base`) and given as the base-dir input. Both
// checkouts hold the same small server and config; only the server's service time differs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Results } from '../../src/core/types/results.js';
import { slackBotToken, slackChannel } from '../fakes/slack.js';
import { accepts, isAlive, startedIn, writeCheckout } from '../fakes/ab-checkouts.js';
import { makeWorkDir, slackLines, startActionWorld, type ActionWorld, type StepRun } from './action-harness.js';

const work = makeWorkDir('action-ab');
let world: ActionWorld;

beforeAll(async () => {
  world = await startActionWorld({
    work,
    inputs: { config: 'perfgate.yml', 'slack-token': slackBotToken, 'slack-channel': slackChannel },
  });
}, 60_000);

afterAll(async () => {
  await world?.close();
});

/**
 * Short runs of one VU (below 100 req/s for either variant): 5 segments make 5 pairs in duet, one
 * more than the paired test needs. A closed model, because an open one on this busy machine starts
 * a few requests late (1% is enough) whenever the neighbour stalls the generator, and a generator
 * behind its schedule holds back every verdict.
 */
function config(compare: string, durationS: number): string {
  return `services:
  - name: api
    run: node server.mjs
    ready: { http: "http://127.0.0.1:\${port}/health", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:\${port}", warmup: 300ms, segment: 1s }
compare: ${compare}
scenarios:
  lookup:
    executor: constant-vus
    vus: 1
    duration: ${durationS}s
    request: { path: /lookup }
thresholds:
  lookup: ["error_rate<0.01"]
`;
}

/** The head checkout (the workspace) with the base checkout in its base/ folder. */
function checkouts(
  name: string,
  head: { delayMs: number },
  base: { delayMs: number; failWith?: string },
  configText: string,
) {
  const headDir = join(work, name);
  writeCheckout(headDir, { ...head, config: configText });
  writeCheckout(join(headDir, 'base'), { ...base, config: configText });
  return { head: headDir, base: join(headDir, 'base') };
}

async function expectAllStopped(dirs: string[]): Promise<void> {
  for (const { pid, port } of dirs.flatMap(startedIn)) {
    expect(isAlive(pid), `pid ${pid}`).toBe(false);
    expect(await accepts(port), `port ${port}`).toBe(false);
  }
}

const readResults = (run: StepRun) => JSON.parse(readFileSync(run.outputs['results-path']!, 'utf8')) as Results;
const numbersLine = /^(\S+): (\d+\.\d) \d+\.\d \d+\.\d \d+\.\d \d+\.\d$/;

describe('the action with base-dir on a pull request', () => {
  it('a slower head: base and head run at once on the runner, the step fails, and every report shows both', async () => {
    const dirs = checkouts('slow-head', { delayMs: 12 }, { delayMs: 3 }, config('{ mode: ab, schedule: duet }', 5));
    const slackBefore = world.slack.delivered.length;
    const run = await world.runStep({
      event: 'pull_request',
      prNumber: 11,
      workspace: dirs.head,
      inputs: { 'base-dir': 'base' },
    });

    expect(run.code, run.stdout).toBe(1);
    expect(run.outputs.verdict).toBe('fail');
    const regressions = JSON.parse(run.outputs.regressions ?? '[]') as { scenario: string; metric: string }[];
    expect(regressions, run.stdout).toContainEqual(expect.objectContaining({ scenario: 'lookup', metric: 'p50' }));
    const results = readResults(run);
    expect(results.ab?.schedule).toBe('duet');
    expect(results.ab?.baseFailure).toBeUndefined();
    expect(results.ab?.base.scenarios[0]?.segments).toHaveLength(results.scenarios[0]!.segments.length);
    // The base's service logs beside the head's.
    expect(existsSync(join(dirname(run.outputs['results-path']!), 'logs', 'base'))).toBe(true);

    const comments = world.github.commentsOn('acme', 'shop', 11);
    expect(comments).toHaveLength(1);
    const body = comments[0]!.body;
    expect(body).toContain('base vs head, same runner, duet');
    expect(body).toContain('mode: ab (duet)');
    expect(body).toContain('base: `ba5eba5`'); // the PR's base commit, from the event
    expect(body).toMatch(/^\| *metric *\| *base *\| *head *\| *change \(95% CI\) *\| *MDE *\| *verdict *\|$/m);

    expect(world.slack.delivered).toHaveLength(slackBefore + 1);
    const lines = slackLines(world.slack.delivered.at(-1));
    const head = lines.find((line) => line.startsWith('lookup:'));
    const base = lines.find((line) => line.startsWith('lookup@base:'));
    // Both are whole json_oracle lines: the change is never appended to the numbers.
    expect(head, lines.join('\n')).toMatch(numbersLine);
    expect(base, lines.join('\n')).toMatch(numbersLine);
    expect(Number(numbersLine.exec(head!)![2])).toBeGreaterThan(Number(numbersLine.exec(base!)![2]) + 5); // avg: 12 ms against 3 ms
    expect(lines[lines.indexOf(base!) + 1]).toMatch(/^ {2}↳ regression: .*p50 \+\d+%/);
    expect(JSON.stringify(world.slack.delivered.at(-1)?.blocks)).toContain('base vs head, same runner, duet');

    const processes = [...startedIn(dirs.head), ...startedIn(dirs.base)];
    expect(processes).toHaveLength(2);
    expect(new Set(processes.map((entry) => entry.port)).size).toBe(2);
    await expectAllStopped([dirs.head, dirs.base]);
  });

  describe('a base that does not boot', () => {
    // The README's workflow: the default branch's run (base-dir '') is the head alone, even with
    // compare.mode: ab in the config, and saves the stored baseline that a PR whose base does not
    // boot falls back to.
    const dirs = checkouts(
      'base-fails',
      { delayMs: 3 },
      { delayMs: 3, failWith: 'base: cannot find module ./db.js' },
      config('{ mode: ab, schedule: duet }', 3),
    );

    it('the default branch saves the stored baseline', async () => {
      const run = await world.runStep({ event: 'push', workspace: dirs.head, inputs: { 'base-dir': '' } });
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toContain('saved this run as the new baseline');
      expect(run.stdout).toContain(
        'sets compare.mode: ab, but no base checkout was given, so this run is compared with the stored baseline',
      );
      expect(readResults(run).ab).toBeUndefined();
      expect(startedIn(dirs.head)).toHaveLength(1);
      await expectAllStopped([dirs.head]);
      rmSync(join(dirs.head, 'started'), { recursive: true });
    });

    it('the PR step goes on with the head, compared with the stored baseline, and says why with the base log tail', async () => {
      const run = await world.runStep({
        event: 'pull_request',
        prNumber: 12,
        workspace: dirs.head,
        inputs: { 'base-dir': 'base' },
      });
      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs.verdict).toBe('pass');
      expect(run.stdout).toContain('perfgate: A/B: the base did not boot');
      expect(run.stdout).toContain('baseline: Actions cache key perfgate-v1-');
      const results = readResults(run);
      expect(results.ab?.baseFailure?.logTail).toContainEqual(
        expect.stringContaining('base: cannot find module ./db.js'),
      );
      expect(results.scenarios[0]!.requests.ok).toBeGreaterThan(0);

      const body = world.github.commentsOn('acme', 'shop', 12)[0]?.body ?? '';
      for (const report of [body, run.summary]) {
        expect(report).toContain('A/B: the base did not boot (service "api"');
        expect(report).toContain('compared with the stored baseline instead');
        expect(report).toContain('base: cannot find module ./db.js');
        expect(report).not.toContain('mode: ab');
        expect(report).toMatch(/^\| *metric *\| *baseline *\| *current *\|/m);
      }
      expect(startedIn(dirs.head)).toHaveLength(1);
      expect(startedIn(dirs.base)).toHaveLength(0);
      await expectAllStopped([dirs.head]);
      rmSync(join(dirs.head, 'started'), { recursive: true });
    });

    it('a PR step whose workflow forgot base-dir is compared with the stored baseline, with a warning', async () => {
      const run = await world.runStep({
        event: 'pull_request',
        prNumber: 13,
        workspace: dirs.head,
        inputs: { 'base-dir': '' },
      });
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toMatch(
        /::warning::perfgate: .*sets compare\.mode: ab, but no base checkout was given, so this run is compared with the stored baseline/,
      );
      expect(readResults(run).ab).toBeUndefined();
      await expectAllStopped([dirs.head]);
    });
  });
});
