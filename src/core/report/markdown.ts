// The markdown report: the PR comment and the job summary. Built as a list of whole blocks so that
// shortening it to GitHub's comment limit drops blocks (details first, then scenarios from the
// end) and can never cut a table, a code fence or an HTML element in half.
import { markdownTable } from 'markdown-table';
import type { Comparison, MetricComparison, ScenarioComparison, ScenarioResult, TimelinePoint, Verdict } from '../types.js';
import {
  formatAge,
  formatBytes,
  metricComparisonCells,
  formatCount,
  formatDuration,
  formatErrorCounts,
  formatFixed,
  formatGrade,
  formatMetricValue,
  formatMs,
  formatMsValue,
  formatPercent,
  formatPValue,
  formatRps,
  formatStatusCodes,
  formatThresholdActual,
  metricLabel,
  pluralize,
  shortSha,
} from './format.js';
import {
  allMetrics,
  currentFigures,
  describeBaseline,
  describeMetricChange,
  describeInconclusive,
  formatMde,
  sortMetrics,
  summarizeVerdict,
  type VerdictLevel,
} from './text.js';

export type PrRunEntry = { sha: string; verdict: string; date: string; summary: string };

export interface MarkdownOptions {
  title?: string;
  /** Hidden marker that finds this comment again; one per config. */
  marker?: string;
  runUrl?: string;
  /** The commit this run tested (a PR's head, not its merge commit). */
  commitSha?: string;
  /** For the baseline's age: core has no clock. */
  now: Date;
  /** Earlier runs on this PR, oldest first, as extractPreviousRuns read them from the old comment. */
  previousRuns?: PrRunEntry[];
  /** GitHub refuses comments over 65,536 characters. */
  maxChars?: number;
}

export const DEFAULT_MARKER = '<!-- perfgate -->';
export const DEFAULT_MAX_CHARS = 65_000;
/** Runs kept in the hidden history, and shown in the table. */
const HISTORY_KEPT = 20;
const HISTORY_SHOWN = 10;
/** Sentences listed under the verdict before "…and N more". */
const SENTENCES_SHOWN = 25;
const CHART_POINTS = 30;

const HISTORY_PATTERN = /<!-- perfgate-history: ([A-Za-z0-9+/=]*) -->/;

const LEVEL_EMOJI: Record<VerdictLevel, string> = { fail: '❌', warn: '⚠️', pass: '✅' };

const VERDICT_CELLS: Record<Verdict, string> = {
  regression: '❌ regression',
  improvement: '✅ improvement',
  'no change': '➖ no change',
  inconclusive: '❔ inconclusive',
};

// ---------------------------------------------------------------- escaping

/** Text that must show as written: no emphasis, links or HTML from scenario names or reasons. */
function escapeText(text: string): string {
  return text.replace(/[\\`*_[\]|]/g, (c) => `\\${c}`).replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Inline code that survives backticks in the content and pipes inside tables. */
function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  const pad = text.includes('`') ? ' ' : '';
  return `${fence}${pad}${text.replace(/\|/g, '\\|')}${pad}${fence}`;
}

function table(rows: string[][], align: string[]): string {
  return markdownTable(rows, { align });
}

// ---------------------------------------------------------------- history of this PR

function encodeHistory(entries: PrRunEntry[]): string {
  return `<!-- perfgate-history: ${Buffer.from(JSON.stringify(entries), 'utf8').toString('base64')} -->`;
}

function isEntry(value: unknown): value is PrRunEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return ['sha', 'verdict', 'date', 'summary'].every((key) => typeof entry[key] === 'string');
}

/** The runs recorded in an earlier perfgate comment; empty when there are none or they are damaged. */
export function extractPreviousRuns(commentBody: string): PrRunEntry[] {
  const match = HISTORY_PATTERN.exec(commentBody);
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

// ---------------------------------------------------------------- blocks

type BlockKind = 'marker' | 'verdict' | 'meta' | 'sentences' | 'scenario' | 'details' | 'runs' | 'footer' | 'history';

interface Block {
  kind: BlockKind;
  text: string;
  /** Scenario blocks that show a regression or breach are dropped last. */
  failing?: boolean;
}

export function renderMarkdown(comparison: Comparison, options: MarkdownOptions): string {
  const summary = summarizeVerdict(comparison);
  const marker = options.marker ?? DEFAULT_MARKER;
  const title = options.title ? ` · ${escapeText(options.title)}` : '';
  const blocks: Block[] = [
    { kind: 'marker', text: marker },
    { kind: 'verdict', text: `## ${LEVEL_EMOJI[summary.level]} perfgate${title}: ${summary.words}` },
    { kind: 'meta', text: renderMeta(comparison, options) },
  ];
  const sentences = renderSentences(comparison);
  if (sentences) blocks.push({ kind: 'sentences', text: sentences });
  for (const scenario of comparison.scenarios) {
    const failing = scenario.metrics.some((m) => m.verdict === 'regression') || scenario.thresholds.some((t) => !t.ok);
    blocks.push({ kind: 'scenario', text: renderScenario(scenario, comparison.ab !== undefined), failing });
    blocks.push({ kind: 'details', text: renderScenarioDetails(scenario, comparison.ab !== undefined) });
  }
  const previous = options.previousRuns ?? [];
  if (previous.length > 0) blocks.push({ kind: 'runs', text: renderPreviousRuns(previous) });
  if (allMetrics(comparison).length > 0) blocks.push({ kind: 'details', text: renderMethod(comparison) });
  blocks.push({ kind: 'footer', text: renderFooter(comparison, options) });
  const entry: PrRunEntry = {
    sha: options.commitSha ?? comparison.current.git?.commit ?? '',
    verdict: comparison.verdict,
    date: options.now.toISOString(),
    summary: summary.words,
  };
  blocks.push({ kind: 'history', text: encodeHistory([...previous, entry].slice(-HISTORY_KEPT)) });
  return fitBlocks(blocks, comparison.scenarios.length, options);
}

function assemble(blocks: Block[]): string {
  return `${blocks.map((b) => b.text).join('\n\n')}\n`;
}

function lengthOf(blocks: Block[]): number {
  return blocks.reduce((n, b) => n + b.text.length, 0) + 2 * Math.max(0, blocks.length - 1) + 1;
}

/**
 * Drops whole blocks until the report fits: the folded details, then scenarios from the end
 * (passing ones before failing ones, so the reason for a red gate stays), then the rest. The
 * marker, the verdict and the note saying where the full report is always stay.
 */
function fitBlocks(blocks: Block[], scenarioCount: number, options: MarkdownOptions): string {
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  if (lengthOf(blocks) <= maxChars) return assemble(blocks);

  let kept = blocks.filter((b) => b.kind !== 'details');
  let droppedScenarios = 0;
  const withNote = (): Block[] => {
    const note: Block = { kind: 'meta', text: truncationNote(droppedScenarios, scenarioCount, options) };
    const at = kept.findIndex((b) => b.kind !== 'marker' && b.kind !== 'verdict' && b.kind !== 'meta');
    const index = at < 0 ? kept.length : at;
    return [...kept.slice(0, index), note, ...kept.slice(index)];
  };
  const dropOrder: ((b: Block) => boolean)[] = [
    (b) => b.kind === 'scenario' && !b.failing,
    (b) => b.kind === 'scenario',
    (b) => b.kind === 'runs',
    (b) => b.kind === 'sentences',
    (b) => b.kind === 'footer',
    (b) => b.kind === 'meta',
    (b) => b.kind === 'history',
  ];
  // Lengths are summed, not re-rendered, so that a 300-scenario report shortens in linear time.
  let keptLength = lengthOf(kept);
  const noteLength = (): number => truncationNote(droppedScenarios, scenarioCount, options).length + 2;
  for (const droppable of dropOrder) {
    for (let i = kept.length - 1; i >= 0 && keptLength + noteLength() > maxChars; i -= 1) {
      const block = kept[i];
      if (!block || !droppable(block)) continue;
      kept = [...kept.slice(0, i), ...kept.slice(i + 1)];
      keptLength -= block.text.length + 2;
      if (block.kind === 'scenario') droppedScenarios += 1;
    }
    if (keptLength + noteLength() <= maxChars) break;
  }
  return assemble(withNote());
}

function truncationNote(droppedScenarios: number, scenarioCount: number, options: MarkdownOptions): string {
  const left = droppedScenarios > 0 ? ` and ${formatCount(droppedScenarios)} of ${pluralize(scenarioCount, 'scenario')} left out` : '';
  const where = options.runUrl ? `[the run](${options.runUrl})` : 'the run';
  return (
    `> ✂️ Shortened to fit ${formatCount(options.maxChars ?? DEFAULT_MAX_CHARS)} characters: details folded away${left}. ` +
    `The full report is in the job summary and the results artifact of ${where}.`
  );
}

function renderMeta(comparison: Comparison, options: MarkdownOptions): string {
  const parts: string[] = [];
  const base = comparison.baseline;
  if (base) {
    const age = formatAge(base.savedAt, options.now);
    parts.push(`baseline: ${base.commit ? code(shortSha(base.commit)) : 'unknown commit'}${age ? `, ${age}` : ''}`);
  }
  const ab = comparison.ab;
  if (ab?.baseCommit !== undefined) parts.push(`base: ${code(shortSha(ab.baseCommit))}`);
  const sha = options.commitSha ?? comparison.current.git?.commit;
  if (sha) parts.push(`${ab !== undefined ? 'head' : 'this run'}: ${code(shortSha(sha))}`);
  parts.push(ab !== undefined ? `mode: ab (${ab.schedule})` : `mode: ${comparison.mode}`);
  if (options.runUrl) parts.push(`[workflow run](${options.runUrl})`);
  const lines = [parts.join(' · ')];
  for (const note of [...describeBaseline(comparison), ...comparison.notes]) lines.push(`- ${escapeText(note)}`);
  return lines.join('\n');
}

function listWithLimit(title: string, items: string[]): string[] {
  if (items.length === 0) return [];
  const shown = items.slice(0, SENTENCES_SHOWN).map((item) => `- ${item}`);
  if (items.length > SENTENCES_SHOWN) shown.push(`- …and ${formatCount(items.length - SENTENCES_SHOWN)} more`);
  return [`**${title}**`, '', ...shown];
}

function markdownSentence(m: MetricComparison): string {
  return escapeText(describeMetricChange(m)).replace(` of ${escapeText(m.scenario)} `, ` of ${code(m.scenario)} `);
}

function renderSentences(comparison: Comparison): string {
  const sections = [
    listWithLimit('Regressions', sortMetrics(comparison.regressions).map(markdownSentence)),
    listWithLimit(
      'Thresholds breached',
      comparison.breaches.map((t) => `${code(t.scenario)}: ${code(t.expression)} (actual ${formatThresholdActual(t.expression, t.actual)})`),
    ),
    listWithLimit('Improvements', sortMetrics(comparison.improvements).map(markdownSentence)),
  ].filter((lines) => lines.length > 0);
  return sections.map((lines) => lines.join('\n')).join('\n\n');
}

function scenarioEmoji(s: ScenarioComparison): string {
  if (s.metrics.some((m) => m.verdict === 'regression') || s.thresholds.some((t) => !t.ok)) return '❌';
  if (s.metrics.some((m) => m.verdict === 'inconclusive') || s.current.generator.saturated) return '⚠️';
  return '✅';
}

function describeLoad(r: ScenarioResult): string {
  const parts = [r.executor, `${formatCount(r.requests.total)} requests in ${formatDuration(r.durationMs)}`];
  parts.push(r.rate ? `${formatRps(r.rate.achievedPerSec)} of ${formatRps(r.rate.intendedPerSec)} intended` : formatRps(r.rps));
  if (r.requests.dropped > 0) parts.push(`${formatCount(r.requests.dropped)} dropped`);
  parts.push(`grade: ${formatGrade(r.grade)}`);
  return parts.join(' · ');
}

function renderScenario(s: ScenarioComparison, ab = false): string {
  const out: string[] = [`### ${scenarioEmoji(s)} ${code(s.name)}`, '', describeLoad(s.current), ''];
  if (s.metrics.length > 0 && ab) {
    // A/B: base and head side by side, with what this run could have detected.
    const rows = [['metric', 'base', 'head', 'change (95% CI)', 'MDE', 'verdict']];
    for (const m of sortMetrics(s.metrics)) rows.push([...metricComparisonCells(m), formatMde(m), VERDICT_CELLS[m.verdict]]);
    out.push(table(rows, ['l', 'r', 'r', 'r', 'r', 'l']));
  } else if (s.metrics.length > 0) {
    const rows = [['metric', 'baseline', 'current', 'change (95% CI)', 'verdict']];
    for (const m of sortMetrics(s.metrics)) {
      rows.push([
        ...metricComparisonCells(m),
        VERDICT_CELLS[m.verdict],
      ]);
    }
    out.push(table(rows, ['l', 'r', 'r', 'r', 'l']));
  } else {
    const rows = [['metric', 'current']];
    for (const { metric, value } of currentFigures(s.current)) rows.push([metricLabel(metric), formatMetricValue(metric, value)]);
    out.push(table(rows, ['l', 'r']));
  }
  if (s.thresholds.length > 0) {
    const items = s.thresholds.map((t) => `${t.ok ? '✅' : '❌'} ${code(t.expression)} (${formatThresholdActual(t.expression, t.actual)})`);
    out.push('', `**Thresholds:** ${items.join(' · ')}`);
  }
  const remarks: string[] = [];
  for (const m of sortMetrics(s.metrics)) {
    if (m.verdict === 'inconclusive') remarks.push(`❔ ${escapeText(describeInconclusive(m).replace(` of ${m.scenario}`, ''))}`);
  }
  if (s.current.generator.saturated) {
    remarks.push(`⚠️ generator saturated: ${escapeText(s.current.generator.reasons.join('; ') || 'it could not keep up')}`);
  }
  for (const note of s.notes) remarks.push(`ℹ️ ${escapeText(note)}`);
  if (remarks.length > 0) out.push('', remarks.join('<br>\n'));
  const moved = s.metrics.some((m) => ['p50', 'p90', 'p95', 'p99'].includes(m.metric) && (m.verdict === 'regression' || m.verdict === 'improvement'));
  if (s.baseline && moved) out.push('', percentileChart(s), '', ab ? '<sub>bars: base · line: head</sub>' : '<sub>bars: baseline · line: this run</sub>');
  return out.join('\n');
}

// ---------------------------------------------------------------- charts

/** Mermaid numbers: plain decimals, three significant digits, no separators. */
function chartNumber(ms: number): string {
  if (!Number.isFinite(ms)) return '0';
  return String(Number(ms.toPrecision(3)));
}

function chartTitle(text: string): string {
  return `"${text.replace(/["\\]/g, "'")}"`;
}

/** Baseline vs current percentiles; the compared values where the table has them, so both agree. */
function percentileChart(s: ScenarioComparison): string {
  const keys = ['p50', 'p90', 'p95', 'p99'] as const;
  const value = (key: (typeof keys)[number], side: 'baseline' | 'current'): number => {
    const compared = s.metrics.find((m) => m.metric === key);
    if (compared) return compared[side];
    const result = side === 'baseline' ? s.baseline : s.current;
    return result ? result.latencyMs[key] : 0;
  };
  const baseline = keys.map((k) => value(k, 'baseline'));
  const current = keys.map((k) => value(k, 'current'));
  const top = Math.max(...baseline, ...current);
  return [
    '```mermaid',
    'xychart-beta',
    `  title ${chartTitle(`${s.name}: latency percentiles (ms)`)}`,
    `  x-axis [${keys.join(', ')}]`,
    `  y-axis "ms" 0 --> ${chartNumber(top * 1.1 || 1)}`,
    `  bar [${baseline.map(chartNumber).join(', ')}]`,
    `  line [${current.map(chartNumber).join(', ')}]`,
    '```',
  ].join('\n');
}

/** At most CHART_POINTS buckets; each shows its worst second, so that a stall stays visible. */
function bucketTimeline(timeline: TimelinePoint[], buckets: number): { second: number; p95: number }[] {
  const size = Math.max(1, Math.ceil(timeline.length / buckets));
  const out: { second: number; p95: number }[] = [];
  for (let i = 0; i < timeline.length; i += size) {
    const slice = timeline.slice(i, i + size);
    out.push({ second: slice[0]?.second ?? i, p95: Math.max(...slice.map((p) => p.p95)) });
  }
  return out;
}

function timelineChart(s: ScenarioComparison): string | undefined {
  if (s.current.timeline.length < 3) return undefined;
  const current = bucketTimeline(s.current.timeline, CHART_POINTS);
  const baselineTimeline = s.baseline?.timeline ?? [];
  const baseline = baselineTimeline.length >= 3 ? bucketTimeline(baselineTimeline, current.length) : [];
  const comparable = baseline.length === current.length;
  const lines = [
    '```mermaid',
    'xychart-beta',
    `  title ${chartTitle(`${s.name}: p95 per second (ms)`)}`,
    `  x-axis "second" [${current.map((p) => p.second).join(', ')}]`,
    '  y-axis "ms"',
  ];
  if (comparable) lines.push(`  bar [${baseline.map((p) => chartNumber(p.p95)).join(', ')}]`);
  lines.push(`  line [${current.map((p) => chartNumber(p.p95)).join(', ')}]`, '```');
  const caption = comparable ? 'bars: baseline · line: this run' : 'this run';
  return `${lines.join('\n')}\n\n<sub>${caption}${current.length < s.current.timeline.length ? ', worst second of each interval' : ''}</sub>`;
}

// ---------------------------------------------------------------- details

function latencyRow(label: string, r: ScenarioResult): string[] {
  const l = r.latencyMs;
  return [label, ...[l.min, l.mean, l.stddev, l.p50, l.p75, l.p90, l.p95, l.p99, l.p999, l.max].map(formatMsValue)];
}

function renderScenarioDetails(s: ScenarioComparison, ab = false): string {
  const r = s.current;
  const out: string[] = ['<details>', `<summary>Details of <code>${escapeHtml(s.name)}</code></summary>`, ''];
  out.push('**Latency of OK requests (ms)**', '');
  const header = ['', 'min', 'mean', 'stddev', 'p50', 'p75', 'p90', 'p95', 'p99', 'p99.9', 'max'];
  const rows = [header, ...(s.baseline ? [latencyRow(ab ? 'base' : 'baseline', s.baseline)] : []), latencyRow(ab ? 'head' : 'this run', r)];
  out.push(table(rows, ['l', ...header.slice(1).map(() => 'r')]));

  const q = r.requests;
  out.push(
    '',
    `**Requests:** ${formatCount(q.total)} total · ${formatCount(q.ok)} OK · ${formatCount(q.ko)} KO · ${formatCount(q.dropped)} dropped · ` +
      `success ${q.total > 0 ? formatPercent(q.ok / q.total, 2) : 'n/a'} · bytes in ${formatBytes(r.bytes.in)}, out ${formatBytes(r.bytes.out)}`,
  );
  const baselineCodes = s.baseline ? ` (${ab ? 'base' : 'baseline'} ${code(formatStatusCodes(s.baseline.statusCodes))})` : '';
  out.push('', `**Status codes:** ${code(formatStatusCodes(r.statusCodes))}${baselineCodes} · **Errors:** ${code(formatErrorCounts(r.errors))}`);
  for (const [errorClass, example] of Object.entries(r.errorExamples ?? {})) out.push('', `First \`${errorClass}\` error: ${code(example)}`);

  const d = r.distribution;
  const all = d.under800 + d.from800to1200 + d.over1200 + d.failed;
  const share = (n: number): string => (all > 0 ? formatPercent(n / all) : '–');
  out.push(
    '',
    '**Response time distribution**',
    '',
    table(
      [
        ['bucket', 'requests', 'share'],
        ['t < 800 ms', formatCount(d.under800), share(d.under800)],
        ['800 ms ≤ t < 1200 ms', formatCount(d.from800to1200), share(d.from800to1200)],
        ['t ≥ 1200 ms', formatCount(d.over1200), share(d.over1200)],
        ['failed', formatCount(d.failed), share(d.failed)],
      ],
      ['l', 'r', 'r'],
    ),
  );

  const g = r.generator;
  out.push(
    '',
    `**Generator:** ${g.saturated ? '⚠️ saturated · ' : ''}CPU ${formatFixed(g.cpuCores, 2)} cores · event-loop delay p99 ` +
      `${formatMs(g.eventLoopDelayP99Ms)} (max ${formatMs(g.eventLoopDelayMaxMs)}) · ${formatCount(g.lateStarts)} late starts ` +
      `(max ${formatMs(g.maxStartDelayMs)})`,
  );
  if (r.services.length > 0) {
    const services = r.services.map(
      (u) => `${code(u.name)} CPU mean ${formatFixed(u.cpuMeanPercent, 1)}% (max ${formatFixed(u.cpuMaxPercent, 1)}%), RSS peak ${formatBytes(u.rssPeakBytes)}`,
    );
    out.push('', `**Services:** ${services.join(' · ')}`);
  }

  if (s.metrics.length > 0) {
    const methodRows = [['metric', 'method', 'p', 'p (Holm)', 'min effect', 'MDE', 'reasons']];
    for (const m of sortMetrics(s.metrics)) methodRows.push(methodRow(m));
    out.push('', '**Statistics per metric**', '', table(methodRows, ['l', 'l', 'r', 'r', 'r', 'r', 'l']));
  }
  const chart = timelineChart(s);
  if (chart) out.push('', chart);
  out.push('', '</details>');
  return out.join('\n');
}

function methodRow(m: MetricComparison): string[] {
  const effect = (x: number | undefined): string =>
    x === undefined ? '–' : m.metric === 'error_rate' ? `${formatFixed(x * 100, 2)} pp` : formatPercent(x, 0);
  return [
    metricLabel(m.metric),
    m.method,
    formatPValue(m.pValue),
    formatPValue(m.adjustedPValue),
    effect(m.minEffect),
    effect(m.minDetectableEffect),
    escapeText(m.reasons.join('; ')),
  ];
}

function renderMethod(comparison: Comparison): string {
  const modeWords: Record<Comparison['mode'], string> = {
    history: 'the current run is tested against the prediction interval of the stored baselines, which contains runner-to-runner noise',
    bootstrap: 'with fewer than 5 past baselines, the segments of each run are resampled (moving-block bootstrap); the evidence is weaker, so the minimum effect is raised to the runner-noise floor',
    ab: 'the base and the head ran on the same runner (duet: every request sent to both at once; alternate: segments back to back in a randomised order); each segment pair gives one log ratio per metric, and a paired t over the pairs tests it',
    'thresholds-only': 'there is no usable baseline, so only the thresholds decide',
  };
  return [
    '<details>',
    '<summary>How perfgate decides</summary>',
    '',
    `- Mode **${comparison.mode}**: ${modeWords[comparison.mode]}.`,
    '- Change: the relative change of the metric (error rate: percentage points), with its 95% confidence interval.',
    '- ❌ regression / ✅ improvement need both a Holm-adjusted one-sided p ≤ α over all tests of the run and a change of at least the minimum effect; ❔ inconclusive means only one holds or the data are too thin (reasons given); ➖ otherwise.',
    '- MDE: the smallest change this run could have detected; a "no change" rules out changes larger than it.',
    '- Thresholds are absolute SLOs: breached or not, no statistics.',
    '',
    '</details>',
  ].join('\n');
}

function renderPreviousRuns(previous: PrRunEntry[]): string {
  const rows = [['commit', 'verdict', 'when', 'summary']];
  for (const run of [...previous].reverse().slice(0, HISTORY_SHOWN)) {
    const mark = run.verdict === 'fail' ? '❌' : run.verdict === 'pass' ? '✅' : '❔';
    rows.push([run.sha ? code(shortSha(run.sha)) : '–', `${mark} ${escapeText(run.verdict)}`, formatWhen(run.date), escapeText(run.summary)]);
  }
  const more = previous.length > HISTORY_SHOWN ? `\n\n<sub>${formatCount(previous.length - HISTORY_SHOWN)} older runs not shown</sub>` : '';
  return `**Earlier runs on this PR**\n\n${table(rows, ['l', 'l', 'l', 'l'])}${more}`;
}

function renderFooter(comparison: Comparison, options: MarkdownOptions): string {
  const parts = [`perfgate ${escapeText(comparison.current.tool.version)}`, `config ${code(comparison.current.configHash.slice(0, 12))}`];
  if (options.runUrl) parts.push(`[run](${options.runUrl})`);
  return `<sub>${parts.join(' · ')}</sub>`;
}
