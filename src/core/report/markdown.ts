// The markdown report: the PR comment and the job summary. Built as a list of whole blocks so that
// shortening it to GitHub's comment limit drops blocks (details first, then scenarios from the
// end) and can never cut a table, a code fence or an HTML element in half.
// Longer than 500 lines because it is the one skeleton of that report, block by block in the order
// they appear; its primitives (markup/markdown.ts), charts (charts.ts) and run history
// (comment-history.ts) live apart.
import { renderCapacityMarkdown } from './capacity.js';
import { formatMinEffect } from '../figures.js';
import type { Comparison, MetricComparison, ScenarioComparison, Verdict } from '../types/comparison.js';
import type { ScenarioResult } from '../types/results.js';
import { distributionRows, type DistributionChoice } from './distribution.js';
import {
  formatAge,
  formatBytes,
  metricComparisonCells,
  formatCount,
  formatDuration,
  formatFailureCounts,
  formatFixed,
  formatGrade,
  formatMetricValue,
  formatMs,
  formatMsValue,
  formatPercent,
  formatPValue,
  formatRps,
  formatStatusCodes,
  formatThresholdOutcome,
  isLatencyMetric,
  metricLabel,
  NO_VALUE,
  okPerSec,
  pluralize,
  shortSha,
  formatProtocol,
} from './format.js';
import {
  describeScope,
  formatMetricList,
  formatReasonNumbers,
  groupReasons,
  reasonsOf,
  scenarioReferences,
  scopesOf,
  type GroupedReasons,
} from './reasons.js';
import {
  allMetrics,
  currentFigures,
  describeBaseline,
  describeMetricChange,
  describeMode,
  formatMde,
  sortMetrics,
  summarizeVerdict,
  LEVEL_VERDICT,
  type VerdictLevel,
} from './sentences.js';
import { percentileChart, timelineChart } from './charts.js';
import { HISTORY_KEPT, type PrRunEntry, encodeHistory, renderPreviousRuns } from './comment-history.js';
import { code, escapeHtml, escapeText, table } from './markup/markdown.js';
import { shardTable } from './shards.js';
import { renderProfilesMarkdown } from './profile.js';

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
  /** Where the full results can be downloaded, when the caller uploaded them (an artifact). */
  resultsUrl?: string;
  /** Where the profiles' flame graphs can be downloaded (the run's artifacts), and its words. */
  profilesUrl?: string;
  profilesLabel?: string;
  /** How the response-time distribution is bucketed (default: from the thresholds). */
  distribution?: DistributionChoice;
  /** The metric over the stored runs (renderHistoryCharts), folded away after the tables. */
  historyChart?: string;
  /** Per scenario, its p95 over the last stored runs as a sparkline (renderRunSparklines), under its table. */
  sparklines?: ReadonlyMap<string, string>;
}

export const DEFAULT_MARKER = '<!-- perfgate -->';
export const DEFAULT_MAX_CHARS = 65_000;

/** Sentences listed under the verdict before "…and N more". */
const SENTENCES_SHOWN = 25;

const LEVEL_EMOJI: Record<VerdictLevel, string> = { fail: '❌', warn: '⚠️', pass: '✅' };

const VERDICT_CELLS: Record<Verdict, string> = {
  regression: '❌ regression',
  improvement: '✅ improvement',
  'no change': '➖ no change',
  inconclusive: '❔ inconclusive',
};

type BlockKind =
  | 'marker'
  | 'verdict'
  | 'meta'
  | 'sentences'
  | 'reasons'
  | 'overview'
  | 'scenario'
  | 'details'
  | 'runs'
  | 'footer'
  | 'history';

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
  const reasons = groupReasons(comparison);
  const blocks: Block[] = [
    { kind: 'marker', text: marker },
    {
      kind: 'verdict',
      text: `## ${LEVEL_EMOJI[summary.level]} perfgate${title}: ${LEVEL_VERDICT[summary.level]} — ${summary.words}`,
    },
    { kind: 'meta', text: renderMeta(comparison, options) },
  ];
  const sentences = renderSentences(comparison);
  if (sentences) blocks.push({ kind: 'sentences', text: sentences });
  const reasonsBlock = renderReasons(reasons);
  if (reasonsBlock) blocks.push({ kind: 'reasons', text: reasonsBlock });
  for (const scenario of comparison.scenarios) {
    blocks.push({
      kind: 'scenario',
      text: renderScenario(
        comparison,
        scenario,
        reasons,
        options.profilesUrl ? { url: options.profilesUrl, label: options.profilesLabel ?? 'the artifact' } : undefined,
        options.sparklines?.get(scenario.name),
      ),
      failing: isFailing(scenario),
    });
    blocks.push({
      kind: 'details',
      text: renderScenarioDetails(scenario, reasons, options, comparison.ab !== undefined),
    });
  }
  const previous = options.previousRuns ?? [];
  if (previous.length > 0) blocks.push({ kind: 'runs', text: renderPreviousRuns(previous) });
  // The run's method notes (the history used, the α of each look, the A/B pairs…) fold away after
  // the tables: the reviewer came for the verdict and the figures.
  if (options.historyChart) blocks.push({ kind: 'details', text: options.historyChart });
  const method = renderMethod(comparison);
  if (method) blocks.push({ kind: 'details', text: method });
  blocks.push({ kind: 'footer', text: renderFooter(comparison, options) });
  const entry: PrRunEntry = {
    sha: options.commitSha ?? comparison.current.git?.commit ?? '',
    verdict: comparison.verdict,
    date: options.now.toISOString(),
    summary: summary.words,
  };
  blocks.push({ kind: 'history', text: encodeHistory([...previous, entry].slice(-HISTORY_KEPT)) });
  return fitBlocks(blocks, comparison, options);
}

function isFailing(s: ScenarioComparison): boolean {
  return s.metrics.some((m) => m.verdict === 'regression') || s.thresholds.some((t) => !t.ok);
}

function assemble(blocks: Block[]): string {
  return `${blocks.map((b) => b.text).join('\n\n')}\n`;
}

function lengthOf(blocks: Block[]): number {
  return blocks.reduce((n, b) => n + b.text.length, 0) + 2 * Math.max(0, blocks.length - 1) + 1;
}

/**
 * Makes the report fit without ever leaving a scenario out: first the folded details go; if that
 * is not enough, a compact table gives every scenario's verdict, and the full scenario sections
 * follow only as room remains (failing ones first, so the reason for a red gate stays). Whole
 * blocks are dropped, so no table, code fence or HTML element is ever cut in half. The marker,
 * the verdict and the note saying where the full report is always stay.
 */
function fitBlocks(blocks: Block[], comparison: Comparison, options: MarkdownOptions): string {
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  if (lengthOf(blocks) <= maxChars) return assemble(blocks);

  const withoutDetails = blocks.filter((b) => b.kind !== 'details');
  const foldedNote: Block = { kind: 'meta', text: truncationNote(0, comparison.scenarios.length, options) };
  const folded = insertAfterHead(withoutDetails, foldedNote);
  if (lengthOf(folded) <= maxChars) return assemble(folded);

  const scenarios = withoutDetails.filter((b) => b.kind === 'scenario');
  const rest = withoutDetails.filter((b) => b.kind !== 'scenario');
  // Full sections are added back in this order while they fit; they are shown in config order.
  const candidates = [...scenarios.filter((b) => b.failing), ...scenarios.filter((b) => !b.failing)];
  const overviewBlock = (rowsBudget: number): Block => ({
    kind: 'overview',
    text: renderOverview(comparison, rowsBudget),
  });
  const build = (kept: Set<Block>, overview: Block): Block[] => {
    const note: Block = {
      kind: 'meta',
      text: truncationNote(scenarios.length - kept.size, comparison.scenarios.length, options),
    };
    const at = rest.findIndex((b) => b.kind === 'runs' || b.kind === 'footer' || b.kind === 'history');
    const index = at < 0 ? rest.length : at;
    return insertAfterHead(
      [...rest.slice(0, index), overview, ...scenarios.filter((b) => kept.has(b)), ...rest.slice(index)],
      note,
    );
  };

  const kept = new Set<Block>();
  let overview = overviewBlock(Number.POSITIVE_INFINITY);
  let length = lengthOf(build(kept, overview));
  if (length > maxChars) {
    // Thousands of scenarios: the table itself must shrink. Lesser blocks go first; then the
    // table keeps every failing scenario and counts the passing ones it has no room for.
    for (const kind of ['runs', 'reasons', 'sentences', 'footer'] as BlockKind[]) {
      if (lengthOf(build(kept, overview)) <= maxChars) break;
      const i = rest.findIndex((b) => b.kind === kind);
      if (i >= 0) rest.splice(i, 1);
    }
    const budget = maxChars - lengthOf(build(kept, { kind: 'overview', text: '' }));
    overview = overviewBlock(Math.max(0, budget));
    const out = build(kept, overview);
    return lengthOf(out) <= maxChars
      ? assemble(out)
      : assemble(out.filter((b) => b.kind === 'marker' || b.kind === 'verdict'));
  }
  // Lengths are summed, not re-rendered, so that a 300-scenario report shortens in linear time;
  // the note's length changes by a few digits at most, hence the margin.
  const margin = 16;
  for (const block of candidates) {
    if (length + block.text.length + 2 + margin > maxChars) continue;
    kept.add(block);
    length += block.text.length + 2;
  }
  return assemble(build(kept, overview));
}

function insertAfterHead(blocks: Block[], note: Block): Block[] {
  const at = blocks.findIndex((b) => b.kind !== 'marker' && b.kind !== 'verdict' && b.kind !== 'meta');
  const index = at < 0 ? blocks.length : at;
  return [...blocks.slice(0, index), note, ...blocks.slice(index)];
}

function truncationNote(shownCompactly: number, scenarioCount: number, options: MarkdownOptions): string {
  const compact =
    shownCompactly > 0
      ? `, and ${formatCount(shownCompactly)} of ${pluralize(scenarioCount, 'scenario')} are in the table below without their section`
      : '';
  const where = options.runUrl ? `[this workflow run](${options.runUrl})` : 'this workflow run';
  const results = options.resultsUrl ? ` and in [its results](${options.resultsUrl})` : '';
  return (
    `> ✂️ Shortened to fit ${formatCount(options.maxChars ?? DEFAULT_MAX_CHARS)} characters: details folded away${compact}. ` +
    `The full report is in the job summary of ${where}${results}.`
  );
}

/** One row per scenario with its verdict; `maxChars` bounds the table (passing rows go first). */
function renderOverview(comparison: Comparison, maxChars: number): string {
  const header = ['', 'scenario', 'verdict', 'requests', 'p95', 'OK/s'];
  const rowOf = (s: ScenarioComparison): string[] => {
    const r = s.current;
    return [
      scenarioEmoji(s),
      code(s.name),
      escapeText(scenarioVerdictWords(s)),
      `${formatCount(r.requests.total)}${r.requests.dropped > 0 ? ` (${formatCount(r.requests.dropped)} dropped)` : ''}`,
      r.requests.ok === 0 ? NO_VALUE : formatMs(r.latencyMs.p95),
      formatRps(okPerSec(r)),
    ];
  };
  const align = ['l', 'l', 'l', 'r', 'r', 'r'];
  const title = `**Every scenario** (${pluralize(comparison.scenarios.length, 'scenario')})`;
  const full = `${title}\n\n${table([header, ...comparison.scenarios.map(rowOf)], align)}`;
  if (full.length <= maxChars) return full;
  // Keep the failing rows and as many others as fit; count the ones left.
  const failing = comparison.scenarios.filter(isFailing);
  const passing = comparison.scenarios.filter((s) => !isFailing(s));
  let shown = passing.length;
  let text = full;
  while (shown >= 0) {
    const keptSet = new Set([...failing, ...passing.slice(0, shown)]);
    const rows = comparison.scenarios.filter((s) => keptSet.has(s)).map(rowOf);
    const left = passing.length - shown;
    const tail =
      left > 0
        ? `\n\n<sub>…and ${formatCount(left)} more passing scenarios (✅, ⚠️ or ❔): see the job summary</sub>`
        : '';
    text = `${title}\n\n${table([header, ...rows], align)}${tail}`;
    if (text.length <= maxChars) return text;
    shown = shown > 20 ? Math.floor(shown * 0.8) : shown - 1;
  }
  return text;
}

function scenarioVerdictWords(s: ScenarioComparison): string {
  const regressed = s.metrics.filter((m) => m.verdict === 'regression').map((m) => metricLabel(m.metric));
  const breached = s.thresholds.filter((t) => !t.ok).map((t) => t.expression);
  const improved = s.metrics.filter((m) => m.verdict === 'improvement').map((m) => metricLabel(m.metric));
  const held = s.metrics.filter((m) => m.verdict === 'inconclusive').map((m) => metricLabel(m.metric));
  const parts: string[] = [];
  if (regressed.length > 0) parts.push(`regression: ${regressed.join(', ')}`);
  if (breached.length > 0) parts.push(`breached: ${breached.join(', ')}`);
  if (improved.length > 0) parts.push(`improvement: ${improved.join(', ')}`);
  if (held.length > 0) parts.push(`inconclusive: ${held.join(', ')}`);
  if (s.current.requests.ok === 0 && s.current.requests.total > 0) parts.push('no request succeeded');
  if (parts.length === 0)
    parts.push(s.metrics.length > 0 ? 'no change' : s.thresholds.length > 0 ? 'thresholds met' : 'measured');
  return parts.join('; ');
}

/** Each reason once, numbered, with where it applies, then what the user can do. */
function renderReasons(reasons: GroupedReasons): string | undefined {
  const out: string[] = [];
  if (reasons.groups.length > 0) {
    out.push('**Why some verdicts were held back**', '');
    for (const scope of scopesOf(reasons)) {
      out.push(
        `- ${describeScope(
          scope,
          (scenario) => code(scenario, 'text'),
          (words) => `**${words}**`,
        )}`,
      );
      for (const group of scope.groups) out.push(`  - reason ${group.number}: ${escapeText(group.reason)}`);
    }
  }
  // A heading of its own, so that CommonMark does not fold the advice into the list above it.
  if (reasons.remedies.length > 0) {
    if (out.length > 0) out.push('');
    out.push('**What you can do**', '', ...reasons.remedies.map((r) => `- ${remedyMarkdown(r)}`));
  }
  return out.length > 0 ? out.join('\n') : undefined;
}

/** A remedy's words escaped, its `code spans` kept as code (a scenario's name inside stays inert). */
function remedyMarkdown(remedy: string): string {
  return remedy
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? code(part.slice(1, -1)) : escapeText(part)))
    .join('');
}

/**
 * A note's words escaped, the perfgate commands it names (`perfgate plan`) kept as code: escaped
 * whole, the comment showed \`perfgate plan\`. Only a command's span is code, not any backtick
 * pair, because a note also holds scenario and step names from the config: a backtick in one must
 * stay a literal backtick, not open a code span over the words that follow it.
 */
function noteMarkdown(note: string): string {
  return note
    .split(/(`perfgate [a-z][a-z -]*`)/)
    .map((part, i) => (i % 2 === 1 ? code(part.slice(1, -1), 'text') : escapeText(part)))
    .join('');
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
  parts.push(`mode: ${describeMode(comparison)}`);
  if (options.runUrl) parts.push(`[workflow run](${options.runUrl})`);
  return parts.join(' · ');
}

function listWithLimit(title: string, items: string[]): string[] {
  if (items.length === 0) return [];
  const shown = items.slice(0, SENTENCES_SHOWN).map((item) => `- ${item}`);
  if (items.length > SENTENCES_SHOWN) shown.push(`- …and ${formatCount(items.length - SENTENCES_SHOWN)} more`);
  return [`**${title}**`, '', ...shown];
}

function markdownSentence(m: MetricComparison): string {
  const sentence = escapeText(describeMetricChange(m)).replace(
    ` of ${escapeText(m.scenario)} `,
    ` of ${code(m.scenario)} `,
  );
  // A verdict against the runner-noise prior alone says which rule let it count.
  return m.decidedBy === 'robust-prior' || m.decidedBy === 'gross-shift'
    ? `${sentence}: ${escapeText(reasonsOf(m).join('; '))}`
    : sentence;
}

function renderSentences(comparison: Comparison): string {
  const sections = [
    listWithLimit('Regressions', sortMetrics(comparison.regressions).map(markdownSentence)),
    listWithLimit(
      'Thresholds breached',
      comparison.breaches.map(
        (t) =>
          `${code(t.scenario)}: ${code(t.expression)} (${t.reason ? escapeText(t.reason) : `actual ${formatThresholdOutcome(t)}`})`,
      ),
    ),
    listWithLimit('Improvements', sortMetrics(comparison.improvements).map(markdownSentence)),
  ].filter((lines) => lines.length > 0);
  return sections.map((lines) => lines.join('\n')).join('\n\n');
}

/** ⚠️ as in the headline: only for what the reader must act on, not for an undecided metric. */
function scenarioEmoji(s: ScenarioComparison): string {
  if (s.metrics.some((m) => m.verdict === 'regression') || s.thresholds.some((t) => !t.ok)) return '❌';
  const priorOnly = s.metrics.some((m) =>
    m.reasons.some((r) => r.kind === 'prior-only' && r.direction === 'regression'),
  );
  if (priorOnly || s.current.generator.saturated) return '⚠️';
  // Nothing decided is not a pass of the scenario: ✅ over latencies that were all inconclusive
  // read as "no change". ❔ as in the verdict column, whose words name the metrics.
  const latencies = s.metrics.filter((m) => isLatencyMetric(m.metric));
  if (latencies.length > 0 && latencies.every((m) => m.verdict === 'inconclusive')) return '❔';
  return '✅';
}

function describeLoad(r: ScenarioResult): string {
  const requests = `${formatCount(r.requests.total)} requests${r.requests.dropped > 0 ? ` (${formatCount(r.requests.dropped)} dropped)` : ''} in ${formatDuration(r.durationMs)}`;
  const parts = [
    r.executor + formatProtocol(r),
    requests,
    `${formatRps(r.rps)} completed, ${formatRps(okPerSec(r))} OK`,
  ];
  if (r.rate) parts.push(`${formatRps(r.rate.intendedPerSec)} intended`);
  // The latencies below are times to first byte: say so before anyone reads them as full times.
  if (r.latency === 'ttfb') parts.push('latency: time to first byte');
  parts.push(`grade: ${formatGrade(r.grade, r.requests.ok)}`);
  return parts.join(' · ');
}

function renderScenario(
  comparison: Comparison,
  s: ScenarioComparison,
  reasons: GroupedReasons,
  profileLink?: { url: string; label: string },
  sparkline?: string,
): string {
  const out: string[] = [`### ${scenarioEmoji(s)} ${code(s.name, 'text')}`, '', describeLoad(s.current), ''];
  const okCurrent = s.current.requests.ok;
  const ok = { baseline: s.baseline?.requests.ok, current: okCurrent };
  const ab = comparison.ab !== undefined;
  if (s.metrics.length > 0) {
    // Both modes show what this run could have detected beside each verdict.
    const rows = [['metric', ab ? 'base' : 'baseline', ab ? 'head' : 'current', 'change (95% CI)', 'MDE', 'verdict']];
    for (const m of sortMetrics(s.metrics))
      rows.push([...metricComparisonCells(m, ok), formatMde(m), VERDICT_CELLS[m.verdict]]);
    out.push(table(rows, ['l', 'r', 'r', 'r', 'r', 'l']));
  } else {
    const rows = [['metric', 'current']];
    for (const { metric, value } of currentFigures(s.current))
      rows.push([metricLabel(metric), formatMetricValue(metric, value, okCurrent)]);
    out.push(table(rows, ['l', 'r']));
  }
  if (sparkline) out.push('', `📈 ${sparkline}`);
  if (s.thresholds.length > 0) {
    const items = s.thresholds.map(
      (t) => `${t.ok ? '✅' : '❌'} ${code(t.expression)} (${escapeText(formatThresholdOutcome(t))})`,
    );
    out.push('', `**Thresholds:** ${items.join(' · ')}`);
  }
  const remarks: string[] = [];
  if (okCurrent === 0 && s.current.requests.total > 0)
    remarks.push('❌ no request succeeded: there is no latency to show');
  for (const ref of scenarioReferences(comparison, reasons, s.name)) {
    remarks.push(
      `❔ ${formatMetricList(ref.metrics)} held back: ${formatReasonNumbers(ref.numbers)} under the verdict`,
    );
  }
  if (s.current.generator.saturated) {
    remarks.push(
      `⚠️ generator saturated: ${escapeText(s.current.generator.reasons.join('; ') || 'it could not keep up')}`,
    );
  }
  for (const note of s.notes) remarks.push(`ℹ️ ${noteMarkdown(note)}`);
  if (remarks.length > 0) out.push('', remarks.join('<br>\n'));
  const capacity = renderCapacityMarkdown(s.current);
  if (capacity) out.push('', capacity);
  const profiles = renderProfilesMarkdown(comparison.current.profiles, s.name, profileLink ?? undefined);
  if (profiles) out.push('', profiles);
  const moved = s.metrics.some(
    (m) =>
      ['p50', 'p90', 'p95', 'p99'].includes(m.metric) && (m.verdict === 'regression' || m.verdict === 'improvement'),
  );
  if (s.baseline && moved && okCurrent > 0 && s.baseline.requests.ok > 0) out.push('', percentileChart(s, ab));
  return out.join('\n');
}

function latencyRow(label: string, r: ScenarioResult): string[] {
  const l = r.latencyMs;
  const values = [l.min, l.mean, l.stddev, l.p50, l.p75, l.p90, l.p95, l.p99, l.p999, l.max];
  return [label, ...values.map((v) => (r.requests.ok === 0 ? NO_VALUE : formatMsValue(v)))];
}

function renderScenarioDetails(
  s: ScenarioComparison,
  reasons: GroupedReasons,
  options: MarkdownOptions,
  ab = false,
): string {
  const r = s.current;
  const out: string[] = ['<details>', `<summary>Details of <code>${escapeHtml(s.name)}</code></summary>`, ''];
  out.push('**Latency of OK requests (ms)**', '');
  const header = ['', 'min', 'mean', 'stddev', 'p50', 'p75', 'p90', 'p95', 'p99', 'p99.9', 'max'];
  const rows = [
    header,
    ...(s.baseline ? [latencyRow(ab ? 'base' : 'baseline', s.baseline)] : []),
    latencyRow(ab ? 'head' : 'this run', r),
  ];
  out.push(table(rows, ['l', ...header.slice(1).map(() => 'r')]));

  const q = r.requests;
  out.push(
    '',
    `**Requests:** ${formatCount(q.total)} total · ${formatCount(q.ok)} OK · ${formatCount(q.ko)} KO · ${formatCount(q.dropped)} dropped · ` +
      `success ${q.total > 0 ? formatPercent(q.ok / q.total, 2) : 'n/a'} · bytes in ${formatBytes(r.bytes.in)}, out ${formatBytes(r.bytes.out)}`,
  );
  const baselineCodes = s.baseline
    ? ` (${ab ? 'base' : 'baseline'} ${code(formatStatusCodes(s.baseline.statusCodes))})`
    : '';
  out.push(
    '',
    `**Status codes:** ${code(formatStatusCodes(r.statusCodes))}${baselineCodes} · **Errors:** ${code(formatFailureCounts(r))}`,
  );
  const shards = shardTable(r);
  if (shards) {
    out.push(
      '',
      `**Load shards:** ${shards.rows.length}, merged exactly (histograms added, counts summed)`,
      '',
      table(
        [
          [...shards.header, 'apart'],
          ...shards.rows.map((row, i) => [...row, escapeText(shards.apart[i]!.join('; ')) || '—']),
        ],
        shards.header.map((_, i) => (i === 0 ? 'l' : 'r')).concat('l'),
      ),
    );
  }
  for (const [errorClass, example] of Object.entries(r.errorExamples ?? {}))
    // Both come from the run's own results, which a fork's run may have written: the key too.
    out.push('', `First ${code(errorClass, 'text')} error: ${code(example, 'text')}`);

  const distribution = distributionRows(
    r,
    options.distribution ?? 'thresholds',
    s.thresholds.map((t) => t.expression),
  );
  out.push(
    '',
    `**Response time distribution** <sub>(buckets from ${distribution.source})</sub>`,
    '',
    table(
      [['bucket', 'requests', 'share'], ...distribution.rows.map((row) => [row.label, row.countText, row.shareText])],
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
      (u) =>
        `${code(u.name)} CPU mean ${formatFixed(u.cpuMeanPercent, 1)}% (max ${formatFixed(u.cpuMaxPercent, 1)}%), RSS peak ${formatBytes(u.rssPeakBytes)}`,
    );
    out.push('', `**Services:** ${services.join(' · ')}`);
  }

  if (s.metrics.length > 0) {
    const methodRows = [['metric', 'method', 'p', 'p (Holm)', 'min effect', 'MDE', 'reasons']];
    const numbers = new Map(reasons.forScenario(s.name).map((g) => [g.reason, g.number]));
    for (const m of sortMetrics(s.metrics)) methodRows.push(methodRow(m, numbers, reasons.textsOf(m)));
    out.push('', '**Statistics per metric**', '', table(methodRows, ['l', 'l', 'r', 'r', 'r', 'r', 'l']));
  }
  const chart = timelineChart(s, ab);
  if (chart) out.push('', chart);
  out.push('', '</details>');
  return out.join('\n');
}

/** The reasons column names the numbered reasons listed under the verdict, not their text again. */
function methodRow(m: MetricComparison, reasonNumbers: Map<string, number>, texts: string[]): string[] {
  const effect = (x: number | undefined): string => (x === undefined ? '–' : formatMinEffect(m.metric, x, 'pp'));
  return [
    metricLabel(m.metric),
    m.method,
    formatPValue(m.pValue),
    formatPValue(m.adjustedPValue),
    effect(m.minEffect),
    formatMde(m),
    texts.map((r) => (reasonNumbers.has(r) ? `reason ${reasonNumbers.get(r)}` : escapeText(r))).join(', ') || '–',
  ];
}

/** The run's own notes, then how perfgate decides; undefined when there is neither. */
function renderMethod(comparison: Comparison): string | undefined {
  const notes = [...describeBaseline(comparison), ...comparison.notes];
  const metrics = allMetrics(comparison).length > 0;
  if (notes.length === 0 && !metrics) return undefined;
  const out = ['<details>', '<summary>How perfgate judged this run</summary>', ''];
  if (notes.length > 0) out.push('**This run**', '', ...notes.map((note) => `- ${noteMarkdown(note)}`), '');
  if (metrics) out.push('**The method**', '', ...renderMethodItems(comparison), '');
  out.push('</details>');
  return out.join('\n');
}

function renderMethodItems(comparison: Comparison): string[] {
  const modeWords: Record<Comparison['mode'], string> = {
    history:
      'the current run is tested against the prediction interval of the stored baselines, which contains runner-to-runner noise',
    bootstrap:
      "with fewer than 5 past baselines, each run's own error comes from resampling its segments (block bootstrap) and the runner-to-runner noise from a configured prior (compare.runnerNoise); the evidence is weaker, as the minimum detectable effects show",
    ab:
      comparison.ab?.schedule === 'alternate'
        ? "the base and the head ran on the same runner, in segments back to back in a randomised order; each segment pair gives one log ratio per metric, and Yuen's paired t on the 20%-trimmed mean of those ratios tests it (a plain paired t for the error rate)"
        : "the base and the head ran on the same runner, every request sent to both at once; each metric's whole-run change (the ratio of the pooled percentiles and rates, the difference of the error shares) is tested with a paired block bootstrap over short time blocks, or, where the typical block holds enough requests to read the percentile, with Yuen's paired t on the 20%-trimmed mean of the per-block log ratios",
    'thresholds-only': 'there is no usable baseline, so only the thresholds decide',
  };
  return [
    `- Mode **${comparison.mode}**: ${modeWords[comparison.mode]}.`,
    '- Change: the relative change of the metric (error rate: percentage points), with its 95% confidence interval.',
    '- ❌ regression / ✅ improvement need both a Holm-adjusted two-sided p ≤ α over all tests of the run and a change of at least the minimum effect; ➖ no change needs the whole 95% interval within ± the minimum effect; ❔ inconclusive otherwise, or when the data are too thin (reasons given). Without history or A/B, a change is a warning unless it stays significant with a runner 4× as noisy as the runner-noise prior.',
    "- MDE: the smallest change this run would have called in 80% of runs like it (significant at its share of α, from the same standard error as the interval); a change you care about below a metric's MDE could have passed unseen.",
    '- Thresholds are absolute SLOs: breached or not, no statistics.',
  ];
}

function renderFooter(comparison: Comparison, options: MarkdownOptions): string {
  const parts = [
    `perfgate ${escapeText(comparison.current.tool.version)}`,
    `config ${code(comparison.current.configHash.slice(0, 12))}`,
  ];
  if (options.runUrl) parts.push(`[run](${options.runUrl})`);
  return `<sub>${parts.join(' · ')}</sub>`;
}
