// junit-path and gitlab-path: the bundled action writes the comparison for other CI systems, valid
// against the JUnit schema and GitLab's shape, and a file it cannot write is a warning that leaves
// the verdict, its outputs and the other file alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { makeWorkDir, quickOrdersConfig, repoRoot, startActionWorld, type ActionWorld } from './action-harness.js';
import { junitSchemaErrors } from '../core/report/junit-schema.js';

const work = makeWorkDir('action-report-files');
let world: ActionWorld;

const validateGitlab = new Ajv({ strict: true, allErrors: true }).compile(
  JSON.parse(readFileSync(join(repoRoot, 'test/fixtures/gitlab-load-performance.schema.json'), 'utf8')) as object,
);

// One threshold no service meets, one every service does: a failure and a pass in the JUnit file.
const config = quickOrdersConfig('files/fetch', {
  extra: 'thresholds:\n  "files/fetch": ["p(95)<0.001", "error_rate<0.5"]\n',
});

beforeAll(async () => {
  world = await startActionWorld({ work });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

describe('junit-path and gitlab-path', () => {
  it('writes both files, valid, with the breached threshold as the one failure', async () => {
    const run = await world.runStep({
      event: 'push',
      files: { 'perfgate.yml': config },
      inputs: { 'junit-path': 'reports/junit.xml', 'gitlab-path': 'reports/load-performance.json', 'fail-on': 'never' },
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.verdict).toBe('fail');

    const xml = readFileSync(join(run.workspace, 'reports/junit.xml'), 'utf8');
    expect(await junitSchemaErrors(xml)).toEqual([]);
    expect(xml.match(/<testsuite /g)).toHaveLength(1);
    expect(xml.match(/<failure /g)).toHaveLength(1);
    expect(xml).toMatch(/<failure type="threshold" message="breached: p\(95\)&lt;0\.001: [\d.]+ ms">/);
    // No baseline on a first push: the comparison is a skip that says why, not a pass.
    expect(xml).toMatch(/<skipped type="not-compared" message="no usable baseline \(missing/);

    const report = JSON.parse(readFileSync(join(run.workspace, 'reports/load-performance.json'), 'utf8')) as {
      metrics: Record<string, Record<string, number>>;
    };
    expect(validateGitlab(report), JSON.stringify(validateGitlab.errors)).toBe(true);
    // What GitLab's widget shows: a rate, the time to first byte (the engine measures it beside the
    // full time) and every request's check passed.
    expect(report.metrics.http_reqs!.rate).toBeGreaterThan(0);
    expect(report.metrics.http_req_waiting!['p(95)']).toBeGreaterThan(0);
    expect(report.metrics.http_req_waiting!['p(95)']).toBeLessThanOrEqual(report.metrics.http_req_duration!['p(95)']!);
    expect(report.metrics.checks!.fails).toBe(0);
    expect(run.stdout).toContain('written to reports/junit.xml (junit-path)');
  });

  it('warns about a file it cannot write and keeps the verdict, its outputs and the other file', async () => {
    const workspace = join(work, 'unwritable');
    mkdirSync(join(workspace, 'taken'), { recursive: true });
    const run = await world.runStep({
      event: 'push',
      workspace,
      files: { 'perfgate.yml': config },
      // A folder where the file should go: the write fails.
      inputs: { 'junit-path': 'taken', 'gitlab-path': 'out/gitlab.json' },
    });
    // fail-on regression: the breached threshold fails the step, as without the inputs.
    expect(run.code, run.stdout).toBe(1);
    expect(run.outputs.verdict).toBe('fail');
    expect(run.outputs['report-markdown']).toContain('FAIL');
    expect(run.stdout).toMatch(/::warning::perfgate: the JUnit report was not written: junit-path taken: /);
    expect(run.stdout).toContain('The verdict stands');
    expect(existsSync(join(workspace, 'out/gitlab.json'))).toBe(true);
  });
});
