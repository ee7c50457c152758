// A loopback fake of the two ways perfgate posts to Slack: an incoming webhook
// (POST /services/T…/B…/<secret> → 200 `ok`, or an error code as a text body with 400/403/404/410)
// and the Web API's chat.postMessage (bearer token, JSON → HTTP 200 `{ ok, ts }` or
// `{ ok: false, error }`). Both enforce Slack's block limits and can answer 429 with Retry-After.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveOnLoopback } from './http.js';

export const slackBotToken = 'xoxb-0000000000-fake-bot-token';
export const slackChannel = '#perf';

export interface RecordedSlackRequest {
  kind: 'webhook' | 'api';
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The raw body text. */
  raw: string;
  /** The parsed JSON body, when it parsed. */
  json: Record<string, unknown> | undefined;
  /** How the fake answered: 'ok' or the Slack error code ('rate_limited' for a 429). */
  outcome: string;
}

export interface SlackFake {
  readonly url: string;
  /** A working incoming-webhook URL (it contains its secret, as real ones do). */
  readonly webhookUrl: string;
  /** The Web API base to pass as `apiUrl` (…/api/). */
  readonly apiUrl: string;
  readonly requests: RecordedSlackRequest[];
  /** Messages Slack accepted, in order. */
  readonly delivered: { channel: string; text: string | undefined; blocks: unknown[] | undefined }[];
  /** Knob: answer this many next calls (either kind) with 429 and Retry-After. */
  rateLimitNext: number;
  retryAfterSec: number;
  /** Knob: answer the next webhook calls with this status and error body (e.g. 410 `channel_is_archived`). */
  webhookFailure: { status: number; error: string } | undefined;
  /** Knob: read and record every call, and never answer it (a hung Slack). */
  hang: boolean;
  close(): Promise<void>;
}

export interface SlackFakeOptions {
  botToken?: string;
  channels?: string[];
  rateLimitNext?: number;
  retryAfterSec?: number;
}

const webhookSecretPath = '/services/T0FAKE0001/B0FAKE0001/fAkEwEbHoOkSeCrEt0000001';
const knownBlockTypes = new Set(['section', 'header', 'context', 'divider', 'rich_text', 'actions', 'image']);

export async function startSlackFake(options: SlackFakeOptions = {}): Promise<SlackFake> {
  const botToken = options.botToken ?? slackBotToken;
  const channels = new Set(options.channels ?? [slackChannel, 'C0PERF0001']);
  let url = '';

  const fake: SlackFake = {
    get url() {
      return url;
    },
    get webhookUrl() {
      return `${url}${webhookSecretPath}`;
    },
    get apiUrl() {
      return `${url}/api/`;
    },
    requests: [],
    delivered: [],
    rateLimitNext: options.rateLimitNext ?? 0,
    retryAfterSec: options.retryAfterSec ?? 1,
    webhookFailure: undefined,
    hang: false,
    close: () => loopback.close(),
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string): void => {
    const path = new URL(req.url ?? '/', url).pathname;
    const kind = path.startsWith('/services/') ? 'webhook' : path.startsWith('/api/') ? 'api' : undefined;
    let json: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
    } catch {
      json = undefined;
    }
    const record = (outcome: string) =>
      fake.requests.push({
        kind: kind ?? 'webhook',
        path,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        raw,
        json,
        outcome,
      });
    if (fake.hang) {
      record('hung');
      return;
    }
    if (!kind || req.method !== 'POST') {
      record('not_found');
      return sendText(res, 404, 'not_found');
    }
    if (fake.rateLimitNext > 0) {
      fake.rateLimitNext--;
      record('rate_limited');
      res.writeHead(429, { 'retry-after': String(fake.retryAfterSec), 'content-type': 'text/plain' });
      res.end(kind === 'webhook' ? 'rate_limited' : JSON.stringify({ ok: false, error: 'ratelimited' }));
      return;
    }

    if (kind === 'webhook') {
      const fail = (status: number, error: string) => {
        record(error);
        sendText(res, status, error);
      };
      if (path !== webhookSecretPath) return fail(404, 'no_service');
      if (fake.webhookFailure) return fail(fake.webhookFailure.status, fake.webhookFailure.error);
      if (!json) return fail(400, 'invalid_payload');
      const problem = checkMessage(json);
      if (problem) return fail(400, problem);
      record('ok');
      fake.delivered.push({
        channel: 'webhook',
        text: json.text as string | undefined,
        blocks: json.blocks as unknown[] | undefined,
      });
      return sendText(res, 200, 'ok');
    }

    // Web API: errors are HTTP 200 with ok:false, as Slack does.
    const fail = (error: string) => {
      record(error);
      sendJson(res, 200, { ok: false, error });
    };
    if (path !== '/api/chat.postMessage') return fail('unknown_method');
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return fail('not_authed');
    if (token !== botToken) return fail('invalid_auth');
    if (!json) return fail('invalid_json');
    const channel = json.channel;
    if (typeof channel !== 'string' || !channel) return fail('channel_not_found');
    if (!channels.has(channel)) return fail('channel_not_found');
    const problem = checkMessage(json);
    if (problem) return fail(problem);
    record('ok');
    fake.delivered.push({
      channel,
      text: json.text as string | undefined,
      blocks: json.blocks as unknown[] | undefined,
    });
    const ts = `${1_767_225_600 + fake.delivered.length}.${String(fake.delivered.length).padStart(6, '0')}`;
    return sendJson(res, 200, { ok: true, channel, ts, message: { type: 'message', text: json.text, ts } });
  };

  const loopback = await serveOnLoopback((req, res, body) => handle(req, res, body.toString('utf8')));
  url = loopback.url;
  return fake;
}

/** Slack's message and block limits; returns the error code Slack would give, if any. */
export function checkMessage(body: Record<string, unknown>): string | undefined {
  const { text, blocks } = body;
  const hasText = typeof text === 'string' && text.trim().length > 0;
  if (blocks === undefined) return hasText ? undefined : 'no_text';
  if (!Array.isArray(blocks) || blocks.length === 0 || blocks.length > 50) return 'invalid_blocks';
  for (const block of blocks as Record<string, unknown>[]) {
    if (!block || typeof block !== 'object' || typeof block.type !== 'string' || !knownBlockTypes.has(block.type))
      return 'invalid_blocks';
    if (typeof block.block_id === 'string' && block.block_id.length > 255) return 'invalid_blocks';
    if (block.type === 'section') {
      const sectionText = textOf(block.text);
      const fields = block.fields;
      if (sectionText === undefined && !Array.isArray(fields)) return 'invalid_blocks';
      if (sectionText !== undefined && (sectionText.length === 0 || sectionText.length > 3000)) return 'invalid_blocks';
      if (Array.isArray(fields) && (fields.length > 10 || fields.some((f) => (textOf(f) ?? '').length > 2000)))
        return 'invalid_blocks';
    }
    if (block.type === 'header') {
      const headerText = textOf(block.text);
      if (
        headerText === undefined ||
        headerText.length > 150 ||
        (block.text as { type?: unknown }).type !== 'plain_text'
      )
        return 'invalid_blocks';
    }
    if (block.type === 'context') {
      const elements = block.elements;
      if (!Array.isArray(elements) || elements.length === 0 || elements.length > 10) return 'invalid_blocks';
    }
  }
  return undefined;
}

function textOf(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { type, text } = value as { type?: unknown; text?: unknown };
  if ((type !== 'mrkdwn' && type !== 'plain_text') || typeof text !== 'string') return undefined;
  return text;
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
