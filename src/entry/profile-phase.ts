// The profile phase (issue 36): after the measured windows and the verdict, never inside them,
// the services' profilers (services[].profile) run while both variants take the scenario's load
// at the same time, and the functions whose share of the CPU grew from base to head are kept in
// the results. Off unless a service has a profiler; with profile.when: regression (the default)
// only a scenario that regressed is profiled, so a passing run costs nothing. Whatever fails here
// is a warning: the measured figures and the verdict are untouched.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Results, ProfileResult } from '../core/types/results.js';
import type { ScenarioConfig, ServiceConfig } from '../core/types/config.js';
import { DEFAULT_PROFILE_WINDOW_MS } from '../core/config/defaults.js';
import {
  chooseProfiledScenarios,
  compareProfiles,
  formatFolded,
  profileFolderName,
  renderDiffFlameSvg,
  type FoldedProfile,
} from '../core/profile/index.js';
import { startProfile, type ProfileRecording } from '../adapters/profiler.js';
import type { RunningServices } from '../adapters/services.js';
import { runScenarioVariants } from '../engine/run-scenario.js';
import { runFlowVariants } from '../engine/run-flow.js';
import { extensionScenario } from '../engine/plan.js';
import type { ActiveRun } from './run-phases.js';

/** The grown functions kept per service in the results (the reports show the first five). */
const GROWN_KEPT = 10;

export async function profileServices(run: ActiveRun, snapshot: (run: ActiveRun) => Results): Promise<void> {
  const { options, prepared, booted } = run;
  const headServices = prepared.headConfig.services.filter((service) => service.profile);
  if (headServices.length === 0) return;
  const profile = prepared.config.profile ?? { when: 'regression', windowMs: DEFAULT_PROFILE_WINDOW_MS };
  const baseServices = prepared.ab?.baseConfig.services ?? [];
  let comparison;
  if (profile.when === 'regression') {
    // perfgate run judges nothing: only profile.when: always profiles there.
    if (!options.judge) return;
    try {
      comparison = await options.judge(snapshot(run), run.runConfig);
    } catch {
      return;
    }
  }
  const measured = new Set(run.scenarioResults.map((result) => result.name));
  const names = prepared.scenarios.map((scenario) => scenario.name).filter((name) => measured.has(name));
  const chosen = chooseProfiledScenarios(names, profile, comparison).filter(
    ({ scenario }) => !prepared.ab?.newInHead.has(scenario),
  );
  if (chosen.length > 0 && !booted.base) {
    // Said only when a profile was due: a push to the default branch (no base) with no regression
    // is the common case, and is not worth a warning on every run.
    options.onWarning(
      `${chosen.map(({ scenario }) => scenario).join(', ')} would be profiled (services ${headServices.map((service) => service.name).join(', ')} have a profiler), but a profile compares the base with the head and this run has no base beside it (A/B mode: --base-ref, or the action's base-ref on a pull request); nothing was profiled`,
    );
    return;
  }
  if (chosen.length > 0) run.profiling = true;
  for (const { scenario, trigger } of chosen) {
    if (options.signal?.aborted) break;
    const results = await profileScenario(run, scenario, trigger, profile.windowMs, baseServices);
    run.profiles.push(...results);
    for (const result of results) if (result.error) options.onWarning(`${result.error}; the verdict stands`);
  }
}

interface Side {
  variant: 'head' | 'base';
  running: RunningServices;
  configs: readonly ServiceConfig[];
  /** The checkout: file:line in both variants' profiles are relative to their own, so they match. */
  root: string;
}

async function profileScenario(
  run: ActiveRun,
  name: string,
  trigger: ProfileResult['trigger'],
  windowMs: number,
  baseServices: readonly ServiceConfig[],
): Promise<ProfileResult[]> {
  const { options, prepared, booted } = run;
  const headScenario = windowScenario(run.headScenarios.get(name), run, windowMs);
  const baseScenario = windowScenario(run.baseScenarios.get(name), run, windowMs);
  const profiled = prepared.headConfig.services.filter((service) => service.profile);
  const base = (service: ServiceConfig): ProfileResult => ({
    scenario: name,
    service: service.name,
    kind: service.profile!.kind,
    trigger,
    windowMs,
  });
  if (!headScenario || !baseScenario) {
    const executor = run.headScenarios.get(name)?.load.executor ?? 'unknown';
    return profiled.map((service) => ({
      ...base(service),
      error: `scenario ${name} (${executor}) has no steady load to repeat for a profile; it was not profiled`,
    }));
  }
  const outDir = path.join(options.logDir, 'profile', profileFolderName(name));
  prepared.status(
    `profiling ${profiled.map((service) => service.name).join(', ')} on ${name} (${trigger === 'regression' ? 'it regressed' : 'profile.when: always'}): base and head for ${windowMs / 1000} s at the scenario's load, after the verdict`,
  );
  const sides: Side[] = [
    {
      variant: 'head',
      running: booted.head,
      configs: prepared.headConfig.services,
      root: options.headRoot ?? process.cwd(),
    },
    { variant: 'base', running: booted.base!, configs: baseServices, root: options.baseDir ?? process.cwd() },
  ];
  const recordings = new Map<string, Promise<ProfileRecording>>();
  const key = (variant: string, service: string): string => `${variant}/${service}`;
  for (const side of sides) {
    for (const service of profiled) {
      const running = side.running.services.find((candidate) => candidate.name === service.name);
      const config = side.configs.find((candidate) => candidate.name === service.name);
      if (!running || !config?.profile) continue;
      const started = startProfile({
        service: service.name,
        variant: side.variant,
        profiler: config.profile,
        pid: running.pid,
        logPath: running.logPath,
        cwd: side.root,
        outDir,
      });
      // Settled below; this keeps a failed start from being an unhandled rejection meanwhile.
      started.catch(() => undefined);
      recordings.set(key(side.variant, service.name), started);
    }
  }
  const starts = await Promise.allSettled(recordings.values());
  let loadError: string | undefined;
  // No profiler started (py-spy missing, no perf permission): no load to drive for nothing.
  const anyStarted = starts.some((start) => start.status === 'fulfilled');
  if (anyStarted)
    try {
      const targets = [
        { name: 'head', baseUrl: headScenario.baseUrl },
        { name: 'base', baseUrl: baseScenario.baseUrl },
      ];
      const runOptions = {
        rows: prepared.rowsFor(name),
        targets,
        seed: run.seed,
        // Both at once, whatever the run's schedule: the two profiles see the same moments.
        schedule: 'duet' as const,
        ...(options.signal ? { signal: options.signal } : {}),
      };
      await (headScenario.flow
        ? runFlowVariants(headScenario, runOptions)
        : runScenarioVariants(headScenario, runOptions));
    } catch (error) {
      loadError = (error as Error).message;
    }
  const stopped = new Map<string, { folded?: FoldedProfile; rawFiles?: string[]; error?: string }>();
  await Promise.all(
    [...recordings].map(async ([id, started]) => {
      try {
        const recording = await started;
        if (options.signal?.aborted || loadError) {
          await recording.abort();
          stopped.set(id, { error: loadError ?? 'interrupted' });
        } else stopped.set(id, await recording.stop());
      } catch (error) {
        stopped.set(id, { error: (error as Error).message });
      }
    }),
  );
  const results: ProfileResult[] = [];
  for (const service of profiled) {
    const head = stopped.get(key('head', service.name));
    const baseSide = stopped.get(key('base', service.name));
    const error =
      head?.error ??
      baseSide?.error ??
      (!head || !baseSide ? `services ${service.name}: the base's config has no such service to profile` : undefined);
    if (error || !head?.folded || !baseSide?.folded) {
      results.push({ ...base(service), error: `profile of ${name}: ${error ?? 'no profile'}` });
      continue;
    }
    const compared = compareProfiles(baseSide.folded, head.folded);
    const files = await writeProfileFiles(outDir, service.name, name, baseSide.folded, head.folded).catch(
      (writeError: Error) => {
        options.onWarning(`profile of ${name}: could not write its files in ${outDir}: ${writeError.message}`);
        return [];
      },
    );
    results.push({
      ...base(service),
      baseSamples: compared.baseSamples,
      headSamples: compared.headSamples,
      rule: compared.rule,
      grown: compared.grown.slice(0, GROWN_KEPT),
      files: [...files, ...(baseSide.rawFiles ?? []), ...(head.rawFiles ?? [])],
    });
  }
  return results;
}

/** The scenario at its steady load for the window, with no warm-up: the services are warm. */
function windowScenario(
  planned: ScenarioConfig | undefined,
  run: ActiveRun,
  windowMs: number,
): ScenarioConfig | undefined {
  if (!planned) return undefined;
  const steady = extensionScenario(run.prepared.forShard(planned), windowMs);
  return steady ? { ...steady, warmupMs: 0 } : undefined;
}

async function writeProfileFiles(
  outDir: string,
  service: string,
  scenario: string,
  base: FoldedProfile,
  head: FoldedProfile,
): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const files = [
    [path.join(outDir, `base-${service}.folded`), formatFolded(base)],
    [path.join(outDir, `head-${service}.folded`), formatFolded(head)],
    [path.join(outDir, `${service}.diff.svg`), renderDiffFlameSvg(base, head, `${scenario} · ${service}`)],
  ] as const;
  for (const [file, text] of files) await writeFile(file, text);
  return files.map(([file]) => file);
}
