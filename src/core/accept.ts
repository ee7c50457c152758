// Accepting an intended regression on purpose: a PR label or a maintainer's comment command turns a
// gate that failed on regressions alone into a pass that says so in every report. The regressions
// stay listed (and in the regressions output): an accepted regression is never "no regression".
// A breached threshold is not accepted: it is a limit the config sets, changed in the config.
import type { Comparison, MetricComparison } from './types/comparison.js';
import { formatSignedPercent, formatSignedPoints, metricLabel } from './report/format.js';

/** Who accepted, as the reports say it: "label perf-accepted", "@alice", "label perf-accepted on #7". */
export interface Acceptance {
  /** `label perf-accepted` or `@alice` (with ` on #7` when it came from the merged PR of a push). */
  by: string;
}

/** The default label, and the comment command a user with write access can post instead. */
export const DEFAULT_ACCEPT_LABEL = 'perf-accepted';
export const DEFAULT_ACCEPT_COMMAND = '/perfgate accept';

/** Whether a comment's body holds the command on a line of its own (trailing words are a reason). */
export function hasAcceptCommand(body: string, command: string): boolean {
  if (command === '') return false;
  const wanted = command.trim().toLowerCase();
  return body
    .split(/\r?\n/)
    .map((line) => line.trim().toLowerCase())
    .some((line) => line === wanted || line.startsWith(`${wanted} `));
}

/** Only a failure made of regressions alone can be accepted; says why not otherwise. */
export function canAccept(comparison: Pick<Comparison, 'verdict' | 'regressions' | 'breaches'>): boolean {
  return comparison.verdict === 'fail' && comparison.regressions.length > 0 && comparison.breaches.length === 0;
}

/** "p95 +12.3%", the change as the headline says it. No scenario name: the headline is written
 * unescaped into every report, and a name is the config's (on a PR, the PR's) text; the report's
 * list of regressions names them, escaped. */
export function describeAcceptedChange(m: Pick<MetricComparison, 'metric' | 'change'>): string {
  const amount = m.metric === 'error_rate' ? formatSignedPoints(m.change) : formatSignedPercent(m.change, 1);
  return `${metricLabel(m.metric)} ${amount}`;
}

/**
 * The comparison with its regressions accepted: verdict pass, the acceptance recorded, the
 * regressions kept. A comparison that cannot be accepted (a breach, or nothing failed) is
 * returned as it is, with a note when the acceptance was asked for in vain.
 */
export function acceptRegressions(comparison: Comparison, acceptance: Acceptance): Comparison {
  if (comparison.verdict !== 'fail') return comparison;
  if (!canAccept(comparison)) {
    return {
      ...comparison,
      notes: [
        ...comparison.notes,
        `${acceptance.by} accepts regressions, not breached thresholds: the gate still fails; change the threshold in the config if the new level is intended`,
      ],
    };
  }
  return { ...comparison, verdict: 'pass', accepted: { by: acceptance.by } };
}

/** The headline words of an accepted run: "1 regression accepted by label perf-accepted: p95 +12.3%". */
export function describeAcceptance(comparison: Pick<Comparison, 'regressions' | 'accepted'>): string | undefined {
  if (!comparison.accepted) return undefined;
  const shown = 3;
  const list = comparison.regressions.slice(0, shown).map(describeAcceptedChange);
  const more = comparison.regressions.length > shown ? `, and ${comparison.regressions.length - shown} more` : '';
  const count = comparison.regressions.length;
  return `${count} regression${count === 1 ? '' : 's'} accepted by ${comparison.accepted.by}: ${list.join(', ')}${more}`;
}
