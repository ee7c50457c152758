// Which functions' share of the CPU samples grew from base to head, and by more than noise.
//
// Each function gets two counts per profile: `own`, the samples where it is the innermost frame
// of the service's own code (the library and runtime calls it makes count as its own, so a
// function made costlier by a slower hashing loop is named, not node:internal/crypto), and
// `total`, the samples where it is anywhere on the stack. Shares are of the samples that spent
// CPU (V8's (idle) is left out when folding). A function is listed as grown when its own share
// rose by at least `minShareChange` (absolute: 0.02 = 2 points of the CPU) and a one-sided
// two-proportion z-test on its own counts rejects "no growth" at alpha / m (Bonferroni over the
// m functions that had samples). Samples taken 1 ms apart are not independent, so the z-test
// alone over-rejects on long windows; the minimum share keeps a 10 s window's noise off the list.
import { normalCdf } from '../stats/t-distribution.js';
import type { FunctionCounts, GrownFunction } from '../types/results.js';
import { splitFrame, totalSamples, type FoldedProfile } from './folded.js';

export interface ProfileRule {
  /** Family-wise level over every function tested. */
  alpha: number;
  /** Smallest rise of a function's own share of the CPU samples that is listed (0.02 = 2 points). */
  minShareChange: number;
}

export const DEFAULT_PROFILE_RULE: ProfileRule = { alpha: 0.001, minShareChange: 0.02 };

export type { FunctionCounts, GrownFunction };

export interface ProfileComparison {
  baseSamples: number;
  headSamples: number;
  rule: ProfileRule & { tested: number };
  /** Listed functions, the largest rise of own share first. */
  grown: GrownFunction[];
}

/** Where a frame is the service's own code: a place that is not node's (node:…) own. */
/**
 * V8's pseudo-frames ((garbage collector), (program)): not code a reviewer can open, and bursty
 * (one major GC is hundreds of consecutive samples, which a test of independent samples takes for
 * a real shift: an A/A run once showed the GC at 8% of one variant and 46% of the other). They
 * are drawn in the flame graph but never listed.
 */
export function isPseudoFrame(frame: string): boolean {
  // By name and place: "(anonymous) (server.mjs:15)" is a handler a reviewer can open.
  const { name, location } = splitFrame(frame);
  return location === undefined && /^\(.*\)$/.test(name);
}

export function isOwnCode(frame: string): boolean {
  const { location } = splitFrame(frame);
  return location !== undefined && !location.startsWith('node:');
}

/**
 * A function as compared: its name and file without the line, since a head that adds lines above
 * a function moves it, and the same function must not look new (and so grown) in the head.
 */
export function functionKey(frame: string): string {
  const { name, location } = splitFrame(frame);
  return location === undefined ? name : `${name} (${location.replace(/:\d+(?::\d+)?$/, '')})`;
}

/** Per function (functionKey): its counts, and the frame it was last seen as (with its line). */
export function countFunctions(profile: FoldedProfile): Map<string, FunctionCounts & { frame: string }> {
  const counts = new Map<string, FunctionCounts & { frame: string }>();
  const entry = (frame: string): FunctionCounts => {
    const key = functionKey(frame);
    let found = counts.get(key);
    if (!found) counts.set(key, (found = { own: 0, total: 0, frame }));
    return found;
  };
  for (const [stack, samples] of profile) {
    const frames = stack.split(';');
    for (const key of new Set(frames.map(functionKey)))
      entry(frames.find((frame) => functionKey(frame) === key)!).total += samples;
    let owner = frames.length - 1;
    while (owner >= 0 && !isOwnCode(frames[owner]!)) owner--;
    // No frame of the service's own code (the GC, a native thread, a perf profile without
    // places): the innermost frame owns the sample.
    entry(frames[owner >= 0 ? owner : frames.length - 1]!).own += samples;
  }
  return counts;
}

export function compareProfiles(
  base: FoldedProfile,
  head: FoldedProfile,
  rule: ProfileRule = DEFAULT_PROFILE_RULE,
): ProfileComparison {
  const baseSamples = totalSamples(base);
  const headSamples = totalSamples(head);
  const baseCounts = countFunctions(base);
  const headCounts = countFunctions(head);
  const keys = new Set([...baseCounts.keys(), ...headCounts.keys()]);
  const tested = [...keys].filter(
    (key) => (baseCounts.get(key)?.own ?? 0) + (headCounts.get(key)?.own ?? 0) > 0,
  ).length;
  const grown: GrownFunction[] = [];
  if (baseSamples > 0 && headSamples > 0) {
    for (const key of keys) {
      const { frame: baseFrame, ...b } = baseCounts.get(key) ?? { own: 0, total: 0, frame: key };
      const { frame: headFrame, ...h } = headCounts.get(key) ?? { own: 0, total: 0, frame: baseFrame };
      // The head's line: where the reviewer finds the function in the PR.
      const frame = headFrame;
      if (isPseudoFrame(frame)) continue;
      const ownShare: [number, number] = [b.own / baseSamples, h.own / headSamples];
      if (ownShare[1] - ownShare[0] < rule.minShareChange) continue;
      const pValue = twoProportionUpperP(b.own, baseSamples, h.own, headSamples);
      if (pValue >= rule.alpha / Math.max(1, tested)) continue;
      grown.push({
        frame,
        ...splitFrame(frame),
        base: b,
        head: h,
        ownShare,
        totalShare: [b.total / baseSamples, h.total / headSamples],
        pValue,
      });
    }
  }
  grown.sort((x, y) => y.ownShare[1] - y.ownShare[0] - (x.ownShare[1] - x.ownShare[0]) || (x.frame < y.frame ? -1 : 1));
  return { baseSamples, headSamples, rule: { ...rule, tested }, grown };
}

/** P(a rise this large or larger | both shares equal), pooled two-proportion z-test. */
export function twoProportionUpperP(x1: number, n1: number, x2: number, n2: number): number {
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  const rise = x2 / n2 - x1 / n1;
  if (se === 0) return rise > 0 ? 0 : 1;
  return 1 - normalCdf(rise / se);
}
