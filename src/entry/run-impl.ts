// `perfgate run`: load the config, boot the services, drive every scenario, collect the results.
// Shared by the CLI and the action; everything here is wiring between adapters and the engine.
import { randomInt } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AbInfo, Results, ScenarioResult, ServiceUsage } from '../core/types/results.js';
import type { Config } from '../core/types/config.js';
import type { ServiceStatus } from '../adapters/services.js';
import type { Shard } from '../core/options.js';
import { selectShard } from '../core/options.js';
import { DEFAULT_AB_SCHEDULE } from '../core/config/defaults.js';
import { findConfigWarnings } from '../core/config/index.js';
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
import { bootVariants, planAb } from './ab-setup.js';
import { runCapacity } from '../engine/run-capacity.js';
import { thresholdsForScenario } from '../core/capacity/search.js';
import { TOOL_VERSION } from './version.js';

export interface LoadTestOptions {
  configPath: string;
  /** How the user named the config, for messages: the CLI's `-c`, the action's `config` input. */
  configSource: string;
  /** Advice that does not stop the run (a short warm-up, too few segments). */
  onWarning: (message: string) => void;
  logDir: string;
  progressStream: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  git?: { commit?: string; ref?: string };
  shard?: Shard;
  signal?: AbortSignal;
  /** Called before each scenario starts, e.g. to open a log group. */
  onScenarioStart?: (name: string) => void;
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
}

export interface LoadTestOutcome {
  config: Config;
  configHash: string;
  results: Results;
}

export async function runLoadTest(options: LoadTestOptions): Promise<LoadTestOutcome> {
  const { config, configHash, baseDir } = await loadConfig(options.configPath, { source: options.configSource });
  for (const warning of findConfigWarnings(config)) options.onWarning(warning);
  const rowsByScenario = await loadScenarioRows(config, baseDir);
  const scenarios = selectShard(config.scenarios, options.shard);
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
      `${options.configPath} sets compare.mode: ab, but no base checkout was given, so this run is compared with the stored baseline (on a PR, pass the base checkout: --base-dir ../base, or the action's base-dir: base)`,
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
  try {
    if (ab) {
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
      );
      if (booted.baseFailure) {
        options.onNote?.(
          `the base did not boot (${booted.baseFailure.reason}); this run is compared with the stored baseline instead`,
        );
      }
    } else {
      const head = await startServices(headConfig.services, headOptions);
      booted = { head, stop: () => head.stop() };
    }
  } catch (error) {
    // Ctrl-C or a cancelled job during the boot: an interruption, not a boot failure (exit 130, not 3).
    if (options.signal?.aborted)
      throw new InterruptedError(
        'interrupted while the services were booting: nothing was measured; they were stopped',
      );
    throw error;
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
  const scenarioResults: ScenarioResult[] = [];
  const baseResults: ScenarioResult[] = [];
  try {
    for (const [index, chosen] of scenarios.entries()) {
      if (options.signal?.aborted) break;
      const scenario = headScenarios.get(chosen.name) ?? chosen;
      const baseScenario =
        booted.base && !ab?.newInHead.has(scenario.name) ? baseScenarios.get(scenario.name) : undefined;
      const targets: RunTarget[] = [{ name: 'head', baseUrl: scenario.baseUrl }];
      if (baseScenario) targets.push({ name: 'base', baseUrl: baseScenario.baseUrl });
      options.onScenarioStart?.(scenario.name);
      status(describeScenarioStart(scenario, index, scenarios.length));
      const headSampler = startUsageSampler(booted.head.services);
      const baseSampler = booted.base ? startUsageSampler(booted.base.services) : undefined;
      const machineMeter = startMachineLoadMeter(environment.cpuCount);
      const progress = createProgressReporter(options.progressStream);
      let outcome: Awaited<ReturnType<typeof runScenarioVariants>>;
      let headUsage: ServiceUsage[];
      let baseUsage: ServiceUsage[];
      let machine: ScenarioResult['machine'];
      try {
        const runOptions = {
          rows: rowsByScenario.get(scenario.name),
          signal: options.signal,
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
        // A capacity search runs its levels on the head alone: it is compared with the stored baseline.
        outcome =
          scenario.load.executor === 'capacity'
            ? {
                results: [
                  await runCapacity(scenario, {
                    ...runOptions,
                    thresholds: thresholdsForScenario(headConfig.thresholds, scenario.name),
                  }),
                ],
              }
            : await runScenarioVariants(scenario, {
                ...runOptions,
                targets,
                schedule,
                seed,
                ...(order ? { order } : {}),
              });
      } finally {
        headUsage = headSampler.stop();
        baseUsage = baseSampler?.stop() ?? [];
        // Both variants' services are perfgate's own work, not a neighbour's.
        machine = machineMeter.stop([...headUsage, ...baseUsage]);
        progress.done();
      }
      const [headResult, baseResult] = outcome.results;
      scenarioResults.push({ ...headResult!, services: headUsage, ...(machine ? { machine } : {}) });
      if (baseResult) baseResults.push({ ...baseResult, services: baseUsage, ...(machine ? { machine } : {}) });
    }
  } finally {
    await booted.stop();
  }

  const results: Results = {
    schemaVersion: 1,
    tool: { name: 'perfgate', version: TOOL_VERSION },
    configHash,
    startTime: new Date(startedAt).toISOString(),
    durationMs: Date.now() - startedAt,
    environment,
    ...(options.git ? { git: options.git } : {}),
    services: booted.head.services.map(({ name, logPath }) => ({ name, logPath })),
    scenarios: scenarioResults,
    ...(options.shard ? { shard: { index: options.shard.index, count: options.shard.count } } : {}),
    ...(options.signal?.aborted ? { interrupted: true as const } : {}),
  };
  if (ab) {
    const { git: _headCommit, ...shared } = results;
    const base: Results = {
      ...shared,
      ...(options.baseGit ? { git: options.baseGit } : {}),
      services: (booted.base?.services ?? []).map(({ name, logPath }) => ({ name, logPath })),
      scenarios: baseResults,
    };
    const info: AbInfo = { schedule, seed, ...(order ? { order } : {}), base };
    if (booted.baseFailure) info.baseFailure = booted.baseFailure;
    results.ab = info;
  }
  return { config: ab ? { ...config, compare: { ...config.compare, mode: 'ab' } } : config, configHash, results };
}
