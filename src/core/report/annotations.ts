// The workflow run's annotations: GitHub shows at most 10 error and 10 warning annotations per
// step (50 per job), and one run with 300 scenarios wrote 903. So a run with more than a handful
// gets one summary annotation and the worst few; the rest are in the job summary.
import type { Comparison, MetricComparison, ThresholdResult } from '../types/comparison.js';
import { describeMetricChange } from './sentences.js';
import { pluralize } from './format.js';

export interface Annotation {
  level: 'error' | 'warning';
  title: string;
  message: string;
}

/** At most this many annotations per run: under GitHub's 10 per step, with room for other warnings. */
export const MAX_ANNOTATIONS = 5;

function breachAnnotation(breach: ThresholdResult): Annotation {
  return {
    level: 'error',
    title: `perfgate: threshold breached in ${breach.scenario}`,
    message: `threshold ${breach.expression} of ${breach.scenario} breached: the value was ${breach.actual}`,
  };
}

function regressionAnnotation(regression: MetricComparison, acceptedBy: string | undefined): Annotation {
  return acceptedBy === undefined
    ? {
        level: 'error',
        title: `perfgate: ${regression.metric} of ${regression.scenario} regressed`,
        message: describeMetricChange(regression),
      }
    : {
        // The step passed: an error annotation would contradict it, a notice would hide it.
        level: 'warning',
        title: `perfgate: regression accepted by ${acceptedBy}: ${regression.metric} of ${regression.scenario}`,
        message: describeMetricChange(regression),
      };
}

/**
 * Breaches first (a limit the config sets), then the regressions with the largest change; when
 * there are more than `max`, one summary annotation and the worst `max - 1`.
 */
export function planAnnotations(
  comparison: Pick<Comparison, 'regressions' | 'breaches' | 'accepted'>,
  max = MAX_ANNOTATIONS,
): Annotation[] {
  const regressions = [...comparison.regressions].sort((a, b) => b.change - a.change);
  const all = [
    ...comparison.breaches.map(breachAnnotation),
    ...regressions.map((r) => regressionAnnotation(r, comparison.accepted?.by)),
  ];
  if (all.length <= max) return all;
  const shown = all.slice(0, Math.max(0, max - 1));
  const parts = [
    comparison.regressions.length > 0
      ? `${pluralize(comparison.regressions.length, 'regression')}${comparison.accepted ? ` accepted by ${comparison.accepted.by}` : ''}`
      : undefined,
    comparison.breaches.length > 0 ? `${pluralize(comparison.breaches.length, 'threshold')} breached` : undefined,
  ].filter((part): part is string => part !== undefined);
  return [
    {
      level: shown.some((a) => a.level === 'error') ? 'error' : 'warning',
      title: `perfgate: ${parts.join(', ')}`,
      message: `${parts.join(', ')}: the worst ${shown.length} are annotated here, the other ${all.length - shown.length} are listed in the job summary and the report`,
    },
    ...shown,
  ];
}
