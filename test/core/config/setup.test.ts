// setup: → SetupStep[]: a string is a command with the default timeout; an object may set its own
// timeout and folder; shapes the schema refuses and a zero timeout are problems with their path.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/core/config/index.js';
import { DEFAULT_SETUP_TIMEOUT_MS } from '../../../src/core/config/defaults.js';
import { ConfigError } from '../../../src/core/errors.js';

const SCENARIO =
  'scenarios:\n  a:\n    executor: constant-vus\n    vus: 1\n    duration: 1s\n    baseUrl: http://127.0.0.1:8080\n    request: { path: / }\n';

describe('setup:', () => {
  it('reads strings and objects, in order, with the default timeout', () => {
    const config = parseConfig(
      `setup:\n  - npm ci\n  - { run: npm run build, timeout: 90s, cwd: app }\n${SCENARIO}`,
      'perfgate.yml',
    );
    expect(config.setup).toEqual([
      { run: 'npm ci', timeoutMs: DEFAULT_SETUP_TIMEOUT_MS },
      { run: 'npm run build', timeoutMs: 90_000, cwd: 'app' },
    ]);
  });

  it('is empty when absent', () => {
    expect(parseConfig(SCENARIO, 'perfgate.yml').setup).toEqual([]);
  });

  it.each([
    ['setup:\n  - ""\n', 'setup[0]'],
    ['setup:\n  - { timeout: 5s }\n', 'setup[0]'],
    ['setup:\n  - { run: x, timeout: 0 }\n', 'setup[0].timeout'],
    ['setup: npm ci\n', 'setup'],
  ])('refuses %j, naming %s', (top, path) => {
    let message = '';
    try {
      parseConfig(`${top}${SCENARIO}`, 'perfgate.yml');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain(path);
  });
});
