// The published schema: strict-valid under ajv's strict mode (no union types, every required
// property declared), reachable by a versioned $id, and every example config in the repository
// passes it.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';

const root = resolve(import.meta.dirname, '../..');
const schema = JSON.parse(readFileSync(join(root, 'schema/perfgate.schema.json'), 'utf8')) as Record<string, unknown>;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };

function exampleConfigs(): { name: string; value: unknown }[] {
  const files = ['examples/orders/perfgate.yml', 'test/fixtures/config/perfgate.yml'];
  for (const dir of readdirSync(join(root, 'examples'), { withFileTypes: true })) {
    if (!dir.isDirectory() || dir.name === 'workflows') continue;
    for (const file of readdirSync(join(root, 'examples', dir.name))) {
      if (/^perfgate.*\.ya?ml$/.test(file) && !files.includes(`examples/${dir.name}/${file}`))
        files.push(`examples/${dir.name}/${file}`);
    }
  }
  const configs = files.map((file) => ({
    name: file,
    value: parse(readFileSync(join(root, file), 'utf8')) as unknown,
  }));
  // The README's config examples too: every yaml block that has scenarios at its top level.
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  let n = 0;
  for (const match of readme.matchAll(/```ya?ml\n([\s\S]*?)```/g)) {
    n += 1;
    const text = match[1] ?? '';
    if (!/^scenarios:/m.test(text) || /^(on|jobs):/m.test(text)) continue;
    configs.push({ name: `README.md yaml block ${n}`, value: parse(text) as unknown });
  }
  return configs;
}

describe('schema/perfgate.schema.json', () => {
  const validate = new Ajv({ strict: true, strictRequired: true, strictTypes: true, allErrors: true }).compile(schema);

  it('has an $id users can reference: the file as released with this version', () => {
    expect(schema.$id).toBe(
      `https://raw.githubusercontent.com/perfgate/perfgate/v${pkg.version}/schema/perfgate.schema.json`,
    );
  });

  it('the README tells editors that URL', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain(
      `# yaml-language-server: $schema=${String(schema.$id)}`,
    );
  });

  const configs = exampleConfigs();
  it('covers the repository example and the README examples', () => {
    expect(configs.length).toBeGreaterThanOrEqual(3);
  });

  it.each(configs.map((c) => [c.name, c.value] as const))('%s passes it in strict mode', (_, value) => {
    const ok = validate(value);
    expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
    expect(ok).toBe(true);
  });

  it('still refuses what it should', () => {
    expect(
      validate({
        scenarios: { a: { executor: 'constant-vus', duration: '10 parsecs', vus: 1, request: { path: '/' } } },
      }),
    ).toBe(false);
    expect(validate({ scenarios: { a: { executor: 'constant-vus', request: { path: '/' } } } })).toBe(false);
  });
});

describe('the validators compiled at build time (scripts/schema-validators.mjs)', () => {
  it('are compiled from the schemas as they are now', () => {
    const check = spawnSync(process.execPath, [join(root, 'scripts/schema-validators.mjs'), '--check'], {
      encoding: 'utf8',
    });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});
