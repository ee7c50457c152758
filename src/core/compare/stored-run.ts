// The no-history test: the current run against the one stored run. Each run's within-run error
// comes from its segment block bootstrap; one stored run says nothing about runner-to-runner
// noise, so the between-run part of the variance is the documented prior (compare.runnerNoise).
import {
  bootstrapTwoRuns,
  effectOf,
  prepareRun,
  quantileUs,
  type BootstrapEffect,
  type TwoRunBootstrap,
} from '../stats/bootstrap.js';
import { PRIOR_ROBUSTNESS, testTwoRuns, WITHIN_VARIANCE_INFLATION } from '../stats/variance-model.js';
import { deriveSeed } from '../stats/prng.js';
import type { MetricComparison, Reason } from '../types/comparison.js';
import type { ScenarioResult } from '../types/results.js';
import type { RunContention } from '../contention.js';
import { baselineLag, contentionGuard, environmentGuard, populationGuard, tailGuard } from './guards.js';
import { generatorGuard } from './generator-bound.js';
import { MIN_SEGMENTS } from '../config/defaults.js';
import {
  onDefaultPrior,
  runnerNoise,
  scenarioValue,
  toChange,
  type Context,
  type Draft,
  type SegmentMetric,
} from './shared.js';

/** One bootstrap per scenario, run on first use and shared by its metrics. */
export function lazyBootstrap(
  ctx: Context,
  current: ScenarioResult,
  base: ScenarioResult,
): () => TwoRunBootstrap | undefined {
  let boot: TwoRunBootstrap | undefined;
  let ready = false;
  return () => {
    if (!ready) {
      ready = true;
      if (current.segments.length >= MIN_SEGMENTS && base.segments.length >= MIN_SEGMENTS) {
        boot = bootstrapTwoRuns(prepareRun(base.segments), prepareRun(current.segments), {
          replicates: ctx.replicates,
          seed: deriveSeed(ctx.seed, current.name),
        });
      }
    }
    return boot;
  };
}

/** The guards of the stored-run test, then its draft. */
export function compareWithStoredRun(
  ctx: Context,
  metric: SegmentMetric,
  current: ScenarioResult,
  base: ScenarioResult,
  boot: TwoRunBootstrap | undefined,
  contention: { current: RunContention; base: RunContention },
): Draft {
  const guards: Reason[] = [];
  const add = (guard: Reason | undefined): void => {
    if (guard !== undefined) guards.push(guard);
  };
  if (current.segments.length < MIN_SEGMENTS || base.segments.length < MIN_SEGMENTS) {
    guards.push({
      kind: 'too-few-segments',
      current: current.segments.length,
      baseline: base.segments.length,
      needed: MIN_SEGMENTS,
    });
  }
  add(
    tailGuard(metric, [
      { run: 'current', okRequests: current.requests.ok },
      { run: 'baseline', okRequests: base.requests.ok },
    ]),
  );
  if (ctx.environmentDiffers)
    add(environmentGuard(ctx.baseline.results.environment.fingerprint, ctx.input.current.environment.fingerprint));
  const draft = fromBootstrap(ctx, metric, current, base, boot, guards);
  // Against the prior alone a verdict stands only if a runner PRIOR_ROBUSTNESS times as noisy could
  // not have made it (decide.ts): so the change must be beyond the generator on that interval too.
  const robust = draft.priorOnly === true ? draft.robust?.interval : undefined;
  add(
    generatorGuard({
      comparison: draft.comparison,
      current,
      contention: { current: contention.current, past: contention.base },
      ...(robust ? { gatingInterval: [toChange(metric, robust[0]), toChange(metric, robust[1])] as const } : {}),
    }),
  );
  const lag = baselineLag(base, current, 'baseline');
  add(lag.guard);
  if (lag.hold) draft.holds = [lag.hold];
  add(
    populationGuard(metric, current.errorRate, base.errorRate, {
      change: draft.comparison.change,
      quantileMs: (percentile) => {
        const run = prepareRun(base.segments);
        return run.segments > 0 ? quantileUs(run, new Float64Array(run.segments).fill(1), percentile) / 1000 : NaN;
      },
    }),
  );
  add(
    contentionGuard({
      comparison: draft.comparison,
      current: contention.current,
      past: contention.base,
      pastRun: 'baseline',
      latencyMs: { past: base.latencyMs.p50, current: current.latencyMs.p50 },
    }),
  );
  return draft;
}

/** Block-bootstrap variance has about one degree of freedom per block, less the mean. */
function withinDf(segments: number, blockLength: number): number {
  return Math.max(1, segments / Math.max(1, blockLength) - 1);
}

/** The error rate's within-run variance is at least the binomial one under no change (pooled
 * rate), so two runs without a single error in a segment resample still have a variance. */
function binomialVariance(current: ScenarioResult, base: ScenarioResult): { current: number; baseline: number } {
  const total = current.requests.total + base.requests.total;
  const pooled = total > 0 ? (current.requests.ko + base.requests.ko) / total : 0;
  const spread = Math.max(pooled * (1 - pooled), 0.25 / Math.max(1, total));
  return { current: spread / Math.max(1, current.requests.total), baseline: spread / Math.max(1, base.requests.total) };
}

function fromBootstrap(
  ctx: Context,
  metric: SegmentMetric,
  current: ScenarioResult,
  base: ScenarioResult,
  boot: TwoRunBootstrap | undefined,
  guards: Reason[],
): Draft {
  const { compare } = ctx.input;
  const effect: BootstrapEffect | undefined = boot?.effects[metric];
  const comparison: MetricComparison = {
    scenario: current.name,
    metric,
    baseline: boot?.baseline[metric] ?? scenarioValue(base, metric),
    current: boot?.current[metric] ?? scenarioValue(current, metric),
    change: NaN,
    method: effect === undefined ? 'none' : 'bootstrap',
    minEffect: compare.minEffect[metric],
    verdict: 'inconclusive',
    reasons: [],
  };
  if (effect === undefined || boot === undefined) {
    if (guards.length === 0) guards.push({ kind: 'no-successful-requests' });
    const values = effectOf(metric, comparison.current, comparison.baseline);
    if (Number.isFinite(values)) comparison.change = toChange(metric, values);
    return { comparison, guards };
  }
  let within = {
    current: WITHIN_VARIANCE_INFLATION * effect.withinVariance.current,
    baseline: WITHIN_VARIANCE_INFLATION * effect.withinVariance.baseline,
  };
  if (metric === 'error_rate') {
    const floor = binomialVariance(current, base);
    within = { current: Math.max(within.current, floor.current), baseline: Math.max(within.baseline, floor.baseline) };
  }
  const withinParts = [
    { variance: within.current, df: withinDf(boot.segments.current, boot.blockLength.current) },
    { variance: within.baseline, df: withinDf(boot.segments.baseline, boot.blockLength.baseline) },
  ];
  const test = testTwoRuns({ effect: effect.effect, within: withinParts, betweenSd: runnerNoise(compare, metric) });
  comparison.change = toChange(metric, effect.effect);
  comparison.changeInterval = [toChange(metric, test.interval[0]), toChange(metric, test.interval[1])];
  if (Number.isFinite(test.pValue)) comparison.pValue = test.pValue;
  // The error rate's test rests on its binomial within-run error (the prior only floors it at 0.1
  // points, and a slower runner does not make errors), so it still gates; timings gate only through
  // the test against a runner PRIOR_ROBUSTNESS times as noisy as the prior (decide.ts).
  const priorOnly = metric !== 'error_rate' && onDefaultPrior(compare, metric);
  const draft: Draft = { comparison, guards, power: { standardError: test.standardError, df: test.df }, priorOnly };
  if (priorOnly) draft.robust = robustTest(effect.effect, withinParts, runnerNoise(compare, metric));
  return draft;
}

/** The same test with the between-run sd PRIOR_ROBUSTNESS times the prior (Draft.robust). */
export function robustTest(
  effect: number,
  within: { variance: number; df: number }[],
  prior: number,
): NonNullable<Draft['robust']> {
  const test = testTwoRuns({ effect, within, betweenSd: PRIOR_ROBUSTNESS * prior });
  return { pValue: test.pValue, interval: test.interval, factor: PRIOR_ROBUSTNESS, noise: PRIOR_ROBUSTNESS * prior };
}
