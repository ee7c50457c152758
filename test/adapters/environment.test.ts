import { describe, it, expect } from 'vitest';
import { fingerprintHost, readEnvironment, readHostFacts, type HostFacts } from '../../src/adapters/environment.js';

const host: HostFacts = {
  cpuModel: 'AMD EPYC 7763 64-Core Processor',
  cpuCount: 4,
  nodeVersion: 'v24.1.0',
  platform: 'linux',
  release: '6.8.0-1021-azure',
  arch: 'x64',
};

describe('readEnvironment', () => {
  it('describes the host and the runner', () => {
    const environment = readEnvironment({ RUNNER_OS: 'Linux', RUNNER_NAME: 'GitHub Actions 12' }, host);
    expect(environment).toEqual({
      cpuModel: 'AMD EPYC 7763 64-Core Processor',
      cpuCount: 4,
      nodeVersion: 'v24.1.0',
      os: 'linux 6.8.0-1021-azure x64',
      runnerOs: 'Linux',
      runnerName: 'GitHub Actions 12',
      fingerprint: expect.stringMatching(/^[0-9a-f]{12}$/) as unknown as string,
    });
  });

  it('leaves the runner fields out outside Actions', () => {
    const environment = readEnvironment({}, host);
    expect('runnerOs' in environment).toBe(false);
    expect('runnerName' in environment).toBe(false);
  });

  it('reads the real host', () => {
    const environment = readEnvironment({});
    expect(environment.cpuCount).toBeGreaterThanOrEqual(1);
    expect(environment.cpuModel).not.toBe('');
    expect(environment.nodeVersion).toBe(process.version);
    expect(environment.os).toContain(process.platform);
    expect(environment.fingerprint).toBe(fingerprintHost(readHostFacts()));
  });
});

describe('fingerprint', () => {
  const fingerprintOf = (change: Partial<HostFacts>, env: NodeJS.ProcessEnv = {}) =>
    readEnvironment(env, { ...host, ...change }).fingerprint;
  const base = fingerprintOf({});

  it.each<[string, Partial<HostFacts>, NodeJS.ProcessEnv, boolean]>([
    ['the same inputs', {}, {}, true],
    ['another runner of the same pool', {}, { RUNNER_NAME: 'GitHub Actions 99', RUNNER_OS: 'Linux' }, true],
    ['a newer kernel on the same image family', { release: '6.11.0-1005-azure' }, {}, true],
    ['a Node patch/minor update', { nodeVersion: 'v24.9.3' }, {}, true],
    ['another CPU count', { cpuCount: 2 }, {}, false],
    ['another CPU model', { cpuModel: 'Intel(R) Xeon(R) Platinum 8370C CPU @ 2.80GHz' }, {}, false],
    ['another Node major', { nodeVersion: 'v22.14.0' }, {}, false],
    ['another OS', { platform: 'darwin' }, {}, false],
    ['another architecture', { arch: 'arm64' }, {}, false],
  ])('%s → same fingerprint: %s', (_label, change, env, same) => {
    expect(fingerprintOf(change, env) === base).toBe(same);
  });
});
