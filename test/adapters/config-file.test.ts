import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, loadDataRows, loadScenarioRows } from '../../src/adapters/config-file.js';
import { hashConfig } from '../../src/core/config-hash.js';
import { ConfigError } from '../../src/core/errors.js';

const fixtureDir = fileURLToPath(new URL('../fixtures/config/', import.meta.url));
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'perfgate-config-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function write(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

function scenarioYaml(request: string, data: string): string {
  return [
    'defaults: { baseUrl: "http://127.0.0.1:8080" }',
    'scenarios:',
    '  s:',
    '    executor: constant-vus',
    '    vus: 1',
    '    duration: 30s',
    `    request: ${request}`,
    `    data: ${data}`,
  ].join('\n');
}

describe('loadConfig', () => {
  it('reads the config, hashes it and resolves service folders against the config file', async () => {
    const configPath = path.join(fixtureDir, 'perfgate.yml');
    const loaded = await loadConfig(configPath);
    expect(loaded.baseDir).toBe(path.resolve(fixtureDir));
    expect(loaded.configHash).toMatch(/^[0-9a-f]{16}$/);
    expect(loaded.config.services.map((s) => s.cwd)).toEqual([
      path.resolve(fixtureDir),
      path.resolve(fixtureDir, 'db'),
    ]);
    // Data paths stay as written (the hash must not depend on the checkout folder).
    expect(loaded.config.scenarios[0]?.data?.file).toBe('keys.csv');

    // The same file elsewhere hashes the same.
    const copy = await write('elsewhere/perfgate.yml', await readFile(configPath, 'utf8'));
    const moved = await loadConfig(copy);
    expect(moved.configHash).toBe(loaded.configHash);
    expect(hashConfig(moved.config)).toBe(loaded.configHash);
  });

  it('says so when the file is missing, naming how the user gave it', async () => {
    await expect(loadConfig(path.join(dir, 'nope.yml'))).rejects.toThrow(
      new ConfigError(`-c ${path.join(dir, 'nope.yml')}: no such file`),
    );
    await expect(loadConfig('perfgate-missing.yml', { source: 'config' })).rejects.toThrow(
      new ConfigError('config perfgate-missing.yml: no such file'),
    );
    await expect(loadConfig(dir)).rejects.toThrow(new ConfigError(`-c ${dir}: is a folder, not a file`));
  });

  it('passes the file name into validation messages', async () => {
    const file = await write('bad.yml', 'scenarios:\n  a:\n    executor: capcity\n    request: { path: /x }\n');
    await expect(loadConfig(file)).rejects.toThrow(`${file}:3: scenarios.a.executor: "capcity" is not allowed`);
  });
});

describe('loadDataRows', () => {
  it('reads CSV rows, strings kept as strings, relative to the base folder', async () => {
    const rows = await loadDataRows({ file: 'keys.csv', order: 'round-robin' }, fixtureDir);
    expect(rows).toEqual([
      { id: '1', name: 'Widget, large' },
      { id: '2', name: 'Say "hi"' },
      { id: '007', name: 'plain' },
    ]);
  });

  it('reads a JSON array of objects, keeping value types', async () => {
    const rows = await loadDataRows({ file: 'queries.json', order: 'random' }, fixtureDir);
    expect(rows).toEqual([
      { q: 'status:open', limit: 10 },
      { q: 'status:closed', limit: 5 },
    ]);
  });

  it('accepts an absolute path', async () => {
    const file = await write('abs.csv', 'id\n1\n');
    expect(await loadDataRows({ file, order: 'round-robin' }, '/somewhere/else')).toEqual([{ id: '1' }]);
  });

  it.each([
    [
      'empty.csv',
      '',
      'empty.csv: the file is empty; a data file needs rows (CSV with a header row, or a JSON array of objects)',
    ],
    [
      'blank.json',
      '  \n',
      'blank.json: the file is empty; a data file needs rows (CSV with a header row, or a JSON array of objects)',
    ],
    ['header-only.csv', 'id\n', 'header-only.csv: has a header row but no data rows'],
    ['ragged.csv', 'id,q\n1,a\n2\n', 'ragged.csv:3: the row has 1 fields but the header has 2 (id, q)'],
    ['broken.json', '[{"id": 1},', 'broken.json: not valid JSON ('],
    [
      'object.json',
      '{"id": 1}',
      'object.json: {"id":1} is not an array; a JSON data file is an array of objects like [{"id": 1}]',
    ],
    ['empty-array.json', '[]', 'empty-array.json: the array is empty; give at least one row'],
    ['scalars.json', '[{"id": 1}, 2]', 'scalars.json: row 2 is 2, not an object like {"id": 1}'],
    [
      'nested.json',
      '[{"id": {"a": 1}}]',
      'nested.json: row 1, "id" is {"a":1}; row values must be strings, numbers, booleans or null',
    ],
  ])('%s is refused', async (name, text, message) => {
    await write(name, text);
    const error = await loadDataRows({ file: name, order: 'round-robin' }, dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message.startsWith(message)).toBe(true);
  });

  it('names the file when it is missing, where it looked, the key that names it and the fix', async () => {
    await expect(loadDataRows({ file: 'perf/missing.csv', order: 'round-robin' }, dir)).rejects.toThrow(
      new ConfigError(
        `perf/missing.csv: no such file (looked for ${path.join(dir, 'perf/missing.csv')}); data.file is relative to the config file's folder (${dir}): correct the path, or create the file (a CSV with a header row, or a JSON array of objects)`,
      ),
    );
  });

  it('refuses a header value that HTTP cannot carry, naming the row, and lets the path and body have it', async () => {
    await write('tokens.json', '[{"token": "abc"}, {"token": "line one\\nline two"}]');
    const header = { column: 'token', where: 'scenarios.s.request.headers.x-token' };
    await expect(loadDataRows({ file: 'tokens.json', order: 'round-robin' }, dir, [header])).rejects.toThrow(
      new ConfigError(
        'tokens.json: row 2, "token" is "line one\\nline two", which scenarios.s.request.headers.x-token cannot send: ' +
          'a header value may not hold line breaks, control characters or characters beyond Latin-1; clean that value in the data file',
      ),
    );
    const body = { column: 'token', where: 'scenarios.s.request.json' };
    expect(await loadDataRows({ file: 'tokens.json', order: 'round-robin' }, dir, [body])).toHaveLength(2);
  });

  it('refuses a method taken from a row that is not an HTTP method, naming the row and the choices', async () => {
    await write('mix.csv', 'method,path\nget,/a\nPOST,/b\nFETCH,/c\n');
    const use = { column: 'method', where: 'scenarios.s.request.method' };
    await expect(loadDataRows({ file: 'mix.csv', order: 'round-robin' }, dir, [use])).rejects.toThrow(
      new ConfigError(
        'mix.csv: row 3, "method" is "FETCH", which scenarios.s.request.method uses as the method; use one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      ),
    );
  });

  it('names the file and column a template needs but the data lacks', async () => {
    await write('cols.csv', 'id,name\n1,a\n');
    await expect(
      loadDataRows({ file: 'cols.csv', order: 'round-robin' }, dir, [
        { column: 'sku', where: 'scenarios.s.request.path' },
      ]),
    ).rejects.toThrow(
      new ConfigError(
        'cols.csv: has no column "sku", which scenarios.s.request.path uses (${row.sku}); it has id, name',
      ),
    );
    await write('cols.json', '[{"id": 1, "q": "a"}, {"id": 2}]');
    await expect(
      loadDataRows({ file: 'cols.json', order: 'round-robin' }, dir, [
        { column: 'q', where: 'scenarios.s.request.json' },
      ]),
    ).rejects.toThrow(
      new ConfigError('cols.json: row 2 has no key "q", which scenarios.s.request.json uses (${row.q}); it has id'),
    );
  });
});

describe('loadScenarioRows', () => {
  it('loads every scenario with data, checked against its templates', async () => {
    const { config, baseDir } = await loadConfig(path.join(fixtureDir, 'perfgate.yml'));
    const rows = await loadScenarioRows(config, baseDir);
    expect([...rows.keys()]).toEqual(['json_oracle/fetchByKey', 'json_oracle/fetchByQuery']);
    expect(rows.get('json_oracle/fetchByKey')).toHaveLength(3);
    expect(rows.get('json_oracle/fetchByQuery')?.[0]).toEqual({ q: 'status:open', limit: 10 });
  });

  it('refuses data that lacks a column the request uses', async () => {
    await write('rows/keys.csv', 'id\n1\n');
    const file = await write(
      'rows/perfgate.yml',
      scenarioYaml('{ path: "/o/${row.id}", headers: { x-user: "${row.user}" } }', '{ file: keys.csv }'),
    );
    const { config, baseDir } = await loadConfig(file);
    await expect(loadScenarioRows(config, baseDir)).rejects.toThrow(
      new ConfigError(
        'keys.csv: has no column "user", which scenarios.s.request.headers.x-user uses (${row.user}); it has id',
      ),
    );
  });

  it('reads a data file shared by two scenarios and checks each scenario against it', async () => {
    await write('shared/keys.csv', 'id,q\n1,a\n2,b\n');
    const text = [
      scenarioYaml('{ path: "/o/${row.id}" }', '{ file: keys.csv }'),
      '  t:',
      '    executor: constant-vus',
      '    vus: 1',
      '    duration: 30s',
      '    request: { path: /q, json: { q: "${row.q}" } }',
      '    data: { file: keys.csv, order: random }',
    ].join('\n');
    const { config, baseDir } = await loadConfig(await write('shared/perfgate.yml', text));
    const rows = await loadScenarioRows(config, baseDir);
    expect(rows.get('s')).toBe(rows.get('t'));
    expect(rows.get('t')).toEqual([
      { id: '1', q: 'a' },
      { id: '2', q: 'b' },
    ]);
  });
});
