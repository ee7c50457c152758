// The README's picture of a PR comment (docs/img/pr-comment.png), made from a comment's markdown:
//
//   node scripts/docs-image.mjs comment.md [--out docs/img/pr-comment.png] [--size 1000,1300]
//
// scripts/render-comment.mjs renders the markdown as GitHub does (GFM and mermaid, light colours)
// and checks every mermaid block; this script then folds the <details> again, as a reviewer first
// sees them, and screenshots the top of the page (--size: the window, in CSS pixels) with headless
// Chromium (apt-get install -y chromium fonts-noto-color-emoji). The markdown of a real run:
//
//   node dist/cli.js compare --baseline first.json --current results.json \
//     -c examples/orders/perfgate.yml --format markdown > comment.md
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, headlessFlags } from './chromium.mjs';

const repoRoot = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const input = args.find((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
const out = resolve(flag('--out', join(repoRoot, 'docs/img/pr-comment.png')));
const size = flag('--size', '1000,1300');
if (!input || !/^\d+,\d+$/.test(size)) {
  console.error('usage: node scripts/docs-image.mjs comment.md [--out docs/img/pr-comment.png] [--size 1000,1300]');
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'perfgate-docs-image-'));
try {
  const rendered = spawnSync(process.execPath, [join(repoRoot, 'scripts/render-comment.mjs'), input, '--out', work], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.stdout.write(rendered.stdout);
  if (rendered.status !== 0) throw new Error(`render-comment.mjs exited ${rendered.status}`);

  const page = join(work, `${basename(input, '.md')}-light.html`);
  const opener = "for (const d of document.querySelectorAll('details')) d.open = true;";
  const html = readFileSync(page, 'utf8');
  if (!html.includes(opener))
    throw new Error('render-comment.mjs no longer opens the <details> as expected; update this script');
  const folded = join(work, 'folded.html');
  writeFileSync(folded, html.replace(opener, ''));

  const profile = mkdtempSync(join(tmpdir(), 'perfgate-chromium-'));
  const shot = spawnSync(
    chromium,
    [
      ...headlessFlags(profile),
      '--allow-file-access-from-files',
      '--virtual-time-budget=15000',
      '--hide-scrollbars',
      `--window-size=${size}`,
      `--screenshot=${out}`,
      pathToFileURL(folded).href,
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  rmSync(profile, { recursive: true, force: true });
  if (shot.status !== 0) throw new Error(`chromium exited ${shot.status}: ${shot.stderr.slice(-500)}`);
  console.log(`docs-image: ${out} (${size} px window, from ${input})`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
