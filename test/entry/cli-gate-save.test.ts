// `perfgate gate --save`: a run that failed the gate is not saved as the baseline unless
// `--save always` asks for it. Driven in-process against a loopback target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { textSink } from '../fakes/streams.js';
import { againHint, runCompareCommand, runGateCommand } from '../../src/entry/cli-impl.js';
import type { SaveMode } from '../../src/core/save-policy.js';
import { startTargetServer, type TargetServer } from '../fakes/target-server.js';
import { makeAbResults } from '../core/ab-fixtures.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-gate-save-'));
let server: TargetServer;
beforeAll(async () => {
  server = await startTargetServer({ delayMs: 1 });
});
afterAll(async () => {
  await server.close();
});

function config(threshold: string): string {
  const path = join(work, `perfgate-${threshold.replace(/\W/g, '')}.yml`);
  writeFileSync(
    path,
    `defaults: { baseUrl: "${server.url}", warmup: 200ms }
scenarios:
  api:
    executor: constant-vus
    vus: 2
    duration: 1s
    request: { path: / }
thresholds:
  api: ["${threshold}"]
`,
  );
  return path;
}

async function gate(configPath: string, baselineDir: string, save: SaveMode | undefined) {
  const io = { stdout: textSink(), stderr: textSink(), env: {} };
  const code = await runGateCommand(io, {
    configPath,
    baselineDir,
    outputPath: join(work, 'results.json'),
    logDir: join(work, 'logs'),
    format: 'text',
    failOn: 'regression',
    ...(save ? { save } : {}),
  });
  return { code, stderr: io.stderr.text, saved: readdirSafe(baselineDir) };
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
}

describe('perfgate gate --save', () => {
  it('says, without --save and with no baseline, that the run was not saved and names --save', async () => {
    const dir = join(work, 'never-saved');
    const first = await gate(config('p(50)<10000'), dir, undefined);
    expect(first.code).toBe(0);
    expect(first.saved).toEqual([]);
    expect(first.stderr).toContain('this run was not saved as one (no --save)');
    expect(first.stderr).toContain('run once with --save');
    // With --save the note is not there, and the next run without it has a baseline: no note either.
    const saved = await gate(config('p(50)<10000'), dir, 'pass');
    expect(saved.stderr).not.toContain('no --save');
    expect(saved.saved.length).toBeGreaterThan(0);
    const next = await gate(config('p(50)<10000'), dir, undefined);
    expect(next.stderr).not.toContain('no --save');
  });

  it('does not save a run that failed the gate, and says why and how to accept it', async () => {
    const dir = join(work, 'failed');
    const { code, stderr, saved } = await gate(config('p(50)<0.001'), dir, 'pass');
    expect(code).toBe(1);
    expect(saved).toEqual([]);
    expect(stderr).toContain(
      'perfgate: this run failed the gate (1 breached threshold), so it was not saved as the baseline',
    );
    expect(stderr).toContain('accept it with --save always');
  }, 30_000);

  it('saves a failed run with --save always, and a passing one with --save', async () => {
    const always = await gate(config('p(50)<0.001'), join(work, 'always'), 'always');
    expect(always.code).toBe(1);
    expect(always.saved).toHaveLength(1);
    expect(always.stderr).toMatch(
      /saved this run as the new baseline in .* \(saved although it failed the gate \(1 breached threshold\), as --save always asks\)/,
    );

    const passing = await gate(config('p(50)<5000'), join(work, 'passing'), 'pass');
    expect(passing.code).toBe(0);
    expect(passing.saved).toHaveLength(1);
  }, 30_000);

  it('names, after the run, a compare command that works: the stored baseline it was judged against', async () => {
    const dir = join(work, 'again');
    const cfg = config('p(50)<4000');
    const first = await gate(cfg, dir, 'pass');
    // No baseline yet: `compare` would refuse the file (no --baseline), so the line names `report`.
    expect(first.stderr).toContain('no baseline to compare them with; perfgate report --current');
    const second = await gate(cfg, dir, undefined);
    const hint = /compare them again with perfgate compare --baseline (\S+) --current (\S+) -c (\S+)\)/.exec(
      second.stderr,
    );
    expect(hint?.slice(1)).toEqual([join(dir, first.saved[0]!), join(work, 'results.json'), cfg]);
    const io = { stdout: textSink(), stderr: textSink(), env: {} };
    const code = await runCompareCommand(io, {
      baselinePath: hint![1]!,
      currentPath: hint![2]!,
      configPath: hint![3]!,
      format: 'text',
      failOn: 'regression',
    });
    expect(code).toBe(0);
  }, 30_000);

  it('names no --baseline for A/B results, and the stored one when the base did not boot', () => {
    const options = { outputPath: 'r.json', configPath: 'perfgate.yml' };
    const found = { kind: 'found', text: '{}', source: '.perfgate/b.json' } as const;
    const ab = makeAbResults({ seed: 1, schedule: 'duet', scenarios: [{ name: 'api', pairs: 12 }] });
    const failedBase = { ...ab, ab: { ...ab.ab!, baseFailure: { service: 'api', reason: 'exited 1', logTail: [] } } };
    expect(againHint(options, ab, found)).toBe('compare them again with perfgate compare --current r.json');
    expect(againHint(options, failedBase, found)).toBe(
      'compare them again with perfgate compare --baseline .perfgate/b.json --current r.json',
    );
  });

  it('names the seed the gate judged with, and the stored baseline when the A/B base could not serve', () => {
    const options = { outputPath: 'r.json', configPath: 'perfgate.yml' };
    const found = { kind: 'found', text: '{}', source: '.perfgate/b.json' } as const;
    const run = (errorRate?: number) =>
      makeAbResults({
        seed: 1,
        schedule: 'duet',
        scenarios: [{ name: 'api', pairs: 12, ...(errorRate === undefined ? {} : { errorRate, headErrorRate: 0 }) }],
      });
    // The bootstrap's seed moves a p-value near α: without it, compare judges with another one.
    expect(againHint({ ...options, seed: 7 }, run(), found)).toBe(
      'compare them again with perfgate compare --current r.json --seed 7',
    );
    // Judged against the stored baseline, as a base that did not boot is: compare without it has no reference.
    expect(againHint(options, run(0.6), found)).toBe(
      'compare them again with perfgate compare --baseline .perfgate/b.json --current r.json',
    );
  });

  it('saves nothing without --save', async () => {
    const { saved } = await gate(config('p(50)<5000'), join(work, 'none'), undefined);
    expect(saved).toEqual([]);
  }, 30_000);
});
