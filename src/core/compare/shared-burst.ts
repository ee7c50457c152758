// A burst of competing work in a duet. Both variants' requests of a block leave at one moment, so
// a neighbour that takes a core slows both alike: the delay it adds is the same on either side,
// and in the blocks it hit a change reads smaller than it is (a head 12% slower read +2% at p90
// there beside a bursty neighbour, +11% in the quiet blocks of the same run; a +10.5% head read
// +6% over a whole run with a neighbour bursting a core). Pairing cancels the burst's level, not
// this dilution. So the blocks a burst hit are left out of every test, for both variants alike
// (rule 1 of contention.ts, the stored modes' own): which blocks go is decided by the machine's
// figures, never by the latencies, so an A/A stays an A/A. Beyond the cap on what is left out,
// the hit blocks that stay could still dilute a change, and a "no change" must then hold even if
// every one of them had read no change at all: its interval, widened by their share, must stay
// within the minimum effect. Regressions and improvements stand (the dilution only shrinks them).
import { scenarioOverSegments, selectSegments, type SegmentSelection } from '../contention.js';
import { MIN_BLOCKS } from '../stats/block-bootstrap.js';
import type { MetricComparison, Reason } from '../types/comparison.js';
import type { ScenarioResult } from '../types/results.js';

export interface DuetBlocks {
  head: ScenarioResult;
  base: ScenarioResult;
  /** Hit blocks kept beyond the cap, and the blocks kept: what sharedBurstHold weighs. */
  burst: { hit: number; blocks: number };
  /** One sentence for the report when blocks were left out or hit but kept. */
  reason?: string;
}

/**
 * A duet's first `pairs` blocks, less those a burst hit. The hit blocks are read off the head's
 * record of the machine: in a duet each block's figures are one measurement shared by both.
 */
export function duetBlocks(head: ScenarioResult, base: ScenarioResult, pairs: number): DuetBlocks {
  const headSegments = head.segments.slice(0, pairs);
  const baseSegments = base.segments.slice(0, pairs);
  const selection = selectSegments(
    { segments: headSegments },
    { keepAtLeast: MIN_BLOCKS, unit: 'block', keptHits: 'a "no change" they could have diluted is held back' },
  );
  const out = new Set(selection.excluded.map((segment) => segment.index));
  const baseSelection: SegmentSelection = {
    ...selection,
    kept: baseSegments.filter((_, index) => !out.has(index)),
  };
  const kept = selection.kept.length;
  return {
    head: scenarioOverSegments({ ...head, segments: headSegments }, selection),
    base: scenarioOverSegments({ ...base, segments: baseSegments }, baseSelection),
    burst: { hit: selection.hits - selection.excluded.length, blocks: kept },
    ...(selection.reason !== undefined ? { reason: selection.reason } : {}),
  };
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
