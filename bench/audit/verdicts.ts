// flock -o /tmp/heavy.lock npm run bench:audit -- verdicts --n=50 --seed=1 [--schedule=duet|alternate] [--processes=1] [--scale=1] [--min=both|ab|none]
// The independent audit of the A/B verdicts: runs simulated by bench/audit/model.ts (a queueing
// model of the service, the machine and its neighbour, written for the audit; not the team's
// generator), assembled into Results as the engine writes them (HDR segments, `processes` with
// compare.processes) and judged by the product's own code: judgeRun with defaultCompareConfig() in
// A/B mode, compare.extend at its default budget (4× the planned window) played as the gate plays
// it (planExtension after each look, appendExtension of the step, the looks' α shares recorded as
// the gate records them), with the A/B minimum effects (`ab`), without them (`none`: every minimum
// effect 0 and set, as bench/ab/blocks.ts --min=none does), or both on the same simulated runs.
// Planned window 15 s at 150 requests/s per variant; duet blocks 250 ms, alternate slots 1 s (the
// product's defaults). One JSON line per call: counts, and for every run that FAILED with a head
// equal to the base, each metric called a regression with the test that called it (method,
// decidedBy, look, whether the processes' spread set its standard error, p-values, reasons).
// `--sum` reads such lines on stdin and prints the pooled Markdown rows.
// Commands of the audit round (bench/ab/README.md, "Independent audit"):
//   flock -o /tmp/heavy.lock npm run -s bench:audit -- verdicts --schedule=duet --min=both --n=50 --seed=1000   # seeds 1000, 1050, …
//   flock -o /tmp/heavy.lock npm run -s bench:audit -- verdicts --schedule=alternate --min=both --n=50 --seed=2000
//   flock -o /tmp/heavy.lock npm run -s bench:audit -- verdicts --schedule=duet --processes=8 --min=ab --n=50 --seed=3000
//   flock -o /tmp/heavy.lock npm run -s bench:audit -- verdicts --schedule=duet --scale=1.1 --min=ab --n=50 --seed=4000   # and --processes=8 --seed=5000
//   flock -o /tmp/heavy.lock npm run -s bench:audit -- verdicts --schedule=duet --process-sd=0 --min=ab --n=50 --seed=6000   # control: no offsets
//   cat bench/out/audit-*.jsonl | npm run -s bench:audit -- verdicts --sum
// (bench/audit/round.sh runs the chunks of the first five, each under the lock on its own.)
import { readFileSync } from 'node:fs';
import { judgeRun } from '../../src/core/gate.js';
import { defaultCompareConfig } from '../../src/core/config/compare.js';
import { alphaShares, extensionBudgetMs, planExtension } from '../../src/core/compare/sequential.js';
import { appendExtension } from '../../src/core/results/extend.js';
import { createHistogram, encodeHistogram } from '../../src/core/histogram.js';
import type { CompareConfig, MetricName } from '../../src/core/types/config.js';
import type { Comparison } from '../../src/core/types/comparison.js';
import type { ProcessLatency, Results, ScenarioResult } from '../../src/core/types/results.js';
import { emptyResults, segmentsAsRun, toScenarioResult, type Segment } from '../../test/core/ab-fixtures.js';
import { argNumber, clopperPearsonUpper, percent } from '../stats/common.js';
import { simulate, type Served } from './model.js';

const arg = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

interface Variant {
  segments: Segment[];
  servedBy: Uint8Array[];
}

function binned(served: Served, segments: number, segmentMs: number): Variant {
  const lat: number[][] = Array.from({ length: segments }, () => []);
  const by: number[][] = Array.from({ length: segments }, () => []);
  const count = new Array<number>(segments).fill(0);
  const ko = new Array<number>(segments).fill(0);
  for (let i = 0; i < served.atMs.length; i++) {
    const s = Math.floor(served.atMs[i]! / segmentMs);
    if (s < 0 || s >= segments) continue;
    count[s]! += 1;
    if (served.latencyUs[i]! < 0) ko[s]! += 1;
    else {
      lat[s]!.push(served.latencyUs[i]!);
      by[s]!.push(served.process[i]!);
    }
  }
  return {
    segments: lat.map((l, s) => ({
      latenciesUs: Float64Array.from(l),
      count: count[s]!,
      ko: ko[s]!,
      durationMs: segmentMs,
    })),
    servedBy: by.map((b) => Uint8Array.from(b)),
  };
}

function processesOf(variant: Variant, k: number, from: number, to: number): ProcessLatency[] | undefined {
  if (k < 2) return undefined;
  const histograms = Array.from({ length: k }, () => createHistogram());
  const requests = new Array<number>(k).fill(0);
  for (let s = from; s < to; s++)
    variant.segments[s]!.latenciesUs.forEach((us, i) => {
      const p = variant.servedBy[s]![i]!;
      histograms[p]!.recordValue(us);
      requests[p]! += 1;
    });
  return histograms.map((h, p) => {
    const histogram = encodeHistogram(h);
    h.destroy();
    return { requests: requests[p]!, histogram };
  });
}

function windowOf(whole: ScenarioResult, variant: Variant, k: number, from: number, to: number): ScenarioResult {
  const run = segmentsAsRun(whole, from, to);
  const processes = processesOf(variant, k, from, to);
  if (processes !== undefined) run.processes = processes;
  return run;
}

function configFor(min: 'ab' | 'none'): CompareConfig {
  const compare: CompareConfig = { ...defaultCompareConfig(), mode: 'ab' };
  if (min === 'none') {
    const metrics = Object.keys(compare.minEffect) as MetricName[];
    compare.minEffect = Object.fromEntries(metrics.map((m) => [m, 0])) as Record<MetricName, number>;
    compare.minEffectSet = metrics;
  }
  return compare;
}

interface Drawn {
  head: ScenarioResult;
  base: ScenarioResult;
  headV: Variant;
  baseV: Variant;
  order?: ('head-first' | 'base-first')[];
}

/** The gate's loop: judge, plan a step, append it to both variants, judge again; the final judgement. */
function play(drawn: Drawn, planned: number, segmentMs: number, k: number, compare: CompareConfig): Comparison {
  const config = { thresholds: {}, compare };
  const baseline = { kind: 'missing' as const, detail: 'A/B' };
  const head0 = windowOf(drawn.head, drawn.headV, k, 0, planned);
  const base0 = windowOf(drawn.base, drawn.baseV, k, 0, planned);
  let current: Results = emptyResults([head0]);
  current.ab = {
    schedule: SCHEDULE,
    seed: 1,
    base: emptyResults([base0]),
    ...(drawn.order ? { order: drawn.order } : {}),
  };
  current.sequential = { alphaShares: alphaShares(true, true) };
  const budget = Math.round(extensionBudgetMs(planned * segmentMs, compare) / segmentMs);
  let segments = planned;
  for (let look = 0; ; look++) {
    const comparison = judgeRun({ current, config, baseline }).comparison;
    const step = planExtension({ comparison, results: current, compare, look }).steps.find((s) => s.scenario === 'api');
    if (step === undefined) return comparison;
    const to = Math.min(budget, segments + Math.round(step.addMs / segmentMs));
    if (to <= segments) return comparison;
    current = {
      ...current,
      scenarios: [
        appendExtension(current.scenarios[0]!, windowOf(drawn.head, drawn.headV, k, segments, to), step.undecided),
      ],
      ab: {
        ...current.ab!,
        base: {
          ...current.ab!.base,
          scenarios: [
            appendExtension(
              current.ab!.base.scenarios[0]!,
              windowOf(drawn.base, drawn.baseV, k, segments, to),
              step.undecided,
            ),
          ],
        },
      },
    };
    segments = to;
  }
}

const SCHEDULE = arg('schedule', 'duet') as 'duet' | 'alternate';

interface Line {
  schedule: string;
  processes: number;
  scale: number;
  min: string;
  seed: number;
  runs: number;
  failedRuns: number;
  p50Regressions: number;
  byMetric: Record<string, number>;
  byTest: Record<string, number>;
  seconds: number[];
  failures: unknown[];
  /** Per run: p50's change over its standard error at the look that judged it (sd 1 if calibrated). */
  zP50?: number[];
  /** Per run: the processes' permanent offset gap, head minus base (log scale). */
  offsetGaps?: number[];
}

function main(): void {
  const runs = argNumber('n', 50);
  const seed = argNumber('seed', 1);
  const k = Math.max(1, Math.round(argNumber('processes', 1)));
  const scale = argNumber('scale', 1);
  const rate = argNumber('rate', 150);
  const plannedMs = argNumber('seconds', 15) * 1000;
  const mins = arg('min', 'both') === 'both' ? (['ab', 'none'] as const) : ([arg('min', 'ab')] as ('ab' | 'none')[]);
  const segmentMs = SCHEDULE === 'duet' ? 250 : 1000;
  const planned = Math.round(plannedMs / segmentMs);
  const measuredMs = extensionBudgetMs(plannedMs, defaultCompareConfig());
  const total = Math.round(measuredMs / segmentMs);
  const fixture = { executor: 'constant-arrival-rate' as const, ratePerSec: rate, segmentMs };
  const lines: Line[] = mins.map((min) => ({
    schedule: SCHEDULE,
    processes: k,
    scale,
    min,
    seed,
    runs,
    failedRuns: 0,
    p50Regressions: 0,
    byMetric: {},
    byTest: {},
    seconds: [],
    failures: [],
  }));
  const started = Date.now();
  for (let r = 0; r < runs; r++) {
    const runSeed = 0xa0d17 + seed + r;
    const {
      served: [h, b],
      offsetGap,
    } = simulate({
      schedule: SCHEDULE,
      measuredMs,
      slotMs: segmentMs,
      rate,
      processes: k,
      processSd: argNumber('process-sd', 0.01),
      headScale: scale,
      seed: runSeed,
    });
    const headV = binned(h, total, segmentMs);
    const baseV = binned(b, total, segmentMs);
    const drawn: Drawn = {
      head: toScenarioResult('api', fixture, headV.segments, 1),
      base: toScenarioResult('api', fixture, baseV.segments, 1),
      headV,
      baseV,
    };
    mins.forEach((min, i) => {
      const line = lines[i]!;
      const comparison = play(drawn, planned, segmentMs, k, configFor(min));
      const metrics = comparison.scenarios.flatMap((s) => s.metrics);
      line.seconds.push(comparison.scenarios[0]!.current.durationMs / 1000);
      const p50 = metrics.find((m) => m.metric === 'p50');
      // --dump: p50's judgement of every run on stderr (why a head was missed, or a verdict came late).
      if (process.argv.includes('--dump'))
        console.error(
          JSON.stringify({
            seed: runSeed,
            min,
            seconds: comparison.scenarios[0]!.current.durationMs / 1000,
            offsetGap,
            p50: p50 && { ...p50, current: undefined, baseline: undefined },
            notes: comparison.scenarios[0]!.notes,
          }),
        );
      if (p50?.standardError !== undefined && Number.isFinite(p50.change))
        (line.zP50 ??= []).push(Math.round((100 * Math.log1p(p50.change)) / p50.standardError) / 100);
      (line.offsetGaps ??= []).push(Math.round(offsetGap * 1e4) / 1e4);
      if (metrics.some((m) => m.metric === 'p50' && m.verdict === 'regression')) line.p50Regressions += 1;
      if (comparison.regressions.length === 0) return;
      line.failedRuns += 1;
      const regressed = comparison.regressions.map((m) => {
        const test = `${m.method}${m.decidedBy ? `/${m.decidedBy}` : ''}${m.processes ? '/processes' : ''}`;
        line.byMetric[m.metric] = (line.byMetric[m.metric] ?? 0) + 1;
        line.byTest[`${m.metric} ${test}`] = (line.byTest[`${m.metric} ${test}`] ?? 0) + 1;
        return {
          metric: m.metric,
          test,
          look: m.look,
          change: m.change,
          interval: m.changeInterval,
          pValue: m.pValue,
          adjustedPValue: m.adjustedPValue,
          wholeRun: m.wholeRun,
          se: m.standardError,
          df: m.df,
          dfGrowth: m.dfGrowth,
          processes: m.processes,
          reasons: m.reasons.map((reason) => reason.kind),
        };
      });
      line.failures.push({
        seed: runSeed,
        seconds: comparison.scenarios[0]!.current.durationMs / 1000,
        offsetGap,
        regressed,
        notes: comparison.scenarios[0]!.notes,
      });
    });
  }
  for (const line of lines) console.log(JSON.stringify({ ...line, wallSeconds: (Date.now() - started) / 1000 }));
}

/** Pools the JSON lines of one cell (schedule, processes, scale, min) and prints a row each. */
function sum(): void {
  const cells = new Map<string, Line[]>();
  for (const text of readFileSync(0, 'utf8').split('\n')) {
    if (!text.startsWith('{')) continue;
    const line = JSON.parse(text) as Line;
    const key = `${line.schedule} | k ${line.processes} | ×${line.scale} | ${line.min}`;
    cells.set(key, [...(cells.get(key) ?? []), line]);
  }
  console.log(
    '| schedule | k | head | minimum effects | runs (seeds) | A/A runs with a false regression (CP 95% upper) | which metric / test | +10%: p50 a regression | z sd p50 | mean window |',
  );
  console.log('| --- | ---: | --- | --- | ---: | ---: | --- | ---: | ---: | ---: |');
  for (const [key, lines] of cells) {
    const runs = lines.reduce((n, l) => n + l.runs, 0);
    const failed = lines.reduce((n, l) => n + l.failedRuns, 0);
    const found = lines.reduce((n, l) => n + l.p50Regressions, 0);
    const tests: Record<string, number> = {};
    for (const l of lines) for (const [t, n] of Object.entries(l.byTest)) tests[t] = (tests[t] ?? 0) + n;
    const seconds = lines.flatMap((l) => l.seconds);
    const z = lines.flatMap((l) => l.zP50 ?? []);
    const zSd = z.length > 0 ? Math.sqrt(z.reduce((a, v) => a + v * v, 0) / z.length).toFixed(2) : '–';
    const seeds = lines.map((l) => l.seed).sort((a, b) => a - b);
    const aa = lines[0]!.scale === 1;
    const [schedule, k, head, min] = key.split(' | ');
    console.log(
      `| ${schedule} | ${k!.slice(2)} | ${head} | ${min === 'ab' ? 'A/B' : 'none'} | ${runs} (${seeds.join(', ')}) | ${aa ? `${failed}/${runs} = ${percent(failed / runs, 2)} (${percent(clopperPearsonUpper(failed, runs))})` : '–'} | ${
        Object.entries(tests)
          .map(([t, n]) => `${t} ${n}`)
          .join(', ') || '–'
      } | ${aa ? '–' : `${found}/${runs} = ${percent(found / runs)}`} | ${aa ? `${zSd} (${z.length} runs)` : '–'} | ${(seconds.reduce((a, v) => a + v, 0) / seconds.length).toFixed(1)} s |`,
    );
  }
}

if (process.argv.includes('--sum')) sum();
else main();
