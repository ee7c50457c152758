// compare.extend plans per result; a flow's steps ask their flow, which runs on once for all of them.
import { describe, expect, it } from 'vitest';
import { extensionRuns, undecidedOf } from '../../../src/core/compare/extension-runs.js';
import { describeExtension } from '../../../src/core/compare/look-notes.js';
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
  it("runs a flow on for its steps' asks alone, for the longest step any of them needs", () => {
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
  });
});

describe('describeExtension of a flow run on as one', () => {
  // Looks of 10 s, then 15 s: each result records what it asked for itself.
  const extended = (name: string, flow: string | undefined, undecided: string[]): ScenarioResult =>
    ({
      ...result(name, flow),
      extension: {
        looks: [
          { segments: 10, durationMs: 10_000, dropped: 0 },
          { segments: 15, durationMs: 15_000, dropped: 0, undecided },
        ],
      },
    }) as unknown as ScenarioResult;
  const results = [
    extended('shop/order', undefined, []),
    extended('shop/order/create', 'shop/order', []),
    extended('shop/order/fetch', 'shop/order', ['p50']),
    extended('health', undefined, []),
  ];

  it('names, in the results that asked nothing, the step that did, not "a metric"', () => {
    const [flow, create, fetch] = results;
    expect(describeExtension(flow!, false, [], results)).toContain("(shop/order/fetch's p50 after the planned window)");
    expect(describeExtension(create!, false, [], results)).toContain(
      "(shop/order/fetch's p50 after the planned window)",
    );
    expect(describeExtension(fetch!, false, [], results)).toContain('(p50 after the planned window)');
  });

  it("names the flow's own metrics for a step that ran on for them", () => {
    const flowAsked = [extended('shop/order', undefined, ['rps']), extended('shop/order/fetch', 'shop/order', [])];
    expect(describeExtension(flowAsked[1]!, false, [], flowAsked)).toContain(
      "(shop/order's rps after the planned window)",
    );
  });

  it('keeps "a metric" for a scenario that is no flow, or without the run\'s results', () => {
    expect(describeExtension(results[3]!, false, [], results)).toContain('(a metric after the planned window)');
    expect(describeExtension(results[0]!)).toContain('(a metric after the planned window)');
  });
});
