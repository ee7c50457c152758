// `perfgate plan` (docs/cli.md, docs/statistics.md "Sizing a run"): from a run already judged, the
// run each scenario needs for every targeted metric to see its compare.detect change. A metric's
// MDE is its test's standard error times a factor, the critical t of its share of α plus the
// power's t, both at its degrees of freedom. With g times the data the standard error falls as
// 1/√g and the degrees of freedom grow about g-fold, which lowers the factor too (a lot at the few
// degrees of freedom of a short run): the plan solves MDE(g) = target for g. More data means a
// longer measured window at the same rate (more segments or pairs, more requests).
import { DEFAULT_DETECT } from '../config/defaults.js';
import { tQuantile, tUpperTail } from '../stats/t-distribution.js';
import type { Comparison, MetricComparison } from '../types/comparison.js';
import type { CompareConfig, MetricName } from '../types/config.js';
import type { ScenarioResult } from '../types/results.js';
import { extensionBudgetMs } from './sequential.js';

/** The power every MDE is stated at (docs/statistics.md). */
const POWER = 0.8;
/** Past this many times the data a target is out of reach of any run worth planning. */
const MAX_GROWTH = 10_000;

/** Metrics whose bad direction is down: their MDE is a fall. */
const FALLS: ReadonlySet<MetricName> = new Set(['rps', 'capacity']);

/** An MDE (a change in the bad direction) on the test's scale: a log ratio, points for the error rate. */
function onScale(metric: MetricName, change: number): number {
  if (metric === 'error_rate') return change;
  return FALLS.has(metric) ? -Math.log1p(-change) : Math.log1p(change);
}

function fromScale(metric: MetricName, magnitude: number): number {
  if (metric === 'error_rate') return magnitude;
  return FALLS.has(metric) ? -Math.expm1(-magnitude) : Math.expm1(magnitude);
}

/**
 * The metric's MDE with `growth` times the data, as a change: the critical t's tail probability
 * is read back from the MDE, standard error and degrees of freedom the comparison gave (whatever
 * share of α and family size they came from), then both t quantiles are taken again at the larger
 * degrees of freedom. Without a standard error or degrees of freedom: the plain 1/√g.
 */
export function mdeWithGrowth(metric: MetricComparison, growth: number): number | undefined {
  const mde = metric.minDetectableEffect;
  if (mde === undefined || !Number.isFinite(mde)) return undefined;
  const se = metric.standardError;
  const df = metric.df;
  if (se === undefined || !(se > 0) || df === undefined || !(df > 0)) return mde / Math.sqrt(growth);
  const factor = onScale(metric.metric, mde) / se;
  const critical = factor - tQuantile(POWER, df);
  if (!(critical > 0)) return mde / Math.sqrt(growth);
  const tail = tUpperTail(critical, df);
  const grown = df * growth;
  const scaled = ((tQuantile(1 - tail, grown) + tQuantile(POWER, grown)) * se) / Math.sqrt(growth);
  return fromScale(metric.metric, scaled);
}

/** The smallest growth of the data whose MDE is at or below `target` (bisected; MDE falls with it). */
export function growthFor(metric: MetricComparison, target: number): number | undefined {
  const at = (growth: number) => mdeWithGrowth(metric, growth);
  if ((at(1) ?? Infinity) <= target) return 1;
  let low = 1;
  let high = 2;
  while ((at(high) ?? Infinity) > target) {
    if (high >= MAX_GROWTH) return undefined;
    low = high;
    high *= 2;
  }
  for (let i = 0; i < 40; i++) {
    const mid = (low + high) / 2;
    if ((at(mid) ?? Infinity) > target) low = mid;
    else high = mid;
  }
  return high;
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
  // A regression must reach the minimum effect as well as significance: a smaller change is never
  // called, however long the run.
  if (target <= metric.minEffect)
    return {
      ...base,
      mde,
      status: 'no-mde',
      why: `the target is not above the minimum effect (compare.minEffect ${Number((metric.minEffect * 100).toPrecision(3))}${metric.metric === 'error_rate' ? ' points' : '%'}), which a change must reach to be called: raise the target or lower the minimum effect`,
    };
  const growth = growthFor(metric, target);
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
      rows.push(rowFor(metric, target, windowOf(current, metric), segmentMs, paired));
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
