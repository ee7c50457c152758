// A loopback fake of the slice of the GitHub REST API that the PR comment needs: list an issue's
// comments (per_page/page with a real `Link` header), create, update and delete one, a pull
// request's head (GET /pulls/N, set with `setPullHead`), an issue's labels, a user's permission
// on the repository, the merged PRs of a commit (GET /commits/SHA/pulls), commit comments, and who the token
// belongs to (GET /user and the GraphQL `viewer`). Tokens map to logins; the Actions token is
// `github-actions[bot]`, which, as on github.com, may not call GET /user. The `readOnly` knob
// answers every write with the 403 a fork PR's token gets.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveOnLoopback } from './http.js';

export const actionsToken = 'ghs_fakeActionsToken000000000000000000';
export const actionsLogin = 'github-actions[bot]';
export const userToken = 'ghp_fakeUserToken00000000000000000000000';
export const userLogin = 'octocat';

export interface FakeComment {
  id: number;
  owner: string;
  repo: string;
  issueNumber: number;
  body: string;
  login: string;
  createdAt: string;
  updatedAt: string;
}

export interface RecordedGitHubRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  /** The login the token maps to, or undefined without a (known) token. */
  login: string | undefined;
  body: unknown;
}

export interface GitHubApiFake {
  /** Give this to getOctokit(token, { baseUrl }). */
  readonly url: string;
  /** Knob: every write answers 403 "Resource not accessible by integration". */
  readOnly: boolean;
  /** Knob: false makes POST /graphql answer 404, as a GitHub Enterprise proxy without GraphQL might. */
  graphql: boolean;
  /** Knob: requests it matches ("POST /repos/…") are read, recorded and never answered (a hung API). */
  hang: RegExp | undefined;
  /**
   * Knob: hold this many comment-list requests until they have all arrived, then answer them
   * together, so that racing runs both see the comments as they were before either wrote.
   */
  listBarrier: number;
  /**
   * Knob: comment creates and updates are held this long (ms) before they are applied and
   * answered, so that racing runs' writes overlap and the earliest sent can land last. A function
   * gets the write's body, so that a test can slow one run's writes more than another's.
   */
  writeDelayMs: number | ((method: string, body: string) => number);
  /** Knob: the comment list shows a comment only this long (ms) after it was created, as github.com's may. */
  listLagMs: number;
  /** Knob: the next this many comment writes answer `throttle.status` with `Retry-After: throttle.retryAfterS`. */
  throttle: { count: number; status: 403 | 429; retryAfterS: number };
  readonly requests: RecordedGitHubRequest[];
  readonly comments: FakeComment[];
  /** Comments on commits (POST /repos/o/r/commits/SHA/comments), oldest first. */
  readonly commitComments: { id: number; owner: string; repo: string; sha: string; body: string; login: string }[];
  /** The labels GET /repos/o/r/issues/N/labels answers with (a label added or removed in place). */
  setLabels(owner: string, repo: string, number: number, labels: string[]): void;
  /** GET /repos/o/r/collaborators/LOGIN/permission: admin, write, read or none (unset: 404, no collaborator). */
  setPermission(login: string, permission: 'admin' | 'write' | 'read' | 'none'): void;
  /** GET /repos/o/r/commits/SHA/pulls: the merged PR that brought `sha` in. */
  setMergedPull(owner: string, repo: string, sha: string, number: number): void;
  /** Makes GET /repos/o/r/pulls/N answer with this head commit. */
  setPullHead(owner: string, repo: string, number: number, sha: string): void;
  /** Presets a comment, as if `login` had written it. */
  addComment(input: { owner: string; repo: string; issueNumber: number; body: string; login: string }): FakeComment;
  commentsOn(owner: string, repo: string, issueNumber: number): FakeComment[];
  close(): Promise<void>;
}

export interface GitHubApiFakeOptions {
  /** Token → login; defaults to the Actions token and one user token. */
  tokens?: Record<string, string>;
  readOnly?: boolean;
}

const maxBodyChars = 65_536;

export async function startGitHubApiFake(options: GitHubApiFakeOptions = {}): Promise<GitHubApiFake> {
  const tokens = options.tokens ?? { [actionsToken]: actionsLogin, [userToken]: userLogin };
  const comments: FakeComment[] = [];
  const requests: RecordedGitHubRequest[] = [];
  const commitComments: GitHubApiFake['commitComments'] = [];
  const pullHeads = new Map<string, string>();
  const labels = new Map<string, string[]>();
  const permissions = new Map<string, string>();
  const mergedPulls = new Map<string, number[]>();
  let heldLists: (() => void)[] = [];
  const createdReal = new Map<number, number>();
  let nextId = 1_000_001;
  let tick = 0;
  let url = '';

  // Deterministic, strictly increasing timestamps: one second per write.
  const stamp = () => new Date(Date.UTC(2026, 0, 1) + tick++ * 1000).toISOString().replace('.000Z', 'Z');

  const fake: GitHubApiFake = {
    get url() {
      return url;
    },
    readOnly: options.readOnly ?? false,
    graphql: true,
    hang: undefined,
    listBarrier: 0,
    writeDelayMs: 0,
    listLagMs: 0,
    throttle: { count: 0, status: 429, retryAfterS: 1 },
    requests,
    comments,
    commitComments,
    setPullHead: (owner, repo, number, sha) => void pullHeads.set(`${owner}/${repo}#${number}`, sha),
    setLabels: (owner, repo, number, names) => void labels.set(`${owner}/${repo}#${number}`, [...names]),
    setPermission: (login, permission) => void permissions.set(login, permission),
    setMergedPull: (owner, repo, sha, number) =>
      void mergedPulls.set(`${owner}/${repo}@${sha}`, [...(mergedPulls.get(`${owner}/${repo}@${sha}`) ?? []), number]),
    addComment(input) {
      const at = stamp();
      const comment: FakeComment = { id: nextId++, ...input, createdAt: at, updatedAt: at };
      comments.push(comment);
      createdReal.set(comment.id, performance.now());
      return comment;
    },
    commentsOn: (owner, repo, issueNumber) =>
      comments.filter((c) => c.owner === owner && c.repo === repo && c.issueNumber === issueNumber),
    close: () => loopback.close(),
  };

  const toRest = (c: FakeComment) => ({
    id: c.id,
    node_id: `IC_${c.id}`,
    url: `${url}/repos/${c.owner}/${c.repo}/issues/comments/${c.id}`,
    html_url: `https://github.com/${c.owner}/${c.repo}/pull/${c.issueNumber}#issuecomment-${c.id}`,
    issue_url: `${url}/repos/${c.owner}/${c.repo}/issues/${c.issueNumber}`,
    body: c.body,
    user: { login: c.login, id: loginId(c.login), type: c.login.endsWith('[bot]') ? 'Bot' : 'User' },
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    author_association: c.login.endsWith('[bot]') ? 'NONE' : 'MEMBER',
  });

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string, delayed = false): void => {
    const target = new URL(req.url ?? '/', url);
    const method = req.method ?? 'GET';
    const isCommentWrite =
      (method === 'POST' && /\/issues\/\d+\/comments$/.test(target.pathname)) ||
      (method === 'PATCH' && /\/issues\/comments\/\d+$/.test(target.pathname));
    if (isCommentWrite && !delayed) {
      if (fake.throttle.count > 0) {
        fake.throttle.count -= 1;
        const limited: Record<string, string> = fake.throttle.status === 403 ? { 'x-ratelimit-remaining': '0' } : {};
        return sendJson(
          res,
          fake.throttle.status,
          { message: fake.throttle.status === 403 ? 'API rate limit exceeded' : 'secondary rate limit' },
          { 'retry-after': String(fake.throttle.retryAfterS), ...limited },
        );
      }
      const wait = typeof fake.writeDelayMs === 'function' ? fake.writeDelayMs(method, raw) : fake.writeDelayMs;
      if (wait > 0) {
        setTimeout(() => handle(req, res, raw, true), wait);
        return;
      }
    }
    const auth = /^(?:token|bearer) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const login = auth === undefined ? undefined : tokens[auth];
    let body: unknown = undefined;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return sendJson(res, 400, { message: 'Problems parsing JSON' });
      }
    }
    requests.push({ method, path: target.pathname, query: Object.fromEntries(target.searchParams), login, body });
    // Left open until the client gives up or the fake closes (close() ends every connection).
    if (fake.hang?.test(`${method} ${target.pathname}`)) return;
    if (auth !== undefined && login === undefined)
      return sendJson(res, 401, { message: 'Bad credentials', status: '401' });

    if (method === 'GET' && target.pathname === '/user') {
      if (!login) return sendJson(res, 401, { message: 'Requires authentication', status: '401' });
      // An installation token (the Actions token) has no user: github.com refuses it the same way.
      if (login.endsWith('[bot]')) return sendJson(res, 403, notAccessible('users#get-the-authenticated-user'));
      return sendJson(res, 200, { login, id: loginId(login), type: 'User' });
    }
    if (method === 'POST' && target.pathname === '/graphql') {
      if (!fake.graphql) return sendJson(res, 404, { message: 'Not Found' });
      if (!login) return sendJson(res, 401, { message: 'This endpoint requires you to be authenticated.' });
      const query = (body as { query?: unknown } | undefined)?.query;
      if (typeof query !== 'string' || !/\bviewer\s*\{\s*login\s*\}/.test(query)) {
        return sendJson(res, 200, { errors: [{ message: 'the fake answers only `viewer { login }`' }] });
      }
      return sendJson(res, 200, { data: { viewer: { login } } });
    }

    const list = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(target.pathname);
    if (list) {
      const [owner, repo, issueNumber] = [list[1] ?? '', list[2] ?? '', Number(list[3])];
      if (method === 'GET' && fake.listBarrier > 1) {
        // Answer when the last of the barrier's lists arrives, from the comments as they are then.
        heldLists.push(() => handle(req, res, raw));
        requests.pop();
        if (heldLists.length < fake.listBarrier) return;
        const held = heldLists;
        heldLists = [];
        fake.listBarrier = 0;
        for (const answer of held) answer();
        return;
      }
      if (method === 'GET') {
        const perPage = Math.min(100, Math.max(1, Number(target.searchParams.get('per_page') ?? 30) || 30));
        const page = Math.max(1, Number(target.searchParams.get('page') ?? 1) || 1);
        const now = performance.now();
        const all = fake
          .commentsOn(owner, repo, issueNumber)
          .filter((c) => now - (createdReal.get(c.id) ?? 0) >= fake.listLagMs);
        const lastPage = Math.max(1, Math.ceil(all.length / perPage));
        const pageUrl = (n: number) => {
          const next = new URL(target.pathname, url);
          next.searchParams.set('per_page', String(perPage));
          next.searchParams.set('page', String(n));
          return next.href;
        };
        const links: string[] = [];
        if (page < lastPage) links.push(`<${pageUrl(page + 1)}>; rel="next"`, `<${pageUrl(lastPage)}>; rel="last"`);
        if (page > 1) links.push(`<${pageUrl(page - 1)}>; rel="prev"`, `<${pageUrl(1)}>; rel="first"`);
        const slice = all.slice((page - 1) * perPage, page * perPage).map(toRest);
        return sendJson(res, 200, slice, links.length ? { link: links.join(', ') } : {});
      }
      if (method === 'POST') {
        const denied = checkWrite(login, 'issues/comments#create-an-issue-comment');
        if (denied) return sendJson(res, denied.status, denied.body);
        const text = (body as { body?: unknown } | undefined)?.body;
        const invalid = checkBody(text);
        if (invalid) return sendJson(res, 422, invalid);
        const comment = fake.addComment({ owner, repo, issueNumber, body: text as string, login: login as string });
        return sendJson(res, 201, toRest(comment));
      }
      return sendJson(res, 404, { message: 'Not Found' });
    }

    const one = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(target.pathname);
    if (one) {
      const comment = comments.find((c) => c.owner === one[1] && c.repo === one[2] && c.id === Number(one[3]));
      if (!comment) return sendJson(res, 404, { message: 'Not Found' });
      if (method === 'GET') return sendJson(res, 200, toRest(comment));
      if (method === 'PATCH') {
        const denied = checkWrite(login, 'issues/comments#update-an-issue-comment');
        if (denied) return sendJson(res, denied.status, denied.body);
        // An integration may edit only what it wrote.
        if (comment.login !== login)
          return sendJson(res, 403, notAccessible('issues/comments#update-an-issue-comment'));
        const text = (body as { body?: unknown } | undefined)?.body;
        const invalid = checkBody(text);
        if (invalid) return sendJson(res, 422, invalid);
        comment.body = text as string;
        comment.updatedAt = stamp();
        return sendJson(res, 200, toRest(comment));
      }
      if (method === 'DELETE') {
        const denied = checkWrite(login, 'issues/comments#delete-an-issue-comment');
        if (denied) return sendJson(res, denied.status, denied.body);
        if (comment.login !== login)
          return sendJson(res, 403, notAccessible('issues/comments#delete-an-issue-comment'));
        comments.splice(comments.indexOf(comment), 1);
        res.writeHead(204).end();
        return;
      }
    }

    const labelList = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/labels$/.exec(target.pathname);
    if (labelList && method === 'GET') {
      const names = labels.get(`${labelList[1]}/${labelList[2]}#${labelList[3]}`) ?? [];
      return sendJson(
        res,
        200,
        names.map((name, index) => ({ id: index + 1, name, color: 'ededed', default: false })),
      );
    }

    const permission = /^\/repos\/([^/]+)\/([^/]+)\/collaborators\/([^/]+)\/permission$/.exec(target.pathname);
    if (permission && method === 'GET') {
      if (!login) return sendJson(res, 401, { message: 'Requires authentication', status: '401' });
      const user = decodeURIComponent(permission[3] ?? '');
      const level = permissions.get(user);
      if (level === undefined) return sendJson(res, 404, { message: `${user} is not a user`, status: '404' });
      // maintain reads as write and triage as read in `permission`; role_name keeps the exact role.
      return sendJson(res, 200, { permission: level, role_name: level, user: { login: user, id: loginId(user) } });
    }

    const commitPulls = /^\/repos\/([^/]+)\/([^/]+)\/commits\/([0-9A-Za-z]+)\/pulls$/.exec(target.pathname);
    if (commitPulls && method === 'GET') {
      const numbers = mergedPulls.get(`${commitPulls[1]}/${commitPulls[2]}@${commitPulls[3]}`) ?? [];
      return sendJson(
        res,
        200,
        numbers.map((number) => ({
          number,
          state: 'closed',
          merged_at: '2026-01-01T00:00:00Z',
          labels: (labels.get(`${commitPulls[1]}/${commitPulls[2]}#${number}`) ?? []).map((name) => ({ name })),
        })),
      );
    }

    const pull = /^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)$/.exec(target.pathname);
    if (pull && method === 'GET') {
      const sha = pullHeads.get(`${pull[1]}/${pull[2]}#${pull[3]}`);
      if (!sha) return sendJson(res, 404, { message: 'Not Found' });
      return sendJson(res, 200, {
        number: Number(pull[3]),
        state: 'open',
        head: { sha, repo: { full_name: `${pull[1]}/${pull[2]}` } },
      });
    }

    const commit = /^\/repos\/([^/]+)\/([^/]+)\/commits\/([0-9A-Za-z]+)\/comments$/.exec(target.pathname);
    if (commit && method === 'POST') {
      const denied = checkWrite(login, 'commits/comments#create-a-commit-comment');
      if (denied) return sendJson(res, denied.status, denied.body);
      const text = (body as { body?: unknown } | undefined)?.body;
      const invalid = checkBody(text);
      if (invalid) return sendJson(res, 422, invalid);
      const [owner, repo, sha] = [commit[1] ?? '', commit[2] ?? '', commit[3] ?? ''];
      const created = { id: nextId++, owner, repo, sha, body: text as string, login: login as string };
      commitComments.push(created);
      return sendJson(res, 201, {
        id: created.id,
        html_url: `https://github.com/${owner}/${repo}/commit/${sha}#commitcomment-${created.id}`,
        body: created.body,
        commit_id: sha,
        user: { login },
      });
    }
    return sendJson(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
  };

  const checkWrite = (login: string | undefined, doc: string): { status: number; body: unknown } | undefined => {
    if (!login) return { status: 401, body: { message: 'Requires authentication', status: '401' } };
    if (fake.readOnly) return { status: 403, body: notAccessible(doc) };
    return undefined;
  };

  const loopback = await serveOnLoopback((req, res, body) => handle(req, res, body.toString('utf8')));
  url = loopback.url;
  return fake;
}

function notAccessible(doc: string) {
  return {
    message: 'Resource not accessible by integration',
    documentation_url: `https://docs.github.com/rest/${doc}`,
    status: '403',
  };
}

function checkBody(text: unknown) {
  if (typeof text !== 'string' || text.length === 0) {
    return {
      message: 'Validation Failed',
      errors: [{ resource: 'IssueComment', code: 'missing_field', field: 'body' }],
      status: '422',
    };
  }
  if (text.length > maxBodyChars) {
    return {
      message: 'Validation Failed',
      errors: [
        {
          resource: 'IssueComment',
          code: 'custom',
          field: 'body',
          message: `body is too long (maximum is ${maxBodyChars} characters)`,
        },
      ],
      status: '422',
    };
  }
  return undefined;
}

function loginId(login: string): number {
  let hash = 7;
  for (const ch of login) hash = (hash * 31 + ch.charCodeAt(0)) % 1_000_000;
  return 100_000 + hash;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}
