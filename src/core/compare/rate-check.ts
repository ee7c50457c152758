// The open-model rate check: in an open model the generator sets the rate, so throughput is
// judged by whether the service kept up with the intended rate, not by a test of rps.
import { formatCount } from '../report/format.js';
import type { MetricComparison, ScenarioResult } from '../types.js';
import { otherLoadGuard, saturationGuard } from './guards.js';
import { formatPercent, RATE_SHORTFALL, type Context, type Draft } from './shared.js';

export function rateCheck(ctx: Context, current: ScenarioResult, base: ScenarioResult): Draft {
  const guards: string[] = [];
  const comparison: MetricComparison = {
    scenario: current.name,
    metric: 'rps',
    baseline: base.rps,
    current: current.rps,
    change: Math.expm1(Math.log(current.rps / base.rps)),
    method: 'rate-check',
    minEffect: ctx.input.compare.minEffect.rps,
    verdict: 'no change',
    reasons: [],
  };
  const rate = current.rate;
  if (rate === undefined || !(rate.intendedPerSec > 0)) {
    comparison.method = 'none';
    guards.push('an open-model run without an intended rate recorded: nothing to check the rate against');
    return { comparison, guards };
  }
  const share = rate.achievedPerSec / rate.intendedPerSec;
  if (share >= RATE_SHORTFALL) return { comparison, guards };
  const saturated =
    saturationGuard(current, 'the current run') ?? otherLoadGuard('rps', -1, current.machine?.otherCores, base.machine?.otherCores, 'the baseline');
  if (saturated !== undefined) {
    guards.push(`the achieved rate fell short (${formatPercent(share, false)} of ${formatCount(rate.intendedPerSec)} req/s) but ${saturated}`);
    return { comparison, guards };
  }
  const shortfall = `the service completed only ${formatPercent(share, false)} of the intended ${formatCount(rate.intendedPerSec)} req/s (${formatCount(rate.achievedPerSec)} req/s) while the generator kept its schedule`;
  const baseShare = base.rate !== undefined && base.rate.intendedPerSec > 0 ? base.rate.achievedPerSec / base.rate.intendedPerSec : 1;
  if (baseShare >= RATE_SHORTFALL) {
    comparison.verdict = 'regression';
    comparison.reasons.push(`${shortfall}: the service could not keep up, and the baseline did`);
    return { comparison, guards };
  }
  // Both runs hit the service's capacity, so the rate is now the service's, as in a closed model:
  // a failing gate needs the capacity to have fallen by more than the noise floor, since one
  // stored run says nothing of how much capacity varies between runners.
  comparison.reasons.push(`${shortfall}; the baseline fell short too (${formatPercent(baseShare, false)} of its intended rate), so the two capacities are compared`);
  const { noiseFloor } = ctx.input.compare;
  const minEffect = comparison.minEffect;
  if (comparison.change <= -noiseFloor) comparison.verdict = 'regression';
  else if (comparison.change >= noiseFloor) comparison.verdict = 'improvement';
  else if (Math.abs(comparison.change) < minEffect) comparison.verdict = 'no change';
  else {
    comparison.verdict = 'inconclusive';
    comparison.reasons.push(`a capacity change of ${formatPercent(comparison.change)}: beyond the ${formatPercent(minEffect, false)} minimum effect but within the ${formatPercent(noiseFloor, false)} noise floor`);
  }
  return { comparison, guards };
}
