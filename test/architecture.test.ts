// The house rules a new file must keep (issue: one home per format): no value-import circles
// among src/ files (a type-only import cannot form one at run time), no import from an outer
// layer into an inner one, inside src/core no import from a folder into one above it (issue 34:
// core/capacity/ once ran both ways between config, compare and report), and no file over 500
// lines unless its header says why.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const src = join(root, 'src');
const MAX_LINES = 500;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The src/ files a file imports, types too: a type-only import still ties one folder to another. */
function allImports(file: string, text: string): string[] {
  return [...text.matchAll(/^(?:import|export)\s+[^;]*?\s+from\s+'(\.[^']+)'/gms)].map((match) =>
    resolve(dirname(file), match[1]!).replace(/\.js$/, '.ts'),
  );
}

/** The src/ files a file imports at run time (not `import type`, not `import { type A }` alone). */
function valueImports(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/^(import|export)\s+(?!type\b)([^;]*?)\s+from\s+'(\.[^']+)'/gms)) {
    const names = /\{([^}]*)\}/.exec(match[2] ?? '')?.[1];
    const typeOnly =
      names !== undefined &&
      !/^\s*\w+\s*,/.test(match[2] ?? '') &&
      names
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith('type '));
    if (!typeOnly) found.push(resolve(dirname(file), match[3]!).replace(/\.js$/, '.ts'));
  }
  return found;
}

const files = sourceFiles(src);
const graph = new Map(files.map((file) => [file, valueImports(file, readFileSync(file, 'utf8'))]));

function cycles(): string[][] {
  // Tarjan's strongly connected components; any component of two or more files is a circle.
  let index = 0;
  const stack: string[] = [];
  const meta = new Map<string, { index: number; low: number; onStack: boolean }>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    meta.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!meta.has(w)) {
        visit(w);
        meta.get(v)!.low = Math.min(meta.get(v)!.low, meta.get(w)!.low);
      } else if (meta.get(w)!.onStack) meta.get(v)!.low = Math.min(meta.get(v)!.low, meta.get(w)!.index);
    }
    if (meta.get(v)!.low !== meta.get(v)!.index) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      meta.get(w)!.onStack = false;
      component.push(relative(root, w));
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of files) if (!meta.has(file)) visit(file);
  return found;
}

const LAYERS = ['core', 'engine', 'adapters', 'entry'] as const;

/**
 * The folders of src/core from the bottom up: a file may import its own folder and the folders
 * of a lower rank, never one of its own rank or above. Config knows nothing of the statistics that
 * read it, compare nothing of how its verdict is shown; a feature that spans them (the capacity
 * search) puts each part in the folder it belongs to. The files directly in src/core are shared
 * helpers: a folder may use one as long as what that helper imports (through other helpers) is
 * allowed to the folder itself.
 */
const CORE_FOLDERS: Record<string, number> = {
  types: 0,
  config: 1,
  stats: 2,
  split: 2,
  results: 3,
  trends: 3,
  profile: 3,
  compare: 4,
  report: 5,
};
const core = join(src, 'core');
const coreFiles = files.filter((file) => file.startsWith(core + '/'));
const coreImports = new Map(coreFiles.map((file) => [file, allImports(file, readFileSync(file, 'utf8'))]));

/** The folder of src/core a file sits in, or undefined for a file directly in src/core. */
function coreFolder(file: string): string | undefined {
  const parts = relative(core, file).split('/');
  return parts.length > 1 ? parts[0] : undefined;
}

/** The folders a file directly in src/core reaches, through other such files. */
function foldersBehind(helper: string, seen = new Set<string>()): string[] {
  if (seen.has(helper)) return [];
  seen.add(helper);
  return (coreImports.get(helper) ?? []).flatMap((target) => {
    if (!target.startsWith(core + '/')) return [];
    const folder = coreFolder(target);
    return folder === undefined ? foldersBehind(target, seen) : [folder];
  });
}

describe('the layout of src/', () => {
  it('has no import circles', () => {
    expect(cycles()).toEqual([]);
  });

  it('imports only inward: core from nothing outer, engine from core, adapters from core and engine', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      const layer = LAYERS.indexOf(relative(src, file).split('/')[0] as (typeof LAYERS)[number]);
      for (const target of imports) {
        const targetLayer = LAYERS.indexOf(relative(src, target).split('/')[0] as (typeof LAYERS)[number]);
        // engine and adapters sit side by side: each may use the other's small interfaces.
        const sideBySide = layer + targetLayer === 3 && Math.min(layer, targetLayer) === 1;
        if (targetLayer > layer && !sideBySide) wrong.push(`${relative(root, file)} → ${relative(root, target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('imports inside src/core only from the same folder or a lower one (config < stats < results < compare < report)', () => {
    const wrong: string[] = [];
    for (const [file, imports] of coreImports) {
      const folder = coreFolder(file);
      if (folder === undefined) continue;
      const rank = CORE_FOLDERS[folder];
      if (rank === undefined) {
        wrong.push(`${relative(root, file)}: src/core/${folder}/ has no rank in CORE_FOLDERS`);
        continue;
      }
      for (const target of imports) {
        if (!target.startsWith(core + '/')) continue;
        const direct = coreFolder(target);
        const reached = direct === undefined ? foldersBehind(target) : [direct];
        for (const other of new Set(reached)) {
          if (other === folder) continue;
          const otherRank = CORE_FOLDERS[other];
          if (otherRank === undefined || otherRank >= rank) {
            const via = direct === undefined ? ` (via ${relative(root, target)})` : '';
            wrong.push(`${relative(root, file)} → src/core/${other}/${via}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps files under 500 lines, or says in the header why one is longer', () => {
    const long = files
      .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
      .filter(({ text }) => text.split('\n').length > MAX_LINES)
      .filter(({ text }) => !/^\/\/.*\blonger than 500 lines\b/im.test(text.split('\n').slice(0, 12).join('\n')))
      .map(({ file }) => relative(root, file));
    expect(long).toEqual([]);
  });
});
