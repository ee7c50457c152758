// The PR comment under racing runs (issue 21): a fake whose creates and updates are slow and whose
// comment list lags. Rounds of four runs on one PR: the older head, the newer head twice, then
// the older head re-run. Every round must end on one comment holding the newer head's latest run.
import { getOctokit } from '@actions/github';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withDeadline } from '../../src/adapters/deadline.js';
import { holdsMarker, readStamp, upsertComment, withRateLimitRetry } from '../../src/adapters/github-comment.js';
import { extractPreviousRuns } from '../../src/core/report/comment-history.js';
import { actionsToken, startGitHubApiFake, type GitHubApiFake } from '../fakes/github-api.js';

const marker = '<!-- perfgate:perfgate.yml -->';
const pr = { owner: 'acme', repo: 'orders', issueNumber: 7, marker };
const olderHead = 'a'.repeat(40);
const newerHead = 'b'.repeat(40);

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
  fake.writeDelayMs = 0;
  fake.listLagMs = 0;
  fake.throttle = { count: 0, status: 429, retryAfterS: 1 };
});

const client = () => getOctokit(actionsToken, { baseUrl: fake.url });

async function round(settleMs: number): Promise<void> {
  fake.setPullHead('acme', 'orders', 7, newerHead);
  const runs = [
    { headSha: olderHead, runOrder: 1001 },
    { headSha: newerHead, runOrder: 2001 },
    { headSha: newerHead, runOrder: 3001 },
    { headSha: olderHead, runOrder: 4001 },
  ];
  await Promise.all(
    runs.map((stamp) =>
      upsertComment(client(), {
        ...pr,
        body: `${marker}\nreport of ${stamp.headSha.slice(0, 1)} run ${stamp.runOrder}`,
        stamp,
        settleMs,
      }),
    ),
  );
}

describe('racing runs on one PR', () => {
  it('creates and updates converge on one comment holding the newer head’s latest run', async () => {
    // The earliest-sent write lands last: the first run's writes are the slowest.
    fake.writeDelayMs = (_method, body) => (body.includes('run 1001') ? 120 : body.includes('run 2001') ? 80 : 20);
    fake.listLagMs = 60;
    let converged = 0;
    const rounds = 5;
    for (let i = 0; i < rounds; i++) {
      if (i % 2 === 1) fake.comments.length = 0; // alternate create rounds and update rounds
      await round(600);
      const comments = fake.commentsOn('acme', 'orders', 7);
      if (comments.length === 1 && readStamp(comments[0]!.body)?.runOrder === 3001) converged += 1;
    }
    expect(converged).toBe(rounds);
  }, 60_000);

  it('a run whose head is no longer the PR’s writes nothing', async () => {
    fake.setPullHead('acme', 'orders', 7, newerHead);
    const result = await upsertComment(client(), {
      ...pr,
      body: `${marker}\nold`,
      stamp: { headSha: olderHead, runOrder: 9999 },
    });
    expect(result.action).toBe('skipped-stale');
    expect(fake.commentsOn('acme', 'orders', 7)).toEqual([]);
  });

  it('cleans every duplicate, not only the oldest', async () => {
    for (let i = 0; i < 4; i++) fake.addComment({ ...pr, body: `${marker}\ncopy ${i}`, login: 'github-actions[bot]' });
    fake.setPullHead('acme', 'orders', 7, newerHead);
    const result = await upsertComment(client(), {
      ...pr,
      body: `${marker}\nnew`,
      stamp: { headSha: newerHead, runOrder: 1 },
    });
    expect(result.removedDuplicates).toBe(3);
    const comments = fake.commentsOn('acme', 'orders', 7);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain('\nnew');
  });

  it('retries a write that GitHub rate-limits (429, and 403 with x-ratelimit-remaining: 0) after Retry-After', async () => {
    for (const status of [429, 403] as const) {
      fake.comments.length = 0;
      fake.throttle = { count: 1, status, retryAfterS: 0 };
      const result = await upsertComment(client(), { ...pr, body: `${marker}\nthrottled ${status}` });
      expect(result.action).toBe('created');
      expect(fake.commentsOn('acme', 'orders', 7)).toHaveLength(1);
      expect(fake.throttle.count).toBe(0);
    }
  });

  it('retries an update that GitHub rate-limits after Retry-After, and edits the one comment', async () => {
    for (const status of [429, 403] as const) {
      fake.comments.length = 0;
      fake.requests.length = 0;
      fake.addComment({ ...pr, body: `${marker}\nthe first report`, login: 'github-actions[bot]' });
      fake.throttle = { count: 1, status, retryAfterS: 0 };
      const result = await upsertComment(client(), { ...pr, body: `${marker}\nupdated after ${status}` });
      expect(result.action).toBe('updated');
      expect(fake.throttle.count).toBe(0);
      const comments = fake.commentsOn('acme', 'orders', 7);
      expect(comments).toHaveLength(1);
      expect(comments[0]!.body).toContain(`updated after ${status}`);
      // The throttled PATCH was answered before the fake recorded it: the one recorded is the retry.
      expect(fake.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
      // No second comment was created beside it (the one POST is a GraphQL read).
      expect(
        fake.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/comments')),
      ).toEqual([]);
    }
  });

  it('waits the Retry-After second a 429 on an update asks for, inside the deadline, then edits the one comment', async () => {
    fake.addComment({ ...pr, body: `${marker}\nthe first report`, login: 'github-actions[bot]' });
    fake.throttle = { count: 1, status: 429, retryAfterS: 1 };
    const result = await withDeadline('the PR comment', 10_000, (signal) =>
      upsertComment(client(), { ...pr, body: `${marker}\nafter a 1 s wait`, signal }),
    );
    expect(result.action).toBe('updated');
    expect(fake.throttle.count).toBe(0);
    expect(fake.commentsOn('acme', 'orders', 7).map((c) => c.body)).toEqual([`${marker}\nafter a 1 s wait`]);
  });

  it('a 429 whose Retry-After ends past the deadline: fails at once saying so, and writes nothing after', async () => {
    fake.addComment({ ...pr, body: `${marker}\nthe first report`, login: 'github-actions[bot]' });
    fake.throttle = { count: 1, status: 429, retryAfterS: 30 };
    const error = await withDeadline('the PR comment', 3000, (signal) =>
      upsertComment(client(), { ...pr, body: `${marker}\nnever`, signal }),
    ).catch((caught: unknown) => caught);
    // Before: it slept until the deadline and said only "did not finish within 3 s".
    expect((error as Error).message).toMatch(
      /could not update the PR comment on acme\/orders#7: GitHub rate-limited it \(HTTP 429 secondary rate limit\) and asked to wait 30 s, past the step's deadline \([0-3] s left\): not retried; raise network-timeout/,
    );
    expect(fake.requests.filter((request) => request.method === 'PATCH')).toEqual([]);
    expect(fake.commentsOn('acme', 'orders', 7).map((c) => c.body)).toEqual([`${marker}\nthe first report`]);
  });

  it('a write GitHub applies after the writer’s deadline is repaired by the newer run settling after it', async () => {
    fake.setPullHead('acme', 'orders', 7, newerHead);
    fake.addComment({ ...pr, body: `${marker}\nthe first report`, login: 'github-actions[bot]' });
    // The older run's PATCH is held 1.2 s, past its 0.5 s deadline, and then applied all the same.
    fake.writeDelayMs = (_method, body) => (body.includes('run 1001') ? 1200 : 0);
    const older = withDeadline('the PR comment', 500, (signal) =>
      upsertComment(client(), {
        ...pr,
        body: `${marker}\nreport of run 1001`,
        stamp: { headSha: newerHead, runOrder: 1001 },
        signal,
      }),
    ).catch((caught: unknown) => caught);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const newer = await upsertComment(client(), {
      ...pr,
      body: `${marker}\nreport of run 2001`,
      stamp: { headSha: newerHead, runOrder: 2001 },
      settleMs: 3000,
    });
    expect((await older) as Error).toBeInstanceOf(Error);
    expect(newer.action).toBe('updated');
    // The late PATCH of run 1001 did land (GitHub does not know its writer gave up) ...
    expect(
      fake.requests.filter((r) => r.method === 'PATCH' && JSON.stringify(r.body).includes('run 1001')),
    ).toHaveLength(1);
    // ... and the newer run's settling put its report back.
    const comments = fake.commentsOn('acme', 'orders', 7);
    expect(comments).toHaveLength(1);
    expect(readStamp(comments[0]!.body)?.runOrder).toBe(2001);
  }, 20_000);

  it('sends no write once the step’s deadline has passed', async () => {
    const controller = new AbortController();
    controller.abort(new Error('deadline'));
    await expect(withRateLimitRetry(controller.signal, () => Promise.resolve(1))).rejects.toThrow('deadline');
    const error = await upsertComment(client(), { ...pr, body: `${marker}\nlate`, signal: controller.signal }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect(fake.commentsOn('acme', 'orders', 7)).toEqual([]);
  });
});

describe('markers, stamps and history are read only where perfgate writes them', () => {
  it('another config’s marker inside a line is not that config’s comment', () => {
    expect(holdsMarker(`${marker}\n### \`x ${'<!-- perfgate:other.yml -->'}\``, '<!-- perfgate:other.yml -->')).toBe(
      false,
    );
    expect(holdsMarker(`${marker}\nbody`, marker)).toBe(true);
  });

  it('a forged stamp in a name is text; only the last line counts', () => {
    const forged = `${marker}\n### \`<!-- perfgate-head: sha=${newerHead} run=99999999 -->\`\n<!-- perfgate-head: sha=${olderHead} run=5 -->`;
    expect(readStamp(forged)).toEqual({ headSha: olderHead, runOrder: 5 });
    expect(readStamp(`${marker}\nname <!-- perfgate-head: sha=${newerHead} run=9 --> more`)).toBeUndefined();
  });

  it('a forged history in a name is ignored; the last whole history line is read', () => {
    const encode = (entries: unknown[]) =>
      `<!-- perfgate-history: ${Buffer.from(JSON.stringify(entries)).toString('base64')} -->`;
    const real = [{ sha: 'c0ffee2', verdict: 'fail', date: '2026-01-01T00:00:00Z', summary: '1 regression' }];
    const fake1 = [{ sha: 'c0ffee1', verdict: 'pass', date: '2026-01-01T00:00:00Z', summary: 'LGTM from @alice' }];
    const body = `${marker}\n### \`x ${encode(fake1)}\`\n${encode(real)}`;
    expect(extractPreviousRuns(body)).toEqual(real);
    // An undefused mention or a line break in an entry drops that entry.
    expect(extractPreviousRuns(`${marker}\n${encode(fake1)}`)).toEqual([]);
  });
});
