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
import { addSamples, splitFrame, totalSamples, type FoldedProfile } from './folded.js';

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
  const inlined = inlinedOnOneSide(countFunctions(base), baseSamples, countFunctions(head), headSamples);
  const foldedBase = foldIntoCallers(base, inlined);
  const foldedHead = foldIntoCallers(head, inlined);
  const baseCounts = countFunctions(foldedBase);
  const headCounts = countFunctions(foldedHead);
  const keys = new Set([...baseCounts.keys(), ...headCounts.keys()]);
  const tested = [...keys].filter(
    (key) => (baseCounts.get(key)?.own ?? 0) + (headCounts.get(key)?.own ?? 0) > 0,
  ).length;
  const neighbours = ownCodeNeighbours([foldedBase, foldedHead]);
  const rose = (keys: Iterable<string>): boolean => {
    let baseOwn = 0;
    let headOwn = 0;
    for (const key of new Set(keys)) {
      baseOwn += baseCounts.get(key)?.own ?? 0;
      headOwn += headCounts.get(key)?.own ?? 0;
    }
    const level = rule.alpha / Math.max(1, tested);
    const shareRose =
      headOwn / headSamples - baseOwn / baseSamples >= rule.minShareChange &&
      twoProportionUpperP(baseOwn, baseSamples, headOwn, headSamples) < level;
    // Both variants served the same requests over the same window, so the samples themselves
    // compare too: a handler that V8 had inlined a 3× costlier callee into held 93% of the CPU
    // with it in the base and 97% in the head (no rise in share), but 153 → 753 samples.
    // Equal rates would split the samples evenly: the normal approximation of that binomial.
    const countRose =
      headOwn >= UNIT_COUNT_RISE * baseOwn &&
      headOwn > 0 &&
      1 - normalCdf((headOwn - baseOwn) / Math.sqrt(headOwn + baseOwn)) < level;
    return shareRose || countRose;
  };
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
      // Samples that only moved across a call V8 inlined in one variant: not a rise.
      const { callers = [], callees = [] } = neighbours.get(key) ?? {};
      if (!rose([key, ...callers]) || !rose([key, ...callees])) continue;
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
  if (grown.length === 0 && baseSamples > 0 && headSamples > 0) {
    const costlier = costlierSubtree(
      keys,
      neighbours,
      { baseCounts, headCounts, baseSamples, headSamples },
      rule.alpha / Math.max(1, tested),
    );
    if (costlier !== undefined) grown.push(costlier);
  }
  grown.sort((x, y) => y.ownShare[1] - y.ownShare[0] - (x.ownShare[1] - x.ownShare[0]) || (x.frame < y.frame ? -1 : 1));
  return { baseSamples, headSamples, rule: { ...rule, tested }, grown };
}

/**
 * When no function's own share rose, the innermost function whose samples together with all the
 * service's functions it calls grew by UNIT_COUNT_RISE or more, significantly. V8 can split a
 * costlier callee between its own line and its caller's (partly inlined): a 3× computeDiscount
 * read 57% → 59% of the CPU on its own line and its handler 30% → 38%, neither a rise, while the
 * two together went from 187 to 790 samples at the same load. Counts, not shares: a GC burst moves
 * every share (8% of one A/A variant, 46% of the other) but not the service's own samples.
 */
function costlierSubtree(
  keys: Set<string>,
  neighbours: Map<string, { callers: string[]; callees: string[] }>,
  counts: {
    baseCounts: Map<string, FunctionCounts & { frame: string }>;
    headCounts: Map<string, FunctionCounts & { frame: string }>;
    baseSamples: number;
    headSamples: number;
  },
  level: number,
): GrownFunction | undefined {
  const { baseCounts, headCounts, baseSamples, headSamples } = counts;
  let found: { grown: GrownFunction; size: number } | undefined;
  for (const key of keys) {
    const { frame: baseFrame, ...b } = baseCounts.get(key) ?? { own: 0, total: 0, frame: key };
    const { frame, ...h } = headCounts.get(key) ?? { own: 0, total: 0, frame: baseFrame };
    if (!isOwnCode(frame)) continue;
    const unit = new Set([key]);
    for (const next of unit) for (const callee of neighbours.get(next)?.callees ?? []) unit.add(callee);
    const countRise = (members: Iterable<string>): number => {
      let baseOwn = 0;
      let headOwn = 0;
      for (const member of members) {
        baseOwn += baseCounts.get(member)?.own ?? 0;
        headOwn += headCounts.get(member)?.own ?? 0;
      }
      if (headOwn < UNIT_COUNT_RISE * baseOwn || headOwn === 0) return 1;
      return 1 - normalCdf((headOwn - baseOwn) / Math.sqrt(headOwn + baseOwn));
    };
    const pValue = countRise(unit);
    if (pValue >= level) continue;
    // With its callers too: samples that only moved to a callee's line from its caller's (where V8
    // inlined it in the base) are no rise.
    if (countRise(new Set([...unit, ...(neighbours.get(key)?.callers ?? [])])) >= level) continue;
    if (found !== undefined && found.size <= unit.size) continue;
    found = {
      size: unit.size,
      grown: {
        frame,
        ...splitFrame(frame),
        base: b,
        head: h,
        ownShare: [b.own / baseSamples, h.own / headSamples],
        totalShare: [b.total / baseSamples, h.total / headSamples],
        pValue,
      },
    };
  }
  return found?.grown;
}

/**
 * A function V8 inlined into its caller in one variant and not in the other has its samples on
 * the caller's line there and on its own here: an A/A run once listed formatPrice as grown from
 * 0% to 14% of the CPU, all of it inlined into the request handler in the base. Such a function
 * (its share on one side under a tenth of the other's) is counted as part of its callers in both
 * variants, so what is compared is the same code. A function the PR added or removed is folded
 * the same way: a costly new one is then listed as its caller, which grew by its cost. Node's own
 * JavaScript is inlined per process as well: an A/A run on Node 24 listed `set
 * (node:_http_outgoing)` at 0 → 7% of the head's samples, in the response's end after the handler
 * returned, where no frame of the service's code owns the sample. So every function with a place
 * is folded so; the pseudo-frames (the GC, the program) have none and are never inlined.
 */
const INLINED_SHARE_RATIO = 0.1;

function inlinedOnOneSide(
  base: Map<string, FunctionCounts & { frame: string }>,
  baseSamples: number,
  head: Map<string, FunctionCounts & { frame: string }>,
  headSamples: number,
): Set<string> {
  const folded = new Set<string>();
  if (baseSamples === 0 || headSamples === 0) return folded;
  for (const key of new Set([...base.keys(), ...head.keys()])) {
    const frame = head.get(key)?.frame ?? base.get(key)!.frame;
    if (splitFrame(frame).location === undefined) continue;
    const baseShare = (base.get(key)?.total ?? 0) / baseSamples;
    const headShare = (head.get(key)?.total ?? 0) / headSamples;
    if (Math.min(baseShare, headShare) < INLINED_SHARE_RATIO * Math.max(baseShare, headShare)) folded.add(key);
  }
  return folded;
}

/**
 * Per function, the service's own functions that called it or that it called directly (the next
 * own-code frame out and in), in either variant. V8 inlines per process and can inline a callee
 * only partly: in A/A runs samples moved between a handler's line and computeDiscount's, the
 * handler's own count 46 → 112 while computeDiscount's fell. So a function is listed only when its
 * rise holds with its callers' samples counted in and with its callees' counted in as well.
 */
function ownCodeNeighbours(profiles: FoldedProfile[]): Map<string, { callers: string[]; callees: string[] }> {
  const callers = new Map<string, Set<string>>();
  const callees = new Map<string, Set<string>>();
  const link = (map: Map<string, Set<string>>, from: string, to: string): void => {
    let set = map.get(from);
    if (!set) map.set(from, (set = new Set()));
    set.add(to);
  };
  for (const profile of profiles) {
    for (const stack of profile.keys()) {
      const own = stack
        .split(';')
        .filter(isOwnCode)
        .map(functionKey)
        .filter((key, i, keys) => i === 0 || keys[i - 1] !== key);
      for (let i = 1; i < own.length; i++) {
        link(callers, own[i]!, own[i - 1]!);
        link(callees, own[i - 1]!, own[i]!);
      }
    }
  }
  const out = new Map<string, { callers: string[]; callees: string[] }>();
  for (const key of new Set([...callers.keys(), ...callees.keys()]))
    out.set(key, { callers: [...(callers.get(key) ?? [])], callees: [...(callees.get(key) ?? [])] });
  return out;
}

/**
 * How much a function and its callers (or callees) together must have grown in samples to count
 * as a rise without a rise in share. Not a small factor: two processes of one build differ in
 * samples for the same requests (JIT tiering reached at different times, the scheduler holding one
 * back), and in A/A gates of the profile e2e test, on a busy 2-core machine, the handler with all
 * it calls took 1.52× and 1.8× the samples in the head (2 of 9 runs, each naming it at p < 1e-5).
 * The rise this rule was made for, a handler V8 had inlined a 3× costlier callee into, was 4.9×.
 */
const UNIT_COUNT_RISE = 2.5;

/** The profile with the frames of `functions` taken out of every stack (their samples go to the caller). */
function foldIntoCallers(profile: FoldedProfile, functions: Set<string>): FoldedProfile {
  if (functions.size === 0) return profile;
  const folded: FoldedProfile = new Map();
  for (const [stack, samples] of profile) {
    const frames = stack.split(';');
    const kept = frames.filter((frame) => !functions.has(functionKey(frame)));
    addSamples(folded, (kept.length > 0 ? kept : frames).join(';'), samples);
  }
  return folded;
}

/** P(a rise this large or larger | both shares equal), pooled two-proportion z-test. */
export function twoProportionUpperP(x1: number, n1: number, x2: number, n2: number): number {
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  const rise = x2 / n2 - x1 / n1;
  if (se === 0) return rise > 0 ? 0 : 1;
  return 1 - normalCdf(rise / se);
}
