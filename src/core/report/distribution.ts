// The response-time distribution that reports print under each scenario. Gatling's fixed buckets
// (800 and 1200 ms) say nothing about a service that answers in milliseconds, so by default the
// limits come from the scenario's own latency SLO (its threshold and double that), else from the
// grade bands; Gatling's stay available by choice (`report.distribution: gatling`).
import { decodeHistogram, type Histogram } from '../histogram.js';
import { parseThreshold } from '../thresholds.js';
import type { ReportConfig } from '../types/config.js';
import type { ScenarioResult } from '../types/results.js';
import { DISTRIBUTION_LIMITS_MS } from '../results/summary.js';
import { formatCount, formatMsLimit, formatPercent } from './format.js';

export type DistributionChoice = ReportConfig['distribution'];

/** The latency grade bands of DESIGN.md, in ms. */
const GRADE_LIMITS_MS = [50, 100, 150, 250];

export interface DistributionRow {
  label: string;
  count: number;
  /** Share of all completed requests (failed ones included), as a fraction. */
  share: number;
  /** Count as text. */
  countText: string;
  /** Share as text, or "–" when nothing completed. */
  shareText: string;
}

/**
 * The smallest upper bound a scenario's latency thresholds set (`p(95)<150` → 150), the SLO the
 * buckets are drawn around; undefined when it has none.
 */
export function latencySloMs(expressions: readonly string[], measure: 'full' | 'ttfb' = 'full'): number | undefined {
  let slo: number | undefined;
  for (const expression of expressions) {
    let parsed;
    try {
      parsed = parseThreshold(expression, 'thresholds');
    } catch {
      // Thresholds were validated with the config; one that does not parse here simply sets no SLO.
      continue;
    }
    // A threshold on the other measure (`p(95):ttfb` beside full times) is no limit of these buckets.
    const latency =
      ['p', 'avg', 'med', 'max'].includes(parsed.metric) &&
      (parsed.measure === undefined || parsed.measure === measure);
    if (latency && (parsed.operator === '<' || parsed.operator === '<=') && parsed.value > 0)
      slo = Math.min(slo ?? Infinity, parsed.value);
  }
  return slo;
}

/** The bucket limits (ms) for a scenario under `choice`, and what they were taken from. */
export function distributionLimits(
  choice: DistributionChoice,
  thresholdExpressions: readonly string[],
  measure: 'full' | 'ttfb' = 'full',
): { limitsMs: number[]; source: string } {
  if (choice === 'gatling')
    return { limitsMs: [DISTRIBUTION_LIMITS_MS.fast, DISTRIBUTION_LIMITS_MS.slow], source: "Gatling's fixed buckets" };
  if (choice === 'thresholds') {
    const slo = latencySloMs(thresholdExpressions, measure);
    if (slo !== undefined)
      return { limitsMs: [slo, 2 * slo], source: `the latency threshold, ${formatMsLimit(slo)}, and its double` };
  }
  return { limitsMs: GRADE_LIMITS_MS, source: 'the latency grade bands' };
}

/** Ok requests below `limitMs`, read from the histogram: the percentile rank found by bisection. */
function countBelow(histogram: Histogram, limitMs: number): number {
  const total = histogram.totalCount;
  if (total === 0) return 0;
  const limitUs = limitMs * 1000;
  if (histogram.maxValue < limitUs) return total;
  if (histogram.minNonZeroValue >= limitUs) return 0;
  let lo = 0;
  let hi = 100;
  for (let i = 0; i < 40; i += 1) {
    const mid = (lo + hi) / 2;
    if (histogram.getValueAtPercentile(mid) < limitUs) lo = mid;
    else hi = mid;
  }
  return Math.round((lo / 100) * total);
}

function rows(labelsAndCounts: [string, number][], failed: number): DistributionRow[] {
  const all = labelsAndCounts.reduce((n, [, c]) => n + c, 0) + failed;
  return [...labelsAndCounts, ['failed', failed] as [string, number]].map(([label, count]) => ({
    label,
    count,
    share: all > 0 ? count / all : 0,
    countText: formatCount(count),
    shareText: all > 0 ? formatPercent(count / all) : '–',
  }));
}

function labelsFor(limitsMs: number[]): string[] {
  const labels: string[] = [];
  limitsMs.forEach((limit, i) => {
    labels.push(
      i === 0 ? `t < ${formatMsLimit(limit)}` : `${formatMsLimit(limitsMs[i - 1] ?? 0)} ≤ t < ${formatMsLimit(limit)}`,
    );
  });
  const last = limitsMs[limitsMs.length - 1];
  if (last !== undefined) labels.push(`t ≥ ${formatMsLimit(last)}`);
  return labels;
}

/** The distribution rows of one scenario: ok requests per bucket, then the failed ones. */
export function distributionRows(
  result: ScenarioResult,
  choice: DistributionChoice,
  thresholdExpressions: readonly string[],
): { rows: DistributionRow[]; source: string } {
  const { limitsMs, source } = distributionLimits(choice, thresholdExpressions, result.latency ?? 'full');
  const failed = result.requests.ko;
  const labels = labelsFor(limitsMs);
  if (choice === 'gatling') {
    const d = result.distribution;
    return {
      rows: rows(
        [
          [labels[0] ?? '', d.under800],
          [labels[1] ?? '', d.from800to1200],
          [labels[2] ?? '', d.over1200],
        ],
        failed,
      ),
      source,
    };
  }
  const histogram = decodeHistogram(result.histogram);
  try {
    // Shares from the histogram, counts from the ok total: a merged or rounded histogram keeps
    // the buckets adding up to the requests the report states.
    const total = histogram.totalCount;
    const ok = result.requests.ok;
    const below = limitsMs.map((limit) => (total > 0 ? Math.round((countBelow(histogram, limit) / total) * ok) : 0));
    const counts = [...below, ok].map((n, i) => n - (i === 0 ? 0 : (below[i - 1] ?? 0)));
    return {
      rows: rows(
        labels.map((label, i) => [label, Math.max(0, counts[i] ?? 0)]),
        failed,
      ),
      source,
    };
  } finally {
    histogram.destroy();
  }
}
