// The files perfgate writes where the user said (-o): checked before the load starts, so that a
// bad path (a folder, /dev/full, nothing at all) costs no measurement, and written atomically, so
// that a full disk leaves the previous file (or none), never a 0-byte or cut-off one.
import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { InputFileError } from '../core/errors.js';

function reason(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return code ? `${code}: ${message.replace(/^[A-Z]+: /, '').split(',')[0]}` : String(message);
}

/** Refuses, with exit 2 and the flag and value named, an output path that cannot take the file. */
export async function checkOutputPath(path: string, flag: string): Promise<void> {
  if (path.trim() === '') throw new InputFileError(`${flag}: the path is empty; name a file such as results.json`);
  const info = await stat(path).catch(() => undefined);
  if (info?.isDirectory())
    throw new InputFileError(`${flag} ${path}: is a folder; name a file in it, such as ${join(path, 'results.json')}`);
  if (info && !info.isFile())
    throw new InputFileError(
      `${flag} ${path}: is not a regular file (a device or a pipe), so the results could be lost; name a file such as results.json`,
    );
  // A probe beside it: the folder exists (or can be made) and takes a file.
  const probe = temporaryBeside(path);
  try {
    await mkdir(dirname(path), { recursive: true });
    const handle = await open(probe, 'wx');
    try {
      await handle.write('{}\n');
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new InputFileError(`${flag} ${path}: cannot be written (${reason(error)}); name a writable file`);
  } finally {
    await rm(probe, { force: true }).catch(() => undefined);
  }
}

function temporaryBeside(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/** Writes `text` to `path` through a temporary file beside it and a rename: whole, or not at all. */
export async function writeFileAtomic(path: string, text: string, flag = 'output'): Promise<void> {
  const temporary = temporaryBeside(path);
  try {
    await mkdir(dirname(path), { recursive: true });
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw new InputFileError(`${flag} ${path}: could not be written (${reason(error)}); the file was left as it was`);
  }
}

/** Adds `text` at the end of `path` (made when missing): for a file others write too, such as the job summary. */
export async function appendText(path: string, text: string, flag = 'output'): Promise<void> {
  try {
    await appendFile(path, text);
  } catch (error) {
    throw new InputFileError(`${flag} ${path}: could not be appended to (${reason(error)})`);
  }
}
