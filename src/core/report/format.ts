// Number and word formatting shared by every report (console, text, markdown, Slack), so that a
// figure reads the same wherever a user meets it. No Intl or locale: output must not depend on the
// machine's settings, or snapshots and CI logs would differ between runners.
import type { Grade, ScenarioResult } from '../types/results.js';
import type { MetricComparison } from '../types/comparison.js';
import type { MetricName } from '../types/config.js';
import { formatFixed } from '../figures.js';

// The figures compare's notes print too (compare sits below report): one formatter for each.
export { formatFixed, formatMdeValue, MDE_SHOWN_UP_TO } from '../figures.js';

/** Inserts thousands separators into the integer part of a decimal string: "1001.5" → "1,001.5". */
export function groupThousands(decimal: string): string {
  const negative = decimal.startsWith('-');
  const unsigned = negative ? decimal.slice(1) : decimal;
  const [whole = '', fraction] = unsigned.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** A count with separators: 14694 → "14,694". */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return groupThousands(Math.round(value).toFixed(0));
}

/**
 * Milliseconds with three significant digits below 100 ms and whole, grouped milliseconds above:
 * 0.412, 4.25, 12.4, 812, 1,001. Histograms hold microseconds, so never more than three decimals.
 */
export function formatMsValue(ms: number): string {
  if (!Number.isFinite(ms)) return 'n/a';
  if (ms === 0) return '0';
  const magnitude = Math.abs(Number(ms.toPrecision(3)));
  if (magnitude >= 100) return groupThousands(Math.round(ms).toFixed(0));
  const decimals = magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3;
  return formatFixed(ms, decimals);
}

export function formatMs(ms: number): string {
  return Number.isFinite(ms) ? `${formatMsValue(ms)} ms` : 'n/a';
}

/** A configured limit rather than a measurement: the same digits without trailing zeros, "50 ms". */
export function formatMsLimit(ms: number): string {
  if (!Number.isFinite(ms)) return 'n/a';
  const text = formatMsValue(ms);
  return `${text.includes('.') ? text.replace(/\.?0+$/, '') : text} ms`;
}

/** Requests per second: 3.91, 232.5, 14,694. */
export function formatRpsValue(rps: number): string {
  if (!Number.isFinite(rps)) return 'n/a';
  const magnitude = Math.abs(rps);
  if (magnitude >= 1000) return groupThousands(Math.round(rps).toFixed(0));
  return formatFixed(rps, magnitude >= 10 || rps === 0 ? 1 : 2);
}

export function formatRps(rps: number): string {
  return Number.isFinite(rps) ? `${formatRpsValue(rps)}/s` : 'n/a';
}

/** A fraction as a percentage: 0.231 → "23.1%". */
export function formatPercent(fraction: number, decimals = 1): string {
  if (!Number.isFinite(fraction)) return 'n/a';
  return `${formatFixed(fraction * 100, decimals)}%`;
}

function signed(text: string): string {
  if (text.startsWith('-')) return text;
  // A change that rounds to zero has no direction worth a sign.
  return /^0(\.0*)?$/.test(text) ? text : `+${text}`;
}

/** A relative change with its sign: 0.231 → "+23.1%", -0.05 → "-5.0%". */
export function formatSignedPercent(fraction: number, decimals = 1): string {
  if (!Number.isFinite(fraction)) return 'n/a';
  return `${signed(formatFixed(fraction * 100, decimals))}%`;
}

/** A difference of two fractions in percentage points: 0.008 → "+0.80 pp". */
export function formatSignedPoints(fraction: number, decimals = 2): string {
  if (!Number.isFinite(fraction)) return 'n/a';
  return `${signed(formatFixed(fraction * 100, decimals))} pp`;
}

/**
 * Decimals for the ends of an interval given as fractions: whole percents when the interval is
 * wide enough that decimals would be noise, one decimal when whole numbers would blur it.
 */
export function intervalDecimals(interval: [number, number]): number {
  return Math.abs(interval[1] - interval[0]) >= 0.02 ? 0 : 1;
}

/** "[+14%, +31%]" */
export function formatPercentInterval(interval: [number, number]): string {
  const decimals = intervalDecimals(interval);
  return `[${formatSignedPercent(interval[0], decimals)}, ${formatSignedPercent(interval[1], decimals)}]`;
}

/** "[+0.10, +0.90] pp" */
export function formatPointsInterval(interval: [number, number]): string {
  return `[${formatSignedPoints(interval[0]).replace(' pp', '')}, ${formatSignedPoints(interval[1])}]`;
}

/** SI bytes as k6 prints them: 680 kB, 1.40 MB, 129 B. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return 'n/a';
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 999.5 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  const magnitude = Math.abs(value);
  const decimals = magnitude >= 99.95 ? 0 : magnitude >= 9.995 ? 1 : 2;
  return `${formatFixed(value, decimals)} ${units[unit]}`;
}

/** A duration for people: 500 ms, 12.5 s, 60 s, 2m 30s, 1h 5m. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return 'n/a';
  if (Math.abs(ms) < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) {
    const text = formatFixed(seconds, 1);
    return `${text.endsWith('.0') ? text.slice(0, -2) : text} s`;
  }
  const totalSeconds = Math.round(seconds);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const rest = totalSeconds % 60;
  if (hours > 0) return minutes > 0 ? `${hours}h ${minutes}m` : `${hours}h`;
  return rest > 0 ? `${minutes}m ${rest}s` : `${minutes}m`;
}

/** How old something saved at `savedAt` is at `now`: "just now", "25 minutes old", "3 days old". */
export function formatAge(savedAt: string, now: Date): string | undefined {
  const savedMs = Date.parse(savedAt);
  if (!Number.isFinite(savedMs) || !Number.isFinite(now.getTime())) return undefined;
  const ageMs = now.getTime() - savedMs;
  const minutes = Math.floor(ageMs / 60_000);
  if (minutes < 1) return 'just now';
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'} old`;
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

/** p-values as reviewers read them: "0.003", "0.052", "0.41", "<0.001". */
export function formatPValue(p: number | undefined): string {
  if (p === undefined || !Number.isFinite(p)) return '–';
  if (p < 0.001) return '<0.001';
  // Three decimals up to 0.1, so that 0.052 does not read as 0.05, right at a usual α.
  if (p < 0.1) return formatFixed(p, 3);
  return formatFixed(p, 2);
}

export function shortSha(sha: string): string {
  return sha.slice(0, 7);
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

// ---------------------------------------------------------------- metrics

export const METRIC_ORDER: readonly MetricName[] = ['capacity', 'p50', 'p90', 'p95', 'p99', 'rps', 'error_rate'];

export function metricLabel(metric: MetricName): string {
  return metric === 'error_rate' ? 'error rate' : metric;
}

/** What reports print for a latency of a run in which no request succeeded: there is none. */
export const NO_VALUE = '—';

export function isLatencyMetric(metric: MetricName): boolean {
  return metric !== 'rps' && metric !== 'error_rate';
}

/**
 * A metric's value in its unit: ms for latencies, req/s for throughput, percent for errors.
 * `okCount` 0 means no request succeeded, so a latency has no value (not 0 ms).
 */
export function formatMetricValue(metric: MetricName, value: number, okCount?: number): string {
  if (metric === 'rps' || metric === 'capacity') return formatRps(value);
  if (metric === 'error_rate') return formatPercent(value, 2);
  return okCount === 0 ? NO_VALUE : formatMs(value);
}

/** A latency of a run, or "—" when no request of it succeeded. */
export function formatLatency(ms: number, okCount: number): string {
  return okCount === 0 ? NO_VALUE : formatMs(ms);
}

/** Successful requests per second over the measured window (vegeta's "throughput"). */
export function okPerSec(result: { requests: { ok: number }; durationMs: number }): number {
  return result.durationMs > 0 ? result.requests.ok / (result.durationMs / 1000) : 0;
}

/** The change column: relative for latencies and rps, percentage points for the error rate. */
export function formatMetricChange(metric: MetricName, change: number): string {
  return metric === 'error_rate' ? formatSignedPoints(change) : formatSignedPercent(change);
}

export function formatMetricInterval(metric: MetricName, interval: [number, number]): string {
  return metric === 'error_rate' ? formatPointsInterval(interval) : formatPercentInterval(interval);
}

/** "+23.1% [+14%, +31%]", or the change alone when the method gives no interval. */
export function formatChangeWithInterval(metric: MetricName, change: number, interval?: [number, number]): string {
  const text = formatMetricChange(metric, change);
  return interval ? `${text} ${formatMetricInterval(metric, interval)}` : text;
}

// ---------------------------------------------------------------- thresholds and grades

/**
 * The cells both report tables start a metric row with: metric, baseline, current, change. The
 * ok counts say whether a side had any successful request (a latency of none is "—").
 */
export function metricComparisonCells(m: MetricComparison, ok: { baseline?: number; current?: number } = {}): string[] {
  const noLatency = isLatencyMetric(m.metric) && (ok.baseline === 0 || ok.current === 0);
  return [
    metricLabel(m.metric),
    formatMetricValue(m.metric, m.baseline, ok.baseline),
    formatMetricValue(m.metric, m.current, ok.current),
    noLatency ? NO_VALUE : formatChangeWithInterval(m.metric, m.change, m.changeInterval),
  ];
}

/**
 * The value a threshold was checked against, in the unit its expression implies:
 * `p(95)<150` → "25.0 ms", `error_rate<0.01` → "2.00%", `rps>=30` → "81.4/s".
 */
export function formatThresholdActual(expression: string, actual: number): string {
  const name = /^\s*([a-z_]+)/i.exec(expression)?.[1]?.toLowerCase() ?? '';
  if (name === 'error_rate') return formatPercent(actual, 2);
  if (name === 'rps' || name === 'capacity') return formatRps(actual);
  if (['dropped', 'requests', 'count', 'ko'].includes(name)) return formatCount(actual);
  return formatMs(actual);
}

/** A threshold's measured value, or "—" and why, when there was none to check. */
export function formatThresholdOutcome(t: { expression: string; actual: number; reason?: string }): string {
  return t.reason ? `${NO_VALUE} ${t.reason}` : formatThresholdActual(t.expression, t.actual);
}

/** `✗ p(95)<10 of short/get: 29.7 ms` */
export function formatThresholdLine(t: {
  scenario: string;
  expression: string;
  actual: number;
  ok: boolean;
  reason?: string;
}): string {
  return `${t.ok ? '✓' : '✗'} ${t.expression} of ${t.scenario}: ${formatThresholdOutcome(t)}`;
}

const GRADE_BANDS: Record<Grade, string> = {
  excellent: '< 50 ms',
  good: '50–100 ms',
  acceptable: '100–150 ms',
  arguable: '150–250 ms',
  unresponsive: '≥ 250 ms',
};

/** "excellent (< 50 ms)"; with `okCount` 0, "unresponsive (no request succeeded)". */
export function formatGrade(grade: Grade, okCount?: number): string {
  return `${grade} (${okCount === 0 ? 'no request succeeded' : GRADE_BANDS[grade]})`;
}

/** Status codes as vegeta prints them, ordered by code: "0:22 200:378". */
export function formatStatusCodes(statusCodes: Record<string, number>): string {
  const entries = Object.entries(statusCodes).sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b));
  return entries.length === 0 ? 'none' : entries.map(([code, count]) => `${code}:${count}`).join(' ');
}

/** Error classes, most frequent first: "ETIMEDOUT:5 ECONNRESET:2". */
export function formatErrorCounts(errors: Record<string, number>): string {
  const entries = Object.entries(errors).filter(([, count]) => count > 0);
  entries.sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? 'none' : entries.map(([name, count]) => `${name}:${count}`).join(' ');
}

/**
 * A scenario's failures by name, most frequent first: its error classes and the statuses its check
 * refused, "status 401:2250 ETIMEDOUT:5". A refused status has no error class (it counts in the
 * status codes only), so a run whose every request got 401 read "errors none".
 */
export function formatFailureCounts(
  r: Pick<ScenarioResult, 'requests' | 'statusCodes' | 'errors' | 'errorExamples'>,
): string {
  return formatErrorCounts({ ...refusedStatuses(r), ...r.errors });
}

/**
 * The failures without an error class are the refused statuses. Which codes they were: those the
 * engine kept a "status <code>" example of, else (older results) those outside 200–399, the
 * default check; when these do not add up to the failures (an okStatus of its own), their count alone.
 */
function refusedStatuses(
  r: Pick<ScenarioResult, 'requests' | 'statusCodes' | 'errors' | 'errorExamples'>,
): Record<string, number> {
  const classed = Object.values(r.errors).reduce((sum, count) => sum + count, 0);
  const refused = r.requests.ko - classed;
  if (!(refused > 0)) return {};
  const codes = Object.keys(r.statusCodes).filter((code) => code !== '0');
  const examined = codes.filter((code) => Object.hasOwn(r.errorExamples ?? {}, `status ${code}`));
  const named = examined.length > 0 ? examined : codes.filter((code) => !(Number(code) >= 200 && Number(code) < 400));
  const counts = Object.fromEntries(named.map((code) => [`status ${code}`, r.statusCodes[code] ?? 0]));
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  return total === refused ? counts : { 'refused status': refused };
}

/** The executor's parameters in words: "vus 100 · duration 1m · think time 1 s". */
export function describeParams(params: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (key === 'executor' || value === undefined || value === null) continue;
    parts.push(describeParam(key, value));
  }
  return parts.join(' · ');
}

function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bvus\b/, 'VUs');
}

function describeParam(key: string, value: unknown): string {
  // A fraction of the bracket's low end: 0.05 reads "resolution 5%".
  if (key === 'resolution' && typeof value === 'number') return `resolution ${Number((value * 100).toFixed(2))}%`;
  if (typeof value === 'number' && key.endsWith('Ms')) return `${words(key.slice(0, -2))} ${formatDuration(value)}`;
  if (typeof value === 'number' && key.endsWith('PerSec')) return `${words(key.slice(0, -6))} ${formatRps(value)}`;
  if (typeof value === 'number') return `${words(key)} ${groupThousands(String(value))}`;
  if (key === 'stages' && Array.isArray(value)) {
    const stages = value.map((stage: unknown) => {
      const { target, durationMs } = (stage ?? {}) as { target?: unknown; durationMs?: unknown };
      return typeof target === 'number' && typeof durationMs === 'number'
        ? `${target} over ${formatDuration(durationMs)}`
        : JSON.stringify(stage);
    });
    return `stages ${stages.join(' → ')}`;
  }
  if (key === 'step' && typeof value === 'object') {
    // A capacity search's step, as the config writes it: "×1.5" or "+100/s" per level.
    const step = value as { kind?: unknown; factor?: unknown; ratePerSec?: unknown };
    if (step.kind === 'factor' && typeof step.factor === 'number') return `step ×${Number(step.factor.toFixed(3))}`;
    if (step.kind === 'increment' && typeof step.ratePerSec === 'number') return `step +${formatRps(step.ratePerSec)}`;
  }
  if (typeof value === 'string' || typeof value === 'boolean') return `${words(key)} ${String(value)}`;
  return `${words(key)} ${JSON.stringify(value)}`;
}

const SPARK_LEVELS = '▁▂▃▄▅▆▇█';

/**
 * A value per second as one line of block characters, scaled from 0 to the largest value (so that
 * a flat series looks flat, not jagged), at most `width` characters: consecutive seconds share a
 * character, which shows their largest value (`combine: 'max'`, for latency spikes) or their mean.
 * A second without a value (no OK request) is a space.
 */
export function sparkline(
  values: readonly (number | undefined)[],
  options: { width: number; combine: 'max' | 'mean' },
): string {
  const per = Math.max(1, Math.ceil(values.length / options.width));
  const buckets: (number | undefined)[] = [];
  for (let start = 0; start < values.length; start += per) {
    const present = values.slice(start, start + per).filter((value): value is number => Number.isFinite(value));
    if (present.length === 0) buckets.push(undefined);
    else
      buckets.push(
        options.combine === 'max'
          ? present.reduce((top, value) => Math.max(top, value), -Infinity)
          : present.reduce((sum, value) => sum + value, 0) / present.length,
      );
  }
  const top = buckets.reduce<number>((high, value) => (value === undefined ? high : Math.max(high, value)), 0);
  return buckets
    .map((value) => {
      if (value === undefined) return ' ';
      if (top <= 0) return SPARK_LEVELS[0];
      return SPARK_LEVELS[Math.min(SPARK_LEVELS.length - 1, Math.floor((value / top) * SPARK_LEVELS.length))];
    })
    .join('');
}

/**
 * " · HTTP/2 (h2c)", " · gRPC (h2)": the protocol a scenario spoke, for the reports' scenario lines; "" for
 * HTTP/1.1 asked for or left unset (results without `protocol`), which is what every run was before.
 */
export function formatProtocol(r: { protocol?: { asked: string; spoken: string } }): string {
  const protocol = r.protocol;
  if (!protocol) return '';
  if (protocol.asked === 'grpc') return ` · gRPC (${protocol.spoken})`;
  const version = protocol.spoken === 'http/1.1' ? 'HTTP/1.1' : 'HTTP/2';
  const how = protocol.asked === 'auto' ? `${protocol.spoken}, by ALPN` : protocol.spoken;
  return ` · ${version} (${how})`;
}

/** Metrics in the reports' order (p50 … error rate), each once. */
export function sortByMetricOrder(metrics: Iterable<MetricName>): MetricName[] {
  const rank = (m: MetricName): number => {
    const index = METRIC_ORDER.indexOf(m);
    return index < 0 ? METRIC_ORDER.length : index;
  };
  return [...new Set(metrics)].sort((a, b) => rank(a) - rank(b));
}
