// Renders PR comments as GitHub shows them (GFM and mermaid) in a real headless Chromium, in
// GitHub's light and dark colours, and saves a screenshot of each. It fails when a mermaid block
// does not parse, since GitHub then shows an error box in its place.
//
//   node scripts/render-comment.mjs [comment.md …] [--out DIR]
//
// Without files it renders sample comments made from the report tests' fixtures (a failing run,
// an inconclusive one, an all-error scenario, a 60-scenario comment shortened to the limit).
// Needs Debian's chromium (apt-get install -y chromium) or CHROMIUM=/path/to/chrome; not part of
// `npm test`, which parses every mermaid block in Node instead (test/core/report/mermaid.test.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { chromium, headlessFlags } from './chromium.mjs';
import { marked } from 'marked';

const repoRoot = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const outFlag = args.indexOf('--out');
const outDir = resolve(outFlag === -1 ? join(repoRoot, 'bench/out/render') : args[outFlag + 1]);
const inputs = args.filter((arg, i) => arg !== '--out' && (outFlag === -1 || i !== outFlag + 1));

if (!chromium) {
  console.error(
    'render-comment: no Chromium found; install it (apt-get install -y chromium) or set CHROMIUM=/path/to/chrome',
  );
  process.exit(2);
}

/** The sample comments, rendered from the TypeScript sources through a throwaway bundle. */
async function sampleComments() {
  const work = mkdtempSync(join(tmpdir(), 'perfgate-render-'));
  const entry = `
    import { renderMarkdown } from './src/core/report/markdown.ts';
    import * as f from './test/core/report/fixtures.ts';
    const now = new Date('2025-11-30T12:05:00.000Z');
    const runUrl = 'https://github.com/acme/orders/actions/runs/123';
    const heavy = f.makeLargeComparison(60);
    const note = (i) => 'p99: the history shifts level ' + (i % 5) + ' runs back; only the newest runs are used. '.repeat(12);
    heavy.scenarios = heavy.scenarios.map((s, i) => ({ ...s, notes: [note(i)] }));
    export const comments = {
      failing: renderMarkdown(f.makeFailingComparison(), { now, runUrl }),
      inconclusive: renderMarkdown(f.makeInconclusiveComparison(), { now, runUrl }),
      'all-errors': renderMarkdown(f.makeAllErrorComparison(), { now, runUrl }),
      'sixty-scenarios': renderMarkdown(heavy, { now, runUrl, maxChars: 65_536 }),
    };`;
  const outfile = join(work, 'samples.mjs');
  await build({
    stdin: { contents: entry, resolveDir: repoRoot, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'warning',
  });
  const { comments } = await import(pathToFileURL(outfile).href);
  rmSync(work, { recursive: true, force: true });
  return comments;
}

const THEMES = {
  light: { background: '#ffffff', text: '#1f2328', border: '#d1d9e0', muted: '#59636e', mermaid: 'default' },
  dark: { background: '#0d1117', text: '#f0f6fc', border: '#3d444d', muted: '#9198a1', mermaid: 'dark' },
};

function pageHtml(markdown, theme) {
  const t = THEMES[theme];
  const renderer = new marked.Renderer();
  const defaultCode = renderer.code.bind(renderer);
  renderer.code = (token) =>
    token.lang === 'mermaid' ? `<pre class="mermaid">${token.text.replace(/</g, '&lt;')}</pre>` : defaultCode(token);
  const body = marked.parse(markdown, { gfm: true, renderer });
  const mermaidJs = pathToFileURL(join(repoRoot, 'node_modules/mermaid/dist/mermaid.min.js')).href;
  return `<!doctype html><html><head><meta charset="utf-8"><title>pending</title>
<style>
  body { background: ${t.background}; color: ${t.text}; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; max-width: 900px; margin: 16px auto; padding: 0 16px; }
  table { border-collapse: collapse; margin: 8px 0; } th, td { border: 1px solid ${t.border}; padding: 4px 10px; }
  code { background: ${theme === 'dark' ? '#262c36' : '#eff1f3'}; padding: 1px 4px; border-radius: 4px; }
  blockquote { color: ${t.muted}; border-left: 4px solid ${t.border}; margin: 0; padding: 0 12px; }
  sub { color: ${t.muted}; } details { margin: 8px 0; } h2 { border-bottom: 1px solid ${t.border}; }
  pre.mermaid { background: transparent; } a { color: ${theme === 'dark' ? '#4493f8' : '#0969da'}; }
</style>
<script src="${mermaidJs}"></script></head><body>${body}
<script>
  // Open every <details>, as a reviewer would, so the charts inside are drawn and checked.
  for (const d of document.querySelectorAll('details')) d.open = true;
  mermaid.initialize({ startOnLoad: false, theme: '${t.mermaid}', securityLevel: 'strict' });
  (async () => {
    const errors = [];
    for (const [i, el] of [...document.querySelectorAll('pre.mermaid')].entries()) {
      try { await mermaid.parse(el.textContent); } catch (e) { errors.push('block ' + (i + 1) + ': ' + String(e.message || e).split('\\n').slice(0, 3).join(' ')); }
    }
    try { await mermaid.run({ querySelector: 'pre.mermaid' }); } catch (e) { errors.push('run: ' + String(e.message || e)); }
    const blocks = document.querySelectorAll('pre.mermaid').length;
    const svgs = document.querySelectorAll('pre.mermaid svg').length;
    document.title = errors.length === 0 && svgs === blocks ? 'ok ' + blocks : 'errors: ' + (errors.join(' | ') || (svgs + ' of ' + blocks + ' drawn'));
  })();
</script></body></html>`;
}

function chrome(extra, file) {
  const profile = mkdtempSync(join(tmpdir(), 'perfgate-chromium-'));
  const run = spawnSync(
    chromium,
    [
      ...headlessFlags(profile),
      '--disable-quic',
      '--allow-file-access-from-files',
      '--virtual-time-budget=15000',
      ...extra,
      pathToFileURL(file).href,
    ],
    { encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
  );
  rmSync(profile, { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`chromium exited ${run.status}: ${run.stderr.slice(-500)}`);
  return run.stdout;
}

const comments =
  inputs.length > 0
    ? Object.fromEntries(inputs.map((file) => [basename(file, '.md'), readFileSync(file, 'utf8')]))
    : await sampleComments();
mkdirSync(outDir, { recursive: true });
let failed = false;
for (const [name, markdown] of Object.entries(comments)) {
  for (const theme of Object.keys(THEMES)) {
    const html = join(outDir, `${name}-${theme}.html`);
    writeFileSync(html, pageHtml(markdown, theme));
    const dom = chrome(['--dump-dom'], html);
    const title = /<title>([^<]*)<\/title>/.exec(dom)?.[1] ?? 'no title';
    const png = join(outDir, `${name}-${theme}.png`);
    chrome([`--screenshot=${png}`, '--window-size=1000,3000', '--hide-scrollbars'], html);
    const ok = title.startsWith('ok');
    failed ||= !ok;
    console.log(
      `${ok ? '✓' : '✗'} ${name} (${theme}): ${markdown.length.toLocaleString('en-US')} characters, mermaid ${title}; ${png}`,
    );
  }
}
process.exitCode = failed ? 1 : 0;
