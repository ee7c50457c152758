// What a scenario asks of the generator, as a plan (open or closed, the measured window, the load
// profile), and that plan cut into phases: one continuous phase for a single target or a duet; a
// warm-up and then alternating segments, one variant at a time, for the alternate schedule.
import type { AbSchedule, ScenarioConfig } from '../core/types/config.js';
import type { ProfilePiece } from './schedule.js';
import { levelAt, piecesFromStages, profileDurationMs } from './schedule.js';

export interface Plan {
  open: boolean;
  /** Planned length of the measured window (shared-iterations: its maxDuration). */
  windowMs: number;
  /** Closed model: VUs wanted at `tMs` from the start of the warm-up. */
  vusAt?: (tMs: number) => number;
  /** shared-iterations: requests to complete in the measured window. */
  iterations?: number;
  /** Open model: the rate profile from the start of the warm-up. */
  pieces?: ProfilePiece[];
}

/** The warm-up holds the profile's opening level; a ramp that opens at 0 warms up at its first target. */
function warmupLevel(start: number, stages: { target: number }[]): number {
  if (start > 0) return start;
  return stages.find((stage) => stage.target > 0)?.target ?? 0;
}

export function planFor(scenario: ScenarioConfig): Plan {
  const load = scenario.load;
  const warmupMs = scenario.warmupMs;
  switch (load.executor) {
    case 'constant-vus':
      return { open: false, windowMs: load.durationMs, vusAt: () => load.vus };
    case 'shared-iterations':
      return { open: false, windowMs: load.maxDurationMs, vusAt: () => load.vus, iterations: load.iterations };
    case 'ramping-vus': {
      const pieces = piecesFromStages(load.startVus, load.stages);
      const warm = warmupLevel(load.startVus, load.stages);
      return {
        open: false,
        windowMs: profileDurationMs(pieces),
        vusAt: (tMs) => (tMs < warmupMs ? warm : Math.round(levelAt(pieces, tMs - warmupMs))),
      };
    }
    case 'constant-arrival-rate':
      return {
        open: true,
        windowMs: load.durationMs,
        pieces: [{ durationMs: warmupMs + load.durationMs, from: load.ratePerSec, to: load.ratePerSec }],
      };
    case 'ramping-arrival-rate': {
      const pieces = piecesFromStages(load.startRatePerSec, load.stages);
      const warm = warmupLevel(load.startRatePerSec, load.stages);
      return {
        open: true,
        windowMs: profileDurationMs(pieces),
        pieces: warmupMs > 0 ? [{ durationMs: warmupMs, from: warm, to: warm }, ...pieces] : pieces,
      };
    }
    case 'capacity':
      // A search over many runs, not one profile: src/engine/capacity.ts drives runScenario with
      // one constant-arrival-rate level at a time.
      throw new Error(`${scenario.name}: the capacity executor is run by runCapacity, not runScenario`);
  }
}

export function paramsOf(scenario: ScenarioConfig): Record<string, unknown> {
  const { executor: _executor, ...load } = scenario.load;
  const params: Record<string, unknown> = { ...load, timeoutMs: scenario.timeoutMs };
  if (scenario.load.executor.endsWith('arrival-rate')) params.maxInFlight = scenario.maxInFlight;
  else params.thinkTimeMs = scenario.thinkTimeMs;
  return params;
}

/** The part [fromMs, toMs) of a profile, as pieces starting at 0. */
export function slicePieces(pieces: ProfilePiece[], fromMs: number, toMs: number): ProfilePiece[] {
  const out: ProfilePiece[] = [];
  let startMs = 0;
  for (const piece of pieces) {
    const endMs = startMs + piece.durationMs;
    const a = Math.max(fromMs, startMs);
    const b = Math.min(toMs, endMs);
    if (b > a) {
      const at = (t: number) =>
        piece.durationMs > 0 ? piece.from + ((piece.to - piece.from) * (t - startMs)) / piece.durationMs : piece.to;
      out.push({ durationMs: b - a, from: at(a), to: at(b) });
    }
    startMs = endMs;
  }
  return out;
}

/** Which variants a phase drives; indexes into the run's variants (0 = head). */
export interface Phase {
  variants: number[];
  /** Wall-clock length of the phase. */
  durationMs: number;
  /** From this far into the phase its requests are measured; Infinity for a warm-up. */
  measureFromMs: number;
  /** Where the phase's measured part starts in each variant's own measured window. */
  windowStartMs: number;
  /** Open model: the rate over the phase, from its start. */
  pieces: ProfilePiece[];
  /** Closed model: VUs wanted (per variant, or per pair in a duet) at `tMs` into the phase. */
  vusAt: (tMs: number) => number;
}

export type PairOrder = 'head-first' | 'base-first';

/**
 * The phases of a run. One variant or a duet: a single phase, warm-up then window, all variants
 * at once. Alternate: a warm-up of every variant at once, then per segment i two phases, one per
 * variant, in `order[i]`; each variant's segment i covers [i·segmentMs, (i+1)·segmentMs) of its own
 * window, so both end with the same segments and an open model keeps its rate in each.
 */
export function phasesFor(
  scenario: ScenarioConfig,
  plan: Plan,
  variantCount: number,
  schedule: AbSchedule,
  order: PairOrder[],
): Phase[] {
  const all = Array.from({ length: variantCount }, (_, i) => i);
  const pieces = plan.pieces ?? [];
  const vusAt = plan.vusAt ?? (() => 0);
  const warmupMs = scenario.warmupMs;
  if (variantCount === 1 || schedule === 'duet') {
    return [
      { variants: all, durationMs: warmupMs + plan.windowMs, measureFromMs: warmupMs, windowStartMs: 0, pieces, vusAt },
    ];
  }
  const phases: Phase[] = [];
  if (warmupMs > 0) {
    phases.push({
      variants: all,
      durationMs: warmupMs,
      measureFromMs: Infinity,
      windowStartMs: 0,
      pieces: slicePieces(pieces, 0, warmupMs),
      vusAt,
    });
  }
  const segmentMs = segmentLengthMs(scenario, 'alternate');
  for (let i = 0; i * segmentMs < plan.windowMs; i++) {
    const fromMs = i * segmentMs;
    const lengthMs = Math.min(segmentMs, plan.windowMs - fromMs);
    const sequence = order[i] === 'base-first' ? [1, 0] : [0, 1];
    for (const variant of sequence) {
      phases.push({
        variants: [variant],
        durationMs: lengthMs,
        measureFromMs: 0,
        windowStartMs: fromMs,
        pieces: slicePieces(pieces, warmupMs + fromMs, warmupMs + fromMs + lengthMs),
        vusAt: (tMs) => vusAt(warmupMs + fromMs + tMs),
      });
    }
  }
  return phases;
}

/** A duet's recording block when the config sets no `segment`: the A/B test resamples these
 * (src/core/stats/block-bootstrap.ts), and many short ones are what carries its precision. */
export const DUET_SEGMENT_MS = 250;
export type SegmentLayout = 'single' | 'duet' | 'alternate';

/**
 * The recording segment of a scenario as it is run. A duet records DUET_SEGMENT_MS blocks unless
 * the config set `segment`; one variant and alternating slots keep the config's segment (sized for
 * the run, ≥ 1 s when unset: a slot much shorter would make each switch of variant, and the
 * transient it costs the service, a large share of the slot).
 */
export function segmentLengthMs(scenario: ScenarioConfig, layout: SegmentLayout = 'single'): number {
  const configured = scenario.segmentMs > 0 ? scenario.segmentMs : 5000;
  if (layout === 'duet' && scenario.segmentSet !== true) return DUET_SEGMENT_MS;
  return configured;
}

/** How many alternating pairs a scenario's window holds. */
export function pairCount(scenario: ScenarioConfig): number {
  return Math.ceil(planFor(scenario).windowMs / segmentLengthMs(scenario, 'alternate'));
}

/** Keeps the generator's warm-up of an extension step short: the services are warm already. */
export const EXTENSION_WARMUP_MS = 1000;

/**
 * The load of one extension step (compare.extend): the scenario's steady level for `addMs` more,
 * after a short warm-up (new connections; the services are warm). A ramp goes on at its last
 * stage's level; a ramp that ends at 0, a count of iterations and a capacity search have no level
 * to go on at (the planner does not extend them).
 */
export function extensionScenario(scenario: ScenarioConfig, addMs: number): ScenarioConfig | undefined {
  const warmupMs = Math.min(scenario.warmupMs, EXTENSION_WARMUP_MS);
  const load = scenario.load;
  const steady = (next: ScenarioConfig['load']): ScenarioConfig => ({ ...scenario, warmupMs, load: next });
  switch (load.executor) {
    case 'constant-vus':
    case 'constant-arrival-rate':
      return steady({ ...load, durationMs: addMs });
    case 'ramping-vus': {
      const vus = load.stages.at(-1)?.target ?? load.startVus;
      return vus > 0 ? steady({ executor: 'constant-vus', vus, durationMs: addMs }) : undefined;
    }
    case 'ramping-arrival-rate': {
      const ratePerSec = load.stages.at(-1)?.target ?? load.startRatePerSec;
      return ratePerSec > 0 ? steady({ executor: 'constant-arrival-rate', ratePerSec, durationMs: addMs }) : undefined;
    }
    case 'shared-iterations':
    case 'capacity':
      return undefined;
  }
}
