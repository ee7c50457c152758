// One scenario measured by N load shards at once (`--split load`) becomes one scenario result:
// histograms and counters add exactly, segments and timeline seconds are aligned on wall clock,
// and every summary figure is recomputed from the sums, so that a merged p99 is the p99 of every
// request, not a mean of the shards' p99s. Each shard keeps a row of its own figures, so that a
// shard that started late, fell behind or saw errors alone can still be named.
import { InputFileError } from '../errors.js';
import { joinSegmentOther, otherHistograms, setOtherMeasure } from './other-measure.js';
import { decodeHistogram, encodeHistogram, mergeEncodedHistograms, mergeHistograms } from '../histogram.js';
import { joinParams } from '../split/index.js';
import type {
  ScenarioResult,
  SegmentContention,
  SegmentRecord,
  ShardFigures,
  TimelinePoint,
} from '../types/results.js';
import { summarizeScenario } from './summary.js';

export interface LoadPart {
  /** How the user named the shard's file, for messages. */
  path: string;
  shardIndex: number;
  shardCount: number;
  scenario: ScenarioResult;
}

/** Shards whose measured windows overlap less than this share of the measured time are not one run. */
export const MIN_WINDOW_OVERLAP = 0.9;

function windowOf(scenario: ScenarioResult): [number, number] {
  const start = Date.parse(scenario.startTime);
  return [start, start + scenario.durationMs];
}

/** The shard whose start is the median: one late (or early) shard cannot move it. */
function referenceOf(parts: LoadPart[]): LoadPart {
  const sorted = [...parts].sort((a, b) => windowOf(a.scenario)[0] - windowOf(b.scenario)[0]);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Refuses shards that did not measure one load at one time. */
export function checkWindows(name: string, parts: LoadPart[]): void {
  const reference = referenceOf(parts);
  const [r0, r1] = windowOf(reference.scenario);
  for (const part of parts) {
    const [s0, s1] = windowOf(part.scenario);
    const overlap = Math.max(0, Math.min(s1, r1) - Math.max(s0, r0));
    const measured = Math.max(r1 - r0, s1 - s0);
    if (measured > 0 && overlap / measured >= MIN_WINDOW_OVERLAP) continue;
    const offset = s0 - r0;
    const when = offset >= 0 ? `${seconds(offset)} after the others` : `${seconds(-offset)} before the others`;
    throw new InputFileError(
      `shard ${part.shardIndex}/${part.shardCount} (${part.path}) started scenario ${name} ${when}: its measured window overlaps ${Math.round((100 * overlap) / Math.max(1, measured))}% of the measured time, and load shards must overlap by at least ${MIN_WINDOW_OVERLAP * 100}% to be one load; start every shard at one time with --start-at, and check the runners' clocks (docs/scale-out.md)`,
    );
  }
}

export function addCounts(records: Record<string, number>[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const record of records) for (const [key, count] of Object.entries(record)) sum[key] = (sum[key] ?? 0) + count;
  return sum;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function maxOf(values: (number | undefined)[]): number | undefined {
  const defined = values.filter((value): value is number => value !== undefined);
  return defined.length === 0 ? undefined : Math.max(...defined);
}

/** Each shard ran on its own runner: the generator's CPU and the competition are the worst
 * runner's, the late starts add up. */
function mergeContention(list: (SegmentContention | undefined)[]): SegmentContention | undefined {
  const present = list.filter((c): c is SegmentContention => c !== undefined);
  if (present.length !== list.length || present.length === 0) return undefined;
  const contention: SegmentContention = {
    generatorCores: Math.max(...present.map((c) => c.generatorCores)),
    loopDelayP99Ms: Math.max(...present.map((c) => c.loopDelayP99Ms)),
    lateStarts: present.reduce((n, c) => n + c.lateStarts, 0),
  };
  const other = maxOf(present.map((c) => c.otherCores));
  const steal = maxOf(present.map((c) => c.stealCores));
  if (other !== undefined) contention.otherCores = other;
  if (steal !== undefined) contention.stealCores = steal;
  // Each step's count adds up over the shards; a shard from before the steps leaves them unknown.
  if (present.every((c) => c.startsLaterThan !== undefined)) {
    const byStep = new Map<number, number>();
    for (const c of present)
      for (const { ms, count } of c.startsLaterThan!) byStep.set(ms, (byStep.get(ms) ?? 0) + count);
    contention.startsLaterThan = [...byStep].sort(([a], [b]) => a - b).map(([ms, count]) => ({ ms, count }));
  }
  return contention;
}

/**
 * Segment j of a shard that started `offsetMs` after the reference is the reference's segment
 * round((offsetMs + startMs) / length). Only segments every shard contributed to are kept: a
 * segment with part of the load would be compared with a baseline's full one.
 */
function mergeSegments(parts: { offsetMs: number; segments: SegmentRecord[] }[], lengthMs: number): SegmentRecord[] {
  const bySlot = new Map<number, SegmentRecord[]>();
  for (const part of parts) {
    for (const segment of part.segments) {
      const slot = Math.round((part.offsetMs + segment.startMs) / lengthMs);
      const list = bySlot.get(slot) ?? [];
      list.push(segment);
      bySlot.set(slot, list);
    }
  }
  return [...bySlot.entries()]
    .filter(([slot, list]) => slot >= 0 && list.length === parts.length)
    .sort(([x], [y]) => x - y)
    .map(([slot, list]) => {
      const merged: SegmentRecord = {
        startMs: slot * lengthMs,
        durationMs: Math.max(...list.map((s) => s.durationMs)),
        count: list.reduce((n, s) => n + s.count, 0),
        ko: list.reduce((n, s) => n + s.ko, 0),
        histogram: mergeEncodedHistograms(list.map((s) => s.histogram)),
      };
      const contention = mergeContention(list.map((s) => s.contention));
      if (contention) merged.contention = contention;
      joinSegmentOther(merged, list);
      return merged;
    });
}

/**
 * The timeline keeps only percentiles per second, which do not add. The merged p50 is the
 * count-weighted mean of the shards' and p95/p99 the larger of theirs: an upper bound, so a slow
 * second in one shard is never hidden by a fast one in another. Only the histograms are exact.
 */
export function mergeTimelines(parts: { offsetMs: number; timeline: TimelinePoint[] }[]): TimelinePoint[] {
  const bySecond = new Map<number, TimelinePoint>();
  const larger = (x: number | undefined, y: number | undefined): number | undefined =>
    x === undefined ? y : y === undefined ? x : Math.max(x, y);
  for (const part of parts) {
    const shift = Math.round(part.offsetMs / 1000);
    for (const original of part.timeline) {
      const point = { ...original, second: original.second + shift };
      if (point.second < 0) continue;
      const seen = bySecond.get(point.second);
      if (!seen) {
        bySecond.set(point.second, point);
        continue;
      }
      const okSeen = seen.p50 === undefined ? 0 : seen.count - seen.ko;
      const okPoint = point.p50 === undefined ? 0 : point.count - point.ko;
      const okSum = okSeen + okPoint;
      const merged: TimelinePoint = { second: point.second, count: seen.count + point.count, ko: seen.ko + point.ko };
      if (okSum > 0) merged.p50 = round3(((seen.p50 ?? 0) * okSeen + (point.p50 ?? 0) * okPoint) / okSum);
      const p95 = larger(seen.p95, point.p95);
      const p99 = larger(seen.p99, point.p99);
      const allP95 = larger(seen.allP95, point.allP95);
      if (p95 !== undefined) merged.p95 = p95;
      if (p99 !== undefined) merged.p99 = p99;
      if (allP95 !== undefined) merged.allP95 = allP95;
      bySecond.set(point.second, merged);
    }
  }
  return [...bySecond.values()].sort((x, y) => x.second - y.second);
}

function figuresOf(part: LoadPart, offsetMs: number): ShardFigures {
  const s = part.scenario;
  return {
    index: part.shardIndex,
    startOffsetMs: offsetMs,
    durationMs: s.durationMs,
    requests: { ...s.requests },
    rps: s.rps,
    p99Ms: s.latencyMs.p99,
    ...(s.rate ? { intendedPerSec: s.rate.intendedPerSec } : {}),
    lateStarts: s.generator.lateStarts,
    cpuCores: s.generator.cpuCores,
    saturated: s.generator.saturated,
  };
}

/** The N load shards' results of one scenario as one result (checkWindows first). */
export function mergeLoadScenario(parts: LoadPart[]): ScenarioResult {
  const name = parts[0]!.scenario.name;
  checkWindows(name, parts);
  const reference = referenceOf(parts).scenario;
  const referenceStart = Date.parse(reference.startTime);
  const scenarios = parts.map((part) => part.scenario);
  const offsets = scenarios.map((s) => Date.parse(s.startTime) - referenceStart);

  const histograms = scenarios.map((s) => decodeHistogram(s.histogram));
  const whole = mergeHistograms(histograms);
  const ok = scenarios.reduce((n, s) => n + s.requests.ok, 0);
  const ko = scenarios.reduce((n, s) => n + s.requests.ko, 0);
  const figures = summarizeScenario({ histogram: whole, ok, ko, durationMs: reference.durationMs });
  const histogram = encodeHistogram(whole);
  for (const h of histograms) h.destroy();
  whole.destroy();

  const lengthMs = reference.segments[0]?.durationMs ?? 0;
  const examples = scenarios.reduce<Record<string, string>>((all, s) => ({ ...s.errorExamples, ...all }), {});
  const busiest = scenarios
    .map((s) => s.machine)
    .reduce<ScenarioResult['machine']>(
      (worst, m) => (m === undefined ? worst : worst === undefined || m.otherCores > worst.otherCores ? m : worst),
      undefined,
    );
  const merged: ScenarioResult = {
    ...reference,
    params: joinParams(scenarios.map((s) => s.params)),
    warmupMs: Math.max(...scenarios.map((s) => s.warmupMs)),
    requests: {
      total: ok + ko,
      ok,
      ko,
      dropped: scenarios.reduce((n, s) => n + s.requests.dropped, 0),
    },
    ...figures,
    // Each shard's rate over its own window, added: the windows differ by the barrier's skew.
    rps: round3(scenarios.reduce((sum, s) => sum + s.rps, 0)),
    bytes: {
      in: scenarios.reduce((n, s) => n + s.bytes.in, 0),
      out: scenarios.reduce((n, s) => n + s.bytes.out, 0),
    },
    statusCodes: addCounts(scenarios.map((s) => s.statusCodes)),
    errors: addCounts(scenarios.map((s) => s.errors)),
    distribution: {
      under800: scenarios.reduce((n, s) => n + s.distribution.under800, 0),
      from800to1200: scenarios.reduce((n, s) => n + s.distribution.from800to1200, 0),
      over1200: scenarios.reduce((n, s) => n + s.distribution.over1200, 0),
      failed: scenarios.reduce((n, s) => n + s.distribution.failed, 0),
    },
    histogram,
    segments:
      lengthMs > 0
        ? mergeSegments(
            scenarios.map((s, i) => ({ offsetMs: offsets[i]!, segments: s.segments })),
            lengthMs,
          )
        : [],
    timeline: mergeTimelines(scenarios.map((s, i) => ({ offsetMs: offsets[i]!, timeline: s.timeline }))),
    generator: {
      lateStarts: scenarios.reduce((n, s) => n + s.generator.lateStarts, 0),
      maxStartDelayMs: Math.max(...scenarios.map((s) => s.generator.maxStartDelayMs)),
      eventLoopDelayP99Ms: Math.max(...scenarios.map((s) => s.generator.eventLoopDelayP99Ms)),
      eventLoopDelayMaxMs: Math.max(...scenarios.map((s) => s.generator.eventLoopDelayMaxMs)),
      cpuCores: Math.max(...scenarios.map((s) => s.generator.cpuCores)),
      saturated: scenarios.some((s) => s.generator.saturated),
      reasons: parts.flatMap((part) =>
        part.scenario.generator.reasons.map((reason) => `shard ${part.shardIndex}/${part.shardCount}: ${reason}`),
      ),
    },
    services: scenarios.flatMap((s) => s.services),
    shards: parts.map((part, i) => figuresOf(part, offsets[i]!)),
  };
  if (Object.keys(examples).length > 0) merged.errorExamples = examples;
  else delete merged.errorExamples;
  if (busiest) merged.machine = busiest;
  else delete merged.machine;
  // The shards ran one config; with `http: auto` each asked its own service, so a disagreement
  // says the first's (each shard's own file keeps its own).
  setOtherMeasure(merged, otherHistograms(scenarios));
  // compare.processes: each shard booted processes of its own, so the merge read all of them (the
  // reference's alone would judge the spread on 1/N of the requests); a shard without them leaves
  // how its requests fell over processes unknown.
  if (scenarios.every((s) => s.processes !== undefined)) merged.processes = scenarios.flatMap((s) => s.processes!);
  else delete merged.processes;
  const protocol = scenarios.find((s) => s.protocol)?.protocol;
  if (protocol) merged.protocol = { ...protocol };
  else delete merged.protocol;
  if (scenarios.some((s) => s.rate)) {
    merged.rate = {
      intendedPerSec: round3(scenarios.reduce((n, s) => n + (s.rate?.intendedPerSec ?? 0), 0)),
      achievedPerSec: round3(scenarios.reduce((n, s) => n + (s.rate?.achievedPerSec ?? 0), 0)),
    };
  }
  return merged;
}
