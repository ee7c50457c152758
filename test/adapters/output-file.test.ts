// -o checked before the load starts, and written whole or not at all (issue 21).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InputFileError } from '../../src/core/errors.js';
import { checkOutputPath, writeFileAtomic } from '../../src/adapters/output-file.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'perfgate-output-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function refusal(target: string): Promise<Error | undefined> {
  return checkOutputPath(target, '-o').then(
    () => undefined,
    (error: unknown) => error as Error,
  );
}

describe('checkOutputPath', () => {
  it.each([
    ['an empty path', () => '', /-o: the path is empty/],
    ['a folder', () => dir, /is a folder/],
    ['a device such as /dev/full', () => '/dev/full', /\/dev\/full: is not a regular file/],
    [
      'a path under a file',
      () => {
        writeFileSync(path.join(dir, 'plain'), 'x');
        return path.join(dir, 'plain', 'results.json');
      },
      /cannot be written \(E(NOTDIR|EXIST)/,
    ],
  ])('refuses %s with exit 2, naming the input', async (_name, target, message) => {
    const error = await refusal(target());
    expect(error).toBeInstanceOf(InputFileError);
    expect(error!.message).toMatch(message);
  });

  it('accepts a new file in a new folder and leaves nothing behind', async () => {
    const target = path.join(dir, 'new', 'results.json');
    expect(await refusal(target)).toBeUndefined();
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(path.join(dir, 'new'))).toEqual([]);
  });
});

describe('writeFileAtomic', () => {
  it('writes the whole text', async () => {
    const target = path.join(dir, 'out.json');
    await writeFileAtomic(target, '{"a":1}\n');
    expect(readFileSync(target, 'utf8')).toBe('{"a":1}\n');
  });

  it('a failed write leaves the path as it was and no temporary file', async () => {
    const target = path.join(dir, 'taken');
    mkdirSync(target);
    writeFileSync(path.join(target, 'inside'), 'kept');
    await expect(writeFileAtomic(target, 'text', '-o')).rejects.toThrow(InputFileError);
    expect(readFileSync(path.join(target, 'inside'), 'utf8')).toBe('kept');
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
