import { describe, expect, it } from 'vitest';
import { appendExtension } from '../../../src/core/results/extend.js';
import type { ScenarioResult } from '../../../src/core/types/results.js';
import { makeAbResults } from '../ab-fixtures.js';

function scenario(pairs: number, reasons: string[]): ScenarioResult {
  const results = makeAbResults({ seed: 3, schedule: 'duet', scenarios: [{ name: 'api', pairs, ratePerSec: 50 }] });
  const found = results.scenarios[0]!;
  return { ...found, generator: { ...found.generator, saturated: reasons.length > 0, reasons } };
}

describe('appendExtension', () => {
  it("says which window a generator's reason counted, once the run went on past it", () => {
    // A new user's gate read "9 of 750 requests started … late" over a 60 s, 3,000-request run.
    const late = '9 of 750 requests started more than 10 ms after their intended time (up to 58.5 ms)';
    const planned = scenario(12, [late]);
    const first = appendExtension(planned, scenario(18, []), ['p50']);
    const from = planned.durationMs / 1000;
    const to = (planned.durationMs + scenario(18, []).durationMs) / 1000;
    expect(first.generator.saturated).toBe(true);
    expect(first.generator.reasons).toEqual([`${late}, in 0–${from} s of the window`]);
    // A later look's own reason is placed in its window; one placed already is left as it was.
    const second = appendExtension(first, scenario(6, ['the generator used 0.95 cores']), ['p90']);
    expect(second.generator.reasons).toEqual([
      `${late}, in 0–${from} s of the window`,
      `the generator used 0.95 cores, in ${to}–${(second.durationMs / 1000).toString()} s of the window`,
    ]);
    expect(second.requests.total).toBe(
      planned.requests.total + scenario(18, []).requests.total + scenario(6, []).requests.total,
    );
  });
});
