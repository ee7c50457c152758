// loadConfig and gRPC scenarios (issue 37): the proto is resolved against the config file's folder
// and checked against the call, so that a missing file, an unknown service or method, a streaming
// method or a message that does not fit its type is a config error naming the key, the value and
// the fix, not a run of failed (or silently empty) calls.
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/adapters/config-file.js';
import { loadErrorOf } from '../core/config/problems.js';
import { USERS_PROTO } from '../fakes/grpc-server.mjs';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'perfgate-grpc-config-'));
  await mkdir(path.join(dir, 'protos'));
  await copyFile(USERS_PROTO, path.join(dir, 'protos', 'users.proto'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let files = 0;
/** A config with one gRPC scenario whose grpc: block (and other keys) are `lines`. */
async function configWith(lines: string[], baseUrl = 'http://127.0.0.1:50051'): Promise<string> {
  const file = path.join(dir, `perfgate-${(files += 1)}.yml`);
  await writeFile(
    file,
    [
      `defaults: { baseUrl: "${baseUrl}", http: 2, latency: ttfb }`,
      'scenarios:',
      '  users:',
      '    executor: constant-vus',
      '    vus: 1',
      '    duration: 30s',
      ...lines.map((line) => `    ${line}`),
    ].join('\n'),
  );
  return file;
}

const GOOD = 'grpc: { proto: protos/users.proto, service: users.v1.Users, method: GetUser';

describe('loadConfig with a gRPC scenario', () => {
  it('resolves the proto and turns the call into the request template; the HTTP defaults do not apply to it', async () => {
    const { config, configHash } = await loadConfig(
      await configWith([
        `${GOOD}, message: { id: "42", depth: 2, tier: PRO, fields: [name], labels: { a: b }, as_of: { seconds: 1 } }, metadata: { x-tenant: acme } }`,
      ]),
    );
    const scenario = config.scenarios[0]!;
    expect(scenario.grpc).toEqual({
      proto: path.join(dir, 'protos/users.proto'),
      service: 'users.v1.Users',
      method: 'GetUser',
    });
    expect(scenario.request).toMatchObject({
      path: '/users.v1.Users/GetUser',
      headers: { 'x-tenant': 'acme' },
      body: { kind: 'json', value: { id: '42', depth: 2 } },
    });
    expect(scenario.http).toBeUndefined();
    expect(scenario.latency).toBeUndefined();
    // The same call as an HTTP POST to that path is another measurement.
    const http = await loadConfig(
      await configWith([
        'request: { method: POST, path: /users.v1.Users/GetUser, headers: { x-tenant: acme }, json: { id: "42" } }',
      ]),
    );
    expect(http.configHash).not.toBe(configHash);
  });

  it.each([
    [
      'a missing proto',
      'grpc: { proto: protos/nope.proto, service: users.v1.Users, method: GetUser }',
      /scenarios\.users\.grpc\.proto: "protos\/nope\.proto" does not exist \(.*nope\.proto\); give the \.proto file/,
    ],
    [
      'an unknown service',
      'grpc: { proto: protos/users.proto, service: users.v1.User, method: GetUser }',
      /scenarios\.users\.grpc\.service: "users\.v1\.User" is not a service of .*users\.proto; did you mean "users\.v1\.Users"\? its services are users\.v1\.Users/,
    ],
    [
      'a service without its package',
      'grpc: { proto: protos/users.proto, service: Users, method: GetUser }',
      /"Users" is not a service .*its services are users\.v1\.Users \(with their package\)/,
    ],
    [
      'an unknown method',
      `grpc: { proto: protos/users.proto, service: users.v1.Users, method: GetUsr }`,
      /scenarios\.users\.grpc\.method: "GetUsr" is not a method of users\.v1\.Users; did you mean "GetUser"\? its methods are GetUser, WatchUsers/,
    ],
    [
      'a streaming method',
      `grpc: { proto: protos/users.proto, service: users.v1.Users, method: WatchUsers }`,
      /"WatchUsers" is a server-streaming RPC, and perfgate calls unary methods only .*pick a unary method/,
    ],
    [
      'an unknown field',
      `${GOOD}, message: { idd: "1" } }`,
      /scenarios\.users\.grpc\.message\.idd: GetUserRequest has no field "idd"; did you mean "id"\? its fields are id, depth, tier, fields, labels, as_of/,
    ],
    [
      'a nested unknown field',
      `${GOOD}, message: { as_of: { secs: 1 } } }`,
      /grpc\.message\.as_of\.secs: Timestamp has no field "secs"/,
    ],
    [
      'a string for an integer',
      `${GOOD}, message: { depth: deep } }`,
      /grpc\.message\.depth: "deep" is not a int32; write an integer/,
    ],
    [
      'a number for a string',
      `${GOOD}, message: { id: 42 } }`,
      /grpc\.message\.id: 42 is not a string; write a string \(quote a number: "42"\)/,
    ],
    [
      'an unknown enum value',
      `${GOOD}, message: { tier: GOLD } }`,
      /grpc\.message\.tier: "GOLD" is not a value of the enum Tier; use one of TIER_UNSPECIFIED, FREE, PRO/,
    ],
    [
      'a scalar for a list',
      `${GOOD}, message: { fields: name } }`,
      /grpc\.message\.fields: "name" is not a list, and fields is repeated/,
    ],
  ])('refuses %s, naming the key, the value and the fix', async (_name, line, pattern) => {
    expect(await loadErrorOf(await configWith([line]))).toMatch(pattern);
  });

  it('names an import it cannot find, and finds it in includeDirs; names a proto that does not parse', async () => {
    await mkdir(path.join(dir, 'shared', 'common'), { recursive: true });
    await writeFile(
      path.join(dir, 'shared', 'common', 'types.proto'),
      'syntax = "proto3";\npackage common;\nmessage Id { string value = 1; }\n',
    );
    await writeFile(
      path.join(dir, 'protos', 'orders.proto'),
      'syntax = "proto3";\npackage orders;\nimport "common/types.proto";\nmessage Order { common.Id id = 1; }\nservice Orders { rpc Get (Order) returns (Order); }\n',
    );
    await writeFile(path.join(dir, 'protos', 'broken.proto'), 'syntax = "proto3";\nmessage M { string x = 1 }\n');
    const orders =
      'grpc: { proto: protos/orders.proto, service: orders.Orders, method: Get, message: { id: { value: "7" } }';
    expect(await loadErrorOf(await configWith([`${orders} }`]))).toMatch(
      /scenarios\.users\.grpc\.proto: "protos\/orders\.proto" imports "common\/types\.proto", which is in none of its folders \(.*protos\); add the folder that holds it to grpc\.includeDirs/,
    );
    const { config } = await loadConfig(await configWith([`${orders}, includeDirs: [shared] }`]));
    expect(config.scenarios[0]!.grpc!.includeDirs).toEqual([path.join(dir, 'shared')]);
    expect(
      await loadErrorOf(await configWith(['grpc: { proto: protos/broken.proto, service: M, method: Get }'])),
    ).toMatch(/"protos\/broken\.proto" does not parse \(illegal token '\}', ';' expected \(line 2\)\); fix the file/);
  });

  it('takes templated values on trust, and wants data for them', async () => {
    await loadConfig(
      await configWith([
        `${GOOD}, message: { id: "\${row.id}", depth: "\${row.depth}" } }`,
        'data: { file: rows.csv }',
      ]),
    );
    expect(await loadErrorOf(await configWith([`${GOOD}, message: { id: "\${row.id}" } }`]))).toMatch(
      /scenarios\.users\.grpc\.message: uses \$\{row\.id\} but the scenario has no data/,
    );
  });

  it.each([
    [
      'request',
      'request: { path: / }',
      /scenarios\.users\.request: does not apply to a gRPC scenario: the call is grpc: \{ service, method, message \}; remove request/,
    ],
    [
      'headers',
      'headers: { x-a: b }',
      /scenarios\.users\.headers: does not apply to a gRPC scenario: gRPC sends metadata; move them to grpc\.metadata/,
    ],
    ['okStatus', 'okStatus: [200]', /scenarios\.users\.okStatus: does not apply .*grpc:NOT_FOUND/],
    ['a reserved metadata key', '', /grpc\.metadata\.grpc-timeout: "grpc-timeout" is set by gRPC itself; remove it/],
  ])('refuses %s beside grpc', async (_name, line, pattern) => {
    const metadata = line === '' ? ', metadata: { grpc-timeout: 1S }' : '';
    expect(await loadErrorOf(await configWith([`${GOOD}${metadata} }`, ...(line ? [line] : [])]))).toMatch(pattern);
  });

  it('refuses a baseUrl with a path, and tls on an http: target', async () => {
    expect(await loadErrorOf(await configWith([`${GOOD} }`], 'http://127.0.0.1:50051/api'))).toMatch(
      /has the path "\/api", but a gRPC call's path is \/<service>\/<method>; give the origin only/,
    );
  });
});
