// `perfgate compare` refuses interrupted results, whichever side they are on (exit 2, the file named).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { exitCodeFor, InputFileError } from '../../src/core/errors.js';
import { runCompareCommand } from '../../src/entry/cli-impl.js';
import { makeResults } from '../core/fixtures.js';

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
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return { io: { stdout, stderr, env: {} }, output: () => out };
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
    const error = await runCompareCommand(streams, { baselinePath, currentPath, format: 'text', failOn: 'regression' }).catch((e: unknown) => e);
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
});
