// A burst of competing work in a duet. Both variants' requests of a block leave at one moment, so
// a neighbour that takes a core slows both alike: the delay it adds is the same on either side,
// and in the blocks it hit a change reads smaller than it is (a head 12% slower read +2% at p90
// there beside a bursty neighbour, +11% in the quiet blocks of the same run). Pairing cancels the
// burst's level, not this dilution, so a "no change" must hold even if every hit block had read
// no change at all: its interval, widened by the share of blocks hit, must stay within the
// minimum effect. Regressions and improvements stand (the dilution only shrinks them).
import { selectSegments } from '../contention.js';
import type { MetricComparison, Reason } from '../types/comparison.js';
import type { ScenarioResult } from '../types/results.js';

/** The share of a duet's blocks hit by a burst (rule 1 of contention.ts), and their count. */
export function sharedBurst(head: Pick<ScenarioResult, 'segments'>, pairs: number): { hit: number; blocks: number } {
  const segments = head.segments.slice(0, pairs);
  return { hit: selectSegments({ segments }).hits, blocks: segments.length };
}

/**
 * The hold for a "no change" that the burst could have diluted: when the interval, read as the
 * undiluted change (log ratio ÷ the share of blocks not hit), reaches past ± the minimum effect.
 */
export function sharedBurstHold(
  comparison: Pick<MetricComparison, 'changeInterval'>,
  minEffect: number,
  burst: { hit: number; blocks: number },
): { reason: Reason; verdicts: ['no change'] } | undefined {
  const interval = comparison.changeInterval;
  if (burst.hit === 0 || burst.blocks === 0 || interval === undefined) return undefined;
  const kept = 1 - burst.hit / burst.blocks;
  const undiluted = (change: number): number => (kept <= 0 ? Infinity : Math.expm1(Math.log1p(change) / kept));
  const reach = Math.max(Math.abs(undiluted(interval[0])), Math.abs(undiluted(interval[1])));
  if (!(reach > minEffect)) return undefined;
  return { reason: { kind: 'shared-burst', hit: burst.hit, blocks: burst.blocks }, verdicts: ['no change'] };
}
