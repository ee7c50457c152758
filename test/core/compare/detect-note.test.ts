import { describe, expect, it } from 'vitest';
import { DEFAULT_DETECT } from '../../../src/core/config/defaults.js';
import { withDetectNote } from '../../../src/core/compare/more-data.js';
import { formatMdeValue } from '../../../src/core/report/format.js';
import type { Comparison, MetricComparison } from '../../../src/core/types/comparison.js';

function metric(name: 'p50' | 'p95', mde: number, processes?: MetricComparison['processes']): MetricComparison {
  return {
    scenario: 'api',
    metric: name,
    verdict: 'inconclusive',
    minDetectableEffect: mde,
    ...(processes ? { processes } : {}),
  } as MetricComparison;
}

function comparison(metrics: MetricComparison[]): Comparison {
  return { mode: 'ab', notes: [], scenarios: [{ name: 'api', metrics }] } as unknown as Comparison;
}

function note(metrics: MetricComparison[]): string {
  const notes = withDetectNote(comparison(metrics), { detect: DEFAULT_DETECT }).notes;
  expect(notes).toHaveLength(1);
  return notes[0]!;
}

describe('the compare.detect note', () => {
  it('sends a metric the data decided to a longer window', () => {
    const text = note([metric('p95', 0.17)]);
    expect(text).toMatch(/p95 of api could see ±17%, not the 10% it targets\. A longer window/);
  });

  // A new user's A/B gate: the note said "p95 … could see ±340%" where the table's MDE cell read
  // −77%/+336% for the same metric. One figure, one format: the table's.
  it("prints an asymmetric MDE as the table's MDE cell does", () => {
    const wide = { ...metric('p95', 1.5), minDetectableChange: [-0.77, 3.36] as [number, number] };
    const text = note([wide]);
    expect(text).toContain(`p95 of api could see ${formatMdeValue(wide)}, not the 10% it targets`);
    expect(text).toContain('could see −77%/+336%');
  });

  // compare.processes 8 on a Flask app: p95 ±40%, held back by the processes' spread. The note
  // used to advise a longer window right under the reason saying a longer run does not narrow it.
  it('does not send a metric the processes decided to a longer window', () => {
    const text = note([metric('p95', 0.4, { head: 8, base: 8, sd: 0.05 })]);
    expect(text).toMatch(
      /p95 of api could see ±40%, not the 10% it targets: its uncertainty is mostly how far the variants' processes differ/,
    );
    expect(text).not.toMatch(/longer window/);
  });

  // A stored comparison's MDE is the runner-to-runner noise: the note said "a longer window sees
  // more" beside the reason that says a longer run does not shrink it.
  it('does not send a stored comparison to a longer window', () => {
    const stored = { ...metric('p50', 0.2), method: 'bootstrap' as const };
    const notes = withDetectNote({ ...comparison([stored]), mode: 'bootstrap' } as Comparison, {
      detect: DEFAULT_DETECT,
    }).notes;
    expect(notes[0]).toMatch(/p50 of api could see ±20%, not the 5% it targets: its MDE is the run-to-run noise/);
    expect(notes[0]).not.toMatch(/longer window/);
  });

  it('gives each its own advice when both are short', () => {
    const text = note([metric('p50', 0.08), metric('p95', 0.4, { head: 8, base: 8, sd: 0.05 })]);
    expect(text.match(/could see/g)).toHaveLength(2);
    expect(text).toMatch(/p50 of api could see ±8\.0%.*A longer window.*p95 of api could see ±40%.*processes differ/);
  });

  // The same Flask app's p95 per process read 7–10% sd from ~300 requests each: about what their
  // sampling alone gives. Where the spread is mostly that, a longer window does narrow it.
  it('sends a metric the processes decided to a longer window when their spread is mostly their few requests', () => {
    const sampling = { standardError: 0.06, df: 14 };
    const mostlyRequests = { head: 8, base: 8, sd: 0.09, requestStandardError: 0.055 };
    const text = note([{ ...metric('p95', 0.18, mostlyRequests), ...sampling, minEffect: 0.05 }]);
    expect(text).toMatch(/p95 of api could see ±18%, not the 10% it targets\. A longer window/);
    // Where the processes' own offsets are most of it, they are named instead.
    const mostlyOffsets = { head: 8, base: 8, sd: 0.09, requestStandardError: 0.02 };
    const offsets = note([{ ...metric('p95', 0.18, mostlyOffsets), ...sampling, minEffect: 0.05 }]);
    expect(offsets).toMatch(/processes differ/);
    expect(offsets).not.toMatch(/longer window/);
  });
});
