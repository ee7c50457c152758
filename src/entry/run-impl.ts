// `perfgate run`: load the config, boot the services, drive every scenario, collect the results.
// Shared by the CLI and the action; everything here is wiring between adapters and the engine.
import { mkdir } from 'node:fs/promises';
import type { Config, Results, ScenarioResult } from '../core/types.js';
import type { Shard } from '../core/options.js';
import { selectShard } from '../core/options.js';
import { findConfigWarnings } from '../core/config.js';
import { ConfigError, InterruptedError } from '../core/errors.js';
import { loadConfig, loadScenarioRows } from '../adapters/config-file.js';
import { startServices } from '../adapters/services.js';
import { readMachineCpuSeconds, startMachineLoadMeter } from '../adapters/machine-load.js';
import { startUsageSampler } from '../adapters/proc-usage.js';
import { readEnvironment } from '../adapters/environment.js';
import { createProgressReporter, describeServiceStatus, describeScenarioStart } from '../adapters/console-progress.js';
import { runScenario } from '../engine/run-scenario.js';
import { runCapacity } from '../engine/capacity.js';
import { thresholdsForScenario } from '../core/capacity.js';
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
  const status = (line: string): void => void options.progressStream.write(`perfgate: ${line}\n`);
  const services = await startServices(config.services, {
    baseDir,
    logDir: options.logDir,
    signal: options.signal,
    onStatus: (update) => status(describeServiceStatus(update)),
    onNotice: options.onWarning,
  }).catch((error: unknown) => {
    // Ctrl-C or a cancelled job during the boot: an interruption, not a boot failure (exit 130, not 3).
    if (options.signal?.aborted) throw new InterruptedError('interrupted while the services were booting: nothing was measured; they were stopped');
    throw error;
  });
  const scenarioResults: ScenarioResult[] = [];
  try {
    for (const [index, scenario] of scenarios.entries()) {
      if (options.signal?.aborted) break;
      options.onScenarioStart?.(scenario.name);
      status(describeScenarioStart(scenario, index, scenarios.length));
      const sampler = startUsageSampler(services.services);
      const machineMeter = startMachineLoadMeter(environment.cpuCount);
      const progress = createProgressReporter(options.progressStream);
      let result: ScenarioResult;
      let usage: ScenarioResult['services'];
      let machine: ScenarioResult['machine'];
      try {
        const runOptions = {
          rows: rowsByScenario.get(scenario.name),
          signal: options.signal,
          onProgress: (update: Parameters<typeof progress.update>[0]) => progress.update(update),
          cpuProbe: () => {
            const machine = readMachineCpuSeconds();
            const serviceSeconds = sampler.cpuSeconds();
            return machine && serviceSeconds !== undefined ? { ...machine, serviceSeconds } : undefined;
          },
        };
        result =
          scenario.load.executor === 'capacity'
            ? await runCapacity(scenario, { ...runOptions, thresholds: thresholdsForScenario(config.thresholds, scenario.name) })
            : await runScenario(scenario, runOptions);
      } finally {
        usage = sampler.stop();
        machine = machineMeter.stop(usage);
        progress.done();
      }
      scenarioResults.push({ ...result, services: usage, ...(machine ? { machine } : {}) });
    }
  } finally {
    await services.stop();
  }

  const results: Results = {
    schemaVersion: 1,
    tool: { name: 'perfgate', version: TOOL_VERSION },
    configHash,
    startTime: new Date(startedAt).toISOString(),
    durationMs: Date.now() - startedAt,
    environment,
    ...(options.git ? { git: options.git } : {}),
    services: services.services.map(({ name, logPath }) => ({ name, logPath })),
    scenarios: scenarioResults,
    ...(options.shard ? { shard: { index: options.shard.index, count: options.shard.count } } : {}),
    ...(options.signal?.aborted ? { interrupted: true as const } : {}),
  };
  return { config, configHash, results };
}
