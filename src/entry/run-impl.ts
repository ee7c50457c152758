// `perfgate run`: load the config, boot the services, drive every scenario, collect the results.
// Shared by the CLI and the action; everything here is wiring between adapters and the engine.
import { randomInt } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AbInfo, Provenance, Results, ScenarioResult, ServiceExit, ServiceUsage } from '../core/types/results.js';
import type { Config, ScenarioConfig } from '../core/types/config.js';
import type { Comparison } from '../core/types/comparison.js';
import type { ServiceStatus } from '../adapters/services.js';
import type { Shard } from '../core/options.js';
import { selectShard } from '../core/options.js';
import { DEFAULT_AB_SCHEDULE } from '../core/config/defaults.js';
import { findConfigWarnings } from '../core/config/index.js';
import { findAbProblems } from '../core/config/ab.js';
import { summarizeServiceExit } from '../core/gate.js';
import { formatPath } from '../core/paths.js';
import { ConfigError, InterruptedError } from '../core/errors.js';
import { loadConfig, loadScenarioRows } from '../adapters/config-file.js';
import { startServices } from '../adapters/services.js';
import { findFreePort } from '../adapters/free-port.js';
import { bindPort, configUsesPort } from '../core/port.js';
import { readMachineCpuSeconds, startMachineLoadMeter } from '../adapters/machine-load.js';
import { startUsageSampler } from '../adapters/proc-usage.js';
import { readEnvironment } from '../adapters/environment.js';
import { createProgressReporter, describeServiceStatus, describeScenarioStart } from '../adapters/console-progress.js';
import type { PairOrder, RunTarget } from '../engine/run-scenario.js';
import { createPairOrder, pairCount, runScenarioVariants } from '../engine/run-scenario.js';
import type { BootedVariants } from './ab-setup.js';
import { bootVariants, planAb, SETUP_FAILURE, setupVariants } from './ab-setup.js';
import { prepareBaseRef } from './base-ref.js';
import { runSetup } from '../adapters/setup.js';
import { runCapacityVariants } from '../engine/run-capacity.js';
import { thresholdsForScenario } from '../core/capacity/search.js';
import { TOOL_VERSION } from './version.js';
import { splitRows, splitScenario, type ShardSplit } from '../core/split/index.js';
import { checkStartAt } from '../core/split/start-at.js';
import { waitUntil } from '../adapters/wait-until.js';
import { alphaShares, EXTENSION_STEPS, planExtension, runCouldExtend } from '../core/compare/sequential.js';
import { appendExtension } from '../core/results/extend.js';
import { extensionScenario } from '../engine/plan.js';

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
  const prepared = await prepareBaseRef({
    ref: options.baseRef,
    source: options.baseRefSource ?? '--base-ref',
    configDir,
  });
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

async function runLoaded(options: LoadTestOptions): Promise<LoadTestOutcome> {
  const { config, configHash, baseDir } = await loadConfig(options.configPath, { source: options.configSource });
  for (const warning of findConfigWarnings(config)) options.onWarning(warning);
  const rowsByScenario = await loadScenarioRows(config, baseDir);
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
  const startedAt = Date.now();
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
          configDir: baseDir,
          baseDir: options.baseDir,
          baseDirSource: options.baseDirSource ?? '--base-dir',
          configSource: options.configSource,
          headRoot: options.headRoot ?? process.cwd(),
        });
  for (const note of ab?.notes ?? []) options.onNote?.(note);

  // Without a base, ${port} is still the head's own free port.
  const headConfig = ab?.headConfig ?? (configUsesPort(config) ? bindPort(config, await findFreePort()) : config);
  const status = (line: string): void => void options.progressStream.write(`perfgate: ${line}\n`);
  const headOptions = {
    baseDir,
    logDir: options.logDir,
    signal: options.signal,
    onStatus: (update: ServiceStatus) => status(describeServiceStatus(update)),
    onNotice: options.onWarning,
  };
  let booted: BootedVariants;
  let phase: 'setup' | 'boot' = 'setup';
  try {
    const setupStatus = (line: string): void => status(line);
    if (ab) {
      const baseSetupFailure = await setupVariants(config.setup ?? [], {
        head: { configDir: baseDir, logDir: path.join(options.logDir, 'head') },
        base: { configDir: ab.baseConfigDir, logDir: path.join(options.logDir, 'base') },
        signal: options.signal,
        onStatus: setupStatus,
      });
      phase = 'boot';
      booted = await bootVariants(
        { services: ab.headConfig.services, options: headOptions },
        {
          services: ab.baseConfig.services,
          options: {
            ...headOptions,
            baseDir: ab.baseConfigDir,
            logDir: path.join(options.logDir, 'base'),
            onStatus: (update: ServiceStatus) => status(`base: ${describeServiceStatus(update)}`),
          },
        },
        baseSetupFailure,
      );
      if (booted.baseFailure) {
        options.onNote?.(
          `${booted.baseFailure.service === SETUP_FAILURE ? "the base's setup failed" : 'the base did not boot'} (${booted.baseFailure.reason}); this run is compared with the stored baseline instead`,
        );
      }
    } else {
      await runSetup(config.setup ?? [], {
        configDir: baseDir,
        logDir: path.join(options.logDir, 'head'),
        variant: 'head',
        signal: options.signal,
        onStatus: setupStatus,
      });
      phase = 'boot';
      const head = await startServices(headConfig.services, headOptions);
      booted = { head, stop: () => head.stop() };
    }
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

  if (options.startAtMs !== undefined) {
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

  const schedule = config.compare.schedule ?? DEFAULT_AB_SCHEDULE;
  const seed = options.seed ?? randomInt(0, 2 ** 31);
  // One order for the run: a scenario with n pairs uses its first n.
  const order: PairOrder[] | undefined =
    ab && schedule === 'alternate'
      ? createPairOrder(seed, Math.max(0, ...scenarios.map((scenario) => pairCount(scenario))))
      : undefined;
  const headScenarios = new Map(headConfig.scenarios.map((scenario) => [scenario.name, scenario]));
  const baseScenarios = new Map((ab?.baseConfig.scenarios ?? []).map((scenario) => [scenario.name, scenario]));
  const runConfig: Config = ab ? { ...config, compare: { ...config.compare, mode: 'ab' } } : config;
  const scenarioResults: ScenarioResult[] = [];
  const baseResults: ScenarioResult[] = [];
  let serviceExit: ServiceExit | undefined;
  // gate and the action judge each look, and run an inconclusive scenario on (compare.extend); a
  // load shard is one share of a run that only its merge judges.
  const extendable =
    options.judge !== undefined &&
    loadShard === undefined &&
    runCouldExtend(
      config.compare,
      scenarios.map((scenario) => scenario.load.executor),
      ab !== undefined && booted.base !== undefined,
    );
  const sequential = extendable ? { alphaShares: alphaShares(true) } : undefined;

  /** Runs one scenario (or one extension step of it) on the head and, in A/B mode, the base. */
  const measure = async (
    scenario: ScenarioConfig,
    baseScenario: ScenarioConfig | undefined,
    pairOrder: PairOrder[] | undefined,
  ): Promise<{ head: ScenarioResult; base?: ScenarioResult } | undefined> => {
    // A service that dies mid-run turns the rest of the load into refused connections, which
    // would be compared as if measured (a dead base once hid a +224% head): stop, and say so.
    const died = new AbortController();
    const lookForExit = (): void => {
      if (serviceExit) return;
      const found = findServiceExit(booted);
      if (!found) return;
      serviceExit = { ...found, scenario: scenario.name };
      status(`${summarizeServiceExit(serviceExit)}: stopping the run`);
      died.abort();
    };
    // One that died between two scenarios (or while the start barrier waited) is found before
    // the next one's load, which would otherwise be blamed.
    lookForExit();
    if (serviceExit) return undefined;
    const targets: RunTarget[] = [{ name: 'head', baseUrl: scenario.baseUrl }];
    if (baseScenario) targets.push({ name: 'base', baseUrl: baseScenario.baseUrl });
    const headSampler = startUsageSampler(booted.head.services);
    const baseSampler = booted.base ? startUsageSampler(booted.base.services) : undefined;
    const machineMeter = startMachineLoadMeter(environment.cpuCount);
    const progress = createProgressReporter(options.progressStream);
    const watch = setInterval(lookForExit, EXIT_POLL_MS);
    let outcome: Awaited<ReturnType<typeof runScenarioVariants>>;
    let headUsage: ServiceUsage[];
    let baseUsage: ServiceUsage[];
    let machine: ScenarioResult['machine'];
    try {
      const runOptions = {
        rows: rowsFor(scenario.name),
        signal: options.signal ? AbortSignal.any([options.signal, died.signal]) : died.signal,
        onProgress: (update: Parameters<typeof progress.update>[0]) => progress.update(update),
        cpuProbe: () => {
          const machine = readMachineCpuSeconds();
          // Both variants' services are perfgate's own work, not a neighbour's.
          const headSeconds = headSampler.cpuSeconds();
          const baseSeconds = baseSampler ? baseSampler.cpuSeconds() : 0;
          return machine && headSeconds !== undefined && baseSeconds !== undefined
            ? { ...machine, serviceSeconds: headSeconds + baseSeconds }
            : undefined;
        },
      };
      // A capacity search runs per variant, one after the other (A/B: the base's too).
      outcome =
        scenario.load.executor === 'capacity'
          ? await runCapacityVariants(scenario, {
              ...runOptions,
              targets,
              seed,
              thresholds: thresholdsForScenario(headConfig.thresholds, scenario.name),
            })
          : await runScenarioVariants(scenario, {
              ...runOptions,
              targets,
              schedule,
              seed,
              ...(pairOrder ? { order: pairOrder } : {}),
            });
    } finally {
      clearInterval(watch);
      // It may have died in the scenario's last moments, between two looks.
      lookForExit();
      headUsage = headSampler.stop();
      baseUsage = baseSampler?.stop() ?? [];
      // Both variants' services are perfgate's own work, not a neighbour's.
      machine = machineMeter.stop([...headUsage, ...baseUsage]);
      progress.done();
    }
    const [headResult, baseResult] = outcome.results;
    const head: ScenarioResult = { ...headResult!, services: headUsage, ...(machine ? { machine } : {}) };
    return baseResult
      ? { head, base: { ...baseResult, services: baseUsage, ...(machine ? { machine } : {}) } }
      : { head };
  };
  const baseScenarioFor = (name: string): ScenarioConfig | undefined => {
    const found = booted.base && !ab?.newInHead.has(name) ? baseScenarios.get(name) : undefined;
    return found ? forShard(found) : undefined;
  };

  try {
    for (const [index, chosen] of scenarios.entries()) {
      if (options.signal?.aborted || serviceExit) break;
      const scenario = forShard(headScenarios.get(chosen.name) ?? chosen);
      options.onScenarioStart?.(scenario.name);
      status(describeScenarioStart(scenario, index, scenarios.length));
      const measured = await measure(scenario, baseScenarioFor(scenario.name), order);
      if (!measured) break;
      scenarioResults.push(measured.head);
      if (measured.base) baseResults.push(measured.base);
    }
    // More data instead of an inconclusive verdict: judge the run, run on what lacked data, again.
    for (let look = 0; extendable && look < EXTENSION_STEPS; look++) {
      if (options.signal?.aborted || serviceExit) break;
      const snapshot = assemble();
      let comparison: Comparison;
      try {
        comparison = await options.judge!(snapshot, runConfig);
      } catch {
        // A run that cannot be judged (no verdict at all) is not extended; the verdict after the
        // run says why, with the results written first.
        break;
      }
      const plan = planExtension({ comparison, results: snapshot, compare: config.compare, look });
      if (plan.steps.length === 0) break;
      for (const step of plan.steps) {
        if (options.signal?.aborted || serviceExit) break;
        const planned = headScenarios.get(step.scenario);
        const scenario = planned ? extensionScenario(forShard(planned), step.addMs) : undefined;
        if (!scenario) continue;
        const baseFound = baseScenarioFor(step.scenario);
        const baseScenario = baseFound ? extensionScenario(baseFound, step.addMs) : undefined;
        options.onScenarioStart?.(`${scenario.name} (extension ${look + 1})`);
        const detect = step.detect ?? [];
        const undecided = step.undecided.filter((metric) => !detect.includes(metric));
        const why = [
          undecided.length > 0 ? `${undecided.join(', ')} undecided` : '',
          detect.length > 0 ? `${detect.join(', ')} MDE above compare.detect` : '',
        ].filter(Boolean);
        status(
          `${step.scenario}: ${why.join(', ')}; measuring ${(step.addMs / 1000).toFixed(step.addMs % 1000 === 0 ? 0 : 1)} s more (extension ${look + 1} of at most ${EXTENSION_STEPS}, compare.extend)`,
        );
        const stepOrder =
          ab && schedule === 'alternate' ? createPairOrder(seed + look + 1, pairCount(scenario)) : undefined;
        const measured = await measure(scenario, baseScenario, stepOrder);
        if (!measured) break;
        const at = scenarioResults.findIndex((result) => result.name === step.scenario);
        if (at === -1) continue;
        scenarioResults[at] = appendExtension(scenarioResults[at]!, measured.head, step.undecided);
        const baseAt = baseResults.findIndex((result) => result.name === step.scenario);
        if (measured.base && baseAt !== -1)
          baseResults[baseAt] = appendExtension(baseResults[baseAt]!, measured.base, step.undecided);
      }
    }
  } finally {
    await booted.stop();
  }

  return { config: runConfig, configHash, results: assemble() };

  /** The run's results as measured so far (each look of an extended run is judged on one). */
  function assemble(): Results {
    const results: Results = {
      schemaVersion: 1,
      tool: { name: 'perfgate', version: TOOL_VERSION },
      configHash,
      startTime: new Date(startedAt).toISOString(),
      durationMs: Date.now() - startedAt,
      environment,
      ...(options.git ? { git: options.git } : {}),
      services: booted.head.services.map(({ name, logPath }) => ({ name, logPath })),
      scenarios: [...scenarioResults],
      ...(options.shard
        ? {
            shard: {
              index: options.shard.index,
              count: options.shard.count,
              ...(loadShard ? { split: 'load' as const } : {}),
              ...(options.startAtMs === undefined ? {} : { startAt: new Date(options.startAtMs).toISOString() }),
            },
          }
        : {}),
      ...(options.signal?.aborted ? { interrupted: true as const } : {}),
      ...(serviceExit ? { serviceExit } : {}),
      ...(sequential ? { sequential } : {}),
    };
    if (ab) {
      const { git: _headCommit, sequential: _looks, ...shared } = results;
      const base: Results = {
        ...shared,
        ...(options.baseGit ? { git: options.baseGit } : {}),
        services: (booted.base?.services ?? []).map(({ name, logPath }) => ({ name, logPath })),
        scenarios: [...baseResults],
      };
      const info: AbInfo = { schedule, seed, ...(order ? { order } : {}), base };
      if (booted.baseFailure) info.baseFailure = booted.baseFailure;
      results.ab = info;
    }
    return results;
  }
}

/** How often a running scenario looks for a dead service (a flag check; a process scan only after a leader exited). */
const EXIT_POLL_MS = 200;

function findServiceExit(booted: BootedVariants): Omit<ServiceExit, 'scenario'> | undefined {
  const head = booted.head.findExited();
  if (head) return { variant: 'head', ...head };
  const base = booted.base?.findExited();
  return base ? { variant: 'base', ...base } : undefined;
}
