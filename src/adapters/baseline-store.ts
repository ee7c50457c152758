// The one interface every baseline store implements: the gate reads the newest baseline for this
// config and, on the default branch, saves the run as the next one. Parsing and validation of the
// text belong to src/core; a store only moves bytes, so a corrupt file is the caller's to report.

export interface LoadedBaseline {
  /** The baseline file's text, as saved. */
  text: string;
  /** Where it came from, for the report and the log: a file path or a cache key. */
  source: string;
}

export interface SaveMeta {
  /** The CI run that produced the baseline (GITHUB_RUN_ID, or any id for local runs). */
  runId: string;
  /** The run's attempt (GITHUB_RUN_ATTEMPT), so a re-run never collides with the first try. */
  attempt: string;
}

export interface BaselineStore {
  /** Says where baselines live, for log lines such as "no baseline yet in <description>". */
  readonly description: string;
  /** The newest baseline for this config, or undefined when there is none yet; throws when the store cannot be read. */
  load(): Promise<LoadedBaseline | undefined>;
  /** Stores `text` as the newest baseline; throws with the reason when it cannot. */
  save(text: string, meta: SaveMeta): Promise<void>;
  /**
   * Where the store can: reads the newest baseline and saves what `build` makes of it as one step
   * that no other writer of this store interleaves with (a lock), so two gates saving at once both
   * land in the history. A store without it (the cache, whose keys are immutable) is read and
   * saved apart.
   */
  update?(build: (newest: LoadedBaseline | undefined) => string, meta: SaveMeta): Promise<void>;
}

/** The key and file-name prefix shared by both stores: `perfgate-v1-<configHash>-`. */
export function baselinePrefix(configHash: string, keyPrefix = 'perfgate-v1'): string {
  return `${keyPrefix}-${configHash}-`;
}

const safeNamePart = /^[A-Za-z0-9_.-]+$/;

/** Refuses characters that would break a file name or a cache key (commas, slashes, spaces). */
export function checkNamePart(label: string, value: string): string {
  if (!safeNamePart.test(value) || value.length > 200) {
    throw new Error(
      `baseline ${label} '${value}' cannot be used in a file name or cache key: use letters, digits, '.', '_' or '-' (at most 200)`,
    );
  }
  return value;
}
