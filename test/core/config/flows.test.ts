// The config of a flow: setup and steps, captures, checks, ${vars.x} that some earlier step must
// capture, and thresholds on a step by its <scenario>/<step> name.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/core/config/index.js';
import { problemsOf } from './problems.js';

function flowConfig(steps: string, extra = ''): string {
  return `
scenarios:
  shop/order:
    executor: constant-vus
    vus: 5
    duration: 10s
    baseUrl: http://127.0.0.1:8080
    setup:
      - name: login
        request: { method: POST, path: /login, json: { user: bench } }
        capture: { token: "$.token" }
${steps}
${extra}`;
}

const CONTRACT_STEPS = `    steps:
      - name: create
        request: { method: POST, path: /orders, headers: { authorization: "Bearer \${vars.token}" }, json: { sku: "\${row.sku}" } }
        capture: { id: "$.id" }
      - name: fetch
        request: { method: GET, path: "/orders/\${vars.id}", headers: { authorization: "Bearer \${vars.token}" } }
        check: [200]
        thinkTime: 50ms
    data: { file: skus.csv }`;

describe('flows in the config', () => {
  it('takes any VU count with compare.processes: a flow sends its load to the first process alone', () => {
    const config = parseConfig(flowConfig(CONTRACT_STEPS, 'compare: { processes: 2 }'), 'perfgate.yml');
    expect(config.compare.processes).toBe(2);
  });

  it('parses the contract: setup, steps, captures, checks and a threshold on one step', () => {
    const config = parseConfig(
      flowConfig(CONTRACT_STEPS, 'thresholds:\n  "shop/order/fetch": ["p(95)<150"]'),
      'perfgate.yml',
    );
    const scenario = config.scenarios[0]!;
    expect(scenario.flow?.setup.map((s) => [s.name, s.capture])).toEqual([
      ['login', { token: { kind: 'json', path: '$.token' } }],
    ]);
    expect(scenario.flow?.steps.map((s) => s.name)).toEqual(['create', 'fetch']);
    expect(scenario.flow?.steps[1]).toMatchObject({ okStatus: [200], thinkTimeMs: 50 });
    expect(scenario.request).toBe(scenario.flow?.steps[0]?.request);
    expect(config.thresholds).toEqual({ 'shop/order/fetch': ['p(95)<150'] });
  });

  it('reads header and regex captures', () => {
    const config = parseConfig(
      flowConfig(`    steps:
      - name: a
        request: { path: /a }
        capture: { where: "header:Location", n: "regex:id=(\\\\d+)", sku: "$.items[0].sku" }`),
      'perfgate.yml',
    );
    expect(config.scenarios[0]!.flow!.steps[0]!.capture).toEqual({
      where: { kind: 'header', name: 'location' },
      n: { kind: 'regex', pattern: 'id=(\\d+)' },
      sku: { kind: 'json', path: '$.items[0].sku' },
    });
  });

  it('refuses a var no earlier step captures, with a suggestion', () => {
    expect(
      problemsOf(
        flowConfig(`    steps:
      - name: fetch
        request: { path: "/orders/\${vars.tokn}" }`),
      ),
    ).toEqual([
      'scenarios.shop/order.steps[0].request.path: uses ${vars.tokn} but no setup step or earlier step captures it; did you mean ${vars.token}?',
    ]);
  });

  it('refuses a var captured only by a later step', () => {
    expect(
      problemsOf(
        flowConfig(`    steps:
      - name: fetch
        request: { path: "/orders/\${vars.id}" }
      - name: create
        request: { method: POST, path: /orders }
        capture: { id: "$.id" }`),
      ),
    ).toEqual([
      'scenarios.shop/order.steps[0].request.path: uses ${vars.id} but it is captured only by a later step; add capture: { id: "$.id" } to a setup step or an earlier step',
    ]);
  });

  it("refuses a step whose result's name is a scenario's, in steps and in a mix", () => {
    for (const key of ['steps', 'mix'])
      expect(
        problemsOf(`
scenarios:
  shop:
    executor: constant-vus
    vus: 1
    duration: 1s
    baseUrl: http://127.0.0.1:8080
    ${key}:
      - name: list
        request: { path: /list }
      - name: fetch
        request: { path: /fetch }
  shop/fetch:
    executor: constant-vus
    vus: 1
    duration: 1s
    baseUrl: http://127.0.0.1:8080
    request: { path: /other }
`),
      ).toEqual([
        `scenarios.shop.${key}[1].name: "fetch" is reported as "shop/fetch", which is already the name of a scenario; rename the step or scenario "shop/fetch"`,
      ]);
  });

  it('refuses request beside steps, a capture it cannot read, two steps of one name, and rows without data', () => {
    const problems = problemsOf(`
scenarios:
  s:
    executor: constant-vus
    vus: 1
    duration: 1s
    baseUrl: http://127.0.0.1:8080
    request: { path: / }
    steps:
      - name: a
        request: { path: "/\${row.id}" }
        capture: { x: "token" }
      - name: a
        request: { path: / }
`);
    expect(problems).toEqual(
      expect.arrayContaining([
        'scenarios.s.steps[0].capture.x: "token" is not a capture; use a JSON path like "$.id" or "$.items[0].sku", "header:location", or "regex:id=(\\d+)"',
        'scenarios.s.steps[1].name: "a" names two steps of this scenario; give each step its own name',
        'scenarios.s.request: a scenario takes request or steps, not both; move the request into steps',
        'scenarios.s.steps[0].request.path: uses ${row.id} but the scenario has no data; add data: { file: rows.csv } with a column named "id"',
      ]),
    );
  });

  it('refuses a setup beside a plain request with what a setup needs, not "request or steps, not both"', () => {
    // A new user gave a plain read scenario a login setup for its token: the message named steps,
    // which the scenario did not have, as if both had been written.
    expect(
      problemsOf(`
scenarios:
  items/read:
    executor: constant-vus
    vus: 1
    duration: 1s
    baseUrl: http://127.0.0.1:8080
    setup:
      - name: login
        request: { method: POST, path: /login, json: { user: bench } }
        capture: { token: "$.token" }
    request: { path: /items/1, headers: { authorization: "Bearer \${vars.token}" } }
`),
    ).toEqual([
      'scenarios.items/read.setup: a setup feeds steps, and this scenario has a request instead; move the request into steps: [{ name: "…", request: { … } }] to use the setup\'s ${vars.…}, or remove setup',
    ]);
  });

  it('takes a group, and refuses one on a capacity scenario', () => {
    const config = parseConfig(
      flowConfig(CONTRACT_STEPS.replace('    steps:', '    group: shop\n    steps:')),
      'perfgate.yml',
    );
    expect(config.scenarios[0]!.group).toBe('shop');
    expect(
      problemsOf(`
scenarios:
  c:
    executor: capacity
    startRate: 10/s
    maxRate: 100/s
    group: g
    baseUrl: http://127.0.0.1:8080
    request: { path: / }
thresholds:
  c: ["p(95)<100"]
`),
    ).toEqual([
      'scenarios.c.group: the capacity executor searches its own rates and cannot run beside other scenarios; remove group from this scenario',
    ]);
  });

  it('accepts a method from the data row, and only with data', () => {
    const mix = (data: string) => `
scenarios:
  mix:
    executor: constant-vus
    vus: 1
    duration: 1s
    baseUrl: http://127.0.0.1:8080
    request: { method: "\${row.method}", path: "\${row.path}" }
${data}`;
    expect(parseConfig(mix('    data: { file: mix.csv }'), 'perfgate.yml').scenarios[0]!.request.method).toBe(
      '${row.method}',
    );
    expect(problemsOf(mix(''))).toContain(
      'scenarios.mix.request.method: uses ${row.method} but the scenario has no data; add data: { file: rows.csv } with a column named "method"',
    );
  });

  it('takes a weighted mix, whose entries see only the setup values, and refuses a weight on steps', () => {
    const config = parseConfig(
      flowConfig(`    mix:
      - name: browse
        weight: 3
        request: { path: /products, headers: { authorization: "Bearer \${vars.token}" } }
      - name: search
        request: { path: /search }`),
      'perfgate.yml',
    );
    const flow = config.scenarios[0]!.flow!;
    expect(flow.mix).toBe(true);
    expect(flow.steps.map((s) => [s.name, s.weight])).toEqual([
      ['browse', 3],
      ['search', undefined],
    ]);
    expect(
      problemsOf(
        flowConfig(`    mix:
      - name: create
        request: { method: POST, path: /orders }
        capture: { id: "$.id" }
      - name: fetch
        request: { path: "/orders/\${vars.id}" }`),
      ),
    ).toEqual([
      'scenarios.shop/order.mix[1].request.path: uses ${vars.id} but no setup step captures it (a mix entry sees only the setup\'s values); add capture: { id: "$.id" } to a setup step',
    ]);
    expect(
      problemsOf(
        flowConfig(`    steps:
      - name: a
        weight: 2
        request: { path: /a }`),
      ),
    ).toEqual([
      'scenarios.shop/order.steps[0].weight: only a mix entry has a weight (steps all run, in order); write the requests under mix: to pick one by weight',
    ]);
  });
});
