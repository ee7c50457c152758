// The plain-text comparison report (`perfgate compare`, `perfgate gate`): the verdict first, a table
// per scenario, then one sentence per change in words a reviewer can paste into a discussion.
import { renderCapacityText } from './capacity.js';
import type { Comparison, ScenarioComparison } from '../types/comparison.js';
import {
  metricComparisonCells,
  formatCount,
  formatFailureCounts,
  formatGrade,
  formatMetricValue,
  formatPercent,
  formatPValue,
  formatStatusCodes,
  formatThresholdLine,
  formatThresholdOutcome,
  metricLabel,
  shortSha,
  formatProtocol,
} from './format.js';
import {
  describeReason,
  describeScope,
  formatMetricList,
  formatReasonNumbers,
  groupReasons,
  scenarioReferences,
  scopesOf,
  type GroupedReasons,
} from './reasons.js';
import { escapeLogText, renderTextTable } from './markup/text.js';
import { renderProfilesText } from './profile.js';
import {
  VERDICT_MARKS,
  type VerdictLevel,
  allMetrics,
  currentFigures,
  describeBaseline,
  describeMetricChange,
  describeRequests,
  describeMode,
  formatMde,
  sortMetrics,
  LEVEL_VERDICT,
  summarizeVerdict,
  verdictPValue,
} from './sentences.js';

const LEVEL_MARKS: Record<VerdictLevel, string> = { fail: '✗', warn: '⚠', pass: '✓' };
const REPEAT_HEADLINE_AFTER_LINES = 20;

export function renderComparisonText(comparison: Comparison): string {
  const summary = summarizeVerdict(comparison);
  const headline = `perfgate: ${LEVEL_MARKS[summary.level]} ${LEVEL_VERDICT[summary.level]} — ${summary.words}`;
  const out: string[] = [headline];
  const base = comparison.baseline;
  if (base) {
    out.push(
      `baseline: ${base.commit ? `${shortSha(base.commit)}, ` : ''}saved ${base.savedAt} · mode: ${describeMode(comparison)}`,
    );
  }
  if (comparison.ab?.baseCommit !== undefined)
    out.push(`base: ${shortSha(comparison.ab.baseCommit)} · mode: ab (${comparison.ab.schedule})`);
  const current = comparison.current.git?.commit;
  if (current) out.push(`${comparison.ab !== undefined ? 'head' : 'current'}: ${shortSha(current)}`);

  const reasons = groupReasons(comparison);
  for (const scenario of comparison.scenarios) out.push('', ...renderScenarioText(comparison, scenario, reasons));

  const sections: [string, string[]][] = [
    ['Regressions', sortMetrics(comparison.regressions).map(describeMetricChange)],
    ['Improvements', sortMetrics(comparison.improvements).map(describeMetricChange)],
    [
      'Thresholds breached',
      comparison.breaches.map(
        (t) => `${t.scenario}: ${t.expression} (${t.reason ?? `actual ${formatThresholdOutcome(t)}`})`,
      ),
    ],
  ];
  for (const [title, lines] of sections) {
    if (lines.length === 0) continue;
    out.push('', `${title}:`, ...lines.map((text) => `  - ${text}`));
  }
  out.push(...renderReasonsText(reasons));
  // The method notes (the history used, the α of each look, the A/B pairs) after the verdicts.
  const notes = [...describeBaseline(comparison), ...comparison.notes];
  if (notes.length > 0) out.push('', 'Notes:', ...notes.map((note) => `  - ${escapeLogText(note)}`));
  if (allMetrics(comparison).some((m) => verdictPValue(m) !== undefined)) {
    out.push(
      '',
      'p: two-sided p-value, Holm-adjusted over all tests of the run; a verdict needs it ≤ α and the minimum effect; no change needs the interval within ± the minimum effect.',
    );
  }
  // A long report's first line has scrolled away by its end, where the terminal leaves the reader.
  if (out.length > REPEAT_HEADLINE_AFTER_LINES) out.push('', headline);
  return `${out.join('\n')}\n`;
}

/** Each reason once, with where it applies, then what the user can do about them. */
export function renderReasonsText(reasons: GroupedReasons): string[] {
  if (reasons.groups.length === 0 && reasons.remedies.length === 0) return [];
  const out: string[] = [];
  if (reasons.groups.length > 0) out.push('', 'Why verdicts were held back:');
  for (const scope of scopesOf(reasons)) {
    out.push(`  ${describeScope(scope)}`);
    for (const group of scope.groups) out.push(`    ${group.number}. ${group.reason}`);
  }
  if (reasons.groups.length === 0) out.push('');
  out.push('  What you can do:', ...reasons.remedies.map((r) => `    - ${escapeLogText(r)}`));
  return out;
}

/** The line `run` and `gate` end with: the verdict, then every threshold with its unit. */
export function renderThresholdLines(comparison: Comparison): string[] {
  const all = comparison.scenarios.flatMap((s) => s.thresholds);
  return [...all.filter((t) => !t.ok), ...all.filter((t) => t.ok)].map(formatThresholdLine);
}

function renderScenarioText(comparison: Comparison, s: ScenarioComparison, reasons: GroupedReasons): string[] {
  const r = s.current;
  const out = [
    `${escapeLogText(s.name)} · ${r.executor}${formatProtocol(r)}${r.latency === 'ttfb' ? ' · latency: time to first byte' : ''} · ${describeRequests(r)} · grade ${formatGrade(r.grade, r.requests.ok)}`,
  ];
  const ok = { baseline: s.baseline?.requests.ok, current: r.requests.ok };
  if (s.metrics.length > 0) {
    // Both modes show what the run could have detected beside each verdict: a "no change" or an
    // inconclusive verdict means little without it.
    const ab = comparison.ab !== undefined;
    const rows = [
      ['metric', ab ? 'base' : 'baseline', ab ? 'head' : 'current', 'change [95% CI]', 'MDE', 'verdict', 'p'],
    ];
    for (const m of sortMetrics(s.metrics)) {
      rows.push([
        ...metricComparisonCells(m, ok),
        formatMde(m),
        `${VERDICT_MARKS[m.verdict]} ${m.verdict}`,
        formatPValue(verdictPValue(m)),
      ]);
    }
    out.push(...renderTextTable(rows, [false, true, true, false, true, false, true]));
  } else {
    const rows = [['metric', 'current']];
    for (const { metric, value } of currentFigures(r))
      rows.push([metricLabel(metric), formatMetricValue(metric, value, r.requests.ok)]);
    out.push(...renderTextTable(rows, [false, true]));
  }
  if (r.requests.ok === 0 && r.requests.total > 0) out.push('  ✗ no request succeeded: there is no latency to show');
  // How requests failed, as the run summary and the PR comment say it: an error rate alone does not
  // tell a 503 from a refused connection.
  if (r.requests.ko > 0) out.push(...describeFailures('failed', r));
  if (s.baseline && s.baseline.requests.ko > 0)
    out.push(...describeFailures(`failed in the ${comparison.ab !== undefined ? 'base' : 'baseline'}`, s.baseline));
  if (s.thresholds.length > 0) {
    out.push('  thresholds:');
    const rows = s.thresholds.map((t) => [`${t.ok ? '✓' : '✗'} ${t.expression}`, formatThresholdOutcome(t)]);
    out.push(...renderTextTable(rows, [false, true], '    '));
  }
  // A verdict that the whole-run test reached, not the pairs' trimmed mean shown in the table; or one
  // against the prior alone that held against a runner several times noisier (the rule that decided).
  for (const m of s.metrics)
    if (m.decidedBy === 'whole-run' || m.decidedBy === 'robust-prior' || m.decidedBy === 'gross-shift')
      out.push(
        `  ${VERDICT_MARKS[m.verdict]} ${metricLabel(m.metric)}: ${escapeLogText(m.reasons.map(describeReason).join('; '))}`,
      );
  for (const ref of scenarioReferences(comparison, reasons, s.name)) {
    out.push(`  ? ${formatMetricList(ref.metrics)} held back: ${formatReasonNumbers(ref.numbers)} below`);
  }
  if (r.generator.saturated)
    out.push(`  ⚠ generator saturated: ${escapeLogText(r.generator.reasons.join('; ')) || 'it could not keep up'}`);
  for (const note of s.notes) out.push(`  note: ${escapeLogText(note)}`);
  // Whether A/B capacity's search-to-search noise was measured in this run or assumed.
  for (const m of s.metrics)
    for (const reason of m.reasons)
      if (reason.kind === 'capacity-search-noise') out.push(`  note: ${escapeLogText(describeReason(reason))}`);
  out.push(...renderCapacityText(r));
  out.push(...renderProfilesText(comparison.current.profiles, s.name));
  return out;
}

/** `failed: 22 of 5,000 (0.44%) · status codes 200:4978 503:22 · errors ETIMEDOUT:22`, then each error class's first message. */
function describeFailures(label: string, r: ScenarioComparison['current']): string[] {
  const q = r.requests;
  const out = [
    `  ${label}: ${formatCount(q.ko)} of ${formatCount(q.total)} (${formatPercent(q.ko / q.total, 2)}) · ` +
      `status codes ${formatStatusCodes(r.statusCodes)} · errors ${formatFailureCounts(r)}`,
  ];
  for (const [errorClass, example] of Object.entries(r.errorExamples ?? {}))
    out.push(`    first ${escapeLogText(errorClass)}: ${escapeLogText(example)}`);
  return out;
}
