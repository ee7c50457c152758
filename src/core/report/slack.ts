// The Slack report: the lines the Daml `json_oracle` CI job posted, which its readers already scan
// by eye (`<scenario>: <avg> <stddev> <p90> <p99> <rps>`), under a one-line verdict with links.
// Block Kit refuses a message over its limits, so the lines are split across sections here.
import type { Comparison, MetricComparison, Results, ScenarioResult, ThresholdResult } from '../types.js';
import { formatCount, formatFixed, formatSignedPercent, formatSignedPoints, metricLabel } from './format.js';
import { describeBaseline, sortMetrics, summarizeVerdict, type VerdictLevel } from './text.js';

/** Slack's limits (https://api.slack.com/reference/block-kit/blocks). */
export const SLACK_MAX_BLOCKS = 50;
export const SLACK_MAX_SECTION_CHARS = 3_000;
export const SLACK_MAX_TEXT_CHARS = 40_000;

const FENCE_OVERHEAD = '```\n\n```'.length;

const LEVEL_EMOJI: Record<VerdictLevel, string> = { fail: ':x:', warn: ':warning:', pass: ':white_check_mark:' };

/** One json_oracle line: ms and rps with one decimal, no separators, a single space between. */
export function formatJsonOracleLine(result: ScenarioResult): string {
  const l = result.latencyMs;
  return `${result.name}: ${[l.mean, l.stddev, l.p90, l.p99, result.rps].map((v) => formatFixed(v, 1)).join(' ')}`;
}

function markFor(regressions: MetricComparison[], breaches: ThresholdResult[]): string {
  const parts: string[] = [];
  if (regressions.length > 0) {
    const changes = sortMetrics(regressions).map(
      (m) => `${metricLabel(m.metric)} ${m.metric === 'error_rate' ? formatSignedPoints(m.change) : formatSignedPercent(m.change, 0)}`,
    );
    parts.push(`regression: ${changes.join(', ')}`);
  }
  if (breaches.length > 0) parts.push(`breached: ${breaches.map((t) => t.expression).join(', ')}`);
  return parts.length > 0 ? `  ← ${parts.join('; ')}` : '';
}

/**
 * One line per scenario of `results`; with a comparison, a scenario that regressed or breached a
 * threshold gets its marks after the numbers, so the numbers stay in the columns people scan.
 * In A/B mode the head's line keeps its place and the base's follows on a line of its own
 * (`<scenario> (base): …`), so a reader scanning `<scenario>:` still finds the head's numbers.
 */
export function renderSlackLines(results: Results, comparison?: Comparison): string[] {
  return results.scenarios.flatMap((scenario) => {
    const regressions = comparison?.regressions.filter((m) => m.scenario === scenario.name) ?? [];
    const breaches = comparison?.breaches.filter((t) => t.scenario === scenario.name) ?? [];
    const line = formatJsonOracleLine(scenario) + markFor(regressions, breaches);
    const base = comparison?.ab !== undefined ? comparison.scenarios.find((s) => s.name === scenario.name)?.baseline : undefined;
    return base === undefined ? [line] : [line, formatJsonOracleLine({ ...base, name: `${scenario.name} (base)` })];
  });
}

/** Slack reads &, < and > as markup, also inside code blocks. */
function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function link(url: string, text: string): string {
  return `<${url.replace(/\|/g, '%7C').replace(/>/g, '%3E')}|${escapeSlack(text)}>`;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Packs lines into code blocks of at most `max` characters each, never splitting a line. */
function packLines(lines: string[], max: number): string[][] {
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let size = FENCE_OVERHEAD;
  for (const raw of lines) {
    // A single line longer than a whole block (an absurd scenario name) is the one thing cut.
    const line = clip(raw, max - FENCE_OVERHEAD);
    const added = line.length + (chunk.length > 0 ? 1 : 0);
    if (chunk.length > 0 && size + added > max) {
      chunks.push(chunk);
      chunk = [];
      size = FENCE_OVERHEAD;
    }
    size += line.length + (chunk.length > 0 ? 1 : 0);
    chunk.push(line);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

function codeBlock(lines: string[]): string {
  return `\`\`\`\n${lines.join('\n')}\n\`\`\``;
}

export interface SlackMessageOptions {
  runUrl?: string;
  prUrl?: string;
  title?: string;
  repo?: string;
  ref?: string;
}

export interface SlackMessage {
  /** Notification and fallback text (mrkdwn). */
  text: string;
  blocks: object[];
}

export function renderSlackMessage(comparison: Comparison, options: SlackMessageOptions): SlackMessage {
  const summary = summarizeVerdict(comparison);
  const title = options.title ? ` · ${escapeSlack(options.title)}` : '';
  const ref = options.ref?.replace(/^refs\/(heads|tags)\//, '');
  const where = [options.repo, ref].filter((x): x is string => Boolean(x)).map(escapeSlack).join(' @ ');
  const links = [
    options.runUrl ? link(options.runUrl, 'workflow run') : undefined,
    options.prUrl ? link(options.prUrl, 'pull request') : undefined,
  ].filter((x): x is string => x !== undefined);
  const headline = clip(
    [`${LEVEL_EMOJI[summary.level]} *perfgate${title}: ${escapeSlack(summary.words)}*`, where, ...links].filter(Boolean).join(' · '),
    SLACK_MAX_SECTION_CHARS,
  );

  const blocks: object[] = [{ type: 'section', text: { type: 'mrkdwn', text: headline } }];
  const notes = describeBaseline(comparison).map(escapeSlack);
  if (notes.length > 0) {
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: clip(notes.join(' · '), SLACK_MAX_SECTION_CHARS) }] });
  }

  const lines = renderSlackLines(comparison.current, comparison).map(escapeSlack);
  const chunks = packLines(lines, SLACK_MAX_SECTION_CHARS);
  const room = SLACK_MAX_BLOCKS - blocks.length;
  // When the lines need more sections than Slack allows, the last one says how many are missing.
  const shown = chunks.length <= room ? chunks : chunks.slice(0, room - 1);
  for (const chunk of shown) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: codeBlock(chunk) } });
  const shownLines = shown.reduce((n, chunk) => n + chunk.length, 0);
  if (shownLines < lines.length) {
    const more = `…and ${formatCount(lines.length - shownLines)} more scenarios${options.runUrl ? `: see the ${link(options.runUrl, 'workflow run')}` : ''}`;
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: clip(more, SLACK_MAX_SECTION_CHARS) } });
  }

  return { text: renderFallbackText(headline, lines, options), blocks };
}

function renderFallbackText(headline: string, lines: string[], options: SlackMessageOptions): string {
  const head = `${headline}\n`;
  const budget = SLACK_MAX_TEXT_CHARS - head.length - FENCE_OVERHEAD - 200;
  const kept: string[] = [];
  let size = 0;
  for (const line of lines) {
    if (size + line.length + 1 > budget) break;
    kept.push(line);
    size += line.length + 1;
  }
  const rest = lines.length - kept.length;
  const tail = rest > 0 ? `\n…and ${formatCount(rest)} more scenarios${options.runUrl ? ` (${link(options.runUrl, 'workflow run')})` : ''}` : '';
  return clip(`${head}${kept.length > 0 ? codeBlock(kept) : ''}${tail}`, SLACK_MAX_TEXT_CHARS);
}
