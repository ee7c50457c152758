// Who accepted a regression, read from the loopback GitHub fake with a real octokit: the label
// (live; from the event only when the live ones cannot be read), a writer's command (a reader's is listed as ignored), the merged PR
// of a pushed commit, and a GitHub that cannot be read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOctokit } from '@actions/github';
import { findMergedPullAcceptance, findPullAcceptance } from '../../src/adapters/github-accept.js';
import { actionsToken, startGitHubApiFake, type GitHubApiFake } from '../fakes/github-api.js';

let fake: GitHubApiFake;
beforeAll(async () => {
  fake = await startGitHubApiFake();
  fake.setPermission('alice', 'write');
  fake.setPermission('root', 'admin');
  fake.setPermission('mallory', 'read');
});
afterAll(async () => {
  await fake?.close();
});

const octokit = () => getOctokit(actionsToken, { baseUrl: fake.url });
const rules = { label: 'perf-accepted', command: '/perfgate accept' };
const where = (number: number) => ({ owner: 'acme', repo: 'shop', number });
const comment = (issueNumber: number, login: string, body: string) =>
  fake.addComment({ owner: 'acme', repo: 'shop', issueNumber, login, body });

describe('findPullAcceptance', () => {
  it('nothing on a PR with neither label nor command', async () => {
    expect(await findPullAcceptance(octokit(), where(1), rules)).toEqual({ ignored: [] });
  });

  it('the label, read live', async () => {
    fake.setLabels('acme', 'shop', 2, ['bug', 'perf-accepted']);
    expect((await findPullAcceptance(octokit(), where(2), rules)).acceptance).toEqual({ by: 'label perf-accepted' });
    expect((await findPullAcceptance(octokit(), where(2), { ...rules, label: 'other' })).acceptance).toBeUndefined();
  });

  it("the live labels win over the event's: a label removed since the event no longer accepts", async () => {
    // A re-run of a `labeled` event's run carries the label in its payload after it was removed.
    fake.setLabels('acme', 'shop', 3, ['bug']);
    const found = await findPullAcceptance(octokit(), where(3), rules, ['bug', 'perf-accepted']);
    expect(found.acceptance).toBeUndefined();
    fake.setLabels('acme', 'shop', 3, ['bug', 'perf-accepted']);
    expect((await findPullAcceptance(octokit(), where(3), rules, ['bug'])).acceptance).toEqual({
      by: 'label perf-accepted',
    });
  });

  it("the event's labels stand in when the labels endpoint cannot be read, and it says so", async () => {
    fake.hang = /\/labels$/;
    try {
      const hung = getOctokit(actionsToken, { baseUrl: fake.url, request: { signal: AbortSignal.timeout(300) } });
      const found = await findPullAcceptance(hung, where(7), { ...rules, command: '' }, ['perf-accepted']);
      expect(found.acceptance).toEqual({ by: 'label perf-accepted' });
      expect(found.ignored).toHaveLength(1);
      expect(found.ignored[0]).toMatch(/^the PR's labels could not be read .*; the event's labels were used$/);
    } finally {
      fake.hang = undefined;
    }
  });

  it("a reader's command is ignored and said so; the newest writer's names who accepted", async () => {
    comment(4, 'mallory', '/perfgate accept');
    let found = await findPullAcceptance(octokit(), where(4), rules);
    expect(found.acceptance).toBeUndefined();
    expect(found.ignored).toEqual(['"/perfgate accept" by @mallory, who has no write access to acme/shop']);
    comment(4, 'alice', '/perfgate accept worth it');
    comment(4, 'root', 'LGTM\n/perfgate accept');
    comment(4, 'github-actions[bot]', '/perfgate accept');
    found = await findPullAcceptance(octokit(), where(4), rules);
    expect(found.acceptance).toEqual({ by: '@root' });
  });

  it('a commenter who is no collaborator at all (404) is no writer', async () => {
    comment(5, 'stranger', '/perfgate accept');
    expect((await findPullAcceptance(octokit(), where(5), rules)).acceptance).toBeUndefined();
  });

  it('a GitHub that cannot be read throws, so the caller keeps the failure', async () => {
    fake.hang = /\/labels$/;
    const hung = getOctokit(actionsToken, { baseUrl: fake.url, request: { signal: AbortSignal.timeout(300) } });
    await expect(findPullAcceptance(hung, where(6), rules)).rejects.toThrow();
    fake.hang = undefined;
  });
});

describe('findMergedPullAcceptance', () => {
  it('a pushed commit takes the acceptance of the merged PR that brought it in, labels from the PR listing', async () => {
    fake.setLabels('acme', 'shop', 7, ['perf-accepted']);
    fake.setMergedPull('acme', 'shop', 'c0ffee', 7);
    const found = await findMergedPullAcceptance(octokit(), { owner: 'acme', repo: 'shop', sha: 'c0ffee' }, rules);
    expect(found.acceptance).toEqual({ by: 'label perf-accepted on #7' });
    expect(found.pullNumber).toBe(7);
    const none = await findMergedPullAcceptance(octokit(), { owner: 'acme', repo: 'shop', sha: 'beef' }, rules);
    expect(none.acceptance).toBeUndefined();
  });
});
