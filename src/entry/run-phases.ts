// The phases of a booted run, in order, over one shared state: each adds what it measured to the
// run, and the results file is assembled from that state (src/core/results/assemble.ts). A new
// kind of load (flows, a profiling window) is one more phase in RUN_PHASES, not another loop in
// runLoaded.
import type { AbSchedule, Config, ScenarioConfig } from '../core/types/config.js';
import type { Comparison } from '../core/types/comparison.js';
import type {
  AbInfo,
  ProfileResult,
  Results,
  ScenarioResult,
  ServiceExit,
  ServiceUsage,
} from '../core/types/results.js';
import { summarizeServiceExit } from '../core/gate.js';
import { thresholdsForScenario } from '../core/capacity-search.js';
import { EXTENSION_STEPS, planExtension } from '../core/compare/sequential.js';
import { extensionRuns, undecidedOf, type ExtensionRun } from '../core/compare/extension-runs.js';
import { appendExtension } from '../core/results/extend.js';
import { deriveSeed } from '../core/stats/prng.js';
import { assembleResults, type ServiceRecord } from '../core/results/assemble.js';
import { readMachineCpuSeconds, startMachineLoadMeter } from '../adapters/machine-load.js';
import { startUsageSampler } from '../adapters/proc-usage.js';
import { createProgressReporter, describeScenarioStart } from '../adapters/console-progress.js';
import type { PairOrder, RunTarget } from '../engine/run-scenario.js';
import { createPairOrder, pairCount, runScenarioVariants } from '../engine/run-scenario.js';
import { runCapacityVariants } from '../engine/run-capacity.js';
import { runFlowVariants } from '../engine/run-flow.js';
import { extensionScenario } from '../engine/plan.js';
import {
  confirmEnabled,
  confirmationScenario,
  repeatable,
  scenariosToConfirm,
  type ScenarioToConfirm,
} from '../core/compare/confirm.js';
import { maskForServices, type BootedVariants } from './ab-setup.js';
import type { LoadTestOptions, PreparedRun } from './run-impl.js';
import { TOOL_VERSION } from './version.js';
import { profileServices } from './profile-phase.js';

/** A booted run: what every phase shares, and what was measured so far. */
export interface ActiveRun {
  readonly options: LoadTestOptions;
  readonly prepared: PreparedRun;
  readonly booted: BootedVariants;
  readonly schedule: AbSchedule;
  readonly seed: number;
  /** alternate A/B: the run's one pair order (a scenario with n pairs uses its first n). */
  readonly order?: PairOrder[];
  /** The config the run is judged with: compare.mode ab when a base ran beside the head. */
  readonly runConfig: Config;
  readonly headScenarios: ReadonlyMap<string, ScenarioConfig>;
  readonly baseScenarios: ReadonlyMap<string, ScenarioConfig>;
  /** gate and the action may run an inconclusive scenario on (compare.extend). */
  readonly extendable: boolean;
  readonly sequential?: { alphaShares: number[] };
  /** One entry per scenario measured, head and base; a phase may add to or extend them. */
  readonly scenarioResults: ScenarioResult[];
  readonly baseResults: ScenarioResult[];
  /** The first service found dead: the run stops there. */
  serviceExit?: ServiceExit;
  /** compare.confirm's second pair of processes: what it measured, or why it could not. */
  confirmation?: NonNullable<AbInfo['confirmation']>;
  /** The first pair's services, once compare.confirm booted a second: the run's figures are theirs. */
  firstPair?: { head: readonly ServiceRecord[]; base: readonly ServiceRecord[] };
  /** The services are down for good (the second pair did not boot, or died): no later phase loads them. */
  servicesDown?: true;
  /** The profile phase's comparisons (and its profilers' failures), after the verdict. */
  readonly profiles: ProfileResult[];
  /** Set when the profile phase starts: everything judged was measured, so a Ctrl-C or a cancelled
   * job from here on stops only the profile, and the run is judged as it ended (not interrupted). */
  profiling?: true;
}

/** One step of a booted run; it returns early when runStopped() says so. */
export type RunPhase = (run: ActiveRun) => Promise<void>;

/** Interrupted, or a service died: no phase starts another load. */
export function runStopped(run: ActiveRun): boolean {
  return run.options.signal?.aborted === true || run.serviceExit !== undefined || run.servicesDown === true;
}

/**
 * Every scenario of the run (or shard) once, in order; the scenarios of one `group` at the same
 * time, where the first of them is written (contention between them shows only then).
 */
async function measureScenarios(run: ActiveRun): Promise<void> {
  const { scenarios, forShard, status } = run.prepared;
  const measuredNames = new Set<string>();
  for (const chosen of scenarios) {
    if (runStopped(run)) break;
    if (measuredNames.has(chosen.name)) continue;
    const together = chosen.group === undefined ? [chosen] : scenarios.filter((s) => s.group === chosen.group);
    for (const scenario of together) measuredNames.add(scenario.name);
    const others = (name: string): string =>
      together
        .filter((s) => s.name !== name)
        .map((s) => s.name)
        .join(', ');
    const measured = await Promise.all(
      together.map((planned) => {
        const scenario = forShard(run.headScenarios.get(planned.name) ?? planned);
        run.options.onScenarioStart?.(scenario.name);
        const start = describeScenarioStart(scenario, scenarios.indexOf(planned), scenarios.length);
        status(
          together.length > 1
            ? `${start} · group ${chosen.group}, at the same time as ${others(scenario.name)}`
            : start,
        );
        return measureScenario(run, scenario, baseScenarioFor(run, scenario.name), run.order);
      }),
    );
    let stopped = false;
    for (const result of measured) {
      if (!result) {
        stopped = true;
        continue;
      }
      run.scenarioResults.push(result.head);
      if (result.base) run.baseResults.push(result.base);
      // A flow's steps are judged and reported as scenarios of their own (<scenario>/<step>).
      run.scenarioResults.push(...(result.headSteps ?? []));
      run.baseResults.push(...(result.baseSteps ?? []));
    }
    if (stopped) break;
  }
}

/** More data instead of an inconclusive verdict: judge the run, run on what lacked data, again. */
async function extendInconclusive(run: ActiveRun): Promise<void> {
  const { options, prepared, schedule, seed } = run;
  for (let look = 0; run.extendable && look < EXTENSION_STEPS; look++) {
    if (runStopped(run)) break;
    const snapshot = snapshotResults(run);
    let comparison: Comparison;
    try {
      comparison = await options.judge!(snapshot, run.runConfig);
    } catch {
      // A run that cannot be judged (no verdict at all) is not extended; the verdict after the
      // run says why, with the results written first.
      break;
    }
    const plan = planExtension({ comparison, results: snapshot, compare: prepared.config.compare, look });
    if (plan.steps.length === 0) break;
    for (const extension of extensionRuns(plan.steps, snapshot)) {
      if (runStopped(run)) break;
      const planned = run.headScenarios.get(extension.scenario);
      const scenario = planned ? extensionScenario(prepared.forShard(planned), extension.addMs) : undefined;
      if (!scenario) continue;
      const baseFound = baseScenarioFor(run, extension.scenario);
      const baseScenario = baseFound ? extensionScenario(baseFound, extension.addMs) : undefined;
      options.onScenarioStart?.(`${scenario.name} (extension ${look + 1})`);
      prepared.status(describeExtensionRun(extension, look));
      const stepOrder =
        prepared.ab && schedule === 'alternate' ? createPairOrder(seed + look + 1, pairCount(scenario)) : undefined;
      const measured = await measureScenario(run, scenario, baseScenario, stepOrder, extensionSeed(seed, look));
      if (!measured) break;
      // A flow's steps took part in every iteration: each takes its share, asked for or not.
      appendEach(run.scenarioResults, [measured.head, ...(measured.headSteps ?? [])], extension);
      if (measured.base) appendEach(run.baseResults, [measured.base, ...(measured.baseSteps ?? [])], extension);
    }
  }
}

/** Appends each measured result of an extension to the result of the same name, for what asked. */
function appendEach(results: ScenarioResult[], measured: ScenarioResult[], extension: ExtensionRun): void {
  for (const step of measured) {
    const at = results.findIndex((result) => result.name === step.name);
    if (at !== -1) results[at] = appendExtension(results[at]!, step, undecidedOf(extension, step.name));
  }
}

/**
 * compare.confirm: the scenarios that regressed with one process per variant run again, for their
 * measured window, on a second pair of processes (head and base stopped and booted afresh), and
 * the verdict keeps a regression only where that pair shows it too (core/compare/confirm.ts). A
 * second pair that does not boot, or dies, leaves the first pair's verdict, and stops the run's
 * later phases (nothing is left to load).
 */
async function confirmRegressions(run: ActiveRun): Promise<void> {
  const { options, prepared, booted } = run;
  if (!options.judge || !booted.base || !booted.reboot || prepared.loadShard !== undefined) return;
  if (!confirmEnabled(run.runConfig.compare)) return;
  const snapshot = snapshotResults(run);
  let asked: ScenarioToConfirm[];
  try {
    asked = scenariosToConfirm(await options.judge(snapshot, run.runConfig), snapshot, run.runConfig.compare);
  } catch {
    return;
  }
  // A ramp decided on its extension cannot be repeated as measured (core/compare/confirm.ts).
  const targets = asked.filter((target) => repeatable(target, run.headScenarios.get(target.scenario)?.load));
  for (const target of asked.filter((one) => !targets.includes(one)))
    prepared.status(
      `${target.scenario}: its ramp regressed on its extension, which a second pair cannot repeat as measured; the first pair's verdict stands (compare.confirm)`,
    );
  if (targets.length === 0) return;
  const names = targets.map((target) => target.scenario);
  const confirmation: NonNullable<ActiveRun['confirmation']> = { scenarios: [], base: [] };
  run.confirmation = confirmation;
  prepared.status(
    `${targets.map((target) => `${target.scenario} ${target.improvedOnly ? 'improved' : 'regressed'}`).join(', ')}: measuring ${names.length === 1 ? 'it' : 'them'} again on a second pair of processes, head and base booted afresh (compare.confirm)`,
  );
  // The results file's services stay the first pair's, whose logs hold the run the figures are of;
  // the second pair's are named with what it measured (ab.confirmation.services).
  run.firstPair = { head: logsOf(booted.head.services), base: logsOf(booted.base.services) };
  try {
    await booted.reboot();
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
    // Kept in results.json and shown in the report: masked as a base that did not boot is.
    const services = [...(prepared.ab?.headConfig.services ?? []), ...(prepared.ab?.baseConfig.services ?? [])];
    confirmation.failure = `the services did not boot again: ${maskForServices(services, message)}`;
    run.servicesDown = true;
    return;
  }
  confirmation.services = { head: logsOf(booted.head.services), base: logsOf(booted.base?.services ?? []) };
  // A scenario of a group runs with its group, as it was measured.
  const planned = prepared.scenarios;
  const groups = new Set(planned.filter((s) => names.includes(s.name) && s.group !== undefined).map((s) => s.group));
  const chosen = planned.filter((s) => names.includes(s.name) || (s.group !== undefined && groups.has(s.group)));
  const done = new Set<string>();
  for (const first of chosen) {
    if (runStopped(run) || done.has(first.name)) continue;
    const together = first.group === undefined ? [first] : chosen.filter((s) => s.group === first.group);
    for (const scenario of together) done.add(scenario.name);
    // The group runs for the longest window any of its regressions needs, so that the scenarios
    // beside a regressed one load the service for all of its window, as they did in the first pair.
    const togetherNames = new Set(together.map((scenario) => scenario.name));
    const windowMs = Math.max(0, ...targets.filter((t) => togetherNames.has(t.scenario)).map((t) => t.windowMs));
    const measured = await Promise.all(
      together.map((one) => {
        const scenario = confirmationScenario(prepared.forShard(run.headScenarios.get(one.name) ?? one), windowMs);
        const baseFound = baseScenarioFor(run, one.name);
        const baseScenario = baseFound ? confirmationScenario(baseFound, windowMs) : undefined;
        options.onScenarioStart?.(`${scenario.name} (second pair of processes)`);
        prepared.status(`${scenario.name}: second pair of processes, ${describeWindow(scenario)} (compare.confirm)`);
        const order =
          run.schedule === 'alternate'
            ? createPairOrder(run.seed + EXTENSION_STEPS + 1, pairCount(scenario))
            : undefined;
        return measureScenario(run, scenario, baseScenario, order);
      }),
    );
    // What a scenario measured up to a service's death is cut short: it is not kept.
    if (run.serviceExit !== undefined) break;
    for (const result of measured) {
      // Only what is to be confirmed: a sibling of the group ran beside it for its contention, and
      // a ramp left out above would be judged on its planned window alone.
      if (!result?.base || !names.includes(result.head.name)) continue;
      confirmation.scenarios.push(result.head, ...(result.headSteps ?? []));
      confirmation.base.push(result.base, ...(result.baseSteps ?? []));
    }
  }
  // A second pair that died is no verdict on the first: the first pair's verdict stands.
  if (run.serviceExit !== undefined) {
    confirmation.failure = `${summarizeServiceExit(run.serviceExit)} while the second pair was measured`;
    delete run.serviceExit;
    run.servicesDown = true;
  }
}

const logsOf = (services: readonly ServiceRecord[]): ServiceRecord[] =>
  services.map(({ name, logPath }) => ({ name, logPath }));

/** "15 s after a 3 s warm-up" */
function describeWindow(scenario: ScenarioConfig): string {
  const load = scenario.load;
  const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(1))} s`;
  const window =
    'durationMs' in load && typeof load.durationMs === 'number' ? seconds(load.durationMs) : 'its planned window';
  return scenario.warmupMs > 0 ? `${window} after a ${seconds(scenario.warmupMs)} warm-up` : window;
}

/** "checkout: p95, p99 undecided; measuring 4 s more (extension 1 of at most 2, compare.extend)";
 * a flow's steps that asked are named each: "shop/order/fetch: p50 MDE above compare.detect; …" */
function describeExtensionRun(extension: ExtensionRun, look: number): string {
  const seconds = (extension.addMs / 1000).toFixed(extension.addMs % 1000 === 0 ? 0 : 1);
  const asks = extension.asks.map((step) => {
    const detect = step.detect ?? [];
    const undecided = step.undecided.filter((metric) => !detect.includes(metric));
    const why = [
      undecided.length > 0 ? `${undecided.join(', ')} undecided` : '',
      detect.length > 0 ? `${detect.join(', ')} MDE above compare.detect` : '',
    ].filter(Boolean);
    return `${step.scenario}: ${why.join(', ')}`;
  });
  return `${asks.join('; ')}; measuring ${seconds} s more (extension ${look + 1} of at most ${EXTENSION_STEPS}, compare.extend)`;
}

/**
 * The phases of a booted run, in order. The services stay up from the first to the last, and
 * each phase sees what the ones before it measured; runLoaded stops at the first that leaves
 * the run stopped.
 */
export const RUN_PHASES: readonly RunPhase[] = [
  measureScenarios,
  extendInconclusive,
  confirmRegressions,
  // Last: it judges what the phases before measured, and measures nothing itself.
  (run) => profileServices(run, snapshotResults),
];

/** The base's copy of a scenario, when the base booted and has it. */
function baseScenarioFor(run: ActiveRun, name: string): ScenarioConfig | undefined {
  const found = run.booted.base && !run.prepared.ab?.newInHead.has(name) ? run.baseScenarios.get(name) : undefined;
  return found ? run.prepared.forShard(found) : undefined;
}

/**
 * The seed of extension `look + 1`'s draws (data rows, a flow's mix, a duet's first variant). Each
 * run of a scenario starts its draws from its seed: with the run's own, an extension repeated the
 * planned window's rows and entries, request for request, in place of drawing new ones. Derived
 * from the run's seed, so that --seed still repeats the whole run.
 */
function extensionSeed(seed: number, look: number): number {
  return deriveSeed(seed, `extension ${look + 1}`);
}

/** Runs one scenario (or one extension step of it) on the head and, in A/B mode, the base; its
 * draws from `seed`. */
async function measureScenario(
  run: ActiveRun,
  scenario: ScenarioConfig,
  baseScenario: ScenarioConfig | undefined,
  pairOrder: PairOrder[] | undefined,
  seed = run.seed,
): Promise<
  | { head: ScenarioResult; base?: ScenarioResult; headSteps?: ScenarioResult[]; baseSteps?: ScenarioResult[] }
  | undefined
> {
  const { options, prepared, booted, schedule } = run;
  // A service that dies mid-run turns the rest of the load into refused connections, which
  // would be compared as if measured (a dead base once hid a +224% head): stop, and say so.
  const died = new AbortController();
  const lookForExit = (): void => {
    // Found by a scenario running beside this one (a group): this one stops too.
    if (run.serviceExit) {
      died.abort();
      return;
    }
    const found = findServiceExit(booted);
    if (!found) return;
    run.serviceExit = { ...found, scenario: scenario.name };
    prepared.status(`${summarizeServiceExit(run.serviceExit)}: stopping the run`);
    died.abort();
  };
  // One that died between two scenarios (or while the start barrier waited) is found before
  // the next one's load, which would otherwise be blamed.
  lookForExit();
  if (run.serviceExit) return undefined;
  const targets: RunTarget[] = [{ name: 'head', baseUrl: scenario.baseUrl }];
  if (baseScenario) targets.push({ name: 'base', baseUrl: baseScenario.baseUrl });
  // compare.processes: a paired scenario's requests go to every copy of each variant; a capacity
  // search and a flow use the first alone (targets).
  const spread: RunTarget[] = baseScenario
    ? [
        { ...targets[0]!, ...processUrls(run, 'head', scenario) },
        { ...targets[1]!, ...processUrls(run, 'base', baseScenario) },
      ]
    : targets;
  const headSampler = startUsageSampler(booted.head.services);
  const baseSampler = booted.base ? startUsageSampler(booted.base.services) : undefined;
  const machineMeter = startMachineLoadMeter(prepared.environment.cpuCount);
  const progress = createProgressReporter(options.progressStream);
  const watch = setInterval(lookForExit, EXIT_POLL_MS);
  let outcome: Awaited<ReturnType<typeof runScenarioVariants>> & { steps?: ScenarioResult[][] };
  let headUsage: ServiceUsage[];
  let baseUsage: ServiceUsage[];
  let machine: ScenarioResult['machine'];
  try {
    const runOptions = {
      rows: prepared.rowsFor(scenario.name),
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
    outcome = scenario.flow
      ? await runFlowVariants(scenario, { ...runOptions, targets, seed })
      : scenario.load.executor === 'capacity'
        ? await runCapacityVariants(scenario, {
            ...runOptions,
            targets,
            seed,
            thresholds: thresholdsForScenario(prepared.headConfig.thresholds, scenario.name),
          })
        : await runScenarioVariants(scenario, {
            ...runOptions,
            targets: spread,
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
  const withHead = (result: ScenarioResult): ScenarioResult => ({
    ...result,
    services: headUsage,
    ...(machine ? { machine } : {}),
  });
  const withBase = (result: ScenarioResult): ScenarioResult => ({
    ...result,
    services: baseUsage,
    ...(machine ? { machine } : {}),
  });
  const [headSteps, baseSteps] = outcome.steps ?? [];
  return {
    head: withHead(headResult!),
    ...(baseResult ? { base: withBase(baseResult) } : {}),
    ...(headSteps ? { headSteps: headSteps.map(withHead) } : {}),
    ...(baseResult && baseSteps ? { baseSteps: baseSteps.map(withBase) } : {}),
  };
}

/** The run's results as measured so far (each look of an extended run is judged on one). */
export function snapshotResults(run: ActiveRun): Results {
  const { options, prepared, booted } = run;
  return assembleResults({
    configHash: prepared.configHash,
    toolVersion: TOOL_VERSION,
    startedAtMs: prepared.startedAtMs,
    nowMs: Date.now(),
    environment: prepared.environment,
    ...(options.git ? { git: options.git } : {}),
    services: run.firstPair?.head ?? booted.head.services,
    scenarios: run.scenarioResults,
    ...(options.shard
      ? {
          shard: {
            index: options.shard.index,
            count: options.shard.count,
            splitLoad: prepared.loadShard !== undefined,
            ...(options.startAtMs === undefined ? {} : { startAtMs: options.startAtMs }),
          },
        }
      : {}),
    interrupted: options.signal?.aborted === true && run.profiling !== true,
    ...(run.serviceExit ? { serviceExit: run.serviceExit } : {}),
    ...(run.sequential ? { sequential: run.sequential } : {}),
    ...(run.profiles.length > 0 ? { profiles: run.profiles } : {}),
    ...(prepared.ab
      ? {
          ab: {
            schedule: run.schedule,
            seed: run.seed,
            ...(run.order ? { order: run.order } : {}),
            ...(booted.boot ? { boot: booted.boot } : {}),
            ...(options.baseGit ? { git: options.baseGit } : {}),
            services: run.firstPair?.base ?? booted.base?.services ?? [],
            scenarios: run.baseResults,
            ...(booted.baseFailure ? { baseFailure: booted.baseFailure } : {}),
            ...(run.confirmation ? { confirmation: run.confirmation } : {}),
          },
        }
      : {}),
  });
}

/** A scenario's origin in each copy of a variant (compare.processes), copy 1's (its own) first. */
function processUrls(run: ActiveRun, variant: 'head' | 'base', scenario: ScenarioConfig): { baseUrls?: string[] } {
  const copies = run.prepared.ab?.copies[variant] ?? [];
  const urls = copies.map((copy) => copy.scenarios.find((other) => other.name === scenario.name)?.baseUrl);
  if (urls.length === 0 || urls.some((url) => url === undefined)) return {};
  return { baseUrls: [scenario.baseUrl, ...(urls as string[])] };
}

/** How often a running scenario looks for a dead service (a flag check; a process scan only after a leader exited). */
const EXIT_POLL_MS = 200;

function findServiceExit(booted: BootedVariants): Omit<ServiceExit, 'scenario'> | undefined {
  const head = booted.head.findExited();
  if (head) return { variant: 'head', ...head };
  const base = booted.base?.findExited();
  return base ? { variant: 'base', ...base } : undefined;
}
