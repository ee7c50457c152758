// `--format junit` and `--format gitlab` as a user meets them: the bundled dist/cli.js comparing two
// results files, its output valid against the JUnit schema and GitLab's shape, the exit code the
// same as in any other format, and `trends` (which has neither) refusing them by name.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { runCli, sharedBundleDir, type CliRun } from '../bundle.js';
import { makeResults } from '../core/fixtures.js';
import { junitSchemaErrors } from '../core/report/junit-schema.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-formats-'));
let cli = '';

function perfgate(args: string[]): CliRun {
  return runCli(cli, args, work, 60_000);
}

// A name with markup in it, as a config may hold; the service four times slower in the current run (far past what the runner-noise prior, 4× as noisy, could explain: a verdict, not a warning).
const name = 'GET /orders?<id>&"x"';
const baseline = join(work, 'baseline.json');
const current = join(work, 'current.json');

beforeAll(() => {
  cli = join(sharedBundleDir(), 'cli.js');
  const scenario = { name, ratePerSec: 200, segments: 30 };
  writeFileSync(baseline, JSON.stringify(makeResults({ seed: 1, scenarios: [scenario] })));
  writeFileSync(current, JSON.stringify(makeResults({ seed: 2, scenarios: [{ ...scenario, scale: 4 }] })));
}, 120_000);

describe('perfgate compare --format junit|gitlab', () => {
  it('writes valid JUnit XML with the regressions as failures, and exits 1 as the text report does', async () => {
    const text = perfgate(['compare', '--baseline', baseline, '--current', current]);
    const junit = perfgate(['compare', '--baseline', baseline, '--current', current, '--format', 'junit']);
    expect(junit.code, junit.stderr).toBe(1);
    expect(text.code).toBe(1);
    expect(await junitSchemaErrors(junit.stdout)).toEqual([]);
    expect(junit.stdout).toContain('<testsuite name="GET /orders?&lt;id&gt;&amp;&quot;x&quot;"');
    const regressions = [...text.stdout.matchAll(/^ {2}- (p\d+|rps|error rate) of /gm)].length;
    expect(regressions).toBeGreaterThan(0);
    expect(junit.stdout.match(/<failure type="regression"/g)).toHaveLength(regressions);
  });

  it("writes GitLab's load-performance JSON", () => {
    const gitlab = perfgate(['compare', '--baseline', baseline, '--current', current, '--format', 'gitlab']);
    expect(gitlab.code, gitlab.stderr).toBe(1);
    const schema = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../fixtures/gitlab-load-performance.schema.json'), 'utf8'),
    ) as object;
    const validate = new Ajv({ strict: true, allErrors: true }).compile(schema);
    const report = JSON.parse(gitlab.stdout) as { metrics: Record<string, { count?: number }> };
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    const results = JSON.parse(readFileSync(current, 'utf8')) as { scenarios: { requests: { total: number } }[] };
    expect(report.metrics.http_reqs?.count).toBe(results.scenarios[0]!.requests.total);
  });

  it('writes both files beside the text report with --junit and --gitlab, and refuses a path that cannot take one before reading anything', async () => {
    const junitPath = join(work, 'out', 'junit.xml');
    const gitlabPath = join(work, 'out', 'load-performance.json');
    const run = perfgate([
      'compare',
      '--baseline',
      baseline,
      '--current',
      current,
      '--junit',
      junitPath,
      '--gitlab',
      gitlabPath,
    ]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^perfgate: ✗ FAIL — 5 regressions/);
    expect(await junitSchemaErrors(readFileSync(junitPath, 'utf8'))).toEqual([]);
    expect(JSON.parse(readFileSync(gitlabPath, 'utf8')).perfgate.verdict).toBe('fail');
    expect(run.stderr).toContain(`the JUnit report written to ${junitPath} (--junit)`);

    const folder = join(work, 'out');
    const refused = perfgate(['compare', '--baseline', baseline, '--current', current, '--junit', folder]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`--junit ${folder}: is a folder; name a file in it`);
    expect(refused.stdout).toBe('');
  });

  it('names the formats there are, for a format there is not', () => {
    const run = perfgate(['compare', '--baseline', baseline, '--current', current, '--format', 'xml']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      '--format: "xml" is not one of "text", "markdown", "slack", "json", "junit", "gitlab"',
    );
    const trends = perfgate(['trends', baseline, current, '--format', 'junit']);
    expect(trends.code).toBe(2);
    expect(trends.stderr).toContain('--format: "junit" is not one of "text", "markdown", "slack", "json"');
  });
});
