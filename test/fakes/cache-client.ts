// The real @actions/cache client against the cache service fake, for a describe block: the fake
// started once, and before each test a scratch folder (GITHUB_WORKSPACE, RUNNER_TEMP below it),
// the client's environment pointed at the fake (every variable it reads cleared first, all put
// back after the test) and the fake's flags and records cleared.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startCacheServiceFake, type CacheServiceFake } from './cache-service.js';

/** Everything the @actions/cache client reads from the environment. */
const CLIENT_ENV_NAMES = [
  'ACTIONS_RESULTS_URL',
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_CACHE_SERVICE_V2',
  'ACTIONS_CACHE_URL',
  'ACTIONS_CACHE_MODE',
  'GITHUB_SERVER_URL',
  'GITHUB_WORKSPACE',
  'RUNNER_TEMP',
] as const;

/** Call inside a describe: `fake` and `scratch` are set for each of its tests. */
export function useCacheServiceFake(scratchPrefix: string): { fake: CacheServiceFake; scratch: string } {
  const context = {} as { fake: CacheServiceFake; scratch: string };
  const savedEnv = new Map<string, string | undefined>();
  beforeAll(async () => {
    context.fake = await startCacheServiceFake();
  });
  afterAll(async () => {
    await context.fake?.close();
  });
  beforeEach(async () => {
    const { fake } = context;
    const scratch = await mkdtemp(join(tmpdir(), scratchPrefix));
    context.scratch = scratch;
    for (const name of CLIENT_ENV_NAMES) savedEnv.set(name, process.env[name]);
    for (const name of CLIENT_ENV_NAMES) delete process.env[name];
    Object.assign(process.env, fake.env(), { RUNNER_TEMP: join(scratch, 'runner-temp'), GITHUB_WORKSPACE: scratch });
    fake.readOnly = false;
    fake.readDenied = false;
    fake.requests.length = 0;
    fake.entries.length = 0;
  });
  afterEach(async () => {
    for (const [name, value] of savedEnv) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await rm(context.scratch, { recursive: true, force: true });
  });
  return context;
}
