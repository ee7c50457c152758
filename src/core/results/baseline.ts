// The baseline artifact: a results file plus the per-scenario summaries of the baselines before
// it, so the history test can see runner-to-runner noise. Parsing never throws: a bad baseline is a
// status the report explains, and the run is judged on thresholds alone.
import { findBaselineProblem, findResultsProblem } from './read.js';
import { scenarioOverSegments, selectSegments, summarizeContention } from '../contention.js';
import { isCapacityMeasured } from './capacity.js';
import type { Baseline, HistoryEntry, Results } from '../types/results.js';
import type { BaselineStatus } from '../types/comparison.js';
import { DEFAULT_TRENDS_KEEP } from '../config/defaults.js';

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export const BASELINE_SCHEMA_VERSION = 1;

export function summarizeForHistory(results: Results, verdict?: 'pass' | 'fail'): HistoryEntry {
  const scenarios: HistoryEntry['scenarios'] = {};
  for (const measured of results.scenarios) {
    // What the comparison of this run used: its segments less those hit by a burst.
    const selection = selectSegments(measured);
    const scenario = scenarioOverSegments(measured, selection);
    const contention = summarizeContention(measured, selection.kept);
    scenarios[scenario.name] = {
      p50: scenario.latencyMs.p50,
      p90: scenario.latencyMs.p90,
      p95: scenario.latencyMs.p95,
      p99: scenario.latencyMs.p99,
      rps: scenario.rps,
      errorRate: scenario.errorRate,
      count: scenario.requests.total,
      ...(contention.otherCores !== undefined ? { otherCores: round3(contention.otherCores) } : {}),
      ...(contention.stealCores !== undefined ? { stealCores: round3(contention.stealCores) } : {}),
      ...(contention.loopDelayP99Ms !== undefined ? { loopDelayP99Ms: round3(contention.loopDelayP99Ms) } : {}),
      ...(scenario.capacity && isCapacityMeasured(scenario.capacity) ? { capacity: scenario.capacity.ratePerSec } : {}),
    };
  }
  const entry: HistoryEntry = {
    date: results.startTime,
    environmentFingerprint: results.environment.fingerprint,
    scenarios,
  };
  if (results.git?.commit !== undefined) entry.commit = results.git.commit;
  if (results.git?.ref !== undefined) entry.ref = results.git.ref;
  if (results.git?.runUrl !== undefined) entry.runUrl = results.git.runUrl;
  if (verdict !== undefined) entry.verdict = verdict;
  return entry;
}

/** The stored runs of a baseline for `perfgate trends`, oldest first. A baseline from before
 * `trends` was kept offers what it has: its earlier baselines and its own run. */
export function storedRuns(baseline: Baseline): HistoryEntry[] {
  const newestFirst = baseline.trends ?? [summarizeForHistory(baseline.results), ...baseline.history];
  return [...newestFirst].reverse();
}

function trendsBefore(previous: Baseline | undefined): HistoryEntry[] {
  if (previous === undefined) return [];
  return previous.trends ?? [summarizeForHistory(previous.results), ...previous.history];
}

export interface BaselineMeta {
  commit?: string;
  savedAt: string;
  historyLength: number;
  /** trends.keep: how many runs `Baseline.trends` holds (default DEFAULT_TRENDS_KEEP). */
  trendsKeep?: number;
  /** The run's gate verdict, kept in its trends entry. */
  verdict?: 'pass' | 'fail';
}

/** The new baseline carries the previous one's run, summarized, in front of its history. */
export function createBaseline(results: Results, previous: Baseline | undefined, meta: BaselineMeta): Baseline {
  const history = previous === undefined ? [] : [summarizeForHistory(previous.results), ...previous.history];
  const baseline: Baseline = {
    schemaVersion: 1,
    kind: 'perfgate-baseline',
    savedAt: meta.savedAt,
    results,
    history: history.slice(0, Math.max(0, meta.historyLength)),
    trends: [summarizeForHistory(results, meta.verdict), ...trendsBefore(previous)].slice(
      0,
      Math.max(1, meta.trendsKeep ?? DEFAULT_TRENDS_KEEP),
    ),
  };
  const commit = meta.commit ?? results.git?.commit;
  if (commit !== undefined) baseline.commit = commit;
  return baseline;
}

/**
 * A run that is not saved as the baseline (it failed the gate) still joins the stored runs, marked
 * failed: the baseline, its results and its history stay the previous one's, so the next gate
 * compares with the same reference, while trends sees the regression that landed.
 */
export function recordRunOnly(results: Results, previous: Baseline, meta: BaselineMeta): Baseline {
  return {
    // The reference run is still the previous one: its commit and its age (savedAt) stay as they were.
    ...previous,
    trends: [summarizeForHistory(results, meta.verdict), ...trendsBefore(previous)].slice(
      0,
      Math.max(1, meta.trendsKeep ?? DEFAULT_TRENDS_KEEP),
    ),
  };
}

export type ParsedBaseline =
  { baseline: Baseline; status: { kind: 'ok' } } | { status: Exclude<BaselineStatus, { kind: 'ok' }> };

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function failure(kind: Exclude<BaselineStatus, { kind: 'ok' }>['kind'], detail: string): ParsedBaseline {
  return { status: { kind, detail } };
}

function checkVersion(version: unknown, what: string): ParsedBaseline | undefined {
  if (typeof version !== 'number') return failure('corrupt', `The ${what} has no numeric schemaVersion.`);
  if (version > BASELINE_SCHEMA_VERSION) {
    return failure(
      'future-version',
      `The ${what} has schemaVersion ${version}, newer than this perfgate reads (${BASELINE_SCHEMA_VERSION}): upgrade perfgate, or let a new baseline be saved.`,
    );
  }
  return undefined;
}

export interface ParseBaselineOptions {
  /** compare.history: a longer stored history is cut to it before anything reads it. */
  historyLength?: number;
  /** The same for the stored runs (trends.keep); unset, every stored run is read. */
  trendsLength?: number;
  /** Where the text came from (a file path or "Actions cache key …"), for the way to replace a corrupt one. */
  source?: string;
}

const CACHE_SOURCE = 'Actions cache key ';

/** How to get rid of a baseline that cannot be used, so that the next saving run stores a new one. */
export function describeBaselineRemoval(source: string): string {
  if (source.startsWith(CACHE_SOURCE)) {
    const key = source.slice(CACHE_SOURCE.length);
    return `delete the cache entry (gh cache delete ${key}, or the repository's Actions → Caches page); the next run on the default branch saves a new baseline`;
  }
  return `delete ${source} (or replace it with a results file written by "perfgate run -o"); the next saving run stores a new baseline`;
}

/**
 * A stored baseline, or a bare results file taken as a baseline with no history (for
 * `perfgate compare --baseline results.json`). Without `expectedConfigHash` the config is not
 * checked (compare has no config to check against).
 */
export function parseBaseline(
  text: string,
  expectedConfigHash?: string,
  options: ParseBaselineOptions = {},
): ParsedBaseline {
  const parsed = parseBaselineText(text, expectedConfigHash, options);
  if (parsed.status.kind === 'corrupt' && options.source !== undefined) {
    return failure(
      'corrupt',
      `${options.source}: ${parsed.status.detail} Judged on thresholds alone until it is replaced: ${describeBaselineRemoval(options.source)}.`,
    );
  }
  return parsed;
}

function parseBaselineText(
  text: string,
  expectedConfigHash: string | undefined,
  options: ParseBaselineOptions,
): ParsedBaseline {
  const historyLength = options.historyLength;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // Only where it broke, never V8's quote of the text: a baseline file that is a link to another
    // file (a key, a token) would show that file's first characters in the report.
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    return failure(
      'corrupt',
      `The baseline is not JSON (${text.trim() === '' ? 'it is empty' : position === undefined ? 'it does not parse' : `it breaks at character ${position}`}).`,
    );
  }
  if (!isObject(data)) return failure('corrupt', 'The baseline is not a JSON object.');
  const isBaseline = data.kind === 'perfgate-baseline';
  let baseline: Baseline;
  if (isBaseline) {
    const versionProblem =
      checkVersion(data.schemaVersion, 'baseline') ??
      (isObject(data.results) ? checkVersion(data.results.schemaVersion, "baseline's results") : undefined);
    if (versionProblem !== undefined) return versionProblem;
    // Before any check reads it: a history far past its cap (200,000 entries) held compare for minutes.
    if (historyLength !== undefined && Array.isArray(data.history) && data.history.length > historyLength) {
      data = { ...data, history: data.history.slice(0, Math.max(0, historyLength)) } as Json;
    }
    const trendsLength = options.trendsLength;
    const stored = data as Json;
    if (trendsLength !== undefined && Array.isArray(stored.trends) && stored.trends.length > trendsLength) {
      data = { ...stored, trends: stored.trends.slice(0, Math.max(0, trendsLength)) } as Json;
    }
    const problem = findBaselineProblem(data);
    if (problem !== undefined) return failure('corrupt', `The baseline is damaged: ${problem}.`);
    baseline = data as unknown as Baseline;
  } else if (data.tool !== undefined || data.scenarios !== undefined) {
    const versionProblem = checkVersion(data.schemaVersion, 'results file');
    if (versionProblem !== undefined) return versionProblem;
    const problem = findResultsProblem(data);
    if (problem !== undefined) return failure('corrupt', `The results file given as baseline is damaged: ${problem}.`);
    const results = data as unknown as Results;
    baseline = { schemaVersion: 1, kind: 'perfgate-baseline', savedAt: results.startTime, results, history: [] };
    if (results.git?.commit !== undefined) baseline.commit = results.git.commit;
  } else {
    return failure(
      'corrupt',
      'The file is neither a perfgate baseline (kind "perfgate-baseline") nor a perfgate results file.',
    );
  }
  if (expectedConfigHash !== undefined && baseline.results.configHash !== expectedConfigHash) {
    return failure(
      'other-config',
      `The baseline was made with another config (hash ${baseline.results.configHash}, this run ${expectedConfigHash}): scenarios may differ, so it is not compared; the next saved baseline replaces it.`,
    );
  }
  return { baseline, status: { kind: 'ok' } };
}
