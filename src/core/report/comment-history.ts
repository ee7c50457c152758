// The history of one PR's runs, kept hidden in its comment and shown as a table: which head was
// tested when, with which verdict.
import { formatCount, shortSha } from './format.js';
import { code, escapeText, table } from './markup/markdown.js';

export type PrRunEntry = { sha: string; verdict: string; date: string; summary: string };

/** Runs kept in the hidden history, and shown in the table. */
export const HISTORY_KEPT = 20;
const HISTORY_SHOWN = 10;

/** A whole line of its own: a run's strings never start a line, so a forged one in a name is text. */
const HISTORY_LINE = /^<!-- perfgate-history: ([A-Za-z0-9+/=]{0,200000}) -->$/;

export function encodeHistory(entries: PrRunEntry[]): string {
  return `<!-- perfgate-history: ${Buffer.from(JSON.stringify(entries), 'utf8').toString('base64')} -->`;
}

function isEntry(value: unknown): value is PrRunEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  // Each field as perfgate writes it, so that a hand-made entry cannot carry markup or mentions.
  return (
    typeof entry.sha === 'string' &&
    /^[0-9A-Za-z]{0,64}$/.test(entry.sha) &&
    typeof entry.verdict === 'string' &&
    /^[a-z-]{1,20}$/.test(entry.verdict) &&
    typeof entry.date === 'string' &&
    entry.date.length <= 40 &&
    typeof entry.summary === 'string' &&
    entry.summary.length <= 500 &&
    !/[\r\n]|@(?!\u2060)/.test(entry.summary)
  );
}

/** The runs recorded in an earlier perfgate comment; empty when there are none or they are damaged. */
export function extractPreviousRuns(commentBody: string): PrRunEntry[] {
  // The last history line: perfgate writes one, at the end, after every string of the run.
  const line = commentBody
    .replace(/\r\n/g, '\n')
    .split('\n')
    .reverse()
    .find((text) => HISTORY_LINE.test(text));
  const match = line === undefined ? undefined : HISTORY_LINE.exec(line);
  if (!match?.[1]) return [];
  try {
    const parsed: unknown = JSON.parse(Buffer.from(match[1], 'base64').toString('utf8'));
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isEntry).map(({ sha, verdict, date, summary }) => ({ sha, verdict, date, summary }));
  } catch {
    // A hand-edited or truncated comment only costs the history, never the report.
    return [];
  }
}

function formatWhen(date: string): string {
  const ms = Date.parse(date);
  return Number.isFinite(ms) ? `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC` : escapeText(date);
}

export function renderPreviousRuns(previous: PrRunEntry[]): string {
  const rows = [['commit', 'verdict', 'when', 'summary']];
  for (const run of [...previous].reverse().slice(0, HISTORY_SHOWN)) {
    const mark = run.verdict === 'fail' ? '❌' : run.verdict === 'pass' ? '✅' : '❔';
    rows.push([
      run.sha ? code(shortSha(run.sha)) : '–',
      `${mark} ${escapeText(run.verdict)}`,
      formatWhen(run.date),
      escapeText(run.summary),
    ]);
  }
  const more =
    previous.length > HISTORY_SHOWN
      ? `\n\n<sub>${formatCount(previous.length - HISTORY_SHOWN)} older runs not shown</sub>`
      : '';
  return `**Earlier runs on this PR**\n\n${table(rows, ['l', 'l', 'l', 'l'])}${more}`;
}
