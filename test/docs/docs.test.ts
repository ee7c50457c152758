// The docs against what they describe: the generated parts are fresh and every relative link
// resolves (scripts/docs.mjs --check, also on a copy broken on purpose, so the check can fail),
// every CLI flag is in docs/cli.md, each executor page lists the keys the config parser accepts
// for that executor, and every mermaid block parses as GitHub would draw it.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { mermaidBlocks, useMermaidParser } from '../mermaid.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBundleDir } from '../bundle.js';

const repoRoot = resolve(import.meta.dirname, '../..');

function docsScript(root: string, ...args: string[]) {
  return spawnSync(process.execPath, [join(repoRoot, 'scripts/docs.mjs'), '--root', root, ...args], {
    encoding: 'utf8',
  });
}

function read(path: string): string {
  return readFileSync(join(repoRoot, path), 'utf8');
}

/** The part of a markdown file from a heading to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line === heading);
  if (start === -1) return '';
  const level = /^#+/.exec(heading)![0].length;
  const end = lines.findIndex((line, i) => i > start && new RegExp(`^#{1,${level}} `).test(line));
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

describe('generated docs and links', () => {
  it('are up to date: npm run docs:check passes', () => {
    const check = docsScript(repoRoot, '--check');
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  describe('on a copy broken on purpose', () => {
    let copy: string;
    beforeAll(() => {
      copy = mkdtempSync(join(tmpdir(), 'perfgate-docs-'));
      for (const path of [
        'README.md',
        'CONTRIBUTING.md',
        'action.yml',
        'report',
        'merge',
        'trends',
        'docs',
        'schema',
        'examples',
        'bench',
      ])
        cpSync(join(repoRoot, path), join(copy, path), { recursive: true, filter: (from) => !from.includes('/out') });
    });
    afterAll(() => rmSync(copy, { recursive: true, force: true }));

    it('names a stale table and a link that does not resolve, and npm run docs fixes the table', () => {
      const action = join(copy, 'action.yml');
      writeFileSync(
        action,
        readFileSync(action, 'utf8').replace('Path of the perfgate config', 'Where the perfgate config is'),
      );
      const report = join(copy, 'report/action.yml');
      writeFileSync(report, readFileSync(report, 'utf8').replace('The PR to comment on', 'Which PR to comment on'));
      const schema = join(copy, 'schema/perfgate.schema.json');
      writeFileSync(
        schema,
        readFileSync(schema, 'utf8').replace('"Shell command that starts', '"The command that starts'),
      );
      const cli = join(copy, 'docs/cli.md');
      writeFileSync(
        cli,
        readFileSync(cli, 'utf8').replace('(results-file.md)', '(results.md)').replace('#perfgate-merge', '#merge'),
      );

      const stale = docsScript(copy, '--check');
      expect(stale.status).toBe(1);
      expect(stale.stderr).toContain('docs/action.md is stale');
      expect(stale.stderr).toContain('docs/config/reference.md is stale');
      expect(stale.stderr).toContain('run "npm run docs"');
      expect(stale.stderr).toMatch(
        /docs\/cli\.md:\d+: the link results\.md does not resolve: docs\/results\.md does not exist/,
      );
      expect(stale.stderr).toMatch(
        /docs\/cli\.md:\d+: the link #merge does not resolve: docs\/cli\.md has no heading #merge/,
      );

      const write = docsScript(copy);
      expect(write.stdout).toContain('wrote docs/action.md');
      expect(readFileSync(join(copy, 'docs/action.md'), 'utf8')).toContain('Where the perfgate config is');
      // The report sub-action's table, from report/action.yml.
      expect(readFileSync(join(copy, 'docs/action.md'), 'utf8')).toMatch(
        /generated:subaction-report -->[^]*\| `pr-number` \| — \| Which PR to comment on/,
      );
      expect(readFileSync(join(copy, 'docs/config/reference.md'), 'utf8')).toContain('The command that starts');
      const after = docsScript(copy, '--check');
      expect(after.stderr).not.toContain('is stale');
      expect(after.stderr).toContain('results.md does not resolve');
    });
  });
});

describe('docs/cli.md', () => {
  const cliDoc = read('docs/cli.md');
  const help = (...args: string[]) =>
    spawnSync(process.execPath, [join(sharedBundleDir(), 'cli.js'), ...args], { encoding: 'utf8' }).stdout;
  const commands = () => {
    const list = help('--help').split('Commands:\n')[1]!.split('\n\n')[0]!;
    return list.split('\n').map((line) => line.trim().split(/\s+/)[0]!);
  };

  it('has a section for each command, and only those', () => {
    const documented = [...cliDoc.matchAll(/^## perfgate (\S+)$/gm)].map((m) => m[1]);
    expect(commands().length).toBeGreaterThanOrEqual(6);
    expect(documented.sort()).toEqual(commands().sort());
  });

  it("lists every option of each command's --help in its section", () => {
    for (const command of commands()) {
      const options = help(command, '--help').split('Options:\n')[1]!.split('\n\n')[0]!;
      const flags = [...options.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1]!);
      expect(flags.length, command).toBeGreaterThan(0);
      const text = section(cliDoc, `## perfgate ${command}`);
      for (const flag of flags)
        expect(text, `perfgate ${command} --${flag}`).toMatch(new RegExp(`\`(-\\w, )?\`?--${flag}\\b`));
    }
  });
});

describe('docs/results-file.md', () => {
  it('names every field of the published results schema in code', () => {
    const schema: unknown = JSON.parse(read('schema/perfgate-results.schema.json'));
    const fields = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node !== null && typeof node === 'object') {
        const { properties } = node as { properties?: Record<string, unknown> };
        if (properties && typeof properties === 'object') for (const key of Object.keys(properties)) fields.add(key);
        Object.values(node).forEach(walk);
      }
    };
    walk(schema);
    const inCode = new Set([...read('docs/results-file.md').matchAll(/`([^`]+)`/g)].flatMap((m) => m[1]!.split(/\W+/)));
    expect(fields.size).toBeGreaterThan(50);
    expect([...fields].filter((field) => !inCode.has(field))).toEqual([]);
  });
});

describe('the executor pages', () => {
  // Every executor the schema knows gets a page: a new one without its page fails here.
  const schema = JSON.parse(read('schema/perfgate.schema.json')) as {
    definitions: { scenario: { properties: { executor: { enum: string[] } } } };
  };
  const executors = schema.definitions.scenario.properties.executor.enum;

  /** What the config parser says of an executor: the keys it takes and needs, and its model. */
  function parserSays(executor: string) {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-docs-executor-'));
    const foreign = executor === 'shared-iterations' ? 'rate: "10/s"' : 'iterations: 10';
    const config = join(dir, 'perfgate.yml');
    writeFileSync(
      config,
      `defaults: { baseUrl: "http://127.0.0.1:1" }\nscenarios:\n  s:\n    executor: ${executor}\n    ${foreign}\n    thinkTime: 0\n    maxInFlight: 10\n    request: { path: / }\n`,
    );
    const run = spawnSync(process.execPath, [join(sharedBundleDir(), 'cli.js'), 'check', '-c', config], {
      encoding: 'utf8',
    });
    rmSync(dir, { recursive: true, force: true });
    const takes = new RegExp(`\\(${executor} takes ([^)]*)\\)`).exec(run.stderr)?.[1]?.split(', ');
    const needs = new RegExp(`missing; ${executor} needs ([^\\n]*)`).exec(run.stderr)?.[1]?.split(' and ');
    const closed = run.stderr.includes(`${executor} does not use "maxInFlight"`);
    const open = run.stderr.includes(`${executor} does not use "thinkTime"`);
    expect(run.status, run.stderr).toBe(2);
    expect(takes, run.stderr).toBeDefined();
    expect(needs, run.stderr).toBeDefined();
    expect(closed !== open, run.stderr).toBe(true);
    return { takes: takes!, needs: needs!, modelKey: closed ? 'thinkTime' : 'maxInFlight' };
  }

  for (const executor of executors) {
    it(`${executor}: the options table has the keys it takes, required where it needs them`, () => {
      const { takes, needs, modelKey } = parserSays(executor);
      const options = section(read(`docs/config/${executor}.md`), '## Options');
      const rows = new Map(
        [...options.matchAll(/^\| `([A-Za-z]+)` \| [^|]+ \| ([^|]+) \|/gm)].map((m) => [m[1]!, m[2]!.trim()]),
      );
      expect([...rows.keys()].sort()).toEqual(['executor', ...takes, modelKey].sort());
      for (const key of needs) expect(rows.get(key), `${executor}.${key}`).toBe('**required**');
      for (const key of takes.filter((k) => !needs.includes(k)))
        expect(rows.get(key), `${executor}.${key}`).not.toBe('**required**');
    });
  }

  it('are all linked from the config guide', () => {
    const index = read('docs/config/index.md');
    for (const executor of executors) expect(index).toContain(`](${executor}.md)`);
  });
});

describe('mermaid blocks in the docs', () => {
  const parse = useMermaidParser();

  const files = ['README.md', 'CONTRIBUTING.md', ...walk('docs')];
  const blocks = files.flatMap((file) => mermaidBlocks(read(file)).map((text) => ({ file, text })));

  it('exist (the architecture picture) and parse', async () => {
    expect(blocks.map((b) => b.file)).toContain('docs/architecture.md');
    for (const block of blocks) await expect(parse(block.text), block.file).resolves.toBeTruthy();
  });

  it('is a check that can fail: a broken block is refused', async () => {
    await expect(parse('flowchart TB\n  a --> \n  subgraph')).rejects.toThrow();
  });
});

function walk(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(`${dir}/${entry.name}`) : entry.name.endsWith('.md') ? [`${dir}/${entry.name}`] : [],
  );
}
