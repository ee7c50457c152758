// defaults.tls and scenario tls: in the config: the merge, the pairing of cert and key, and where
// insecure is allowed.
import { describe, expect, it } from 'vitest';
import { refusalOf as problems, scenarioLines as scenario } from './problems.js';
import { parseConfig } from '../../../src/core/config/index.js';

function config(lines: string[]): string {
  return lines.join('\n');
}

describe('tls: in the config', () => {
  it("merges a scenario's tls over defaults.tls key by key, and keeps defaults.tls for the ready probes", () => {
    const parsed = parseConfig(
      config([
        'defaults:',
        '  baseUrl: "https://127.0.0.1:8443"',
        '  tls: { ca: certs/ca.pem, servername: api.internal }',
        'scenarios:',
        ...scenario('plain'),
        ...scenario('mutual', [
          '    tls: { cert: certs/client.pem, key: certs/client.key, servername: other.internal }',
        ]),
      ]),
      'perfgate.yml',
    );
    expect(parsed.tls).toEqual({ ca: 'certs/ca.pem', servername: 'api.internal' });
    expect(parsed.scenarios.map((s) => s.tls)).toEqual([
      { ca: 'certs/ca.pem', servername: 'api.internal' },
      { ca: 'certs/ca.pem', cert: 'certs/client.pem', key: 'certs/client.key', servername: 'other.internal' },
    ]);
  });

  it('gives an http: scenario no tls from the defaults, and refuses tls written on one', () => {
    const text = config([
      'defaults: { baseUrl: "http://127.0.0.1:8080", tls: { insecure: true } }',
      'scenarios:',
      ...scenario('a'),
    ]);
    expect(parseConfig(text, 'perfgate.yml').scenarios[0]!.tls).toBeUndefined();
    expect(
      problems(
        config([
          'defaults: { baseUrl: "http://127.0.0.1:8080" }',
          'scenarios:',
          ...scenario('a', ['    tls: { insecure: true }']),
        ]),
      ),
    ).toContain(
      'scenarios.a.tls: applies to https: targets only, and defaults.baseUrl is http:; use an https:// baseUrl or remove tls',
    );
  });

  it('needs cert and key together', () => {
    const message = problems(
      config([
        'defaults: { baseUrl: "https://127.0.0.1:8443", tls: { cert: client.pem } }',
        'scenarios:',
        ...scenario('a'),
      ]),
    );
    expect(message).toContain('perfgate.yml:1: defaults.tls.cert: "client.pem" has no key beside it');
    expect(message).toContain('needs both tls.cert and tls.key');
  });

  it('allows insecure on loopback', () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
      const parsed = parseConfig(
        config([
          `defaults: { baseUrl: "https://${host}:8443", tls: { insecure: true } }`,
          'scenarios:',
          ...scenario('a'),
        ]),
        'perfgate.yml',
      );
      expect(parsed.scenarios[0]!.tls).toEqual({ insecure: true });
    }
  });

  it('refuses insecure for a host that allowHosts lets in only by a wildcard, and allows it for one it names', () => {
    const lines = (allow: string, where: 'defaults' | 'scenario'): string =>
      config([
        `allowHosts: [${allow}]`,
        `defaults: { baseUrl: "https://api.staging.example.com"${where === 'defaults' ? ', tls: { insecure: true }' : ''} }`,
        'scenarios:',
        ...scenario('a', where === 'scenario' ? ['    tls: { insecure: true }'] : []),
      ]);
    const refused = problems(lines('"*.example.com"', 'scenario'));
    expect(refused).toContain(
      'scenarios.a.tls.insecure: true turns the certificate check off for api.staging.example.com, which is not a loopback address nor named in allowHosts',
    );
    expect(refused).toContain('NODE_EXTRA_CA_CERTS');
    expect(problems(lines('"*.example.com"', 'defaults'))).toContain(
      'defaults.tls.insecure: true turns the certificate check off',
    );
    expect(problems(lines('api.staging.example.com', 'scenario'))).toBe('');
  });

  it("refuses defaults.tls.insecure for a service's https: ready check on a host allowHosts names only by a wildcard", () => {
    const message = problems(
      config([
        'allowHosts: ["*.example.com"]',
        'services:',
        '  - { name: api, run: ./api, ready: { http: "https://api.example.com/health" } }',
        'defaults: { baseUrl: "https://127.0.0.1:8443", tls: { insecure: true } }',
        'scenarios:',
        ...scenario('a'),
      ]),
    );
    expect(message).toContain('defaults.tls.insecure: true turns the certificate check off for api.example.com');
  });

  it('refuses unknown keys and an insecure that is not a boolean', () => {
    const message = problems(
      config([
        'defaults: { baseUrl: "https://127.0.0.1:8443", tls: { insecure: yes-please, sni: a } }',
        'scenarios:',
        ...scenario('a'),
      ]),
    );
    expect(message).toContain('defaults.tls.insecure: "yes-please" is not true or false');
    expect(message).toContain('defaults.tls.sni: unknown key; use one of ca, cert, key, servername, insecure');
  });
});
