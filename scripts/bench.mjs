// `npm run bench:<topic> -- <script> [args…]` runs bench/<topic>/<script>: an .mjs as it is, a .ts
// bundled first by esbuild into bench/out/ (the statistics benches import the TypeScript source).
// Without a script it lists the topic's scripts with the usage line each one opens with.
// Benchmarks are not tests: wrap a run in `flock /tmp/heavy.lock …` on a shared machine.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const [topic, script, ...args] = process.argv.slice(2);
const topics = readdirSync(join(repo, 'bench'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'out')
  .map((entry) => entry.name);

if (!topic || !topics.includes(topic)) {
  console.error(`usage: npm run bench:<topic> -- <script> [args…]; topics: ${topics.join(', ')}`);
  process.exit(2);
}
const folder = join(repo, 'bench', topic);
const runnable = readdirSync(folder).filter((name) => /\.(mjs|ts)$/.test(name) && !/^(common|harness)\./.test(name));

if (!script) {
  console.log(`bench/${topic}/ (details in bench/${topic}/README.md):`);
  for (const name of runnable)
    console.log(`  ${name.replace(/\.(mjs|ts)$/, '').padEnd(14)} ${usageOf(join(folder, name))}`);
  process.exit(0);
}
const file = [`${script}.mjs`, `${script}.ts`, script]
  .map((name) => join(folder, name))
  .find((path) => existsSync(path));
if (!file) {
  console.error(`bench/${topic}/ has no script "${script}"; it has: ${runnable.join(', ')}`);
  process.exit(2);
}
let entry = file;
if (file.endsWith('.ts')) {
  mkdirSync(join(repo, 'bench/out'), { recursive: true });
  entry = join(repo, 'bench/out', `${topic}-${script}.mjs`);
  await build({
    entryPoints: [file],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
}
const run = spawnSync(process.execPath, [entry, ...args], { stdio: 'inherit', cwd: repo });
process.exitCode = run.status ?? 1;

/** The first comment line that shows how to run the script, or its first comment line. */
function usageOf(path) {
  const comments = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('//'))
    .map((line) => line.replace(/^\/\/\s*/, ''));
  return (comments.find((line) => /^(node|flock|npx)\b/.test(line)) ?? comments[0] ?? '').slice(0, 120);
}
