import { getOctokit } from '@actions/github';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CommentPermissionError,
  findComment,
  findTokenLogin,
  mayReplace,
  readStamp,
  upsertComment,
} from '../../src/adapters/github-comment.js';
import {
  actionsLogin,
  actionsToken,
  startGitHubApiFake,
  userLogin,
  userToken,
  type GitHubApiFake,
} from '../fakes/github-api.js';

const marker = '<!-- perfgate:perfgate.yml -->';
const pr = { owner: 'acme', repo: 'orders', issueNumber: 42, marker };

describe('upsertComment against the GitHub API fake', () => {
  let fake: GitHubApiFake;
  beforeAll(async () => {
    fake = await startGitHubApiFake();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.comments.length = 0;
    fake.requests.length = 0;
    fake.readOnly = false;
    fake.graphql = true;
    fake.listBarrier = 0;
  });

  const client = (token = actionsToken) => getOctokit(token, { baseUrl: fake.url });
  const writes = () =>
    fake.requests.filter((r) => r.method === 'POST' || r.method === 'PATCH').filter((r) => r.path !== '/graphql');

  it('creates the comment once, then updates that same comment', async () => {
    const octokit = client();
    const first = await upsertComment(octokit, { ...pr, body: `${marker}\n## perfgate: pass` });
    expect(first.action).toBe('created');
    expect(first.url).toBe(`https://github.com/acme/orders/pull/42#issuecomment-${first.id}`);

    const second = await upsertComment(octokit, { ...pr, body: `${marker}\n## perfgate: fail` });
    expect(second).toEqual({ action: 'updated', id: first.id, url: first.url, removedDuplicates: 0 });

    const comments = fake.commentsOn('acme', 'orders', 42);
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).toBe(`${marker}\n## perfgate: fail`);
    expect(comments[0]?.login).toBe(actionsLogin);
    expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /repos/acme/orders/issues/42/comments',
      `PATCH /repos/acme/orders/issues/comments/${first.id}`,
    ]);
  });

  it('skips the write when the body is unchanged', async () => {
    const octokit = client();
    const first = await upsertComment(octokit, { ...pr, body: `${marker}\nsame` });
    const again = await upsertComment(octokit, { ...pr, body: `${marker}\nsame` });
    expect(again).toEqual({ action: 'unchanged', id: first.id, url: first.url, removedDuplicates: 0 });
    expect(writes()).toHaveLength(1);
  });

  it('uses the comment a findComment just found instead of listing the comments again', async () => {
    const octokit = client();
    await upsertComment(octokit, { ...pr, body: `${marker}\nfirst` });
    const found = await findComment(octokit, pr);
    fake.requests.length = 0;
    const result = await upsertComment(octokit, { ...pr, body: `${marker}\nsecond`, existing: found ?? null });
    expect(result).toMatchObject({ action: 'updated', id: found?.id });
    // The write, then the one look after it that repairs a racing write and cleans duplicates.
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PATCH /repos/acme/orders/issues/comments/${found?.id}`,
      'GET /repos/acme/orders/issues/42/comments',
    ]);

    // null says "looked, none there": it creates without listing first, then looks once for a racing duplicate.
    fake.requests.length = 0;
    const other = await upsertComment(octokit, { ...pr, issueNumber: 43, body: `${marker}\nnew`, existing: null });
    expect(other.action).toBe('created');
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /repos/acme/orders/issues/43/comments',
      'GET /repos/acme/orders/issues/43/comments',
    ]);
  });

  it('adds the marker when the body lacks it, so the next run finds the comment', async () => {
    const octokit = client();
    await upsertComment(octokit, { ...pr, body: 'no marker here' });
    expect(fake.commentsOn('acme', 'orders', 42)[0]?.body).toBe(`${marker}\nno marker here`);
    const again = await upsertComment(octokit, { ...pr, body: 'no marker here' });
    expect(again.action).toBe('unchanged');
  });

  it('pages through more than 100 comments and finds its own on page 2', async () => {
    for (let i = 0; i < 130; i++)
      fake.addComment({ owner: 'acme', repo: 'orders', issueNumber: 42, body: `chatter ${i}`, login: 'reviewer' });
    const mine = fake.addComment({
      owner: 'acme',
      repo: 'orders',
      issueNumber: 42,
      body: `${marker}\nold`,
      login: actionsLogin,
    });
    for (let i = 0; i < 5; i++)
      fake.addComment({ owner: 'acme', repo: 'orders', issueNumber: 42, body: `later ${i}`, login: 'reviewer' });

    const result = await upsertComment(client(), { ...pr, body: `${marker}\nnew` });
    expect(result).toMatchObject({ action: 'updated', id: mine.id });
    const lists = fake.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/issues/42/comments'));
    // Listed before the write and once after it.
    expect(lists.map((r) => r.query.page ?? '1')).toEqual(['1', '2', '1', '2']);
    expect(lists.every((r) => r.query.per_page === '100')).toBe(true);
    expect(fake.commentsOn('acme', 'orders', 42)).toHaveLength(136);
    expect(mine.body).toBe(`${marker}\nnew`);
  });

  it("leaves another user's comment with the same marker alone", async () => {
    const quoted = fake.addComment({
      owner: 'acme',
      repo: 'orders',
      issueNumber: 42,
      body: `> ${marker}\nwhy did this fail?`,
      login: 'reviewer',
    });
    const result = await upsertComment(client(), { ...pr, body: `${marker}\nreport` });
    expect(result.action).toBe('created');
    expect(result.id).not.toBe(quoted.id);
    expect(quoted.body).toBe(`> ${marker}\nwhy did this fail?`);
    expect(fake.requests.some((r) => r.method === 'PATCH')).toBe(false);
    expect(fake.commentsOn('acme', 'orders', 42)).toHaveLength(2);
  });

  it('only looks at the PR it was given', async () => {
    fake.addComment({
      owner: 'acme',
      repo: 'orders',
      issueNumber: 41,
      body: `${marker}\nother PR`,
      login: actionsLogin,
    });
    expect(await findComment(client(), pr)).toBeUndefined();
  });

  it('finds the comment and its body for the run history', async () => {
    const created = await upsertComment(client(), { ...pr, body: `${marker}\nruns: 1` });
    const found = await findComment(client(), pr);
    expect(found).toEqual({ id: created.id, body: `${marker}\nruns: 1`, url: created.url, login: actionsLogin });
  });

  it('knows who the token is: the Actions bot and a user', async () => {
    expect(await findTokenLogin(client(actionsToken))).toBe(actionsLogin);
    expect(await findTokenLogin(client(userToken))).toBe(userLogin);
  });

  it('falls back to GET /user, and to the Actions bot when that is refused, without GraphQL', async () => {
    fake.graphql = false;
    expect(await findTokenLogin(client(userToken))).toBe(userLogin);
    expect(await findTokenLogin(client(actionsToken))).toBe(actionsLogin);
    expect(fake.requests.filter((r) => r.path === '/user').map((r) => r.login)).toEqual([userLogin, actionsLogin]);
  });

  it("matches a user token's own comments, not the bot's", async () => {
    const bots = fake.addComment({
      owner: 'acme',
      repo: 'orders',
      issueNumber: 42,
      body: `${marker}\nbot`,
      login: actionsLogin,
    });
    const result = await upsertComment(client(userToken), { ...pr, body: `${marker}\nuser` });
    expect(result.action).toBe('created');
    expect(bots.body).toBe(`${marker}\nbot`);
    expect(fake.commentsOn('acme', 'orders', 42).map((c) => c.login)).toEqual([actionsLogin, userLogin]);
  });

  it('turns a read-only token into a typed 403 error, creating nothing', async () => {
    fake.readOnly = true;
    const error = await upsertComment(client(), { ...pr, body: `${marker}\nreport` }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CommentPermissionError);
    expect((error as CommentPermissionError).status).toBe(403);
    expect((error as Error).message).toMatch(/Resource not accessible by integration/);
    expect((error as Error).message).toMatch(/fork/);
    expect((error as Error).message).not.toContain(actionsToken);
    expect(fake.comments).toHaveLength(0);
  });

  it('also when updating an existing comment in read-only mode', async () => {
    const octokit = client();
    await upsertComment(octokit, { ...pr, body: `${marker}\nv1` });
    fake.readOnly = true;
    await expect(upsertComment(octokit, { ...pr, body: `${marker}\nv2` })).rejects.toBeInstanceOf(
      CommentPermissionError,
    );
    expect(fake.commentsOn('acme', 'orders', 42)[0]?.body).toBe(`${marker}\nv1`);
  });

  it('refuses a body over the 65,536-character limit before calling GitHub', async () => {
    const body = `${marker}\n${'x'.repeat(70_000)}`;
    await expect(upsertComment(client(), { ...pr, body })).rejects.toThrow(/65536/);
    expect(writes()).toHaveLength(0);
  });

  it('reports other failures with the status, as a plain error', async () => {
    const error = await upsertComment(client('ghp_unknown'), {
      ...pr,
      authorLogin: 'someone',
      body: `${marker}\nx`,
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(CommentPermissionError);
    expect((error as Error).message).toMatch(/HTTP 401 Bad credentials/);
  });

  describe('runs racing on one PR', () => {
    const older = { headSha: 'aaa111', runOrder: 5001 };
    const newer = { headSha: 'bbb222', runOrder: 6001 };

    it('two runs of one head that both see no comment leave one comment, the oldest, holding the later run', async () => {
      fake.setPullHead('acme', 'orders', 42, newer.headSha);
      fake.listBarrier = 2; // both list before either creates
      const later = { ...newer, runOrder: newer.runOrder + 1 };
      const [a, b] = await Promise.all([
        upsertComment(client(), { ...pr, body: `${marker}\nreport of the later run`, stamp: later }),
        upsertComment(client(), { ...pr, body: `${marker}\nreport of the earlier run`, stamp: newer }),
      ]);
      const comments = fake.commentsOn('acme', 'orders', 42);
      expect(comments).toHaveLength(1);
      expect(comments[0]!.body).toContain('report of the later run');
      expect(readStamp(comments[0]!.body)).toEqual(later);
      // Both name the comment that stayed, and both racing creates happened.
      expect(a.id).toBe(comments[0]!.id);
      expect(b.id).toBe(comments[0]!.id);
      expect(fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/issues/42/comments'))).toHaveLength(
        2,
      );
      expect(a.removedDuplicates + b.removedDuplicates).toBeGreaterThanOrEqual(1);
    });

    it('the same race, with the older run finishing its create first, still ends on the newer head', async () => {
      fake.setPullHead('acme', 'orders', 42, newer.headSha);
      fake.listBarrier = 2;
      await Promise.all([
        upsertComment(client(), { ...pr, body: `${marker}\nold`, stamp: older }),
        upsertComment(client(), { ...pr, body: `${marker}\nnew`, stamp: newer }),
      ]);
      const comments = fake.commentsOn('acme', 'orders', 42);
      expect(comments).toHaveLength(1);
      expect(comments[0]!.body).toContain('\nnew');
    });

    it('an older head never overwrites the report of the current head', async () => {
      fake.setPullHead('acme', 'orders', 42, newer.headSha);
      const first = await upsertComment(client(), { ...pr, body: `${marker}\nnew`, stamp: newer });
      const late = await upsertComment(client(), { ...pr, body: `${marker}\nold`, stamp: older });
      expect(late).toMatchObject({ action: 'skipped-stale', id: first.id });
      expect(fake.commentsOn('acme', 'orders', 42)[0]!.body).toContain('\nnew');
    });

    it('a newer head replaces an older one, and an unstamped comment of an earlier perfgate', async () => {
      fake.setPullHead('acme', 'orders', 42, newer.headSha);
      fake.addComment({
        owner: 'acme',
        repo: 'orders',
        issueNumber: 42,
        body: `${marker}\nunstamped`,
        login: actionsLogin,
      });
      // A run of a head that is no longer the PR's writes nothing.
      expect((await upsertComment(client(), { ...pr, body: `${marker}\nold`, stamp: older })).action).toBe(
        'skipped-stale',
      );
      expect(fake.commentsOn('acme', 'orders', 42)[0]!.body).toContain('\nunstamped');
      const result = await upsertComment(client(), { ...pr, body: `${marker}\nnew`, stamp: newer });
      expect(result.action).toBe('updated');
      expect(fake.commentsOn('acme', 'orders', 42)[0]!.body).toContain('\nnew');
    });

    it('a duplicate left by an earlier race is deleted on the next run', async () => {
      const keep = fake.addComment({
        owner: 'acme',
        repo: 'orders',
        issueNumber: 42,
        body: `${marker}\none`,
        login: actionsLogin,
      });
      fake.addComment({ owner: 'acme', repo: 'orders', issueNumber: 42, body: `${marker}\ntwo`, login: actionsLogin });
      const result = await upsertComment(client(), { ...pr, body: `${marker}\nthree`, stamp: newer });
      expect(result).toMatchObject({ action: 'updated', id: keep.id, removedDuplicates: 1 });
      expect(fake.commentsOn('acme', 'orders', 42).map((c) => c.id)).toEqual([keep.id]);
    });

    it('orders by head first, then by run', () => {
      expect(mayReplace(older, newer, newer.headSha)).toBe(false);
      expect(mayReplace(newer, older, newer.headSha)).toBe(true);
      // Neither head is current (the PR moved on): the later run wins.
      expect(mayReplace(older, newer, 'ccc333')).toBe(false);
      expect(mayReplace(newer, older, undefined)).toBe(true);
      // A re-run of the current head's older run may not undo a later run of the same head.
      expect(mayReplace({ headSha: 'bbb222', runOrder: 1 }, newer, newer.headSha)).toBe(false);
      expect(mayReplace(newer, undefined, undefined)).toBe(true);
    });
  });
});
