// The A/B method: the head and the base variant ran on the same runner, at the same moments (duet)
// or in adjacent segments in a randomised order (alternate), so segment i of the head pairs with
// segment i of the base and each pair shares the runner's level and the drift of its moment.
// - Duet records short blocks (250 ms unless the config sets `segment`) and tests each metric's
//   whole-run change — the log ratio of the pooled percentiles, of the pooled rates, the difference
//   of the pooled error shares — with a paired circular block bootstrap over the blocks
//   (src/core/stats/block-bootstrap.ts): the same resampled blocks for head and base, so what they
//   shared cancels, and the precision comes from the requests rather than a dozen segment medians.
// - Alternate's slots are ≥ 1 s and its pairs are not simultaneous: Yuen's paired t on the
//   20%-trimmed mean of the per-pair log ratios (src/core/stats/paired.ts), a plain paired t for the
//   error rate.
// Holm, the minimum effects, the guards and the decision rule are the stored modes' own.
import {
  LATENCY_PERCENTILES,
  prepareRun,
  quantileUs,
  type LatencyMetric,
  type PreparedRun,
} from '../stats/bootstrap.js';
import { MIN_BLOCKS, pairedBlockTests } from '../stats/block-bootstrap.js';
import { pairDifferences, pairedTTest, SHARE_SD_FLOOR, trimmedPairedTest, type PairedTest } from '../stats/paired.js';
import { deriveSeed } from '../stats/prng.js';
import type { AbInfo, ScenarioResult } from '../types/results.js';
import type { CompareConfig, MetricName } from '../types/config.js';
import type { Comparison, MetricComparison, Reason } from '../types/comparison.js';
import { comparePairedCapacity } from './capacity.js';
import { decideLook } from './decide.js';
import { refuseUnusableBase } from './base-usable.js';
import { baselineLag, populationGuard, saturationGuard, tailGuard } from './guards.js';
import { pairedGrossShift } from './gross-shift.js';
import { duetBlocks, sharedBurstHold } from './shared-burst.js';
import { processRequestsNeeded, processSpread, withProcessSpread, type ProcessSpread } from './process-spread.js';
import {
  compareScenarios,
  OPEN_EXECUTORS,
  RATE_SHORTFALL,
  rateCheckComparison,
  scenarioValue,
  tallyVerdicts,
  toChange,
  type CompareInput,
  type Draft,
} from './shared.js';

/**
 * Minimum effects in A/B mode. The pairs cancel the runner's level and the drift they share, so the
 * smallest change worth failing a PR for can sit well below the stored modes' 10–15%. Synthetic
 * A/A of 12 duet pairs at ~1,000 req/s (bench/ab/README.md): the sd of Δ is 0.6% at p50, 0.8–0.9%
 * at p90/p95, 1.9% at p99, 0.6% for rps. So p50 3% (4.7 sd: what lets a 5% p50 change pass it in
 * ≥ 80% of runs even though duet's shared cores pass ~10% of a slowdown on to the base), p90/p95 5%
 * (5–6 sd, a 10% change clears it in every run), p99 8% (4.3 sd; its per-segment estimate is the
 * noisiest). Alternate's spread is larger (5–6% with a bursty neighbour), and there significance,
 * not these minima, is what holds false alarms back.
 */
export const AB_MIN_EFFECT: Record<MetricName, number> = {
  p50: 0.03,
  p90: 0.05,
  p95: 0.05,
  p99: 0.08,
  rps: 0.05,
  error_rate: 0.01,
  capacity: 0.1,
};

/** The bootstrap's seed when the input names none (the stored modes' default is theirs). */
const DEFAULT_AB_SEED = 0x5eed;

/** Fewer pairs than this leave a t with 2 df: too little to judge a PR on. */
export const MIN_PAIRS = 4;

/** The minimum effect a metric is judged with: what the config sets for it, otherwise in A/B mode
 * the A/B default and in the stored modes the config's (which holds the stored defaults). */
export function minEffectFor(compare: CompareConfig, metric: MetricName, mode: 'ab' | 'stored' = 'stored'): number {
  if (mode === 'ab' && !(compare.minEffectSet ?? []).includes(metric)) return AB_MIN_EFFECT[metric];
  return compare.minEffect[metric];
}

function scheduleWords(ab: AbInfo): string {
  return ab.schedule === 'duet'
    ? 'Duet: every request was sent to head and base at the same moment'
    : 'Alternate: head and base segments ran back to back, in a randomised order per pair';
}

function fromTest(
  metric: MetricName,
  head: ScenarioResult,
  base: ScenarioResult,
  test: PairedTest | undefined,
  minEffect: number,
  guards: Reason[],
): Draft {
  const comparison: MetricComparison = {
    scenario: head.name,
    metric,
    baseline: scenarioValue(base, metric),
    current: scenarioValue(head, metric),
    change: NaN,
    method: test === undefined ? 'none' : 'paired',
    minEffect,
    verdict: 'inconclusive',
    reasons: [],
  };
  if (test === undefined) {
    if (guards.length === 0) guards.push({ kind: 'nothing-to-pair' });
    return { comparison, guards };
  }
  comparison.change = toChange(metric, test.effect);
  comparison.changeInterval = [toChange(metric, test.interval[0]), toChange(metric, test.interval[1])];
  comparison.pValue = test.pValue;
  return { comparison, guards, power: { standardError: test.standardError, df: test.df } };
}

/**
 * The open model's rate is the generator's, so there is nothing to test while both variants keep
 * it. A head that falls short while the base keeps the rate could not keep up: a regression, said
 * with how many pairs showed it. When both fall short, both hit their capacity, and the per-pair
 * rates are then the services' own: the paired test compares the capacities.
 */
function pairedRateCheck(
  head: ScenarioResult,
  base: ScenarioResult,
  rpsDiffs: number[],
  minEffect: number,
  duetTest: PairedTest | undefined,
): Draft {
  const guards: Reason[] = [];
  const comparison = rateCheckComparison(head, base, minEffect);
  const share = (scenario: ScenarioResult): number | undefined =>
    scenario.rate !== undefined && scenario.rate.intendedPerSec > 0
      ? scenario.rate.achievedPerSec / scenario.rate.intendedPerSec
      : undefined;
  const headShare = share(head);
  const baseShare = share(base);
  if (headShare === undefined || baseShare === undefined) {
    comparison.method = 'none';
    guards.push({ kind: 'no-intended-rate' });
    return { comparison, guards };
  }
  const saturated = saturationGuard(head, 'head') ?? saturationGuard(base, 'base');
  if (headShare >= RATE_SHORTFALL && baseShare >= RATE_SHORTFALL) return { comparison, guards };
  if (saturated !== undefined) {
    guards.push({ kind: 'rate-short-explained-paired', headShare, baseShare, cause: saturated });
    return { comparison, guards };
  }
  const behind = rpsDiffs.filter((d) => Number.isFinite(d) && d < Math.log(RATE_SHORTFALL)).length;
  const pairs = rpsDiffs.filter((d) => Number.isFinite(d)).length;
  const intendedPerSec = head.rate?.intendedPerSec ?? 0;
  if (headShare < RATE_SHORTFALL && baseShare >= RATE_SHORTFALL) {
    comparison.verdict = 'regression';
    comparison.reasons.push({
      kind: 'head-fell-behind',
      headShare,
      baseShare,
      intendedPerSec,
      behindPairs: behind,
      pairs,
    });
    return { comparison, guards };
  }
  if (headShare >= RATE_SHORTFALL) {
    comparison.verdict = 'improvement';
    comparison.reasons.push({ kind: 'head-kept-up', headShare, baseShare, intendedPerSec });
    return { comparison, guards };
  }
  // Both at capacity: the paired test decides, like a closed model's throughput.
  const test = duetTest ?? trimmedPairedTest(rpsDiffs);
  comparison.reasons.push({ kind: 'both-fell-behind-paired', headShare, baseShare, intendedPerSec });
  comparison.verdict = 'inconclusive';
  if (test === undefined) {
    guards.push({ kind: 'too-few-pairs-for-capacities' });
    return { comparison, guards };
  }
  comparison.method = 'paired';
  comparison.change = Math.expm1(test.effect);
  comparison.changeInterval = [Math.expm1(test.interval[0]), Math.expm1(test.interval[1])];
  comparison.pValue = test.pValue;
  return { comparison, guards, power: { standardError: test.standardError, df: test.df } };
}

function compareScenarioPaired(
  input: CompareInput,
  measuredHead: ScenarioResult,
  measuredBase: ScenarioResult,
  notes: string[],
): Draft[] {
  const { compare } = input;
  const duet = input.current.ab?.schedule === 'duet';
  // A burst both variants sat through dilutes their change: its blocks are left out (shared-burst.ts).
  const { head, base, burst, reason } =
    duet && !measuredHead.capacity && !measuredBase.capacity
      ? duetBlocks(measuredHead, measuredBase, Math.min(measuredHead.segments.length, measuredBase.segments.length))
      : { head: measuredHead, base: measuredBase, burst: { hit: 0, blocks: 0 }, reason: undefined };
  if (reason !== undefined) notes.push(`Both variants: ${reason}`);
  if (head.capacity || base.capacity) {
    notes.push(
      "A capacity scenario is compared on its capacity alone: each variant's capacity was searched on this runner in turn, with the same SLO, and its latencies were measured at the rate its own search found.",
    );
    return compare.metrics.includes('capacity')
      ? [comparePairedCapacity(head, base, minEffectFor(compare, 'capacity', 'ab'))]
      : [];
  }
  const pairs = Math.min(head.segments.length, base.segments.length);
  if (measuredHead.segments.length !== measuredBase.segments.length) {
    notes.push(
      `The head has ${measuredHead.segments.length} segments and the base ${measuredBase.segments.length}: only the first ${Math.min(measuredHead.segments.length, measuredBase.segments.length)} pairs are compared.`,
    );
  }
  const preparedBase = pairs > 0 ? prepareRun(base.segments.slice(0, pairs)) : undefined;
  const headPrepared = pairs > 0 ? prepareRun(head.segments.slice(0, pairs)) : undefined;
  const diffs =
    preparedBase !== undefined && headPrepared !== undefined ? pairDifferences(headPrepared, preparedBase) : undefined;
  // Fewer blocks than the bootstrap needs (a `segment` set long for a short run): the per-pair test.
  const blocks =
    duet && preparedBase !== undefined && headPrepared !== undefined && pairs >= MIN_BLOCKS
      ? pairedBlockTests(headPrepared, preparedBase, { seed: deriveSeed(input.seed ?? DEFAULT_AB_SEED, head.name) })
      : undefined;
  const baseQuantileMs = (percentile: number): number =>
    preparedBase === undefined
      ? NaN
      : quantileUs(preparedBase, new Float64Array(preparedBase.segments).fill(1), percentile) / 1000;
  const blockRequests = blocks !== undefined ? medianBlockRequests(headPrepared, preparedBase) : undefined;
  const drafts: Draft[] = [];
  const isOpen = OPEN_EXECUTORS.has(head.executor);
  // In duet the two requests of a pair leave at one intended instant and are timed from it, so a
  // generator that fell behind made both late by the same delay: the pair still compares like
  // with like, and the delay only dilutes the change towards zero. That is no reason to hold a
  // latency verdict back, as it is when the lag fell on one run (stored modes) or one slot
  // (alternate). The rate check keeps its own guard.
  const sharedLag = input.current.ab?.schedule === 'duet' && (head.generator.saturated || base.generator.saturated);
  if (sharedLag) notes.push(sharedLagNote(head, base));
  const spreads: { metric: MetricName; spread: ProcessSpread; decides: boolean }[] = [];
  const thinProcesses: MetricName[] = [];
  for (const metric of compare.metrics) {
    // Only a capacity scenario has a capacity (above).
    if (metric === 'capacity') continue;
    // A flow step's rate is its flow's (each iteration sends every step once): judged there.
    if (metric === 'rps' && head.flow) continue;
    const minEffect = minEffectFor(compare, metric, 'ab');
    if (metric === 'rps' && isOpen) {
      drafts.push(pairedRateCheck(head, base, diffs?.rps ?? [], minEffect, blocks?.tests.rps));
      continue;
    }
    const guards: Reason[] = [];
    const add = (guard: Reason | undefined): void => {
      if (guard !== undefined) guards.push(guard);
    };
    if (pairs < MIN_PAIRS) {
      guards.push({ kind: 'too-few-pairs', pairs, needed: MIN_PAIRS });
    }
    add(
      tailGuard(metric, [
        { run: 'head', okRequests: head.requests.ok },
        { run: 'base', okRequests: base.requests.ok },
      ]),
    );
    if (!sharedLag) add(saturationGuard(head, 'head'));
    // A generator behind in the base's slots alone: as against a stored baseline (guards.ts).
    const baseLag = sharedLag ? {} : baselineLag(base, head, 'base');
    add(baseLag.guard);
    const overBlockPairs = blocks !== undefined && diffs !== undefined && blockPairsCarry(metric, blockRequests);
    const test =
      blocks !== undefined
        ? overBlockPairs
          ? trimmedPairedTest(diffs![metric as LatencyMetric])
          : blocks.tests[metric]
        : diffs === undefined
          ? undefined
          : metric === 'error_rate'
            ? pairedTTest(diffs.error_rate, SHARE_SD_FLOOR)
            : trimmedPairedTest(diffs[metric]);
    const spread = metric in LATENCY_PERCENTILES ? processSpread(head, base, metric as LatencyMetric) : undefined;
    const judged = test === undefined ? undefined : withProcessSpread(test, spread);
    // The processes' spread set the standard error, not only its degrees of freedom.
    const decides =
      spread !== undefined && judged !== undefined && test !== undefined && judged.standardError > test.standardError;
    // Without a request-level test there is nothing the processes' spread could weigh against.
    if (spread !== undefined && test !== undefined) spreads.push({ metric, spread, decides });
    // Processes were booted but too few of them answered enough requests for this percentile.
    else if (
      spread === undefined &&
      test !== undefined &&
      metric in LATENCY_PERCENTILES &&
      (head.processes?.length ?? 0) > 1 &&
      (base.processes?.length ?? 0) > 1
    )
      thinProcesses.push(metric);
    const draft = fromTest(metric, head, base, judged, minEffect, guards);
    if (blocks !== undefined && test !== undefined) draft.comparison.dfGrowth = overBlockPairs ? 1 : 2 / 3;
    // The degrees of freedom are the processes': a longer run leaves them as they are.
    if (judged !== test) draft.comparison.dfGrowth = 0;
    if (decides)
      draft.comparison.processes = {
        head: spread.head.length,
        base: spread.base.length,
        sd: spread.sd,
        requestStandardError: test.standardError,
      };
    if (duet && metric in LATENCY_PERCENTILES && diffs !== undefined) {
      // The per-block log ratios the pairs' test reads.
      const gross = pairedGrossShift(diffs[metric as LatencyMetric], MIN_BLOCKS);
      if (gross !== undefined) draft.pairedGross = gross;
    }
    // After the test: the guard weighs the change against what the error move can explain.
    add(
      populationGuard(metric, head.errorRate, base.errorRate, {
        change: draft.comparison.change,
        quantileMs: baseQuantileMs,
      }),
    );
    if (outOfReach(metric, guards, head, base, isOpen)) draft.comparison.outsideFamily = true;
    if (baseLag.hold) draft.holds = [baseLag.hold];
    drafts.push(draft);
    if (metric === 'error_rate' || test === undefined) continue;
    // A shared lag dilutes a change (the delay is in both variants): a regression stays one, a
    // "no change" may be a diluted reading.
    if (sharedLag) draft.holds = [{ reason: { kind: 'shared-lag' }, verdicts: ['no change'] }];
    const burstHold = metric in LATENCY_PERCENTILES ? sharedBurstHold(draft.comparison, minEffect, burst) : undefined;
    if (burstHold !== undefined && !sharedLag) draft.holds = [...(draft.holds ?? []), burstHold];
    // Alternate had a second test per percentile, the pooled change with a leave-one-pair-out
    // jackknife: anti-conservative at 12 pairs (it made 12 of 15 A/A false regressions in an
    // audit), so alternate now rests on the trimmed test alone.
  }
  if (spreads.length > 0) notes.push(processSpreadNote(spreads));
  if (thinProcesses.length > 0)
    notes.push(
      `${thinProcesses.join(', ')}: fewer than two processes of a variant answered the ${thinProcesses
        .map((metric) =>
          Math.ceil(processRequestsNeeded(LATENCY_PERCENTILES[metric as LatencyMetric])).toLocaleString('en-US'),
        )
        .join(
          ', ',
        )} requests each that reading a process's own ${thinProcesses.length === 1 ? 'percentile' : 'percentiles'} takes, so ${thinProcesses.length === 1 ? 'it was' : 'they were'} tested on the requests alone, without the spread between processes (a longer window or fewer processes gives each more).`,
    );
  return drafts;
}

/** What the processes of each variant said, and which percentiles their spread decided. */
function processSpreadNote(spreads: { metric: MetricName; spread: ProcessSpread; decides: boolean }[]): string {
  const { head, base } = spreads[0]!.spread;
  const figures = spreads.map(({ metric, spread }) => `${metric} ±${(Math.expm1(spread.sd) * 100).toFixed(1)}%`);
  const decided = spreads.filter((entry) => entry.decides);
  return (
    `Each variant ran in several processes (compare.processes; here ${head.length} of the head's and ${base.length} of the base's answered enough requests). ` +
    `One process's reading differed from its variant's by ${figures.join(', ')} (sd). ` +
    `Each change is tested by a t with the processes' ${spreads[0]!.spread.df} degrees of freedom, since they are all this run knows of how far processes of one build differ. ` +
    (decided.length === 0
      ? "Its standard error is the requests' own: the processes differed no more than their requests explain."
      : `For ${decided.map((entry) => entry.metric).join(', ')} the processes differed more than their requests explain, so the standard error is their spread: a longer run narrows the part of it that each process's few requests make, more processes the rest.`)
  );
}

/**
 * Whether this run's design, not its latencies, leaves a test no verdict to reach, so that it
 * spends none of Holm's α (decide.ts): a percentile whose tail is thin in both variants of an
 * open-model run (the requests beyond it are the arrival rate × the window, whatever the
 * latencies; in a closed model a slower variant sends fewer, so which runs are thin says something
 * of the change), or an error rate with no error in either variant. Both conditions read the two
 * variants alike, so leaving a test out says nothing of which one is slower.
 */
function outOfReach(
  metric: MetricName,
  guards: Reason[],
  head: ScenarioResult,
  base: ScenarioResult,
  isOpen: boolean,
): boolean {
  if (metric === 'error_rate') return head.requests.ko === 0 && base.requests.ko === 0;
  const thin = guards.find((guard) => guard.kind === 'thin-tail');
  return isOpen && thin !== undefined && thin.kind === 'thin-tail' && thin.runs.length === 2;
}

/**
 * Requests a block must hold, at the median, for its own percentile to be a paired observation:
 * ten beyond the percentile (20 for p50, 100 for p90). Where blocks hold that many, a percentile is
 * tested by Yuen's trimmed t over the per-block log ratios, as alternate's slots are: each block
 * compares head and base at one moment, so a level shift both variants share (a neighbour taking a
 * core) cancels inside it, where the pooled percentile of a run whose latencies the shift made
 * bimodal swings with the mixture when the percentile falls between the modes. On real duet runs of
 * a Python service at 150/s (bench/ab/block-pairs.ts) the per-block test's p50 standard error was a
 * third to a half of the pooled bootstrap's, at 16–65 df instead of 3–15. The tail percentiles,
 * whose blocks hold too few requests beyond them, keep the bootstrap of the pooled values.
 */
const REQUESTS_BEYOND_PER_BLOCK = 10;

/** The requests a block holds at the median, the smaller of the two runs' (once per scenario: the
 * metrics' checks below all read it). */
function medianBlockRequests(head: PreparedRun | undefined, base: PreparedRun | undefined): number | undefined {
  if (head === undefined || base === undefined) return undefined;
  const median = (run: PreparedRun): number => {
    const sorted = [...run.recorded].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  return Math.min(median(head), median(base));
}

function blockPairsCarry(metric: MetricName, blockRequests: number | undefined): boolean {
  if (!(metric in LATENCY_PERCENTILES) || blockRequests === undefined) return false;
  const needed = REQUESTS_BEYOND_PER_BLOCK / (1 - LATENCY_PERCENTILES[metric as LatencyMetric] / 100);
  return blockRequests >= needed;
}

function sharedLagNote(head: ScenarioResult, base: ScenarioResult): string {
  const reasons = [...new Set([...head.generator.reasons, ...base.generator.reasons])];
  return (
    `The load generator fell behind its schedule${reasons.length > 0 ? ` (${reasons.join('; ')})` : ''}. In duet it held both variants' requests back together, ` +
    'so the latencies are still compared pair by pair; the delay is in both and mostly dilutes a change towards zero, so a regression or an improvement still counts but "no change" is held back. A quieter runner or a lower rate measures the service more closely.'
  );
}

export function comparePaired(input: CompareInput): Comparison {
  const { current } = input;
  const ab = current.ab;
  if (ab === undefined)
    throw new Error(
      'comparePaired needs results that carry the base variant (`ab`); use compareRuns for a stored baseline',
    );
  // A base that could not serve is no reference (base-usable.ts).
  refuseUnusableBase(current);
  const { scenarios, drafts, notes } = compareScenarios(
    current.scenarios,
    ab.base.scenarios,
    input.thresholds,
    {
      newInCurrent: 'New in the head: the base has no such scenario, so it is judged on thresholds alone.',
      missing: (name) => `Scenario ${name} is in the base but not in the head: it was not compared.`,
    },
    (head, base, scenarioNotes) => compareScenarioPaired(input, head, base, scenarioNotes),
  );
  const pairCount = Math.max(
    0,
    ...scenarios.map((s) => (s.baseline ? Math.min(s.current.segments.length, s.baseline.segments.length) : 0)),
  );

  // Holm over every test of the run, each test's MDE at the family's size, each verdict: as in the
  // stored modes.
  decideLook(drafts, input);
  const tested = drafts.filter((draft) => draft.comparison.pValue !== undefined);

  // The "base vs head, same runner, <schedule>" line is the renderers' (from comparison.ab); this
  // says how the pairs were made and tested.
  notes.push(
    ab.schedule === 'duet'
      ? `${scheduleWords(ab)}. Each change is the whole-run one (the ratio of the pooled values shown), its uncertainty from a paired block bootstrap over the run's short time blocks (the same blocks resampled for head and base, so what the runner did to both cancels), except for a percentile whose blocks hold ten requests beyond it (p50 from 20 a block): that change is the 20%-trimmed mean of the per-block head-to-base log ratios, tested by Yuen's paired t, so a level shift both variants share cancels inside each block (it is usually within a point of the ratio of the whole-run values shown, and further where bursts slowed one variant more than the other; the sentence then says so); Holm over the ${tested.length} tests of the run.`
      : `${scheduleWords(ab)}. Each change is the 20%-trimmed mean over the segment pairs of the head-to-base log ratio (so it can differ from the ratio of the whole-run values shown, usually by a point: a pair that one variant's stall spoiled does not move it), tested by Yuen's paired t; Holm over the ${tested.length} tests of the run.`,
  );
  const summary: NonNullable<Comparison['ab']> = { schedule: ab.schedule, pairs: pairCount };
  if (ab.base.git?.commit !== undefined) summary.baseCommit = ab.base.git.commit;
  return {
    ...tallyVerdicts(drafts, input.thresholds),
    mode: 'ab',
    ab: summary,
    // The base variant is this run's baseline, and it is here: a missing stored baseline is no
    // concern of an A/B verdict (the default branch still saves one).
    baselineStatus: { kind: 'ok' },
    current,
    scenarios,
    notes,
  };
}
