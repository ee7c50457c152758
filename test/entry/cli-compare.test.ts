// `perfgate compare` refuses interrupted results, whichever side they are on (exit 2, the file named),
// and, as `report`, reads ./perfgate.yml without -c when there is one.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { exitCodeFor, InputFileError } from '../../src/core/errors.js';
import { runCompareCommand } from '../../src/entry/cli-impl.js';
import { runReportCommand } from '../../src/entry/report-impl.js';
import { makeResults } from '../core/fixtures.js';
import { makeAbResults } from '../core/ab-fixtures.js';

type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const work = mkdtempSync(join(tmpdir(), 'perfgate-compare-'));

function write(name: string, value: unknown): string {
  const path = join(work, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

function io() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { io: { stdout, stderr, env: {} }, output: () => out, errors: () => err };
}

const fixture = { name: 'api', ratePerSec: 100, segments: 12, segmentMs: 1000 };
const complete = makeResults({ seed: 1, scenarios: [fixture] });
const interrupted = { ...makeResults({ seed: 2, scenarios: [fixture] }), interrupted: true as const };

describe('perfgate compare with an interrupted results file', () => {
  it.each([
    ['--current', 'current.json', interrupted, complete],
    ['--baseline', 'baseline.json', complete, interrupted],
  ])('refuses an interrupted %s with exit 2, naming the file', async (flag, name, current, baseline) => {
    const currentPath = write(`${flag === '--current' ? name : 'ok-current.json'}`, current);
    const baselinePath = write(`${flag === '--baseline' ? name : 'ok-baseline.json'}`, baseline);
    const { io: streams, output } = io();
    const error = await runCompareCommand(streams, {
      baselinePath,
      currentPath,
      format: 'text',
      failOn: 'regression',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputFileError);
    expect(exitCodeFor(error)).toBe(2);
    expect((error as Error).message).toContain(`${flag} ${join(work, name)}: this run was interrupted`);
    expect(output()).toBe('');
  });

  it('compares two complete files', async () => {
    const { io: streams, output } = io();
    const code = await runCompareCommand(streams, {
      baselinePath: write('a.json', complete),
      currentPath: write('b.json', makeResults({ seed: 3, scenarios: [fixture] })),
      format: 'text',
      failOn: 'regression',
    });
    expect(code).toBe(0);
    expect(output()).not.toBe('');
  });

  it("warns that a config's compare.noiseFloor is ignored", async () => {
    const configPath = join(work, 'perfgate.yml');
    writeFileSync(
      configPath,
      'defaults: { baseUrl: "http://127.0.0.1:8080" }\nscenarios:\n  api: { executor: constant-vus, vus: 1, duration: 12s, request: { path: / } }\ncompare: { noiseFloor: 20% }\n',
    );
    const { io: streams, errors } = io();
    await runCompareCommand(streams, {
      baselinePath: write('c.json', complete),
      currentPath: write('d.json', makeResults({ seed: 4, scenarios: [fixture] })),
      configPath,
      format: 'json',
      failOn: 'never',
    });
    expect(errors()).toMatch(/^perfgate: warning: compare\.noiseFloor: 20% is ignored/);
  });
});

describe('perfgate compare with the results of an A/B run', () => {
  const ab = makeAbResults({
    seed: 4,
    schedule: 'duet',
    scenarios: [{ name: 'api', pairs: 12, ratePerSec: 400, headScale: 1.2 }],
  });

  it('pairs the head with the base variant inside them when no --baseline is given', async () => {
    const { io: streams, output } = io();
    const code = await runCompareCommand(streams, {
      currentPath: write('ab.json', ab),
      format: 'json',
      failOn: 'regression',
    });
    const report = JSON.parse(output()) as { mode: string; regressions: { metric: string }[] };
    expect(report.mode).toBe('ab');
    expect(report.regressions.map((r) => r.metric)).toContain('p95');
    expect(code).toBe(1);
  });

  it('compares with an explicit --baseline instead, and says so', async () => {
    const { io: streams, output, errors } = io();
    await runCompareCommand(streams, {
      baselinePath: write('ab-base.json', ab.ab!.base),
      currentPath: write('ab2.json', ab),
      format: 'json',
      failOn: 'regression',
    });
    expect((JSON.parse(output()) as { mode: string }).mode).not.toBe('ab');
    expect(errors()).toContain('is from an A/B run: compared with --baseline');
    expect(errors()).toContain('its head ran beside the base (duet), so it had half the runner');
  });

  it.each<[string, (base: Raw) => void, RegExp]>([
    [
      'counts that do not add up',
      (base) => (base.scenarios[0].requests.ko += 7),
      /results\.ab\.base\.scenarios\[0\]\.requests: ok \d+ \+ ko \d+ is not total \d+/,
    ],
    [
      'garbage segments',
      (base) => (base.scenarios[0].segments = [{ foo: 1 }]),
      /ab\.base\.scenarios\[0\]\.segments\[0\]/,
    ],
    [
      'a segment histogram from another segment',
      (base) => (base.scenarios[0].segments[1].histogram = base.scenarios[0].segments[0].histogram.slice(0, 30)),
      /ab\.base\.scenarios\[0\]\.segments\[1\]\.histogram does not decode/,
    ],
  ])('refuses an A/B base with %s (exit 2), naming the file and the field', async (_name, damage, message) => {
    const damaged = JSON.parse(JSON.stringify(ab)) as { ab: { base: Raw } };
    damage(damaged.ab.base);
    const path = write(`ab-damaged-${_name.replace(/\W+/g, '-')}.json`, damaged);
    const { io: streams, output } = io();
    const error = await runCompareCommand(streams, { currentPath: path, format: 'json', failOn: 'regression' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InputFileError);
    expect(exitCodeFor(error)).toBe(2);
    expect((error as Error).message).toContain(path);
    expect((error as Error).message).toMatch(message);
    expect(output()).toBe('');
  });

  it('asks for --baseline when the results hold no base variant, naming the file and the fix', async () => {
    const { io: streams } = io();
    const path = write('plain.json', complete);
    const error = await runCompareCommand(streams, { currentPath: path, format: 'text', failOn: 'regression' }).catch(
      (e: unknown) => e,
    );
    expect(exitCodeFor(error)).toBe(2);
    expect((error as Error).message).toBe(
      `--baseline is required: ${path} holds no base variant to pair with (it is not from an A/B run, or its base did not boot); name the results or baseline to compare with, like --baseline base.json`,
    );
  });
});

describe('perfgate compare and report without -c', () => {
  const config = (threshold: string): string =>
    `defaults: { baseUrl: "http://127.0.0.1:8080" }\nscenarios:\n  api: { executor: constant-vus, vus: 1, duration: 12s, request: { path: / } }\nthresholds:\n  api: ["${threshold}"]\n`;

  async function inFolder<T>(folder: string, body: () => Promise<T>): Promise<T> {
    const before = process.cwd();
    process.chdir(folder);
    try {
      return await body();
    } finally {
      process.chdir(before);
    }
  }

  it('judges with ./perfgate.yml when there is one, as the other commands do', async () => {
    const folder = mkdtempSync(join(work, 'with-config-'));
    writeFileSync(join(folder, 'perfgate.yml'), config('p(95)<0.001'));
    const baselinePath = write('e.json', complete);
    const currentPath = write('f.json', makeResults({ seed: 5, scenarios: [fixture] }));
    const { io: streams, output, errors } = io();
    const code = await inFolder(folder, () =>
      runCompareCommand(streams, { baselinePath, currentPath, format: 'text', failOn: 'regression' }),
    );
    // The config's threshold is what fails the comparison.
    expect(code).toBe(1);
    expect(output()).toContain('✗ p(95)<0.001');
    expect(errors()).not.toContain('no -c');
    const report = io();
    const reportCode = await inFolder(folder, () =>
      runReportCommand(report.io, { currentPath, format: 'text', failOn: 'regression' }),
    );
    expect(reportCode).toBe(1);
    expect(report.output()).toContain('✗ p(95)<0.001');
  });

  it('says so on stderr when there is no ./perfgate.yml, and judges without thresholds', async () => {
    const folder = mkdtempSync(join(work, 'no-config-'));
    const { io: streams, output, errors } = io();
    const code = await inFolder(folder, () =>
      runCompareCommand(streams, {
        baselinePath: write('g.json', complete),
        currentPath: write('h.json', makeResults({ seed: 6, scenarios: [fixture] })),
        format: 'text',
        failOn: 'regression',
      }),
    );
    expect(code).toBe(0);
    expect(output()).not.toContain('thresholds:');
    expect(errors()).toContain('perfgate: note: no -c and no perfgate.yml in');
  });
});
