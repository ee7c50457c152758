// Durations ("1m30s"), rates ("200/s") and percentages ("5%") as written in perfgate.yml.
// Bare numbers are refused (except 0) because "timeout: 30" is ambiguous: 30 ms or 30 s?
import { ConfigError } from './errors.js';
import { quoteValue } from './paths.js';

/** The exact syntax parseDuration accepts; the JSON Schema repeats it as a `pattern`. */
export const DURATION_PATTERN =
  '^(?=[0-9.])(?:([0-9]+(?:\\.[0-9]+)?)h)?(?:([0-9]+(?:\\.[0-9]+)?)m(?!s))?(?:([0-9]+(?:\\.[0-9]+)?)s)?(?:([0-9]+(?:\\.[0-9]+)?)ms)?$';

export const RATE_PATTERN = '^([0-9]+(?:\\.[0-9]+)?)/(s|m)$';

export const PERCENT_PATTERN = '^([0-9]+(?:\\.[0-9]+)?)%$';

const durationRegex = new RegExp(DURATION_PATTERN);

const rateRegex = new RegExp(RATE_PATTERN);

const percentRegex = new RegExp(PERCENT_PATTERN);

const MS_PER_UNIT = [3_600_000, 60_000, 1000, 1] as const;

function fail(path: string, detail: string): never {
  throw new ConfigError(path ? `${path}: ${detail}` : detail);
}

/** "500ms", "30s", "2m", "1h", "1m30s", "1.5s" → milliseconds. The number 0 (or "0") is 0. */
export function parseDuration(text: unknown, path: string): number {
  if (text === 0 || text === '0') return 0;
  const match = typeof text === 'string' ? durationRegex.exec(text) : null;
  if (!match) {
    fail(path, `${quoteValue(text)} is not a duration; use a number with ms, s, m or h like "30s"`);
  }
  let ms = 0;
  MS_PER_UNIT.forEach((unitMs, i) => {
    const amount = match[i + 1];
    if (amount !== undefined) ms += Number(amount) * unitMs;
  });
  // Float sums like 0.1h + 0.2m keep representation noise; durations never need sub-µs precision.
  return Math.round(ms * 1000) / 1000;
}

/** "200/s" → 200, "12000/m" → 200 (requests per second). */
export function parseRate(text: unknown, path: string): number {
  const match = typeof text === 'string' ? rateRegex.exec(text) : null;
  if (!match) fail(path, `${quoteValue(text)} is not a rate; use "<number>/s" like "200/s"`);
  const amount = Number(match[1]);
  return match[2] === 'm' ? amount / 60 : amount;
}

/** "5%" → 0.05. */
export function parsePercent(text: unknown, path = ''): number {
  const match = typeof text === 'string' ? percentRegex.exec(text) : null;
  if (!match) fail(path, `${quoteValue(text)} is not a percentage; use a number with % like "5%"`);
  return Number(match[1]) / 100;
}

/** 500 → "500ms", 1500 → "1.5s", 90000 → "1m30s", 3600000 → "1h"; parseDuration reads it back. */
export function formatConfigDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return `${ms}ms`;
  if (ms < 1000) return `${ms}ms`;
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = (ms % 60_000) / 1000;
  let text = '';
  if (hours > 0) text += `${hours}h`;
  if (minutes > 0) text += `${minutes}m`;
  if (seconds > 0) text += `${seconds}s`;
  return text;
}
