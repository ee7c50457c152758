// The sequential extension (compare.extend) under optional stopping: A/A false regressions per run
// with and without extensions, the share of runs still inconclusive at the budget, and the power
// with and without. Each synthetic A/B run is drawn at its full budget (24 pairs: a 12-pair planned
// window, 2x), then replayed as the gate plays it: the planned window is judged, the planner
// (src/core/compare/sequential.ts planExtension) names what runs on, the next step's pairs are
// appended (src/core/results/extend.ts), and the run is judged again, at each look's share of α.
// The whole path is the product's code: compareSequential, comparePaired, the planner, the append.
// Run (from the repository root, under the heavy-work lock):
//   flock /tmp/heavy.lock npm run bench:stats -- extend --n=2000 [--from=0] [--schedule=duet|alternate] [--scale=1] [--off|--on]
//     [--budget=2] (compare.extend.maxDuration as a factor of the planned window: the planner is told
//     the budget the run is drawn for, so its steps are the ones a run with that budget takes)
// Each row also prints a JSON line of counts; chunks (--from) add up with bench/stats/extend-sum.mjs.
import { judgeRun } from '../../src/core/gate.js';
import { defaultCompareConfig } from '../../src/core/config/compare.js';
import { alphaShares, planExtension } from '../../src/core/compare/sequential.js';
import { appendExtension } from '../../src/core/results/extend.js';
import type { AbSchedule, CompareConfig } from '../../src/core/types/config.js';
import type { Results } from '../../src/core/types/results.js';
import { makeAbResults, segmentsAsRun } from '../../test/core/ab-fixtures.js';
import { argNumber, clopperPearsonUpper, percent } from './common.js';

const RUNS = argNumber('n', 2000);
/** First seed offset: chunks of one long series can run under separate holds of the lock. */
const FROM = argNumber('from', 0);
const PLANNED = 12;
const BUDGET = argNumber('budget', 2);
const MAX_PAIRS = PLANNED * BUDGET;
const SCALE = argNumber('scale', 1);
const schedules: AbSchedule[] = (process.argv
  .find((a) => a.startsWith('--schedule='))
  ?.slice(11)
  .split(',') ?? ['duet', 'alternate']) as AbSchedule[];
const off = process.argv.includes('--off');
const onlyOn = process.argv.includes('--on');

const SHOWN = ['p50', 'p95', 'p99', 'error_rate'] as const;

interface Outcome {
  regressions: number;
  inconclusive: number;
  /** Per metric of SHOWN: inconclusive at the end. */
  open: Record<string, boolean>;
  extended: boolean;
  detected: boolean;
  /** Pairs judged at the last look. */
  pairs: number;
}

function playRun(full: Results, compare: CompareConfig, extend: boolean): Outcome {
  const name = full.scenarios[0]!.name;
  const head = full.scenarios[0]!;
  const base = full.ab!.base.scenarios[0]!;
  let current: Results = {
    ...full,
    scenarios: [segmentsAsRun(head, 0, PLANNED)],
    ab: { ...full.ab!, base: { ...full.ab!.base, scenarios: [segmentsAsRun(base, 0, PLANNED)] } },
    ...(extend ? { sequential: { alphaShares: alphaShares(true, true) } } : {}),
  };
  let pairs = PLANNED;
  let extended = false;
  const config = { thresholds: {}, compare };
  for (let look = 0; extend; look++) {
    const comparison = judgeRun({ current, config, baseline: { kind: 'missing', detail: 'A/B' } }).comparison;
    const plan = planExtension({ comparison, results: current, compare, look });
    const step = plan.steps.find((s) => s.scenario === name);
    if (step === undefined) break;
    const add = Math.round(step.addMs / (head.segments[0]?.durationMs ?? 1));
    const to = Math.min(MAX_PAIRS, pairs + add);
    if (to <= pairs) break;
    extended = true;
    current = {
      ...current,
      scenarios: [appendExtension(current.scenarios[0]!, segmentsAsRun(head, pairs, to), step.undecided)],
      ab: {
        ...current.ab!,
        base: {
          ...current.ab!.base,
          scenarios: [appendExtension(current.ab!.base.scenarios[0]!, segmentsAsRun(base, pairs, to), step.undecided)],
        },
      },
    };
    pairs = to;
  }
  const comparison = judgeRun({ current, config, baseline: { kind: 'missing', detail: 'A/B' } }).comparison;
  const metrics = comparison.scenarios.flatMap((s) => s.metrics);
  return {
    regressions: comparison.regressions.length,
    inconclusive: metrics.filter((m) => m.verdict === 'inconclusive').length,
    open: Object.fromEntries(
      SHOWN.map((metric) => [metric, metrics.some((m) => m.metric === metric && m.verdict === 'inconclusive')]),
    ),
    extended,
    detected: metrics.some((m) => m.metric === 'p50' && m.verdict === 'regression'),
    pairs,
  };
}

const compare: CompareConfig = { ...defaultCompareConfig(), mode: 'ab', extend: { maxWindowFactor: BUDGET } };
console.log(
  `# compare.extend: ${RUNS} runs per row, ${PLANNED} planned pairs, budget ${MAX_PAIRS} pairs, head ×${SCALE}, minimum effects as shipped (A/B defaults)`,
);
console.log(
  `| schedule | extension | runs with a false regression (CP 95% upper) | runs extended | inconclusive at the end: ${SHOWN.join(' / ')} | p50 regression found |`,
);
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
for (const schedule of schedules) {
  for (const extend of off ? [false] : onlyOn ? [true] : [false, true]) {
    let falseRuns = 0;
    let extendedRuns = 0;
    const open: Record<string, number> = Object.fromEntries(SHOWN.map((metric) => [metric, 0]));
    let detected = 0;
    let pairSum = 0;
    for (let i = 0; i < RUNS; i++) {
      const full = makeAbResults({
        seed: 0x5eed + FROM + i,
        schedule,
        scenarios: [{ name: 'api', pairs: MAX_PAIRS, segmentMs: 2000, ratePerSec: 250, headScale: SCALE }],
      });
      const outcome = playRun(full, compare, extend);
      if (SCALE === 1 && outcome.regressions > 0) falseRuns += 1;
      if (outcome.extended) extendedRuns += 1;
      for (const metric of SHOWN) if (outcome.open[metric]) open[metric] = (open[metric] ?? 0) + 1;
      if (outcome.detected) detected += 1;
      pairSum += outcome.pairs;
    }
    const falseCell =
      SCALE === 1 ? `${percent(falseRuns / RUNS)} (${percent(clopperPearsonUpper(falseRuns, RUNS))})` : '–';
    // One JSON line per row, for adding chunks up.
    console.log(
      JSON.stringify({
        schedule,
        extend,
        scale: SCALE,
        runs: RUNS,
        from: FROM,
        falseRuns,
        extendedRuns,
        open,
        detected,
        budget: BUDGET,
        pairSum,
      }),
    );
    console.log(
      `| ${schedule} | ${extend ? `on (${BUDGET}x)` : 'off'} | ${falseCell} | ${percent(extendedRuns / RUNS)} | ${SHOWN.map((metric) => percent((open[metric] ?? 0) / RUNS)).join(' / ')} | ${SCALE === 1 ? '–' : percent(detected / RUNS)} |`,
    );
  }
}
