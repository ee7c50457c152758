// The files perfgate reads because the user named them (--current, --baseline, merge's shards,
// trends' results files): one that cannot be read is an InputFileError that names the flag and
// the path, says why (no such file, or the system's words) and what to do.
import { readFile } from 'node:fs/promises';
import { InputFileError } from '../core/errors.js';

/** The refusal of a named input that could not be read: "`label`: no such file; `fix`". */
export function unreadableInput(error: unknown, label: string, fix = 'check the path'): InputFileError {
  const code = (error as NodeJS.ErrnoException).code;
  return new InputFileError(`${label}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}; ${fix}`);
}

/** The text of `path`, or unreadableInput's error; `label` names the input (the flag and the path). */
export async function readInputFile(path: string, label: string, fix?: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw unreadableInput(error, label, fix);
  }
}
