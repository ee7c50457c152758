// compare.extend plans per result, but a flow runs as one: its steps are judged and reported as
// scenarios of their own (<scenario>/<step>), yet only the flow can be run on. A step that asks for
// more data (its p50 undecided, its MDE above compare.detect) asks its flow, and what the flow then
// measures is appended to the flow and to every one of its steps, so that they all stand at the
// same look. Without this a flow's steps, the endpoints a user names, never ran past the planned
// window while the flow's own iteration did.
import type { Results } from '../types/results.js';
import type { ExtensionStep } from './sequential.js';

/** One extension of one configured scenario. */
export interface ExtensionRun {
  /** The scenario to run on: the config's name (a flow, not one of its steps). */
  scenario: string;
  /** Measured time it adds: the most any of its asks needs. */
  addMs: number;
  /** The plan's steps it serves: the scenario's own, its flow steps'. What it measures is
   * appended to every result it returns (a flow's and all its steps'), asked for or not. */
  asks: ExtensionStep[];
}

/** The plan's steps as runs of the config's scenarios, in the order of their first ask. */
export function extensionRuns(steps: readonly ExtensionStep[], current: Pick<Results, 'scenarios'>): ExtensionRun[] {
  const runs = new Map<string, ExtensionRun>();
  for (const step of steps) {
    const result = current.scenarios.find((scenario) => scenario.name === step.scenario);
    const scenario = result?.flow?.scenario ?? step.scenario;
    const known = runs.get(scenario);
    if (known) {
      known.addMs = Math.max(known.addMs, step.addMs);
      known.asks.push(step);
      continue;
    }
    runs.set(scenario, { scenario, addMs: step.addMs, asks: [step] });
  }
  return [...runs.values()];
}

/** The metrics that asked for a run on behalf of one of its results (none: it takes the data along). */
export function undecidedOf(run: ExtensionRun, result: string): string[] {
  return run.asks.find((step) => step.scenario === result)?.undecided ?? [];
}
