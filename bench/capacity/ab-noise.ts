// flock /tmp/heavy.lock npm run bench:capacity -- ab-noise --n=1500 --noise=0.025,0.05,0.1,0.2
//
// Capacity in A/B mode, simulated through the product's own code: each variant's search is planned
// by planNextLevel, each repeated bracket by planRepeatLevel (src/core/capacity-search.ts), in the
// order runCapacityVariants runs them, and the two ScenarioResults are judged by comparePaired
// (the paired comparison with Holm and the decision a gate takes). Only the service is simulated:
// each search (the first and every repeat) meets its own capacity, C·exp(σZ) with σ the true
// search-to-search noise, and a level holds when its rate is at most that capacity times a small
// per-level jitter (a level at the boundary is a coin toss). `--drift=D` adds a linear drift of
// the capacity over the run, D (log scale) from the first search to the last.
//
// For each true noise: A/A runs with a false regression (what fails a gate), with the repeats and
// with the prior alone (the repeats switched off: what the gate did before), and the share of
// runs that call a head 20% below (regression) and 20% above (improvement) the base, with the
// levels the repeats added.
import { comparePaired } from '../../src/core/compare/paired.js';
import { defaultCompareConfig } from '../../src/core/config/compare.js';
import {
  CAPACITY_REPEATS,
  planNextLevel,
  planRepeatLevel,
  summarizeSearch,
  type LevelOutcome,
  type NextLevel,
} from '../../src/core/capacity-search.js';
import { createRng, type Rng } from '../../src/core/stats/prng.js';
import type { CapacityLevel, CapacityResult, Results } from '../../src/core/types/results.js';
import type { CapacityLoad } from '../../src/core/types/config.js';
import { makeResults } from '../../test/core/fixtures.js';
import { argNumber, clopperPearsonUpper, percent } from '../stats/common.js';

const LOAD: CapacityLoad = {
  executor: 'capacity',
  startRatePerSec: 50,
  maxRatePerSec: 5000,
  step: { kind: 'factor', factor: 1.5 },
  resolution: 0.05,
};
/** Per-level jitter of the boundary (log scale). */
const LEVEL_JITTER = 0.01;
const TRUE_CAPACITY = 200;

function level(phase: CapacityLevel['phase'], ratePerSec: number, held: boolean): CapacityLevel {
  return {
    phase,
    intendedPerSec: ratePerSec,
    achievedPerSec: ratePerSec,
    sentPerSec: ratePerSec,
    durationMs: 5000,
    requests: { intended: 1000, ok: 1000, ko: 0, dropped: 0 },
    latencyMs: { p50: 1, p95: 2, p99: 3 },
    errorRate: 0,
    failures: {},
    held,
    brokeBecause: held ? [] : ['p(95)<100 breached'],
    generatorSaturated: false,
    generatorLimited: false,
    notes: [],
  };
}

/** Runs `plan` against a service whose capacity in this search is `capacity`. */
function simulate(
  rng: Rng,
  capacity: number,
  plan: (levels: LevelOutcome[]) => NextLevel,
): { levels: CapacityLevel[]; limitedBy: CapacityResult['limitedBy'] } {
  const levels: CapacityLevel[] = [];
  for (;;) {
    const next = plan(levels);
    if (next.kind === 'stop') return { levels, limitedBy: next.limitedBy };
    const held = next.ratePerSec <= capacity * Math.exp(LEVEL_JITTER * rng.normal());
    levels.push(level(next.phase, next.ratePerSec, held));
  }
}

const context = { elapsedMs: 0, maxDurationMs: Infinity, levelMs: () => 6000 };

function search(rng: Rng, capacity: number): CapacityResult {
  const run = simulate(rng, capacity, (levels) => planNextLevel(LOAD, levels, context));
  return summarizeSearch(run.levels, run.limitedBy, LOAD, 0);
}

function repeat(rng: Rng, capacity: number, first: CapacityResult): NonNullable<CapacityResult['repeats']>[number] {
  const anchor = { low: first.bracket[0], high: first.bracket[1] ?? first.bracket[0] };
  const run = simulate(rng, capacity, (levels) => planRepeatLevel(LOAD, anchor, levels, context));
  const { ratePerSec, bracket } = summarizeSearch(run.levels, run.limitedBy, LOAD, 0);
  return { ratePerSec, bracket, limitedBy: run.limitedBy, durationMs: 0, levels: run.levels };
}

/** The scenario around the capacity: built once (a results fixture costs more than a search). */
const TEMPLATE = makeResults({
  seed: 1,
  scenarios: [{ name: 'digest', executor: 'constant-arrival-rate', ratePerSec: 200, segments: 2 }],
});

function resultsOf(capacity: CapacityResult): Results {
  return { ...TEMPLATE, scenarios: [{ ...TEMPLATE.scenarios[0]!, executor: 'capacity', capacity }] };
}

interface Outcome {
  verdict: string;
  source: string;
  repeatLevels: number;
  searchLevels: number;
}

/** One A/B run: the head's true capacity is `ratio` × the base's. */
function abRun(seed: number, noise: number, ratio: number, drift: number, repeats: number): Outcome {
  const rng = createRng(seed);
  // The config's start rate sits anywhere relative to the capacity, the same for both variants.
  const base = TRUE_CAPACITY * Math.exp(0.5 * (rng.next() - 0.5));
  const truth = [base * ratio, base];
  const searches = 2 + 2 * repeats;
  let step = 0;
  const capacityNow = (index: number): number =>
    truth[index]! * Math.exp(noise * rng.normal() + (drift * step++) / Math.max(1, searches - 1));
  // The seed picks the first variant, as runCapacityVariants does.
  const order = rng.next() < 0.5 ? [0, 1] : [1, 0];
  const found: CapacityResult[] = [];
  for (const index of order) found[index] = search(rng, capacityNow(index));
  const reversed = [...order].reverse();
  for (let round = 0; round < repeats; round++) {
    for (const index of round % 2 === 0 ? reversed : order) {
      const first = found[index]!;
      if (!(first.limitedBy === 'service' && first.bracket[0] > 0 && first.bracket[1] !== null)) continue;
      first.repeats = [...(first.repeats ?? []), repeat(rng, capacityNow(index), first)];
    }
  }
  const current = resultsOf(found[0]!);
  current.ab = { schedule: 'alternate', seed, base: resultsOf(found[1]!) };
  const comparison = comparePaired({
    current,
    baselineStatus: { kind: 'ok' },
    compare: defaultCompareConfig(),
    thresholds: [],
  });
  const metric = comparison.scenarios[0]!.metrics.find((m) => m.metric === 'capacity')!;
  const noiseReason = metric.reasons.find((reason) => reason.kind === 'capacity-search-noise');
  return {
    verdict: metric.verdict,
    source: noiseReason?.kind === 'capacity-search-noise' ? noiseReason.source : 'none',
    repeatLevels: found.reduce((sum, f) => sum + (f.repeats ?? []).reduce((s, r) => s + r.levels.length, 0), 0),
    searchLevels: found.reduce((sum, f) => sum + f.levels.length, 0),
  };
}

const args = process.argv.slice(2);
const n = argNumber('n', 1500);
const power = argNumber('power', 400);
const drift = argNumber('drift', 0);
const seed0 = argNumber('seed', 1);
const noises = (args.find((a) => a.startsWith('--noise='))?.slice(8) ?? '0.025,0.05,0.1,0.2').split(',').map(Number);

console.log(
  `capacity A/B, ${CAPACITY_REPEATS} repeated brackets per variant, drift ${drift}, ${n} A/A runs and ${power} per power row`,
);
console.log(
  '| true noise | A/A false regressions, repeats (CP upper) | A/A, prior only (CP upper) | noise measured | −20% called | +20% called | −20%, prior only | levels: searches / repeats (median run) |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const noise of noises) {
  const aa = Array.from({ length: n }, (_, i) => abRun(seed0 + i * 7919, noise, 1, drift, CAPACITY_REPEATS));
  const aaPrior = Array.from({ length: n }, (_, i) => abRun(seed0 + i * 7919, noise, 1, drift, 0));
  const down = Array.from({ length: power }, (_, i) =>
    abRun(seed0 + 1e6 + i * 7919, noise, 0.8, drift, CAPACITY_REPEATS),
  );
  const up = Array.from({ length: power }, (_, i) =>
    abRun(seed0 + 2e6 + i * 7919, noise, 1.2, drift, CAPACITY_REPEATS),
  );
  const downPrior = Array.from({ length: power }, (_, i) => abRun(seed0 + 1e6 + i * 7919, noise, 0.8, drift, 0));
  const count = (runs: Outcome[], verdict: string): number => runs.filter((r) => r.verdict === verdict).length;
  const falses = count(aa, 'regression');
  const falsesPrior = count(aaPrior, 'regression');
  const measured = aa.filter((r) => r.source === 'repeats').length;
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `| ${percent(noise)} | ${falses} (${percent(falses / n, 2)}, ${percent(clopperPearsonUpper(falses, n), 2)}) | ${falsesPrior} (${percent(falsesPrior / n, 2)}, ${percent(clopperPearsonUpper(falsesPrior, n), 2)}) | ${percent(measured / n)} | ${percent(count(down, 'regression') / power)} | ${percent(count(up, 'improvement') / power)} | ${percent(count(downPrior, 'regression') / power)} | ${median(aa.map((r) => r.searchLevels))} / ${median(aa.map((r) => r.repeatLevels))} |`,
  );
}
