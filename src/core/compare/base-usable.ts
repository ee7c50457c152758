// Whether an A/B base could serve at all. The base is the reference every change of the head is
// measured against; a base that answered mostly errors (a broken build, a service killed mid-run)
// makes any head look better: its error rate "improves", and its latencies are held back because
// the populations differ, so a PASS came out of a run in which the head was never judged. Such a
// base gives no verdict: src/core/gate.ts judges the run like one whose base did not boot (the
// stored baseline, else thresholds, else no verdict), with the note below.
import { NoVerdictError } from '../errors.js';
import { maskText } from '../mask.js';
import type { Results, ScenarioResult } from '../types/results.js';

/** A base that failed this share of its requests or more served fewer than it failed: no reference. */
export const BASE_MAX_ERROR_RATE = 0.5;
/** A base whose error rate is this many points (a fraction) above the head's lost a fifth of its
 * requests that the head served: its ok requests are another population, and its errors alone
 * would read as the head's improvement. */
export const BASE_MAX_ERROR_RISE = 0.2;

/** 0.593 → "59.3%", 1 → "100%". */
function formatPercentPlain(share: number): string {
  return `${Number((share * 100).toFixed(1))}%`;
}

export interface UnusableBase {
  scenario: string;
  /** The base's failed and total requests (a capacity scenario's: over every level of its search). */
  baseFailed: number;
  baseTotal: number;
  headErrorRate: number;
  baseErrorRate: number;
}

/** Failed and total requests; a capacity search's over all its levels (its own figures are the
 * final level's alone, and a base that died mid-search shows in the levels before it). */
function failures(scenario: ScenarioResult): { failed: number; total: number } {
  const levels = scenario.capacity?.levels;
  if (levels !== undefined && levels.length > 0) {
    const failed = levels.reduce((n, level) => n + level.requests.ko, 0);
    const total = levels.reduce((n, level) => n + level.requests.ok + level.requests.ko, 0);
    return { failed, total };
  }
  return { failed: scenario.requests.ko, total: scenario.requests.ok + scenario.requests.ko };
}

/** Every scenario of the run whose base could not serve: the first `BASE_MAX_ERROR_RATE` or
 * `BASE_MAX_ERROR_RISE` it crossed. A base that sent no request at all served none either. */
export function findUnusableBase(current: Results): UnusableBase[] {
  const base = current.ab?.base;
  if (base === undefined) return [];
  const out: UnusableBase[] = [];
  for (const head of current.scenarios) {
    const peer = base.scenarios.find((scenario) => scenario.name === head.name);
    if (peer === undefined) continue;
    const b = failures(peer);
    const h = failures(head);
    const baseErrorRate = b.total > 0 ? b.failed / b.total : 1;
    const headErrorRate = h.total > 0 ? h.failed / h.total : 1;
    if (baseErrorRate >= BASE_MAX_ERROR_RATE || baseErrorRate - headErrorRate >= BASE_MAX_ERROR_RISE) {
      out.push({ scenario: head.name, baseFailed: b.failed, baseTotal: b.total, headErrorRate, baseErrorRate });
    }
  }
  return out;
}

function describeOne(u: UnusableBase): string {
  return `${maskText(u.scenario)}: ${u.baseFailed} of ${u.baseTotal} base requests failed (${formatPercentPlain(u.baseErrorRate)}; head ${formatPercentPlain(u.headErrorRate)})`;
}

/** What a base that could not serve failed ("api: 1825 of 6169 base requests failed (29.6%; head
 * 0.2%)"), or undefined when it could. */
export function describeUnusableBaseFigures(current: Results): string | undefined {
  const unusable = findUnusableBase(current);
  return unusable.length === 0 ? undefined : unusable.map(describeOne).join('; ');
}

/** The note of a run judged without its base, or undefined when the base could serve. */
export function describeUnusableBase(current: Results): string | undefined {
  const figures = describeUnusableBaseFigures(current);
  if (figures === undefined) return undefined;
  return (
    `A/B: the base could not serve (${figures}), so it is no reference: ` +
    `a base counts as one while it fails less than ${formatPercentPlain(BASE_MAX_ERROR_RATE)} of its requests and no more than ${Math.round(BASE_MAX_ERROR_RISE * 100)} points above the head. ` +
    `This run is compared with the stored baseline instead. Find why the base failed in its service log (a broken build of the base branch, a service that exited) and run again.`
  );
}

/** Why a run whose base could not serve, with nothing else to judge it, has no verdict. */
export function describeUnusableBaseNoVerdict(current: Results): string {
  return (
    `A/B: the base could not serve (${describeUnusableBaseFigures(current) ?? ''}), and nothing else could judge this run: no stored baseline holds its scenarios and no thresholds are set. ` +
    `A base that fails ${formatPercentPlain(BASE_MAX_ERROR_RATE)} of its requests or more (or ${Math.round(BASE_MAX_ERROR_RISE * 100)} points more than the head) is no reference, so this is no verdict, not a pass. ` +
    `Find why the base failed in its service log and run again, or give the run another reference: a stored baseline (gate --save on the main branch) or thresholds.`
  );
}

/**
 * The guard at the top of comparePaired: a paired comparison against a base that could not serve
 * is refused (exit 3). judgeRun routes such runs to the stored baseline first, so this is reached
 * only by a caller that pairs without it.
 */
export function refuseUnusableBase(current: Results): void {
  if (findUnusableBase(current).length > 0) throw new NoVerdictError(describeUnusableBaseNoVerdict(current));
}
