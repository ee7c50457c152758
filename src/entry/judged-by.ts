// The mode, baseline and baseline-detail outputs: which comparison judged a run and what its
// reference was. Shared by the gate (mode run and merge) and mode report, so that a workflow
// reads the same three outputs whichever step judged.
import * as core from '@actions/core';
import type { Comparison } from '../core/types/comparison.js';
import { Outputs } from './action-inputs.js';

/**
 * Which mode judged (ab, stored, history, thresholds) and what the baseline was: found (the base
 * ran beside the head, or a stored baseline), fallback (A/B was asked for, the base could not
 * run, a stored baseline judged), or none (thresholds alone), with why.
 */
export function describeJudgement(
  comparison: Pick<Comparison, 'mode' | 'baselineStatus' | 'ab' | 'baseline'>,
  abAsked: { fallback?: string } | undefined,
): { mode: 'ab' | 'stored' | 'history' | 'thresholds'; baseline: 'found' | 'fallback' | 'none'; detail: string } {
  const modes = { ab: 'ab', bootstrap: 'stored', history: 'history', 'thresholds-only': 'thresholds' } as const;
  const mode = modes[comparison.mode];
  const fallback = abAsked?.fallback ?? 'the base could not run';
  if (mode === 'ab')
    return {
      mode,
      baseline: 'found',
      detail: `the base ${comparison.ab?.baseCommit?.slice(0, 7) ?? 'checkout'} ran beside the head`,
    };
  if (comparison.baselineStatus.kind !== 'ok')
    return {
      mode,
      baseline: 'none',
      detail: `${abAsked ? `${fallback}; ` : ''}${comparison.baselineStatus.detail}`,
    };
  const stored = `the stored baseline${comparison.baseline?.commit ? ` of ${comparison.baseline.commit.slice(0, 7)}` : ''}, saved ${comparison.baseline?.savedAt ?? 'earlier'}`;
  return abAsked
    ? { mode, baseline: 'fallback', detail: `${fallback}; judged against ${stored}` }
    : { mode, baseline: 'found', detail: stored };
}

/** Sets the mode, baseline and baseline-detail outputs from the comparison that judged. */
export function setJudgementOutputs(
  comparison: Pick<Comparison, 'mode' | 'baselineStatus' | 'ab' | 'baseline'>,
  abAsked: { fallback?: string } | undefined,
): void {
  const judgedBy = describeJudgement(comparison, abAsked);
  core.setOutput(Outputs.mode, judgedBy.mode);
  core.setOutput(Outputs.baseline, judgedBy.baseline);
  core.setOutput(Outputs.baselineDetail, judgedBy.detail);
}
