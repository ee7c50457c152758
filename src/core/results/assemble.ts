// The results file of a load run, built from what the run measured and how it was set up. Pure, so
// that each look of an extended run (compare.extend) and the final file are the same function of
// the same facts, and a test can build one without booting anything.
import type {
  AbInfo,
  Environment,
  ProfileResult,
  Provenance,
  Results,
  ScenarioResult,
  ServiceExit,
} from '../types/results.js';
import type { AbSchedule } from '../types/config.js';

/** A booted service as the results file names it: its log is where its output went. */
export interface ServiceRecord {
  name: string;
  logPath: string;
}

/** The facts of a run, measured or chosen, that its results file records. */
export interface RunRecord {
  configHash: string;
  toolVersion: string;
  /** Epoch ms: when the run started, and now (the clock is the caller's). */
  startedAtMs: number;
  nowMs: number;
  environment: Environment;
  git?: Provenance;
  services: readonly ServiceRecord[];
  scenarios: readonly ScenarioResult[];
  shard?: { index: number; count: number; splitLoad: boolean; startAtMs?: number };
  interrupted: boolean;
  serviceExit?: ServiceExit;
  sequential?: { alphaShares: number[] };
  /** The profile phase's comparisons of base and head (issue 36). */
  profiles?: readonly ProfileResult[];
  /** A/B mode: the base variant's side of the run. */
  ab?: {
    schedule: AbSchedule;
    seed: number;
    order?: AbInfo['order'];
    boot?: AbInfo['boot'];
    git?: Provenance;
    services: readonly ServiceRecord[];
    scenarios: readonly ScenarioResult[];
    baseFailure?: AbInfo['baseFailure'];
    confirmation?: AbInfo['confirmation'];
  };
}

/**
 * The run's results as measured so far. The base variant shares the head's run facts (time,
 * environment, shard, how it ended) but not its commit or its looks: a baseline made of it is
 * judged with one look, as a stored run is.
 */
export function assembleResults(run: RunRecord): Results {
  const results: Results = {
    schemaVersion: 1,
    tool: { name: 'perfgate', version: run.toolVersion },
    configHash: run.configHash,
    startTime: new Date(run.startedAtMs).toISOString(),
    durationMs: run.nowMs - run.startedAtMs,
    environment: run.environment,
    ...(run.git ? { git: run.git } : {}),
    services: run.services.map(({ name, logPath }) => ({ name, logPath })),
    scenarios: [...run.scenarios],
    ...(run.shard
      ? {
          shard: {
            index: run.shard.index,
            count: run.shard.count,
            ...(run.shard.splitLoad ? { split: 'load' as const } : {}),
            ...(run.shard.startAtMs === undefined ? {} : { startAt: new Date(run.shard.startAtMs).toISOString() }),
          },
        }
      : {}),
    ...(run.interrupted ? { interrupted: true as const } : {}),
    ...(run.serviceExit ? { serviceExit: run.serviceExit } : {}),
    ...(run.sequential ? { sequential: run.sequential } : {}),
    ...(run.profiles && run.profiles.length > 0 ? { profiles: [...run.profiles] } : {}),
  };
  if (run.ab) {
    // The profiles compare base with head: they belong to the head's side, as its looks do.
    const { git: _headCommit, sequential: _looks, profiles: _profiles, ...shared } = results;
    const base: Results = {
      ...shared,
      ...(run.ab.git ? { git: run.ab.git } : {}),
      services: run.ab.services.map(({ name, logPath }) => ({ name, logPath })),
      scenarios: [...run.ab.scenarios],
    };
    const info: AbInfo = {
      schedule: run.ab.schedule,
      seed: run.ab.seed,
      ...(run.ab.order ? { order: run.ab.order } : {}),
      ...(run.ab.boot ? { boot: run.ab.boot } : {}),
      base,
    };
    if (run.ab.baseFailure) info.baseFailure = run.ab.baseFailure;
    if (run.ab.confirmation) info.confirmation = run.ab.confirmation;
    results.ab = info;
  }
  return results;
}
