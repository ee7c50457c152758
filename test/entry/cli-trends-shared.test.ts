// `perfgate trends --fail-on regression` on a crafted saved baseline: a commit that slows every
// scenario at once (the 4 of 4 scenarios +50%, one environment) is a regression of each,
// not "the runner"; a step while the runner's measured competing work rose is the runner's.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { textSink } from '../fakes/streams.js';
import { runTrendsCommand } from '../../src/entry/trends-impl.js';
import { createBaseline } from '../../src/core/results/baseline.js';
import type { HistoryEntry } from '../../src/core/types/results.js';
import { createRng } from '../../src/core/stats/prng.js';
import { makeResults } from '../core/fixtures.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-trends-shared-'));
const NAMES = ['cart', 'checkout', 'search', 'users'];

/** 30 nightly runs of 4 scenarios with 3% noise, every p50 ×1.5 from the 16th; `cores(i)` the runner's other work. */
function history(cores?: (i: number) => number): HistoryEntry[] {
  const rng = createRng(39);
  return Array.from({ length: 30 }, (_, i) => ({
    commit: `${(i + 1).toString(16).padStart(4, '0')}${'a'.repeat(36)}`,
    date: new Date(Date.UTC(2026, 10, 1 + i, 3)).toISOString(),
    verdict: 'pass' as const,
    environmentFingerprint: 'f00dfeed0001',
    scenarios: Object.fromEntries(
      NAMES.map((name, k) => {
        const p50 = (5 + 5 * k) * (i >= 15 ? 1.5 : 1) * Math.exp(0.03 * rng.normal());
        return [
          name,
          {
            p50,
            p90: p50 * 1.4,
            p95: p50 * 1.6,
            p99: p50 * 2.2,
            rps: 200,
            errorRate: 0,
            count: 4000,
            ...(cores ? { otherCores: cores(i) } : {}),
          },
        ];
      }),
    ),
  }));
}

async function trends(runs: HistoryEntry[], name: string) {
  const base = createBaseline(makeResults({ seed: 1, scenarios: [{ name: 'cart' }] }), undefined, {
    savedAt: runs.at(-1)!.date,
    historyLength: 10,
  });
  const path = join(work, name);
  writeFileSync(path, JSON.stringify({ ...base, trends: [...runs].reverse() }));
  const io = { stdout: textSink(), stderr: textSink(), env: {} };
  const code = await runTrendsCommand(io, {
    configPath: join(work, 'perfgate.yml'),
    configDefaulted: true,
    files: [path],
    format: 'json',
    failOn: 'regression',
  });
  return { code, json: JSON.parse(io.stdout.text), stderr: io.stderr.text };
}

describe('perfgate trends when every scenario moved at one commit', () => {
  it('reports a regression in each and fails, saying they moved together', async () => {
    const { code, json } = await trends(history(), 'all-slower.json');
    expect(code).toBe(1);
    expect(json.changePoints.map((p: { scenario: string; index: number }) => [p.scenario, p.index])).toEqual(
      NAMES.map((name) => [name, 15]),
    );
    expect(json.sharedShifts).toEqual([]);
    expect(json.commonChanges).toHaveLength(1);
    expect(json.commonChanges[0]).toMatchObject({ index: 15, scenarios: NAMES, unmoved: [] });
  });

  it('blames the runner, and passes, when its measured competing work rose at that run', async () => {
    const { code, json } = await trends(
      history((i) => (i >= 15 ? 1.2 : 0.1)),
      'busier-runner.json',
    );
    expect(code).toBe(0);
    expect(json.changePoints).toEqual([]);
    expect(json.sharedShifts.find((s: { metric: string }) => s.metric === 'p50')).toMatchObject({
      index: 15,
      scenarios: NAMES,
      machine: { before: 0.1, after: 1.2 },
    });
  });
});

describe('perfgate trends with a results file that is not there', () => {
  it('names the file and says what files it reads', async () => {
    const io = { stdout: textSink(), stderr: textSink(), env: {} };
    const missing = join(work, 'missing.json');
    await expect(
      runTrendsCommand(io, {
        configPath: join(work, 'perfgate.yml'),
        configDefaulted: true,
        files: [missing],
        format: 'json',
        failOn: 'regression',
      }),
    ).rejects.toThrow(`${missing}: no such file; name results files written by "perfgate run -o" or saved baselines`);
  });
});
