// Peak memory of loading a big CSV data file (issue 8, item 7): a generated file of --mb MB
// (`id,q,region` rows, about 38 bytes each: 200 MB is 5.3 M rows) is loaded the way a run loads
// it (loadDataRows: read, parse, check the columns) in a fresh Node process, which reports its
// peak RSS (process.resourceUsage().maxRSS) and the heap after loading. --ref <git ref> measures
// that commit's parser instead of the working tree's (e.g. --ref main), to compare.
//
//   flock /tmp/heavy.lock node bench/engine/csv-memory.mjs --mb 200
//   flock /tmp/heavy.lock node bench/engine/csv-memory.mjs --mb 50 --ref main
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { once } from 'node:events';
import { build } from 'esbuild';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = { mb: 200, ref: '' };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, '');
  if (!(key in args) || process.argv[i + 1] === undefined)
    throw new Error(`unknown or incomplete argument ${process.argv[i]}; known: --mb, --ref`);
  args[key] = key === 'mb' ? Number(process.argv[i + 1]) : process.argv[i + 1];
}

const work = mkdtempSync(join(tmpdir(), 'perfgate-csv-memory-'));
try {
  // The source to measure: the working tree, or src/ of a commit laid out beside it.
  let source = join(repo, 'src');
  if (args.ref) {
    source = join(work, 'src');
    const files = spawnSync('git', ['ls-tree', '-r', '--name-only', args.ref, 'src', 'schema'], {
      cwd: repo,
      encoding: 'utf8',
    })
      .stdout.split('\n')
      .filter(Boolean);
    for (const file of files) {
      const text = spawnSync('git', ['show', `${args.ref}:${file}`], { cwd: repo, maxBuffer: 64 * 1024 * 1024 }).stdout;
      mkdirSync(dirname(join(work, file)), { recursive: true });
      writeFileSync(join(work, file), text);
    }
  }
  const entry = join(work, 'entry.ts');
  writeFileSync(
    entry,
    `import { loadDataRows } from ${JSON.stringify(join(source, 'adapters/config-file.ts'))};
const started = performance.now();
const rows = await loadDataRows({ file: process.argv[2], order: 'round-robin' }, '/', [{ column: 'q', where: 'scenarios.x.request.path' }]);
const loadMs = performance.now() - started;
globalThis.gc?.();
const memory = process.memoryUsage();
console.log(JSON.stringify({ rows: rows.length, loadMs: Math.round(loadMs), heapUsedMb: Math.round(memory.heapUsed / 2 ** 20), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
`,
  );
  const bundle = join(work, 'load.mjs');
  await build({
    entryPoints: [entry],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
    // A commit's src/ laid out in a temporary folder resolves its packages from this checkout.
    nodePaths: [join(repo, 'node_modules')],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });

  const csv = join(work, 'rows.csv');
  const out = createWriteStream(csv);
  out.write('id,q,region\n');
  const targetBytes = args.mb * 1e6;
  let bytes = 0;
  let id = 0;
  while (bytes < targetBytes) {
    let chunk = '';
    for (let k = 0; k < 10_000; k++, id++)
      chunk += `${id},query-${id % 1000}-${((id * 2654435761) >>> 0).toString(16)},eu-west-${id % 3}\n`;
    bytes += chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  const fileMb = statSync(csv).size / 1e6;

  const child = spawnSync(process.execPath, ['--expose-gc', bundle, csv], { encoding: 'utf8', maxBuffer: 1024 * 1024 });
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  const figures =
    child.status === 0
      ? JSON.parse(line)
      : { failed: `exit ${child.status} ${child.signal ?? ''}`, stderr: child.stderr.slice(-400) };
  console.log(
    JSON.stringify({
      node: process.version,
      source: args.ref || 'working tree',
      fileMb: Math.round(fileMb * 10) / 10,
      ...figures,
      ...(figures.maxRssMb ? { rssPerFileMb: Math.round((figures.maxRssMb / fileMb) * 100) / 100 } : {}),
    }),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
