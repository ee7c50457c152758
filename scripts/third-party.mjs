// What the bundles take from node_modules: one copy of each identical package, and the licence of
// every package they hold, shipped beside them (dist/licenses.txt), since the bundles redistribute
// those packages and their notices must travel with them. Both are read from package-lock.json and
// esbuild's metafile, so the output depends on the installed tree alone (CI's dist/ check stays stable).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `node_modules/a/node_modules/@b/c/lib/x.js` → `node_modules/a/node_modules/@b/c`: the install folder. */
const INSTALL_PATH = /^(?:node_modules\/(?:@[^/]+\/)?[^/]+\/)+/;

/** A file's install folder as package-lock.json keys it, and what comes before and after it. */
function splitInstallPath(file) {
  const normalized = file.replaceAll('\\', '/');
  const at = normalized.indexOf('node_modules/');
  if (at === -1) return undefined;
  const match = INSTALL_PATH.exec(normalized.slice(at));
  if (!match) return undefined;
  const key = match[0].slice(0, -1);
  return { prefix: normalized.slice(0, at), key, rest: normalized.slice(at + key.length) };
}

/**
 * An esbuild plugin that bundles one copy of a package installed several times at the same version
 * and tarball (package-lock.json's integrity): @actions/http-client and @actions/github each carry
 * their own undici 6.29.1, which would otherwise be in dist/index.js twice. Copies that differ in
 * version stay apart, as npm installed them.
 */
export function dedupeIdenticalCopies(lockPath = 'package-lock.json') {
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  const groups = new Map();
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    if (!key.includes('node_modules/') || !entry.version || !entry.integrity) continue;
    const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const id = `${name}@${entry.version} ${entry.integrity}`;
    groups.set(id, [...(groups.get(id) ?? []), key]);
  }
  /** Each copy's install folder → the one bundled instead: the shallowest, then by name. */
  const canonical = new Map();
  for (const keys of groups.values()) {
    if (keys.length < 2) continue;
    const [first] = [...keys].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    for (const key of keys) if (key !== first) canonical.set(key, first);
  }
  return {
    name: 'dedupe-identical-copies',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData?.deduped || args.path.startsWith('node:')) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { deduped: true },
        });
        // esbuild reports its own resolution errors when this plugin steps aside.
        if (resolved.errors.length > 0 || resolved.external) return undefined;
        const parts = splitInstallPath(resolved.path);
        const instead = parts && canonical.get(parts.key);
        if (!instead) return undefined;
        const path = `${parts.prefix}${instead}${parts.rest}`;
        if (!existsSync(path)) return undefined;
        return { path, ...(resolved.sideEffects === undefined ? {} : { sideEffects: resolved.sideEffects }) };
      });
    },
  };
}

function noLicenceFile(licence) {
  return licence === undefined
    ? 'The package ships no licence file, and its package.json names no licence.\n'
    : `The package ships no licence file; its package.json names ${licence}.\n`;
}

const LICENCE_FILE = /^(licen[cs]e|copying|notice)([.-].*)?$/i;
const RULE = '='.repeat(78);

/**
 * Writes `outFile`: each package the bundles hold (from their esbuild metafiles), with its version,
 * its licence and the licence files it ships, sorted by name and version.
 */
export function writeThirdPartyLicenses(bundles, outFile) {
  const packages = new Map();
  for (const { name: bundle, metafile } of bundles) {
    for (const input of Object.keys(metafile.inputs)) {
      const parts = splitInstallPath(input);
      if (!parts) continue;
      const dir = `${parts.prefix}${parts.key}`;
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const id = `${manifest.name}@${manifest.version}`;
      const found = packages.get(id) ?? { manifest, dir, bundles: new Set() };
      found.bundles.add(bundle);
      packages.set(id, found);
    }
  }
  const sections = [...packages.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, { manifest, dir, bundles: inBundles }]) => {
      const licence = typeof manifest.license === 'string' ? manifest.license : JSON.stringify(manifest.license);
      const files = readdirSync(dir)
        .filter((name) => LICENCE_FILE.test(name))
        .sort();
      const texts = files.map((name) => `--- ${name}\n\n${readFileSync(join(dir, name), 'utf8').trim()}\n`);
      return [
        RULE,
        `${id} (${licence ?? 'no licence named'}), in ${[...inBundles].sort().join(' and ')}`,
        ...(manifest.homepage ? [manifest.homepage] : []),
        '',
        ...(texts.length > 0 ? texts : [noLicenceFile(licence)]),
      ].join('\n');
    });
  writeFileSync(
    outFile,
    [
      'Third-party software bundled in dist/cli.js and dist/index.js, and the licences it is distributed under.',
      'perfgate itself is MIT-licensed: see LICENSE.',
      `${packages.size} packages.`,
      '',
      ...sections,
    ].join('\n'),
  );
}
