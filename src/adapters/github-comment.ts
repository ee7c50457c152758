// The one PR comment per PR and config, updated in place (after
// marocchino/sticky-pull-request-comment): a hidden marker finds it, the author must be the
// token's own user so that a quoted marker in someone else's comment is never touched, and an
// unchanged body is not rewritten. `octokit` is always passed in, so tests point a real client at
// a loopback fake.
import { PerfgateError } from '../core/errors.js';
import { stepTimeLeftMs } from './deadline.js';
import type { getOctokit } from '@actions/github';

export type Octokit = ReturnType<typeof getOctokit>;

export interface CommentLocation {
  owner: string;
  repo: string;
  issueNumber: number;
  /** A hidden HTML comment such as `<!-- perfgate:perfgate.yml -->`. */
  marker: string;
  /** The login the token acts as; looked up when not given. */
  authorLogin?: string;
}

export interface FoundComment {
  id: number;
  body: string;
  url: string;
  login: string;
}

export interface UpsertResult {
  /** skipped-stale: the comment holds a fresher report (of the PR's current head, or a later run), left as it is. */
  action: 'created' | 'updated' | 'unchanged' | 'skipped-stale';
  /** The one comment that holds this config's report. */
  id: number;
  url: string;
  /** Duplicates of racing runs that were deleted. */
  removedDuplicates: number;
}

/** GitHub refuses issue comments longer than this many characters. */
export const maxCommentChars = 65_536;

/** GitHub answered 403: the token may not read or write comments here (a fork PR's token, or missing `pull-requests: write`). */
export class CommentPermissionError extends PerfgateError {
  override name = 'CommentPermissionError';
  readonly status = 403;
  constructor(message: string) {
    super(message, 'PERFGATE_COMMENT_PERMISSION');
  }
}

// The token of a GitHub Actions run, which may not call GET /user: its comments carry this login.
const actionsBotLogin = 'github-actions[bot]';

/** The login the token writes comments as. */
export async function findTokenLogin(octokit: Octokit): Promise<string> {
  // GraphQL `viewer` answers for users, apps and the Actions token alike.
  try {
    const { viewer } = await octokit.graphql<{ viewer: { login: string } }>('query { viewer { login } }');
    if (viewer.login) return viewer.login;
  } catch {
    // fall through to REST
  }
  try {
    const { data } = await octokit.rest.users.getAuthenticated();
    return data.login;
  } catch {
    // An installation token gets 403 here; the default one is the Actions bot.
    return actionsBotLogin;
  }
}

/** Every comment on the issue that holds `marker` and was written by the token's user, oldest first. */
export async function findComments(octokit: Octokit, where: CommentLocation): Promise<FoundComment[]> {
  const login = where.authorLogin ?? (await findTokenLogin(octokit));
  try {
    const found: FoundComment[] = [];
    const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
      owner: where.owner,
      repo: where.repo,
      issue_number: where.issueNumber,
      per_page: 100,
    });
    for await (const { data } of pages) {
      for (const c of data) {
        if (c.user?.login === login && holdsMarker(c.body ?? '', where.marker))
          found.push({ id: c.id, body: c.body ?? '', url: c.html_url, login });
      }
    }
    // Ids grow with creation time: the first is the oldest, the one every run keeps.
    return found.sort((a, b) => a.id - b.id);
  } catch (error) {
    throw describeFailure(error, `read the comments of ${where.owner}/${where.repo}#${where.issueNumber}`);
  }
}

/**
 * Whether `body` is this config's comment: perfgate writes the marker as its first line, and only
 * there counts, so another config's marker inside a scenario name (which can never start a line)
 * does not make that config's report overwrite this comment.
 */
export function holdsMarker(body: string, marker: string): boolean {
  return firstLine(body) === marker;
}

function firstLine(body: string): string {
  const end = body.indexOf('\n');
  return (end === -1 ? body : body.slice(0, end)).replace(/\r$/, '');
}

function lastLine(body: string): string {
  const lines = normalize(body).split('\n');
  return lines[lines.length - 1] ?? '';
}

/** The oldest comment on the issue that holds `marker` and was written by the token's user. */
export async function findComment(octokit: Octokit, where: CommentLocation): Promise<FoundComment | undefined> {
  return (await findComments(octokit, where))[0];
}

/** The PR's head commit now, or undefined when GitHub does not say (the freshness rule then falls back to run order). */
export async function findPullHead(
  octokit: Octokit,
  where: { owner: string; repo: string; issueNumber: number },
): Promise<string | undefined> {
  try {
    const { data } = await octokit.rest.pulls.get({
      owner: where.owner,
      repo: where.repo,
      pull_number: where.issueNumber,
    });
    return data.head.sha;
  } catch {
    return undefined;
  }
}

/** The hidden stamp that says which head commit (and which run of it) a comment reports on. */
export interface ReportStamp {
  headSha: string;
  /** Orders runs of one head: the run id times 1000 plus the attempt; later runs are larger. */
  runOrder: number;
}

/** A whole line, and only the body's last: perfgate appends it after everything a run's strings reach. */
const stampLine = /^<!-- perfgate-head: sha=([0-9A-Za-z]{1,64}) run=(\d{1,16}) -->$/;

export function formatStamp(stamp: ReportStamp): string {
  return `<!-- perfgate-head: sha=${stamp.headSha} run=${stamp.runOrder} -->`;
}

/** The stamp on the body's last line; a stamp anywhere else (a forged one in a name) is text. */
export function readStamp(body: string): ReportStamp | undefined {
  const match = stampLine.exec(lastLine(body));
  if (!match?.[1] || !match[2]) return undefined;
  return { headSha: match[1], runOrder: Number(match[2]) };
}

/**
 * Whether the report `ours` may replace the one stamped `theirs`: never a report of the PR's
 * current head with one of an outdated head, and never a later run of one head with an earlier one.
 */
export function mayReplace(
  ours: ReportStamp | undefined,
  theirs: ReportStamp | undefined,
  currentHeadSha: string | undefined,
): boolean {
  if (!ours || !theirs) return true;
  if (currentHeadSha !== undefined) {
    const oursCurrent = ours.headSha === currentHeadSha;
    const theirsCurrent = theirs.headSha === currentHeadSha;
    if (oursCurrent !== theirsCurrent) return oursCurrent;
  }
  return ours.runOrder >= theirs.runOrder;
}

export interface UpsertInput extends CommentLocation {
  body: string;
  /** What a findComment just before found (null: none); the settling looks again in any case. */
  existing?: FoundComment | null;
  /** Which head and run this report is of; without it every report replaces the last. */
  stamp?: ReportStamp;
  /** Aborted at the step's deadline: no write is sent after it. */
  signal?: AbortSignal;
  /**
   * How long after its own write a run keeps checking the comments (default 0: one look right
   * after): a write of a racing run sent earlier may land later, and GitHub's comment list may lag
   * behind a create. The PR comment sink passes PR_COMMENT_SETTLE_MS.
   */
  settleMs?: number;
}

/** The settling of the PR comment sink (within a third of its network-timeout). */
export const PR_COMMENT_SETTLE_MS = 3000;

/**
 * Updates this config's comment in place, or creates it, so that runs racing on one PR converge
 * on one comment (the oldest) holding the freshest report:
 * - the PR's head is read just before every write, and a run whose head is no longer the PR's
 *   writes nothing;
 * - among runs of one head, the latest run's report wins (the stamp's run order);
 * - after writing, the run checks again over `settleMs` and repairs what an overlapping older
 *   write did, and deletes every duplicate but the oldest comment.
 * An unchanged body is not rewritten.
 */
export async function upsertComment(octokit: Octokit, input: UpsertInput): Promise<UpsertResult> {
  // Without its marker as the first line the comment could never be found again, and every run would add one.
  let body = holdsMarker(input.body, input.marker) ? input.body : `${input.marker}\n${input.body}`;
  if (input.stamp) {
    // Only a stamp perfgate wrote, on the last line, is replaced.
    if (readStamp(body)) body = normalize(body).split('\n').slice(0, -1).join('\n');
    body = `${normalize(body)}\n${formatStamp(input.stamp)}`;
  }
  if (body.length > maxCommentChars) {
    throw new Error(
      `the PR comment has ${body.length} characters, more than GitHub's limit of ${maxCommentChars}: render it with a smaller maxChars`,
    );
  }
  const run: Run = {
    octokit,
    location: { ...input },
    where: `${input.owner}/${input.repo}#${input.issueNumber}`,
    ours: { body, stamp: input.stamp },
    signal: input.signal,
  };
  // The settling's looks match on this login, without asking who the token is again.
  if (!run.location.authorLogin && input.existing) run.location.authorLogin = input.existing.login;
  if (!run.location.authorLogin && input.existing === undefined)
    run.location.authorLogin = await findTokenLogin(octokit);
  const found =
    input.existing === undefined ? await findComments(octokit, run.location) : input.existing ? [input.existing] : [];
  const keeper = found[0];
  let action: UpsertResult['action'];
  let id = keeper?.id;
  let url = keeper?.url;
  const head = await currentHead(run);
  if (isStale(run, head)) action = 'skipped-stale';
  else if (!keeper) {
    const created = await createBody(run);
    ({ id, url } = created);
    action = 'created';
  } else if (!mayReplace(run.ours.stamp, readStamp(keeper.body), head)) action = 'skipped-stale';
  else if (normalize(keeper.body) === normalize(body)) action = 'unchanged';
  else {
    await updateBody(run, keeper.id, body);
    action = 'updated';
  }
  const settled = await settle(run, input.settleMs ?? 0);
  if (settled.keeper) {
    if (settled.keeper.id !== id && action === 'created') action = settled.wroteOurs ? 'updated' : 'skipped-stale';
    id = settled.keeper.id;
    url = settled.keeper.url;
  }
  return { action, id: id ?? 0, url: url ?? '', removedDuplicates: settled.removed };
}

interface Run {
  octokit: Octokit;
  location: CommentLocation;
  where: string;
  ours: { body: string; stamp: ReportStamp | undefined };
  signal: AbortSignal | undefined;
}

async function currentHead(run: Run): Promise<string | undefined> {
  return run.ours.stamp ? findPullHead(run.octokit, run.location) : undefined;
}

/** A report of a head that is no longer the PR's: the newer head's run reports. */
function isStale(run: Run, head: string | undefined): boolean {
  return run.ours.stamp !== undefined && head !== undefined && head !== run.ours.stamp.headSha;
}

/**
 * Looks again, at growing intervals, until `settleMs` has passed: keeps the oldest comment, puts
 * the freshest report it sees (ours or one stored) into it, and deletes the others. Every racing
 * run applies the same rule, so they agree; the latest run's last look comes after the writes of
 * the runs before it. A failure here is no failure of the upsert: the report is posted.
 */
async function settle(
  run: Run,
  settleMs: number,
): Promise<{ keeper?: FoundComment; wroteOurs: boolean; removed: number }> {
  const removedIds = new Set<number>();
  let keeper: FoundComment | undefined;
  let wroteOurs = false;
  const waits = settleMs > 0 ? [0, settleMs / 6, settleMs / 3, settleMs / 2] : [0];
  for (const wait of waits) {
    if (wait > 0) await sleep(wait, run.signal);
    if (run.signal?.aborted) break;
    let all: FoundComment[];
    let head: string | undefined;
    try {
      [all, head] = await Promise.all([findComments(run.octokit, run.location), currentHead(run)]);
    } catch {
      continue;
    }
    all = all.filter((comment) => !removedIds.has(comment.id));
    keeper = all[0];
    if (!keeper) continue;
    // Ours is a candidate only while its head is the PR's.
    let best: { body: string; stamp: ReportStamp | undefined } | undefined = isStale(run, head) ? undefined : run.ours;
    for (const comment of all) {
      const stamp = readStamp(comment.body);
      if (!best || !mayReplace(best.stamp, stamp, head)) best = { body: comment.body, stamp };
    }
    if (best && normalize(keeper.body) !== normalize(best.body)) {
      try {
        await updateBody(run, keeper.id, best.body);
        keeper.body = best.body;
      } catch {
        // A later look tries again.
      }
    }
    wroteOurs = normalize(keeper.body) === normalize(run.ours.body);
    for (const duplicate of all.slice(1)) {
      if (run.signal?.aborted) break;
      try {
        await run.octokit.rest.issues.deleteComment({
          owner: run.location.owner,
          repo: run.location.repo,
          comment_id: duplicate.id,
          ...(run.signal ? { request: { signal: run.signal } } : {}),
        });
        removedIds.add(duplicate.id);
      } catch (error) {
        // A racing run deleted it first (404): gone all the same.
        if ((error as { status?: unknown }).status === 404) removedIds.add(duplicate.id);
      }
    }
  }
  return { ...(keeper ? { keeper } : {}), wroteOurs, removed: removedIds.size };
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

async function createBody(run: Run): Promise<FoundComment> {
  const { octokit, location } = run;
  try {
    const { data } = await withRateLimitRetry(run.signal, () =>
      octokit.rest.issues.createComment({
        owner: location.owner,
        repo: location.repo,
        issue_number: location.issueNumber,
        body: run.ours.body,
        ...(run.signal ? { request: { signal: run.signal } } : {}),
      }),
    );
    const created = { id: data.id, body: run.ours.body, url: data.html_url, login: data.user?.login ?? '' };
    // GitHub says who wrote it: the login the next look matches on.
    if (!location.authorLogin && created.login) location.authorLogin = created.login;
    return created;
  } catch (error) {
    throw describeFailure(error, `create the PR comment on ${run.where}`);
  }
}

async function updateBody(run: Run, id: number, body: string): Promise<void> {
  try {
    await withRateLimitRetry(run.signal, () =>
      run.octokit.rest.issues.updateComment({
        owner: run.location.owner,
        repo: run.location.repo,
        comment_id: id,
        body,
        ...(run.signal ? { request: { signal: run.signal } } : {}),
      }),
    );
  } catch (error) {
    throw describeFailure(error, `update the PR comment on ${run.where}`);
  }
}

/** Longest wait a rate limit may ask for; longer, and the write fails as it is (the deadline is shorter anyway). */
const MAX_RETRY_WAIT_MS = 60_000;
const RATE_LIMIT_TRIES = 3;

/**
 * GitHub's answer to too many writes: 429, or 403 with `x-ratelimit-remaining: 0` or a
 * "rate limit" message, with `Retry-After` seconds or an `x-ratelimit-reset` time. The write is
 * sent again after that wait; the step's deadline (the signal) ends the wait and the write.
 */
export async function withRateLimitRetry<T>(signal: AbortSignal | undefined, send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    signal?.throwIfAborted();
    try {
      return await send();
    } catch (error) {
      const wait = rateLimitWaitMs(error);
      if (wait === undefined || attempt >= RATE_LIMIT_TRIES) throw error;
      // A wait that ends past the step's deadline would only end in "did not finish": say why now.
      const left = stepTimeLeftMs();
      if (wait > MAX_RETRY_WAIT_MS || (left !== undefined && wait >= left)) {
        throw new RateLimitWaitError(error, wait, left);
      }
      await sleep(wait, signal);
    }
  }
}

/** GitHub rate-limited a write and asked for a wait longer than the step may take. */
class RateLimitWaitError extends Error {
  // No `status` of its own: a 403 rate limit must not read as a missing permission.
  constructor(cause: unknown, waitMs: number, leftMs: number | undefined) {
    const { status, message } = cause as { status?: unknown; message?: string };
    super(
      `GitHub rate-limited it (${typeof status === 'number' ? `HTTP ${status} ` : ''}${message ?? ''}) and asked to wait ${Math.ceil(waitMs / 1000)} s, ` +
        (leftMs !== undefined && waitMs >= leftMs
          ? `past the step's deadline (${Math.floor(leftMs / 1000)} s left): not retried; raise network-timeout, or run fewer perfgate jobs at once`
          : `longer than perfgate waits (${MAX_RETRY_WAIT_MS / 1000} s): not retried`),
    );
  }
}

function rateLimitWaitMs(error: unknown): number | undefined {
  const { status, response, message } = error as {
    status?: unknown;
    response?: { headers?: Record<string, string | undefined> };
    message?: string;
  };
  const headers = response?.headers ?? {};
  const limited =
    status === 429 ||
    (status === 403 && (headers['x-ratelimit-remaining'] === '0' || /rate limit/i.test(message ?? '')));
  if (!limited) return undefined;
  const retryAfter = Number(headers['retry-after']);
  if (Number.isFinite(retryAfter) && retryAfter >= 0) return retryAfter * 1000;
  const reset = Number(headers['x-ratelimit-reset']);
  if (Number.isFinite(reset)) return Math.max(0, reset * 1000 - Date.now());
  return 1000;
}

// GitHub may store the body with CRLF line ends; that alone is no change.
function normalize(text: string): string {
  return text.replace(/\r\n/g, '\n').trimEnd();
}

function describeFailure(error: unknown, what: string): Error {
  const status = (error as { status?: unknown }).status;
  const message = (error as Error).message ?? String(error);
  if (status === 403 && !/rate limit/i.test(message)) {
    return new CommentPermissionError(
      `GitHub refused to ${what} (403 ${message}): the token is read-only here, as it is for pull requests from forks; ` +
        `grant 'pull-requests: write' to the job, or post the comment from a workflow_run workflow`,
    );
  }
  return new Error(`could not ${what}: ${typeof status === 'number' ? `HTTP ${status} ` : ''}${message}`);
}
