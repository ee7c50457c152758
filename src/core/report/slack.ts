// The Slack report: the lines the Daml `json_oracle` CI job posted, which its readers already scan
// by eye (`<scenario>: <avg> <stddev> <p90> <p99> <rps>`), under a one-line verdict with links.
// Block Kit refuses a message over its limits, so the lines are split across sections here.
import type { Comparison, MetricComparison, ThresholdResult } from '../types/comparison.js';
import type { Results, ScenarioResult } from '../types/results.js';
import {
  formatCount,
  formatFixed,
  formatRps,
  formatSignedPercent,
  formatMetricInterval,
  formatSignedPoints,
  metricLabel,
  okPerSec,
} from './format.js';
import {
  describeBaseline,
  formatMde,
  LEVEL_VERDICT,
  sortMetrics,
  summarizeVerdict,
  type VerdictLevel,
} from './sentences.js';
import { FENCE_OVERHEAD, clip, codeBlock, escapeSlack, link, packLines } from './markup/slack.js';

/** Slack's limits (https://api.slack.com/reference/block-kit/blocks). */
export const SLACK_MAX_BLOCKS = 50;
export const SLACK_MAX_SECTION_CHARS = 3_000;
export const SLACK_MAX_TEXT_CHARS = 40_000;

const LEVEL_EMOJI: Record<VerdictLevel, string> = { fail: ':x:', warn: ':warning:', pass: ':white_check_mark:' };

/**
 * One json_oracle line: ms and rps with one decimal, no separators, a single space between, so it
 * always matches `^[^ ]+: \d+\.\d \d+\.\d \d+\.\d \d+\.\d \d+\.\d$` (a name without spaces). rps
 * is completed requests per second, as the Daml job printed it. A scenario in which no request
 * succeeded has no latency: its line prints 0.0 for the four latencies, to stay parseable, and a
 * mark line under it says so.
 */
export function formatJsonOracleLine(result: ScenarioResult): string {
  const l = result.latencyMs;
  // A capacity scenario's rps is its capacity: the rate it digests, not one level's throughput.
  const rps = result.capacity?.ratePerSec ?? result.rps;
  const values = result.requests.ok === 0 ? [0, 0, 0, 0, rps] : [l.mean, l.stddev, l.p90, l.p99, rps];
  const number = (v: number): string => (Number.isFinite(v) && v >= 0 ? formatFixed(v, 1) : '0.0');
  return `${result.name.replace(/\s/g, '_')}: ${values.map(number).join(' ')}`;
}

/** An open model that sent at least this share of its intended rate held it. */
const RATE_HELD = 0.97;

/** Marks start with spaces, so that no mark line can be read as a json_oracle line. */
export const SLACK_MARK_PREFIX = '  ↳ ';

/** "p95 +13% [+8%, +17%]": the effect and its interval, as a reader of the other reports sees them. */
function markChange(m: MetricComparison): string {
  const change = m.metric === 'error_rate' ? formatSignedPoints(m.change) : formatSignedPercent(m.change, 0);
  return `${metricLabel(m.metric)} ${change}${m.changeInterval ? ` ${formatMetricInterval(m.metric, m.changeInterval)}` : ''}`;
}

function marksFor(
  result: ScenarioResult,
  regressions: MetricComparison[],
  breaches: ThresholdResult[],
  inconclusive: MetricComparison[],
): string[] {
  const marks: string[] = [];
  if (regressions.length > 0) marks.push(`regression: ${sortMetrics(regressions).map(markChange).join(', ')}`);
  // An inconclusive metric with what the run could have detected: the figure that says whether a
  // longer run or A/B mode would decide it.
  if (inconclusive.length > 0)
    marks.push(
      `inconclusive: ${sortMetrics(inconclusive)
        .map((m) => `${markChange(m)}, MDE ${formatMde(m)}`)
        .join('; ')}`,
    );
  if (breaches.length > 0) marks.push(`breached: ${breaches.map((t) => t.expression).join(', ')}`);
  const r = result.requests;
  if (r.total > 0 && r.ok === 0)
    marks.push(`no request succeeded (${formatCount(r.ko)} failed): the latencies are not measured, shown as 0.0`);
  else if (r.ko > 0) marks.push(`${formatCount(r.ko)} failed · ${formatRps(okPerSec(result))} OK`);
  // The rate only where it was not held: a line per healthy scenario would drown the marks.
  const short = result.rate !== undefined && result.rate.achievedPerSec < RATE_HELD * result.rate.intendedPerSec;
  if (r.dropped > 0 || short) {
    const rate = result.rate
      ? `${formatRps(result.rate.achievedPerSec)} sent of ${formatRps(result.rate.intendedPerSec)} intended`
      : '';
    marks.push([r.dropped > 0 ? `${formatCount(r.dropped)} dropped` : '', rate].filter(Boolean).join(' · '));
  }
  return marks.map((mark) => `${SLACK_MARK_PREFIX}${mark}`);
}

/**
 * Per scenario of `results`: its json_oracle line, then its marks on lines of their own. In A/B
 * mode the base's line follows the head's as `<scenario>@base: …` (still one parseable number
 * line), so a reader scanning `<scenario>:` finds the head's numbers.
 */
function renderSlackEntries(
  results: Results,
  comparison?: Comparison,
  escape: (text: string) => string = (text) => text,
): string[][] {
  return results.scenarios.map((scenario) => {
    // Only what came from the run is escaped: the `@base` suffix is perfgate's own, and must stay
    // a plain `@` for readers and parsers of the json_oracle lines.
    const name = escape(scenario.name);
    const regressions = comparison?.regressions.filter((m) => m.scenario === scenario.name) ?? [];
    const breaches = comparison?.breaches.filter((t) => t.scenario === scenario.name) ?? [];
    const inconclusive =
      comparison?.scenarios
        .find((s) => s.name === scenario.name)
        ?.metrics.filter((m) => m.verdict === 'inconclusive') ?? [];
    const base =
      comparison?.ab !== undefined ? comparison.scenarios.find((s) => s.name === scenario.name)?.baseline : undefined;
    const baseLine = base === undefined ? [] : [formatJsonOracleLine({ ...base, name: `${name}@base` })];
    return [
      formatJsonOracleLine({ ...scenario, name }),
      ...baseLine,
      ...marksFor(scenario, regressions, breaches, inconclusive).map(escape),
    ];
  });
}

/**
 * One json_oracle line per scenario of `results`; with a comparison, a scenario that regressed or
 * breached a threshold gets its marks on the lines below, so every number line stays parseable.
 * Failed, dropped and intended-rate figures are marks too.
 */
export function renderSlackLines(results: Results, comparison?: Comparison): string[] {
  return renderSlackEntries(results, comparison).flat();
}

export interface SlackMessageOptions {
  runUrl?: string;
  /** The pull request this run tested, from the event: the headline names it instead of the ref. */
  pr?: { number: number; title?: string; url?: string };
  /** @deprecated use `pr.url`; kept for callers that only know the link. */
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
  const pr = options.pr;
  const prNumber = pr?.number ?? Number(/^refs\/pull\/(\d+)\//.exec(options.ref ?? '')?.[1] ?? NaN);
  const prUrl = pr?.url ?? options.prUrl;
  // A PR's merge ref (refs/pull/7/merge) means nothing to a reader; its number and title do.
  const ref = Number.isFinite(prNumber) ? undefined : options.ref?.replace(/^refs\/(heads|tags)\//, '');
  const where = [options.repo, ref]
    .filter((x): x is string => Boolean(x))
    .map(escapeSlack)
    .join(' @ ');
  const prWords = Number.isFinite(prNumber)
    ? `PR #${prNumber}${pr?.title ? `: ${clip(pr.title, 150)}` : ''}`
    : prUrl
      ? 'pull request'
      : undefined;
  const links = [
    prWords ? (prUrl ? link(prUrl, prWords) : escapeSlack(prWords)) : undefined,
    options.runUrl ? link(options.runUrl, 'workflow run') : undefined,
  ].filter((x): x is string => x !== undefined);
  const headline = clip(
    [
      `${LEVEL_EMOJI[summary.level]} *perfgate${title}: ${LEVEL_VERDICT[summary.level]} — ${escapeSlack(summary.words)}*`,
      where,
      ...links,
    ]
      .filter(Boolean)
      .join(' · '),
    SLACK_MAX_SECTION_CHARS,
  );

  const blocks: object[] = [{ type: 'section', text: { type: 'mrkdwn', text: headline } }];
  const notes = describeBaseline(comparison).map(escapeSlack);
  if (notes.length > 0) {
    blocks.push({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: clip(notes.join(' · '), SLACK_MAX_SECTION_CHARS) }],
    });
  }

  const entries = renderSlackEntries(comparison.current, comparison, escapeSlack);
  const lines = entries.map((entry) => entry.join('\n'));
  const chunks = packLines(entries, SLACK_MAX_SECTION_CHARS);
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
  const tail =
    rest > 0
      ? `\n…and ${formatCount(rest)} more scenarios${options.runUrl ? ` (${link(options.runUrl, 'workflow run')})` : ''}`
      : '';
  return clip(`${head}${kept.length > 0 ? codeBlock(kept) : ''}${tail}`, SLACK_MAX_TEXT_CHARS);
}
