// A/B with one process per variant compares one process of the base with one of the head, and two
// processes of one build can differ for their whole life (memory layout, which core a worker
// settles on): no test within the run can see that, since every one of them compares requests and
// time blocks of those two processes (docs/design/statistics.md, "Two processes of one build
// differ"). An independent model with per-process offsets of sd 1% made 3–4.7% of A/A runs fail
// (bench/audit). So a regression of one pair is measured again on a second pair, both variants
// booted afresh, and fails the gate only if that pair shows it too: an intersection-union test,
// whose false-failure rate is at most the first pair's (Holm over the run, at α) and, when the
// pairs' offsets are independent, about the first pair's rate times the second's own rate of
// confirming a false one, which carries the same offsets (9–14% at sd 1% in the audit, not α/2):
// 3.7% → 0.31% of A/A runs at sd 1%, 17% → 4% at sd 2%; +10% heads 50 of 50 with the second pair
// at least the first extension look's window, 46 of 50 at the deciding look's alone
// (docs/design/measurements.md). Real Flask processes differ by sd 0.94% [0.72%, 1.24%] at p50
// (47 A/A runs), near the audit's 1%. The second pair is
// judged by the gate's own rule (significant at α and at least the minimum effect) on the test
// that decided the first, without Holm over the metrics: each regression must hold in both pairs
// on its own, which bounds the family's error by the first pair's Holm.
import type { CompareConfig, MetricName, ScenarioConfig } from '../types/config.js';
import type { Comparison, MetricComparison, Reason } from '../types/comparison.js';
import type { Results } from '../types/results.js';
import { LATENCY_PERCENTILES } from '../stats/bootstrap.js';
import { maskText } from '../mask.js';
import { describeUnusableBaseFigures } from './base-usable.js';
import { decideVerdict } from './decide.js';
import { comparePaired } from './paired.js';
import { extensionBudgetMs, extensionShareMs } from './sequential.js';
import type { CompareInput } from './shared.js';

/** A verdict of the second pair that says nothing about the builds: a guard held it back. */
const VERDICT_REASONS = new Set<Reason['kind']>([
  'not-significant',
  'interval-past-min-effect',
  'below-min-effect',
  'real-but-small',
  // A burst that hit the second pair's blocks held its "no change" back (shared-burst.ts): it may
  // be a diluted reading, but it does not show the regression, and letting the first pair stand
  // on it failed an A/A-like CI gate whose second pair ran beside other tests.
  'shared-burst',
]);

/** A change no offset between two processes explains (the head at 1.5× the base in three quarters
 * of the blocks, or beyond every bound of gross-shift.ts). */
function gross(metric: MetricComparison): boolean {
  return metric.decidedBy === 'gross-shift' || metric.pairedGrossRatio !== undefined;
}

/** The regressions the second pair is to confirm: none in a scenario with a gross shift (its other
 * metrics, a closed model's rps, move with it). */
function confirmable(comparison: Comparison): MetricComparison[] {
  const grossScenarios = new Set(comparison.regressions.filter(gross).map((metric) => metric.scenario));
  // An improvement is a claim too: a PR comment that says a no-op change made p50 3% faster is as
  // false as one that says slower (6 of 85 real Python A/A first pairs read one at p50).
  return [...comparison.regressions, ...comparison.improvements].filter(
    (metric) =>
      metric.method === 'paired' &&
      !grossScenarios.has(metric.scenario) &&
      // The processes' spread is in the test already.
      metric.processes === undefined &&
      // A closed model's throughput moves with its latency; an open model's rate check has no test.
      (metric.metric in LATENCY_PERCENTILES || (metric.metric === 'rps' && metric.pValue !== undefined)),
  );
}

/** compare.confirm applies: an A/B verdict of one process per variant. */
export function confirmEnabled(compare: Pick<CompareConfig, 'confirm' | 'processes'>): boolean {
  return compare.confirm !== false && (compare.processes ?? 1) === 1;
}

/**
 * The look whose window the second pair runs at the least: the first extension's. A look that
 * decides early is one whose first pair read high (the regression cleared its test on little
 * data), and a second pair on that same short window meets the true effect with too little power:
 * in the independent audit, 4 of 26 +10% heads decided on the planned 15 s were not confirmed on a
 * 15 s second pair, and none of 24 decided on a longer window (bench/ab/README.md).
 */
export const CONFIRM_FLOOR_LOOK = 1;

/** The window of look CONFIRM_FLOOR_LOOK as compare.extend would reach it: the planned window and
 * that many even shares of the budget past it (the planned window alone when extend is off). */
function floorWindowMs(plannedMs: number, compare: Pick<CompareConfig, 'extend'>): number {
  return plannedMs + CONFIRM_FLOOR_LOOK * extensionShareMs(plannedMs, extensionBudgetMs(plannedMs, compare));
}

/** A scenario the second pair measures, and for how long: the first pair's window at the latest
 * look that decided one of its regressions (a p50 decided on the planned window needs no more of
 * it, however long the scenario ran on for its p95), and never less than the first extension
 * look's window (CONFIRM_FLOOR_LOOK). */
export interface ScenarioToConfirm {
  scenario: string;
  windowMs: number;
  /** The latest look that decided one of its regressions (0: the planned window). */
  look: number;
  /** Only improvements to confirm, no regression. */
  improvedOnly?: true;
}

/**
 * The scenarios to measure again on a second pair of processes: those with a regression the
 * second pair can confirm (a flow's, for a regression of one of its steps). Empty when
 * compare.confirm is off or does not apply.
 */
export function scenariosToConfirm(
  comparison: Comparison,
  current: Pick<Results, 'scenarios'>,
  compare: Pick<CompareConfig, 'confirm' | 'processes' | 'extend'>,
): ScenarioToConfirm[] {
  if (comparison.mode !== 'ab' || !confirmEnabled(compare)) return [];
  const targets = new Map<string, ScenarioToConfirm>();
  for (const metric of confirmable(comparison)) {
    const result = current.scenarios.find((scenario) => scenario.name === metric.scenario);
    const name = result?.flow?.scenario ?? metric.scenario;
    const looks = result?.extension?.looks;
    const look = metric.look ?? 0;
    const plannedMs = looks?.[0]?.durationMs ?? result?.durationMs ?? 0;
    const decidingMs = looks?.[Math.min(look, looks.length - 1)]?.durationMs ?? result?.durationMs ?? 0;
    const windowMs = Math.max(decidingMs, floorWindowMs(plannedMs, compare));
    const known = targets.get(name);
    const improvedOnly = metric.verdict === 'improvement' && (known === undefined || known.improvedOnly === true);
    targets.set(name, {
      scenario: name,
      windowMs: Math.max(known?.windowMs ?? 0, windowMs),
      look: Math.max(known?.look ?? 0, look),
      ...(improvedOnly ? { improvedOnly: true as const } : {}),
    });
  }
  return [...targets.values()];
}

/** A load that a longer window repeats as it was: one rate or one VU count throughout. */
export function steadyLoad(
  load: ScenarioConfig['load'],
): load is Extract<ScenarioConfig['load'], { executor: 'constant-vus' | 'constant-arrival-rate' }> {
  return load.executor === 'constant-vus' || load.executor === 'constant-arrival-rate';
}

/** A second pair can repeat what decided the regression: the planned window, or a steady load's
 * longer one. A ramp decided on its extension (a steady tail at its last stage) has no second run
 * of the same shape: the second pair would run the planned ramp alone, on less data than decided
 * the first, so its regression stands as the first pair judged it. */
export function repeatable(target: ScenarioToConfirm, load: ScenarioConfig['load'] | undefined): boolean {
  return target.look === 0 || (load !== undefined && steadyLoad(load));
}

/** A scenario as the second pair runs it: a steady load for as long as the first pair's window
 * that decided its regressions, extensions included (its full warm-up: the processes are new). */
export function confirmationScenario<S extends Pick<ScenarioConfig, 'load'>>(planned: S, windowMs: number): S {
  const load = planned.load;
  return steadyLoad(load) && windowMs > load.durationMs
    ? { ...planned, load: { ...load, durationMs: windowMs } }
    : planned;
}

interface SecondLook {
  outcome: NonNullable<MetricComparison['confirmation']>;
  reason?: Reason;
}

/** What the second pair made of one regression of the first. */
function judgeSecond(first: MetricComparison, second: MetricComparison | undefined, alpha: number): SecondLook {
  if (second === undefined) return { outcome: { outcome: 'untested', why: 'the second pair has no such test' } };
  const guard = second.reasons.find((reason) => !VERDICT_REASONS.has(reason.kind));
  if (guard !== undefined && second.verdict === 'inconclusive')
    return { outcome: { outcome: 'untested', why: `the second pair's test was held back (${guard.kind})` } };
  const whole = first.decidedBy === 'whole-run' ? second.wholeRun : undefined;
  const change = whole?.change ?? second.change;
  const interval = whole?.interval ?? second.changeInterval;
  const pValue = whole?.pValue ?? second.pValue;
  if (pValue === undefined || !Number.isFinite(change))
    return { outcome: { outcome: 'untested', why: 'the second pair gave no p-value' } };
  const decided = decideVerdict({
    metric: first.metric,
    change,
    ...(interval ? { interval } : {}),
    adjustedPValue: pValue,
    alpha,
    minEffect: first.minEffect,
    guards: [],
  });
  const figures = { change, ...(interval ? { interval } : {}), pValue };
  if (decided.verdict === first.verdict) return { outcome: { outcome: 'confirmed', ...figures } };
  return {
    outcome: { outcome: 'not-reproduced', ...figures },
    reason: {
      kind: 'not-reproduced',
      ...(first.verdict === 'improvement' ? { improvement: true as const } : {}),
      metric: first.metric,
      change: first.change,
      confirmChange: change,
      confirmPValue: pValue,
      alpha,
      minEffect: first.minEffect,
    },
  };
}

/** The second pair's run as one A/B run of its own: its head and base, one look, no confirmation. */
function secondPairResults(current: Results): Results | undefined {
  const ab = current.ab;
  const confirmation = ab?.confirmation;
  if (ab === undefined || confirmation === undefined || confirmation.scenarios.length === 0) return undefined;
  const { confirmation: _dropped, ...rest } = ab;
  const { sequential: _oneLook, ...results } = current;
  return {
    ...results,
    scenarios: confirmation.scenarios,
    ab: { ...rest, base: { ...ab.base, scenarios: confirmation.base } },
  };
}

const key = (scenario: string, metric: MetricName): string => `${scenario}\u0000${metric}`;

/**
 * The A/B comparison after compare.confirm: each regression the second pair measured is kept
 * where that pair shows it too, and made inconclusive (with the second pair's figures) where it
 * does not. A regression the second pair could not test, or a run without a second pair, keeps the
 * first pair's verdict.
 */
export function applyConfirmation(comparison: Comparison, input: CompareInput): Comparison {
  const confirmation = input.current.ab?.confirmation;
  if (comparison.mode !== 'ab' || confirmation === undefined || !confirmEnabled(input.compare)) return comparison;
  const targets = confirmable(comparison);
  if (targets.length === 0) return comparison;
  // A pair that did not boot, or was cut short by a dead service, is no evidence either way.
  if (confirmation.failure !== undefined)
    return {
      ...comparison,
      notes: [
        ...comparison.notes,
        `compare.confirm: the second pair of processes could not be measured (${maskText(confirmation.failure)}); the first pair's verdicts stand.`,
      ],
    };
  const notes = [...comparison.notes];
  if (confirmation.unmeasured !== undefined)
    notes.push(
      `compare.confirm: the second pair of processes could not be measured on some shards (${maskText(confirmation.unmeasured)}); the first pair's verdicts of their scenarios stand.`,
    );
  const secondResults = secondPairResults(input.current);
  // A second base that answered mostly errors is no reference (base-usable.ts), as one that died is
  // none: comparePaired would refuse it with the words of a run that has no verdict at all.
  const unusable = secondResults === undefined ? undefined : describeUnusableBaseFigures(secondResults);
  if (unusable !== undefined)
    return {
      ...comparison,
      notes: [
        ...notes,
        `compare.confirm: the second pair's base could not serve (${unusable}), so it is no reference; the first pair's verdicts stand.`,
      ],
    };
  let second: Comparison | undefined;
  if (secondResults !== undefined) {
    try {
      const { look: _firstLook, ...oneLook } = input;
      second = comparePaired({ ...oneLook, current: secondResults });
    } catch (error) {
      notes.push(
        `compare.confirm: the second pair of processes could not be judged (${error instanceof Error ? error.message : String(error)}); the first pair's verdicts stand.`,
      );
    }
  }
  const seconds = new Map<string, MetricComparison>();
  for (const scenario of second?.scenarios ?? [])
    for (const metric of scenario.metrics) seconds.set(key(metric.scenario, metric.metric), metric);
  const measured = new Set(confirmation.scenarios.map((scenario) => scenario.name));
  const targetKeys = new Set(targets.map((metric) => key(metric.scenario, metric.metric)));
  const judge = (metric: MetricComparison): MetricComparison => {
    if (second === undefined) return metric;
    if (!targetKeys.has(key(metric.scenario, metric.metric))) return metric;
    if (!measured.has(metric.scenario)) return metric;
    const look = judgeSecond(metric, seconds.get(key(metric.scenario, metric.metric)), input.compare.alpha);
    if (look.reason === undefined) return { ...metric, confirmation: look.outcome };
    const { decidedBy: _none, ...rest } = metric;
    return { ...rest, verdict: 'inconclusive', reasons: [look.reason], confirmation: look.outcome };
  };
  const scenarios = comparison.scenarios.map((scenario) => ({ ...scenario, metrics: scenario.metrics.map(judge) }));
  if (second !== undefined) notes.push(...describeSecondPair(scenarios, confirmation.scenarios));
  const metrics = scenarios.flatMap((scenario) => scenario.metrics);
  const regressions = metrics.filter((metric) => metric.verdict === 'regression');
  const improvements = metrics.filter((metric) => metric.verdict === 'improvement');
  return {
    ...comparison,
    scenarios,
    regressions,
    improvements,
    verdict: comparison.breaches.length > 0 || regressions.length > 0 ? 'fail' : 'pass',
    notes,
  };
}

/** One note per scenario measured again (a flow with its steps: they ran as one), how long, and what
 * the second pair made of each regression. */
function describeSecondPair(
  scenarios: readonly Comparison['scenarios'][number][],
  measured: readonly Results['scenarios'][number][],
): string[] {
  const runs = new Map<string, Comparison['scenarios'][number][]>();
  for (const scenario of scenarios) {
    if (!scenario.metrics.some((metric) => metric.confirmation !== undefined)) continue;
    const run = scenario.current.flow?.scenario ?? scenario.name;
    runs.set(run, [...(runs.get(run) ?? []), scenario]);
  }
  const notes: string[] = [];
  for (const [run, members] of runs) {
    // One scenario: its metrics alone; a flow and its steps: each metric with whose it is.
    const label = (scenario: Comparison['scenarios'][number], metric: string): string =>
      members.length === 1 ? metric : `${scenario.name} ${metric}`;
    const which = (outcome: string, verdict?: MetricComparison['verdict']): string =>
      members
        .flatMap((scenario) =>
          scenario.metrics
            .filter(
              (metric) =>
                metric.confirmation?.outcome === outcome && (verdict === undefined || metric.verdict === verdict),
            )
            .map((metric) => label(scenario, metric.metric)),
        )
        .join(', ');
    // What the first pair read: a regression, unless every metric it asked about was an improvement.
    const improvedOnly = members.every((scenario) =>
      scenario.metrics.every(
        (metric) =>
          metric.confirmation === undefined ||
          metric.verdict === 'improvement' ||
          metric.reasons.some((reason) => reason.kind === 'not-reproduced' && reason.improvement === true),
      ),
    );
    const window = measured.find((result) => result.name === run)?.durationMs;
    const seconds = window === undefined ? '' : ` for ${Math.round(window / 1000)} s`;
    const said = [
      which('confirmed', 'regression') && `it showed ${which('confirmed', 'regression')} too, which fail the gate`,
      which('confirmed', 'improvement') && `it showed the improvement of ${which('confirmed', 'improvement')} too`,
      which('not-reproduced') &&
        `it did not show ${which('not-reproduced')}, held back as inconclusive (the reason says by how much)`,
      which('untested') && `its test of ${which('untested')} was held back, so the first pair's verdict stands`,
    ].filter(Boolean);
    const steps = members.filter((scenario) => scenario.name !== run).map((scenario) => scenario.current.flow?.step);
    const stepWords = `step${steps.length > 1 ? 's' : ''} ${steps.join(', ')}`;
    const what =
      steps.length === 0
        ? run
        : members.some((scenario) => scenario.name === run)
          ? `${run} and its ${stepWords}`
          : `${run}'s ${stepWords}`;
    notes.push(
      `compare.confirm: ${what} ${improvedOnly ? 'improved' : 'regressed'} with one process per variant, so head and base were booted afresh and ${steps.length === 0 ? 'it' : 'the flow'} ran again${seconds} on that second pair of processes: ${said.join('; ')}.`,
    );
  }
  return notes;
}
