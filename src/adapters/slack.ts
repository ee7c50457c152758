// Posting the report to Slack, by incoming webhook or by bot token (chat.postMessage). A 429 is
// retried after its Retry-After, within a small budget: a report must never hold the step up.
// The webhook URL and the token are secrets: no error message carries them, nor any text that
// could (request errors are rewritten, never wrapped as a `cause`).

import { PerfgateError } from '../core/errors.js';
import type { SlackMessage } from '../core/report/slack.js';

export type SlackTarget = { webhookUrl: string } | { token: string; channel: string; apiUrl?: string };

// The message is rendered in core (report/slack.ts); this adapter only delivers it.
export type { SlackMessage };

export interface PostSlackOptions {
  /** Retries after a 429, at most 2 (3 tries in all). */
  maxRetries?: number;
  /** The most time spent waiting on Retry-After over all retries; at most 5,000 ms. */
  maxWaitMs?: number;
  /** Per request. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export interface SlackResult {
  ok: true;
  /** The message's timestamp (chat.postMessage only). */
  ts?: string;
}

/** Slack refused the message, or could not be reached. `code` is Slack's error code or `http_<status>` / `network`. */
export class SlackError extends PerfgateError {
  override name = 'SlackError';
  constructor(
    message: string,
    /** Slack's own error (`invalid_auth`, `rate_limited`, …), or `network`. */
    readonly slackCode: string,
    readonly status?: number,
  ) {
    super(message, 'PERFGATE_SLACK');
  }
}

const defaultApiUrl = 'https://slack.com/api/';
const retryCap = 2;
const waitCapMs = 5_000;

export async function postSlack(
  target: SlackTarget,
  message: SlackMessage,
  options: PostSlackOptions = {},
): Promise<SlackResult> {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch;
  const maxRetries = Math.min(retryCap, Math.max(0, options.maxRetries ?? retryCap));
  let waitBudgetMs = Math.min(waitCapMs, Math.max(0, options.maxWaitMs ?? waitCapMs));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const viaWebhook = 'webhookUrl' in target;
  const secrets = viaWebhook ? webhookSecrets(target.webhookUrl) : [target.token];
  const redact = (text: string) =>
    secrets.reduce((out, secret) => (secret.length >= 4 ? out.split(secret).join('***') : out), text);
  const what = viaWebhook ? 'Slack webhook' : 'Slack chat.postMessage';

  const payload = { text: message.text, blocks: message.blocks, unfurl_links: false, unfurl_media: false };
  const request = viaWebhook
    ? { url: target.webhookUrl, headers: {} as Record<string, string>, body: payload }
    : {
        url: new URL('chat.postMessage', withSlash(target.apiUrl ?? defaultApiUrl)).href,
        headers: { authorization: `Bearer ${target.token}` },
        body: { channel: target.channel, ...payload },
      };

  for (let attempt = 0; ; attempt++) {
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(request.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', ...request.headers },
        body: JSON.stringify(request.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new SlackError(`${what} could not be reached: ${redact(describeRequestError(error))}`, 'network');
    }

    if (response.status === 429) {
      const waitMs = retryAfterMs(response.headers.get('retry-after'));
      if (attempt >= maxRetries || waitMs > waitBudgetMs) {
        throw new SlackError(
          `${what} is rate limited (HTTP 429, retry after ${Math.round(waitMs / 1000)} s) after ${attempt + 1} ${attempt === 0 ? 'try' : 'tries'}: the message was not posted`,
          'rate_limited',
          429,
        );
      }
      waitBudgetMs -= waitMs;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      continue;
    }

    if (viaWebhook) {
      const code = slackCode(redact(text));
      if (response.status === 200 && code === 'ok') return { ok: true };
      throw new SlackError(
        `${what} answered HTTP ${response.status} ${code}${webhookHint(code)}`,
        code,
        response.status,
      );
    }

    let body: { ok?: unknown; error?: unknown; ts?: unknown } | undefined;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = undefined;
    }
    if (response.ok && body?.ok === true) return { ok: true, ...(typeof body.ts === 'string' ? { ts: body.ts } : {}) };
    const code = typeof body?.error === 'string' ? slackCode(redact(body.error)) : `http_${response.status}`;
    throw new SlackError(`${what} failed: ${code}${apiHint(code, target.channel)}`, code, response.status);
  }
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

// The whole URL, and its path alone, which holds the secret part (/services/T…/B…/<secret>).
function webhookSecrets(webhookUrl: string): string[] {
  const secrets = [webhookUrl];
  try {
    const { pathname } = new URL(webhookUrl);
    if (pathname.length > 1) secrets.push(pathname, decodeURIComponent(pathname));
    const last = pathname.split('/').filter(Boolean).at(-1);
    if (last) secrets.push(last);
  } catch {
    // not a URL: fetch will fail, and the whole string is redacted
  }
  return secrets;
}

// Slack answers with a short code (`invalid_payload`); anything else is not repeated verbatim.
function slackCode(text: string): string {
  const trimmed = text.trim();
  return /^[a-z0-9_]{1,60}$/i.test(trimmed) ? trimmed : 'unexpected_response';
}

function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000;
}

function describeRequestError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'the request timed out';
  if (cause && typeof cause.code === 'string')
    return `${cause.code}${typeof cause.message === 'string' ? ` (${cause.message})` : ''}`;
  return error instanceof Error ? error.message : String(error);
}

function webhookHint(code: string): string {
  switch (code) {
    case 'no_service':
    case 'no_service_id':
    case 'no_team':
    case 'team_disabled':
    case 'invalid_token':
      return ': the webhook URL is wrong or was revoked; create a new incoming webhook and update the slack-webhook-url secret';
    case 'channel_not_found':
    case 'channel_is_archived':
    case 'action_prohibited':
    case 'posting_to_general_channel_denied':
      return ": the webhook's channel cannot be posted to; create a webhook for another channel";
    case 'invalid_payload':
    case 'invalid_blocks':
    case 'no_text':
    case 'too_many_attachments':
      return ': Slack rejected the message format (a perfgate bug: please report it)';
    default:
      return '';
  }
}

function apiHint(code: string, channel: string): string {
  switch (code) {
    case 'not_authed':
    case 'invalid_auth':
    case 'token_revoked':
    case 'token_expired':
    case 'account_inactive':
      return ': check the slack-token secret (a bot token, xoxb-…, with the chat:write scope)';
    case 'missing_scope':
      return ': the token lacks the chat:write scope';
    case 'channel_not_found':
      return `: slack-channel '${channel}' was not found; use the channel ID (C…) or invite the bot to it`;
    case 'not_in_channel':
      return `: invite the bot to slack-channel '${channel}'`;
    case 'is_archived':
      return `: slack-channel '${channel}' is archived`;
    case 'invalid_blocks':
    case 'invalid_json':
    case 'no_text':
    case 'msg_too_long':
      return ': Slack rejected the message format (a perfgate bug: please report it)';
    default:
      return '';
  }
}
