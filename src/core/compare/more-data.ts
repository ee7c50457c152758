// What more data can do, for the judgement over looks (sequential.ts) and compare.detect: the
// reasons a longer window removes, and whether a metric whose MDE is above its compare.detect
// target would reach it with more data, with how much (docs/design/statistics.md "Sizing a run").
import { DEFAULT_DETECT } from '../config/defaults.js';
import { formatMdeValue } from '../figures.js';
import { MIN_BLOCKS } from '../stats/block-bootstrap.js';
import { tQuantile, tUpperTail } from '../stats/t-distribution.js';
import { mdeAtCritical } from '../stats/variance-model.js';
import type { Comparison, MetricComparison, Reason } from '../types/comparison.js';
import type { CompareConfig } from '../types/config.js';
import { magnitudeAsChange, minEffectOnScale } from './shared.js';

/** Inconclusive for lack of data: reasons that a longer window can remove. Anything else (the
 * generator fell behind, other work, the error mix, another environment, the prior) it cannot. */
export const DATA_REASONS = new Set<Reason['kind']>([
  'not-significant',
  'interval-past-min-effect',
  'below-min-effect',
  'too-few-pairs',
  'too-few-segments',
  'thin-tail',
]);

/**
 * compare.detect as a run uses it. Unset in an A/B run: DEFAULT_DETECT (p50 5%, p95 10%), because
 * there a longer window shrinks every MDE, and a PASS whose p95 could not see 20% says little (the
 * extension stays within compare.extend's budget). Unset in stored mode: none (a longer run does
 * not shrink the run-to-run noise its MDE is made of). `detect: off` (an empty target set): none.
 */
export function detectFor(compare: Pick<CompareConfig, 'detect'>, ab: boolean): CompareConfig['detect'] {
  if (compare.detect !== undefined) return Object.keys(compare.detect).length > 0 ? compare.detect : undefined;
  return ab ? DEFAULT_DETECT : undefined;
}

/** compare with its detect resolved (detectFor) for an A/B run or not. */
export function withResolvedDetect<T extends Pick<CompareConfig, 'detect'>>(compare: T, ab: boolean): T {
  const detect = detectFor(compare, ab);
  const { detect: _unset, ...rest } = compare;
  return (detect === undefined ? rest : { ...rest, detect }) as T;
}

/** An MDE or a compare.detect target as the notes print it: 7.1%, 0.50 points, over 1000%. */
export function detectFigure(metric: Pick<MetricComparison, 'metric'>, x: number): string {
  if (metric.metric === 'error_rate') return `${(x * 100).toFixed(2)} points`;
  return x > 10 ? 'over 1000%' : `${Number((x * 100).toPrecision(2))}%`;
}

/** compare.detect's target for a metric, when the config sets one. */
function detectTarget(metric: MetricComparison, detect: CompareConfig['detect']): number | undefined {
  return detect?.[metric.metric];
}

/**
 * A metric whose MDE is above compare.detect's target and whose verdict more data could still
 * sharpen: a regression or an improvement is decided (and final), whatever its MDE.
 */
export function underpowered(metric: MetricComparison, detect: CompareConfig['detect']): boolean {
  const target = detectTarget(metric, detect);
  const mde = metric.minDetectableEffect;
  if (target === undefined || mde === undefined || !Number.isFinite(mde)) return false;
  return metric.verdict !== 'regression' && metric.verdict !== 'improvement' && mde > target;
}

/** "p50 of api ±7.1% (target 5%)" for every metric that did not reach compare.detect. */
export function withDetectNote(comparison: Comparison, compare: Pick<CompareConfig, 'detect'>): Comparison {
  if (compare.detect === undefined || comparison.mode === 'thresholds-only') return comparison;
  const metrics = comparison.scenarios.flatMap((scenario) => scenario.metrics);
  const targeted = metrics.filter((metric) => detectTarget(metric, compare.detect) !== undefined);
  if (targeted.length === 0) return comparison;
  const short = targeted.filter((metric) => underpowered(metric, compare.detect));
  // The targets an A/B run takes by itself (detectFor) are named as such: the config has no
  // compare.detect to point at.
  const label =
    compare.detect === DEFAULT_DETECT ? 'A/B targets (p50 5%, p95 10%; compare.detect sets others)' : 'compare.detect';
  if (short.length === 0)
    return {
      ...comparison,
      notes: [
        ...comparison.notes,
        `${label}: every targeted metric could see its change (MDE at or below the target).`,
      ],
    };
  const couldSee = (metric: MetricComparison): string =>
    // The MDE as the table's MDE cell prints it (an asymmetric one as −77%/+336%), not a figure of
    // its own beside it.
    `${metric.metric} of ${metric.scenario} could see ${formatMdeValue(metric)}, not the ${detectFigure(metric, detectTarget(metric, compare.detect)!)} it targets`;
  // A metric whose spread between processes (compare.processes) is mostly how far they differ is
  // not helped by a longer window: telling the user to run longer there contradicted the reason
  // printed above the note.
  // Nor is a stored comparison's, whose MDE is the runner-to-runner noise: the same contradiction.
  const offsets = (metric: MetricComparison): boolean =>
    offsetsKeepAbove(metric, detectTarget(metric, compare.detect)!);
  const spread = short.filter(offsets);
  const runNoise = short.filter((metric) => !offsets(metric) && runToRunNoise(metric));
  const longer = short.filter((metric) => !offsets(metric) && !runToRunNoise(metric));
  const advice = [
    ...(longer.length > 0
      ? [
          `${longer.map(couldSee).join('; ')}. A longer window or a larger compare.extend.maxDuration sees more (\`perfgate plan\` on these results says how long).`,
        ]
      : []),
    ...(spread.length > 0 ? [`${spread.map(couldSee).join('; ')}: ${PROCESS_SPREAD_WHY}.`] : []),
    ...(runNoise.length > 0 ? [`${runNoise.map(couldSee).join('; ')}: ${RUN_NOISE_WHY}.`] : []),
  ];
  return { ...comparison, notes: [...comparison.notes, `${label}: ${advice.join(' ')}`] };
}

/** Why more data would not bring a metric's MDE down to compare.detect's target; undefined when
 * it would. */
export function whyNotDetect(
  metric: MetricComparison,
  paired: boolean,
  detect?: CompareConfig['detect'],
): string | undefined {
  const target = detect?.[metric.metric];
  if (target !== undefined && target <= metric.minEffect)
    return 'its compare.detect target is not above its minimum effect, which a change must reach to be called';
  const blocking = metric.reasons.find((reason) => !DATA_REASONS.has(reason.kind) && reason.kind !== 'real-but-small');
  if (blocking !== undefined) return `held back for a reason more data does not change (${blocking.kind})`;
  if (!paired && runToRunNoise(metric)) return RUN_NOISE_WHY;
  if (target !== undefined && offsetsKeepAbove(metric, target)) return PROCESS_SPREAD_WHY;
  if (metric.standardError === undefined) return 'no standard error to scale';
  return undefined;
}

/** A stored comparison's latency or rate: its MDE is mostly the runner-to-runner noise (the prior
 * or the history's spread), not this run's own sampling. */
function runToRunNoise(metric: MetricComparison): boolean {
  return metric.metric !== 'error_rate' && (metric.method === 'bootstrap' || metric.method === 'history');
}

const RUN_NOISE_WHY = 'its MDE is the run-to-run noise, which a longer run does not shrink (A/B mode does)';

/** A metric whose test the spread between the variants' processes decided (compare.processes),
 * where what a longer run would leave of it is mostly how far the processes differ. */
export const PROCESS_SPREAD_WHY =
  "its uncertainty is mostly how far the variants' processes differ, which a longer run does not narrow (more processes do)";

/** As much more data as a limit needs: what no budget reaches. */
const UNBOUNDED_GROWTH = 1e6;

/**
 * compare.processes: however long the run, the processes' own offsets stay (standardErrorAt), so
 * a metric whose MDE they keep above `target` is brought nearer by more processes alone.
 */
export function offsetsKeepAbove(metric: MetricComparison, target: number): boolean {
  if (metric.processes === undefined) return false;
  // The processes' degrees of freedom do not grow with the run (paired.ts: dfGrowth 0).
  const limit = metric.standardError === undefined ? undefined : mdeScaler(metric, 0)?.(UNBOUNDED_GROWTH);
  return limit === undefined || limit > target;
}

/**
 * The standard error with `growth` times this look's data. A request-level test's shrinks as
 * 1/√growth. One the spread between processes set (compare.processes) is two parts: each
 * process's few requests, which more of them shrink as the requests' own test does (the spread of
 * k processes' percentiles read from their requests alone is, in expectation, that test's
 * variance), and the processes' own offsets, the excess over it, which stay whatever the length.
 * A Flask service at 8 processes × 19 requests/s read p95 per process at 7–10% sd, about what its
 * ~300 requests each give by sampling alone: a longer run narrows that, and the planner must say so.
 */
export function standardErrorAt(
  metric: Pick<MetricComparison, 'standardError' | 'processes'>,
  growth: number,
): number | undefined {
  const se = metric.standardError;
  if (se === undefined) return undefined;
  const { shrinks, stays } = varianceParts(se, metric.processes);
  return Math.sqrt(stays + shrinks / growth);
}

/** Whether what `growth` times the data would leave of a metric's variance is mostly the
 * processes' own offsets (compare.processes), so that a longer run is not the remedy. */
export function spreadBound(metric: Pick<MetricComparison, 'standardError' | 'processes'>, growth: number): boolean {
  if (metric.processes === undefined) return false;
  // Without its standard error (results from before it was kept) it is all the processes'.
  if (metric.standardError === undefined) return true;
  const { shrinks, stays } = varianceParts(metric.standardError, metric.processes);
  return stays >= shrinks / growth;
}

function varianceParts(
  standardError: number,
  processes: MetricComparison['processes'],
): { shrinks: number; stays: number } {
  const total = standardError ** 2;
  if (processes === undefined) return { shrinks: total, stays: 0 };
  const requests = processes.requestStandardError;
  if (requests === undefined) return { shrinks: 0, stays: total };
  const shrinks = Math.min(total, requests ** 2);
  return { shrinks, stays: total - shrinks };
}

/**
 * How a test's degrees of freedom grow with g times the data, as the exponent of g. The duet block
 * bootstrap's are its independent groups of blocks less one, and its block length grows as the
 * cube root of the blocks (⌈n^⅓⌉, block-bootstrap.ts): g^⅔ as many groups. A per-pair or
 * per-segment test (alternate's Yuen t, a duet run of fewer blocks than the bootstrap needs, the
 * stored modes) gains a degree of freedom per pair or segment: g-fold.
 */
export function dfExponent(comparison: Pick<Comparison, 'mode' | 'ab'>, metric?: { dfGrowth?: number }): number {
  if (metric?.dfGrowth !== undefined) return metric.dfGrowth;
  return comparison.mode === 'ab' && comparison.ab?.schedule === 'duet' && comparison.ab.pairs >= MIN_BLOCKS
    ? 2 / 3
    : 1;
}

/** The degrees of freedom with `growth` times the data: (df + 1) groups grow as growth^exponent. */
export function grownDf(df: number, growth: number, exponent: number): number {
  return Math.max(df, (df + 1) * growth ** exponent - 1);
}

/** Each MDE is a bisection of its own over the power's integral: 36 halvings leave ~1e-11 of it. */
const SCALE_ITERATIONS = 36;

/**
 * The root of a rising `f` in [low, high] (f(low) ≤ 0 ≤ f(high)), by regula falsi with the Illinois
 * halving: a handful of evaluations where a bisection to the same 1e-9 takes thirty, which counts
 * when each is an MDE's own bisection.
 */
export function solveRising(f: (x: number) => number, low: number, high: number): number {
  let fLow = f(low);
  let fHigh = f(high);
  if (!(fLow < 0)) return low;
  if (!(fHigh > 0)) return high;
  let side = 0;
  for (let i = 0; i < 60 && high - low > 1e-9 * Math.max(1, Math.abs(high)); i++) {
    const x = (low * fHigh - high * fLow) / (fHigh - fLow);
    const fx = f(x);
    if (fx > 0) {
      high = x;
      fHigh = fx;
      if (side === 1) fLow /= 2;
      side = 1;
    } else {
      low = x;
      fLow = fx;
      if (side === -1) fHigh /= 2;
      side = -1;
    }
    if (fx === 0) return x;
  }
  return high;
}

/**
 * A metric's MDE with more data, as a change: `(growth, tailFactor)` → the MDE with `growth` times
 * the data, tested at `tailFactor` times the tail probability it was tested at. The critical t is
 * read back from the MDE, standard error, degrees of freedom and minimum effect the comparison gave
 * (whatever share of α and family size they came from), then the MDE is computed again as the
 * comparison computes it (variance-model.ts: the noncentral t, with the minimum effect) at the
 * standard error / √growth and the grown degrees of freedom. The minimum effect does not shrink:
 * with ample data the MDE falls towards it, not towards 0 (at the block bootstrap's small standard
 * errors it is most of the MDE). Without a standard error or degrees of freedom: the plain 1/√g.
 * Undefined without an MDE.
 */
export function mdeScaler(
  metric: MetricComparison,
  exponent: number,
): ((growth: number, tailFactor?: number) => number) | undefined {
  const mde = metric.minDetectableEffect;
  if (mde === undefined || !Number.isFinite(mde)) return undefined;
  const se = metric.standardError;
  const df = metric.df;
  if (se === undefined || !(se > 0) || df === undefined || !(df > 0))
    return (growth) => (growth <= 1 ? mde : mde / Math.sqrt(growth));
  const minEffect = minEffectOnScale(metric.metric, metric.minEffect);
  const magnitude = minEffectOnScale(metric.metric, mde);
  // The MDE rises with the critical t: bisect for the one that gives the comparison's MDE.
  const at = (critical: number) => mdeAtCritical(se, df, critical, minEffect, SCALE_ITERATIONS);
  let high = Math.max(1, magnitude / se);
  while (at(high) < magnitude && high < 1e6) high *= 2;
  const critical = solveRising((c) => at(c) - magnitude, 0, high);
  const tail = tUpperTail(critical, df);
  return (growth, tailFactor = 1) => {
    if (growth <= 1 && tailFactor === 1) return mde;
    const grown = grownDf(df, Math.max(1, growth), exponent);
    const critical = tQuantile(1 - tail * tailFactor, grown);
    return magnitudeAsChange(
      metric.metric,
      mdeAtCritical(standardErrorAt(metric, growth)!, grown, critical, minEffect, SCALE_ITERATIONS),
    );
  };
}

/**
 * How many times this look's data a metric needs for its MDE to reach compare.detect's target at
 * the next look: the MDE scaled as mdeScaler does, with the next look's (smaller) share of α.
 * Bisected: the MDE falls as the data grows.
 */
export function growthToDetect(
  metric: MetricComparison,
  compare: CompareConfig,
  shares: number[],
  look: number,
  exponent: number,
): number {
  const target = detectTarget(metric, compare.detect);
  const scaled = mdeScaler(metric, exponent);
  if (target === undefined || scaled === undefined || !(target > 0)) return 1;
  const share = shares[look] ?? 1;
  const nextShare = shares[look + 1] ?? share;
  const mdeAt = (growth: number) => scaled(growth, nextShare / share);
  let low = 1;
  let high = 1;
  while (mdeAt(high) > target && high < MAX_DETECT_GROWTH) {
    low = high;
    high *= 2;
  }
  if (mdeAt(high) > target) return high;
  return low === high ? high : solveRising((growth) => target - mdeAt(growth), low, high);
}

/** Past this many times the data, a target is out of any budget's reach: the step takes its share. */
const MAX_DETECT_GROWTH = 1024;
