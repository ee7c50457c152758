// The no-history test: the current run against the one stored run, by segment block bootstrap,
// with the minimum effect raised to the noise floor since one stored run says nothing about
// runner-to-runner noise.
import { bootstrapTwoRuns, prepareRun, type BootstrapEffect, type TwoRunBootstrap } from '../stats/bootstrap.js';
import { deriveSeed } from '../stats/prng.js';
import type { MetricComparison, MetricName, ScenarioResult } from '../types.js';
import { environmentGuard, otherLoadGuard, populationGuard, saturationGuard, tailGuard } from './guards.js';
import { MIN_SEGMENTS, scenarioValue, toChange, type Context, type Draft } from './shared.js';

/** The noise floor on the log scale: a rise of `floor` or a fall of `floor`. */
function noiseMargin(floor: number): { up: number; down: number } {
  return { up: Math.log1p(floor), down: Math.log1p(-Math.min(floor, 0.99)) };
}

/** One bootstrap per scenario, run on first use and shared by its metrics. */
export function lazyBootstrap(ctx: Context, current: ScenarioResult, base: ScenarioResult): () => TwoRunBootstrap | undefined {
  let boot: TwoRunBootstrap | undefined;
  let ready = false;
  return () => {
    if (!ready) {
      ready = true;
      if (current.segments.length >= MIN_SEGMENTS && base.segments.length >= MIN_SEGMENTS) {
        boot = bootstrapTwoRuns(prepareRun(base.segments), prepareRun(current.segments), {
          replicates: ctx.replicates,
          seed: deriveSeed(ctx.seed, current.name),
          margin: noiseMargin(ctx.input.compare.noiseFloor),
        });
      }
    }
    return boot;
  };
}

/** The guards of the stored-run test, then its draft. */
export function compareWithStoredRun(
  ctx: Context,
  metric: MetricName,
  current: ScenarioResult,
  base: ScenarioResult,
  boot: TwoRunBootstrap | undefined,
): Draft {
  const guards: string[] = [];
  const add = (guard: string | undefined): void => {
    if (guard !== undefined) guards.push(guard);
  };
  if (current.segments.length < MIN_SEGMENTS || base.segments.length < MIN_SEGMENTS) {
    guards.push(`too few segments to resample (${current.segments.length} now, ${base.segments.length} in the baseline; needs ${MIN_SEGMENTS}): make the run longer or the segments shorter`);
  }
  add(tailGuard(metric, [{ who: 'the current run', okRequests: current.requests.ok }, { who: 'the baseline', okRequests: base.requests.ok }]));
  add(saturationGuard(current, 'the current run'));
  add(saturationGuard(base, 'the baseline'));
  add(populationGuard(metric, current.errorRate, base.errorRate));
  if (ctx.environmentDiffers) add(environmentGuard(ctx.baseline.results.environment.fingerprint, ctx.input.current.environment.fingerprint));
  const draft = fromBootstrap(ctx, metric, current, base, boot, guards);
  add(otherLoadGuard(metric, draft.comparison.change, current.machine?.otherCores, base.machine?.otherCores, 'the baseline'));
  return draft;
}

function fromBootstrap(
  ctx: Context,
  metric: MetricName,
  current: ScenarioResult,
  base: ScenarioResult,
  boot: TwoRunBootstrap | undefined,
  guards: string[],
): Draft {
  const { compare } = ctx.input;
  const raised = metric === 'error_rate' ? compare.minEffect[metric] : Math.max(compare.minEffect[metric], compare.noiseFloor);
  const effect: BootstrapEffect | undefined = boot?.effects[metric];
  const comparison: MetricComparison = {
    scenario: current.name,
    metric,
    baseline: boot?.baseline[metric] ?? scenarioValue(base, metric),
    current: boot?.current[metric] ?? scenarioValue(current, metric),
    change: NaN,
    method: effect === undefined ? 'none' : 'bootstrap',
    minEffect: raised,
    verdict: 'inconclusive',
    reasons: [],
  };
  if (effect === undefined) {
    if (guards.length === 0) guards.push('no successful requests to measure in one of the runs');
    comparison.change = toChange(metric, effectOfValues(metric, comparison.current, comparison.baseline));
    return { comparison, guards };
  }
  comparison.change = toChange(metric, effect.effect);
  comparison.changeInterval = [toChange(metric, effect.interval[0]), toChange(metric, effect.interval[1])];
  comparison.pValue = effect.pValue;
  // The test is against the floor, so what this run can detect starts at the floor.
  const floor = metric === 'error_rate' ? 0 : Math.log1p(compare.noiseFloor);
  comparison.minDetectableEffect = toChange(metric, floor + 4 * effect.standardError);
  return { comparison, guards };
}

function effectOfValues(metric: MetricName, current: number, baseline: number): number {
  return metric === 'error_rate' ? current - baseline : Math.log(current / baseline);
}
