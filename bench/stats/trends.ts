// Trends: false change points on flat histories, recall and precision on steps, spikes, drifts and
// the delay before a new level is called. Run: npm run bench:stats -- trends [--n=1000] [--length=100]
//   [--noise=0.05] [--baseline=saved-baseline.json]   (wrap it in flock /tmp/heavy.lock on a shared machine)
import { readFileSync } from 'node:fs';
import { detectChanges, type DetectOptions } from '../../src/core/trends/detect.js';
import { analyzeTrends } from '../../src/core/trends/analyze.js';
import { parseBaseline, storedRuns } from '../../src/core/results/baseline.js';
import { defaultCompareConfig } from '../../src/core/config/compare.js';
import { defaultTrendsConfig } from '../../src/core/config/defaults.js';
import { renderTrendsText } from '../../src/core/report/trends.js';
import { createRng, type Rng } from '../../src/core/stats/prng.js';
import { argNumber } from './common.js';

const N = argNumber('n', 1000);
const LENGTH = argNumber('length', 100);
/** The A/A spread of a run's p50 between runs on the shared machine (bench/stats/README.md): 5.2%. */
const NOISE = argNumber('noise', 0.05);
const SPIKE_SHARE = 0.02;
const trends = defaultTrendsConfig();
const options = (seed: number): DetectOptions => ({
  minSegment: trends.minSegment,
  alpha: trends.alpha,
  minEffect: 0.05, // compare.minEffect.p50
  effect: 'relative',
  seed,
});

/** A p50-like series: lognormal run-to-run noise, AR(1) (φ 0.3) as a runner's load drifts, and
 * spikes of one run (×1.5–3) in SPIKE_SHARE of the runs. */
function series(rng: Rng, length: number, level: (i: number) => number): number[] {
  let ar = 0;
  return Array.from({ length }, (_, i) => {
    ar = 0.3 * ar + Math.sqrt(1 - 0.09) * rng.normal();
    const spike = rng.next() < SPIKE_SHARE ? 1.5 + 1.5 * rng.next() : 1;
    return 10 * level(i) * Math.exp(NOISE * ar) * spike;
  });
}

function percent(count: number, of: number): string {
  return `${count}/${of} (${((100 * count) / Math.max(1, of)).toFixed(1)}%)`;
}

const started = Date.now();
const lines: string[] = [
  `trends bench: ${N} series per row, ${LENGTH} runs, noise ${(NOISE * 100).toFixed(1)}% (AR(1) φ 0.3), spikes in ${SPIKE_SHARE * 100}% of runs; minSegment ${trends.minSegment}, alpha ${trends.alpha}, min effect 5%`,
];

// Flat: every change point is false.
{
  const rng = createRng(1);
  let points = 0;
  let withAny = 0;
  for (let s = 0; s < N; s++) {
    const found = detectChanges(
      series(rng, LENGTH, () => 1),
      options(s),
    ).changes.length;
    points += found;
    if (found > 0) withAny++;
  }
  lines.push(
    `flat: ${points} false change points in ${N} series (${((1000 * withAny) / N).toFixed(2)} series in 1,000 with one; ${((100 * points) / (N * LENGTH)).toFixed(4)} per 100 runs)`,
  );
}

// Spikes only, many of them: a spike of one run is never a change point.
{
  const rng = createRng(2);
  let points = 0;
  for (let s = 0; s < N; s++) {
    const values = series(rng, LENGTH, () => 1);
    for (let k = 0; k < 5; k++) values[5 + rng.int(LENGTH - 10)]! *= 2 + 2 * rng.next();
    points += detectChanges(values, options(s)).changes.length;
  }
  lines.push(`spikes: ${points} change points in ${N} series with 5 extra spikes (×2–4) each`);
}

// Steps at a random position with at least 2 × minSegment runs on each side: recall and precision at ±1.
for (const step of [0.03, 0.05, 0.1, 0.2, 0.4]) {
  const rng = createRng(Math.round(step * 1000));
  let found = 0;
  let reported = 0;
  let right = 0;
  for (let s = 0; s < N; s++) {
    const margin = 2 * trends.minSegment;
    const at = margin + rng.int(LENGTH - 2 * margin);
    const changes = detectChanges(
      series(rng, LENGTH, (i) => (i >= at ? 1 + step : 1)),
      options(s),
    ).changes;
    reported += changes.length;
    const hits = changes.filter((c) => Math.abs(c.index - at) <= 1).length;
    right += hits;
    if (hits > 0) found++;
  }
  lines.push(
    `step +${(step * 100).toFixed(0)}%: recall ${percent(found, N)}, precision ${percent(right, reported)} (±1 run)`,
  );
}

// A slow drift of +10% over the whole series, no step: how often it is cut into levels.
{
  const rng = createRng(3);
  let withAny = 0;
  for (let s = 0; s < N; s++)
    if (
      detectChanges(
        series(rng, LENGTH, (i) => 1 + (0.1 * i) / LENGTH),
        options(s),
      ).changes.length > 0
    )
      withAny++;
  lines.push(`drift +10% over ${LENGTH} runs: a change point in ${percent(withAny, N)} of series`);
}

// The delay: a +20% step k runs before the end.
{
  const row: string[] = [];
  for (const k of [3, 4, 5, 6, 8, 10]) {
    const rng = createRng(100 + k);
    let found = 0;
    const n = Math.min(N, 300);
    for (let s = 0; s < n; s++) {
      const at = LENGTH - k;
      const changes = detectChanges(
        series(rng, LENGTH, (i) => (i >= at ? 1.2 : 1)),
        options(s),
      ).changes;
      if (changes.some((c) => Math.abs(c.index - at) <= 1)) found++;
    }
    row.push(`${k} runs: ${((100 * found) / n).toFixed(0)}%`);
  }
  lines.push(`+20% step found after: ${row.join(', ')}`);
}

// A saved baseline (e.g. from the example service with a delay step): its analysis.
const baselinePath = process.argv.find((arg) => arg.startsWith('--baseline='))?.slice('--baseline='.length);
if (baselinePath) {
  const parsed = parseBaseline(readFileSync(baselinePath, 'utf8'));
  if (!('baseline' in parsed)) throw new Error(`${baselinePath}: ${parsed.status.kind}`);
  const analysis = analyzeTrends(storedRuns(parsed.baseline), {
    compare: defaultCompareConfig(),
    trends,
  });
  lines.push('', renderTrendsText(analysis));
}

lines.push(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
console.log(lines.join('\n'));
