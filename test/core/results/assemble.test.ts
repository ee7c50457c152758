// The results file of a run as runLoaded assembles it, for each look and at the end: what it
// records of the run's setup, what the base variant shares with the head and what it does not.
import { describe, expect, it } from 'vitest';
import { assembleResults, type RunRecord } from '../../../src/core/results/assemble.js';
import { findResultsProblem, readResultsText } from '../../../src/core/results/read.js';
import { makeResults } from '../fixtures.js';

const measured = makeResults({ seed: 7, scenarios: [{ name: 'api/get' }, { name: 'api/post' }] });
const baseMeasured = makeResults({ seed: 8, scenarios: [{ name: 'api/get' }] });

const STARTED_MS = Date.parse('2026-03-01T10:00:00.000Z');

function record(overrides: Partial<RunRecord> = {}): RunRecord {
  return {
    configHash: 'cfg-1',
    toolVersion: '9.9.9',
    startedAtMs: STARTED_MS,
    nowMs: STARTED_MS + 12_345,
    environment: measured.environment,
    services: [{ name: 'api', logPath: '/logs/head/api.log' }],
    scenarios: measured.scenarios,
    interrupted: false,
    ...overrides,
  };
}

describe('assembleResults', () => {
  it('records a whole run: its start, its length by the given clock, its services and scenarios, nothing else', () => {
    const results = assembleResults(record({ git: { commit: 'abc123' } }));
    expect(results.schemaVersion).toBe(1);
    expect(results.tool).toEqual({ name: 'perfgate', version: '9.9.9' });
    expect(results.startTime).toBe('2026-03-01T10:00:00.000Z');
    expect(results.durationMs).toBe(12_345);
    expect(results.git).toEqual({ commit: 'abc123' });
    expect(results.scenarios.map((scenario) => scenario.name)).toEqual(['api/get', 'api/post']);
    for (const key of ['shard', 'interrupted', 'serviceExit', 'sequential', 'ab'])
      expect(Object.keys(results)).not.toContain(key);
    expect(findResultsProblem(results)).toBeUndefined();
    expect('results' in readResultsText(JSON.stringify(results), 'trusted')).toBe(true);
  });

  it('names each service by its name and log alone, whatever else the running service carries', () => {
    const running = { name: 'api', logPath: '/logs/head/api.log', pid: 4242, url: 'http://127.0.0.1:3000' };
    expect(assembleResults(record({ services: [running] })).services).toEqual([
      { name: 'api', logPath: '/logs/head/api.log' },
    ]);
  });

  it('is a snapshot: scenarios measured after it (a later look) do not change it', () => {
    const scenarios = [...measured.scenarios];
    const look = assembleResults(record({ scenarios }));
    scenarios.pop();
    expect(look.scenarios).toHaveLength(2);
  });

  it.each([
    { shard: { index: 2, count: 4, splitLoad: false }, expected: { index: 2, count: 4 } },
    {
      shard: { index: 1, count: 2, splitLoad: true, startAtMs: STARTED_MS + 60_000 },
      expected: { index: 1, count: 2, split: 'load', startAt: '2026-03-01T10:01:00.000Z' },
    },
  ])('records the shard $expected', ({ shard, expected }) => {
    expect(assembleResults(record({ shard })).shard).toEqual(expected);
  });

  it('marks an interrupted run and a run whose service died, and keeps the looks of an extendable one', () => {
    const serviceExit = {
      variant: 'head' as const,
      service: 'api',
      reason: 'exited with code 1',
      logTail: [],
      scenario: 'api/get',
    };
    const results = assembleResults(
      record({ interrupted: true, serviceExit, sequential: { alphaShares: [0.75, 0.125, 0.125] } }),
    );
    expect(results.interrupted).toBe(true);
    expect(results.serviceExit).toEqual(serviceExit);
    expect(results.sequential).toEqual({ alphaShares: [0.75, 0.125, 0.125] });
  });

  it("gives the base variant the run's shared facts, its own commit, services and scenarios, and no looks", () => {
    const results = assembleResults(
      record({
        git: { commit: 'a1b2c3d' },
        shard: { index: 1, count: 2, splitLoad: false },
        interrupted: true,
        sequential: { alphaShares: [0.75, 0.125, 0.125] },
        ab: {
          schedule: 'alternate',
          seed: 11,
          order: ['head-first', 'base-first'],
          boot: 'base-first',
          git: { commit: 'e4f5a6b' },
          services: [{ name: 'api', logPath: '/logs/base/api.log' }],
          scenarios: baseMeasured.scenarios,
        },
      }),
    );
    const ab = results.ab!;
    expect(ab.schedule).toBe('alternate');
    expect(ab.seed).toBe(11);
    expect(ab.order).toEqual(['head-first', 'base-first']);
    expect(ab.boot).toBe('base-first');
    expect(ab.baseFailure).toBeUndefined();
    expect(ab.base.git).toEqual({ commit: 'e4f5a6b' });
    expect(ab.base.sequential).toBeUndefined();
    expect(ab.base.services).toEqual([{ name: 'api', logPath: '/logs/base/api.log' }]);
    expect(ab.base.scenarios.map((scenario) => scenario.name)).toEqual(['api/get']);
    for (const key of ['startTime', 'durationMs', 'environment', 'configHash', 'shard', 'interrupted'] as const)
      expect(ab.base[key]).toEqual(results[key]);
    expect(findResultsProblem(results)).toBeUndefined();
  });

  it('records why the base did not run, with no base commit when none was known', () => {
    const baseFailure = { service: 'api', reason: 'did not answer in 30 s', logTail: ['listening?'] };
    const results = assembleResults(
      record({ ab: { schedule: 'duet', seed: 3, services: [], scenarios: [], baseFailure } }),
    );
    expect(results.ab!.baseFailure).toEqual(baseFailure);
    expect(results.ab!.order).toBeUndefined();
    expect(results.ab!.base.git).toBeUndefined();
    expect(results.ab!.base.scenarios).toEqual([]);
  });
});
