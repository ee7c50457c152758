// The published results schema: strict-valid under ajv, and every file perfgate writes passes it
// through the one reader (src/core/results/read.ts): plain runs, A/B runs with their base, stored
// baselines with a history. The end-to-end tests check real runs' files the same way.
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBaseline } from '../../src/core/results/baseline.js';
import { findBaselineProblem, findResultsProblem, readResultsText } from '../../src/core/results/read.js';
import { makeAbResults } from '../core/ab-fixtures.js';
import { makeResults } from '../core/fixtures.js';

const root = resolve(import.meta.dirname, '../..');
const schema = JSON.parse(readFileSync(join(root, 'schema/perfgate-results.schema.json'), 'utf8')) as {
  $id: string;
};
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; files: string[] };

describe('schema/perfgate-results.schema.json', () => {
  it('compiles under strict mode and is published with the package at its version', () => {
    expect(() => new Ajv({ strict: true, allowUnionTypes: true }).compile(schema)).not.toThrow();
    expect(schema.$id).toContain(`/v${pkg.version}/schema/perfgate-results.schema.json`);
    expect(pkg.files).toContain('schema/perfgate-results.schema.json');
  });

  it('accepts the files perfgate writes: a run, an A/B run with its base, a baseline with history', () => {
    const run = makeResults({
      seed: 1,
      scenarios: [{ name: 'api/get' }, { name: 'api/post', executor: 'constant-vus' }],
    });
    expect(findResultsProblem(run)).toBeUndefined();
    const ab = makeAbResults({ seed: 2, schedule: 'duet', scenarios: [{ name: 'api/get' }] });
    expect(ab.ab?.base).toBeDefined();
    expect(findResultsProblem(ab)).toBeUndefined();
    const first = createBaseline(run, undefined, { savedAt: run.startTime, historyLength: 10 });
    const second = createBaseline(makeResults({ seed: 3 }), first, { savedAt: run.startTime, historyLength: 10 });
    expect(second.history).toHaveLength(1);
    expect(findBaselineProblem(second)).toBeUndefined();
  });

  it('refuses a damaged A/B base the way it refuses the head, naming where', () => {
    const ab = makeAbResults({ seed: 4, schedule: 'duet', scenarios: [{ name: 'api/get' }] });
    (ab.ab!.base.scenarios[0] as { rps: unknown }).rps = 'fast';
    expect(findResultsProblem(ab)).toBe('results.ab.base.scenarios[0].rps is not a number');
  });

  it('reads untrusted text with every @ defused, and trusted text as written', () => {
    const run = makeResults({ seed: 5, scenarios: [{ name: '@octocat/get' }] });
    const text = JSON.stringify(run);
    const untrusted = readResultsText(text, 'untrusted');
    const trusted = readResultsText(text, 'trusted');
    expect('results' in untrusted && untrusted.results.scenarios[0]!.name).toBe('@\u2060octocat/get');
    expect('results' in trusted && trusted.results.scenarios[0]!.name).toBe('@octocat/get');
  });
});
