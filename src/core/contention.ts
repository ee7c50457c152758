// What competing work on the machine can do to a comparison, and what it cannot. Two rules, both
// documented in docs/design/contention.md:
//
// 1. Bursts. A segment hit by a burst of competing work (other processes or steal well above the
//    run's own quiet level, or the generator lagging while some of it ran) is left out of the
//    comparison and named in the report. At most half of a run's segments are left out, the
//    worst first, so a run is never judged on a sliver; what remains is judged by rule 2.
// 2. A bound. Competing work that differs between two runs can slow one of them, so a change in
//    that direction is `inconclusive` while it lies within what the difference can explain, and
//    a verdict again once it is beyond that: a neighbour that took a core cannot make a service
//    4× slower. The bound is a slowdown proportional to the share of the machine taken
//    (SLOWDOWN_PER_MACHINE: one core of two ⇒ up to ×2, above the +30–80% p95 measured in A/A
//    runs with such a neighbour) times the generator's extra event-loop delay, which is added to
//    every latency timed while it lasts.
// Pure: the figures come from the results (SegmentRecord.contention, ScenarioResult.machine).
import { decodeHistogram, encodeHistogram, mergeHistograms } from './histogram.js';
import { summarizeScenario } from './results/summary.js';
import type { MetricName } from './types/config.js';
import type { Reason, RunRole } from './types/comparison.js';
import type { ScenarioResult, SegmentContention, SegmentRecord } from './types/results.js';
import { contentionBound, type RunContention } from './stats/contention-bound.js';

export {
  CONTENTION_TOLERANCE,
  contentionBound,
  SLOWDOWN_PER_MACHINE,
  type ContentionBound,
  type RunContention,
} from './stats/contention-bound.js';

export const BURST = {
  /** Competing CPU (other processes, steal included) above the run's quiet level, in cores. */
  otherCores: 0.5,
  /** Steal above the run's quiet level, in cores: time in which nothing of ours ran at all. */
  stealCores: 0.1,
  /** With the generator lagging (loop delay or late starts below), this much is enough. */
  laggedOtherCores: 0.2,
  loopDelayP99Ms: 10,
  lateShare: 0.01,
} as const;

/** Never leave out more than this share of a run's segments. */
export const MAX_EXCLUDED_SHARE = 0.5;

export interface ExcludedSegment {
  index: number;
  startMs: number;
  reason: string;
}

export interface SegmentSelection {
  /** The segments the statistics use, in run order. */
  kept: SegmentRecord[];
  excluded: ExcludedSegment[];
  /** How many segments a burst hit, those kept beyond the cap included. */
  hits: number;
  /** One sentence for the report when segments were left out or would have been. */
  reason?: string;
}

interface Hit {
  index: number;
  severity: number;
  reason: string;
}

function lowerQuartile(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.floor((sorted.length - 1) / 4)]!;
}

function cores(value: number): string {
  return value.toFixed(2);
}

function burstOf(segment: SegmentRecord, index: number, quietOther: number, quietSteal: number): Hit | undefined {
  const c: SegmentContention | undefined = segment.contention;
  if (c === undefined) return undefined;
  const extraOther = c.otherCores === undefined ? 0 : c.otherCores - quietOther;
  const extraSteal = c.stealCores === undefined ? 0 : c.stealCores - quietSteal;
  const lagged =
    c.loopDelayP99Ms >= BURST.loopDelayP99Ms || c.lateStarts > BURST.lateShare * Math.max(1, segment.count);
  const reasons: string[] = [];
  if (extraOther >= BURST.otherCores || (lagged && extraOther >= BURST.laggedOtherCores)) {
    reasons.push(`${cores(c.otherCores ?? 0)} cores of other work (the run's quiet level ${cores(quietOther)})`);
  }
  if (extraSteal >= BURST.stealCores) reasons.push(`${cores(c.stealCores ?? 0)} cores stolen by the hypervisor`);
  if (reasons.length === 0) return undefined;
  if (lagged)
    reasons.push(
      `the generator's event loop ${c.loopDelayP99Ms.toFixed(1)} ms late at p99${c.lateStarts > 0 ? `, ${c.lateStarts} late starts` : ''}`,
    );
  return {
    index,
    severity: Math.max(extraOther, 0) + Math.max(extraSteal, 0) + (lagged ? 1 : 0),
    reason: reasons.join(', '),
  };
}

export interface SelectionOptions {
  /** Keep at least this many (what a test needs, so that leaving a burst out never costs a run its test). */
  keepAtLeast?: number;
  /** What the report calls a segment (a duet's are its blocks). */
  unit?: 'segment' | 'block';
  /** What becomes of the hit segments kept beyond the cap, for the report. */
  keptHits?: string;
}

/**
 * The segments of a run that the statistics should use: all of them, less those hit by a burst
 * of competing work (rule 1 above). Results without per-segment contention keep every segment.
 */
export function selectSegments(
  scenario: Pick<ScenarioResult, 'segments'>,
  options: SelectionOptions = {},
): SegmentSelection {
  const { keepAtLeast = 0, unit = 'segment', keptHits = "the run's contention is compared as a whole" } = options;
  const segments = scenario.segments;
  const measured = segments.filter((segment) => segment.contention !== undefined);
  if (measured.length === 0) return { kept: [...segments], excluded: [], hits: 0 };
  const quietOther = lowerQuartile(
    measured.flatMap((segment) =>
      segment.contention?.otherCores === undefined ? [] : [segment.contention.otherCores],
    ),
  );
  const quietSteal = lowerQuartile(
    measured.flatMap((segment) =>
      segment.contention?.stealCores === undefined ? [] : [segment.contention.stealCores],
    ),
  );
  const hits = segments.flatMap((segment, index) => burstOf(segment, index, quietOther, quietSteal) ?? []);
  if (hits.length === 0) return { kept: [...segments], excluded: [], hits: 0 };
  const limit = Math.min(Math.floor(segments.length * MAX_EXCLUDED_SHARE), Math.max(0, segments.length - keepAtLeast));
  const chosen = [...hits].sort((a, b) => b.severity - a.severity || a.index - b.index).slice(0, limit);
  const out = new Set(chosen.map((hit) => hit.index));
  const excluded = chosen
    .sort((a, b) => a.index - b.index)
    .map((hit) => ({ index: hit.index, startMs: segments[hit.index]!.startMs, reason: hit.reason }));
  const kept = segments.filter((_, index) => !out.has(index));
  let reason =
    excluded.length > 0
      ? `${excluded.length} of ${segments.length} ${unit}s left out, hit by a burst of competing work (${spans(excluded.map((segment) => segments[segment.index]!))} into the window; the worst: ${worst(chosen).reason})`
      : '';
  const more = hits.length - excluded.length;
  if (more > 0) {
    reason +=
      `${reason ? '; ' : ''}${excluded.length > 0 ? `${more} more` : more} ${unit}${more === 1 ? ' was' : 's were'} hit but kept, ` +
      (limit < Math.floor(segments.length * MAX_EXCLUDED_SHARE)
        ? `since the test needs ${keepAtLeast} ${unit}s`
        : `since at most ${Math.round(MAX_EXCLUDED_SHARE * 100)}% of a run is left out`) +
      `: ${keptHits}`;
  }
  return { kept, excluded, hits: hits.length, reason: `${reason}.` };
}

/**
 * The scenario as measured over the segments `selection` keeps: latencies, rate and error rate
 * recomputed from them (the scenario itself when nothing was left out). What the comparison and
 * a saved history entry use, so that neither carries a burst.
 */
export function scenarioOverSegments(scenario: ScenarioResult, selection: SegmentSelection): ScenarioResult {
  if (selection.excluded.length === 0) return scenario;
  const histograms = selection.kept.map((segment) => decodeHistogram(segment.histogram));
  const whole = mergeHistograms(histograms);
  const total = selection.kept.reduce((sum, segment) => sum + segment.count, 0);
  const ko = selection.kept.reduce((sum, segment) => sum + segment.ko, 0);
  const durationMs = selection.kept.reduce((sum, segment) => sum + segment.durationMs, 0);
  const figures = summarizeScenario({ histogram: whole, ok: total - ko, ko, durationMs });
  const histogram = encodeHistogram(whole);
  for (const part of histograms) part.destroy();
  whole.destroy();
  return {
    ...scenario,
    durationMs,
    requests: { ...scenario.requests, total, ok: total - ko, ko },
    latencyMs: figures.latencyMs,
    rps: figures.rps,
    errorRate: figures.errorRate,
    grade: figures.grade,
    histogram,
    segments: selection.kept,
  };
}

function worst(hits: Hit[]): Hit {
  return hits.reduce((a, b) => (b.severity > a.severity ? b : a));
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s`;
}

/** Where the segments lie, adjacent ones as one span ("0–2.5 s, 7–8 s"): a burst of seconds hits
 * a dozen short blocks, and a list of each start would bury the sentence. */
function spans(segments: readonly Pick<SegmentRecord, 'startMs' | 'durationMs'>[]): string {
  const runs: { start: number; end: number }[] = [];
  for (const segment of segments) {
    const last = runs.at(-1);
    if (last !== undefined && Math.abs(segment.startMs - last.end) < 1) last.end = segment.startMs + segment.durationMs;
    else runs.push({ start: segment.startMs, end: segment.startMs + segment.durationMs });
  }
  return runs.map((run) => `${formatSeconds(run.start).replace(' s', '')}–${formatSeconds(run.end)}`).join(', ');
}

// ------------------------------------------------------------------ rule 2: the bound

/** Duration-weighted means over `segments`; for results without per-segment figures, the run's
 * own MachineLoad and generator figures. */
export function summarizeContention(
  scenario: Pick<ScenarioResult, 'machine' | 'generator'>,
  segments: readonly SegmentRecord[],
): RunContention {
  const measured = segments.filter((segment) => segment.contention !== undefined && segment.durationMs > 0);
  const cpuCount = scenario.machine?.cpuCount;
  if (measured.length === 0) {
    return {
      ...(scenario.machine ? { otherCores: scenario.machine.otherCores, stealCores: scenario.machine.stealCores } : {}),
      loopDelayP99Ms: scenario.generator.eventLoopDelayP99Ms,
      ...(cpuCount !== undefined ? { cpuCount } : {}),
    };
  }
  const mean = (pick: (c: SegmentContention) => number | undefined): number | undefined => {
    let weight = 0;
    let sum = 0;
    for (const segment of measured) {
      const value = pick(segment.contention!);
      if (value === undefined) continue;
      weight += segment.durationMs;
      sum += value * segment.durationMs;
    }
    return weight > 0 ? sum / weight : undefined;
  };
  const otherCores = mean((c) => c.otherCores);
  const stealCores = mean((c) => c.stealCores);
  return {
    ...(otherCores !== undefined ? { otherCores } : {}),
    ...(stealCores !== undefined ? { stealCores } : {}),
    loopDelayP99Ms: mean((c) => c.loopDelayP99Ms) ?? 0,
    ...(cpuCount !== undefined ? { cpuCount } : {}),
  };
}

/** The mean contention of several past runs, each field over the runs that measured it. */
export function meanContention(runs: RunContention[]): RunContention {
  const mean = (pick: (run: RunContention) => number | undefined): number | undefined => {
    const values = runs.map(pick).filter((value): value is number => value !== undefined && Number.isFinite(value));
    return values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : undefined;
  };
  const fields: [keyof RunContention, number | undefined][] = [
    ['otherCores', mean((run) => run.otherCores)],
    ['stealCores', mean((run) => run.stealCores)],
    ['loopDelayP99Ms', mean((run) => run.loopDelayP99Ms)],
    ['cpuCount', runs.find((run) => run.cpuCount !== undefined)?.cpuCount],
  ];
  return Object.fromEntries(fields.filter(([, value]) => value !== undefined)) as RunContention;
}

const WORSE_WHEN_HIGHER: Record<MetricName, boolean> = {
  p50: true,
  p90: true,
  p95: true,
  p99: true,
  rps: false,
  error_rate: true,
  capacity: false,
};

/**
 * Rule 2: a reason that makes the verdict inconclusive, or undefined. `change` and `interval`
 * are relative (current/baseline − 1); for latencies a change up is worse, for rps a change down.
 * A change whose whole interval lies beyond the explainable bound stays a verdict.
 */
export function boundContention(input: {
  metric: MetricName;
  change: number;
  interval?: [number, number];
  current: RunContention;
  past: RunContention;
  /** The past value of the metric (ms for latencies), for the loop-delay term. */
  pastValue: number;
  currentValue: number;
  /** rps: the runs' p50 latency (ms): a closed model's rate falls as its latency rises, so the
   * loop-delay term bounds it through them. */
  latencyMs?: { past: number; current: number };
  pastRun: RunRole;
}): Reason | undefined {
  const { metric, change, interval, current, past } = input;
  if (metric === 'error_rate' || !Number.isFinite(change) || change === 0) return undefined;
  const higher = change > 0;
  const currentLooksWorse = higher === WORSE_WHEN_HIGHER[metric];
  // A worse current run is explained by a busier current run; a better one by a busier past.
  const reference =
    metric === 'rps'
      ? currentLooksWorse
        ? input.latencyMs?.past
        : input.latencyMs?.current
      : currentLooksWorse
        ? input.pastValue
        : input.currentValue;
  const bound = currentLooksWorse
    ? contentionBound(metric, current, past, reference ?? 0)
    : contentionBound(metric, past, current, reference ?? 0);
  if (bound === undefined) return undefined;
  // The ratio the contention could have produced, in the direction of the change.
  const ratio = 1 + bound.explainable;
  const limit = higher ? ratio - 1 : 1 / ratio - 1;
  // The end of the interval nearest to no change must still be beyond the bound.
  const nearEnd = interval === undefined ? change : higher ? interval[0] : interval[1];
  const beyond = higher ? nearEnd > limit : nearEnd < limit;
  if (beyond) return undefined;
  // An interval that reaches no change is no claim the competition could have made: the test
  // says "no change" or "inconclusive" by itself, and holding it back would only hide that.
  if (interval !== undefined && (higher ? interval[0] <= 0 : interval[1] >= 0)) return undefined;
  return {
    kind: 'contention',
    metric,
    busier: currentLooksWorse ? 'current' : input.pastRun,
    ...bound.excess,
    explainable: limit,
  };
}
