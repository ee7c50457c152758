// The gate's judgement in one pure function: thresholds, the baseline's state and the comparison.
// The callers (CLI `gate`/`compare`, the action) fetch the baseline text and act on the verdict.
import type { Baseline, Results } from './types/results.js';
import type { BaselineStatus, Comparison } from './types/comparison.js';
import type { Config } from './types/config.js';
import { parseBaseline } from './results/baseline.js';
import { errorCeilingBreaches, evaluateThresholds } from './thresholds.js';
import { comparePaired, compareRuns } from './compare/index.js';
import { compareSequential } from './compare/sequential.js';
import { applyConfirmation } from './compare/confirm.js';
import { withResolvedDetect } from './compare/more-data.js';
import { maskSecrets, maskText } from './mask.js';
import { NoVerdictError, ServiceExitError } from './errors.js';
import { describeUnusableBase, describeUnusableBaseNoVerdict } from './compare/base-usable.js';
import { resultsAtLook, runLookCount } from './results/extend.js';
import { describeDelayedAckStall } from './compare/delayed-ack.js';

/** What a baseline store handed back: the text, or why there is none. */
export type BaselineLookup =
  | { kind: 'found'; text: string; source: string }
  | { kind: 'missing'; detail: string }
  | { kind: 'unreadable'; detail: string };

export interface Judgement {
  comparison: Comparison;
  /** The parsed baseline, when it could be used; a later save carries its history forward. */
  baseline?: Baseline;
}

export function judgeRun(input: {
  current: Results;
  config: Pick<Config, 'thresholds' | 'compare'>;
  baseline: BaselineLookup;
  seed?: number;
}): Judgement {
  const thresholds = [
    ...evaluateThresholds(input.config.thresholds, input.current),
    // Nothing succeeded, or most failed: a failure without any threshold (thresholds.ts).
    ...errorCeilingBreaches(input.config.thresholds, input.current, input.config.compare.maxErrorRate),
  ];
  let baseline: Baseline | undefined;
  let baselineStatus: BaselineStatus;
  if (input.baseline.kind === 'found') {
    const parsed = parseBaseline(input.baseline.text, input.current.configHash, {
      historyLength: input.config.compare.historyLength,
      source: input.baseline.source,
    });
    baselineStatus = parsed.status;
    if ('baseline' in parsed) baseline = parsed.baseline;
  } else {
    baselineStatus = input.baseline;
  }
  const compareInput = {
    current: input.current,
    baseline,
    baselineStatus,
    compare: input.config.compare,
    thresholds,
    ...(input.seed === undefined ? {} : { seed: input.seed }),
  };
  const ab = input.current.ab;
  const { nothingPaired, unusableAt, paired } = baseAsReference(input.current);
  let comparison: Comparison;
  if (paired) {
    const pairedInput = { ...compareInput, compare: withResolvedDetect(compareInput.compare, true) };
    comparison = applyConfirmation(compareSequential(pairedInput, comparePaired, true), pairedInput);
  } else {
    comparison = compareSequential(compareInput, compareRuns);
    if (ab?.baseFailure) comparison.notes.unshift(describeBaseFailure(ab.baseFailure));
    if (nothingPaired !== undefined) comparison.notes.unshift(nothingPaired);
    if (unusableAt !== undefined) comparison.notes.unshift(unusableAt.note);
  }
  // What the figures themselves say about the service, whatever the verdict (compare/delayed-ack.ts).
  comparison.scenarios = comparison.scenarios.map((scenario) => {
    const stall = describeDelayedAckStall(scenario.current, input.current.environment.os);
    return stall === undefined ? scenario : { ...scenario, notes: [...scenario.notes, stall] };
  });
  const nothingJudged = thresholds.length === 0 && comparison.scenarios.every((s) => s.metrics.length === 0);
  if (nothingPaired !== undefined && nothingJudged) throw new NoVerdictError(describeNothingJudged(input.current));
  if (unusableAt !== undefined && nothingJudged)
    throw new NoVerdictError(describeUnusableBaseNoVerdict(unusableAt.results));
  return baseline ? { comparison, baseline } : { comparison };
}

/** Whether judgeRun pairs the head with the base inside these results (A/B mode), rather than
 * judging them against a stored baseline: a base that booted, ran the head's scenarios and could
 * serve at every look. */
export function pairsWithOwnBase(current: Results): boolean {
  return baseAsReference(current).paired;
}

/** What keeps a booted base from being the head's reference (judgeRun's one rule): it ran none of
 * the head's scenarios, or it could not serve (compare/base-usable.ts), judged like a base that did
 * not boot, at whichever look of an extended run it failed in. */
function baseAsReference(current: Results): {
  nothingPaired?: string;
  unusableAt?: { note: string; results: Results };
  paired: boolean;
} {
  const ab = current.ab;
  if (ab === undefined || ab.baseFailure !== undefined) return { paired: false };
  const nothingPaired = describeNothingPaired(current);
  if (nothingPaired !== undefined) return { nothingPaired, paired: false };
  const unusableAt = unusableBaseLook(current);
  return unusableAt === undefined ? { paired: true } : { unusableAt, paired: false };
}

/** The first look of the run (the planned window, then each extension) whose base could not serve. */
function unusableBaseLook(current: Results): { note: string; results: Results } | undefined {
  const looks = runLookCount(current);
  for (let look = 0; look < looks; look++) {
    const results = looks > 1 ? resultsAtLook(current, look) : current;
    const note = describeUnusableBase(results);
    if (note !== undefined) return { note, results };
  }
  return undefined;
}

/**
 * A base that ran none of the head's scenarios (its config renamed them, or is another config)
 * gives 0 pairs: an A/B verdict over nothing would read as a pass. Such a run is judged like one
 * whose base did not boot, against the stored baseline, and says why.
 */
export function describeNothingPaired(current: Results): string | undefined {
  const base = current.ab?.base.scenarios ?? [];
  const baseNames = new Set(base.map((scenario) => scenario.name));
  if (current.scenarios.length === 0 || current.scenarios.some((scenario) => baseNames.has(scenario.name)))
    return undefined;
  const list = (names: string[]) => (names.length > 0 ? names.map((name) => maskText(name)).join(', ') : 'none');
  return `A/B: the base ran none of the head's scenarios (head: ${list(current.scenarios.map((s) => s.name))}; base: ${list([...baseNames])}), so nothing could be paired and this run is compared with the stored baseline instead. Give the base's config the same scenario names, or set base-ref: none.`;
}

/** Why a 0-pair A/B run that nothing else could judge has no verdict, and what gives it one. */
export function describeNothingJudged(current: Results): string {
  const names = current.scenarios.map((scenario) => maskText(scenario.name)).join(', ');
  return `A/B: the base ran none of the head's scenarios (${names}), and nothing else could judge this run: no stored baseline holds them and no thresholds are set. That is no verdict, not a pass. Give the base's config the same scenario names, set thresholds on the new names, or judge this change without A/B once (the action's base-ref: none; the CLI without --base-ref or --base-dir).`;
}

/** An A/B run whose base did not boot falls back to the stored baseline, and says why. */
export function describeBaseFailure(failure: NonNullable<NonNullable<Results['ab']>['baseFailure']>): string {
  // Results may come from an untrusted run: mask again what has the form of a credential.
  const lines = maskSecrets(failure.logTail.slice(-10));
  const tail = lines.length > 0 ? ` Last lines of its log: ${lines.join(' ⏎ ')}` : '';
  const reason = maskText(failure.reason);
  // A failed setup: the run never reached the base's services (see entry/ab-setup.ts SETUP_FAILURE).
  if (failure.service === 'setup')
    return `A/B: the base's setup failed (${reason}), so this run is compared with the stored baseline instead.${tail}`;
  // The boot error usually names the service already ('service "api" exited early …').
  const why = reason.includes(`"${failure.service}"`) ? reason : `service "${failure.service}": ${reason}`;
  return `A/B: the base did not boot (${why}), so this run is compared with the stored baseline instead.${tail}`;
}

/**
 * Why a run whose service died mid-run has no verdict. Such a run is neither a pass (its load hit
 * a dead port, and a dead base makes any head look fine) nor a regression (the machine may have
 * killed it): the entry points refuse to judge it, with this text.
 */
export function describeServiceExit(exit: NonNullable<Results['serviceExit']>): string {
  const lines = maskSecrets(exit.logTail.slice(-10));
  const tail =
    lines.length > 0 ? `\nlast ${lines.length} lines of its log:\n${lines.map((line) => `  ${line}`).join('\n')}` : '';
  return `${summarizeServiceExit(exit)}, so the run stopped there: what came after measured a dead port, so it is neither compared nor saved (no verdict). Find why it died in its log (a crash, or the machine's memory) and run again.${tail}`;
}

/** `the base's service "api" exited with code 1 during scenario orders`: the death in one line. */
export function summarizeServiceExit(exit: NonNullable<Results['serviceExit']>): string {
  const variant = exit.variant === 'base' ? "the base's" : "the head's";
  return `${variant} service "${maskText(exit.service)}" ${maskText(exit.reason)} during scenario ${maskText(exit.scenario)}`;
}

/** Throws (exit 3) for a run whose service died mid-run; `kept` says where its measurement is. */
export function refuseServiceExit(results: Results, kept: string): void {
  if (!results.serviceExit) return;
  throw new ServiceExitError(`${describeServiceExit(results.serviceExit)}\n(${kept} holds what was measured)`);
}
