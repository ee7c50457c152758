// The end of a service's or a setup step's log: what perfgate shows when one fails, and keeps in
// the results (each line within the results schema's limit).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** The results schema's limit for one kept log line (a minified stack trace runs longer). */
const LOG_LINE_CHARS = 2000;

/** Log lines as a results file keeps them: each within the schema's limit (masked first, then cut). */
export function capLogLines(lines: string[]): string[] {
  return lines.map((line) => (line.length > LOG_LINE_CHARS ? `${line.slice(0, LOG_LINE_CHARS - 1)}…` : line));
}

export function readLogTail(logPath: string, lines: number): string[] {
  let fd: number;
  try {
    fd = openSync(logPath, 'r');
  } catch {
    return [];
  }
  try {
    // The tail is all we show; a chatty service's log can be large.
    const size = fstatSync(fd).size;
    const length = Math.min(size, 64 * 1024);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    const text = buffer.toString('utf8').replace(/\r\n/g, '\n').replace(/\n+$/, '');
    if (text === '') return [];
    const all = text.split('\n');
    if (length < size) all.shift(); // probably a partial line
    return all.slice(-lines);
  } finally {
    closeSync(fd);
  }
}
