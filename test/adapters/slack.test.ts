import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postSlack, SlackError } from '../../src/adapters/slack.js';
import { slackBotToken, slackChannel, startSlackFake, type SlackFake } from '../fakes/slack.js';

const message = {
  text: 'perfgate: pass on acme/orders',
  blocks: [
    {
      type: 'section',
      text: { type: 'mrkdwn', text: '*perfgate: pass* <https://github.com/acme/orders/actions/runs/1|run>' },
    },
    { type: 'section', text: { type: 'mrkdwn', text: '```json_oracle/fetchByKey: 131.0 400.0 7.0 733.0 232.5```' } },
  ],
};

async function rejection(promise: Promise<unknown>): Promise<SlackError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SlackError);
  return error as SlackError;
}

describe('postSlack against the Slack fake', () => {
  let fake: SlackFake;
  beforeAll(async () => {
    fake = await startSlackFake();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.delivered.length = 0;
    fake.rateLimitNext = 0;
    fake.retryAfterSec = 1;
    fake.webhookFailure = undefined;
  });

  const webhookSecret = () => new URL(fake.webhookUrl).pathname.split('/').at(-1) ?? '';
  const expectNoSecrets = (error: Error) => {
    expect(error.message).not.toContain(fake.webhookUrl);
    expect(error.message).not.toContain(webhookSecret());
    expect(error.message).not.toContain(slackBotToken);
    expect(String(error.stack)).not.toContain(webhookSecret());
    expect(error.cause).toBeUndefined();
  };

  it('posts to an incoming webhook', async () => {
    await expect(postSlack({ webhookUrl: fake.webhookUrl }, message)).resolves.toEqual({ ok: true });
    expect(fake.delivered).toEqual([{ channel: 'webhook', text: message.text, blocks: message.blocks }]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.contentType).toMatch(/^application\/json/);
    expect(fake.requests[0]?.authorization).toBeUndefined();
  });

  it('names the webhook error code and hides the URL', async () => {
    const wrongUrl = `${fake.url}/services/T0FAKE0001/B0FAKE0001/wrongSecret123`;
    const error = await rejection(postSlack({ webhookUrl: wrongUrl }, message));
    expect(error.slackCode).toBe('no_service');
    expect(error.status).toBe(404);
    expect(error.message).toMatch(/HTTP 404 no_service.*slack-webhook-url/);
    expect(error.message).not.toContain('wrongSecret123');
    expect(error.message).not.toContain(wrongUrl);
  });

  it.each([
    [400, 'invalid_payload'],
    [410, 'channel_is_archived'],
    [403, 'action_prohibited'],
  ])('reports HTTP %i %s from the webhook', async (status, code) => {
    fake.webhookFailure = { status, error: code };
    const error = await rejection(postSlack({ webhookUrl: fake.webhookUrl }, message));
    expect([error.status, error.slackCode]).toEqual([status, code]);
    expectNoSecrets(error);
    expect(fake.delivered).toHaveLength(0);
  });

  it('gets no_text for an empty message and invalid_blocks beyond the limits, as Slack does', async () => {
    const empty = await rejection(
      postSlack({ webhookUrl: fake.webhookUrl }, { text: '', blocks: undefined as unknown as object[] }),
    );
    expect([empty.status, empty.slackCode]).toEqual([400, 'no_text']);

    const tooMany = Array.from({ length: 51 }, () => ({ type: 'divider' }));
    const many = await rejection(postSlack({ webhookUrl: fake.webhookUrl }, { text: 'x', blocks: tooMany }));
    expect(many.slackCode).toBe('invalid_blocks');

    const long = [{ type: 'section', text: { type: 'mrkdwn', text: 'x'.repeat(3001) } }];
    const longError = await rejection(
      postSlack({ token: slackBotToken, channel: slackChannel, apiUrl: fake.apiUrl }, { text: 'x', blocks: long }),
    );
    expect(longError.slackCode).toBe('invalid_blocks');

    const atLimit = [
      ...Array.from({ length: 49 }, () => ({ type: 'divider' })),
      { type: 'section', text: { type: 'mrkdwn', text: 'x'.repeat(3000) } },
    ];
    await expect(postSlack({ webhookUrl: fake.webhookUrl }, { text: 'x', blocks: atLimit })).resolves.toEqual({
      ok: true,
    });
  });

  it('posts with chat.postMessage and a bot token', async () => {
    const result = await postSlack({ token: slackBotToken, channel: slackChannel, apiUrl: fake.apiUrl }, message);
    expect(result.ok).toBe(true);
    expect(result.ts).toMatch(/^\d+\.\d{6}$/);
    expect(fake.delivered).toEqual([{ channel: slackChannel, text: message.text, blocks: message.blocks }]);
    expect(fake.requests[0]?.path).toBe('/api/chat.postMessage');
    expect(fake.requests[0]?.authorization).toBe(`Bearer ${slackBotToken}`);
  });

  it('reports invalid_auth without the token', async () => {
    const badToken = 'xoxb-9999-not-the-right-token';
    const error = await rejection(postSlack({ token: badToken, channel: slackChannel, apiUrl: fake.apiUrl }, message));
    expect(error.slackCode).toBe('invalid_auth');
    expect(error.message).toMatch(/invalid_auth.*slack-token/);
    expect(error.message).not.toContain(badToken);
    expect(fake.delivered).toHaveLength(0);
  });

  it('reports channel_not_found with the channel to fix', async () => {
    const error = await rejection(postSlack({ token: slackBotToken, channel: '#nope', apiUrl: fake.apiUrl }, message));
    expect(error.slackCode).toBe('channel_not_found');
    expect(error.message).toContain("slack-channel '#nope'");
    expectNoSecrets(error);
  });

  it('waits for Retry-After after a 429 and then succeeds', async () => {
    fake.rateLimitNext = 1;
    await expect(postSlack({ webhookUrl: fake.webhookUrl }, message)).resolves.toEqual({ ok: true });
    expect(fake.requests.map((r) => r.outcome)).toEqual(['rate_limited', 'ok']);
    expect(fake.delivered).toHaveLength(1);

    fake.requests.length = 0;
    fake.rateLimitNext = 1;
    await expect(
      postSlack({ token: slackBotToken, channel: slackChannel, apiUrl: fake.apiUrl }, message),
    ).resolves.toMatchObject({ ok: true });
    expect(fake.requests.map((r) => r.outcome)).toEqual(['rate_limited', 'ok']);
  });

  it('gives up after at most 3 tries', async () => {
    fake.retryAfterSec = 0;
    fake.rateLimitNext = 10;
    const error = await rejection(postSlack({ webhookUrl: fake.webhookUrl }, message, { maxRetries: 50 }));
    expect(error.slackCode).toBe('rate_limited');
    expect(fake.requests).toHaveLength(3);
    expectNoSecrets(error);
  });

  it('does not wait longer than the budget for a long Retry-After', async () => {
    fake.retryAfterSec = 30;
    fake.rateLimitNext = 1;
    const error = await rejection(postSlack({ webhookUrl: fake.webhookUrl }, message));
    expect(error.message).toMatch(/rate limited.*retry after 30 s/);
    expect(fake.requests).toHaveLength(1);
  });

  it('keeps the webhook URL out of a connection error', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const deadUrl = `http://127.0.0.1:${port}/services/T1/B1/deadSecret999`;
    const error = await rejection(postSlack({ webhookUrl: deadUrl }, message));
    expect(error.slackCode).toBe('network');
    expect(error.message).toMatch(/could not be reached: ECONNREFUSED/);
    expect(error.message).not.toContain('deadSecret999');
    expect(error.cause).toBeUndefined();
  });

  it('keeps the secret out even when Slack echoes it back', async () => {
    // A bare word passes for a Slack error code, so only redaction keeps it out of the message.
    const echo = createServer((_req, res) => res.writeHead(500).end('echoSecret777'));
    echo.listen(0, '127.0.0.1');
    await once(echo, 'listening');
    const url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/services/T1/B1/echoSecret777`;
    try {
      const error = await rejection(postSlack({ webhookUrl: url }, message));
      expect(error.status).toBe(500);
      expect(error.message).not.toContain('echoSecret777');
    } finally {
      echo.closeAllConnections();
      echo.close();
    }
  });
});
