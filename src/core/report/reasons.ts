// Why verdicts were held back, said once. The guards in src/core/compare write one sentence per
// metric, and the same sentence often holds for several metrics of a scenario, or for every
// scenario of a run (a busy runner, a saturated generator). Reports group identical sentences and
// name the metrics they affect, rather than matching particular wordings: the sentences are
// compare's to word, and new guards need no change here.
import type { Comparison, MetricComparison } from '../types/comparison.js';
import type { MetricName } from '../types/config.js';
import { METRIC_ORDER, metricLabel } from './format.js';

/** What an inconclusive metric without a stated reason means. */
export const DEFAULT_INCONCLUSIVE_REASON = 'significance and effect size disagree';

export interface ReasonGroup {
  /** 1-based, in the order the groups are listed: reports refer to a reason by it. */
  number: number;
  reason: string;
  /** Undefined when the reason holds in every scenario that has one (a run-wide reason). */
  scenario?: string;
  /** The metrics it affects; for a run-wide reason, the union over scenarios. */
  metrics: MetricName[];
  /** For a run-wide reason: how many scenarios it affects. */
  scenarioCount: number;
}

export interface GroupedReasons {
  groups: ReasonGroup[];
  /** What the user can do about them (remediesFor). */
  remedies: string[];
  /** The groups that affect a scenario, run-wide ones first. */
  forScenario(name: string): ReasonGroup[];
}

/** What the user can do about held-back verdicts, in the order worth trying. */
const REMEDIES: readonly string[] = [
  're-run (noise differs from run to run)',
  'run on a quieter runner (a dedicated or larger one)',
  'run longer (more segments and more requests in the tail)',
  'lower the rate if the generator or the service could not keep up',
];

/** The remedies for this comparison: A/B mode is advice only to a run that does not use it. */
export function remediesFor(
  comparison: Pick<Comparison, 'mode' | 'ab'> & { current?: Pick<Comparison['current'], 'ab'> },
): string[] {
  if (comparison.current?.ab?.baseFailure !== undefined)
    return [
      ...REMEDIES,
      'make the base boot (its log tail is above), so that A/B mode can compare the two on the same runner',
    ];
  if (comparison.mode !== 'ab')
    return [
      ...REMEDIES,
      'use A/B mode (base and head on the same runner, side by side), which cancels most runner noise',
    ];
  if (comparison.ab?.schedule === 'alternate')
    return [
      ...REMEDIES,
      'use the duet schedule (compare.schedule: duet), whose pairs share the same moments and neighbours',
    ];
  return [...REMEDIES];
}

/** The reasons a metric's verdict carries: all of them for an inconclusive one, else those given. */
export function reasonsOf(m: MetricComparison): string[] {
  if (m.reasons.length > 0) return m.reasons;
  return m.verdict === 'inconclusive' ? [DEFAULT_INCONCLUSIVE_REASON] : [];
}

function sortByMetricOrder(metrics: Iterable<MetricName>): MetricName[] {
  const rank = (m: MetricName): number => {
    const index = METRIC_ORDER.indexOf(m);
    return index < 0 ? METRIC_ORDER.length : index;
  };
  return [...new Set(metrics)].sort((a, b) => rank(a) - rank(b));
}

export function groupReasons(comparison: Comparison): GroupedReasons {
  // reason → scenario → metrics, in first-seen order.
  const byReason = new Map<string, Map<string, Set<MetricName>>>();
  const scenariosWithReasons = new Set<string>();
  for (const scenario of comparison.scenarios) {
    for (const m of scenario.metrics) {
      for (const reason of reasonsOf(m)) {
        const perScenario = byReason.get(reason) ?? new Map<string, Set<MetricName>>();
        byReason.set(reason, perScenario);
        const metrics = perScenario.get(scenario.name) ?? new Set<MetricName>();
        perScenario.set(scenario.name, metrics);
        metrics.add(m.metric);
        scenariosWithReasons.add(scenario.name);
      }
    }
  }
  const runWide: Omit<ReasonGroup, 'number'>[] = [];
  const perScenario: Omit<ReasonGroup, 'number'>[] = [];
  for (const [reason, scenarios] of byReason) {
    // Run-wide only when it says something about more than one scenario and holds in each that
    // has any reason at all; otherwise naming the scenarios is clearer.
    if (scenarios.size > 1 && scenarios.size === scenariosWithReasons.size) {
      runWide.push({
        reason,
        metrics: sortByMetricOrder([...scenarios.values()].flatMap((s) => [...s])),
        scenarioCount: scenarios.size,
      });
      continue;
    }
    for (const [scenario, metrics] of scenarios)
      perScenario.push({ reason, scenario, metrics: sortByMetricOrder(metrics), scenarioCount: 1 });
  }
  // Per scenario in the order of the comparison, so a reader finds a scenario's reasons together.
  const order = new Map(comparison.scenarios.map((s, i) => [s.name, i]));
  perScenario.sort((a, b) => (order.get(a.scenario ?? '') ?? 0) - (order.get(b.scenario ?? '') ?? 0));
  const groups = [...runWide, ...perScenario].map((g, i) => ({ ...g, number: i + 1 }));
  return {
    groups,
    remedies: remediesFor(comparison),
    forScenario: (name) =>
      groups.filter((g) => (g.scenario === undefined ? scenariosWithReasons.has(name) : g.scenario === name)),
  };
}

export interface ReasonScope {
  scenario?: string;
  metrics: MetricName[];
  scenarioCount: number;
  groups: ReasonGroup[];
}

/** The groups gathered by where they apply (same scenario, same metrics), in listing order. */
export function scopesOf(grouped: GroupedReasons): ReasonScope[] {
  const scopes: ReasonScope[] = [];
  for (const group of grouped.groups) {
    const last = scopes[scopes.length - 1];
    if (last && last.scenario === group.scenario && last.metrics.join() === group.metrics.join())
      last.groups.push(group);
    else
      scopes.push({
        scenario: group.scenario,
        metrics: group.metrics,
        scenarioCount: group.scenarioCount,
        groups: [group],
      });
  }
  return scopes;
}

/**
 * A scenario's held-back metrics and the numbers of the reasons, gathered by metric list:
 * [{ metrics: [p99], numbers: [2, 3] }].
 */
export function scenarioReferences(
  comparison: Comparison,
  grouped: GroupedReasons,
  scenario: string,
): { metrics: MetricName[]; numbers: number[] }[] {
  const refs: { metrics: MetricName[]; numbers: number[] }[] = [];
  for (const group of grouped.forScenario(scenario)) {
    const metrics = metricsInScenario(comparison, group, scenario);
    const same = refs.find((r) => r.metrics.join() === metrics.join());
    if (same) same.numbers.push(group.number);
    else refs.push({ metrics, numbers: [group.number] });
  }
  return refs;
}

/** "p95, p99" */
export function formatMetricList(metrics: readonly MetricName[]): string {
  return metrics.map(metricLabel).join(', ');
}

/** Where a scope applies, in words: "all 3 scenarios" or the scenario's name. */
export function describeScopeWhere(scope: { scenario?: string; scenarioCount: number }): string {
  return scope.scenario === undefined ? `all ${scope.scenarioCount} scenarios` : scope.scenario;
}

/** "reason 2" or "reasons 2, 3" */
export function formatReasonNumbers(numbers: readonly number[]): string {
  return `${numbers.length === 1 ? 'reason' : 'reasons'} ${numbers.join(', ')}`;
}

/** For one scenario, which metrics a group holds back there. */
export function metricsInScenario(comparison: Comparison, group: ReasonGroup, scenario: string): MetricName[] {
  if (group.scenario !== undefined) return group.metrics;
  const s = comparison.scenarios.find((x) => x.name === scenario);
  return sortByMetricOrder((s?.metrics ?? []).filter((m) => reasonsOf(m).includes(group.reason)).map((m) => m.metric));
}
