// A/B mode's wiring: where the base checkout's copy of the config's folder is, which scenarios the
// base has, a port for each variant, and booting both variants' services at once. A base that does
// not boot is no reason to stop: the run goes on with the head alone and says why.
import { existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { commandWords, findAbProblems } from '../core/config/ab.js';
import { formatPath, type PathKey } from '../core/paths.js';
import { BootError, ConfigError, SetupError } from '../core/errors.js';
import { bindPort } from '../core/port.js';
import { maskText, secretValues } from '../core/mask.js';
import type { AbInfo } from '../core/types/results.js';
import type { Config, ServiceConfig, SetupStep } from '../core/types/config.js';
import { runSetup } from '../adapters/setup.js';
import { loadConfig } from '../adapters/config-file.js';
import { findFreePorts } from '../adapters/free-port.js';
import type { RunningServices, StartServicesOptions } from '../adapters/services.js';
import { startServices } from '../adapters/services.js';
import { capLogLines } from '../adapters/service-log.js';

export interface AbPlan {
  /** The base checkout's copy of the config's folder. */
  baseConfigDir: string;
  headConfig: Config;
  baseConfig: Config;
  /** Scenarios the base's own config does not have (new in head): run on the head alone. */
  newInHead: Set<string>;
  /** compare.processes > 1: each variant's copies 2..k, each bound to a port of its own and its
   * services named `<name>#<n>` (headConfig and baseConfig are copy 1). */
  copies: { head: Config[]; base: Config[] };
  notes: string[];
}

/** The name of copy `index` (0-based) of a service: copy 1 keeps its own, so that logs, profiles and
 * messages of a run of one process read as before. */
export function copyName(name: string, index: number): string {
  return index === 0 ? name : `${name}#${index + 1}`;
}

/** Copy `index` of a config bound to `port`: its services renamed (copyName) for their logs and messages. */
function boundCopy(config: Config, port: number, index: number): Config {
  const bound = bindPort(config, port);
  return { ...bound, services: bound.services.map((service) => ({ ...service, name: copyName(service.name, index) })) };
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
  const headRoot = realPath(input.headRoot);
  if (realPath(baseRoot) === headRoot) {
    throw new ConfigError(
      `${baseDirSource} ${input.baseDir}: this is the head checkout itself (both are ${headRoot}), so the base would run the head's code and pass every change; check the base commit out to a folder of its own (actions/checkout with path: base), or name it with --base-ref / the action's base-ref input`,
    );
  }
  // Real paths: git names the repository's top by its real path, the config's may go through a link.
  const relative = path.relative(headRoot, realPath(input.configDir));
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

  const processes = config.compare.processes ?? 1;
  const ports = await findFreePorts(2 * processes);
  const headPorts = ports.slice(0, processes);
  const basePorts = ports.slice(processes);
  const headConfig = bindPort(config, headPorts[0]!);
  const rebased = {
    ...config,
    services: config.services.map((service) => rebaseService(service, headRoot, baseRoot)),
  };
  refuseHeadPaths(rebased, {
    configPath: input.configPath,
    headRoot,
    baseRoot: realPath(baseRoot),
    baseConfigDir,
  });
  const baseConfig = bindPort(rebased, basePorts[0]!);
  const copies = {
    head: headPorts.slice(1).map((port, n) => boundCopy(config, port, n + 1)),
    base: basePorts.slice(1).map((port, n) => boundCopy(rebased, port, n + 1)),
  };
  return { baseConfigDir, headConfig, baseConfig, newInHead, copies, notes };
}

/** The real path of a file that may not exist yet: its nearest existing folder's, plus the rest. */
function realPath(file: string): string {
  const resolved = path.resolve(file);
  try {
    return realpathSync(resolved);
  } catch {
    const parent = path.dirname(resolved);
    return parent === resolved ? resolved : path.join(realPath(parent), path.basename(resolved));
  }
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * The base must run its own checkout's code. A command, folder or data path written as an
 * absolute path into the head checkout (or one whose `..` climbs out of the base into it) makes
 * the base run the head's code: an A/A that passes every change, with nothing to show for it.
 * Refused with the key and the path; relative paths are the fix, as they resolve in each checkout.
 */
function refuseHeadPaths(
  config: Pick<Config, 'services' | 'setup'>,
  roots: { configPath: string; headRoot: string; baseRoot: string; baseConfigDir: string },
): void {
  // actions/checkout's usual layout nests the base inside the head (path: base); the other way
  // round (the head in path: pr) every head path is inside the base too, and the head is the deeper.
  const baseInHead = isInside(roots.baseRoot, roots.headRoot);
  const intoHead = (file: string, from: string): string | undefined => {
    const real = realPath(path.resolve(from, file));
    return isInside(real, roots.headRoot) && !(baseInHead && isInside(real, roots.baseRoot)) ? real : undefined;
  };
  const found: { key: PathKey[]; written: string; real: string }[] = [];
  const check = (
    key: PathKey[],
    text: string,
    from: string,
    split: 'words' | 'path' = 'words',
    env: Record<string, string | undefined> = {},
  ): void => {
    for (const written of split === 'words' ? commandWords(text, env) : [text]) {
      const real = intoHead(written, from);
      if (real !== undefined) found.push({ key, written, real });
    }
  };
  config.services.forEach((service, index) => {
    const cwd = path.resolve(roots.baseConfigDir, service.cwd ?? '.');
    // The shell fills $NAME in run: from what the service sees: perfgate's environment and its
    // env, with $PWD its own folder (perfgate's $PWD is the head's).
    const shellEnv = { ...process.env, ...service.env, PWD: cwd };
    check(['services', index, 'cwd'], cwd, cwd, 'path');
    check(['services', index, 'run'], service.run, cwd, 'words', shellEnv);
    for (const [name, value] of Object.entries(service.env)) check(['services', index, 'env', name], value, cwd);
  });
  (config.setup ?? []).forEach((step, index) => {
    const cwd = path.resolve(roots.baseConfigDir, step.cwd ?? '.');
    check(['setup', index, 'cwd'], cwd, cwd, 'path');
    check(['setup', index, 'run'], step.run, cwd, 'words', { ...process.env, PWD: cwd });
  });
  if (found.length === 0) return;
  throw new ConfigError(
    `${roots.configPath}: in an A/B run the base must run its own checkout's code, but these paths lead into the head checkout ${roots.headRoot}:\n${found
      .map(
        ({ key, written, real }) =>
          `${roots.configPath}: ${formatPath(key)}: ${JSON.stringify(written)}${written === real ? '' : ` (${real})`} is inside the head checkout`,
      )
      .join(
        '\n',
      )}\nWrite them relative to the config's folder (like ./server.js, or cwd: ./api): perfgate resolves relative paths in each checkout.`,
  );
}

/**
 * The same service, started from the same folder inside the base checkout. A folder outside the
 * head checkout (a shared tool's) is no part of either variant's code and stays as it is.
 */
function rebaseService(service: ServiceConfig, headRoot: string, baseRoot: string): ServiceConfig {
  const cwd = realPath(service.cwd ?? '.');
  if (!isInside(cwd, headRoot)) return service;
  return { ...service, cwd: path.resolve(baseRoot, path.relative(headRoot, cwd)) };
}

/** baseFailure.service of a base whose setup failed (setup is no service name: those have no spaces). */
export const SETUP_FAILURE = 'setup';

/**
 * Runs the config's setup in both checkouts at once. The head's failure is thrown (exit 3); the
 * base's is returned, and the run goes on without the base, as for a base that does not boot.
 */
export async function setupVariants(
  steps: SetupStep[],
  input: {
    head: { configDir: string; logDir: string };
    base: { configDir: string; logDir: string };
    signal?: AbortSignal;
    onStatus?: (line: string) => void;
  },
): Promise<NonNullable<AbInfo['baseFailure']> | undefined> {
  const common = {
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.onStatus ? { onStatus: input.onStatus } : {}),
  };
  const [head, base] = await Promise.allSettled([
    runSetup(steps, { ...input.head, variant: 'head', ...common }),
    runSetup(steps, { ...input.base, variant: 'base', ...common }),
  ]);
  if (head.status === 'rejected') throw head.reason;
  if (base.status === 'fulfilled') return undefined;
  if (input.signal?.aborted) throw base.reason;
  const error = base.reason as unknown;
  return {
    service: SETUP_FAILURE,
    reason: (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '',
    logTail: capLogLines(error instanceof SetupError ? error.logTail : []),
  };
}

/** A boot failure's text as results.json keeps it: masked with every secret these services could see. */
export function maskForServices(services: readonly ServiceConfig[], text: string): string {
  const secrets = [...new Set(services.flatMap((service) => secretValues(process.env, service)))].sort(
    (a, b) => b.length - a.length,
  );
  return maskText(text, secrets);
}

export interface BootedVariants {
  head: RunningServices;
  base?: RunningServices;
  /** Both variants booted: which was started first (the second pair's is the other). */
  boot?: BootOrder;
  baseFailure?: NonNullable<AbInfo['baseFailure']>;
  stop(): Promise<void>;
  /** Both variants running: stop them and boot them afresh, on the same ports, their logs under
   * `<log>/confirm` (compare.confirm's second pair of processes). `head` and `base` are then the
   * new processes, started in the other order; on a failure every service is stopped and the
   * error thrown. */
  reboot?(): Promise<void>;
}

export type BootOrder = 'head-first' | 'base-first';

/** What the second variant's boot waits on, and what the first's tells it. */
export type SpawnTurns = Pick<StartServicesOptions, 'spawnTurn' | 'onSpawned'>;

/**
 * Starts both variants' copies at once, `order`'s first one spawned first. Two processes of one
 * build differ by several percent in episodes of seconds (docs/design/statistics.md, "The offset
 * comes and goes"); the first four large early ones favoured the head, always spawned first then.
 * Over the 19 such runs measured by now, no lean can be told from chance, but a fixed order would put
 * any lean on one side: the order is drawn per run, so that such an offset is as likely to hide a
 * regression as to make one, and compare.confirm's second pair, booted the other way round, does
 * not repeat it. Calling the first first is not enough: each boot awaits a free-port check (and its
 * services' readiness) before it spawns, and the second's could answer sooner. So the second
 * variant's service n is spawned only once every copy of the first has spawned its service n (or
 * the first's boot has ended, or `signal` aborts); both still boot at once, each up to its spawns.
 */
export async function startBoth(
  order: BootOrder,
  head: (turns: SpawnTurns) => Promise<RunningCopies>,
  base: (turns: SpawnTurns) => Promise<RunningCopies>,
  input: { copies: number; signal?: AbortSignal },
): Promise<[PromiseSettledResult<RunningCopies>, PromiseSettledResult<RunningCopies>]> {
  const [first, second] = order === 'head-first' ? [head, base] : [base, head];
  const gate = spawnGate(input.copies, input.signal);
  const [firstBoot, secondBoot] = await Promise.allSettled([
    first({ onSpawned: gate.onSpawned }).finally(gate.open),
    second({ spawnTurn: gate.turn }),
  ]);
  return order === 'head-first' ? [firstBoot, secondBoot] : [secondBoot, firstBoot];
}

/** Service n's turn comes once `copies` spawns of service n were told, or at open() or the abort. */
function spawnGate(
  copies: number,
  signal: AbortSignal | undefined,
): { onSpawned(index: number): void; turn(index: number): Promise<void>; open(): void } {
  const turns: { spawned: number; come: Promise<void>; resolve(): void }[] = [];
  const at = (index: number): (typeof turns)[number] => {
    if (!turns[index]) {
      let resolve = (): void => {};
      const come = new Promise<void>((done) => (resolve = done));
      turns[index] = { spawned: 0, come, resolve };
    }
    return turns[index];
  };
  let opened = false;
  const open = (): void => {
    opened = true;
    signal?.removeEventListener('abort', open);
    for (const turn of turns) turn?.resolve();
  };
  signal?.addEventListener('abort', open, { once: true });
  if (signal?.aborted) open();
  return {
    onSpawned: (index) => {
      const turn = at(index);
      turn.spawned += 1;
      if (turn.spawned >= copies) turn.resolve();
    },
    turn: (index) => (opened ? Promise.resolve() : at(index).come),
    open,
  };
}

const otherOrder = (order: BootOrder): BootOrder => (order === 'head-first' ? 'base-first' : 'head-first');

/**
 * Boots the head's and the base's services at the same time, in `order`. The head must boot (its
 * BootError is thrown, after the base is stopped); the base may fail, and then the run goes on
 * without it.
 */
export async function bootVariants(
  head: { services: ServiceConfig[]; copies?: ServiceConfig[][]; options: StartServicesOptions },
  base: { services: ServiceConfig[]; copies?: ServiceConfig[][]; options: StartServicesOptions },
  order: BootOrder,
  /** The base's setup failed already: only the head boots. */
  baseSetupFailure?: NonNullable<AbInfo['baseFailure']>,
): Promise<BootedVariants> {
  const headCopies = [head.services, ...(head.copies ?? [])];
  const baseCopies = [base.services, ...(base.copies ?? [])];
  // Without a base the head is compared with a stored baseline, which one process measured: its
  // copies would stand idle (the load goes to the first), so they are not booted, or are stopped.
  if (baseSetupFailure) {
    const running = await startServices(head.services, head.options);
    return { head: running, baseFailure: baseSetupFailure, stop: () => running.stop() };
  }
  const boot = (
    bootOrder: BootOrder,
    headOptions: StartServicesOptions,
    baseOptions: StartServicesOptions,
  ): ReturnType<typeof startBoth> => {
    const [first, second] = bootOrder === 'head-first' ? [headCopies, baseOptions] : [baseCopies, headOptions];
    return startBoth(
      bootOrder,
      (turns) => startCopies(headCopies, { ...headOptions, ...turns }),
      (turns) => startCopies(baseCopies, { ...baseOptions, ...turns }),
      { copies: first.length, ...(second.signal ? { signal: second.signal } : {}) },
    );
  };
  const [headBoot, baseBoot] = await boot(order, head.options, base.options);
  if (headBoot.status === 'rejected') {
    if (baseBoot.status === 'fulfilled') await baseBoot.value.stop();
    throw headBoot.reason;
  }
  const running = headBoot.value;
  if (baseBoot.status === 'fulfilled') {
    const variants: BootedVariants & { base: RunningServices } = {
      head: running,
      base: baseBoot.value,
      boot: order,
      stop: async () => {
        await Promise.all([variants.head.stop(), variants.base.stop()]);
      },
      reboot: async () => {
        await variants.stop();
        const again = (options: StartServicesOptions): StartServicesOptions => ({
          ...options,
          logDir: path.join(options.logDir, 'confirm'),
        });
        const [headAgain, baseAgain] = await boot(otherOrder(order), again(head.options), again(base.options));
        if (headAgain.status === 'fulfilled') variants.head = headAgain.value;
        if (baseAgain.status === 'fulfilled') variants.base = baseAgain.value;
        if (headAgain.status === 'rejected' || baseAgain.status === 'rejected') {
          await variants.stop();
          throw headAgain.status === 'rejected' ? headAgain.reason : (baseAgain as PromiseRejectedResult).reason;
        }
      },
    };
    return variants;
  }
  const error = baseBoot.reason as unknown;
  // An interrupt during the boot is no base failure: it stops the run.
  if (head.options.signal?.aborted) {
    await running.stop();
    throw error;
  }
  // Kept in results.json and shown in the report: masked with what any base service could have seen.
  const mask = (text: string): string => maskForServices(base.services, text);
  const baseFailure =
    error instanceof BootError
      ? {
          service: error.service,
          reason: mask(error.message.split('\n')[0] ?? error.message),
          logTail: capLogLines(error.logTail.map(mask)),
        }
      : {
          service: base.services[0]?.name ?? 'base',
          reason: mask(error instanceof Error ? error.message : String(error)),
          logTail: [],
        };
  const [first, ...others] = running.copies;
  await Promise.all(others.map((copy) => copy.stop()));
  return { head: first!, baseFailure, stop: () => first!.stop() };
}

/** A variant's copies as one, and each on its own. */
export interface RunningCopies extends RunningServices {
  copies: RunningServices[];
}

/**
 * Boots every copy of a variant's services at once (compare.processes), as one RunningServices:
 * all of them listed in boot order, the first dead one found, all stopped together. One copy that
 * does not boot fails the variant: the copies already up are stopped.
 */
export async function startCopies(copies: ServiceConfig[][], options: StartServicesOptions): Promise<RunningCopies> {
  if (copies.length === 1) {
    const only = await startServices(copies[0]!, options);
    return { ...only, copies: [only] };
  }
  const booted = await Promise.allSettled(copies.map((services) => startServices(services, options)));
  const running = booted.flatMap((boot) => (boot.status === 'fulfilled' ? [boot.value] : []));
  const failed = booted.find((boot) => boot.status === 'rejected');
  if (failed) {
    await Promise.all(running.map((copy) => copy.stop()));
    throw failed.reason;
  }
  return {
    copies: running,
    services: running.flatMap((copy) => copy.services),
    findExited: () => {
      for (const copy of running) {
        const exited = copy.findExited();
        if (exited) return exited;
      }
      return undefined;
    },
    stop: async () => {
      await Promise.all(running.map((copy) => copy.stop()));
    },
  };
}
