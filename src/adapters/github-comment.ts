// The one PR comment per PR and config, updated in place (after
// marocchino/sticky-pull-request-comment): a hidden marker finds it, the author must be the
// token's own user so that a quoted marker in someone else's comment is never touched, and an
// unchanged body is not rewritten. `octokit` is always passed in, so tests point a real client at
// a loopback fake.
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
  action: 'created' | 'updated' | 'unchanged';
  id: number;
  url: string;
}

/** GitHub refuses issue comments longer than this many characters. */
export const maxCommentChars = 65_536;

/** GitHub answered 403: the token may not read or write comments here (a fork PR's token, or missing `pull-requests: write`). */
export class CommentPermissionError extends Error {
  override name = 'CommentPermissionError';
  readonly status = 403;
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

/** The oldest comment on the issue that holds `marker` and was written by the token's user. */
export async function findComment(octokit: Octokit, where: CommentLocation): Promise<FoundComment | undefined> {
  const login = where.authorLogin ?? (await findTokenLogin(octokit));
  try {
    const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
      owner: where.owner,
      repo: where.repo,
      issue_number: where.issueNumber,
      per_page: 100,
    });
    for await (const { data } of pages) {
      const match = data.find((c) => c.user?.login === login && (c.body ?? '').includes(where.marker));
      if (match) return { id: match.id, body: match.body ?? '', url: match.html_url, login };
    }
    return undefined;
  } catch (error) {
    throw describeFailure(error, `read the comments of ${where.owner}/${where.repo}#${where.issueNumber}`);
  }
}

/** Updates this config's comment in place, or creates it; skips the write when nothing changed. */
export async function upsertComment(
  octokit: Octokit,
  input: CommentLocation & {
    body: string;
    /** What a findComment just before found (null: none), so the comments are not listed twice. */
    existing?: FoundComment | null;
  },
): Promise<UpsertResult> {
  // Without its marker the comment could never be found again, and every run would add one.
  const body = input.body.includes(input.marker) ? input.body : `${input.body}\n\n${input.marker}`;
  if (body.length > maxCommentChars) {
    throw new Error(
      `the PR comment has ${body.length} characters, more than GitHub's limit of ${maxCommentChars}: render it with a smaller maxChars`,
    );
  }
  const where = `${input.owner}/${input.repo}#${input.issueNumber}`;
  const existing = input.existing === undefined ? await findComment(octokit, input) : (input.existing ?? undefined);
  if (existing && normalize(existing.body) === normalize(body)) {
    return { action: 'unchanged', id: existing.id, url: existing.url };
  }
  try {
    if (existing) {
      const { data } = await octokit.rest.issues.updateComment({ owner: input.owner, repo: input.repo, comment_id: existing.id, body });
      return { action: 'updated', id: data.id, url: data.html_url };
    }
    const { data } = await octokit.rest.issues.createComment({ owner: input.owner, repo: input.repo, issue_number: input.issueNumber, body });
    return { action: 'created', id: data.id, url: data.html_url };
  } catch (error) {
    throw describeFailure(error, `${existing ? 'update' : 'create'} the PR comment on ${where}`);
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
