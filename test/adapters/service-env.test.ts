// The runner's secrets stay out of the services' environment and out of the log lines perfgate
// shows. Real services (node processes) dump their environment as many do at start-up.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServices, type RunningServices } from '../../src/adapters/services.js';
import { inheritableEnv, maskSecrets, secretValues, serviceEnv } from '../../src/adapters/service-env.js';
import { BootError } from '../../src/core/errors.js';
import { findFreePort } from '../fakes/http.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = path.join(root, 'test/fixtures/services');
const node = JSON.stringify(process.execPath);

/** What a runner's job environment holds (made-up values of the real forms). */
const RUNNER_SECRETS: Record<string, string> = {
  GITHUB_TOKEN: 'ghs_16C7e42F292c6912E7710c838347Ae178B4a',
  SLACK_BOT_TOKEN: 'xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy',
  'INPUT_GITHUB-TOKEN': 'ghs_16C7e42F292c6912E7710c838347Ae178B4a',
  'INPUT_SLACK-WEBHOOK-URL': 'https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXXXXX',
  ACTIONS_RUNTIME_TOKEN: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.runtime',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://pipelines.actions.example/oidc',
  ACTIONS_CACHE_URL: 'https://artifactcache.actions.example/',
  DB_PASSWORD: 'correct-horse-battery',
  AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  API_KEY: 'sk-live-passed-through-by-name',
};
const saved: Record<string, string | undefined> = {};
let logDir: string;
const running: RunningServices[] = [];

beforeAll(() => {
  logDir = mkdtempSync(path.join(os.tmpdir(), 'perfgate-service-env-'));
  for (const [name, value] of Object.entries(RUNNER_SECRETS)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
});
afterEach(async () => {
  for (const services of running.splice(0)) await services.stop();
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(logDir, { recursive: true, force: true });
});

/** The service writes the file while we poll: it can exist, still empty or half written, before it
 * parses (one CI run read it empty). */
async function readWhenWritten(file: string): Promise<Record<string, string>> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      } catch {
        // not whole yet
      }
    }
    await sleep(25);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

describe("a service's environment", () => {
  it('holds no GITHUB_TOKEN, ACTIONS_*, INPUT_* or secret-named variable, unless its config names it', async () => {
    const out = path.join(logDir, 'env.json');
    const services = await startServices(
      [
        {
          name: 'dump',
          run: `${node} print-env.mjs`,
          cwd: fixtures,
          env: { ENV_OUT: out, SERVICE_TOKEN: 'from-the-config' },
          passEnv: ['API_KEY'],
          stopGraceMs: 2000,
        },
      ],
      { baseDir: root, logDir },
    );
    running.push(services);
    const env = await readWhenWritten(out);
    for (const name of Object.keys(RUNNER_SECRETS).filter((name) => name !== 'API_KEY'))
      expect(env[name], name).toBeUndefined();
    expect(Object.keys(env).filter((name) => /^(ACTIONS_|INPUT_)/.test(name))).toEqual([]);
    // Named in the config: passed through (API_KEY: ~) or set (SERVICE_TOKEN: value).
    expect(env.API_KEY).toBe(RUNNER_SECRETS.API_KEY);
    expect(env.SERVICE_TOKEN).toBe('from-the-config');
    // The rest of the environment is still there.
    expect(env.PATH).toBe(process.env.PATH);
  });

  it('a failed boot shows its log tail with the secrets masked', async () => {
    const error = await startServices(
      [
        {
          name: 'leaky',
          run: `${node} print-env.mjs`,
          cwd: fixtures,
          env: { EXIT_CODE: '1', DATABASE_PASSWORD: 'given-in-the-config-1234' },
          passEnv: ['API_KEY', 'GITHUB_TOKEN'],
          ready: { http: `http://127.0.0.1:${await findFreePort()}/health`, timeoutMs: 10_000 },
          stopGraceMs: 2000,
        },
      ],
      { baseDir: root, logDir },
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BootError);
    const shown = `${(error as BootError).message}\n${(error as BootError).logTail.join('\n')}`;
    expect(shown).toContain('exited early with code 1');
    for (const secret of [
      'given-in-the-config-1234',
      RUNNER_SECRETS.API_KEY!,
      RUNNER_SECRETS.GITHUB_TOKEN!,
      'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
      'xoxb-1234567890-abcdefghij',
    ]) {
      expect(shown).not.toContain(secret);
    }
    expect(shown).toContain('"DATABASE_PASSWORD":"***"');
    expect(shown).toContain('connecting with token *** and ***');
  });
});

describe('serviceEnv and maskSecrets', () => {
  it('keeps ordinary variables, drops credentials by name, and lets the config pass one through', () => {
    const parent = {
      PATH: '/usr/bin',
      GITHUB_SHA: 'abc',
      GITHUB_REPOSITORY: 'o/r',
      KEYBOARD: 'us',
      MONKEY_MODE: 'on',
      // The shell's working directories: "PWD" is not a password.
      PWD: '/home/runner/work/app',
      OLDPWD: '/home/runner/work',
      ...RUNNER_SECRETS,
    };
    expect(inheritableEnv(parent)).toEqual({
      PATH: '/usr/bin',
      GITHUB_SHA: 'abc',
      GITHUB_REPOSITORY: 'o/r',
      KEYBOARD: 'us',
      MONKEY_MODE: 'on',
      PWD: '/home/runner/work/app',
      OLDPWD: '/home/runner/work',
    });
    const env = serviceEnv(parent, { env: { PORT: '8080' }, passEnv: ['DB_PASSWORD', 'NOT_SET_ANYWHERE'] });
    expect(env).toEqual({
      PATH: '/usr/bin',
      GITHUB_SHA: 'abc',
      GITHUB_REPOSITORY: 'o/r',
      KEYBOARD: 'us',
      MONKEY_MODE: 'on',
      PWD: '/home/runner/work/app',
      OLDPWD: '/home/runner/work',
      PORT: '8080',
      DB_PASSWORD: 'correct-horse-battery',
    });
  });

  it('masks the values of secret-named variables and token-shaped strings, and nothing else', () => {
    const secrets = secretValues(
      { PATH: '/usr/bin', MY_TOKEN: 'abcdef-123', SHORT_KEY: 'abc' },
      { env: { PORT: '8080', DB_PASSWORD: 'pw-long-enough' } },
    );
    expect(secrets.sort()).toEqual(['abcdef-123', 'pw-long-enough']);
    expect(
      maskSecrets(
        [
          'listening on 8080 in /usr/bin',
          'auth abcdef-123 pw-long-enough',
          'hook https://hooks.slack.com/services/T1/B2/c3 ok',
          'key abc',
        ],
        secrets,
      ),
    ).toEqual(['listening on 8080 in /usr/bin', 'auth *** ***', 'hook *** ok', 'key abc']);
  });
});
