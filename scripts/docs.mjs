// The docs generated from the files they describe, checked in CI the way dist/ is:
//
//   npm run docs          write them: the inputs and outputs tables of docs/action.md (from
//                         action.yml and the sub-actions' report/, merge/ and trends/action.yml)
//                         and docs/config/reference.md (from schema/perfgate.schema.json)
//   npm run docs:check    change nothing; exit 1 naming every stale file and every relative link in
//                         README.md, CONTRIBUTING.md and docs/**/*.md that does not resolve
//
// `--root DIR` works on another checkout (test/docs/ runs the check on a copy it breaks on purpose).
// A generated block lies between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`; the
// text around it is written by hand.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { SUB_ACTIONS } from './action-manifest.mjs';

const args = process.argv.slice(2);
const rootFlag = args.indexOf('--root');
const root = resolve(rootFlag === -1 ? join(import.meta.dirname, '..') : args[rootFlag + 1]);
const check = args.includes('--check');

const ACTION_DOC = 'docs/action.md';
const REFERENCE_DOC = 'docs/config/reference.md';

// ---------------------------------------------------------------- markdown helpers

/** A table cell: one line, `|` escaped (also inside code spans, as GFM requires). */
function cell(text) {
  return String(text)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|');
}

function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`]
    .concat(rows.map((row) => `| ${row.map(cell).join(' | ')} |`))
    .join('\n');
}

/** Plain text (a schema or action.yml description) as markdown: `<`, `*`, `_` and brackets outside
 * code spans are escaped, so that `<key>` or `*.example.com` reads as written. */
function prose(text) {
  return String(text)
    .split('`')
    .map((part, i) =>
      i % 2 === 1 ? part : part.replace(/[\\<>*_[\]]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : `\\${c}`)),
    )
    .join('`');
}

function code(value) {
  const text = String(value);
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

/** GitHub's heading anchor: the heading's text (code spans as written, markup dropped) in lower
 * case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .split('`')
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '')))
    .join('')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Replaces the block between the markers NAME in `text`; throws when they are missing. */
function replaceBlock(text, name, body, file) {
  const start = `<!-- generated:${name} -->`;
  const end = `<!-- /generated:${name} -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to === -1 || to < from)
    throw new Error(`${file}: the markers ${start} … ${end} are missing; put them back where the block goes`);
  const source = name.startsWith('subaction-') ? `${name.slice('subaction-'.length)}/action.yml` : 'action.yml';
  const note = `<!-- written by \`npm run docs\` from ${source}: edit that, not this table -->`;
  return `${text.slice(0, from)}${start}\n${note}\n\n${body}\n\n${text.slice(to)}`;
}

// ---------------------------------------------------------------- action.yml → docs/action.md

/** The inputs and outputs tables of one action.yml (the root's, or a sub-action's). */
function tablesOf(file) {
  const action = parseYaml(readFileSync(join(root, file), 'utf8'));
  const inputs = Object.entries(action.inputs ?? {}).map(([name, input]) => [
    code(name),
    input.required ? '**required**' : input.default === undefined || input.default === '' ? '—' : code(input.default),
    prose(input.description ?? ''),
  ]);
  const outputs = Object.entries(action.outputs ?? {}).map(([name, output]) => [
    code(name),
    prose(output.description ?? ''),
  ]);
  return {
    inputs: table(['input', 'default', 'description'], inputs),
    outputs: table(['output', 'description'], outputs),
  };
}

function actionTables() {
  const rootTables = tablesOf('action.yml');
  const blocks = { 'action-inputs': rootTables.inputs, 'action-outputs': rootTables.outputs };
  for (const name of SUB_ACTIONS) {
    const sub = tablesOf(`${name}/action.yml`);
    blocks[`subaction-${name}`] = `Inputs of \`${name}/action.yml\`:\n\n${sub.inputs}\n\nOutputs:\n\n${sub.outputs}`;
  }
  return blocks;
}

// ---------------------------------------------------------------- schema → docs/config/reference.md

/** The sections of the reference: where in the config an object lives, and its schema. */
function schemaSections(schema) {
  const defs = schema.definitions ?? {};
  const sections = [];
  const sectionOfDef = new Map();
  const resolveRef = (node) => (node?.$ref ? defs[node.$ref.split('/').pop()] : node);

  const visit = (path, node, title) => {
    const target = resolveRef(node);
    if (!target?.properties) return;
    const defName = node.$ref?.split('/').pop();
    if (defName && sectionOfDef.has(defName)) return;
    const section = { path, title, node: target, anchor: slug(code(path)) };
    if (defName) sectionOfDef.set(defName, section);
    sections.push(section);
    for (const [key, child] of Object.entries(target.properties)) {
      const sub = resolveRef(child);
      if (sub?.properties) visit(`${path}.${key}`, child, key);
      else if (sub?.type === 'array' && resolveRef(sub.items)?.properties) visit(`${path}.${key}[]`, sub.items, key);
    }
  };
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const node = resolveRef(child);
    if (node?.type === 'array' && resolveRef(node.items)?.properties) visit(`${key}[]`, node.items, key);
    else if (node?.properties) visit(key, child, key);
    else if (node?.additionalProperties && resolveRef(node.additionalProperties)?.properties)
      visit(`${key}.<name>`, node.additionalProperties, key);
  }
  return { sections, sectionOfDef, defs, resolveRef };
}

/** Value types: definitions that are no object section (duration, rate, …). */
function valueTypes(defs) {
  return Object.entries(defs).filter(([, def]) => !def.properties);
}

function typeText(node, ctx) {
  if (node === undefined) return 'any';
  if (node.$ref) {
    const name = node.$ref.split('/').pop();
    const section = ctx.sectionOfDef.get(name);
    return section ? `[${name}](#${section.anchor})` : `[${name}](#${slug(name)})`;
  }
  if (node.enum) return node.enum.map((value) => code(value)).join(', ');
  if (node.anyOf) return node.anyOf.map((option) => typeText(option, ctx)).join(' or ');
  switch (node.type) {
    case 'array':
      return `list of ${typeText(node.items, ctx)}`;
    case 'object':
      if (node.properties) return 'object';
      if (node.additionalProperties && node.additionalProperties !== true)
        return `map of name → ${typeText(node.additionalProperties, ctx)}`;
      return 'object';
    case 'integer':
    case 'number':
      return `${node.type}${range(node)}`;
    case 'string':
      return node.pattern ? `string matching ${code(node.pattern)}` : 'string';
    case undefined:
      return 'any JSON value';
    default:
      return node.type;
  }
}

function range(node) {
  const low = node.minimum ?? node.exclusiveMinimum;
  const high = node.maximum ?? node.exclusiveMaximum;
  if (low !== undefined && low === high) return ` ${low}`;
  if (low !== undefined && high !== undefined) {
    const open = node.exclusiveMinimum !== undefined ? '(' : '[';
    const close = node.exclusiveMaximum !== undefined ? ')' : ']';
    return ` in ${open}${low}, ${high}${close}`;
  }
  if (low !== undefined) return node.exclusiveMinimum !== undefined ? ` > ${low}` : ` ≥ ${low}`;
  if (high !== undefined) return node.exclusiveMaximum !== undefined ? ` < ${high}` : ` ≤ ${high}`;
  return '';
}

function valueText(value) {
  if (Array.isArray(value)) return `[${value.map(valueText).join(', ')}]`;
  if (value !== null && typeof value === 'object' && Object.keys(value).length === 0) return '{}';
  if (value !== null && typeof value === 'object')
    return `{ ${Object.entries(value)
      .map(([key, item]) => `${key}: ${valueText(item)}`)
      .join(', ')} }`;
  return String(value);
}

/** Which executors require each scenario key, from the schema's `if executor … then required`. */
function requiredByExecutor(node) {
  const byKey = new Map();
  for (const rule of node.allOf ?? []) {
    const executor = rule.if?.properties?.executor?.const;
    for (const key of rule.then?.required ?? []) {
      if (executor === undefined) continue;
      byKey.set(key, [...(byKey.get(key) ?? []), executor]);
    }
  }
  return byKey;
}

function referenceDoc() {
  const schema = JSON.parse(readFileSync(join(root, 'schema/perfgate.schema.json'), 'utf8'));
  const ctx = schemaSections(schema);
  const rowsOf = (node) => {
    const required = new Set(node.required ?? []);
    const byExecutor = requiredByExecutor(node);
    return Object.entries(node.properties).map(([key, child]) => {
      const target = ctx.resolveRef(child);
      const fallback = child.default ?? target?.default;
      let defaultText = fallback === undefined ? '—' : code(valueText(fallback));
      if (required.has(key)) defaultText = '**required**';
      else if (byExecutor.has(key))
        defaultText = `**required** by ${byExecutor.get(key).join(', ')}${fallback === undefined ? '' : `; else ${defaultText}`}`;
      const examples = child.examples ?? [];
      const description = [prose(child.description ?? target?.description ?? '')]
        .concat(
          examples.length
            ? [
                `${examples.length > 1 ? 'Examples' : 'Example'}: ${examples.map((e) => code(valueText(e))).join(', ')}.`,
              ]
            : [],
        )
        .join(' ');
      const sub = ctx.sections.find((s) => s.node === target && s.node !== node);
      const type = sub && !child.$ref ? `[object](#${sub.anchor})` : typeText(child, ctx);
      return [code(key), type, defaultText, description];
    });
  };
  const top = {
    ...schema,
    properties: Object.fromEntries(Object.entries(schema.properties).filter(([key]) => key !== '$schema')),
  };
  const lines = [
    '# Config reference',
    '',
    `Every key of \`perfgate.yml\`, written by \`npm run docs\` from [the JSON Schema](../../schema/perfgate.schema.json)`,
    '(its descriptions, types, enums and defaults): edit the schema, then run `npm run docs`. What the keys',
    'mean together, with examples, is in [the config guide](index.md) and the executor pages.',
    '',
    prose(schema.description ?? ''),
    '',
    '- [Top level](#top-level)',
    ...ctx.sections.map((section) => `- [${code(section.path)}](#${section.anchor})`),
    '- [Value types](#value-types)',
    '',
    '## Top level',
    '',
    table(['key', 'type', 'default', 'description'], rowsOf(top)),
  ];
  for (const section of ctx.sections) {
    lines.push('', `## ${code(section.path)}`, '');
    if (section.node.description) lines.push(prose(section.node.description), '');
    lines.push(table(['key', 'type', 'default', 'description'], rowsOf(section.node)));
  }
  lines.push('', '## Value types', '');
  for (const [name, def] of valueTypes(ctx.defs)) {
    lines.push(
      `### ${name}`,
      '',
      prose(def.description ?? ''),
      '',
      `JSON: ${typeText({ ...def, description: undefined }, ctx)}.`,
    );
    if (def.examples) lines.push('', `Examples: ${def.examples.map((e) => code(e)).join(', ')}.`);
    lines.push('');
  }
  return `<!-- written by \`npm run docs\` from schema/perfgate.schema.json: edit the schema, not this file -->\n${lines.join('\n').trimEnd()}\n`;
}

// ---------------------------------------------------------------- the generated files

/** Every generated file as it should read: [{ path, text }]. */
function expectedDocs() {
  const actionPath = join(root, ACTION_DOC);
  let action = readFileSync(actionPath, 'utf8');
  for (const [name, body] of Object.entries(actionTables())) action = replaceBlock(action, name, body, ACTION_DOC);
  return [
    { path: ACTION_DOC, text: action },
    { path: REFERENCE_DOC, text: referenceDoc() },
  ];
}

// ---------------------------------------------------------------- links

/** README.md, CONTRIBUTING.md and every .md under docs/. */
function markdownFiles() {
  const files = ['README.md', 'CONTRIBUTING.md'].filter((file) => existsSync(join(root, file)));
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) files.push(path);
    }
  };
  if (existsSync(join(root, 'docs'))) walk('docs');
  return files;
}

const anchorCache = new Map();
/** The anchors a markdown file offers: its headings' slugs (numbered when repeated) and `id`s. */
function anchorsOf(path) {
  if (anchorCache.has(path)) return anchorCache.get(path);
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const id of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1]);
  }
  anchorCache.set(path, anchors);
  return anchors;
}

/** Relative links (and same-page anchors) that do not resolve: [{ file, line, link, why }]. */
function brokenLinks() {
  const broken = [];
  for (const file of markdownFiles()) {
    let fenced = false;
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
        if (fenced) return;
        const prose = line.replace(/`[^`]*`/g, '');
        for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
          const link = match[1];
          if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:
          const [target, anchor] = link.split('#');
          const path = target === '' ? join(root, file) : resolve(join(root, dirname(file)), decodeURI(target));
          const where = { file, line: index + 1, link };
          if (!path.startsWith(root)) broken.push({ ...where, why: 'points outside the repository' });
          else if (!existsSync(path)) broken.push({ ...where, why: `${relative(root, path)} does not exist` });
          else if (anchor && path.endsWith('.md') && statSync(path).isFile() && !anchorsOf(path).has(anchor))
            broken.push({ ...where, why: `${relative(root, path)} has no heading #${anchor}` });
        }
      });
  }
  return broken;
}

// ---------------------------------------------------------------- main

let failed = false;
for (const { path, text } of expectedDocs()) {
  const full = join(root, path);
  const current = existsSync(full) ? readFileSync(full, 'utf8') : undefined;
  if (current === text) continue;
  if (check) {
    failed = true;
    console.error(
      `docs: ${path} is stale (it does not match ${path === ACTION_DOC ? 'action.yml and report/, merge/ and trends/action.yml' : 'schema/perfgate.schema.json'}); run "npm run docs" and commit it`,
    );
  } else {
    writeFileSync(full, text);
    console.log(`docs: wrote ${path}`);
  }
}
for (const { file, line, link, why } of brokenLinks()) {
  failed = true;
  console.error(`docs: ${file}:${line}: the link ${link} does not resolve: ${why}`);
}
if (failed) {
  process.exitCode = 1;
} else if (check) {
  console.log(`docs: up to date (${markdownFiles().length} markdown files, their relative links resolve)`);
}
