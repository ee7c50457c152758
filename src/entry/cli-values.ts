// The values of the `perfgate` command's options, read from parseArgs' result: each reader names
// the flag and the fix when a value cannot be used.
import { ConfigError } from '../core/errors.js';
import { parseProfilerChoice } from '../core/profile/plan.js';
import type { ProfilerConfig } from '../core/types/config.js';
import type { TrendsFailOn } from './trends-impl.js';

export type Values = Record<string, string | boolean | undefined>;

/** --base-ref REF, unless absent, empty or none. */
export function baseRef(values: Values): { baseRef?: string } {
  const ref = stringValue(values, 'base-ref');
  return ref === undefined || ref === '' || ref === 'none' ? {} : { baseRef: ref };
}

/** --profile KIND: a profiler for every service without its own. */
export function profileChoice(values: Values): { profile?: ProfilerConfig } {
  const profile = parseProfilerChoice(stringValue(values, 'profile'), '--profile');
  return profile ? { profile } : {};
}

export function stringValue(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function required(values: Values, name: string, flag: string, example: string): string {
  const value = stringValue(values, name);
  if (value === undefined || value === '') throw new ConfigError(`${flag} is required, like ${example}`);
  return value;
}

export function parseSeed(values: Values): number | undefined {
  const raw = stringValue(values, 'seed');
  if (raw === undefined) return undefined;
  const seed = Number(raw);
  if (!Number.isInteger(seed)) throw new ConfigError(`--seed: "${raw}" is not an integer; use a whole number like 42`);
  return seed;
}

export function parseTrendsFailOn(value: string): TrendsFailOn {
  if (value === 'regression' || value === 'never') return value;
  throw new ConfigError(`--fail-on: "${value}" is not one of "regression", "never"; use one of those`);
}
