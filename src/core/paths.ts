// How messages show where in the config a value sits, and the value itself.

export type PathKey = string | number;

const BARE_KEY = /^[A-Za-z0-9_$/-]+$/;

/** ['scenarios', 'a', 'stages', 0, 'target'] → `scenarios.a.stages[0].target`; odd keys are quoted. */
export function formatPath(path: readonly PathKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else if (BARE_KEY.test(key)) text += text ? `.${key}` : key;
    else text += `[${JSON.stringify(key)}]`;
  }
  return text;
}

/** Quotes a config value the way error messages show it: strings in double quotes, numbers bare. */
export function quoteValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined) return 'nothing';
  // YAML's own spelling: JSON would say "null" for .inf and .nan, which is not what was written.
  if (typeof value === 'number' && !Number.isFinite(value))
    return Number.isNaN(value) ? '.nan' : value > 0 ? '.inf' : '-.inf';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * The one name of a config file, whatever way the input spells it: `perfgate.yml`,
 * `./perfgate.yml` and `/home/runner/work/shop/shop/perfgate.yml` are all `perfgate.yml`, so
 * that they share one PR comment, one artifact and one results folder. A file inside the
 * workspace is named relative to it with "/" separators; one outside keeps its absolute path.
 * Pure: the caller passes the absolute paths (node:path's posix rules, as on every runner but Windows').
 */
export function configIdentity(absoluteConfig: string, absoluteWorkspace: string): string {
  const clean = (p: string): string => {
    const parts: string[] = [];
    for (const part of p.replace(/\\/g, '/').split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') parts.pop();
      else parts.push(part);
    }
    return parts.join('/');
  };
  const file = clean(absoluteConfig);
  const root = clean(absoluteWorkspace);
  if (root === '') return file;
  if (file.startsWith(`${root}/`)) return file.slice(root.length + 1);
  return `/${file}`;
}
