// A loopback fake of the GitHub Actions cache service v2, as the real @actions/cache client speaks
// it: Twirp JSON POSTs to /twirp/github.actions.results.api.v1.CacheService/<Method> with the
// runtime token as a bearer, then the archive PUT to (and GET from) the signed blob URL the
// service hands out. The client uploads with the Azure Blob SDK, which sends one `Put Blob` for
// small archives and `Put Block` + `Put Block List` for large ones; both are handled.
// Point the client at it with `fake.env()` (ACTIONS_RESULTS_URL, ACTIONS_RUNTIME_TOKEN,
// ACTIONS_CACHE_SERVICE_V2).
// The same results service also answers the artifact client (@actions/artifact), which shares
// ACTIONS_RESULTS_URL: ArtifactService CreateArtifact / FinalizeArtifact, with the zip uploaded in
// blocks to a signed blob URL. The runtime token is a JWT, as the artifact client reads the run's
// backend ids from its `scp` claim.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveOnLoopback } from './http.js';
import { randomBytes } from 'node:crypto';

const servicePath = '/twirp/github.actions.results.api.v1.CacheService/';
// The Azure SDK reads an IP host as path-style: /<account>/<container>/<blob>.
const blobPathPrefix = '/devstoreaccount1/actions-cache/';
const artifactServicePath = '/twirp/github.actions.results.api.v1.ArtifactService/';
const artifactBlobPrefix = '/devstoreaccount1/actions-results/';

export interface FakeArtifact {
  id: number;
  name: string;
  workflowRunBackendId: string;
  workflowJobRunBackendId: string;
  finalized: boolean;
  /** The uploaded zip. */
  zip?: Buffer;
  sizeBytes?: number;
  hash?: string;
  sig: string;
  blocks: Map<string, Buffer>;
}

/** The backend ids the fake's default runtime token carries. */
export const fakeRunBackendId = 'c0ffee00-0000-4000-8000-000000000001';
export const fakeJobBackendId = 'c0ffee00-0000-4000-8000-000000000002';

/** An unsigned JWT in the runner's shape: the artifact client only decodes it. */
function fakeRuntimeJwt(runBackendId = fakeRunBackendId, jobBackendId = fakeJobBackendId): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    scp: `Actions.GenericRead:0 Actions.Results:${runBackendId}:${jobBackendId}`,
    nonce: randomBytes(4).toString('hex'),
  };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.fakesig`;
}

function backendIdsOf(jwt: string): { run: string; job: string } | undefined {
  try {
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { scp?: string };
    const scope = (claims.scp ?? '')
      .split(' ')
      .find((s) => s.startsWith('Actions.Results:'))
      ?.split(':');
    return scope?.length === 3 ? { run: scope[1] ?? '', job: scope[2] ?? '' } : undefined;
  } catch {
    return undefined;
  }
}

export interface FakeCacheEntry {
  id: number;
  key: string;
  version: string;
  /** Order of creation: the newest entry has the highest. */
  seq: number;
  finalized: boolean;
  sizeBytes?: number;
  blob?: Buffer;
  /** The `sig` of its signed URLs; a blob request without it is refused as Azure would. */
  sig: string;
  blocks: Map<string, Buffer>;
}

export type CacheTwirpMethod = 'CreateCacheEntry' | 'FinalizeCacheEntryUpload' | 'GetCacheEntryDownloadURL';

export type RecordedCacheRequest =
  | { kind: 'twirp'; method: string; authorization: string | undefined; body: Record<string, unknown> }
  | {
      kind: 'blob';
      method: string;
      path: string;
      query: Record<string, string>;
      headers: Record<string, string | string[] | undefined>;
      bytes: number;
    };

export interface CacheServiceFake {
  /** The ACTIONS_RESULTS_URL to give the client (with a trailing slash, as the runner sets it). */
  readonly url: string;
  /** The runtime token it accepts. */
  readonly token: string;
  /** Knob: CreateCacheEntry answers `cache write denied:` as for a run with a read-only cache token. */
  readOnly: boolean;
  /** Knob: GetCacheEntryDownloadURL answers 403 `cache read denied:`. */
  readDenied: boolean;
  /** Knob: requests of these kinds are read, recorded and never answered (a hung service). */
  hang: Set<'download' | 'upload' | CacheTwirpMethod | 'CreateArtifact' | 'artifact-upload'>;
  /** Knob: CreateCacheEntry answers this HTTP status (500, 429) with a Twirp error. */
  createStatus: number | undefined;
  readonly requests: RecordedCacheRequest[];
  readonly entries: FakeCacheEntry[];
  /** Artifacts uploaded with @actions/artifact, oldest first. */
  readonly artifacts: FakeArtifact[];
  /**
   * The environment the @actions/cache and @actions/artifact clients read to find and authenticate
   * to this service; with a run id, a token of that workflow run (artifact names are unique per run).
   */
  env(run?: string): Record<string, string>;
  /** Presets a finalized entry, newer than all others (the way to stage a conflict or a restore). */
  addEntry(key: string, version: string, data: Buffer): FakeCacheEntry;
  close(): Promise<void>;
}

export interface CacheServiceFakeOptions {
  token?: string;
  readOnly?: boolean;
}

export async function startCacheServiceFake(options: CacheServiceFakeOptions = {}): Promise<CacheServiceFake> {
  const token = options.token ?? fakeRuntimeJwt();
  const entries: FakeCacheEntry[] = [];
  const artifacts: FakeArtifact[] = [];
  // Every token this fake minted, each of one workflow run and job.
  const tokens = new Set([token]);
  const requests: RecordedCacheRequest[] = [];
  let nextId = 1;
  let url = '';

  const newEntry = (key: string, version: string): FakeCacheEntry => {
    const id = nextId++;
    const entry: FakeCacheEntry = {
      id,
      key,
      version,
      seq: id,
      finalized: false,
      sig: randomBytes(12).toString('base64url'),
      blocks: new Map(),
    };
    entries.push(entry);
    return entry;
  };
  const signedUrl = (entry: FakeCacheEntry, permissions: string): string =>
    `${url.replace(/\/$/, '')}${blobPathPrefix}${entry.id}?sv=2024-08-04&sp=${permissions}&sr=b&sig=${encodeURIComponent(entry.sig)}`;

  const fake: CacheServiceFake = {
    get url() {
      return url;
    },
    token,
    readOnly: options.readOnly ?? false,
    readDenied: false,
    hang: new Set(),
    createStatus: undefined,
    requests,
    entries,
    artifacts,
    env: (run) => {
      let runToken = token;
      if (run !== undefined) {
        runToken = fakeRuntimeJwt(`c0ffee00-0000-4000-8000-${run.replace(/\D/g, '').padStart(12, '0').slice(-12)}`);
        tokens.add(runToken);
      }
      return { ACTIONS_RESULTS_URL: url, ACTIONS_RUNTIME_TOKEN: runToken, ACTIONS_CACHE_SERVICE_V2: 'true' };
    },
    addEntry(key, version, data) {
      const entry = newEntry(key, version);
      entry.blob = data;
      entry.sizeBytes = data.length;
      entry.finalized = true;
      return entry;
    },
    close: () => loopback.close(),
  };

  const twirp = (method: string, body: Record<string, unknown>, res: ServerResponse): void => {
    const key = typeof body.key === 'string' ? body.key : '';
    const version = typeof body.version === 'string' ? body.version : '';
    if (!key || !version) return sendTwirpError(res, 400, 'invalid_argument', 'key and version are required');

    if (fake.hang.has(method as CacheTwirpMethod)) return;
    if (method === 'CreateCacheEntry') {
      if (fake.createStatus !== undefined) {
        return sendTwirpError(
          res,
          fake.createStatus,
          fake.createStatus === 429 ? 'resource_exhausted' : 'internal',
          `the fake answers ${fake.createStatus}`,
        );
      }
      // The service signals a downgraded token in the response message, with this stable prefix
      // (see CACHE_WRITE_DENIED_PREFIX in @actions/cache).
      if (fake.readOnly)
        return sendJson(res, 200, {
          ok: false,
          message: 'cache write denied: the token of this run has read-only cache scopes',
        });
      if (entries.some((e) => e.key === key && e.version === version)) {
        return sendTwirpError(
          res,
          409,
          'already_exists',
          'cache entry with the same key, version, and scope already exists',
        );
      }
      return sendJson(res, 200, { ok: true, signed_upload_url: signedUrl(newEntry(key, version), 'cw') });
    }
    if (method === 'FinalizeCacheEntryUpload') {
      const entry = entries.find((e) => e.key === key && e.version === version && !e.finalized);
      if (!entry)
        return sendTwirpError(res, 404, 'not_found', 'no cache entry is waiting for upload with this key and version');
      if (!entry.blob) return sendJson(res, 200, { ok: false, message: 'the archive was never uploaded' });
      const declared = Number(body.size_bytes);
      if (declared !== entry.blob.length) {
        return sendJson(res, 200, {
          ok: false,
          message: `declared size ${declared} B but ${entry.blob.length} B were uploaded`,
        });
      }
      entry.finalized = true;
      entry.sizeBytes = declared;
      return sendJson(res, 200, { ok: true, entry_id: String(entry.id) });
    }
    if (method === 'GetCacheEntryDownloadURL') {
      if (fake.readDenied)
        return sendTwirpError(
          res,
          403,
          'permission_denied',
          'cache read denied: the token of this run has no readable cache scopes',
        );
      const restoreKeys = Array.isArray(body.restore_keys)
        ? body.restore_keys.filter((k): k is string => typeof k === 'string')
        : [];
      const matched = findEntry(entries, [key, ...restoreKeys], version);
      if (!matched) return sendJson(res, 200, { ok: false });
      return sendJson(res, 200, { ok: true, signed_download_url: signedUrl(matched, 'r'), matched_key: matched.key });
    }
    return sendTwirpError(res, 404, 'bad_route', `no handler for ${method}`);
  };

  const blob = (req: IncomingMessage, target: URL, data: Buffer, res: ServerResponse): void => {
    const id = Number(target.pathname.slice(blobPathPrefix.length));
    const entry = entries.find((e) => e.id === id);
    if (!entry) return sendAzureError(res, 404, 'BlobNotFound');
    if (target.searchParams.get('sig') !== entry.sig) return sendAzureError(res, 403, 'AuthenticationFailed');

    if (fake.hang.has(req.method === 'PUT' ? 'upload' : 'download')) return;
    if (req.method === 'GET' || req.method === 'HEAD') {
      if (!entry.finalized || !entry.blob) return sendAzureError(res, 404, 'BlobNotFound');
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': entry.blob.length,
        'x-ms-blob-type': 'BlockBlob',
      });
      res.end(req.method === 'GET' ? entry.blob : undefined);
      return;
    }
    if (req.method !== 'PUT') return sendAzureError(res, 405, 'UnsupportedHttpVerb');
    if (entry.finalized) return sendAzureError(res, 409, 'BlobImmutableDueToPolicy');
    const put = putBlockBlob(req, target, data, entry.blocks, res, true);
    if (put === undefined) return;
    if (put !== 'staged') entry.blob = put;
    res.writeHead(201, {
      etag: `"0x${entry.id.toString(16)}${Date.now().toString(16)}"`,
      'last-modified': new Date().toUTCString(),
      'x-ms-request-id': randomBytes(8).toString('hex'),
      'x-ms-version': '2024-08-04',
      'x-ms-request-server-encrypted': 'true',
      'content-length': 0,
    });
    res.end();
  };

  const artifactTwirp = (method: string, body: Record<string, unknown>, res: ServerResponse, bearer: string): void => {
    const field = (snake: string, camel: string): string => {
      const value = body[snake] ?? body[camel];
      return typeof value === 'string' ? value : '';
    };
    const name = field('name', 'name');
    const runId = field('workflow_run_backend_id', 'workflowRunBackendId');
    const jobId = field('workflow_job_run_backend_id', 'workflowJobRunBackendId');
    if (!name || !runId || !jobId)
      return sendTwirpError(res, 400, 'invalid_argument', 'name and backend ids are required');
    const ids = backendIdsOf(bearer);
    if (runId !== ids?.run || jobId !== ids.job)
      return sendTwirpError(res, 403, 'permission_denied', 'backend ids do not match the token');
    if (fake.hang.has(method as 'CreateArtifact')) return;
    if (method === 'CreateArtifact') {
      // Names are unique within a workflow run, as on github.com.
      if (artifacts.some((a) => a.name === name && a.workflowRunBackendId === runId && a.finalized)) {
        return sendTwirpError(
          res,
          409,
          'already_exists',
          'an artifact with this name already exists on the workflow run',
        );
      }
      const artifact: FakeArtifact = {
        id: nextId++,
        name,
        workflowRunBackendId: runId,
        workflowJobRunBackendId: jobId,
        finalized: false,
        sig: randomBytes(12).toString('base64url'),
        blocks: new Map(),
      };
      artifacts.push(artifact);
      const signed = `${url.replace(/\/$/, '')}${artifactBlobPrefix}${artifact.id}?sv=2024-08-04&sp=cw&sr=b&sig=${encodeURIComponent(artifact.sig)}`;
      return sendJson(res, 200, { ok: true, signed_upload_url: signed });
    }
    if (method === 'FinalizeArtifact') {
      const artifact = artifacts
        .filter((a) => a.name === name && a.workflowRunBackendId === runId && !a.finalized)
        .at(-1);
      if (!artifact) return sendTwirpError(res, 404, 'not_found', 'no artifact is waiting for upload with this name');
      if (!artifact.zip) return sendJson(res, 200, { ok: false });
      const declared = Number(field('size', 'size') || body.size);
      if (declared !== artifact.zip.length) return sendJson(res, 200, { ok: false });
      const hash = body.hash as { value?: string } | string | undefined;
      artifact.hash = typeof hash === 'string' ? hash : hash?.value;
      artifact.finalized = true;
      artifact.sizeBytes = declared;
      return sendJson(res, 200, { ok: true, artifact_id: String(artifact.id) });
    }
    return sendTwirpError(res, 404, 'bad_route', `no handler for ${method}`);
  };

  const artifactBlob = (req: IncomingMessage, target: URL, data: Buffer, res: ServerResponse): void => {
    const artifact = artifacts.find((a) => a.id === Number(target.pathname.slice(artifactBlobPrefix.length)));
    if (!artifact) return sendAzureError(res, 404, 'BlobNotFound');
    if (target.searchParams.get('sig') !== artifact.sig) return sendAzureError(res, 403, 'AuthenticationFailed');
    if (req.method !== 'PUT') return sendAzureError(res, 405, 'UnsupportedHttpVerb');
    if (fake.hang.has('artifact-upload')) return;
    if (artifact.finalized) return sendAzureError(res, 409, 'BlobImmutableDueToPolicy');
    const put = putBlockBlob(req, target, data, artifact.blocks, res, false);
    if (put === undefined) return;
    if (put !== 'staged') artifact.zip = put;
    res.writeHead(201, {
      etag: `"0x${artifact.id.toString(16)}"`,
      'last-modified': new Date().toUTCString(),
      'x-ms-version': '2024-08-04',
      'content-length': 0,
    });
    res.end();
  };

  const loopback = await serveOnLoopback((req, res, data) => {
    const target = new URL(req.url ?? '/', 'http://fake');
    if (target.pathname.startsWith(artifactServicePath)) {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(data.toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        return sendTwirpError(res, 400, 'malformed', 'the body is not JSON');
      }
      const method = target.pathname.slice(artifactServicePath.length);
      requests.push({ kind: 'twirp', method, authorization: req.headers.authorization, body });
      if (req.method !== 'POST') return sendTwirpError(res, 404, 'bad_route', 'twirp takes POST');
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!tokens.has(bearer)) return sendTwirpError(res, 401, 'unauthenticated', 'invalid runtime token');
      return artifactTwirp(method, body, res, bearer);
    }
    if (target.pathname.startsWith(artifactBlobPrefix)) {
      requests.push({
        kind: 'blob',
        method: req.method ?? '',
        path: target.pathname,
        query: Object.fromEntries(target.searchParams),
        headers: req.headers,
        bytes: data.length,
      });
      return artifactBlob(req, target, data, res);
    }
    if (target.pathname.startsWith(servicePath)) {
      const method = target.pathname.slice(servicePath.length);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(data.toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        return sendTwirpError(res, 400, 'malformed', 'the body is not JSON');
      }
      requests.push({ kind: 'twirp', method, authorization: req.headers.authorization, body });
      if (req.method !== 'POST') return sendTwirpError(res, 404, 'bad_route', 'twirp takes POST');
      if (!tokens.has(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''))
        return sendTwirpError(res, 401, 'unauthenticated', 'invalid runtime token');
      return twirp(method, body, res);
    }
    if (target.pathname.startsWith(blobPathPrefix)) {
      requests.push({
        kind: 'blob',
        method: req.method ?? '',
        path: target.pathname,
        query: Object.fromEntries(target.searchParams),
        headers: req.headers,
        bytes: data.length,
      });
      return blob(req, target, data, res);
    }
    res.writeHead(404).end();
  });
  url = `${loopback.url}/`;
  return fake;
}

/** Exact key first, then the newest entry whose key starts with it, for each key in order. */
function findEntry(entries: FakeCacheEntry[], keys: string[], version: string): FakeCacheEntry | undefined {
  const candidates = entries.filter((e) => e.finalized && e.version === version);
  for (const key of keys) {
    const exact = candidates.find((e) => e.key === key);
    if (exact) return exact;
    const newest = candidates.filter((e) => e.key.startsWith(key)).sort((a, b) => b.seq - a.seq)[0];
    if (newest) return newest;
  }
  return undefined;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendTwirpError(res: ServerResponse, status: number, code: string, msg: string): void {
  sendJson(res, status, { code, msg });
}

/**
 * Azure's Put Block (`comp=block`: staged in `blocks`), Put Block List (`comp=blocklist`: the
 * staged blocks joined, `blocks` emptied) and Put Blob (no comp: the body; with `needBlobType`,
 * refused without x-ms-blob-type: BlockBlob, as the cache client always sends it) on a block blob:
 * the blob's new content, 'staged', or undefined once an error has been sent.
 */
function putBlockBlob(
  req: IncomingMessage,
  target: URL,
  data: Buffer,
  blocks: Map<string, Buffer>,
  res: ServerResponse,
  needBlobType: boolean,
): Buffer | 'staged' | undefined {
  const refuse = (status: number, code: string): undefined => {
    sendAzureError(res, status, code);
    return undefined;
  };
  const comp = target.searchParams.get('comp');
  if (comp === 'block') {
    const blockId = target.searchParams.get('blockid');
    if (!blockId) return refuse(400, 'InvalidQueryParameterValue');
    blocks.set(blockId, data);
    return 'staged';
  }
  if (comp === 'blocklist') {
    const ids = [...data.toString('utf8').matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)<\//g)].map(
      (m) => m[1] ?? '',
    );
    const parts = ids.map((blockId) => blocks.get(blockId));
    if (parts.some((part) => part === undefined)) return refuse(400, 'InvalidBlockList');
    blocks.clear();
    return Buffer.concat(parts as Buffer[]);
  }
  if (comp === null) {
    if (needBlobType && req.headers['x-ms-blob-type'] !== 'BlockBlob') return refuse(400, 'MissingRequiredHeader');
    return data;
  }
  return refuse(400, 'InvalidQueryParameterValue');
}

function sendAzureError(res: ServerResponse, status: number, code: string): void {
  const text = `<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;
  res.writeHead(status, {
    'content-type': 'application/xml',
    'x-ms-error-code': code,
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
