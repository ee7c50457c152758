// A scenario whose run went on past its planned window (compare.extend, docs/design/statistics.md "More
// data instead of inconclusive"): an extension step is measured as a run of its own on the same
// services, then appended here, segment after segment, so that the scenario reads as one window.
// Each look (the planned window, then each step) is recorded, and `scenarioAtLook` gives back the
// scenario as it stood at a look, so that the comparison judges every look on exactly the data it
// had then: a results file judged again later reaches the same verdicts.
import { decodeHistogram, encodeHistogram, mergeEncodedHistograms, mergeHistograms } from '../histogram.js';
import type { GeneratorHealth, Results, ScenarioResult, ServiceUsage, TimelinePoint } from '../types/results.js';
import { addCounts, mergeTimelines } from './merge-load.js';
import { otherHistograms, segmentOtherHistograms, setOtherMeasure } from './other-measure.js';
import { summarizeScenario } from './summary.js';

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The look a scenario stood at before any extension: its planned window. */
function firstLook(scenario: ScenarioResult): NonNullable<ScenarioResult['extension']>['looks'][number] {
  return {
    segments: scenario.segments.length,
    durationMs: scenario.durationMs,
    dropped: scenario.requests.dropped,
    ...(scenario.rate ? { rate: { ...scenario.rate } } : {}),
    generator: { ...scenario.generator, reasons: [...scenario.generator.reasons] },
    ...(scenario.processes ? { processes: scenario.processes } : {}),
  };
}

/** Each process's latencies over the window and the step: the same process (by boot order) in
 * both, since a step runs on the services the window ran on. Absent unless both have them. */
function joinProcesses(
  window: ScenarioResult['processes'],
  step: ScenarioResult['processes'],
): ScenarioResult['processes'] {
  if (window === undefined || step === undefined || window.length !== step.length) return undefined;
  return window.map((process, i) => ({
    requests: process.requests + step[i]!.requests,
    histogram: mergeEncodedHistograms([process.histogram, step[i]!.histogram]),
  }));
}

/** How many looks a scenario had: 1 for one that was never extended. */
export function lookCount(scenario: Pick<ScenarioResult, 'extension'>): number {
  return scenario.extension?.looks.length ?? 1;
}

/** The most looks any scenario of the run had. */
export function runLookCount(results: Pick<Results, 'scenarios'>): number {
  return Math.max(1, ...results.scenarios.map(lookCount));
}

/**
 * The scenario as it stood at look `look` (0: the planned window): its first segments, with every
 * summary figure recomputed from them and the rate and generator health of that look. A look past
 * the scenario's last is its last (it was not extended further).
 */
export function scenarioAtLook(scenario: ScenarioResult, look: number): ScenarioResult {
  const looks = scenario.extension?.looks;
  if (looks === undefined || look >= looks.length - 1) return scenario;
  const at = looks[look]!;
  const kept = scenario.segments.slice(0, at.segments);
  const histograms = kept.map((segment) => decodeHistogram(segment.histogram));
  const whole = mergeHistograms(histograms);
  const total = kept.reduce((sum, segment) => sum + segment.count, 0);
  const ko = kept.reduce((sum, segment) => sum + segment.ko, 0);
  const figures = summarizeScenario({ histogram: whole, ok: total - ko, ko, durationMs: at.durationMs });
  const histogram = encodeHistogram(whole);
  for (const part of histograms) part.destroy();
  whole.destroy();
  const lastSecond = Math.ceil(at.durationMs / 1000);
  const view: ScenarioResult = {
    ...scenario,
    durationMs: at.durationMs,
    requests: { total, ok: total - ko, ko, dropped: at.dropped },
    latencyMs: figures.latencyMs,
    rps: figures.rps,
    errorRate: figures.errorRate,
    grade: figures.grade,
    histogram,
    segments: kept,
    timeline: scenario.timeline.filter((point) => point.second < lastSecond),
    generator: at.generator,
    extension: { looks: looks.slice(0, look + 1) },
  };
  if (at.rate) view.rate = at.rate;
  else delete view.rate;
  if (at.processes) view.processes = at.processes;
  else delete view.processes;
  setOtherMeasure(view, segmentOtherHistograms(scenario, kept));
  return view;
}

/** Every scenario of a run, and of its base variant, as it stood at look `look`. */
export function resultsAtLook(results: Results, look: number): Results {
  const at = (scenarios: ScenarioResult[]) => scenarios.map((scenario) => scenarioAtLook(scenario, look));
  const view: Results = { ...results, scenarios: at(results.scenarios) };
  if (results.ab) view.ab = { ...results.ab, base: { ...results.ab.base, scenarios: at(results.ab.base.scenarios) } };
  return view;
}

/** Seconds of a window, as the reports write them: `15`, `37.5`. */
function seconds(ms: number): string {
  return `${round3(ms / 1000)}`;
}

/**
 * A reason of one look's window, said of that window: "9 of 750 requests started … late" read as
 * the whole run's once the run went on to 3,000 requests. Already placed reasons stay as they are.
 */
function placed(reason: string, fromMs: number, toMs: number): string {
  return / s of the window$/.test(reason)
    ? reason
    : `${reason}, in ${seconds(fromMs)}–${seconds(toMs)} s of the window`;
}

function joinGenerator(a: GeneratorHealth, b: GeneratorHealth, aMs: number, bMs: number): GeneratorHealth {
  const reasons = [
    ...a.reasons.map((reason) => placed(reason, 0, aMs)),
    ...b.reasons.map((reason) => placed(reason, aMs, aMs + bMs)),
  ];
  return {
    lateStarts: a.lateStarts + b.lateStarts,
    maxStartDelayMs: Math.max(a.maxStartDelayMs, b.maxStartDelayMs),
    eventLoopDelayP99Ms: Math.max(a.eventLoopDelayP99Ms, b.eventLoopDelayP99Ms),
    eventLoopDelayMaxMs: Math.max(a.eventLoopDelayMaxMs, b.eventLoopDelayMaxMs),
    cpuCores: aMs + bMs > 0 ? round3((a.cpuCores * aMs + b.cpuCores * bMs) / (aMs + bMs)) : a.cpuCores,
    saturated: a.saturated || b.saturated,
    // The schema keeps at most 20 reasons.
    reasons: [...new Set(reasons)].slice(0, 20),
  };
}

function joinServices(a: ServiceUsage[], b: ServiceUsage[], aMs: number, bMs: number): ServiceUsage[] {
  const later = new Map(b.map((usage) => [usage.name, usage]));
  return a.map((usage) => {
    const next = later.get(usage.name);
    if (!next || aMs + bMs <= 0) return usage;
    return {
      name: usage.name,
      cpuMeanPercent: round3((usage.cpuMeanPercent * aMs + next.cpuMeanPercent * bMs) / (aMs + bMs)),
      cpuMaxPercent: Math.max(usage.cpuMaxPercent, next.cpuMaxPercent),
      rssPeakBytes: Math.max(usage.rssPeakBytes, next.rssPeakBytes),
    };
  });
}

/**
 * `step`, measured after `scenario` on the same services, appended as the next look: its segments
 * and timeline seconds follow the window, every count adds, and the summary figures are
 * recomputed over the whole. `undecided` names the metrics that asked for the step.
 */
export function appendExtension(scenario: ScenarioResult, step: ScenarioResult, undecided: string[]): ScenarioResult {
  const looks = scenario.extension?.looks ?? [firstLook(scenario)];
  const offsetMs = scenario.durationMs;
  const durationMs = round3(offsetMs + step.durationMs);
  const histograms = [decodeHistogram(scenario.histogram), decodeHistogram(step.histogram)];
  const whole = mergeHistograms(histograms);
  const ok = scenario.requests.ok + step.requests.ok;
  const ko = scenario.requests.ko + step.requests.ko;
  const figures = summarizeScenario({ histogram: whole, ok, ko, durationMs });
  const histogram = encodeHistogram(whole);
  for (const part of histograms) part.destroy();
  whole.destroy();
  const generator = joinGenerator(scenario.generator, step.generator, scenario.durationMs, step.durationMs);
  const dropped = scenario.requests.dropped + step.requests.dropped;
  const joined: ScenarioResult = {
    ...scenario,
    durationMs,
    requests: { total: ok + ko, ok, ko, dropped },
    ...figures,
    bytes: { in: scenario.bytes.in + step.bytes.in, out: scenario.bytes.out + step.bytes.out },
    statusCodes: addCounts([scenario.statusCodes, step.statusCodes]),
    errors: addCounts([scenario.errors, step.errors]),
    distribution: {
      under800: scenario.distribution.under800 + step.distribution.under800,
      from800to1200: scenario.distribution.from800to1200 + step.distribution.from800to1200,
      over1200: scenario.distribution.over1200 + step.distribution.over1200,
      failed: scenario.distribution.failed + step.distribution.failed,
    },
    histogram,
    segments: [
      ...scenario.segments,
      ...step.segments.map((segment) => ({ ...segment, startMs: round3(segment.startMs + offsetMs) })),
    ],
    timeline: appendTimeline(scenario.timeline, step.timeline, offsetMs),
    generator,
    services: joinServices(scenario.services, step.services, scenario.durationMs, step.durationMs),
  };
  const examples = { ...step.errorExamples, ...scenario.errorExamples };
  if (Object.keys(examples).length > 0) joined.errorExamples = examples;
  const processes = joinProcesses(scenario.processes, step.processes);
  if (processes) joined.processes = processes;
  else delete joined.processes;
  setOtherMeasure(joined, otherHistograms([scenario, step]));
  if (scenario.machine && step.machine) {
    const a = scenario.durationMs;
    const b = step.durationMs;
    const mean = (x: number, y: number) => (a + b > 0 ? round3((x * a + y * b) / (a + b)) : x);
    joined.machine = {
      cpuCount: scenario.machine.cpuCount,
      busyCores: mean(scenario.machine.busyCores, step.machine.busyCores),
      otherCores: mean(scenario.machine.otherCores, step.machine.otherCores),
      stealCores: mean(scenario.machine.stealCores, step.machine.stealCores),
    };
  }
  if (scenario.rate && step.rate) {
    const seconds = (ms: number) => ms / 1000;
    const total = seconds(durationMs);
    const count = (rate: number, ms: number) => rate * seconds(ms);
    joined.rate = {
      intendedPerSec: round3(
        (count(scenario.rate.intendedPerSec, offsetMs) + count(step.rate.intendedPerSec, step.durationMs)) / total,
      ),
      achievedPerSec: round3(
        (count(scenario.rate.achievedPerSec, offsetMs) + count(step.rate.achievedPerSec, step.durationMs)) / total,
      ),
    };
  }
  joined.extension = {
    looks: [
      ...looks,
      {
        segments: joined.segments.length,
        durationMs,
        dropped,
        ...(joined.rate ? { rate: { ...joined.rate } } : {}),
        generator,
        undecided,
        ...(processes ? { processes } : {}),
      },
    ],
  };
  return joined;
}

/** Merges the seconds where the window's last responses and the step's first overlap (rare: a
 * response in flight at the window's end is filed in the second after it). */
function appendTimeline(first: TimelinePoint[], step: TimelinePoint[], offsetMs: number): TimelinePoint[] {
  return mergeTimelines([
    { offsetMs: 0, timeline: first },
    { offsetMs, timeline: step },
  ]);
}
