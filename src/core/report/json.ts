// The comparison as JSON (`--format json`): the verdicts and their figures without the raw
// histograms (those are in the results file already), each reason in the words the other
// reports use.
import type { Comparison } from '../types/comparison.js';
import { describeReason } from './reasons.js';

export function renderComparisonJson(comparison: Comparison): string {
  const { current, scenarios, regressions, improvements, ...rest } = comparison;
  const worded = <T extends Comparison['regressions'][number]>(m: T) => ({
    ...m,
    reasons: m.reasons.map(describeReason),
  });
  return JSON.stringify(
    {
      ...rest,
      current: { configHash: current.configHash, startTime: current.startTime, git: current.git },
      scenarios: scenarios.map(({ name, metrics, thresholds, notes }) => ({
        name,
        metrics: metrics.map(worded),
        thresholds,
        notes,
      })),
      regressions: regressions.map(worded),
      improvements: improvements.map(worded),
    },
    null,
    2,
  );
}
