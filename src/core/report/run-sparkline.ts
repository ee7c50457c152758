// A scenario's p95 over its last stored runs and this run, as one line of block characters under
// its table in the PR comment: whether this run's figure is a new level or the usual, seen at a
// glance without unfolding the history chart. Only where stored runs exist (a baseline's trends).
import type { Comparison } from '../types/comparison.js';
import type { HistoryEntry } from '../types/results.js';
import { formatMs, pluralize } from './format.js';

const LEVELS = '▁▂▃▄▅▆▇█';

/** At least this many stored runs of a scenario before its line means anything. */
const MIN_RUNS = 2;

/**
 * Scaled from the lowest value to the highest, but over at least MIN_SPAN of the lowest: scaled
 * to their own spread, a series that moved 2% would look like one that doubled, and a reviewer
 * reads the height as the size of a change.
 */
const MIN_SPAN = 0.1;

export function runsSparkline(values: readonly number[]): string {
  if (values.length === 0) return '';
  const low = Math.min(...values);
  const high = Math.max(...values, low + Math.abs(low) * MIN_SPAN);
  const span = high - low;
  return values
    .map((value) =>
      span > 0 ? LEVELS[Math.min(LEVELS.length - 1, Math.floor(((value - low) / span) * LEVELS.length))] : LEVELS[0],
    )
    .join('');
}

/**
 * Per scenario with MIN_RUNS stored runs or more: "p95, 8 stored runs and this one: `▁▁▂▁▁▇▇█`
 * 4.12 → 9.80 ms" (the oldest shown, then this run). `runs` are newest first, as a baseline keeps
 * them; a scenario without a p95 (no OK request) this run gets none.
 */
export function renderRunSparklines(
  comparison: Pick<Comparison, 'scenarios'>,
  runs: readonly HistoryEntry[],
  options: { maxRuns?: number } = {},
): Map<string, string> {
  const maxRuns = options.maxRuns ?? 15;
  const lines = new Map<string, string>();
  for (const scenario of comparison.scenarios) {
    if (scenario.current.requests.ok === 0) continue;
    const stored = runs
      .map((run) => run.scenarios[scenario.name]?.p95)
      .filter((p95): p95 is number => typeof p95 === 'number' && Number.isFinite(p95))
      .slice(0, maxRuns)
      .reverse();
    if (stored.length < MIN_RUNS) continue;
    const now = scenario.current.latencyMs.p95;
    const values = [...stored, now];
    lines.set(
      scenario.name,
      `p95, ${pluralize(stored.length, 'stored run')} and this one: \`${runsSparkline(values)}\` ${formatMs(stored[0]!)} → ${formatMs(now)}`,
    );
  }
  return lines;
}
