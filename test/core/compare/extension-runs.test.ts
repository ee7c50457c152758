// compare.extend plans per result; a flow's steps ask their flow, which runs on once for all of them.
import { describe, expect, it } from 'vitest';
import { extensionRuns, undecidedOf } from '../../../src/core/compare/extension-runs.js';
import type { ScenarioResult } from '../../../src/core/types/results.js';

const result = (name: string, flow?: string): Pick<ScenarioResult, 'name' | 'flow'> =>
  flow ? { name, flow: { scenario: flow, step: name.slice(flow.length + 1) } } : { name };
const current = {
  scenarios: [
    result('shop/order'),
    result('shop/order/create', 'shop/order'),
    result('shop/order/fetch', 'shop/order'),
    result('health'),
  ] as ScenarioResult[],
};

describe('extensionRuns', () => {
  it("runs a flow on for its steps' asks alone, and appends to the flow and every step", () => {
    const runs = extensionRuns(
      [
        { scenario: 'shop/order/fetch', addMs: 15_000, undecided: ['p50'], detect: ['p50'] },
        { scenario: 'shop/order/create', addMs: 22_500, undecided: ['p90'] },
      ],
      current,
    );
    expect(runs).toHaveLength(1);
    const [run] = runs;
    expect(run!.scenario).toBe('shop/order');
    expect(run!.addMs).toBe(22_500);
    expect(run!.results).toEqual(['shop/order', 'shop/order/create', 'shop/order/fetch']);
    expect(undecidedOf(run!, 'shop/order/fetch')).toEqual(['p50']);
    expect(undecidedOf(run!, 'shop/order/create')).toEqual(['p90']);
    // The flow's own iteration asked for nothing: it takes its steps' data along.
    expect(undecidedOf(run!, 'shop/order')).toEqual([]);
  });

  it('keeps a plain scenario its own run, beside a flow asked by both itself and a step', () => {
    const runs = extensionRuns(
      [
        { scenario: 'health', addMs: 5_000, undecided: ['p95'] },
        { scenario: 'shop/order', addMs: 5_000, undecided: ['rps'] },
        { scenario: 'shop/order/fetch', addMs: 10_000, undecided: ['p50'] },
      ],
      current,
    );
    expect(runs.map((run) => [run.scenario, run.addMs, run.asks.length])).toEqual([
      ['health', 5_000, 1],
      ['shop/order', 10_000, 2],
    ]);
    expect(runs[0]!.results).toEqual(['health']);
  });
});
