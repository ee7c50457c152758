// `perfgate run`: load the config, boot the services, drive every scenario, collect the results.
// Shared by the CLI and the action; everything here is wiring between adapters and the engine.
// The steps before the load (prepare, boot) live here; the phases of the load, in run-phases.ts.
import { randomInt } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Environment, Provenance, Results } from '../core/types/results.js';
import type { Config, DataRow, ProfilerConfig, ScenarioConfig, ServiceConfig } from '../core/types/config.js';
import { applyProfilers } from '../core/profile/plan.js';
import type { Comparison } from '../core/types/comparison.js';
import type { ServiceStatus } from '../adapters/services.js';
import type { Shard } from '../core/options.js';
import { selectShard } from '../core/options.js';
import { DEFAULT_AB_SCHEDULE } from '../core/config/defaults.js';
import { findConfigWarnings } from '../core/config/index.js';
import { findAbProblems } from '../core/config/ab.js';
import { formatPath } from '../core/paths.js';
import { BaseFetchError, ConfigError, InterruptedError } from '../core/errors.js';
import { loadConfig, loadScenarioRows } from '../adapters/config-file.js';
import { startServices } from '../adapters/services.js';
import { findFreePort } from '../adapters/free-port.js';
import { bindPort, configUsesPort } from '../core/port.js';
import { readEnvironment } from '../adapters/environment.js';
import { describeServiceStatus } from '../adapters/console-progress.js';
import type { PairOrder } from '../engine/run-scenario.js';
import { createPairOrder, drawBootOrder, pairCount } from '../engine/run-scenario.js';
import type { AbPlan, BootedVariants } from './ab-setup.js';
import { bootVariants, planAb, SETUP_FAILURE, setupVariants } from './ab-setup.js';
import { prepareBaseRef } from './base-ref.js';
import { runSetup } from '../adapters/setup.js';
import { splitRows, splitScenario, type ShardSplit } from '../core/split/index.js';
import { checkStartAt } from '../core/split/start-at.js';
import { waitUntil } from '../adapters/wait-until.js';
import { alphaShares, runCouldExtend } from '../core/compare/sequential.js';
import { RUN_PHASES, runStopped, snapshotResults, type ActiveRun } from './run-phases.js';

export interface LoadTestOptions {
  configPath: string;
  /** How the user named the config, for messages: the CLI's `-c`, the action's `config` input. */
  configSource: string;
  /** Advice that does not stop the run (a short warm-up, too few segments). */
  onWarning: (message: string) => void;
  logDir: string;
  progressStream: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  git?: Provenance;
  shard?: Shard;
  /** With a shard: split the scenarios (default) or every scenario's load. */
  split?: ShardSplit;
  /** Start barrier (epoch ms): after the boot, wait for it before the first warm-up. */
  startAtMs?: number;
  /** How the user named it, for messages (--start-at, start-at). */
  startAtSource?: string;
  signal?: AbortSignal;
  /** Called before each scenario starts, e.g. to open a log group. */
  onScenarioStart?: (name: string) => void;
  /** A/B mode: a commit perfgate checks out itself as the base (the CLI's --base-ref, the action's base-ref input). */
  baseRef?: string;
  /** How the user named it, for messages. */
  baseRefSource?: string;
  /** The base ref is the action's default (the PR's base), not one the user named: a config that
   * cannot run A/B is then judged in stored mode, with a note, rather than refused. */
  baseRefIsDefault?: boolean;
  /** A/B mode: the base checkout (the CLI's --base-dir, the action's base-dir input). */
  baseDir?: string;
  /** How the user named it, for messages. */
  baseDirSource?: string;
  /** The base checkout's commit, when known (a PR's base sha). */
  baseGit?: { commit?: string; ref?: string };
  /** The head checkout, which the config's path is taken relative to; default the working directory. */
  headRoot?: string;
  /** Seeds the A/B send order and segment order; default random (recorded in the results). */
  seed?: number;
  /** Told what the A/B set-up decided (the base's missing config, a base that did not boot). */
  onNote?: (message: string) => void;
  /** Where "compare.mode is ab but no base checkout was given" goes (default onWarning): a note on
   * a push, which has no base to pair with, a warning on a PR, where the base was forgotten. */
  onMissingBase?: (message: string) => void;
  /** `gate` and the action: how a look of this run is judged, so that a scenario whose verdict is
   * inconclusive for lack of data runs on (compare.extend). Absent (`perfgate run`): never extended. */
  judge?: (results: Results, config: Config) => Promise<Comparison>;
  /** A profiler for every service without one of its own (the CLI's --profile, the action's profile input). */
  profile?: ProfilerConfig;
}

export interface LoadTestOutcome {
  config: Config;
  configHash: string;
  results: Results;
}

export async function runLoadTest(options: LoadTestOptions): Promise<LoadTestOutcome> {
  if (options.baseRef === undefined) return runLoaded(options);
  if (options.baseRefIsDefault) {
    // A/B by default, where the config can drive two variants: one against a staging target (no
    // services: to boot twice, a fixed port) is judged in stored mode, as it was before A/B.
    const { config } = await loadConfig(options.configPath, { source: options.configSource });
    const problems = findAbProblems(config);
    if (problems.length > 0) {
      const { baseRef: _baseRef, ...stored } = options;
      (options.onMissingBase ?? options.onWarning)(
        `A/B is the default on a pull request, but ${options.configPath} cannot drive two variants at once (${problems.map((problem) => `${formatPath(problem.path)}: ${problem.detail.split(';')[0]}`).join('; ')}), so this run is compared with the stored baseline; set base-ref: none to say so, or give the config services: and \${port} for A/B (docs/action.md)`,
      );
      return runLoaded(stored);
    }
  }
  if (options.baseDir !== undefined) {
    throw new ConfigError(
      `${options.baseRefSource ?? '--base-ref'} ${options.baseRef} and ${options.baseDirSource ?? '--base-dir'} ${options.baseDir} both name a base; pass one of them`,
    );
  }
  const configDir = path.dirname(path.resolve(options.configPath));
  let prepared;
  try {
    prepared = await prepareBaseRef({
      ref: options.baseRef,
      source: options.baseRefSource ?? '--base-ref',
      configDir,
    });
  } catch (error) {
    // The event's own base (a PR's, a merge group's) that cannot be fetched, as with
    // persist-credentials: false on a private repository, is a base that cannot run: the stored
    // baseline judges, as for one that does not boot. A ref the user named stays an error.
    if (!(options.baseRefIsDefault && error instanceof BaseFetchError)) throw error;
    const { baseRef: _baseRef, ...stored } = options;
    (options.onMissingBase ?? options.onWarning)(
      `the base could not be fetched (${error.message}); this run is compared with the stored baseline instead (give the checkout credentials to fetch it: actions/checkout's default persist-credentials: true, or fetch-depth: 0)`,
    );
    return runLoaded(stored);
  }
  try {
    for (const note of prepared.notes) options.onNote?.(note);
    return await runLoaded({
      ...options,
      baseDir: prepared.worktree.path,
      baseDirSource: `${options.baseRefSource ?? '--base-ref'} ${options.baseRef}`,
      headRoot: prepared.headRoot,
      baseGit: { ...prepared.baseGit, ...options.baseGit, commit: prepared.baseGit.commit },
    });
  } finally {
    await prepared.worktree.remove();
  }
}

/**
 * One load run, step by step: prepare (config, shard, A/B plan), boot (setup, services, start
 * barrier), then the run's phases in order (measure, extend), the services stopped whatever
 * happens, and the results assembled from what was measured.
 */
async function runLoaded(options: LoadTestOptions): Promise<LoadTestOutcome> {
  const prepared = await prepareRun(options);
  // One seed for every draw of the run: the boot order, the pairs' order, who goes first in a duet.
  const seed = options.seed ?? randomInt(0, 2 ** 31);
  const booted = await bootRun(prepared, options, seed);
  if (prepared.loadRowsAfterSetup) {
    try {
      await prepared.loadRowsAfterSetup();
    } catch (error) {
      await booted.stop();
      throw error;
    }
  }
  await waitForStartBarrier(prepared, booted, options);
  const run = startRun(prepared, booted, options, seed);
  try {
    for (const phase of RUN_PHASES) {
      if (runStopped(run)) break;
      await phase(run);
    }
  } finally {
    await booted.stop();
  }
  return { config: run.runConfig, configHash: prepared.configHash, results: snapshotResults(run) };
}

/** What a run knows before anything boots: its config, its share of it, and its A/B plan. */
export interface PreparedRun {
  config: Config;
  configHash: string;
  /** The config's folder, which its data files, setup and services are relative to. */
  configDir: string;
  /** The scenarios this run (or shard) measures, in order. */
  scenarios: ScenarioConfig[];
  /** --split load: every scenario runs at this shard's share of its load. */
  loadShard?: Shard;
  /** A scenario as this shard runs it. */
  forShard(scenario: ScenarioConfig): ScenarioConfig;
  /** A scenario's data rows as this shard uses them. */
  rowsFor(name: string): DataRow[] | undefined;
  /** Set when a data file did not exist before the setup commands: read it once they ran. */
  loadRowsAfterSetup?: () => Promise<void>;
  startAtSource: string;
  firstWarmupMs: number;
  environment: Environment;
  startedAtMs: number;
  ab?: AbPlan;
  /** The head's config with its port bound. */
  headConfig: Config;
  /** One progress line on the progress stream. */
  status(line: string): void;
}

/** Reads and checks everything a run needs before it boots: a config error stops it here (exit 2). */
async function prepareRun(options: LoadTestOptions): Promise<PreparedRun> {
  const {
    config,
    configHash,
    baseDir: configDir,
  } = await loadConfig(options.configPath, {
    source: options.configSource,
  });
  for (const warning of findConfigWarnings(config)) options.onWarning(warning);
  // A data file that the config's setup commands write is read after they ran, not refused before.
  const setupWritesData =
    (config.setup ?? []).length > 0 &&
    config.scenarios.some((scenario) => scenario.data && !existsSync(path.resolve(configDir, scenario.data.file)));
  let rowsByScenario = setupWritesData ? new Map<string, DataRow[]>() : await loadScenarioRows(config, configDir);
  const loadRowsAfterSetup = setupWritesData
    ? async (): Promise<void> => {
        rowsByScenario = await loadScenarioRows(config, configDir);
      }
    : undefined;
  const loadShard = options.split === 'load' ? options.shard : undefined;
  // Every scenario's share is checked before anything boots: a load that cannot be split is a
  // config error (exit 2), found on every shard alike.
  if (loadShard) for (const scenario of config.scenarios) splitScenario(scenario, loadShard);
  const forShard = (scenario: ScenarioConfig): ScenarioConfig =>
    loadShard ? splitScenario(scenario, loadShard) : scenario;
  const rowsFor = (name: string) => {
    const rows = rowsByScenario.get(name);
    return rows && loadShard ? splitRows(name, rows, loadShard) : rows;
  };
  const scenarios = loadShard ? config.scenarios : selectShard(config.scenarios, options.shard);
  const startAtSource = options.startAtSource ?? '--start-at';
  const firstWarmupMs = scenarios[0]?.warmupMs ?? 0;
  if (options.startAtMs !== undefined) checkStartAt(options.startAtMs, Date.now(), firstWarmupMs, startAtSource);
  if (scenarios.length === 0 && options.shard) {
    throw new ConfigError(
      `shard: "${options.shard.index}/${options.shard.count}" selects no scenario, since the config has ${config.scenarios.length}; use at most ${config.scenarios.length} shards`,
    );
  }
  const environment = readEnvironment(options.env);
  const startedAtMs = Date.now();
  await mkdir(options.logDir, { recursive: true });

  // A push to the default branch has no base to pair with, and the README's workflow gives it
  // none: the run is judged and saved as the stored baseline that PRs fall back to.
  if (config.compare.mode === 'ab' && options.baseDir === undefined) {
    (options.onMissingBase ?? options.onWarning)(
      `${options.configPath} sets compare.mode: ab, but no base checkout was given, so this run is compared with the stored baseline (name the base: --base-ref main, or the action's base-ref input, which on pull_request is the PR's base SHA unless set to none)`,
    );
  }
  const ab =
    options.baseDir === undefined
      ? undefined
      : await planAb({
          config,
          configPath: options.configPath,
          configDir,
          baseDir: options.baseDir,
          baseDirSource: options.baseDirSource ?? '--base-dir',
          configSource: options.configSource,
          headRoot: options.headRoot ?? process.cwd(),
        });
  for (const note of ab?.notes ?? []) options.onNote?.(note);

  // The services as booted with their profilers (node's NODE_OPTIONS); the base's take the head's.
  const withProfilers = (target: Config, head?: readonly ServiceConfig[]): Config => ({
    ...target,
    services: applyProfilers(target.services, {
      ...(options.profile ? { all: options.profile } : {}),
      ...(head ? { head } : {}),
      ...(options.env.NODE_OPTIONS === undefined ? {} : { parentNodeOptions: options.env.NODE_OPTIONS }),
    }),
  });
  if (ab) {
    ab.headConfig = withProfilers(ab.headConfig);
    ab.baseConfig = withProfilers(ab.baseConfig, ab.headConfig.services);
    // Every copy as copy 1 (the same NODE_OPTIONS), so that the processes differ by nothing else;
    // the profile phase profiles copy 1 alone, which its load goes to.
    ab.copies.head = ab.copies.head.map((copy) => withProfilers(copy));
    ab.copies.base = ab.copies.base.map((copy, n) => withProfilers(copy, ab.copies.head[n]!.services));
  }
  // Without a base, ${port} is still the head's own free port.
  const headConfig =
    ab?.headConfig ?? withProfilers(configUsesPort(config) ? bindPort(config, await findFreePort()) : config);
  return {
    config,
    configHash,
    configDir,
    scenarios,
    ...(loadShard ? { loadShard } : {}),
    forShard,
    rowsFor,
    ...(loadRowsAfterSetup ? { loadRowsAfterSetup } : {}),
    startAtSource,
    firstWarmupMs,
    environment,
    startedAtMs,
    ...(ab ? { ab } : {}),
    headConfig,
    status: (line) => void options.progressStream.write(`perfgate: ${line}\n`),
  };
}

/** Runs the setup and boots the services: the head's, and in A/B mode the base's beside them. */
async function bootRun(prepared: PreparedRun, options: LoadTestOptions, seed: number): Promise<BootedVariants> {
  const { config, configDir, ab, headConfig, status } = prepared;
  const headOptions = {
    baseDir: configDir,
    logDir: options.logDir,
    signal: options.signal,
    onStatus: (update: ServiceStatus) => status(describeServiceStatus(update)),
    onNotice: options.onWarning,
    // The ready probes of https: services use defaults.tls, as the scenarios do.
    ...(config.tls ? { tls: config.tls } : {}),
    // And they speak defaults.http: an HTTP/2-only service answers no HTTP/1.1 probe.
    ...(config.http ? { http: config.http } : {}),
  };
  let phase: 'setup' | 'boot' = 'setup';
  try {
    const setupStatus = (line: string): void => status(line);
    if (ab) {
      const baseSetupFailure = await setupVariants(config.setup ?? [], {
        head: { configDir, logDir: path.join(options.logDir, 'head') },
        base: { configDir: ab.baseConfigDir, logDir: path.join(options.logDir, 'base') },
        signal: options.signal,
        onStatus: setupStatus,
      });
      phase = 'boot';
      const booted = await bootVariants(
        { services: ab.headConfig.services, copies: ab.copies.head.map((copy) => copy.services), options: headOptions },
        {
          services: ab.baseConfig.services,
          copies: ab.copies.base.map((copy) => copy.services),
          options: {
            ...headOptions,
            baseDir: ab.baseConfigDir,
            logDir: path.join(options.logDir, 'base'),
            onStatus: (update: ServiceStatus) => status(`base: ${describeServiceStatus(update)}`),
          },
        },
        drawBootOrder(seed),
        baseSetupFailure,
      );
      if (booted.baseFailure) {
        options.onNote?.(
          `${booted.baseFailure.service === SETUP_FAILURE ? "the base's setup failed" : 'the base did not boot'} (${booted.baseFailure.reason}); this run is compared with the stored baseline instead${ab.copies.head.length > 0 ? ", on the head's first process alone, as a stored run measured one" : ''}`,
        );
      }
      return booted;
    }
    await runSetup(config.setup ?? [], {
      configDir,
      logDir: path.join(options.logDir, 'head'),
      variant: 'head',
      signal: options.signal,
      onStatus: setupStatus,
    });
    phase = 'boot';
    const head = await startServices(headConfig.services, headOptions);
    return { head, stop: () => head.stop() };
  } catch (error) {
    // Ctrl-C or a cancelled job during the boot: an interruption, not a boot failure (exit 130, not 3).
    if (options.signal?.aborted)
      throw new InterruptedError(
        phase === 'setup'
          ? 'interrupted during the setup: nothing was measured; its processes were stopped'
          : 'interrupted while the services were booting: nothing was measured; they were stopped',
      );
    throw error;
  }
}

/** Shards started apart wait for one moment (--start-at), so that their loads overlap. */
async function waitForStartBarrier(
  prepared: PreparedRun,
  booted: BootedVariants,
  options: LoadTestOptions,
): Promise<void> {
  if (options.startAtMs === undefined) return;
  const { firstWarmupMs, startAtSource, status } = prepared;
  try {
    // The boot may have taken the barrier's margin: too late a start is refused as before it.
    checkStartAt(options.startAtMs, Date.now(), firstWarmupMs, startAtSource);
    const waitMs = options.startAtMs - Date.now();
    if (waitMs > 0)
      status(
        `waiting ${(waitMs / 1000).toFixed(1)} s for the start barrier (${startAtSource} ${new Date(options.startAtMs).toISOString()})`,
      );
    await waitUntil(options.startAtMs, options.signal);
  } catch (error) {
    await booted.stop();
    throw error;
  }
}

/** The booted run, before its first load: the choices every phase shares, and nothing measured. */
function startRun(prepared: PreparedRun, booted: BootedVariants, options: LoadTestOptions, seed: number): ActiveRun {
  const { config, ab, scenarios } = prepared;
  const schedule = config.compare.schedule ?? DEFAULT_AB_SCHEDULE;
  // One order for the run: a scenario with n pairs uses its first n.
  const order: PairOrder[] | undefined =
    ab && schedule === 'alternate'
      ? createPairOrder(seed, Math.max(0, ...scenarios.map((scenario) => pairCount(scenario))))
      : undefined;
  // gate and the action judge each look, and run an inconclusive scenario on (compare.extend); a
  // load shard is one share of a run that only its merge judges.
  const paired = ab !== undefined && booted.base !== undefined;
  const extendable =
    options.judge !== undefined &&
    prepared.loadShard === undefined &&
    runCouldExtend(
      config.compare,
      scenarios.map((scenario) => scenario.load.executor),
      paired,
    );
  return {
    options,
    prepared,
    booted,
    schedule,
    seed,
    ...(order ? { order } : {}),
    runConfig: ab ? { ...config, compare: { ...config.compare, mode: 'ab' } } : config,
    headScenarios: new Map(prepared.headConfig.scenarios.map((scenario) => [scenario.name, scenario])),
    baseScenarios: new Map((ab?.baseConfig.scenarios ?? []).map((scenario) => [scenario.name, scenario])),
    extendable,
    ...(extendable ? { sequential: { alphaShares: alphaShares(true, paired) } } : {}),
    scenarioResults: [],
    baseResults: [],
    profiles: [],
  };
}
