// Pieces of bench/ab/blocks.ts: a drawn variant's windows as the engine writes them (with
// `processes` when a variant has several), the generator's AR(1) and episodes, and two numeric helpers. Named
// harness.ts so that scripts/bench.mjs does not list it as a script.
import { createHistogram, encodeHistogram } from '../../src/core/histogram.js';
import type { ProcessLatency, ScenarioResult } from '../../src/core/types/results.js';
import type { Rng } from '../../src/core/stats/prng.js';
import { segmentsAsRun, type Segment } from '../../test/core/ab-fixtures.js';

/** A variant's segments and, per segment, which process answered each of its ok latencies. */
export interface DrawnVariant {
  segments: Segment[];
  servedBy: Uint8Array[];
}

/** Each process's ok latencies over the segments [from, to), as the engine reports them; none with one process. */
function processesOf(variant: DrawnVariant, k: number, from: number, to: number): ProcessLatency[] | undefined {
  if (k < 2) return undefined;
  const histograms = Array.from({ length: k }, () => createHistogram());
  const requests = new Array<number>(k).fill(0);
  for (let s = from; s < to; s++) {
    const segment = variant.segments[s]!;
    const servedBy = variant.servedBy[s]!;
    segment.latenciesUs.forEach((us, i) => {
      histograms[servedBy[i]!]!.recordValue(us);
      requests[servedBy[i]!]! += 1;
    });
  }
  return histograms.map((histogram, p) => {
    const encoded = encodeHistogram(histogram);
    histogram.destroy();
    return { requests: requests[p]!, histogram: encoded };
  });
}

/** A window or an extension step of one variant of k processes, with its processes when k > 1. */
export function windowOf(
  scenario: ScenarioResult,
  variant: DrawnVariant,
  k: number,
  from: number,
  to: number,
): ScenarioResult {
  const run = segmentsAsRun(scenario, from, to);
  const processes = processesOf(variant, k, from, to);
  if (processes !== undefined) run.processes = processes;
  return run;
}

/** Abramowitz–Stegun 7.1.26: enough for a bound printed to a percent. */
export function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x >= 0 ? y : -y;
}

export function median(values: number[]): number {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return s.length === 0 ? NaN : (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
}

/** A stationary AR(1) on a tick grid with sd `sd` and lag-1 s correlation `perSecond`. */
export function ar1(rng: Rng, tickMs: number, ticks: number, sd: number, perSecond: number): Float64Array {
  const phi = perSecond > 0 ? Math.pow(perSecond, tickMs / 1000) : 0;
  const out = new Float64Array(ticks);
  let x = sd * rng.normal();
  for (let t = 0; t < ticks; t++) {
    if (t > 0) x = phi * x + Math.sqrt(1 - phi * phi) * sd * rng.normal();
    out[t] = x;
  }
  return out;
}

export interface Episode {
  fromMs: number;
  toMs: number;
  strength: number;
}

export function episodes(rng: Rng, totalMs: number, perSec: number, minMs: number, maxMs: number): Episode[] {
  const out: Episode[] = [];
  let t = 0;
  for (;;) {
    t += (-Math.log(1 - rng.next()) / perSec) * 1000;
    if (t >= totalMs) return out;
    const length = minMs + (maxMs - minMs) * rng.next();
    out.push({ fromMs: t, toMs: t + length, strength: 0.1 + 0.6 * rng.next() });
  }
}
