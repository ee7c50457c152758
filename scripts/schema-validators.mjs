// Compiles the two JSON schemas into validator code at build time (ajv's standalone code), so that no
// run pays for ajv compiling them: ~90 ms of one `perfgate run`'s ~300 ms of start-up CPU went to
// compiling the config schema alone (docs/design/measurements.md, start-up). Run by scripts/build.mjs;
// the output is committed and CI checks it matches, like dist/.
// The ajv options here are the ones the code would compile with: they decide the errors it reports.
import { Ajv } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const standaloneCode = standalone.default;

export const validatorModules = [
  {
    out: 'src/core/config/schema-validator.generated.js',
    schema: 'schema/perfgate.schema.json',
    options: { allErrors: true, verbose: true, strict: true, strictRequired: true },
    // One default export: the whole config.
    exports: undefined,
  },
  {
    out: 'src/core/results/schema-validators.generated.js',
    schema: 'schema/perfgate-results.schema.json',
    options: { strict: true, allowUnionTypes: true, allErrors: false },
    exports: ['results', 'baseline', 'historyEntry'],
  },
];

/** ajv's code reaches its runtime helpers with require(); the modules here are ESM, so import them. */
function asModule(code, source) {
  const imports = [];
  const body = code.replace(/require\("(ajv\/dist\/runtime\/[a-z0-9]+)"\)/g, (_, path) => {
    const name = `runtime_${path.replace(/^.*\//, '')}`;
    // A CommonJS module whose default import is module.exports under Node and esbuild, but its
    // `default` export under vitest's interop: either way, the function.
    if (!imports.some((line) => line.includes(` ${name}_module `)))
      imports.push(
        `import ${name}_module from '${path}.js';\nconst ${name} = { default: ${name}_module.default ?? ${name}_module };`,
      );
    return name;
  });
  return `// Generated from ${source} by scripts/schema-validators.mjs (npm run build): do not edit.
/* eslint-disable */
${imports.join('\n')}
${body.replace(/^"use strict";/, '')}
`;
}

/** Each generated module's path (from the repository root) and text. */
export function schemaValidatorSources() {
  return validatorModules.map(({ out, schema: path, options, exports }) => {
    const schema = JSON.parse(readFileSync(join(repo, path), 'utf8'));
    const ajv = new Ajv({ ...options, code: { source: true, esm: true } });
    let code;
    if (exports === undefined) {
      code = standaloneCode(ajv, ajv.compile(schema));
    } else {
      ajv.addSchema(schema);
      code = standaloneCode(
        ajv,
        Object.fromEntries(exports.map((name) => [name, `${schema.$id}#/definitions/${name}`])),
      );
    }
    return { out, text: asModule(code, path) };
  });
}

export function writeSchemaValidators() {
  for (const { out, text } of schemaValidatorSources()) writeFileSync(join(repo, out), text);
}

// `--check` writes nothing and exits 1 when a committed validator is not its schema's (the tests run it).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const stale = schemaValidatorSources().filter(({ out, text }) => {
      try {
        return readFileSync(join(repo, out), 'utf8') !== text;
      } catch {
        return true;
      }
    });
    for (const { out } of stale) console.error(`${out} is not compiled from the current schema: run npm run build`);
    process.exitCode = stale.length === 0 ? 0 : 1;
  } else {
    writeSchemaValidators();
  }
}
