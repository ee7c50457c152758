import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resultsArtifactName, uploadResultsArtifact } from '../../src/adapters/results-artifact.js';
import { startCacheServiceFake, type CacheServiceFake } from '../fakes/cache-service.js';
import { uploadResults } from '../../src/entry/deliver/artifact.js';
import type { ActionOptions } from '../../src/entry/action-inputs.js';
import { DeadlineError } from '../../src/adapters/deadline.js';

describe('the results artifact against the results-service fake', () => {
  let fake: CacheServiceFake;
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    fake = await startCacheServiceFake();
    for (const [name, value] of Object.entries({ ...fake.env(), GITHUB_SERVER_URL: 'https://github.com' })) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await fake.close();
  });

  it('names one artifact per config and shard', () => {
    expect(resultsArtifactName('perfgate.yml')).toBe('perfgate-perfgate.yml');
    expect(resultsArtifactName('ci/perf/api.yml', { index: 2, count: 4 })).toBe(
      'perfgate-ci_perf_api.yml-shard-2-of-4',
    );
  });

  it('uploads results.json zipped, finalized with its size and hash, and returns the id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-artifact-'));
    writeFileSync(join(dir, 'results.json'), JSON.stringify({ schemaVersion: 1, scenarios: [] }));
    writeFileSync(join(dir, 'pr.json'), JSON.stringify({ number: 7, headSha: 'abc' }));
    const uploaded = await uploadResultsArtifact(
      'perfgate-perfgate.yml',
      [join(dir, 'results.json'), join(dir, 'pr.json')],
      5,
    );
    const stored = fake.artifacts.find((a) => a.id === uploaded.id);
    expect(stored?.finalized).toBe(true);
    expect(stored?.name).toBe('perfgate-perfgate.yml');
    expect(stored?.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(uploaded.sizeBytes).toBe(stored?.zip?.length);
    // A zip's local headers carry the file names in plain text.
    expect(stored?.zip?.subarray(0, 2).toString()).toBe('PK');
    expect(stored?.zip?.includes('results.json')).toBe(true);
    expect(stored?.zip?.includes('pr.json')).toBe(true);
  });

  it("carries the profiles' files from the folders below results.json, and refuses a file outside it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-artifact-'));
    writeFileSync(join(dir, 'results.json'), '{}');
    mkdirSync(join(dir, 'logs', 'profile', 'price'), { recursive: true });
    writeFileSync(join(dir, 'logs', 'profile', 'price', 'api.diff.svg'), '<svg/>');
    const uploaded = await uploadResultsArtifact('perfgate-profiles', [
      join(dir, 'results.json'),
      join(dir, 'logs', 'profile', 'price', 'api.diff.svg'),
    ]);
    const stored = fake.artifacts.find((a) => a.id === uploaded.id);
    expect(stored?.zip?.includes('logs/profile/price/api.diff.svg')).toBe(true);
    await expect(
      uploadResultsArtifact('perfgate-outside', [join(dir, 'results.json'), join(tmpdir(), 'elsewhere.svg')]),
    ).rejects.toThrow(`the artifact's files must be in ${dir} or below it`);
  });

  it('a second artifact of the same name fails with a message that names the cause', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-artifact-'));
    writeFileSync(join(dir, 'results.json'), '{}');
    await uploadResultsArtifact('perfgate-twice', [join(dir, 'results.json')]);
    await expect(uploadResultsArtifact('perfgate-twice', [join(dir, 'results.json')])).rejects.toThrow(
      /already exists in this run/,
    );
  });

  it.each(['CreateArtifact', 'artifact-upload'] as const)(
    'gives up an upload whose %s never answers at network-timeout, naming the step',
    async (hung) => {
      const dir = mkdtempSync(join(tmpdir(), 'perfgate-artifact-'));
      writeFileSync(join(dir, 'results.json'), '{}');
      fake.hang.add(hung);
      try {
        const options = {
          configPath: `hung-${hung}.yml`,
          configId: `hung-${hung}.yml`,
          networkTimeoutMs: 400,
        } as ActionOptions;
        const error = await uploadResults(options, [join(dir, 'results.json')]).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(DeadlineError);
        expect((error as Error).message).toMatch(/the results artifact upload/);
        expect(fake.artifacts.some((a) => a.name === `perfgate-hung-${hung}.yml` && a.finalized)).toBe(false);
      } finally {
        fake.hang.delete(hung);
      }
    },
    30_000,
  );
});
