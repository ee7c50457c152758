// `perfgate trends` (text, markdown, slack, json and the html page) over runs saved by
// `perfgate gate --save` in a real baseline directory: 20
// short runs, one endpoint 20% slower from the 11th commit on, the other flat. Driven in-process
// against loopback targets; the step is a second target with a longer service time (the base URL
// is not part of the config hash, so both configs keep one series of baselines). Service times of
// 20 ms: at 10 ms the millisecond a busy machine adds to a run for minutes was a real level shift
// of ~10%, found as a change point of its own.
// The step is in the middle, 10 runs on each side: written for the rank statistic and permutation
// test detector before issue 39, which needed about that many; the t-test needs fewer, and the
// test keeps 10 and 10 so that the loopback timings' own noise never decides it. A 0.5 s window holds
// ~50 requests per endpoint at 20 ms: its p50 is the service time, as a 1 s one's is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { textSink } from '../fakes/streams.js';
import { runTrendsCommand } from '../../src/entry/trends-impl.js';
import { parseTrendsFormat, type TrendsFormat } from '../../src/core/options.js';
import { Window } from 'happy-dom';
import { startTargetServer, type TargetServer } from '../fakes/target-server.js';
import { historySha, saveStepHistory } from '../fakes/trends-history.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-trends-'));
const baselineDir = join(work, 'baselines');
const RUNS = 20;
const STEP_AT = 10; // the 11th commit
const sha = historySha;
let flat: TargetServer;
let before: TargetServer;
let after: TargetServer;

beforeAll(async () => {
  flat = await startTargetServer({ delayMs: 20 });
  before = await startTargetServer({ delayMs: 20 });
  after = await startTargetServer({ delayMs: 24 });
  await saveStepHistory(work, { flat, before, after }, RUNS, STEP_AT);
}, 600_000);

afterAll(async () => {
  await Promise.all([flat.close(), before.close(), after.close()]);
});

async function trends(format: TrendsFormat, env: NodeJS.ProcessEnv = {}, outputPath?: string) {
  const io = { stdout: textSink(), stderr: textSink(), env };
  const code = await runTrendsCommand(io, {
    configPath: join(work, 'perfgate.yml'),
    configDefaulted: false,
    baselineDir,
    files: [],
    format,
    failOn: 'regression',
    ...(outputPath === undefined ? {} : { outputPath }),
  });
  return { code, stdout: io.stdout.text, stderr: io.stderr.text };
}

describe('perfgate trends over a baseline directory', () => {
  it('keeps every run in the stored runs, failed ones marked, with its commit', () => {
    const newest = readdirSync(baselineDir).sort().at(-1)!;
    const baseline = JSON.parse(readFileSync(join(baselineDir, newest), 'utf8'));
    expect(baseline.trends).toHaveLength(RUNS);
    expect(baseline.trends.map((run: { commit: string }) => run.commit).reverse()).toEqual(
      Array.from({ length: RUNS }, (_, i) => sha(i)),
    );
    expect(baseline.trends[0].verdict).toMatch(/^(pass|fail)$/);
  });

  it('reports exactly one change point, on the stepped endpoint at the 20th commit', async () => {
    const { code, stdout } = await trends('json');
    const report = JSON.parse(stdout);
    expect(report.runs).toBe(RUNS);
    expect(report.changePoints).toHaveLength(1);
    const [point] = report.changePoints;
    expect(point).toMatchObject({ scenario: 'step', metric: 'p50', index: STEP_AT, commit: sha(STEP_AT) });
    expect(point.previousCommit).toBe(sha(STEP_AT - 1));
    expect(point.change).toBeGreaterThan(0.1);
    expect(point.after / point.before - 1).toBeCloseTo(point.change, 10);
    expect(point.pValue).toBeLessThanOrEqual(0.001);
    expect(point.recovered).toBe(false);
    expect(point.regression).toBe(true);
    expect(code).toBe(1); // --fail-on regression, and it has not recovered
  });

  it('reads the same runs from a saved baseline named as a file, without the store', async () => {
    const newest = readdirSync(baselineDir).sort().at(-1)!;
    const io = { stdout: textSink(), stderr: textSink(), env: {} };
    await runTrendsCommand(io, {
      configPath: join(work, 'no-such.yml'),
      configDefaulted: true,
      files: [join(baselineDir, newest), join(work, 'results.json')],
      format: 'json',
      failOn: 'never',
    });
    const report = JSON.parse(io.stdout.text);
    expect(report.runs).toBe(RUNS); // the last results file is the newest stored run: counted once
    expect(report.changePoints.map((p: { index: number }) => p.index)).toEqual([STEP_AT]);
  });

  it('renders the same change as text, markdown with compare links and a chart, and one Slack line', async () => {
    const env = { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/shop' };
    expect((await trends('text')).stdout).toMatch(/step p50 \+\d+\.\d% .* at run 11 \(000bccc/);
    const markdown = (await trends('markdown', env)).stdout;
    expect(markdown).toContain(`https://github.com/acme/shop/compare/${sha(STEP_AT - 1)}...${sha(STEP_AT)}`);
    expect(markdown).toContain('```mermaid');
    expect(markdown).toContain('change at run 11');
    const slack = (await trends('slack', env)).stdout.trim().split('\n');
    expect(slack).toHaveLength(1);
    expect(slack[0]).toMatch(/step p50 \+\d/);
  });

  it('writes the html page with -o: a chart per series, the change point on the stepped run, nothing on stdout', async () => {
    const env = { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/shop' };
    const path = join(work, 'site', 'trends.html');
    const { code, stdout, stderr } = await trends('html', env, path);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(`wrote ${path}`);
    const window = new Window();
    try {
      const doc = new window.DOMParser().parseFromString(readFileSync(path, 'utf8'), 'text/html');
      expect(doc.querySelector('h1')!.textContent).toBe('perfgate trends · acme/shop');
      const figures = [...doc.querySelectorAll('figure.series')];
      expect(figures.length % 2).toBe(0); // the same metrics for both endpoints
      expect(new Set(figures.map((f) => f.getAttribute('data-scenario')))).toEqual(new Set(['step', 'flat']));
      for (const figure of figures) expect(figure.querySelectorAll('circle.point')).toHaveLength(RUNS);
      const marker = doc.querySelector('figure[data-scenario="step"][data-metric="p50"] g.change-point')!;
      expect(marker.getAttribute('data-run')).toBe(String(STEP_AT));
      expect(doc.querySelectorAll('figure[data-scenario="flat"] g.change-point')).toHaveLength(0);
    } finally {
      await window.happyDOM.close();
    }
  });

  it('names a bad --format or -o, and the fix', async () => {
    expect(() => parseTrendsFormat('pdf')).toThrow(
      '--format: "pdf" is not one of "text", "markdown", "slack", "json", "html"',
    );
    await expect(trends('html', {}, work)).rejects.toThrow(`-o ${work}: is a `);
  });
});
