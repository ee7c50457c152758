// The A/B parts of the reports: the "base vs head, same runner" line, base and head side by side
// with each metric's interval and MDE, and Slack's head line with the base's on a line of its own.
// Snapshots hold only these parts, so the rest of each report can change without touching them.
import { describe, expect, it } from 'vitest';
import { comparePaired } from '../../../src/core/compare/index.js';
import { renderMarkdown } from '../../../src/core/report/markdown.js';
import { renderSlackLines, renderSlackMessage } from '../../../src/core/report/slack.js';
import { renderComparisonText } from '../../../src/core/report/text.js';
import { remediesFor } from '../../../src/core/report/remedies.js';
import type { MetricComparison } from '../../../src/core/types/comparison.js';
import type { Comparison } from '../../../src/core/types/comparison.js';
import { makeAbResults } from '../ab-fixtures.js';
import { TEST_COMPARE } from '../fixtures.js';

const compare = TEST_COMPARE;

function abComparison(): Comparison {
  const current = makeAbResults({
    seed: 11,
    schedule: 'duet',
    scenarios: [
      { name: 'orders/list', pairs: 60, segmentMs: 1000, ratePerSec: 400, headScale: 1.25 },
      { name: 'orders/get', pairs: 60, segmentMs: 1000, ratePerSec: 400 },
    ],
    headOnly: [{ name: 'orders/new', pairs: 60, segmentMs: 1000, ratePerSec: 100 }],
  });
  current.git = { commit: 'feedfacecafe0123' };
  if (current.ab) current.ab.base.git = { commit: 'abcdef0123456789' };
  return comparePaired({
    current,
    baselineStatus: { kind: 'missing', detail: 'no baseline yet' },
    compare,
    thresholds: [],
  });
}

/** The lines from the first one matching `start` up to the first blank line after it. */
function section(text: string, start: RegExp): string {
  const lines = text.split('\n');
  const from = lines.findIndex((line) => start.test(line));
  if (from < 0) throw new Error(`no line matches ${start}`);
  const to = lines.findIndex((line, i) => i > from && line.trim() === '');
  return lines.slice(from, to < 0 ? undefined : to).join('\n');
}

describe('A/B reports', () => {
  const comparison = abComparison();

  it('text: says base vs head on the same runner, and shows base, head, interval and MDE', () => {
    const text = renderComparisonText(comparison);
    expect(text.split('\n')[0]).toBe('perfgate: ✗ FAIL — 5 regressions');
    expect(text).toContain(
      '  - base vs head, same runner, duet (60 block pairs, paired block bootstrap of the whole-run changes)',
    );
    expect(section(text, /^base: /)).toMatchSnapshot();
    expect(section(text, /^orders\/list ·/)).toMatchSnapshot();
    expect(section(text, /^orders\/new ·/)).toContain('judged on thresholds alone');
  });

  it('text: gives the range of block pairs when the scenarios ran different numbers of them', () => {
    // A new user's run: a flow of 240 blocks beside a plain scenario of 60 read "duet (60 block pairs …)".
    const shorter = {
      ...comparison,
      scenarios: comparison.scenarios.map((s, i) =>
        i === 0 && s.baseline !== undefined
          ? {
              ...s,
              current: { ...s.current, segments: s.current.segments.slice(0, 20) },
              baseline: { ...s.baseline, segments: s.baseline.segments.slice(0, 20) },
            }
          : s,
      ),
    };
    expect(renderComparisonText(shorter)).toContain(
      '  - base vs head, same runner, duet (20–60 block pairs by scenario, paired block bootstrap of the whole-run changes)',
    );
  });

  it('PR comment: the meta line names base and head, and the table has them side by side', () => {
    const markdown = renderMarkdown(comparison, { now: new Date('2025-11-30T12:05:00.000Z') });
    expect(section(markdown, /^base: /)).toMatchSnapshot();
    // The run's notes follow the regression list, not the meta line.
    expect(section(markdown, /^- base vs head, same runner, duet/)).toMatch(/Holm over the 12 tests of the run/);
    expect(markdown.indexOf('- base vs head')).toBeGreaterThan(markdown.indexOf('**Regressions**'));
    expect(section(markdown, /^\| metric +\| +base +\| +head +\|/)).toMatchSnapshot();
    expect(markdown).toContain('| head |');
    expect(markdown).toContain('(base `200:');
    expect(markdown).toContain('Mode **ab**');
    // The method bullet names duet's test, not alternate's; the charts name base and head.
    expect(markdown).toContain('paired block bootstrap over short time blocks');
    expect(markdown).not.toContain('segments back to back');
    expect(markdown).toContain('<sub>bars: base (grey) · line: head (blue)');
    expect(markdown).not.toContain('bars: baseline (grey)');
    // The details' MDE is the table's: one figure, one format.
    const mde = section(markdown, /^\| metric +\| +base +\| +head +\|/).match(/±\d+(\.\d)?%/g) ?? [];
    expect(mde.length).toBeGreaterThan(0);
    for (const figure of mde) expect(markdown.split(figure).length - 1).toBeGreaterThanOrEqual(2);
  });

  it("PR comment of an alternate run: the method bullet names Yuen's t on the segment pairs", () => {
    const alternate = { ...comparison, ab: { ...comparison.ab!, schedule: 'alternate' as const } };
    const markdown = renderMarkdown(alternate, { now: new Date('2025-11-30T12:05:00.000Z') });
    expect(markdown).toMatch(/segments back to back in a randomised order; each segment pair gives one log ratio/);
    expect(markdown).not.toContain('block bootstrap over short time blocks');
  });

  it('Slack: the head keeps its json_oracle line, the base follows on its own line', () => {
    const lines = renderSlackLines(comparison.current, comparison);
    expect(lines).toMatchSnapshot();
    const list = lines.findIndex((line) => line.startsWith('orders/list: '));
    expect(lines[list + 1]).toMatch(/^orders\/list@base: [\d.]+ [\d.]+ [\d.]+ [\d.]+ [\d.]+$/);
    // A head-only scenario has no base line.
    expect(lines.filter((line) => line.startsWith('orders/new')).length).toBe(1);
    const message = JSON.stringify(renderSlackMessage(comparison, {}).blocks);
    expect(message).toContain('base vs head, same runner, duet');
  });
});

describe('what the reports advise about held-back verdicts', () => {
  it('asks for more processes, not a longer run, where the spread between processes held a verdict back', () => {
    const held = (metric: 'p50' | 'p95', processes?: MetricComparison['processes']): MetricComparison => ({
      scenario: 'api',
      metric,
      baseline: 1,
      current: 1.05,
      change: 0.05,
      method: 'paired',
      minEffect: 0.03,
      minDetectableEffect: 0.09,
      verdict: 'inconclusive',
      reasons: [],
      ...(processes ? { processes } : {}),
    });
    const ab = { mode: 'ab' as const, ab: { schedule: 'duet' as const, pairs: 60 } };
    const spread = { head: 4, base: 4, sd: 0.02 };
    const byProcesses = remediesFor({ ...ab, scenarios: [{ metrics: [held('p50', spread)] }] }).join('\n');
    expect(byProcesses).toContain('boot more processes of each variant (compare.processes; 4 of each were read)');
    expect(byProcesses).toContain('p50 of `api`');
    expect(byProcesses).not.toContain('more segment pairs');
    // Beside a metric the window held back, both are said.
    const both = remediesFor({ ...ab, scenarios: [{ metrics: [held('p50', spread), held('p95')] }] }).join('\n');
    expect(both).toContain('compare.processes');
    expect(both).toContain('more segment pairs');
    // At compare.processes' most (8) there are no more to boot: it says so, and what is left.
    const most = remediesFor({ ...ab, scenarios: [{ metrics: [held('p50', { head: 8, base: 8, sd: 0.02 })] }] }).join(
      '\n',
    );
    expect(most).not.toContain('boot more processes');
    expect(most).toContain('8 of each were read; compare.processes boots 8 at most');
    expect(most).toContain('compare.minEffect');
    // Where the spread is mostly each process's few requests, more of them narrow it: a longer run.
    const sampling = { ...held('p50', { ...spread, requestStandardError: 0.019 }), standardError: 0.02 };
    const requests = remediesFor({ ...ab, scenarios: [{ metrics: [sampling] }] }).join('\n');
    expect(requests).not.toContain('compare.processes');
    expect(requests).toContain('more segment pairs');
  });

  it('offers A/B mode only to a run that does not use it, and duet to an alternate one', () => {
    const stored = remediesFor({ mode: 'bootstrap' }).join('\n');
    expect(stored).toContain('use A/B mode');
    expect(stored).toContain('`base-ref` input');
    expect(stored).toContain('keep a history');
    expect(remediesFor({ mode: 'history' }).join('\n')).not.toContain('keep a history');
    expect(remediesFor({ mode: 'ab', ab: { schedule: 'duet', pairs: 12 } }).join(' ')).not.toContain('A/B mode');
    expect(remediesFor({ mode: 'ab', ab: { schedule: 'alternate', pairs: 12 } }).join(' ')).toContain(
      'compare.schedule: duet',
    );
    const baseFailed = {
      schedule: 'duet' as const,
      seed: 1,
      base: abComparison().current,
      baseFailure: { service: 'api', reason: 'exited', logTail: [] },
    };
    expect(remediesFor({ mode: 'bootstrap', current: { ab: baseFailed } })[0]).toContain('make the base boot');
    const comparison = abComparison();
    const held = {
      ...comparison,
      scenarios: comparison.scenarios.map((s) => ({
        ...s,
        metrics: s.metrics.map((m) => ({
          ...m,
          verdict: 'inconclusive' as const,
          reasons: [{ kind: 'no-test' as const }],
        })),
      })),
    };
    expect(renderComparisonText(held)).toContain('What you can do:');
    expect(renderComparisonText(held)).not.toContain('use A/B mode');
    expect(renderMarkdown(held, { now: new Date('2025-11-30T12:05:00.000Z') })).toContain('**What you can do**');
    expect(renderMarkdown(held, { now: new Date('2025-11-30T12:05:00.000Z') })).not.toContain('use A/B mode');
  });

  // The demo's every held-back metric had an interval too wide to rule out a change that counts,
  // and its only advice was "re-run": that is the noise floor, and A/B or a history lowers it.
  it('answers an interval that reaches past the minimum effect with what lowers the floor', () => {
    const comparison = abComparison();
    const wide = {
      ...comparison,
      mode: 'bootstrap' as const,
      scenarios: comparison.scenarios.map((s) => ({
        ...s,
        metrics: s.metrics.map((m) => ({
          ...m,
          verdict: 'inconclusive' as const,
          reasons: [
            {
              kind: 'interval-past-min-effect' as const,
              metric: m.metric,
              change: -0.026,
              interval: [-0.16, 0.12] as [number, number],
              adjustedPValue: 1,
              minEffect: 0.05,
            },
          ],
        })),
      })),
    };
    const advice = remediesFor(wide).join('\n');
    expect(advice).toContain('use A/B mode');
    expect(advice).toContain('keep a history');
    expect(advice).not.toContain('re-run (noise differs');
  });
});
