// The A/B keys of the config: compare.mode and compare.schedule, and ${port} in services' env and
// ready and in baseUrl, with the checks an A/B run needs.
import { describe, expect, it } from 'vitest';
import { hashConfig } from '../../../src/core/config-hash.js';
import { commandWords, findAbProblems } from '../../../src/core/config/ab.js';
import { parseConfig } from '../../../src/core/config/index.js';
import { bindPort, configUsesPort } from '../../../src/core/port.js';
import { problemsOf } from './problems.js';

const abConfig = (compare: string, executor = 'executor: constant-vus\n    vus: 2\n    duration: 30s') => `
services:
  - name: api
    run: node server.js
    env: { LISTEN: "127.0.0.1:\${port}" }
    ready: { http: "http://127.0.0.1:\${port}/health" }
defaults:
  baseUrl: http://127.0.0.1:\${port}/api
compare: ${compare}
scenarios:
  a:
    ${executor}
    request: { path: /x }
`;

describe('compare.mode and compare.schedule', () => {
  it('reads ab and alternate, and keeps ${port} in the config until a variant binds it', () => {
    const config = parseConfig(abConfig('{ mode: ab, schedule: alternate }'), 'perfgate.yml');
    expect(config.compare).toMatchObject({ mode: 'ab', schedule: 'alternate' });
    expect(config.scenarios[0]?.baseUrl).toBe('http://127.0.0.1:${port}');
    expect(config.scenarios[0]?.request.path).toBe('/api/x');
    expect(config.services[0]?.ready?.http).toBe('http://127.0.0.1:${port}/health');
    expect(configUsesPort(config)).toBe(true);
  });

  it('names the key, the value and the choices for a wrong mode or schedule', () => {
    expect(problemsOf(abConfig('{ mode: a/b, schedule: duett }'))).toEqual([
      'compare.mode: "a/b" is not allowed; use one of stored, ab (did you mean "ab"?)',
      'compare.schedule: "duett" is not allowed; use one of duet, alternate (did you mean "duet"?)',
    ]);
  });

  it('refuses ab with a fixed port, and alternate with shared-iterations, saying how to fix each', () => {
    const fixed = abConfig('{ mode: ab }').replace('http://127.0.0.1:${port}/api', 'http://127.0.0.1:8080');
    expect(problemsOf(fixed)).toEqual([
      'scenarios.a.baseUrl: "http://127.0.0.1:8080" names a fixed port, but in A/B mode the head and the base each get a port of their own; write it as ${port}, like "http://127.0.0.1:${port}" (in defaults.baseUrl), and let the service listen on env PORT',
    ]);
    expect(
      problemsOf(
        abConfig('{ mode: ab, schedule: alternate }', 'executor: shared-iterations\n    vus: 2\n    iterations: 100'),
      ),
    ).toEqual([
      'scenarios.a.executor: shared-iterations runs until a count is reached, so its window cannot be cut into alternating segments; use compare.schedule: duet, or constant-vus',
    ]);
  });

  it('refuses ${port} anywhere in baseUrl but its port', () => {
    expect(
      problemsOf(abConfig('{ mode: stored }').replace('http://127.0.0.1:${port}/api', 'http://127.0.0.1:8080/${port}')),
    ).toEqual([
      'defaults.baseUrl: "http://127.0.0.1:8080/${port}" uses ${port} other than as its port; write it as the port, like "http://127.0.0.1:${port}"',
    ]);
  });

  it('checks the rest of a URL that holds ${port}: a remote host is still refused', () => {
    const remote = abConfig('{ mode: stored }').replace(
      'http://127.0.0.1:${port}/health',
      'http://example.com:${port}/health',
    );
    expect(problemsOf(remote)).toEqual([
      'services[0].ready.http: "http://example.com:${port}/health" is not a loopback address; perfgate refuses to load-test other hosts unless you list them in allowHosts',
    ]);
  });

  it('finds what keeps a stored-mode config from an A/B run (for --base-dir)', () => {
    const config = parseConfig(
      abConfig('{}').replace('http://127.0.0.1:${port}/api', 'http://127.0.0.1:8080'),
      'perfgate.yml',
    );
    expect(findAbProblems(config).map((problem) => problem.path.join('.'))).toEqual(['scenarios.a.baseUrl']);
    expect(findAbProblems({ ...config, services: [] }).map((problem) => problem.path.join('.'))).toEqual([
      'services',
      'scenarios.a.baseUrl',
    ]);
  });
});

describe('bindPort', () => {
  const config = parseConfig(abConfig('{ mode: ab }'), 'perfgate.yml');

  it('fills ${port} in env, ready and baseUrl, and sets PORT unless the config does', () => {
    const bound = bindPort(config, 41234);
    expect(bound.services[0]?.env).toEqual({ LISTEN: '127.0.0.1:41234', PORT: '41234' });
    expect(bound.services[0]?.ready?.http).toBe('http://127.0.0.1:41234/health');
    expect(bound.scenarios[0]?.baseUrl).toBe('http://127.0.0.1:41234');
    const own = bindPort({ ...config, services: [{ ...config.services[0]!, env: { PORT: '${port}0' } }] }, 4123);
    expect(own.services[0]?.env).toEqual({ PORT: '41230' });
    // The config itself keeps the placeholder: the other variant binds its own port.
    expect(config.scenarios[0]?.baseUrl).toBe('http://127.0.0.1:${port}');
  });

  // `perfgate check` called such a config valid; the run then sent its load to an empty port.
  it('fills ${port} in run:, and refuses a fixed env PORT beside ${port}', () => {
    const inRun = parseConfig(
      abConfig('{}').replace('run: node server.js', 'run: node server.js --port ${port}'),
      'perfgate.yml',
    );
    expect(bindPort(inRun, 41234).services[0]?.run).toBe('node server.js --port 41234');
    const fixedPort = abConfig('{}').replace('LISTEN:', 'PORT: "8080", LISTEN:');
    expect(problemsOf(fixedPort)).toEqual([
      expect.stringMatching(
        /^services\[0\]\.env\.PORT: "8080" fixes the port, but the config writes \$\{port\}.*remove env\.PORT/,
      ),
    ]);
    // A dependency beside it keeps a fixed port of its own.
    const withMock = abConfig('{}').replace(
      'services:\n',
      'services:\n  - name: upstream\n    run: node mock.js\n    env: { PORT: "9000" }\n    ready: { tcp: "127.0.0.1:9000" }\n',
    );
    expect(() => parseConfig(withMock, 'perfgate.yml')).not.toThrow();
    // A config with fixed ports throughout sets PORT as it likes.
    expect(() => parseConfig(fixedPort.replaceAll('${port}', '8080'), 'perfgate.yml')).not.toThrow();
  });

  it('leaves a config without ${port} alone, PORT included', () => {
    const fixed = parseConfig(abConfig('{}').replaceAll('${port}', '8080'), 'perfgate.yml');
    expect(bindPort(fixed, 41234)).toBe(fixed);
  });

  it('does not let the port change the config hash', () => {
    expect(hashConfig(bindPort(config, 1111))).toBe(hashConfig(bindPort(config, 2222)));
  });
});

describe('commandWords', () => {
  it('takes quotes off and adds the value of each --flag=x and NAME=x word', () => {
    expect(commandWords(`PORT=1 node "/a b/server.js" --data=/srv/d 'x y'|tee log && ./run`)).toEqual([
      'PORT=1',
      '1',
      'node',
      '/a b/server.js',
      '--data=/srv/d',
      '/srv/d',
      'x y',
      'tee',
      'log',
      './run',
    ]);
  });

  it('fills $NAME from the env, splits :-lists and URLs, and leaves redirection targets out', () => {
    expect(commandWords('node $WS/server.js ${WS}/x $UNSET', { WS: '/w/head' })).toEqual([
      'node',
      '/w/head/server.js',
      '/w/head/x',
      '$UNSET',
    ]);
    expect(commandWords('/x:/w/head/lib')).toEqual(['/x:/w/head/lib', '/x', '/w/head/lib']);
    expect(commandWords('sqlite:////w/head/db')).toContain('////w/head/db');
    expect(commandWords('node server.js > /w/head/api.log 2>&1 2>> /w/head/err.log')).toEqual(['node', 'server.js']);
  });
});
