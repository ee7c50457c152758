// npm run bench:trends -- screenshot [--html page.html] [--out docs/img/trends.png] [--size 1300,1000] [--scenarios 3 --runs 40]
//
// The trends page in a real browser: headless Chromium (apt-get install -y chromium) loads it from
// a file with the network off, its DOM after rendering is read back (--dump-dom) and a screenshot
// taken, and the PNG is decoded here (a small reader: zlib and the five row filters) to check that
// the charts were drawn: not one colour, the line's blue and the change point's red present.
// Without --html it renders a history of its own: three scenarios over 40 nightly runs, one of
// them 30% slower from run 26 (that run failed its gate), through analyzeTrends and
// renderTrendsHtml, as `perfgate trends --format html` does; --scenarios and --runs make it
// larger (more scenarios are flat copies), to measure the page's size and the browser's time. Exits 1 when a check fails. Not a
// test: CI has no Chromium, and a browser's start-up on a shared machine is no test's business.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inflateSync } from 'node:zlib';
import { analyzeTrends } from '../../src/core/trends/analyze.js';
import { defaultCompareConfig } from '../../src/core/config/compare.js';
import { renderTrendsHtml } from '../../src/core/report/trends-html.js';
import { createRng } from '../../src/core/stats/prng.js';
import type { HistoryEntry } from '../../src/core/types/results.js';
import { chromium, headlessFlags } from '../../scripts/chromium.mjs';

const args = process.argv.slice(2);
const flag = (name: string, fallback?: string): string | undefined =>
  args.includes(name) ? args[args.indexOf(name) + 1] : fallback;
const out = resolve(flag('--out', 'bench/out/trends.png')!);
const size = flag('--size', '1300,1000')!;
if (!/^\d+,\d+$/.test(size)) {
  console.error('--size: give the window as WIDTH,HEIGHT in CSS pixels, like 1300,1000');
  process.exit(2);
}
if (!chromium) {
  console.error('no Chromium: apt-get install -y chromium, or set CHROMIUM to its path');
  process.exit(2);
}

/** Nightly runs of three scenarios (or more); `orders/list` is 30% slower from run 26, which failed its gate. */
function demoPage(scenarioCount: number, runCount: number): string {
  const rng = createRng(38);
  const levels: Record<string, number> = { 'orders/fetchByKey': 4.2, 'orders/list': 11, 'orders/search?q=<b>': 7.5 };
  for (let k = 3; k < scenarioCount; k++) levels[`orders/endpoint-${String(k).padStart(3, '0')}`] = 3 + (k % 7);
  const runs: HistoryEntry[] = Array.from({ length: runCount }, (_, i) => {
    const scenarios: HistoryEntry['scenarios'] = {};
    for (const [name, base] of Object.entries(levels)) {
      const level = name === 'orders/list' && i >= runCount - 15 ? base * 1.3 : base;
      const noise = () => 1 + 0.025 * rng.normal();
      scenarios[name] = {
        p50: level * noise(),
        p90: level * 1.4 * noise(),
        p95: level * 1.7 * noise(),
        p99: level * 2.6 * noise(),
        rps: (1000 / level) * 8 * noise(),
        errorRate: rng.next() < 0.1 ? 0.001 : 0,
        count: 20_000,
      };
    }
    const commit = (i * 2654435761 + 0x9e3779b9).toString(16).padStart(8, '0').repeat(5).slice(0, 40);
    return {
      date: new Date(Date.UTC(2026, 9, 1 + i, 3, 17)).toISOString(),
      commit,
      runUrl: `https://github.com/acme/shop/actions/runs/${9_000_000 + i}`,
      environmentFingerprint: 'ubuntu-24.04/4 cores',
      ...(i === runCount - 15 ? { verdict: 'fail' as const } : { verdict: 'pass' as const }),
      scenarios,
    };
  });
  const compare = defaultCompareConfig();
  return renderTrendsHtml(analyzeTrends(runs, { compare }), {
    metrics: compare.metrics,
    repositoryUrl: 'https://github.com/acme/shop',
    title: 'acme/shop',
  });
}

interface Png {
  width: number;
  height: number;
  /** RGBA, row by row. */
  pixels: Uint8Array;
}

/** 8-bit RGB or RGBA, not interlaced: what Chromium writes. */
function decodePng(data: Buffer): Png {
  if (data.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || (colour !== 2 && colour !== 6) || interlace !== 0)
        throw new Error(`PNG of depth ${depth}, colour type ${colour}, interlace ${interlace}: not read here`);
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? rows[y * stride + x - channels]! : 0;
      const b = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? rows[(y - 1) * stride + x - channels]! : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter];
      if (predictor === undefined) throw new Error(`PNG row filter ${filter}`);
      rows[y * stride + x] = (line[x]! + predictor) & 0xff;
    }
  }
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    for (let k = 0; k < 3; k++) pixels[i * 4 + k] = rows[i * channels + k]!;
    pixels[i * 4 + 3] = channels === 4 ? rows[i * channels + 3]! : 255;
  }
  return { width, height, pixels };
}

/** Pixels within `tolerance` of an RGB colour on every channel. */
function countNear(png: Png, rgb: [number, number, number], tolerance = 40): number {
  let n = 0;
  for (let i = 0; i < png.pixels.length; i += 4)
    if (rgb.every((v, k) => Math.abs(png.pixels[i + k]! - v) <= tolerance)) n++;
  return n;
}

const work = mkdtempSync(join(tmpdir(), 'perfgate-trends-shot-'));
const failures: string[] = [];
try {
  const given = flag('--html');
  const page = given ? resolve(given) : join(work, 'trends.html');
  if (!given) writeFileSync(page, demoPage(Number(flag('--scenarios', '3')), Number(flag('--runs', '40'))));
  const html = readFileSync(page, 'utf8');
  const charts = (html.match(/<figure class="series"/g) ?? []).length;
  const markers = (html.match(/<g class="change-point/g) ?? []).length;
  const profile = join(work, 'profile');
  const common = [...headlessFlags(profile), '--hide-scrollbars', `--window-size=${size}`];
  const started = Date.now();
  const dom = spawnSync(chromium, [...common, '--dump-dom', pathToFileURL(page).href], {
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (dom.status !== 0) throw new Error(`chromium --dump-dom exited ${dom.status}: ${dom.stderr.slice(-500)}`);
  const svgs = (dom.stdout.match(/<svg /g) ?? []).length;
  const renderedMarkers = (dom.stdout.match(/<g class="change-point/g) ?? []).length;
  if (svgs !== charts) failures.push(`the browser's DOM has ${svgs} <svg> for ${charts} charts`);
  if (renderedMarkers !== markers)
    failures.push(`the browser's DOM has ${renderedMarkers} change points for ${markers}`);
  // The demo's scenario "orders/search?q=<b>" must stay text in the browser, not become an element.
  if (!given && (/<b>/.test(dom.stdout) || !dom.stdout.includes('orders/search?q=&lt;b&gt;')))
    failures.push('the scenario name "orders/search?q=<b>" was not escaped');
  const shot = spawnSync(chromium, [...common, `--screenshot=${out}`, pathToFileURL(page).href], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (shot.status !== 0 || !existsSync(out))
    throw new Error(`chromium --screenshot exited ${shot.status}: ${shot.stderr.slice(-500)}`);
  // The same page without its change-point markers: the red they add is the marker drawn (a
  // failed run's hollow point is red too, so red alone proves nothing).
  const bare = join(work, 'bare.html');
  writeFileSync(bare, html.replace(/<g class="change-point[^]*?<\/g>/g, ''));
  const bareShot = join(work, 'bare.png');
  spawnSync(chromium, [...common, `--screenshot=${bareShot}`, pathToFileURL(bare).href], { timeout: 120_000 });
  const seconds = (Date.now() - started) / 1000;
  const png = decodePng(readFileSync(out));
  const [width, height] = size.split(',').map(Number) as [number, number];
  const colours = new Set<number>();
  for (let i = 0; i < png.pixels.length; i += 4)
    colours.add((png.pixels[i]! << 16) | (png.pixels[i + 1]! << 8) | png.pixels[i + 2]!);
  const background = countNear(png, [255, 255, 255], 6);
  const blue = countNear(png, [0x09, 0x69, 0xda]); // the line and its points (light theme)
  const red = countNear(png, [0xcf, 0x22, 0x2e]); // a regression's change point, and failed runs
  const markerRed = red - countNear(decodePng(readFileSync(bareShot)), [0xcf, 0x22, 0x2e]);
  const total = png.width * png.height;
  console.log(
    `page: ${(html.length / 1024).toFixed(0)} kB, ${charts} charts, ${markers} change-point markers; ` +
      `browser DOM: ${svgs} <svg>, ${renderedMarkers} markers; chromium ${seconds.toFixed(1)} s for three loads`,
  );
  console.log(
    `screenshot ${out}: ${png.width}×${png.height}, ${colours.size} colours, background ${((100 * background) / total).toFixed(1)}%, ` +
      `line blue ${blue} px, red ${red} px of which the change-point markers ${markerRed} px`,
  );
  if (png.width !== width || png.height !== height)
    failures.push(`the screenshot is ${png.width}×${png.height}, not ${size}`);
  if (colours.size < 16) failures.push(`${colours.size} colours: nothing was drawn`);
  if (background / total > 0.97) failures.push('the page is almost all background');
  if (blue < 200) failures.push(`${blue} px of the line's blue: the lines were not drawn`);
  if (markers > 0 && markerRed < 30)
    failures.push(`the markers add ${markerRed} px of red: no change point is visible in the window`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`FAIL: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('ok');
