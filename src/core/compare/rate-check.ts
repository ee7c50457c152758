// The open-model rate check: in an open model the generator sets the rate, so throughput is
// judged by whether the service kept up with the intended rate, not by a test of rps.
import type { ScenarioResult } from '../types/results.js';
import type { Reason } from '../types/comparison.js';
import { otherLoadGuard, saturationGuard } from './guards.js';
import {
  onDefaultPrior,
  RATE_SHORTFALL,
  rateCheckComparison,
  runnerNoise,
  type Context,
  type Draft,
} from './shared.js';
import { testTwoRuns } from '../stats/variance-model.js';
import { robustTest } from './stored-run.js';

export function rateCheck(ctx: Context, current: ScenarioResult, base: ScenarioResult): Draft {
  const guards: Reason[] = [];
  const comparison = rateCheckComparison(current, base, ctx.input.compare.minEffect.rps);
  const rate = current.rate;
  if (rate === undefined || !(rate.intendedPerSec > 0)) {
    comparison.method = 'none';
    guards.push({ kind: 'no-intended-rate' });
    return { comparison, guards };
  }
  const share = rate.achievedPerSec / rate.intendedPerSec;
  if (share >= RATE_SHORTFALL) return { comparison, guards };
  const saturated =
    saturationGuard(current, 'current') ??
    otherLoadGuard('rps', -1, current.machine?.otherCores, base.machine?.otherCores, 'baseline');
  if (saturated !== undefined) {
    guards.push({ kind: 'rate-short-explained', share, intendedPerSec: rate.intendedPerSec, cause: saturated });
    return { comparison, guards };
  }
  const shortfall = {
    kind: 'service-fell-behind',
    share,
    intendedPerSec: rate.intendedPerSec,
    achievedPerSec: rate.achievedPerSec,
  } as const;
  const baseShare =
    base.rate !== undefined && base.rate.intendedPerSec > 0 ? base.rate.achievedPerSec / base.rate.intendedPerSec : 1;
  if (baseShare >= RATE_SHORTFALL) {
    comparison.verdict = 'regression';
    comparison.reasons.push(shortfall);
    return { comparison, guards };
  }
  // Both runs hit the service's capacity, so the rate is now the service's, as in a closed model,
  // and the two capacities are tested like any other metric: against the runner-to-runner noise
  // of rps (the counts of a whole run are precise; the runner's speed is not), through Holm.
  comparison.reasons.push({ ...shortfall, baselineShare: baseShare });
  const test = testTwoRuns({
    effect: Math.log(current.rps / base.rps),
    within: [],
    betweenSd: runnerNoise(ctx.input.compare, 'rps'),
  });
  comparison.changeInterval = [Math.expm1(test.interval[0]), Math.expm1(test.interval[1])];
  if (Number.isFinite(test.pValue)) comparison.pValue = test.pValue;
  // Against the prior alone: a warning, unless it holds against a runner PRIOR_ROBUSTNESS times as noisy.
  const priorOnly = onDefaultPrior(ctx.input.compare, 'rps');
  const draft: Draft = { comparison, guards, power: { standardError: test.standardError, df: test.df }, priorOnly };
  if (priorOnly) draft.robust = robustTest(Math.log(current.rps / base.rps), [], runnerNoise(ctx.input.compare, 'rps'));
  return draft;
}
