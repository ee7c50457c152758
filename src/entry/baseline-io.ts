// Reading and writing baselines through a store, shared by `perfgate gate` and the action.
// A store that fails is never fatal: the run is then judged on thresholds alone.
import { judgeRun, type BaselineLookup } from '../core/gate.js';
import type { Comparison } from '../core/types/comparison.js';
import type { Baseline, Results } from '../core/types/results.js';
import type { BaselineStatus } from '../core/types/comparison.js';
import type { Config } from '../core/types/config.js';
import type { BaselineStore, LoadedBaseline } from '../adapters/baseline-store.js';
import { createBaseline, parseBaseline, recordRunOnly } from '../core/results/baseline.js';
import { DEFAULT_TRENDS_KEEP } from '../core/config/defaults.js';
import { decideSave, type SaveMode } from '../core/save-policy.js';
import { DeadlineError, withDeadline } from '../adapters/deadline.js';

export async function lookupBaseline(
  store: BaselineStore,
  options: { timeoutMs?: number } = {},
): Promise<BaselineLookup> {
  try {
    const load = () => store.load();
    const found =
      options.timeoutMs === undefined
        ? await load()
        : await withDeadline(`reading the baseline from ${store.description}`, options.timeoutMs, load);
    if (!found) return { kind: 'missing', detail: `nothing saved yet in ${store.description}` };
    return { kind: 'found', text: found.text, source: found.source };
  } catch (error) {
    if (error instanceof DeadlineError) {
      // Unreadable, not missing: a save must not hide the stored baseline this run could not fetch.
      return {
        kind: 'unreadable',
        detail: `${error.message}, so this run has no baseline (raise network-timeout if the store is just slow)`,
      };
    }
    // No store here at all (no cache service): nothing is hidden by a save, so this is no "unreadable".
    if ((error as { kind?: unknown }).kind === 'unavailable')
      return { kind: 'missing', detail: (error as Error).message };
    return { kind: 'unreadable', detail: `${store.description} could not be read (${(error as Error).message})` };
  }
}

/**
 * The baseline a gate is judged against, looked up once per run, and the judgement of a look of
 * the run against it: every look of an extended run (compare.extend) and the final verdict see
 * the same stored baseline, even if another job saves a newer one meanwhile.
 */
export function createRunJudge(find: (configHash: string) => Promise<BaselineLookup>, seed?: number) {
  let found: Promise<BaselineLookup> | undefined;
  const lookup = (configHash: string): Promise<BaselineLookup> => (found ??= find(configHash));
  return {
    lookup,
    judge: async (results: Results, config: Pick<Config, 'thresholds' | 'compare'>): Promise<Comparison> =>
      judgeRun({
        current: results,
        config,
        baseline: await lookup(results.configHash),
        ...(seed === undefined ? {} : { seed }),
      }).comparison,
  };
}

/** Where saveAfterVerdict() speaks: each channel adds its own prefix (the CLI's stderr, the action's log). */
export interface SaveOutput {
  /** Saved, or kept beside the baseline. */
  info(message: string): void;
  /** Not saved because the run failed the gate and the save mode keeps only a pass. */
  refused(reason: string): void;
  /** Not saved because the store failed: the verdict stands. */
  warning(message: string): void;
  /** Wraps the save, e.g. in a log group. */
  group?(title: string, work: () => Promise<void>): Promise<void>;
}

export interface SaveRequest {
  store: BaselineStore;
  mode: SaveMode;
  /** The switch that saves a failed run, for messages: `--save always`, `save-baseline: always`. */
  optIn: string;
  /** How messages name the store and the trends command. */
  names: { store: string; trends: string };
  comparison: Comparison;
  /** The baseline the run was judged against, when there was one. */
  baseline?: Baseline;
  results: Results;
  config: Config;
  commit?: string;
  runId: string;
  attempt: string;
  now: Date;
  /** A store that hangs gives up after this long (the action's network-timeout). */
  timeoutMs?: number;
}

/**
 * After the verdict, shared by `perfgate gate --save` and the action: a run the save mode accepts
 * becomes the new baseline; one that failed joins the stored runs all the same (marked failed), so
 * that trends sees a regression that landed, while the baseline stays the previous one (with no
 * baseline yet there is nothing to keep it beside). A save that fails is a warning: the verdict is
 * out already, and it stands.
 */
export async function saveAfterVerdict(request: SaveRequest, out: SaveOutput): Promise<void> {
  const { store, comparison } = request;
  const decision = decideSave(comparison, request.mode, request.optIn, {
    saturated: request.results.scenarios
      .filter((scenario) => scenario.generator.saturated)
      .map((scenario) => scenario.name),
    storedKeptUp:
      request.baseline !== undefined &&
      request.baseline.results.scenarios.every((scenario) => !scenario.generator.saturated),
  });
  if (!decision.save) out.refused(decision.reason);
  const runOnly = !decision.save && request.baseline !== undefined;
  if (!decision.save && !runOnly) return;
  const save = async (): Promise<void> => {
    try {
      const write = () =>
        saveBaseline(store, {
          results: request.results,
          previous: request.baseline,
          status: comparison.baselineStatus,
          config: request.config,
          commit: request.commit,
          runId: request.runId,
          attempt: request.attempt,
          now: request.now,
          verdict: comparison.verdict,
          runOnly,
        });
      await (request.timeoutMs === undefined
        ? write()
        : withDeadline(`saving the baseline to ${store.description}`, request.timeoutMs, write));
      out.info(
        runOnly
          ? `kept this ${comparison.verdict === 'fail' ? 'failed ' : ''}run in the stored runs of ${request.names.store} (for ${request.names.trends}); the baseline stays the previous one`
          : `saved this run as the new baseline in ${request.names.store}${decision.save && decision.note ? ` (${decision.note})` : ''}`,
      );
    } catch (error) {
      out.warning(`this run was not saved as the baseline: ${(error as Error).message}; the verdict stands`);
    }
  };
  await (out.group ? out.group('perfgate: save the baseline', save) : save());
}

/** Stored baselines that exist but could not be used: a new save would become the newest entry
 * and hide them, and their history, for good. */
const KEEP_STORED: ReadonlySet<BaselineStatus['kind']> = new Set(['unreadable', 'corrupt', 'future-version']);

export async function saveBaseline(
  store: BaselineStore,
  input: {
    results: Results;
    previous?: Baseline;
    status: BaselineStatus;
    config: Config;
    commit?: string;
    runId: string;
    attempt: string;
    now: Date;
    /** The run's gate verdict, kept in its entry of the stored runs. */
    verdict?: 'pass' | 'fail';
    /** A run that failed and is not the new baseline: it only joins the stored runs (trends),
     * and the previous baseline stays the reference. Needs `previous`. */
    runOnly?: boolean;
  },
): Promise<void> {
  const status = input.status;
  if (status.kind !== 'ok' && KEEP_STORED.has(status.kind)) {
    throw new Error(
      `the stored baseline is ${status.kind}${status.detail ? ` (${status.detail})` : ''}, and saving over it would hide it and its history; ` +
        (status.kind === 'unreadable'
          ? 'the next run will save once the store can be read'
          : `delete it from ${store.description} to start anew`),
    );
  }
  // An A/B run carries the base variant inside; the stored baseline is the head's run alone.
  const { ab: _base, ...headOnly } = input.results;
  const meta = {
    commit: input.commit,
    savedAt: input.now.toISOString(),
    historyLength: input.config.compare.historyLength,
    trendsKeep: input.config.trends?.keep ?? DEFAULT_TRENDS_KEEP,
    ...(input.verdict ? { verdict: input.verdict } : {}),
  };
  if (input.runOnly && input.previous === undefined)
    throw new Error('there is no stored baseline to keep this run beside (a failed run never becomes the first one)');
  const build = (previous: Baseline | undefined): string => {
    const baseline =
      input.runOnly && previous !== undefined
        ? recordRunOnly(headOnly, previous, meta)
        : createBaseline(headOnly, previous, meta);
    return `${JSON.stringify(baseline)}\n`;
  };
  const saveMeta = { runId: input.runId, attempt: input.attempt };
  if (!store.update) return store.save(build(input.previous), saveMeta);
  // The baseline this run was judged against may no longer be the newest: another gate saved
  // meanwhile. Built on the newest one instead, under the store's lock, both runs stay in the history.
  await store.update((newest) => build(newestUsable(newest, input) ?? input.previous), saveMeta);
}

/** The store's newest baseline, when it parses as this config's; otherwise the caller's. */
function newestUsable(
  newest: LoadedBaseline | undefined,
  input: { results: Results; previous?: Baseline; config: Config },
): Baseline | undefined {
  if (newest === undefined) return undefined;
  const parsed = parseBaseline(newest.text, input.results.configHash, {
    historyLength: input.config.compare.historyLength,
    source: newest.source,
  });
  // One saved meanwhile that cannot be used is kept, as the one read before the run is.
  if (parsed.status.kind !== 'ok' && KEEP_STORED.has(parsed.status.kind))
    throw new Error(
      `the newest stored baseline ${newest.source} is ${parsed.status.kind}${'detail' in parsed.status && parsed.status.detail ? ` (${parsed.status.detail})` : ''}, and saving over it would hide it and its history; delete it to start anew`,
    );
  return 'baseline' in parsed ? parsed.baseline : undefined;
}
