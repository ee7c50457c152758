// defaults.http and scenario http: in the config: how YAML's numbers read, the override, what
// HTTP/2 refuses, and the config hash.
import { describe, expect, it } from 'vitest';
import { refusalOf as problems, scenarioLines as scenario } from './problems.js';
import { findConfigWarnings, parseConfig } from '../../../src/core/config/index.js';
import { hashConfig } from '../../../src/core/config-hash.js';

describe('http: in the config', () => {
  it('reads 1.1, 2 and auto, written as numbers or strings, with a scenario overriding defaults', () => {
    const parsed = parseConfig(
      [
        'defaults:',
        '  baseUrl: "https://127.0.0.1:8443"',
        '  http: 2',
        'scenarios:',
        ...scenario('inherits'),
        ...scenario('old', ['    http: 1.1']),
        ...scenario('asks', ['    http: auto']),
        ...scenario('quoted', ['    http: "2"']),
      ].join('\n'),
      'perfgate.yml',
    );
    expect(parsed.scenarios.map((s) => s.http)).toEqual(['2', '1.1', 'auto', '2']);
  });

  it('leaves http unset without the key', () => {
    const parsed = parseConfig(
      ['defaults:', '  baseUrl: "http://127.0.0.1:8080"', 'scenarios:', ...scenario('plain')].join('\n'),
      'perfgate.yml',
    );
    expect(parsed.scenarios[0]!.http).toBeUndefined();
  });

  it('refuses another version, naming the values it takes', () => {
    const message = problems(
      ['defaults:', '  baseUrl: "http://127.0.0.1:8080"', 'scenarios:', ...scenario('x', ['    http: 3'])].join('\n'),
    );
    expect(message).toMatch(/scenarios\.x\.http/);
    expect(message).toMatch(/auto/);
  });

  it("refuses a connection header under HTTP/2, a flow step's too; a flow takes http: 2 and auto", () => {
    const header = problems(
      [
        'defaults:',
        '  baseUrl: "http://127.0.0.1:8080"',
        'scenarios:',
        '  x:',
        '    executor: constant-vus',
        '    vus: 1',
        '    duration: 30s',
        '    http: 2',
        '    request: { path: /, headers: { Connection: close } }',
      ].join('\n'),
    );
    expect(header).toMatch(/scenarios\.x\.request\.headers\.Connection: is a connection header, which HTTP\/2 forbids/);
    const flowLines = (http: string, headers: string) => [
      'defaults:',
      '  baseUrl: "http://127.0.0.1:8080"',
      `  http: ${http}`,
      'scenarios:',
      '  x:',
      '    executor: constant-vus',
      '    vus: 1',
      '    duration: 30s',
      '    setup: [{ name: login, request: { path: /login } }]',
      `    steps: [{ name: a, request: { path: / } }, { name: b, request: { path: /b${headers} } }]`,
    ];
    expect(problems(flowLines('auto', ', headers: { upgrade: h2c }').join('\n'))).toMatch(
      /scenarios\.x\.steps\[1\]\.request\.headers\.upgrade: is a connection header, which HTTP\/2 forbids/,
    );
    for (const http of ['2', 'auto'])
      expect(parseConfig(flowLines(http, '').join('\n'), 'perfgate.yml').scenarios[0]!.http).toBe(http);
  });

  it('keeps the config hash of HTTP/1.1 and changes it for HTTP/2', () => {
    const hash = (line: string[]): string =>
      hashConfig(
        parseConfig(
          ['defaults:', '  baseUrl: "http://127.0.0.1:8080"', 'scenarios:', ...scenario('x', line)].join('\n'),
          'perfgate.yml',
        ),
      );
    expect(hash(['    http: 1.1'])).toBe(hash([]));
    expect(hash(['    http: 2'])).not.toBe(hash([]));
    expect(hash(['    http: auto'])).not.toBe(hash(['    http: 2']));
  });
});

describe('latency: and stream: in the config', () => {
  const parse = (lines: string[]) =>
    parseConfig(['defaults:', '  baseUrl: "http://127.0.0.1:8080"', 'scenarios:', ...lines].join('\n'), 'perfgate.yml');

  it('reads latency and stream, and puts both in the config hash', () => {
    const parsed = parse(
      scenario('chat', ['    latency: ttfb', '    stream: { events: 20, maxDuration: 2s }', '    timeout: 5s']),
    );
    expect(parsed.scenarios[0]).toMatchObject({ latency: 'ttfb', stream: { events: 20, maxDurationMs: 2000 } });
    const plain = hashConfig(parse(scenario('chat', ['    timeout: 5s'])));
    expect(hashConfig(parse(scenario('chat', ['    timeout: 5s', '    latency: full'])))).toBe(plain);
    expect(hashConfig(parse(scenario('chat', ['    timeout: 5s', '    latency: ttfb'])))).not.toBe(plain);
    expect(hashConfig(parse(scenario('chat', ['    timeout: 5s', '    stream: { events: 3 }'])))).not.toBe(plain);
  });

  it('refuses a maxDuration not under the timeout, and stream on a flow; a flow takes latency: ttfb', () => {
    const message = problems(
      [
        'defaults:',
        '  baseUrl: "http://127.0.0.1:8080"',
        'scenarios:',
        ...scenario('x', ['    timeout: 1s', '    stream: { maxDuration: 2s }']),
      ].join('\n'),
    );
    expect(message).toMatch(/scenarios\.x\.stream\.maxDuration: "2s" is not under the timeout \(1s\)/);
    const flowLines = (stream: string[]) => [
      'defaults:',
      '  baseUrl: "http://127.0.0.1:8080"',
      '  latency: ttfb',
      'scenarios:',
      '  x:',
      '    executor: constant-vus',
      '    vus: 1',
      '    duration: 30s',
      ...stream,
      '    steps: [{ name: a, request: { path: / } }]',
    ];
    const flow = problems(flowLines(['    stream: { events: 2 }']).join('\n'));
    expect(flow).toMatch(/scenarios\.x\.stream: flows read every answer to its end/);
    expect(flow).not.toMatch(/latency/);
    expect(parseConfig(flowLines([]).join('\n'), 'perfgate.yml').scenarios[0]!.latency).toBe('ttfb');
  });
});

describe('http: auto over http:', () => {
  it('is allowed, with a warning that it means HTTP/1.1 there', () => {
    const parsed = parseConfig(
      [
        'defaults:',
        '  baseUrl: "http://127.0.0.1:8080"',
        '  warmup: 5s',
        'scenarios:',
        ...scenario('x', ['    http: auto']),
      ].join('\n'),
      'perfgate.yml',
    );
    expect(findConfigWarnings(parsed)).toContain(
      'scenarios.x.http: auto over an http: baseUrl speaks HTTP/1.1 (ALPN needs TLS); use http: 2 for an h2c service, or 1.1 to say so',
    );
  });
});
