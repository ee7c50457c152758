// flock -o /tmp/heavy.lock npm run bench:audit -- verdicts --n=50 --seed=1 [--schedule=duet|alternate] [--processes=1] [--scale=1] [--min=both|ab|none] [--process-sd=0.01] [--confirm=on|off] [--pairs=2|3] [--contention]
// The independent audit of the A/B verdicts: runs simulated by bench/audit/model.ts (a queueing
// model of the service, the machine and its neighbour, written for the audit; not the team's
// generator), assembled into Results as the engine writes them (HDR segments, `processes` with
// compare.processes) and judged by the product's own code: judgeRun with defaultCompareConfig() in
// A/B mode, compare.extend at its default budget (4× the planned window) played as the gate plays
// it (planExtension after each look, appendExtension of the step, the looks' α shares recorded as
// the gate records them), then compare.confirm's second pair of processes (bench/audit/harness.ts;
// --confirm=off judges without it, as the first round did; each line carries both verdicts), with the A/B minimum effects (`ab`), without them (`none`: every minimum
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
import { extensionBudgetMs } from '../../src/core/compare/sequential.js';
import { defaultCompareConfig } from '../../src/core/config/compare.js';
import type { Comparison, MetricComparison } from '../../src/core/types/comparison.js';
import { argNumber, clopperPearsonUpper, percent } from '../stats/common.js';
import { configFor, confirmRun, drawPair, play, type Drawn, type Setup } from './harness.js';

const arg = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const SCHEDULE = arg('schedule', 'duet') as 'duet' | 'alternate';
/** compare.confirm (the product's default: on); --confirm=off judges as last round did. */
const CONFIRM = arg('confirm', 'on') !== 'off';
/** An experiment, not the product: --pairs=3 keeps a regression the second pair confirmed only if a
 * third pair, booted afresh for the same window, shows it too. */
const PAIRS = arg('pairs', '2') === '3' ? 3 : 2;

interface Line {
  schedule: string;
  /** Bursts recorded per block (--contention): the gate leaves them out of a duet. */
  contention?: boolean;
  processes: number;
  processSd: number;
  scale: number;
  min: string;
  confirm: boolean;
  /** 3: the third-pair experiment (--pairs=3). */
  pairs?: number;
  seed: number;
  runs: number;
  /** After compare.confirm (the first pair's verdict with --confirm=off). */
  failedRuns: number;
  p50Regressions: number;
  /** The first pair's verdict: what the run failed on before compare.confirm. */
  firstFailedRuns: number;
  firstP50Regressions: number;
  /** Runs that measured a second pair. */
  confirmRuns: number;
  /** The first pair's regressions the second pair judged, by outcome ('untested: why' apart). */
  outcomes: Record<string, number>;
  /** Per run: the second pair's measured window per variant (s; 0 without one). */
  confirmSeconds: number[];
  /** After the second pair (the product's verdict; with --pairs=3 the third pair's comes after it). */
  secondFailedRuns?: number;
  secondP50Regressions?: number;
  /** --pairs=3: runs that measured a third pair, and the confirmed regressions it judged, by outcome. */
  thirdRuns?: number;
  thirdOutcomes?: Record<string, number>;
  byMetric: Record<string, number>;
  byTest: Record<string, number>;
  seconds: number[];
  failures: unknown[];
  /** Per run: p50's change over its standard error at the look that judged it (sd 1 if calibrated). */
  zP50?: number[];
  /** Per run: the processes' permanent offset gap, head minus base (log scale). */
  offsetGaps?: number[];
}

const testOf = (m: MetricComparison): string =>
  `${m.method}${m.decidedBy ? `/${m.decidedBy}` : ''}${m.processes ? '/processes' : ''}`;

/** A regression of the first pair as the record of a failed run shows it. */
function describe(m: MetricComparison, final: MetricComparison | undefined): unknown {
  return {
    metric: m.metric,
    test: testOf(m),
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
    ...(final?.confirmation ? { confirmation: final.confirmation } : {}),
  };
}

const outcomeOf = (m: MetricComparison): string | undefined =>
  m.confirmation === undefined
    ? undefined
    : m.confirmation.outcome === 'untested'
      ? `untested: ${m.confirmation.why ?? ''}`
      : m.confirmation.outcome;

function tally(
  line: Line,
  first: Comparison,
  { second, third, comparison: final }: { second: Comparison; third?: Comparison; comparison: Comparison },
  meta: Record<string, unknown>,
): void {
  const metrics = final.scenarios.flatMap((s) => s.metrics);
  const p50 = metrics.find((m) => m.metric === 'p50');
  const firstMetrics = first.scenarios.flatMap((s) => s.metrics);
  if (firstMetrics.some((m) => m.metric === 'p50' && m.verdict === 'regression')) line.firstP50Regressions += 1;
  if (metrics.some((m) => m.metric === 'p50' && m.verdict === 'regression')) line.p50Regressions += 1;
  if (p50?.standardError !== undefined && Number.isFinite(p50.change))
    (line.zP50 ??= []).push(Math.round((100 * Math.log1p(p50.change)) / p50.standardError) / 100);
  // The second pair's outcomes (with --pairs=3, the third's apart, for the regressions it judged).
  for (const m of second.scenarios.flatMap((s) => s.metrics)) {
    const outcome = outcomeOf(m);
    if (outcome !== undefined) line.outcomes[outcome] = (line.outcomes[outcome] ?? 0) + 1;
  }
  if (third !== undefined) {
    line.thirdRuns = (line.thirdRuns ?? 0) + 1;
    const judged = new Set(
      second.regressions.filter((m) => m.confirmation?.outcome === 'confirmed').map((m) => m.metric),
    );
    for (const m of third.scenarios.flatMap((s) => s.metrics)) {
      const outcome = judged.has(m.metric) ? outcomeOf(m) : undefined;
      if (outcome !== undefined) (line.thirdOutcomes ??= {})[outcome] = (line.thirdOutcomes?.[outcome] ?? 0) + 1;
    }
  }
  if (first.regressions.length > 0) line.firstFailedRuns += 1;
  if (second.regressions.length > 0) line.secondFailedRuns = (line.secondFailedRuns ?? 0) + 1;
  if (second.regressions.some((m) => m.metric === 'p50'))
    line.secondP50Regressions = (line.secondP50Regressions ?? 0) + 1;
  if (final.regressions.length > 0) line.failedRuns += 1;
  for (const m of final.regressions) {
    line.byMetric[m.metric] = (line.byMetric[m.metric] ?? 0) + 1;
    line.byTest[`${m.metric} ${testOf(m)}`] = (line.byTest[`${m.metric} ${testOf(m)}`] ?? 0) + 1;
  }
  // Every run the first pair failed, with what the second pair made of it.
  if (first.regressions.length === 0) return;
  const byKey = new Map(metrics.map((m) => [`${m.scenario} ${m.metric}`, m]));
  line.failures.push({
    ...meta,
    failed: final.regressions.length > 0,
    regressed: first.regressions.map((m) => describe(m, byKey.get(`${m.scenario} ${m.metric}`))),
    notes: final.scenarios[0]!.notes,
  });
}

function main(): void {
  const runs = argNumber('n', 50);
  const seed = argNumber('seed', 1);
  const k = Math.max(1, Math.round(argNumber('processes', 1)));
  const scale = argNumber('scale', 1);
  const processSd = argNumber('process-sd', 0.01);
  const setup: Setup = {
    schedule: SCHEDULE,
    segmentMs: SCHEDULE === 'duet' ? 250 : 1000,
    k,
    rate: argNumber('rate', 150),
    contention: process.argv.includes('--contention'),
  };
  const plannedMs = argNumber('seconds', 15) * 1000;
  const mins = arg('min', 'both') === 'both' ? (['ab', 'none'] as const) : ([arg('min', 'ab')] as ('ab' | 'none')[]);
  const planned = Math.round(plannedMs / setup.segmentMs);
  const measuredMs = extensionBudgetMs(plannedMs, defaultCompareConfig());
  const lines: Line[] = mins.map((min) => ({
    schedule: SCHEDULE,
    ...(setup.contention ? { contention: true } : {}),
    processes: k,
    processSd,
    scale,
    min,
    confirm: CONFIRM,
    ...(PAIRS === 3 ? { pairs: 3, thirdRuns: 0, thirdOutcomes: {} } : {}),
    seed,
    runs,
    failedRuns: 0,
    p50Regressions: 0,
    firstFailedRuns: 0,
    firstP50Regressions: 0,
    secondFailedRuns: 0,
    secondP50Regressions: 0,
    confirmRuns: 0,
    outcomes: {},
    confirmSeconds: [],
    byMetric: {},
    byTest: {},
    seconds: [],
    failures: [],
  }));
  const started = Date.now();
  for (let r = 0; r < runs; r++) {
    const runSeed = 0xa0d17 + seed + r;
    const { offsetGap, ...drawn }: Drawn & { offsetGap: number } = drawPair(setup, {
      measuredMs,
      processSd,
      headScale: scale,
      seed: runSeed,
    });
    const pairs = new Map<string, Drawn & { offsetGap: number }>();
    mins.forEach((min, i) => {
      const line = lines[i]!;
      const compare = configFor(min, CONFIRM);
      const first = play(drawn, planned, setup, compare);
      const confirmed = confirmRun(
        first,
        setup,
        compare,
        { runSeed, processSd, headScale: scale, measuredMs, plannedMs },
        pairs,
        PAIRS,
      );
      const { comparison, secondSegments, secondGap } = confirmed;
      line.seconds.push(first.comparison.scenarios[0]!.current.durationMs / 1000);
      line.confirmSeconds.push((secondSegments * setup.segmentMs) / 1000);
      if (secondSegments > 0) line.confirmRuns += 1;
      (line.offsetGaps ??= []).push(Math.round(offsetGap * 1e4) / 1e4);
      // --dump: p50's judgement of every run on stderr (why a head was missed, or a verdict came late).
      if (process.argv.includes('--dump')) {
        const p50 = comparison.scenarios.flatMap((s) => s.metrics).find((m) => m.metric === 'p50');
        console.error(
          JSON.stringify({
            seed: runSeed,
            min,
            seconds: first.comparison.scenarios[0]!.current.durationMs / 1000,
            offsetGap,
            secondGap,
            p50: p50 && { ...p50, current: undefined, baseline: undefined },
            notes: comparison.scenarios[0]!.notes,
          }),
        );
      }
      tally(line, first.comparison, confirmed, {
        seed: runSeed,
        seconds: first.comparison.scenarios[0]!.current.durationMs / 1000,
        offsetGap,
        ...(secondGap === undefined ? {} : { secondGap: Math.round(secondGap * 1e4) / 1e4 }),
      });
    });
  }
  for (const line of lines) console.log(JSON.stringify({ ...line, wallSeconds: (Date.now() - started) / 1000 }));
}

const share = (x: number, n: number, upper: boolean): string =>
  `${x}/${n} = ${percent(x / n, 1)} (${upper ? percent(clopperPearsonUpper(x, n)) : `≥ ${percent(1 - clopperPearsonUpper(n - x, n))}`})`;
const mean = (values: number[]): number => values.reduce((a, v) => a + v, 0) / Math.max(1, values.length);

/** Pools the JSON lines of one cell (schedule, processes, offsets, scale, min, confirm) and prints a row each. */
function sum(): void {
  const cells = new Map<string, Line[]>();
  for (const text of readFileSync(0, 'utf8').split('\n')) {
    if (!text.startsWith('{')) continue;
    const line = JSON.parse(text) as Line;
    const key = `${line.schedule}${line.contention ? ' (bursts recorded)' : ''} | ${line.processes} | ${percent(line.processSd ?? 0.01, 1)} | ×${line.scale} | ${line.min === 'ab' ? 'A/B' : 'none'}${line.pairs === 3 ? ', 3 pairs' : ''}`;
    cells.set(key, [...(cells.get(key) ?? []), line]);
  }
  console.log(
    '| schedule | k | offsets sd | head | minimum effects | runs (seeds) | first pair: A/A false (CP 95% upper) / p50 found (CP 95% lower) | runs with a second pair | regressions confirmed / not reproduced / untested | after compare.confirm | which metric / test (after) | mean window | second pair: mean per run (per second pair) |',
  );
  console.log('| --- | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |');
  for (const [key, lines] of cells) {
    const runs = lines.reduce((n, l) => n + l.runs, 0);
    const add = (f: (l: Line) => number): number => lines.reduce((n, l) => n + f(l), 0);
    const aa = lines[0]!.scale === 1;
    const before = aa
      ? add((l) => l.firstFailedRuns ?? l.failedRuns)
      : add((l) => l.firstP50Regressions ?? l.p50Regressions);
    const after = aa ? add((l) => l.failedRuns) : add((l) => l.p50Regressions);
    // --pairs=3: the second pair's verdict (the product's) before the third's.
    const afterSecond = aa
      ? add((l) => l.secondFailedRuns ?? l.failedRuns)
      : add((l) => l.secondP50Regressions ?? l.p50Regressions);
    const outcomes: Record<string, number> = {};
    for (const l of lines) for (const [o, n] of Object.entries(l.outcomes ?? {})) outcomes[o] = (outcomes[o] ?? 0) + n;
    const untested = Object.entries(outcomes).filter(([o]) => o.startsWith('untested'));
    const tests: Record<string, number> = {};
    for (const l of lines) for (const [t, n] of Object.entries(l.byTest)) tests[t] = (tests[t] ?? 0) + n;
    const confirmSeconds = lines.flatMap((l) => l.confirmSeconds ?? []);
    const confirmed = confirmSeconds.filter((s) => s > 0);
    const seeds = lines.map((l) => l.seed).sort((a, b) => a - b);
    const on = lines.every((l) => l.confirm !== false);
    const thirdOutcomes: Record<string, number> = {};
    for (const l of lines)
      for (const [o, n] of Object.entries(l.thirdOutcomes ?? {})) thirdOutcomes[o] = (thirdOutcomes[o] ?? 0) + n;
    const third =
      lines[0]!.pairs === 3
        ? `; third pair in ${add((l) => l.thirdRuns ?? 0)} runs: ${thirdOutcomes.confirmed ?? 0} / ${thirdOutcomes['not-reproduced'] ?? 0} / ${Object.entries(
            thirdOutcomes,
          )
            .filter(([o]) => o.startsWith('untested'))
            .reduce((n, [, c]) => n + c, 0)}`
        : '';
    console.log(
      `| ${key} | ${runs} (${seeds.join(', ')}) | ${share(before, runs, aa)} | ${add((l) => l.confirmRuns ?? 0)} | ${outcomes.confirmed ?? 0} / ${outcomes['not-reproduced'] ?? 0} / ${untested.reduce((n, [, c]) => n + c, 0)}${untested.length > 0 ? ` (${untested.map(([o, c]) => `${o.slice(10)} ${c}`).join('; ')})` : ''}${third} | ${on ? `${lines[0]!.pairs === 3 ? `${share(afterSecond, runs, aa)} → 3 pairs: ` : ''}**${share(after, runs, aa)}**` : 'off'} | ${
        Object.entries(tests)
          .map(([t, n]) => `${t} ${n}`)
          .join(', ') || '–'
      } | ${mean(lines.flatMap((l) => l.seconds)).toFixed(1)} s | ${mean(confirmSeconds).toFixed(1)} s (${confirmed.length > 0 ? mean(confirmed).toFixed(1) : '–'} s) |`,
    );
  }
}

if (process.argv.includes('--sum')) sum();
else main();
