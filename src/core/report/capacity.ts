// The capacity block of a capacity scenario, for every report: the capacity with its bracket,
// the knee and the first failure in one sentence, then the curve (one row per level, by rate)
// as a table and a chart (mermaid in markdown, bars in plain text).
import type { CapacitySummary } from '../types/comparison.js';
import type { CapacityLevel, CapacityResult, ScenarioResult } from '../types/results.js';
import { formatErrorCounts, formatMsValue, formatPercent, formatRps, formatRpsValue } from './format.js';
import { escapeLogText, renderTextTable } from './markup/text.js';
import { code, escapeText, table } from './markup/markdown.js';

/** The levels by rate, each rate once (a retried level shows its last run). */
export function capacityCurve(capacity: CapacityResult): CapacityLevel[] {
  const byRate = new Map<number, CapacityLevel>();
  for (const level of capacity.levels) byRate.set(level.intendedPerSec, level);
  return [...byRate.values()].sort((a, b) => a.intendedPerSec - b.intendedPerSec);
}

/** "196.7/s (held 196.7/s, broke at 206/s; limited by the service)" and the knee and first failure. */
export function describeCapacity(capacity: CapacityResult): string {
  const [low, high] = capacity.bracket;
  const bracket =
    high === null ? `at least ${formatRps(low)}` : `between ${formatRps(low)} (held) and ${formatRps(high)} (broke)`;
  const parts = [`capacity ${formatRps(capacity.ratePerSec)}: ${bracket}`];
  if (capacity.limitedBy !== 'service' || capacity.ratePerSec === 0) parts.push(describeCapacityLimit(capacity));
  if (capacity.knee) parts.push(`knee at ${formatRps(capacity.knee.ratePerSec)} (${capacity.knee.reason})`);
  if (capacity.firstFailure)
    parts.push(`first failure at ${formatRps(capacity.firstFailure.ratePerSec)}: ${capacity.firstFailure.reason}`);
  return parts.join(' · ');
}

function failuresCell(level: CapacityLevel): string {
  const failures = formatErrorCounts(level.failures);
  return level.requests.dropped > 0
    ? `${failures === 'none' ? '' : `${failures} `}dropped:${level.requests.dropped}`.trim()
    : failures;
}

function markdownFailures(cell: string): string {
  return cell === 'none' ? cell : code(cell);
}

function statusCell(level: CapacityLevel, plain: boolean): string {
  if (level.held) return plain ? '✓ held' : '✅ held';
  if (level.generatorLimited) return plain ? '⚠ generator' : '⚠️ generator';
  return plain ? '✗ broke' : '❌ broke';
}

/** `plain` for the terminal; otherwise markdown, where the failures' classes (from a results
 * file a fork's run may have written) go in a code span like every other untrusted string. */
function curveRows(capacity: CapacityResult, plain: boolean): string[][] {
  const rows = [['intended', 'achieved', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'failures', 'level']];
  for (const level of capacityCurve(capacity)) {
    rows.push([
      formatRps(level.intendedPerSec),
      formatRps(level.achievedPerSec),
      formatMsValue(level.latencyMs.p50),
      formatMsValue(level.latencyMs.p95),
      formatMsValue(level.latencyMs.p99),
      formatPercent(level.errorRate, 2),
      plain ? escapeLogText(failuresCell(level)) : markdownFailures(failuresCell(level)),
      statusCell(level, plain),
    ]);
  }
  return rows;
}

function chartNumber(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toPrecision(3))) : '0';
}

function chartLabel(ratePerSec: number): string {
  return `"${formatRpsValue(ratePerSec).replace(/,/g, '')}"`;
}

/** The markdown block, or undefined for a scenario that ran no capacity search. */
export function renderCapacityMarkdown(result: ScenarioResult): string | undefined {
  const capacity = result.capacity;
  if (!capacity) return undefined;
  const curve = capacityCurve(capacity);
  const out = [
    `**${escapeText(describeCapacity(capacity))}**`,
    '',
    table(curveRows(capacity, false), ['r', 'r', 'r', 'r', 'r', 'r', 'l', 'l']),
  ];
  if (curve.length >= 2) {
    const labels = curve.map((level) => chartLabel(level.intendedPerSec)).join(', ');
    const top = Math.max(...curve.map((level) => Math.max(level.intendedPerSec, level.achievedPerSec)));
    const topMs = Math.max(...curve.map((level) => level.latencyMs.p95));
    out.push(
      '',
      '```mermaid',
      'xychart-beta',
      `  title "${result.name.replace(/["\\]/g, "'")}: achieved vs intended rate (req/s)"`,
      `  x-axis "intended req/s" [${labels}]`,
      `  y-axis "req/s" 0 --> ${chartNumber(top * 1.1 || 1)}`,
      `  bar [${curve.map((level) => chartNumber(level.achievedPerSec)).join(', ')}]`,
      `  line [${curve.map((level) => chartNumber(level.intendedPerSec)).join(', ')}]`,
      '```',
      '',
      '```mermaid',
      'xychart-beta',
      `  title "${result.name.replace(/["\\]/g, "'")}: latency by intended rate (ms)"`,
      `  x-axis "intended req/s" [${labels}]`,
      `  y-axis "ms" 0 --> ${chartNumber(topMs * 1.1 || 1)}`,
      `  line [${curve.map((level) => chartNumber(level.latencyMs.p50)).join(', ')}]`,
      `  line [${curve.map((level) => chartNumber(level.latencyMs.p95)).join(', ')}]`,
      '```',
      '',
      '<sub>bars: achieved · line: intended (the service keeps up where they meet); latency lines: p50 below, p95 above</sub>',
    );
  }
  return out.join('\n');
}

const BAR_WIDTH = 30;

/** Plain-text lines (indented like the text report's scenario lines); empty without a search. */
export function renderCapacityText(result: ScenarioResult): string[] {
  const capacity = result.capacity;
  if (!capacity) return [];
  // Reasons and failure classes may come from an untrusted results file: one line each.
  const out = [`  ${escapeLogText(describeCapacity(capacity))}`];
  out.push(...renderTextTable(curveRows(capacity, true), [true, true, true, true, true, true, false, false], '    '));
  const curve = capacityCurve(capacity);
  const top = Math.max(1, ...curve.map((level) => level.intendedPerSec));
  out.push('    achieved (#) of intended (.) req/s:');
  for (const level of curve) {
    const achieved = Math.round((Math.min(level.achievedPerSec, level.intendedPerSec) / top) * BAR_WIDTH);
    const intended = Math.round((level.intendedPerSec / top) * BAR_WIDTH);
    const bar = '#'.repeat(achieved) + '.'.repeat(Math.max(0, intended - achieved));
    out.push(
      `    ${formatRps(level.intendedPerSec).padStart(9)} |${bar.padEnd(BAR_WIDTH)}| p95 ${formatMsValue(level.latencyMs.p95)} ms`,
    );
  }
  return out;
}

/** Why a capacity is only a lower bound, in words. */
export function describeCapacityLimit(capacity: CapacitySummary): string {
  switch (capacity.limitedBy) {
    case 'service':
      return capacity.ratePerSec > 0
        ? `the service broke its SLO between ${formatCapacityRate(capacity.bracket[0])} and ${formatCapacityRate(capacity.bracket[1] ?? capacity.bracket[0])}`
        : `the service broke its SLO already at the start rate ${formatCapacityRate(capacity.bracket[1] ?? 0)}`;
    case 'generator':
      return `the load generator saturated at ${formatCapacityRate(capacity.firstFailure?.ratePerSec ?? capacity.bracket[0])} before the service broke: the service's capacity is at least ${formatCapacityRate(capacity.ratePerSec)}, not measured`;
    case 'maxRate':
      return `every level held up to maxRate ${formatCapacityRate(capacity.ratePerSec)}: the capacity is at least that`;
    case 'maxDuration':
      return `the search reached its maxDuration with the bracket at [${formatCapacityRate(capacity.bracket[0])}, ${capacity.bracket[1] === null ? '?' : formatCapacityRate(capacity.bracket[1])}]`;
    case 'interrupted':
      return 'the search was interrupted';
  }
}

function formatCapacityRate(ratePerSec: number): string {
  return `${Number(ratePerSec.toPrecision(4))}/s`;
}
