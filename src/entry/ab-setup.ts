// A/B mode's wiring: where the base checkout's copy of the config's folder is, which scenarios the
// base has, a port for each variant, and booting both variants' services at once. A base that does
// not boot is no reason to stop: the run goes on with the head alone and says why.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { findAbProblems } from '../core/config/ab.js';
import { formatPath } from '../core/paths.js';
import { BootError, ConfigError } from '../core/errors.js';
import { bindPort } from '../core/port.js';
import type { AbInfo } from '../core/types/results.js';
import type { Config, ServiceConfig } from '../core/types/config.js';
import { loadConfig } from '../adapters/config-file.js';
import { findFreePorts } from '../adapters/free-port.js';
import type { RunningServices, StartServicesOptions } from '../adapters/services.js';
import { startServices } from '../adapters/services.js';

export interface AbPlan {
  /** The base checkout's copy of the config's folder. */
  baseConfigDir: string;
  headConfig: Config;
  baseConfig: Config;
  /** Scenarios the base's own config does not have (new in head): run on the head alone. */
  newInHead: Set<string>;
  notes: string[];
}

/**
 * Resolves the base side of an A/B run. `baseDir` is the base checkout; the config's folder is
 * found in it at the same path relative to `headRoot` (the head checkout: the working directory).
 */
export async function planAb(input: {
  config: Config;
  configPath: string;
  configDir: string;
  baseDir: string;
  baseDirSource: string;
  configSource: string;
  headRoot: string;
}): Promise<AbPlan> {
  const { config, baseDirSource } = input;
  const problems = findAbProblems(config);
  if (problems.length > 0) {
    throw new ConfigError(
      `${baseDirSource} asks for an A/B run, but ${input.configPath} cannot drive two variants at once:\n${problems
        .map((problem) => `${input.configPath}: ${formatPath(problem.path)}: ${problem.detail}`)
        .join('\n')}`,
    );
  }
  const baseRoot = path.resolve(input.baseDir);
  if (!existsSync(baseRoot) || !statSync(baseRoot).isDirectory()) {
    throw new ConfigError(
      `${baseDirSource} ${input.baseDir}: no such folder (looked for ${baseRoot}); check the PR's base commit out there first (actions/checkout with ref: \${{ github.event.pull_request.base.sha }} and path: base)`,
    );
  }
  const relative = path.relative(path.resolve(input.headRoot), input.configDir);
  if (relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new ConfigError(
      `${input.configSource} ${input.configPath}: the config is outside the working directory ${input.headRoot}, so its folder in the base checkout is unknown; run perfgate from the head checkout's root`,
    );
  }
  const baseConfigDir = path.resolve(baseRoot, relative);
  const notes: string[] = [];
  const newInHead = new Set<string>();
  const baseConfigPath = path.join(baseConfigDir, path.basename(input.configPath));
  if (existsSync(baseConfigPath)) {
    try {
      const names = new Set(
        (await loadConfig(baseConfigPath, { source: baseDirSource })).config.scenarios.map((scenario) => scenario.name),
      );
      for (const scenario of config.scenarios) if (!names.has(scenario.name)) newInHead.add(scenario.name);
    } catch (error) {
      notes.push(
        `the base's own config ${baseConfigPath} could not be read (${(error as Error).message.split('\n')[0]}), so every scenario runs on both`,
      );
    }
  } else {
    notes.push(
      `the base checkout has no ${path.join(relative, path.basename(input.configPath))}, so every scenario runs on both`,
    );
  }

  const [headPort, basePort] = await findFreePorts(2);
  const headConfig = bindPort(config, headPort!);
  const rebased = {
    ...config,
    services: config.services.map((service) => rebaseService(service, input.configDir, baseConfigDir)),
  };
  const baseConfig = bindPort(rebased, basePort!);
  return { baseConfigDir, headConfig, baseConfig, newInHead, notes };
}

/** The same service, started from the same folder inside the base checkout. */
function rebaseService(service: ServiceConfig, headConfigDir: string, baseConfigDir: string): ServiceConfig {
  const cwd = service.cwd ?? headConfigDir;
  return { ...service, cwd: path.resolve(baseConfigDir, path.relative(headConfigDir, cwd)) };
}

export interface BootedVariants {
  head: RunningServices;
  base?: RunningServices;
  baseFailure?: NonNullable<AbInfo['baseFailure']>;
  stop(): Promise<void>;
}

/**
 * Boots the head's and the base's services at the same time. The head must boot (its BootError is
 * thrown, after the base is stopped); the base may fail, and then the run goes on without it.
 */
export async function bootVariants(
  head: { services: ServiceConfig[]; options: StartServicesOptions },
  base: { services: ServiceConfig[]; options: StartServicesOptions },
): Promise<BootedVariants> {
  const [headBoot, baseBoot] = await Promise.allSettled([
    startServices(head.services, head.options),
    startServices(base.services, base.options),
  ]);
  if (headBoot.status === 'rejected') {
    if (baseBoot.status === 'fulfilled') await baseBoot.value.stop();
    throw headBoot.reason;
  }
  const running = headBoot.value;
  if (baseBoot.status === 'fulfilled') {
    const baseRunning = baseBoot.value;
    return {
      head: running,
      base: baseRunning,
      stop: async () => {
        await Promise.all([running.stop(), baseRunning.stop()]);
      },
    };
  }
  const error = baseBoot.reason as unknown;
  // An interrupt during the boot is no base failure: it stops the run.
  if (head.options.signal?.aborted) {
    await running.stop();
    throw error;
  }
  const baseFailure =
    error instanceof BootError
      ? { service: error.service, reason: error.message.split('\n')[0] ?? error.message, logTail: error.logTail }
      : {
          service: base.services[0]?.name ?? 'base',
          reason: error instanceof Error ? error.message : String(error),
          logTail: [],
        };
  return { head: running, baseFailure, stop: () => running.stop() };
}
