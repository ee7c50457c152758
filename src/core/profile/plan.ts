// Which services are profiled, with what, and which scenarios: the choices of a profile phase,
// made from the config and the verdict, with no I/O.
import { ConfigError } from '../errors.js';
import type { Comparison } from '../types/comparison.js';
import type { ProfileConfig, ProfilerConfig, ServiceConfig } from '../types/config.js';

/** What node needs in NODE_OPTIONS for profile: node (port 0: base and head never collide). */
export const NODE_INSPECT_OPTION = '--inspect=127.0.0.1:0';

/**
 * The services as booted with their profilers: the config's own `profile:`, else the one the
 * action's or CLI's `profile` turns on for every service, else the head's for a service of the same
 * name (a base whose config predates `profile:` is profiled as the head is). A service profiled by
 * node gets NODE_OPTIONS with the inspector on an ephemeral loopback port.
 */
export function applyProfilers(
  services: readonly ServiceConfig[],
  choices: { all?: ProfilerConfig; head?: readonly ServiceConfig[]; parentNodeOptions?: string },
): ServiceConfig[] {
  return services.map((service) => {
    const profile =
      service.profile ?? choices.head?.find((other) => other.name === service.name)?.profile ?? choices.all;
    if (!profile) return service;
    if (profile.kind !== 'node') return { ...service, profile };
    const current = service.env.NODE_OPTIONS ?? choices.parentNodeOptions ?? '';
    const nodeOptions = current.includes('--inspect') ? current : `${current} ${NODE_INSPECT_OPTION}`.trim();
    return { ...service, profile, env: { ...service.env, NODE_OPTIONS: nodeOptions } };
  });
}

export interface ProfileTargetScenario {
  scenario: string;
  trigger: 'regression' | 'always';
}

/**
 * The scenarios to profile: each that regressed (a flow's step counts for its flow), or with
 * `when: always` every one. Without a verdict (`perfgate run`), only `always` profiles.
 */
export function chooseProfiledScenarios(
  scenarioNames: readonly string[],
  profile: ProfileConfig,
  comparison: Comparison | undefined,
): ProfileTargetScenario[] {
  if (profile.when === 'always') return scenarioNames.map((scenario) => ({ scenario, trigger: 'always' }));
  if (!comparison) return [];
  const regressed = new Set(
    comparison.regressions.map(
      (metric) =>
        scenarioNames.find((name) => metric.scenario === name || metric.scenario.startsWith(`${name}/`)) ??
        metric.scenario,
    ),
  );
  return scenarioNames
    .filter((name) => regressed.has(name))
    .map((scenario) => ({ scenario, trigger: 'regression' as const }));
}

/**
 * The CLI's --profile and the action's profile input: a profiler for every service that has none
 * of its own (none or empty: off). `command` needs start and stop commands, so only the config has it.
 */
export function parseProfilerChoice(value: string | undefined, source: string): ProfilerConfig | undefined {
  const text = (value ?? '').trim();
  if (text === '' || text === 'none') return undefined;
  if (text === 'node' || text === 'perf' || text === 'py-spy') return { kind: text };
  throw new ConfigError(
    `${source}: "${text}" is not a profiler; use node, perf, py-spy or none (a command profiler is set per service in the config: services[].profile)`,
  );
}

/** A scenario's name as a folder name: "json_oracle/fetchByKey" → "json_oracle_fetchByKey". */
export function profileFolderName(scenario: string): string {
  return scenario.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'scenario';
}
