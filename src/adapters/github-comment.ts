// The one PR comment per PR and config, updated in place (after
// marocchino/sticky-pull-request-comment): a hidden marker finds it, the author must be the
// token's own user so that a quoted marker in someone else's comment is never touched, and an
// unchanged body is not rewritten. `octokit` is always passed in, so tests point a real client at
// a loopback fake.
import { PerfgateError } from '../core/errors.js';
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
        if (c.user?.login === login && (c.body ?? '').includes(where.marker))
          found.push({ id: c.id, body: c.body ?? '', url: c.html_url, login });
      }
    }
    // Ids grow with creation time: the first is the oldest, the one every run keeps.
    return found.sort((a, b) => a.id - b.id);
  } catch (error) {
    throw describeFailure(error, `read the comments of ${where.owner}/${where.repo}#${where.issueNumber}`);
  }
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

const stampPattern = /<!-- perfgate-head: sha=([0-9A-Za-z]{1,64}) run=(\d{1,20}) -->/;

export function formatStamp(stamp: ReportStamp): string {
  return `<!-- perfgate-head: sha=${stamp.headSha} run=${stamp.runOrder} -->`;
}

export function readStamp(body: string): ReportStamp | undefined {
  const match = stampPattern.exec(body);
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
  /** What a findComment just before found (null: none), so the comments are not listed twice. */
  existing?: FoundComment | null;
  /** Which head and run this report is of; without it every report replaces the last. */
  stamp?: ReportStamp;
  /** The PR's head now; looked up (when a stamp is given) if not passed. */
  currentHeadSha?: string;
}

/**
 * Updates this config's comment in place, or creates it, so that runs racing on one PR converge
 * on one comment (the oldest) holding the freshest report: after a create it looks again, moves
 * the freshest report into the oldest comment and deletes the newer duplicates; a report of an
 * outdated head never replaces one of the current head. An unchanged body is not rewritten.
 */
export async function upsertComment(octokit: Octokit, input: UpsertInput): Promise<UpsertResult> {
  // Without its marker the comment could never be found again, and every run would add one.
  let body = input.body.includes(input.marker) ? input.body : `${input.body}\n\n${input.marker}`;
  if (input.stamp)
    body = `${body.replace(new RegExp(stampPattern.source, 'g'), '').trimEnd()}\n${formatStamp(input.stamp)}`;
  if (body.length > maxCommentChars) {
    throw new Error(
      `the PR comment has ${body.length} characters, more than GitHub's limit of ${maxCommentChars}: render it with a smaller maxChars`,
    );
  }
  const where = `${input.owner}/${input.repo}#${input.issueNumber}`;
  const location: CommentLocation = { ...input };
  const found =
    input.existing === undefined ? await findComments(octokit, location) : input.existing ? [input.existing] : [];
  const currentHead = input.currentHeadSha ?? (input.stamp ? await findPullHead(octokit, input) : undefined);
  const ours = { body, stamp: input.stamp };

  const keeper = found[0];
  if (!keeper) {
    let created: FoundComment;
    try {
      const { data } = await octokit.rest.issues.createComment({
        owner: input.owner,
        repo: input.repo,
        issue_number: input.issueNumber,
        body,
      });
      created = { id: data.id, body, url: data.html_url, login: data.user?.login ?? '' };
      // GitHub says who wrote it: the login the next look matches on.
      if (!location.authorLogin && created.login) location.authorLogin = created.login;
    } catch (error) {
      throw describeFailure(error, `create the PR comment on ${where}`);
    }
    // Another run of this PR may have created one at the same moment: look again.
    const settled = await converge(octokit, location, ours, currentHead);
    if (!settled || settled.keeper.id === created.id)
      return { action: 'created', id: created.id, url: created.url, removedDuplicates: settled?.removed ?? 0 };
    return {
      action: settled.wroteOurs ? 'updated' : 'skipped-stale',
      id: settled.keeper.id,
      url: settled.keeper.url,
      removedDuplicates: settled.removed,
    };
  }

  let action: UpsertResult['action'];
  if (!mayReplace(ours.stamp, readStamp(keeper.body), currentHead)) action = 'skipped-stale';
  else if (normalize(keeper.body) === normalize(body)) action = 'unchanged';
  else {
    await updateBody(octokit, input, keeper.id, body, where);
    action = 'updated';
  }
  let removed = 0;
  if (found.length > 1) removed = (await converge(octokit, location, ours, currentHead))?.removed ?? 0;
  else if (action === 'updated' && ours.stamp)
    await rewriteIfOverwritten(octokit, input, keeper.id, ours, currentHead, where);
  return { action, id: keeper.id, url: keeper.url, removedDuplicates: removed };
}

/**
 * Leaves one comment, the oldest, holding the freshest report among ours and those stored, and
 * deletes the others. Every racing run does the same with the same rule, so they agree. A failure
 * here is no failure of the upsert: the report is posted, at worst twice.
 */
async function converge(
  octokit: Octokit,
  location: CommentLocation,
  ours: { body: string; stamp: ReportStamp | undefined },
  currentHead: string | undefined,
): Promise<{ keeper: FoundComment; wroteOurs: boolean; removed: number } | undefined> {
  const where = `${location.owner}/${location.repo}#${location.issueNumber}`;
  let all: FoundComment[];
  try {
    all = await findComments(octokit, location);
  } catch {
    return undefined;
  }
  const keeper = all[0];
  if (!keeper) return undefined;
  let best = ours;
  for (const comment of all) {
    const stamp = readStamp(comment.body);
    if (!mayReplace(best.stamp, stamp, currentHead)) best = { body: comment.body, stamp };
  }
  let wroteOurs = normalize(keeper.body) === normalize(ours.body);
  if (normalize(keeper.body) !== normalize(best.body)) {
    try {
      await updateBody(octokit, location, keeper.id, best.body, where);
      keeper.body = best.body;
      wroteOurs = best === ours;
    } catch {
      return { keeper, wroteOurs: false, removed: 0 };
    }
  }
  let removed = 0;
  for (const duplicate of all.slice(1)) {
    try {
      await octokit.rest.issues.deleteComment({ owner: location.owner, repo: location.repo, comment_id: duplicate.id });
      removed += 1;
    } catch {
      // A racing run deleted it first (404), or the delete was refused: the oldest still holds the report.
    }
  }
  return { keeper, wroteOurs, removed };
}

/** A run that checked before our write and wrote after it may have put an older report over ours. */
async function rewriteIfOverwritten(
  octokit: Octokit,
  location: { owner: string; repo: string },
  id: number,
  ours: { body: string; stamp: ReportStamp | undefined },
  currentHead: string | undefined,
  where: string,
): Promise<void> {
  try {
    const { data } = await octokit.rest.issues.getComment({
      owner: location.owner,
      repo: location.repo,
      comment_id: id,
    });
    const stored = data.body ?? '';
    if (
      normalize(stored) !== normalize(ours.body) &&
      mayReplace(ours.stamp, readStamp(stored), currentHead) &&
      !sameStamp(ours.stamp, readStamp(stored))
    ) {
      await updateBody(octokit, location, id, ours.body, where);
    }
  } catch {
    // The report was written once; this second look is a courtesy.
  }
}

function sameStamp(a: ReportStamp | undefined, b: ReportStamp | undefined): boolean {
  return a !== undefined && b !== undefined && a.headSha === b.headSha && a.runOrder === b.runOrder;
}

async function updateBody(
  octokit: Octokit,
  location: { owner: string; repo: string },
  id: number,
  body: string,
  where: string,
): Promise<void> {
  try {
    await octokit.rest.issues.updateComment({ owner: location.owner, repo: location.repo, comment_id: id, body });
  } catch (error) {
    throw describeFailure(error, `update the PR comment on ${where}`);
  }
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
