// Shared by bench/ab/stats.ts and bench/ab/calibration.ts (ksUniform), and by the diagnostics that
// judge saved real runs again, bench/ab/one-look.ts and bench/ab/min-effect.ts (savedAbRuns, judgeAb).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfig } from '../../src/core/config/index.js';
import { judgeRun } from '../../src/core/gate.js';
import type { Comparison } from '../../src/core/types/comparison.js';
import type { CompareConfig, Config } from '../../src/core/types/config.js';
import type { Results } from '../../src/core/types/results.js';

/** Kolmogorov–Smirnov distance of values from Uniform(0, 1). */
export function ksUniform(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  let d = 0;
  s.forEach((v, i) => {
    d = Math.max(d, (i + 1) / s.length - v, v - i / s.length);
  });
  return d;
}

/** One saved A/B run of python-e2e.mjs: its cell (aa, slow), its app (the Flask one runs gunicorn),
 * where it came from, its results and the config it ran with. */
export interface SavedAbRun {
  cell: 'aa' | 'slow';
  app: 'flask' | 'stdlib';
  label: string;
  results: Results;
  config: Config;
}

/** The A/B runs (cells aa and slow) of every bench/ab/python-e2e.mjs batch under `roots`. */
export function* savedAbRuns(roots: string[]): Generator<SavedAbRun> {
  for (const root of roots)
    for (const jsonl of readdirSync(root).filter((f) => /^py-e2e-.*\.jsonl$/.test(f))) {
      for (const line of readFileSync(join(root, jsonl), 'utf8').split('\n').filter(Boolean)) {
        const d = JSON.parse(line) as { cell?: string; resultsPath?: string };
        if (d.cell !== 'aa' && d.cell !== 'slow') continue;
        const index =
          String(d.resultsPath ?? '')
            .split('/')
            .slice(-2, -1)[0] ?? '';
        const run = join(root, jsonl.replace(/\.jsonl$/, ''), index);
        const configPath = join(run, 'head', 'perfgate.yml');
        if (!existsSync(join(run, 'results.json')) || !existsSync(configPath)) continue;
        const configText = readFileSync(configPath, 'utf8');
        yield {
          cell: d.cell,
          app: configText.includes('gunicorn') ? 'flask' : 'stdlib',
          label: `${jsonl}#${index}`,
          results: JSON.parse(readFileSync(join(run, 'results.json'), 'utf8')) as Results,
          config: parseConfig(configText, 'perfgate.yml'),
        };
      }
    }
}

/** An A/B results file judged as the gate judges it, with these compare rules and no thresholds. */
export function judgeAb(current: Results, compare: CompareConfig): Comparison {
  return judgeRun({ current, config: { thresholds: {}, compare }, baseline: { kind: 'missing', detail: 'A/B' } })
    .comparison;
}
