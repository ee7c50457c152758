// The one masking function: every shape of credential the campaign leaked (issue 21) and the ones
// the issue names, and ordinary log text left alone.
import { describe, expect, it } from 'vitest';
import { isSecretName, maskSecrets, maskServiceLog, maskText, secretValues } from '../../src/core/mask.js';
import { describeBaseFailure } from '../../src/core/gate.js';

describe('maskText', () => {
  it.each([
    [
      'GitHub classic',
      'token ghp_abcdefghijklmnopqrstuvwxyz0123456789 used',
      'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
    ],
    ['GitHub app', 'ghs_16C7e42F292c6912E7710c838347Ae178B4a', 'ghs_16C7e42F292c6912E7710c838347Ae178B4a'],
    ['GitHub fine-grained', 'github_pat_11ABCDEFG0123456789_abcdefghijklmnop', 'github_pat_11ABCDEFG0123456789'],
    ['Slack bot', 'xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy', 'pdFZKVeTuE8sk7oOcBrzbqgy'],
    ['Slack webhook', 'posting to https://hooks.slack.com/services/T000/B000/XXXXXXXX', 'hooks.slack.com'],
    ['AWS key id', 'aws id AKIAIOSFODNN7EXAMPLE in use', 'AKIAIOSFODNN7EXAMPLE'],
    ['AWS temporary key id', 'ASIAIOSFODNN7EXAMPLE', 'ASIAIOSFODNN7EXAMPLE'],
    ['Stripe live', 'charging with sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc'],
    ['Stripe test', 'rk_test_4eC39HqLyjWDarjtT1zdp7dc', 'rk_test_4eC39HqLyjWDarjtT1zdp7dc'],
    [
      'JWT',
      'auth eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    ],
    ['Bearer header', 'Authorization: Bearer abcdefghijklmnop1234', 'abcdefghijklmnop1234'],
    ['URL password', 'DATABASE_URL=postgres://app:s3cr3t-pw@db.internal:5432/app', 's3cr3t-pw'],
    ['URL password, no name', 'connecting to redis://:hunter2hunter@cache:6379', 'hunter2hunter'],
    ['secret-named assignment', 'API_PASS=open-sesame-42 started', 'open-sesame-42'],
    ['secret-named JSON', '{"DB_PASSWORD": "correct-horse"}', 'correct-horse'],
  ])('%s', (_name, text, secret) => {
    const masked = maskText(text);
    expect(masked).not.toContain(secret);
    expect(masked).toContain('***');
  });

  it('keeps the user of a URL and its host, so the log still says where it connected', () => {
    expect(maskText('postgres://app:pw-123456@db:5432/app')).toBe('postgres://app:***@db:5432/app');
  });

  it('masks the given values wherever they appear, longest first', () => {
    expect(maskText('a abcdef-123456 b abcdef-123', ['abcdef-123456', 'abcdef-123'])).toBe('a *** b ***');
  });

  it('leaves ordinary log text alone', () => {
    for (const line of [
      'listening on http://127.0.0.1:8080/health',
      'GET /users/42 200 3.1ms',
      'KEYBOARD=us MONKEY_MODE=on PORT=8080',
      'Error (ECONNREFUSED): connect ECONNREFUSED 127.0.0.1:4000',
      'HTTP 503: Service Unavailable',
    ])
      expect(maskText(line)).toBe(line);
  });
});

describe('secretValues and maskServiceLog', () => {
  it('masks secret-named values, passed-through values and the config’s own secrets', () => {
    const parent = {
      PATH: '/usr/bin',
      MY_TOKEN: 'abcdef-123',
      SHORT_KEY: 'abc',
      API_PASS: 'plain-words-here',
      OTHER: 'runner-own-value',
    };
    const config = { env: { PORT: '8080', DB_PASSWORD: 'pw-long-enough' }, passEnv: ['OTHER'] };
    expect(secretValues(parent, config).sort()).toEqual([
      'abcdef-123',
      'plain-words-here',
      'pw-long-enough',
      'runner-own-value',
    ]);
    expect(
      maskServiceLog(
        ['env abcdef-123 plain-words-here pw-long-enough runner-own-value', 'port 8080 path /usr/bin'],
        parent,
        config,
      ),
    ).toEqual(['env *** *** *** ***', 'port 8080 path /usr/bin']);
  });

  it('names: credentials by name, ordinary ones not', () => {
    for (const name of [
      'GITHUB_TOKEN',
      'API_PASS',
      'DB_PWD',
      'SENTRY_DSN',
      'AWS_SECRET_ACCESS_KEY',
      'INPUT_X',
      'ACTIONS_RUNTIME_URL',
    ])
      expect(isSecretName(name), name).toBe(true);
    for (const name of ['PATH', 'KEYBOARD', 'PASSENGER_COUNT', 'PORT', 'NODE_ENV', 'PWD', 'OLDPWD'])
      expect(isSecretName(name), name).toBe(false);
  });

  it('leaves the working directory ($PWD, $OLDPWD) and the paths under it in a log tail alone', () => {
    const parent = { PWD: '/home/runner/work/app', OLDPWD: '/home/runner/work', DB_PWD: 'db-password-1' };
    expect(secretValues(parent)).toEqual(['db-password-1']);
    expect(
      maskServiceLog(["Error: Cannot find module '/home/runner/work/app/server.js'", 'cd /home/runner/work'], parent),
    ).toEqual(["Error: Cannot find module '/home/runner/work/app/server.js'", 'cd /home/runner/work']);
  });

  it('maskSecrets masks each line', () => {
    expect(maskSecrets(['AKIAIOSFODNN7EXAMPLE', 'fine'])).toEqual(['***', 'fine']);
  });
});

describe("the base's failure as the report shows it", () => {
  it('masks its reason and log tail even when results.json came unmasked from an untrusted run', () => {
    const note = describeBaseFailure({
      service: 'api',
      reason: 'service "api" exited early: DATABASE_URL=postgres://u:leaked-pass@db/x',
      logTail: ['key sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'id AKIAIOSFODNN7EXAMPLE'],
    });
    for (const secret of ['leaked-pass', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'AKIAIOSFODNN7EXAMPLE'])
      expect(note).not.toContain(secret);
    expect(note).toContain('service "api" exited early');
  });
});
