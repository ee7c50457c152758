// The fake's wire details that octokit hides: the Link header and the identity rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionsToken, startGitHubApiFake, userToken, type GitHubApiFake } from './github-api.js';

describe('GitHub API fake', () => {
  let fake: GitHubApiFake;
  beforeAll(async () => {
    fake = await startGitHubApiFake();
    for (let i = 0; i < 5; i++)
      fake.addComment({ owner: 'o', repo: 'r', issueNumber: 1, body: `c${i}`, login: 'someone' });
  });
  afterAll(async () => {
    await fake.close();
  });

  const get = (path: string, token = actionsToken) =>
    fetch(`${fake.url}${path}`, { headers: { authorization: `token ${token}` } });

  it('pages with a Link header like GitHub', async () => {
    const first = await get('/repos/o/r/issues/1/comments?per_page=2');
    expect(((await first.json()) as { body: string }[]).map((c) => c.body)).toEqual(['c0', 'c1']);
    expect(first.headers.get('link')).toBe(
      `<${fake.url}/repos/o/r/issues/1/comments?per_page=2&page=2>; rel="next", <${fake.url}/repos/o/r/issues/1/comments?per_page=2&page=3>; rel="last"`,
    );
    const last = await get('/repos/o/r/issues/1/comments?per_page=2&page=3');
    expect(((await last.json()) as { body: string }[]).map((c) => c.body)).toEqual(['c4']);
    expect(last.headers.get('link')).toBe(
      `<${fake.url}/repos/o/r/issues/1/comments?per_page=2&page=2>; rel="prev", <${fake.url}/repos/o/r/issues/1/comments?per_page=2&page=1>; rel="first"`,
    );
    const only = await get('/repos/o/r/issues/1/comments');
    expect(only.headers.get('link')).toBeNull();
  });

  it('refuses GET /user to the Actions token, as github.com does, and answers a user token', async () => {
    expect((await get('/user')).status).toBe(403);
    expect(await (await get('/user', userToken)).json()).toMatchObject({ login: 'octocat' });
    expect((await get('/user', 'ghp_nope')).status).toBe(401);
  });

  it("refuses to edit someone else's comment", async () => {
    const theirs = fake.comments[0];
    const res = await fetch(`${fake.url}/repos/o/r/issues/comments/${theirs?.id}`, {
      method: 'PATCH',
      headers: { authorization: `token ${actionsToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'hijack' }),
    });
    expect(res.status).toBe(403);
    expect(theirs?.body).toBe('c0');
  });
});
