// What the user can do about a comparison, in words, most pressing first: one home for the advice
// every report (text, markdown) prints under "What you can do". It answers the reasons the
// comparison's metrics carry (src/core/report/reasons.ts puts each reason itself into words).
import type { Comparison, MetricComparison, Reason } from '../types/comparison.js';
import type { MetricName } from '../types/config.js';
import type { GeneratorHealth } from '../types/results.js';
import { DEFAULT_MIN_HISTORY } from '../config/defaults.js';
import { MAX_PROCESSES } from '../config/ab.js';
import { spreadBound } from '../compare/more-data.js';
import { formatMdeValue, metricLabel, sortByMetricOrder } from './format.js';

/** Reasons a longer run fixes: too few samples, segments or pairs. */
const SAMPLE_KINDS = new Set<Reason['kind']>([
  'thin-tail',
  'too-few-segments',
  'too-few-pairs',
  'nothing-to-pair',
  'too-few-pairs-for-capacities',
]);
/** Reasons a lower rate fixes: the generator or the service could not keep up. */
const RATE_KINDS = new Set<Reason['kind']>([
  'generator-behind',
  'service-fell-behind',
  'head-fell-behind',
  'rate-short-explained',
  'rate-short-explained-paired',
  'shared-lag',
]);
/** Reasons a quieter runner or a re-run fixes: other work on the machine. */
const LOAD_KINDS = new Set<Reason['kind']>(['other-load', 'contention', 'whole-run-disagrees', 'shared-burst']);
/** Reasons that mean the test's noise floor was above the change: only more evidence decides. */
// An interval too wide to rule out a change that counts is the noise floor too: the demo's every
// held-back metric was one, and its only advice was "re-run".
const FLOOR_KINDS = new Set<Reason['kind']>([
  'not-significant',
  'below-min-effect',
  'real-but-small',
  'interval-past-min-effect',
  // A change the runner-noise prior alone kept from failing: the same three ways out (A/B mode, a
  // history, a measured compare.runnerNoise) make it gate; without this a 2x slowdown held back
  // as a warning was told only to run longer, which the prior does not care about.
  'prior-only',
]);

type RemedyInput = Pick<Comparison, 'mode' | 'ab' | 'sequential' | 'acceptHint'> & {
  current?: Pick<Comparison['current'], 'ab'> & {
    scenarios?: { generator?: Pick<GeneratorHealth, 'saturated' | 'cpuCores'> }[];
  };
  scenarios?: Pick<Comparison['scenarios'][number], 'metrics'>[];
  regressions?: MetricComparison[];
  breaches?: Comparison['breaches'];
};

/** "±6.0% (p50) to ±31% (p99)": the smallest and largest MDE of the metrics. */
function mdeSpan(metrics: MetricComparison[]): string | undefined {
  const withMde = metrics.filter((m) => m.minDetectableEffect !== undefined && Number.isFinite(m.minDetectableEffect));
  if (withMde.length === 0) return undefined;
  const sorted = [...withMde].sort((a, b) => (a.minDetectableEffect ?? 0) - (b.minDetectableEffect ?? 0));
  const say = (m: MetricComparison): string => `${formatMdeValue(m)} (${metricLabel(m.metric)} of \`${m.scenario}\`)`;
  const low = sorted[0]!;
  const high = sorted[sorted.length - 1]!;
  return low === high || formatMdeValue(low) === formatMdeValue(high) ? say(low) : `${say(low)} to ${say(high)}`;
}

/** "p95, p99 of json_oracle/fetchByQuery; p50 of checkout" */
function metricsWhere(metrics: MetricComparison[]): string {
  const byScenario = new Map<string, MetricName[]>();
  for (const m of metrics) byScenario.set(m.scenario, [...(byScenario.get(m.scenario) ?? []), m.metric]);
  return [...byScenario]
    .map(([scenario, names]) => `${sortByMetricOrder(names).map(metricLabel).join(', ')} of \`${scenario}\``)
    .join('; ');
}

/**
 * What the user can do, most pressing first: what failed the gate (a regression, a breached
 * threshold, a base that did not boot), then what held verdicts back, each action once. A held-back
 * remedy answers a reason the comparison has, so a run held back by its noise floor is told what
 * lowers that floor (A/B mode, a history, a measured runner noise) with the floor it had, and not
 * to re-run. One home for this advice: every report (text, markdown) prints these lines.
 */
export function remediesFor(comparison: RemedyInput): string[] {
  const failed: string[] = [];
  if (comparison.current?.ab?.baseFailure !== undefined)
    failed.push('make the base boot (its log tail is above), so that A/B mode can compare the two on the same runner');
  const regressions = comparison.regressions ?? [];
  // Past a few scenarios the list above names them; the advice only points at it.
  const few = (list: { scenario: string }[]) => new Set(list.map((x) => x.scenario)).size <= 3;
  if (regressions.length > 0)
    failed.push(
      `find what changed ${few(regressions) ? metricsWhere(regressions) : `the ${regressions.length} regressions listed above`}: each change is significant after Holm and at least its minimum effect, so a re-run is unlikely to clear it`,
    );
  if (regressions.length > 0 && comparison.acceptHint !== undefined)
    failed.push(`if the slowdown is intended, ${comparison.acceptHint}`);
  const breaches = comparison.breaches ?? [];
  if (breaches.length > 0) {
    const which = few(breaches)
      ? breaches.map((t) => `\`${t.expression}\` of \`${t.scenario}\``).join('; ')
      : `the ${breaches.length} thresholds listed above`;
    failed.push(
      `bring ${which} back within ${breaches.length === 1 ? 'its threshold' : 'their thresholds'}, or change the threshold in the config if the objective itself moved`,
    );
  }

  const scenarios = comparison.scenarios;
  const held = (scenarios ?? []).flatMap((s) => s.metrics).filter((m) => m.verdict === 'inconclusive');
  // Without its metrics (a caller that passes none) a comparison is advised as held back by the floor.
  if (scenarios !== undefined && held.length === 0) return failed;
  const kinds = new Set(held.flatMap((m) => m.reasons.map((r) => r.kind)));
  const has = (set: Set<Reason['kind']>): boolean => [...kinds].some((k) => set.has(k));
  // A metric without a stated reason, or no metrics given at all, is held back by the noise floor;
  // one whose test the spread between processes decided (compare.processes), where most of that
  // spread is how far the processes differ rather than their few requests each, by that spread,
  // which a longer run does not narrow.
  const byProcesses = held.filter((m) => spreadBound(m, 1));
  const floorMetrics = held.filter(
    (m) => !spreadBound(m, 1) && (m.reasons.length === 0 || m.reasons.some((r) => FLOOR_KINDS.has(r.kind))),
  );
  const floor = held.length === 0 || floorMetrics.length > 0;
  const span = mdeSpan(floorMetrics);
  const out: string[] = [];
  const ab = comparison.mode === 'ab';
  const reach = span
    ? `this run could detect only changes beyond ${span}`
    : 'the MDE column shows what this run could detect';
  // Every way to more data in one action: what more data gives, what this run could detect, the
  // extension budget; one part each at one level of semicolons (their own semicolons ran them into
  // "…; more segments and more requests in the tail; the reasons above say how many; or let …").
  const gives: string[] = [];
  if (floor && ab) gives.push('more segment pairs narrow the interval');
  // A stored baseline keeps the count it was saved with: a longer window helps from the next saved
  // one on, which the note about extending (no run of this one adds to the baseline) also says.
  if (has(SAMPLE_KINDS))
    gives.push(
      ab
        ? 'more requests in the tail decide a thin percentile (the reasons above say how many)'
        : 'a longer window in the config gives the runs, and the baselines saved from then on, more segments and more requests in the tail (the reasons above say how many)',
    );
  const longer: string[] = gives.length > 0 ? [gives.join(', and ')] : [];
  if (floor && ab) longer.push(reach);
  // A run that could extend itself stopped at its budget, or saw that its budget would not decide.
  if (comparison.sequential?.moreRoomWouldHelp === true)
    longer.push(
      'or let an undecided scenario run on by itself for longer: compare.extend.maxDuration (default 4x the planned window)',
    );

  if (floor && !ab)
    out.push(
      `use A/B mode (\`perfgate gate --base-ref main\`, the action's \`base-ref\` input, or \`--base-dir <base checkout>\` for a base you checked out): base and head side by side on one runner cancel the runner noise behind this floor; ${reach}; \`perfgate plan\` on an A/B run's results says how long it must run to see the changes you care about`,
    );
  else if (floor && comparison.ab?.schedule === 'alternate')
    out.push(`use the duet schedule (compare.schedule: duet), whose pairs share the same moments and neighbours`);
  if (floor && comparison.mode === 'bootstrap')
    out.push(
      `or keep a history: save the main branch's runs (\`perfgate gate --save\`); from ${DEFAULT_MIN_HISTORY} past runs (compare.minHistory) the test measures your runner's spread instead of assuming it`,
    );
  // Only a test that used the prior (one stored run, or too little usable history) reads it.
  const prior = comparison.mode === 'bootstrap' || floorMetrics.some((m) => m.method === 'bootstrap');
  // How to measure it, not another machine's figure: a prior set from a quiet machine's spread on a
  // shared runner (the same build read +28% at p50 against one stored run there) fails good builds.
  if (floor && !ab && (prior || scenarios === undefined))
    out.push(
      "or set compare.runnerNoise to your runners' run-to-run spread, measured as the sd of ln(p50) over 10 or more runs of one build on them (the default assumes a shared cloud runner)",
    );
  if (byProcesses.length > 0) {
    const most = Math.max(...byProcesses.map((m) => Math.min(m.processes!.head, m.processes!.base)));
    out.push(
      most < MAX_PROCESSES
        ? `boot more processes of each variant (compare.processes; ${most} of each were read): the spread between processes of one build held back ${metricsWhere(byProcesses)}, and a longer run does not narrow it`
        : `the spread between processes of one build held back ${metricsWhere(byProcesses)} (${most} of each were read; compare.processes boots ${MAX_PROCESSES} at most), and a longer run does not narrow it: a larger compare.minEffect for this service trades the small changes for fewer false alarms`,
    );
  }
  // compare.confirm: two pairs of processes of the same builds disagreed, so this service's
  // processes differ; several per variant let the test count by how much.
  const notReproduced = held.filter((m) => m.reasons.some((r) => r.kind === 'not-reproduced'));
  if (notReproduced.length > 0)
    out.push(
      `boot several processes of each variant (compare: { processes: 4 } or more): a second pair of processes did not show what the first read in ${metricsWhere(notReproduced)}, so this service's processes likely differ from one another, and with several per variant the test counts by how much instead of measuring twice`,
    );
  if (longer.length > 0) out.push(`run longer: ${longer.join('; ')}`);
  if (has(RATE_KINDS)) out.push(rateRemedy(comparison, kinds));
  if (has(LOAD_KINDS))
    out.push('re-run on a quieter runner (a dedicated or larger one): other work competed with this run');
  if (kinds.has('environment'))
    out.push('save a baseline on this environment (--save), so that runs are compared on the same kind of runner');
  if (kinds.has('population'))
    out.push('fix the errors first: with a different share of failed requests the latencies describe other requests');
  const heldBack = out.length > 0 ? out : ['re-run (noise differs from run to run)'];
  return [...new Set([...failed, ...heldBack])];
}

/** Below this share of a core, a generator that fell behind was not busy with its own work. */
const GENERATOR_OWN_BUSY_CORES = 0.5;

/**
 * A generator that fell behind while it used a small share of a core was held back by other work
 * on the runner, not by its rate: a new user's 50/s gate beside a bursty neighbour read "generator
 * saturated" with the generator at 0.03 cores, and "lower the rate" would not have helped.
 */
function rateRemedy(comparison: RemedyInput, kinds: Set<Reason['kind']>): string {
  const onlyGenerator = [...kinds].every(
    (kind) => !RATE_KINDS.has(kind) || kind === 'generator-behind' || kind === 'shared-lag',
  );
  const behind = (comparison.current?.scenarios ?? []).flatMap((s) => (s.generator?.saturated ? [s.generator] : []));
  const most = Math.max(...behind.map((g) => g.cpuCores));
  if (onlyGenerator && behind.length > 0 && most < GENERATOR_OWN_BUSY_CORES)
    return `re-run on a quieter runner (a dedicated or larger one): the load generator fell behind while it used at most ${formatCores(most)} of a core, so other work on the runner held it back, and a lower rate would not help`;
  return 'lower the rate: the generator or the service could not keep up';
}

function formatCores(cores: number): string {
  return cores < 0.1 ? cores.toFixed(2) : cores.toFixed(1);
}
