// The console report printed after `perfgate run`: per scenario the figures users know from
// vegeta's `report` (labelled lines with their fields in brackets) and Gatling's response-time
// distribution, plus what only perfgate knows (grade, generator health, service usage).
import type { Results, ScenarioResult } from '../types/results.js';
import type { ThresholdResult } from '../types/comparison.js';
import { distributionRows, type DistributionChoice } from './distribution.js';
import { escapeLogText } from './markup/text.js';
import {
  describeParams,
  formatBytes,
  formatCount,
  formatDuration,
  formatFailureCounts,
  formatFixed,
  formatGrade,
  formatLatency,
  formatMs,
  formatPercent,
  formatRps,
  formatStatusCodes,
  okPerSec,
  pluralize,
  shortSha,
  sparkline,
  formatProtocol,
} from './format.js';
import { renderCapacityText } from './capacity.js';
import { renderTextTable } from './markup/text.js';
import { shardTable } from './shards.js';
import { describeDelayedAckStall } from '../compare/delayed-ack.js';

const LABEL_WIDTH = 14;
const FIELDS_WIDTH = 28;
const RULE_WIDTH = 80;
/** Characters of a per-second picture: 36 seconds one each, a longer run a few per character. */
const SPARK_WIDTH = 36;
const MIN_TIMELINE_SECONDS = 3;

function line(label: string, fields: string, values: string[]): string {
  return `  ${label.padEnd(LABEL_WIDTH)}${fields.padEnd(FIELDS_WIDTH)}${values.join('  ')}`.trimEnd();
}

function rule(title: string): string {
  const head = `---- ${title} `;
  return head + '-'.repeat(Math.max(4, RULE_WIDTH - head.length));
}

export interface RunSummaryOptions {
  /** The thresholds as judged, for the distribution's buckets (the SLO and its double). */
  thresholds?: ThresholdResult[];
  distribution?: DistributionChoice;
}

export function renderRunSummary(results: Results, options: RunSummaryOptions = {}): string {
  const out: string[] = [];
  const env = results.environment;
  const runner = [env.runnerOs, env.runnerName].filter(Boolean).join(' / ');
  out.push(
    `perfgate ${results.tool.version} · ${pluralize(results.scenarios.length, 'scenario')} · ` +
      `${formatDuration(results.durationMs)} · started ${results.startTime}`,
  );
  out.push(
    `environment: ${env.cpuModel} × ${env.cpuCount} · Node ${env.nodeVersion} · ${env.os}` +
      `${runner ? ` · ${runner}` : ''} · config ${results.configHash.slice(0, 12)}` +
      `${results.git?.commit ? ` · commit ${shortSha(results.git.commit)}` : ''}`,
  );
  for (const scenario of results.scenarios) {
    const expressions = (options.thresholds ?? []).filter((t) => t.scenario === scenario.name).map((t) => t.expression);
    out.push('', ...renderScenario(scenario, options.distribution ?? 'thresholds', expressions, env.os));
  }
  out.push('', ...renderTotals(results));
  return `${out.join('\n')}\n`;
}

function renderScenario(
  s: ScenarioResult,
  choice: DistributionChoice,
  thresholdExpressions: string[],
  os: string,
): string[] {
  const out: string[] = [];
  out.push('='.repeat(RULE_WIDTH));
  out.push(escapeLogText(s.name));
  const params = describeParams(s.params);
  out.push(
    `${s.executor}${params ? ` · ${params}` : ''}${formatProtocol(s)} · measured ${formatDuration(s.durationMs)}` +
      `${s.warmupMs > 0 ? ` after ${formatDuration(s.warmupMs)} warm-up` : ''}`,
  );
  if (s.capacity) {
    out.push(rule('Capacity search'), ...renderCapacityText(s));
    out.push(
      `  The figures below are those of the level at the capacity (${formatRps(s.capacity.ratePerSec)}), or of the first level when none held.`,
    );
  }
  out.push(rule('Requests'));
  const r = s.requests;
  out.push(line('Requests', '[total, ok, ko, dropped]', [r.total, r.ok, r.ko, r.dropped].map(formatCount)));
  out.push(line('Success', '[ratio]', [r.total > 0 ? formatPercent(r.ok / r.total, 2) : 'n/a']));
  out.push(line('Throughput', '[completed/s, OK/s]', [formatRps(s.rps), formatRps(okPerSec(s))]));
  if (s.rate) {
    const held =
      s.rate.intendedPerSec > 0 ? ` (${formatPercent(s.rate.achievedPerSec / s.rate.intendedPerSec)} of intended)` : '';
    out.push(
      line('Rate', '[intended, achieved]', [
        formatRps(s.rate.intendedPerSec),
        `${formatRps(s.rate.achievedPerSec)}${held}`,
      ]),
    );
  }
  const bytesPerRequest = (bytes: number): string => (r.total > 0 ? formatBytes(bytes / r.total) : 'n/a');
  out.push(line('Bytes In', '[total, mean]', [formatBytes(s.bytes.in), bytesPerRequest(s.bytes.in)]));
  out.push(line('Bytes Out', '[total, mean]', [formatBytes(s.bytes.out), bytesPerRequest(s.bytes.out)]));
  out.push(line('Status Codes', '[code:count]', [formatStatusCodes(s.statusCodes)]));
  out.push(line('Errors', '[class:count]', [formatFailureCounts(s)]));
  // A class's name may be longer than the label column (grpc:RESOURCE_EXHAUSTED): the example
  // then starts two spaces after it, not a whole fields column later.
  for (const [errorClass, example] of Object.entries(s.errorExamples ?? {})) {
    const label = `  first ${escapeLogText(errorClass)}`;
    out.push(`  ${label.padEnd(LABEL_WIDTH + FIELDS_WIDTH - 2)}  ${escapeLogText(example)}`);
  }

  out.push(
    rule(s.latency === 'ttfb' ? 'Time to first byte of OK requests (latency: ttfb)' : 'Response time of OK requests'),
  );
  const l = s.latencyMs;
  const latency = (ms: number): string => formatLatency(ms, r.ok);
  out.push(line('Latencies', '[min, mean, stddev, max]', [l.min, l.mean, l.stddev, l.max].map(latency)));
  out.push(line('Percentiles', '[50, 75, 90, 95]', [l.p50, l.p75, l.p90, l.p95].map(latency)));
  out.push(line('', '[99, 99.9]', [l.p99, l.p999].map(latency)));
  // The other measure, recorded beside it: a streamed answer's first byte, or a ttfb run's full time.
  const other = s.latency === 'ttfb' ? s.fullMs : s.ttfbMs;
  if (other)
    out.push(
      line(
        s.latency === 'ttfb' ? 'Full time' : 'TTFB',
        '[50, 90, 95, 99]',
        [other.p50, other.p90, other.p95, other.p99].map(latency),
      ),
    );
  if (s.events)
    out.push(
      line('Events', '[streams, /stream, /s]', [
        formatCount(s.events.streams),
        String(Math.round(s.events.perStream * 10) / 10),
        (Math.round(s.events.perSecond * 10) / 10).toFixed(1),
      ]),
    );
  if (r.ok === 0) out.push(`  ✗ no request ${r.total > 0 ? 'succeeded' : 'was sent'}: there is no latency to show`);
  // Nothing sent has no latency band either: "unresponsive (≥ 250 ms)" read as a slow service.
  out.push(line('Grade', '', [r.total > 0 ? formatGrade(s.grade, r.ok) : 'none (no request was sent)']));
  // A grade of a stall is no grade of the service: say so beside it (compare/delayed-ack.ts).
  const stall = describeDelayedAckStall(s, os);
  if (stall) out.push(`  note: ${escapeLogText(stall)}`);
  out.push(...renderOverTime(s));

  const distribution = distributionRows(s, choice, thresholdExpressions);
  out.push(rule(`Response time distribution (${distribution.source})`));
  for (const row of distribution.rows) {
    const share =
      row.count > 0 || row.share > 0
        ? `${formatFixed(row.share * 100, 1).padStart(5)}%`
        : r.total > 0
          ? '  0.0%'
          : '    -%';
    out.push(`  ${row.label.padEnd(LABEL_WIDTH + FIELDS_WIDTH - 10)}${row.countText.padStart(10)} (${share})`);
  }

  out.push(rule('Generator and services'));
  const g = s.generator;
  out.push(
    line('Generator', '[cpu, loop delay p99/max]', [
      `${formatFixed(g.cpuCores, 2)} cores`,
      `${formatMs(g.eventLoopDelayP99Ms)} / ${formatMs(g.eventLoopDelayMaxMs)}`,
    ]),
  );
  out.push(line('', '[late starts, max delay]', [formatCount(g.lateStarts), formatMs(g.maxStartDelayMs)]));
  if (g.saturated) {
    out.push("  ⚠ generator saturated: the figures above may show the generator's limits, not the service's");
    for (const reason of g.reasons) out.push(`    - ${escapeLogText(reason)}`);
  } else if (g.reasons.length > 0) {
    for (const reason of g.reasons) out.push(`  note: ${escapeLogText(reason)}`);
  }
  const shards = shardTable(s);
  if (shards) {
    out.push(rule(`Load shards (${shards.rows.length}, merged exactly)`));
    out.push(
      ...renderTextTable(
        [shards.header, ...shards.rows],
        shards.header.map((_, i) => i > 0),
        '  ',
      ),
    );
    shards.apart.forEach((apart, i) => {
      if (apart.length > 0) out.push(`  ⚠ shard ${shards.rows[i]![0]}: ${apart.join('; ')}`);
    });
  }
  for (const service of s.services) {
    out.push(
      line('Service', '[name, cpu mean, max, rss]', [
        service.name,
        `${formatFixed(service.cpuMeanPercent, 1)}%`,
        `${formatFixed(service.cpuMaxPercent, 1)}%`,
        formatBytes(service.rssPeakBytes),
      ]),
    );
  }
  return out;
}

/** A picture of the run second by second, as vegeta's plot gives one: spikes and stalls show. */
function renderOverTime(s: ScenarioResult): string[] {
  // Whole seconds of the measured window only: the window's last, partial second and the seconds
  // after it (responses still in flight when it closed) hold a fraction of a second's requests,
  // and drew a stall at the end of every run that was not one.
  const wholeSeconds = Math.floor(s.durationMs / 1000);
  // A loop, not a spread: a timeline has up to 100,000 points (the results schema's cap).
  let seconds = 0;
  for (const point of s.timeline) if (point.second < wholeSeconds) seconds = Math.max(seconds, point.second + 1);
  if (seconds < MIN_TIMELINE_SECONDS) return [];
  const p95: (number | undefined)[] = Array.from({ length: seconds }, () => undefined);
  const ok: number[] = Array.from({ length: seconds }, () => 0);
  for (const point of s.timeline) {
    if (point.second >= seconds) continue;
    // Older results hold 0 for a second without an OK request.
    if (point.p95 !== undefined && point.p95 > 0) p95[point.second] = point.p95;
    ok[point.second] = point.count - point.ko;
  }
  const latencies = p95.filter((value): value is number => value !== undefined);
  const range = (values: number[]): [number, number] =>
    values.reduce<[number, number]>(
      ([low, high], value) => [Math.min(low, value), Math.max(high, value)],
      [Infinity, -Infinity],
    );
  const out = [];
  if (latencies.length > 0) {
    const [low, high] = range(latencies);
    out.push(
      line('Over time', `[p95 per s, ${formatCount(seconds)} s]`, [
        sparkline(p95, { width: SPARK_WIDTH, combine: 'max' }),
        `${formatMs(low)} … ${formatMs(high)}`,
      ]),
    );
  }
  const [fewest, most] = range(ok);
  out.push(
    line(latencies.length > 0 ? '' : 'Over time', '[OK per s]', [
      sparkline(ok, { width: SPARK_WIDTH, combine: 'mean' }),
      `${formatCount(fewest)} … ${formatCount(most)}`,
    ]),
  );
  return out;
}

function renderTotals(results: Results): string[] {
  const totals = { total: 0, ok: 0, ko: 0, dropped: 0 };
  for (const s of results.scenarios) {
    totals.total += s.requests.total;
    totals.ok += s.requests.ok;
    totals.ko += s.requests.ko;
    totals.dropped += s.requests.dropped;
  }
  const saturated = results.scenarios.filter((s) => s.generator.saturated).map((s) => s.name);
  const out = [
    '='.repeat(RULE_WIDTH),
    `total: ${formatCount(totals.total)} requests · ${formatCount(totals.ok)} OK · ${formatCount(totals.ko)} KO · ` +
      `${formatCount(totals.dropped)} dropped`,
  ];
  if (saturated.length > 0) out.push(`⚠ generator saturated in: ${saturated.join(', ')}`);
  for (const service of results.services) out.push(`log of ${service.name}: ${service.logPath}`);
  return out;
}
