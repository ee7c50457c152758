import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputFileError } from '../../src/core/errors.js';
import { findResultsFiles, parseUntrustedResults, runReportCommand } from '../../src/entry/report-impl.js';
import { makeResults } from '../core/fixtures.js';

const good = () => makeResults({ seed: 11 });

describe('parseUntrustedResults', () => {
  it('accepts a results file perfgate wrote', () => {
    const results = good();
    expect(parseUntrustedResults(JSON.stringify(results), 'results.json')).toEqual(results);
  });

  it('defuses every @-mention in the strings', () => {
    const results = good();
    results.scenarios[0]!.name = '@octocat/fetch';
    results.environment.runnerName = 'ping @acme/security';
    const parsed = parseUntrustedResults(JSON.stringify(results), 'results.json');
    expect(parsed.scenarios[0]!.name).toBe('@\u2060octocat/fetch');
    expect(JSON.stringify(parsed)).not.toMatch(/@(?!\\u2060)[a-z]/);
  });

  it.each([
    [
      'a wrong type',
      (r: Record<string, unknown>) => ((r.scenarios as Record<string, unknown>[])[0]!.rps = 'fast'),
      /results\.scenarios\[0\]\.rps is not a number/,
    ],
    ['a missing field', (r: Record<string, unknown>) => delete r.environment, /results\.environment is missing/],
    ['another schema version', (r: Record<string, unknown>) => (r.schemaVersion = 2), /schemaVersion 2, not 1/],
    [
      'a line break in a scenario name',
      (r: Record<string, unknown>) => ((r.scenarios as Record<string, unknown>[])[0]!.name = 'a\n## forged'),
      /results\.scenarios\[0\]\.name does not match/,
    ],
    [
      'a histogram that is not base64',
      (r: Record<string, unknown>) => ((r.scenarios as Record<string, unknown>[])[0]!.histogram = '<img src=x>'),
      /results\.scenarios\[0\]\.histogram does not match/,
    ],
  ])('refuses %s, naming where', (_, damage, message) => {
    const results = JSON.parse(JSON.stringify(good())) as Record<string, unknown>;
    damage(results);
    const error = (() => {
      try {
        parseUntrustedResults(JSON.stringify(results), 'results.json');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(InputFileError);
    expect((error as Error).message).toMatch(message);
  });

  it('refuses what is not JSON', () => {
    expect(() => parseUntrustedResults('<html>', 'results.json')).toThrow(/not JSON/);
  });
});

describe('findResultsFiles', () => {
  it('finds the results.json of each downloaded artifact, and none in an empty folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'perfgate-find-'));
    expect(await findResultsFiles(root)).toEqual([]);
    expect(await findResultsFiles(join(root, 'absent'))).toEqual([]);
    for (const name of ['perfgate-b.yml', 'perfgate-a.yml']) {
      mkdirSync(join(root, name));
      writeFileSync(join(root, name, 'results.json'), '{}');
      writeFileSync(join(root, name, 'report.md'), 'forged');
    }
    expect(await findResultsFiles(root)).toEqual([
      join(root, 'perfgate-a.yml', 'results.json'),
      join(root, 'perfgate-b.yml', 'results.json'),
    ]);
    expect(await findResultsFiles(join(root, 'perfgate-a.yml', 'results.json'))).toEqual([
      join(root, 'perfgate-a.yml', 'results.json'),
    ]);
  });
});

describe('perfgate report', () => {
  const run = async (
    options: Partial<Parameters<typeof runReportCommand>[1]> & { currentPath: string },
    env: NodeJS.ProcessEnv = {},
  ) => {
    const stdout = new PassThrough();
    let text = '';
    stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const code = await runReportCommand(
      { stdout, stderr: new PassThrough(), env },
      { format: 'markdown', failOn: 'regression', ...options },
    );
    return { code, text };
  };

  it('renders a results file as the markdown report, with no baseline', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-report-'));
    const results = good();
    writeFileSync(join(dir, 'results.json'), JSON.stringify(results));
    const { code, text } = await run({ currentPath: join(dir, 'results.json') });
    expect(code).toBe(0);
    expect(text).toContain(results.scenarios[0]!.name);
    expect(text).toMatch(/no baseline/i);
  });

  // An unmasked file (an older perfgate's, or a fork's) showed them in the markdown as written.
  it("masks tokens, URL passwords and the job's own secret values on render, in every format", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-report-'));
    const results = good();
    const token = `ghp_${'a1B2c3D4'.repeat(5)}`;
    const scenario = results.scenarios[0]!;
    scenario.generator = {
      ...scenario.generator,
      saturated: true,
      reasons: [`auth ${token}`, 'db postgres://app:hunter2-pw@db.internal/orders', 'deploy with sekret-value-123'],
    };
    const path = join(dir, 'results.json');
    writeFileSync(path, JSON.stringify(results));
    // A baseline file is rendered too: its strings are masked the same way.
    const baseline = good();
    baseline.scenarios[0]!.generator = {
      ...baseline.scenarios[0]!.generator,
      saturated: true,
      reasons: [`old ${token}`],
    };
    const baselinePath = join(dir, 'baseline.json');
    writeFileSync(baselinePath, JSON.stringify(baseline));
    for (const format of ['markdown', 'text', 'json', 'junit', 'gitlab'] as const) {
      const { text } = await run({ currentPath: path, baselinePath, format }, { DEPLOY_TOKEN: 'sekret-value-123' });
      // Markdown escapes the asterisks and breaks the URL with word joiners; the mask is there.
      const plain = text.replace(/\\\*/g, '*').replace(/\u2060/g, '');
      // GitLab's report holds figures only: no reason is written to it, masked or not.
      if (format !== 'gitlab') {
        expect(plain, format).toContain('auth ***');
        expect(plain).toContain('postgres://app:***@db.internal/orders');
      }
      expect(text).not.toContain(token);
      expect(text).not.toContain('hunter2-pw');
      expect(text).not.toContain('sekret-value-123');
    }
  });

  it('names the flag and the fix for a file that is not there', async () => {
    await expect(run({ currentPath: '/nonexistent/results.json' })).rejects.toThrow(
      /--current \/nonexistent\/results.json: no such file; check the path/,
    );
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-report-'));
    writeFileSync(join(dir, 'results.json'), JSON.stringify(good()));
    await expect(
      run({ currentPath: join(dir, 'results.json'), baselinePath: '/nonexistent/baseline.json' }),
    ).rejects.toThrow(new InputFileError('--baseline /nonexistent/baseline.json: no such file; check the path'));
    await expect(run({ currentPath: join(dir, 'results.json'), baselinePath: dir })).rejects.toThrow(
      `--baseline ${dir}: EISDIR: illegal operation on a directory, read; check the path`,
    );
  });
});
