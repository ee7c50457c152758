// The text `perfgate plan` prints: per scenario and targeted metric, the MDE the run had, the
// target, and the measured window (at the run's rate) that reaches it; then the config change.
import { planTargets, type PlanRow, type ScenarioPlan } from '../compare/plan.js';
import { formatConfigDuration } from '../duration.js';
import type { Comparison } from '../types/comparison.js';
import type { CompareConfig, MetricName } from '../types/config.js';
import { formatCount, formatDuration, formatFixed, formatRps, metricLabel } from './format.js';
import { escapeLogText, renderTextTable } from './markup/text.js';
import { formatMdeValue } from './format.js';

function target(metric: MetricName, value: number): string {
  return metric === 'error_rate' ? `${formatFixed(value * 100, 2)} pp` : `${Number((value * 100).toPrecision(3))}%`;
}

function requests(plan: ScenarioPlan, ms: number): string {
  return formatCount(Math.round((plan.ratePerSec * ms) / 1000));
}

function needs(plan: ScenarioPlan, row: PlanRow): [string, string] {
  switch (row.status) {
    case 'met':
      return ['met', `${formatDuration(row.windowMs)} is enough`];
    case 'longer':
      return [
        `${formatFixed(row.growth!, 1)}× the data`,
        `${formatDuration(row.neededMs!)} (${requests(plan, row.neededMs!)} requests)`,
      ];
    case 'no-scaling':
      return ['not by length', '–'];
    case 'no-mde':
      return ['no MDE', '–'];
  }
}

/** The MDE, and the window it is of when an earlier look of an extended run judged the metric:
 * its "× the data" and its window are multiples of that look's, not of the whole run's (a flow
 * step judged at its first 15 s of 60 read "3.6× the data, 54 s" under "1m measured"). */
function mdeCell(plan: ScenarioPlan, row: PlanRow): string {
  const mde = formatMdeValue({ metric: row.metric, minDetectableEffect: row.mde });
  return row.windowMs < plan.durationMs ? `${mde} (first ${formatDuration(row.windowMs)})` : mde;
}

/** compare.detect as a config author writes it: `{ p50: 5%, p95: 10% }`. */
function detectYaml(targets: [MetricName, number][]): string {
  return `{ ${targets.map(([metric, value]) => `${metric}: ${metric === 'error_rate' ? value : target(metric, value)}`).join(', ')} }`;
}

/** What to set for one scenario, in words a config author acts on. */
function advice(plan: ScenarioPlan, detect: string | undefined): string[] {
  const out: string[] = [];
  for (const row of plan.rows.filter((r) => r.why !== undefined))
    out.push(`  ${metricLabel(row.metric)}: ${escapeLogText(row.why!)}`);
  const needed = plan.neededMs;
  if (needed === undefined) return out;
  if (needed <= plan.durationMs) {
    out.push(
      `  → this window (${formatDuration(plan.durationMs)} at ${formatRps(plan.ratePerSec)}) sees every target it can.`,
    );
    return out;
  }
  const setDetect = detect === undefined ? 'compare.detect' : `compare.detect: ${detect}`;
  const reach =
    needed <= plan.budgetMs
      ? `compare.extend lets the scenario reach ${formatDuration(plan.budgetMs)} by itself, and ${detect === undefined ? 'compare.detect makes it run on for these targets' : `${setDetect} makes it run on for them`}`
      : `compare.extend's budget reaches ${formatDuration(plan.budgetMs)} only: set the duration, or compare.extend.maxDuration: ${formatConfigDuration(needed)} with ${setDetect}`;
  out.push(
    `  → duration: ${formatConfigDuration(needed)} at ${formatRps(plan.ratePerSec)} ` +
      `(rate × duration ≈ ${requests(plan, needed)} requests per variant); ${reach}.`,
  );
  return out;
}

export function renderPlanText(
  plans: ScenarioPlan[],
  comparison: Comparison,
  compare: Pick<CompareConfig, 'detect'>,
  source: string,
): string {
  const targets = Object.entries(planTargets(compare)) as [MetricName, number][];
  const mode =
    comparison.ab !== undefined ? `A/B, ${comparison.ab.schedule}` : `${comparison.mode}, against a stored run`;
  const out = [
    `perfgate plan: the run each scenario needs to see ${targets.map(([m, v]) => `${metricLabel(m)} ${target(m, v)}`).join(', ')}` +
      ` (${compare.detect ? 'compare.detect' : 'the default targets; set compare.detect for others'})`,
    `from ${escapeLogText(source)} (${mode}); an MDE falls as 1/√n with the data n, faster while more data adds degrees of freedom, and never below the minimum effect`,
  ];
  if (plans.length === 0) {
    out.push('', 'No scenario has a targeted metric with a verdict to size from.');
    return `${out.join('\n')}\n`;
  }
  for (const plan of plans) {
    out.push(
      '',
      `${escapeLogText(plan.scenario)} · ${plan.executor} · ${formatRps(plan.ratePerSec)} × ${formatDuration(plan.durationMs)} measured (${requests(plan, plan.durationMs)} requests per variant)`,
    );
    const rows = [['metric', 'target', 'MDE now', 'needs', `window at ${formatRps(plan.ratePerSec)}`]];
    for (const row of plan.rows) {
      rows.push([
        metricLabel(row.metric),
        target(row.metric, row.target),
        row.mde === undefined ? '–' : mdeCell(plan, row),
        ...needs(plan, row),
      ]);
    }
    out.push(
      ...renderTextTable(rows, [false, true, true, false, false]),
      ...advice(plan, compare.detect ? undefined : detectYaml(targets)),
    );
  }
  out.push(
    '',
    'Time is what lowers an MDE for sure: more segments, pairs and tail requests at the same rate. A higher rate with the same',
    'number of requests helps only as far as the noise is per request, and only while the service keeps its latency at that rate.',
    "An extended run's later looks test at a smaller share of α: leave compare.extend's budget above these lengths.",
  );
  return `${out.join('\n')}\n`;
}
