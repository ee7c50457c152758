// Whether a run becomes the new baseline. A run that failed the gate is never saved unless the
// user asks for it: a false FAIL saved as the baseline would be inherited by every later
// comparison, and a real regression saved silently would be accepted without anyone deciding to.
import { ConfigError } from './errors.js';
import type { Comparison } from './types/comparison.js';

/** `pass`: save only a run that passed the gate; `always`: save it whatever its verdict. */
export type SaveMode = 'pass' | 'always';

export type SaveDecision = { save: true; note?: string } | { save: false; reason: string };

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * `optIn` names the switch that saves a failed run (`--save always`, `save-baseline: always`).
 * `run` says which scenarios' load generator fell behind, and whether a stored baseline's kept up in
 * every scenario: a run that fell behind has latencies that carry the generator's delay, and a
 * baseline made of them made a later 2.8× slower run look like noise beside its 168 ms bursts. It
 * replaces a stored baseline that kept up only when asked; with none stored, or one that fell
 * behind too, it is saved, with a note, as no worse a reference.
 */
export function decideSave(
  comparison: Pick<Comparison, 'verdict' | 'regressions' | 'breaches'>,
  mode: SaveMode,
  optIn: string,
  run: { saturated: string[]; storedKeptUp: boolean } = { saturated: [], storedKeptUp: false },
): SaveDecision {
  if (comparison.verdict !== 'fail') {
    if (run.saturated.length === 0) return { save: true };
    const where = `the load generator fell behind in ${run.saturated.join(', ')}, so its latencies carry the generator's delay`;
    if (mode === 'always') return { save: true, note: `saved although ${where}, as ${optIn} asks` };
    if (!run.storedKeptUp)
      return {
        save: true,
        note: `${where}; no stored baseline kept up either, so it is one until a run that kept up replaces it`,
      };
    return {
      save: false,
      reason: `${where}: it was not saved as the baseline and the stored one, whose generator kept up, stays the reference; a quieter runner or a lower rate measures the service (or save it anyway with ${optIn})`,
    };
  }
  const why = [
    comparison.regressions.length > 0 ? plural(comparison.regressions.length, 'regression') : undefined,
    comparison.breaches.length > 0 ? plural(comparison.breaches.length, 'breached threshold') : undefined,
  ]
    .filter((part): part is string => part !== undefined)
    .join(', ');
  if (mode === 'always') return { save: true, note: `saved although it failed the gate (${why}), as ${optIn} asks` };
  return {
    save: false,
    reason:
      `this run failed the gate (${why}), so it was not saved as the baseline and the stored one stays the reference; ` +
      `if the change is intended, accept it with ${optIn}`,
  };
}

/** `--save` / `--save pass` / `--save always`, and the action's `save-baseline: always`. */
export function parseSaveMode(value: string, input: string): SaveMode {
  const normalized = value.trim().toLowerCase();
  if (normalized === 'pass' || normalized === 'always') return normalized;
  throw new ConfigError(
    `${input}: "${value}" is not a save mode; use "pass" (save a run that passed the gate) or "always" (save it even when it failed)`,
  );
}
