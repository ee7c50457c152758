// Reading and writing baselines through a store, shared by `perfgate gate` and the action.
// A store that fails is never fatal: the run is then judged on thresholds alone.
import type { BaselineLookup } from '../core/gate.js';
import type { Baseline, Config, Results } from '../core/types.js';
import type { BaselineStore } from '../adapters/baseline-store.js';
import { createBaseline } from '../core/baseline.js';

export async function lookupBaseline(store: BaselineStore): Promise<BaselineLookup> {
  try {
    const found = await store.load();
    if (!found) return { kind: 'missing', detail: `nothing saved yet in ${store.description}` };
    return { kind: 'found', text: found.text, source: found.source };
  } catch (error) {
    return { kind: 'unreadable', detail: `${store.description} could not be read (${(error as Error).message})` };
  }
}

export async function saveBaseline(
  store: BaselineStore,
  input: { results: Results; previous?: Baseline; config: Config; commit?: string; runId: string; attempt: string; now: Date },
): Promise<void> {
  const baseline = createBaseline(input.results, input.previous, {
    commit: input.commit,
    savedAt: input.now.toISOString(),
    historyLength: input.config.compare.historyLength,
  });
  await store.save(`${JSON.stringify(baseline)}\n`, { runId: input.runId, attempt: input.attempt });
}
