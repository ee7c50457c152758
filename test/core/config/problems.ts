// What parseConfig (or loadConfig, for a file) refuses a config with, for the config tests: the
// whole ConfigError message, or its problems one by one.
import { expect } from 'vitest';
import { loadConfig } from '../../../src/adapters/config-file.js';
import { parseConfig } from '../../../src/core/config/index.js';
import { ConfigError } from '../../../src/core/errors.js';

/** The message of the ConfigError that `text` is refused with (the test fails when it is not). */
export function configErrorOf(text: string): string {
  try {
    parseConfig(text, 'perfgate.yml');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

/** The message of the ConfigError that loadConfig refuses `file` with (the test fails when it is not). */
export async function loadErrorOf(file: string): Promise<string> {
  const error = await loadConfig(file).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return (error as Error).message;
}

/** The problems a config has, without the `file:line: ` prefix, in the order reported. */
export function problemsOf(text: string): string[] {
  const [header, ...lines] = configErrorOf(text).split('\n');
  expect(header).toMatch(/^perfgate\.yml (has \d+ problems?|is not valid YAML):$/);
  return lines.map((line) => line.replace(/^perfgate\.yml(:\d+)*: /, ''));
}

/** The ConfigError message `text` is refused with, or '' when it is accepted. */
export function refusalOf(text: string): string {
  try {
    parseConfig(text, 'perfgate.yml');
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

/** The lines of one constant-vus scenario under `scenarios:`, with `extra` lines of its own. */
export function scenarioLines(name: string, extra: string[] = []): string[] {
  return [
    `  ${name}:`,
    '    executor: constant-vus',
    '    vus: 1',
    '    duration: 30s',
    '    request: { path: / }',
    ...extra,
  ];
}
