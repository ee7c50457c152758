// Validation of the choices a user makes on the command line or in the action's inputs. The
// CLI and the action read their raw strings in one place each and pass them through here, so
// both give the same message for the same mistake.
import { ConfigError } from './errors.js';

export type FailOn = 'regression' | 'threshold' | 'never';
export type CommentMode = 'always' | 'on-change' | 'never';
export type SlackOn = 'always' | 'regression' | 'never';
export type ReportFormat = 'text' | 'markdown' | 'slack' | 'json';
/** The formats of a comparison (`compare`, `gate`, `report`): the four, JUnit XML and GitLab's
 * load-performance report. `trends` has no testcases or k6 figures to give, so keeps the four. */
export type ComparisonFormat = ReportFormat | 'junit' | 'gitlab';

export interface Shard {
  index: number;
  count: number;
}

function parseChoice<T extends string>(input: string, value: string, choices: readonly T[]): T {
  const trimmed = value.trim();
  if ((choices as readonly string[]).includes(trimmed)) return trimmed as T;
  throw new ConfigError(
    `${input}: "${value}" is not one of ${choices.map((c) => `"${c}"`).join(', ')}; use one of those`,
  );
}

export function parseFailOn(value: string, input = 'fail-on'): FailOn {
  return parseChoice(input, value, ['regression', 'threshold', 'never'] as const);
}

export function parseCommentMode(value: string, input = 'comment'): CommentMode {
  return parseChoice(input, value, ['always', 'on-change', 'never'] as const);
}

export function parseSlackOn(value: string, input = 'slack-on'): SlackOn {
  return parseChoice(input, value, ['always', 'regression', 'never'] as const);
}

export function parseReportFormat(value: string, input = '--format'): ReportFormat {
  return parseChoice(input, value, ['text', 'markdown', 'slack', 'json'] as const);
}

export function parseComparisonFormat(value: string, input = '--format'): ComparisonFormat {
  return parseChoice(input, value, ['text', 'markdown', 'slack', 'json', 'junit', 'gitlab'] as const);
}

/** `perfgate trends` also writes its page: a chart per series, which no other report has. */
export type TrendsFormat = ReportFormat | 'html';

export function parseTrendsFormat(value: string, input = '--format'): TrendsFormat {
  return parseChoice(input, value, ['text', 'markdown', 'slack', 'json', 'html'] as const);
}

export function parseBooleanChoice(value: string, input: string): boolean {
  const normalized = value.trim().toLowerCase();
  if (['true', 'yes', '1'].includes(normalized)) return true;
  if (['false', 'no', '0'].includes(normalized)) return false;
  throw new ConfigError(`${input}: "${value}" is not a boolean; use "true" or "false"`);
}

/** `1/4` → the first of four shards. */
export function parseShard(value: string, input = 'shard'): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new ConfigError(
      `${input}: "${value}" is not a shard; use "<index>/<count>" with 1 ≤ index ≤ count, like "1/4"`,
    );
  }
  return { index, count };
}

/** Scenarios are dealt round-robin so that each shard gets a similar mix. */
export function selectShard<T>(items: readonly T[], shard: Shard | undefined): T[] {
  if (!shard) return [...items];
  return items.filter((_, position) => position % shard.count === shard.index - 1);
}
