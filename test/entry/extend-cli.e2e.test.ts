// compare.extend end to end through the bundled CLI: an A/B gate whose planned window is too short
// to judge runs the scenario on, on the same two services, until the verdict is reached; the
// results file records its looks, and `perfgate compare` reaches the same verdicts from it.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Results } from '../../src/core/types/results.js';
import { alphaShares } from '../../src/core/compare/sequential.js';
import { findResultsProblem } from '../../src/core/results/read.js';
import { sharedBundleDir } from '../bundle.js';
import { serverSource } from '../fakes/ab-checkouts.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-extend-'));
let cli = '';

beforeAll(() => {
  cli = join(sharedBundleDir(), 'cli.js');
}, 120_000);

/** Three 1 s segments: one pair fewer than the paired test takes, so the planned window cannot judge. */
function checkouts(
  name: string,
  headDelayMs: number,
  baseDelayMs: number,
  extend: string,
  more: { duration?: string; compare?: string; flow?: boolean } = {},
): string {
  const config = `services:
  - name: api
    run: node server.mjs
    ready: { http: "http://127.0.0.1:\${port}/health", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:\${port}", warmup: 300ms, segment: 1s }
compare: { extend: { maxDuration: ${extend} }${more.compare ? `, ${more.compare}` : ''} }
scenarios:
  api:
    executor: constant-vus
    vus: 2
    duration: ${more.duration ?? '3s'}
${
  more.flow
    ? `    steps:
      - name: first
        request: { path: /x }
      - name: second
        request: { path: /y }`
    : '    request: { path: /x }'
}
`;
  for (const [side, delayMs] of [
    ['head', headDelayMs],
    ['base', baseDelayMs],
  ] as const) {
    const dir = join(work, name, side);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'server.mjs'), serverSource(delayMs));
    writeFileSync(join(dir, 'perfgate.yml'), config);
  }
  return join(work, name, 'head');
}

function run(cwd: string, args: string[]) {
  return spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
}

function gate(cwd: string) {
  const child = run(cwd, [
    'gate',
    '--base-dir',
    '../base',
    '--baseline-dir',
    '.perfgate',
    '-o',
    'results.json',
    '--format',
    'json',
    '--seed',
    '3',
  ]);
  const results = existsSync(join(cwd, 'results.json'))
    ? (JSON.parse(readFileSync(join(cwd, 'results.json'), 'utf8')) as Results)
    : undefined;
  if (results) expect(findResultsProblem(results)).toBeUndefined();
  return { ...child, results, report: JSON.parse(child.stdout || '{}') as Report };
}

interface Report {
  verdict?: string;
  sequential?: { alphaShares: number[]; looks: number };
  regressions?: { scenario: string; metric: string; look?: number }[];
  scenarios?: {
    name: string;
    notes: string[];
    metrics: { metric: string; verdict: string; look?: number; reasons?: string[] }[];
  }[];
}

describe('perfgate gate with compare.extend', () => {
  it('runs an undecided scenario on until the slower head is found, and compare reads the same verdict', () => {
    const head = checkouts('slow-head', 12, 3, '3x');
    const out = gate(head);
    expect(out.status, out.stderr).toBe(1);
    const scenario = out.results!.scenarios[0]!;
    const looks = scenario.extension?.looks ?? [];
    expect(looks[0]?.segments).toBe(3);
    expect(looks.length).toBeGreaterThanOrEqual(2);
    // The base ran on beside the head, pair for pair.
    expect(out.results!.ab!.base.scenarios[0]!.segments).toHaveLength(scenario.segments.length);
    expect(scenario.segments.length).toBe(looks.at(-1)!.segments);
    expect(looks[1]?.undecided).toContain('p50');
    // An A/B run: every look gets the same share of α.
    expect(out.results!.sequential?.alphaShares).toEqual(alphaShares(true, true));
    expect(out.results!.sequential?.alphaShares).toEqual([1 / 3, 1 / 3, 1 / 3]);
    expect(out.stderr).toMatch(
      /api: .*p50.* undecided; measuring \d s more \(extension 1 of at most 2, compare\.extend\)/,
    );
    const p50 = out.report.regressions?.find((r) => r.metric === 'p50');
    expect(p50?.look).toBeGreaterThanOrEqual(1);
    expect(out.report.scenarios?.[0]?.notes.join(' ')).toMatch(
      /more than planned, in \d extension steps? \(compare\.extend\)/,
    );
    // Judged again from the file: the same looks, the same verdicts.
    const again = run(head, ['compare', '--current', 'results.json', '-c', 'perfgate.yml', '--format', 'json']);
    expect(again.status, again.stderr).toBe(1);
    const verdicts = (report: Report) => report.scenarios?.[0]?.metrics.map((m) => [m.metric, m.verdict, m.look]);
    expect(verdicts(JSON.parse(again.stdout) as Report)).toEqual(verdicts(out.report));
  }, 120_000);

  it("runs a flow on as one when its steps are undecided: every step takes the flow's data, look for look", () => {
    const head = checkouts('flow', 12, 3, '3x', { flow: true });
    const out = gate(head);
    expect(out.status, out.stderr).toBe(1);
    const byName = new Map(out.results!.scenarios.map((scenario) => [scenario.name, scenario]));
    const flow = byName.get('api')!;
    const looks = flow.extension?.looks ?? [];
    expect(looks.length).toBeGreaterThanOrEqual(2);
    for (const name of ['api/first', 'api/second']) {
      const step = byName.get(name)!;
      // The same iterations: as many looks and segments as the flow, in the head and in the base.
      expect(step.extension?.looks.map((look) => look.segments)).toEqual(looks.map((look) => look.segments));
      expect(step.segments).toHaveLength(flow.segments.length);
      const base = out.results!.ab!.base.scenarios.find((scenario) => scenario.name === name)!;
      expect(base.segments).toHaveLength(flow.segments.length);
      expect(step.extension?.looks[1]?.undecided).toContain('p50');
    }
    expect(out.stderr).toMatch(
      /api\/first: [^;]*p50[^;]*undecided[^;]*; api\/second: [^;]*p50[^;]*undecided[^;]*; measuring \d s more/,
    );
    // Each step's slower p50 is found on the extension, as the flow's is.
    const found = (out.report.regressions ?? []).filter((r) => r.metric === 'p50').map((r) => r.scenario);
    expect(found).toEqual(expect.arrayContaining(['api/first', 'api/second']));
    const again = run(head, ['compare', '--current', 'results.json', '-c', 'perfgate.yml', '--format', 'json']);
    expect(again.status, again.stderr).toBe(1);
    const verdicts = (report: Report) =>
      report.scenarios?.map((scenario) => scenario.metrics.map((m) => [scenario.name, m.metric, m.verdict, m.look]));
    expect(verdicts(JSON.parse(again.stdout) as Report)).toEqual(verdicts(out.report));
  }, 120_000);

  // compare.detect: the same build on both sides, planned long enough to judge (6 pairs), with a
  // p50 target no run of this length can see: the scenario runs on to its budget (2 steps, 12 s),
  // and the report says the target was not reached and how to find the length that reaches it.
  it('does not run on for a compare.detect target the budget cannot come near, and says it was not reached', () => {
    const head = checkouts('detect', 3, 3, '2x', {
      duration: '6s',
      compare: 'metrics: [p50], detect: { p50: "0.1%" }',
    });
    const out = gate(head);
    expect([0, 1], out.stderr).toContain(out.status);
    // 0.1% is out of any 2x budget's reach (a 6 s duet sees a few percent at p50): no step is
    // taken for it (the running on for a near target: test/core/compare/sequential.test.ts).
    expect(out.stderr).not.toMatch(/MDE above compare\.detect/);
    expect(JSON.stringify(out.report)).toMatch(
      /compare\.detect: p50 of api could see ±[\d.]+%, not the 0\.1% it targets/,
    );
  }, 120_000);

  it('does not run on with maxDuration 0: the verdict stays inconclusive for too few pairs, a pass', () => {
    const head = checkouts('off', 12, 3, '0');
    const out = gate(head);
    expect(out.status, out.stderr).toBe(0);
    expect(out.results!.scenarios[0]!.extension).toBeUndefined();
    expect(out.results!.sequential).toBeUndefined();
    expect(out.results!.scenarios[0]!.segments).toHaveLength(3);
    const p50 = out.report.scenarios?.[0]?.metrics.find((m) => m.metric === 'p50');
    expect(p50?.verdict).toBe('inconclusive');
    expect(p50?.reasons?.join(' ')).toMatch(/too few segment pairs \(3; the paired test needs 4\)/);
    expect(out.stderr).not.toMatch(/extension 1/);
  }, 120_000);
});
