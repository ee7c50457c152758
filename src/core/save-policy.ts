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

/** `optIn` names the switch that saves a failed run (`--save always`, `save-baseline: always`). */
export function decideSave(
  comparison: Pick<Comparison, 'verdict' | 'regressions' | 'breaches'>,
  mode: SaveMode,
  optIn: string,
): SaveDecision {
  if (comparison.verdict !== 'fail') return { save: true };
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
