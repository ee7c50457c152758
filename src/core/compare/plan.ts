// `perfgate plan` (docs/cli.md, docs/design/statistics.md "Sizing a run"): from a run already judged, the
// run each scenario needs for every targeted metric to see its compare.detect change. A metric's
// MDE is what its test calls with 80% power: significant at its share of α and past the minimum
// effect (variance-model.ts). With g times the data the standard error falls as 1/√g and the
// degrees of freedom grow (g-fold for a per-pair test, as g^⅔ for the duet block bootstrap, whose
// block length grows with the run), which lowers the critical t too; the minimum effect does not
// shrink, so the MDE falls towards it: the plan solves MDE(g) = target for g (more-data.ts
// mdeScaler). More data means a longer measured window at the same rate (more blocks or pairs,
// more requests).
import { DEFAULT_DETECT } from '../config/defaults.js';
import { formatMinEffect } from '../figures.js';
import type { Comparison, MetricComparison } from '../types/comparison.js';
import type { CompareConfig, MetricName } from '../types/config.js';
import type { ScenarioResult } from '../types/results.js';
import { dfExponent, mdeScaler, offsetsKeepAbove, PROCESS_SPREAD_WHY, solveRising } from './more-data.js';
import { extensionBudgetMs } from './sequential.js';

/** Past this many times the data a target is out of reach of any run worth planning. */
const MAX_GROWTH = 10_000;

/**
 * The metric's MDE with `growth` times the data, as a change (more-data.ts mdeScaler: the critical
 * t read back from the comparison's MDE, the standard error / √growth, the degrees of freedom grown
 * as the comparison's test grows them, the minimum effect kept). `exponent`: dfExponent of the
 * comparison (1: g-fold).
 */
export function mdeWithGrowth(metric: MetricComparison, growth: number, exponent = 1): number | undefined {
  return mdeScaler(metric, exponent)?.(growth);
}

/** The smallest growth of the data whose MDE is at or below `target` (the MDE falls as it grows). */
export function growthFor(metric: MetricComparison, target: number, exponent = 1): number | undefined {
  const scaled = mdeScaler(metric, exponent);
  if (scaled === undefined) return undefined;
  if (scaled(1) <= target) return 1;
  let low = 1;
  let high = 2;
  while (scaled(high) > target) {
    if (high >= MAX_GROWTH) return undefined;
    low = high;
    high *= 2;
  }
  return solveRising((growth) => target - scaled(growth), low, high);
}

export type PlanStatus =
  /** The MDE is at or below the target already. */
  | 'met'
  /** A longer window at the same rate reaches it. */
  | 'longer'
  /** Its MDE is not this run's sampling error (the runner-noise prior, a history's spread), which
   * a longer run does not shrink. */
  | 'no-scaling'
  /** No MDE to scale (no test ran: too few pairs, no successful requests…). */
  | 'no-mde';

export interface PlanRow {
  metric: MetricName;
  /** The change to see, a fraction (absolute for error_rate). */
  target: number;
  mde?: number;
  status: PlanStatus;
  /** Times the data this run had that the target needs (`longer` and `met`). */
  growth?: number;
  /** The measured window that gives it, at this run's rate, in whole segments. */
  neededMs?: number;
  /** Why there is no duration (`no-scaling`, `no-mde`). */
  why?: string;
  /** The measured window its MDE came from: the look that judged it. */
  windowMs: number;
}

export interface ScenarioPlan {
  scenario: string;
  executor: ScenarioResult['executor'];
  /** The rate the run had: an open model's intended rate, a closed model's achieved one. */
  ratePerSec: number;
  /** The measured window the MDEs came from (the look that judged them). */
  durationMs: number;
  segmentMs: number;
  /** What compare.extend lets an undecided scenario reach, from this planned window. */
  budgetMs: number;
  rows: PlanRow[];
  /** The longest window a targeted metric needs (undefined when none can be sized). */
  neededMs?: number;
}

const OPEN_EXECUTORS = new Set<ScenarioResult['executor']>(['constant-arrival-rate', 'ramping-arrival-rate']);

/** The targets `perfgate plan` sizes for: the config's compare.detect, or p50 5% and p95 10%. */
export function planTargets(compare: Pick<CompareConfig, 'detect'>): Partial<Record<MetricName, number>> {
  return compare.detect ?? DEFAULT_DETECT;
}

/** The measured window a metric's verdict came from: the look that judged it. */
function windowOf(scenario: ScenarioResult, metric: MetricComparison | undefined): number {
  const looks = scenario.extension?.looks;
  if (looks === undefined || metric?.look === undefined) return scenario.durationMs;
  return looks[metric.look]?.durationMs ?? scenario.durationMs;
}

function rowFor(
  metric: MetricComparison,
  target: number,
  durationMs: number,
  segmentMs: number,
  paired: boolean,
  exponent: number,
): PlanRow {
  const mde = metric.minDetectableEffect;
  const base = { metric: metric.metric, target, windowMs: durationMs };
  if (mde === undefined || !Number.isFinite(mde))
    return { ...base, status: 'no-mde', why: 'no test gave an MDE (see the reasons of its verdict)' };
  // In stored mode a latency's or rate's MDE carries the run-to-run noise (the configured prior,
  // or the spread of the history), which no length of this run shrinks.
  if (!paired && metric.metric !== 'error_rate' && (metric.method === 'bootstrap' || metric.method === 'history'))
    return {
      ...base,
      mde,
      status: 'no-scaling',
      why: 'its MDE is the run-to-run noise of a stored comparison, which a longer run does not shrink; A/B mode (--base-ref) compares on one runner, and plan sizes it from an A/B run',
    };
  // compare.processes: the part of its standard error that is the processes' own offsets stays
  // however long the window (more-data.ts standardErrorAt); past the target even then, no length will do.
  if (offsetsKeepAbove(metric, target)) return { ...base, mde, status: 'no-scaling', why: PROCESS_SPREAD_WHY };
  // A regression must reach the minimum effect as well as significance: a smaller change is never
  // called, however long the run.
  if (target <= metric.minEffect)
    return {
      ...base,
      mde,
      status: 'no-mde',
      why: `the target is not above the minimum effect (compare.minEffect ${formatMinEffect(metric.metric, metric.minEffect)}), which a change must reach to be called: raise the target or lower the minimum effect`,
    };
  const growth = growthFor(metric, target, exponent);
  if (growth === undefined)
    return { ...base, mde, status: 'no-mde', why: `more than ${MAX_GROWTH}× this run's data would be needed` };
  // Whole segments, then whole seconds: a duration a config author writes.
  const step = segmentMs > 0 ? segmentMs : 1000;
  const neededMs = Math.ceil((Math.ceil((durationMs * growth) / step) * step) / 1000) * 1000;
  return { ...base, mde, status: growth <= 1 ? 'met' : 'longer', growth, neededMs };
}

/** Per scenario and targeted metric, what the run needs to see its target. */
export function planRuns(comparison: Comparison, compare: CompareConfig): ScenarioPlan[] {
  const targets = planTargets(compare);
  const paired = comparison.mode === 'ab';
  const plans: ScenarioPlan[] = [];
  for (const scenario of comparison.scenarios) {
    const current = scenario.current;
    const segmentMs = current.segments[0]?.durationMs ?? 0;
    const plannedMs = current.extension?.looks[0]?.durationMs ?? current.durationMs;
    const rows: PlanRow[] = [];
    for (const [name, target] of Object.entries(targets) as [MetricName, number][]) {
      const metric = scenario.metrics.find((m) => m.metric === name);
      if (metric === undefined) continue;
      rows.push(rowFor(metric, target, windowOf(current, metric), segmentMs, paired, dfExponent(comparison, metric)));
    }
    // An extended run's metrics may come from different looks: the longest window is the run's.
    const durationMs = Math.max(...rows.map((row) => row.windowMs));
    if (rows.length === 0) continue;
    const sized = rows.filter((row) => row.neededMs !== undefined).map((row) => row.neededMs!);
    plans.push({
      scenario: scenario.name,
      executor: current.executor,
      ratePerSec: OPEN_EXECUTORS.has(current.executor) ? (current.rate?.intendedPerSec ?? current.rps) : current.rps,
      durationMs,
      segmentMs,
      budgetMs: extensionBudgetMs(plannedMs, compare),
      rows,
      ...(sized.length > 0 ? { neededMs: Math.max(...sized) } : {}),
    });
  }
  return plans;
}
