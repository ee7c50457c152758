import { describe, it, expect } from 'vitest';
import { describeMetricChange, summarizeVerdict } from '../../../src/core/report/sentences.js';
import { renderComparisonText } from '../../../src/core/report/text.js';
import { renderMarkdown } from '../../../src/core/report/markdown.js';
import { metricComparisonCells } from '../../../src/core/report/format.js';
import type { MetricComparison } from '../../../src/core/types/comparison.js';
import {
  makeAllErrorComparison,
  makeFailingComparison,
  makeInconclusiveComparison,
  makeMetric,
  makeNoBaselineComparison,
  SHARED_REASON_WORDS,
} from './fixtures.js';

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe('renderComparisonText', () => {
  it('matches the committed snapshot of a failing comparison', () => {
    expect(renderComparisonText(makeFailingComparison())).toMatchSnapshot();
  });

  it('matches the committed snapshot of a first run without baseline', () => {
    expect(renderComparisonText(makeNoBaselineComparison())).toMatchSnapshot();
  });

  it('puts the verdict on the first line', () => {
    const [first] = renderComparisonText(makeFailingComparison()).split('\n');
    expect(first).toBe('perfgate: ✗ FAIL — 2 regressions, 1 threshold breached');
    const [firstRun] = renderComparisonText(makeNoBaselineComparison()).split('\n');
    expect(firstRun).toBe('perfgate: ⚠ PASS — no baseline yet, 3 thresholds met');
  });

  it('marks every metric with its verdict, change, interval, MDE and p', () => {
    const text = renderComparisonText(makeFailingComparison());
    expect(text).toMatch(/p99\s+867 ms\s+1,066 ms\s+\+23\.0% \[\+14%, \+31%\]\s+±12%\s+✗ regression\s+0\.002/);
    expect(text).toMatch(/p50\s+4\.66 ms\s+4\.10 ms\s+-12\.0% \[-16%, -8%\]\s+±5\.0%\s+✓ improvement\s+0\.007/);
    expect(text).toMatch(/p90\s+560 ms\s+611 ms\s+\+9\.1% \[\+2%, \+16%\]\s+±6\.0%\s+\? inconclusive\s+0\.052/);
    expect(text).toMatch(/p50\s+509 ms\s+512 ms\s+\+0\.5% \[-2%, \+3%\]\s+±6\.0%\s+= no change/);
    expect(text).toContain('✗ error_rate<0.01    1.22%');
    expect(text).toContain('✓ p(95)<800         702 ms');
  });

  it('matches the committed snapshot of an inconclusive run and of an all-error scenario', () => {
    expect(renderComparisonText(makeInconclusiveComparison())).toMatchSnapshot();
    expect(renderComparisonText(makeAllErrorComparison())).toMatchSnapshot();
  });

  it('says a reason shared by every scenario once, with the metrics it affects and what to do', () => {
    const text = renderComparisonText(makeInconclusiveComparison());
    expect(occurrences(text, SHARED_REASON_WORDS)).toBe(1);
    expect(text).toContain('  all 3 scenarios: p95, p99\n    1. the machine was busier with other work');
    expect(text).toContain('  checkout: p99\n    2. only 37 in the current run were above p99');
    expect(text).toContain('  ? p95, p99 held back: reason 1 below');
    expect(text).toContain('  ? p99 held back: reason 2 below');
    // Each remedy answers a reason the run has: the thin tail and the busier machine.
    expect(text).toMatch(/What you can do:\n {4}- run longer[^\n]*\n {4}- re-run on a quieter runner[^\n]*\n\n/);
  });

  it('names the scenarios of a reason that holds in every scenario held back but not in every scenario of the run', () => {
    // A run of 4 scenarios whose p99 was held back in 3 read "all 3 scenarios: p99": a reader
    // counts 4 in the report and cannot tell which 3.
    const comparison = makeInconclusiveComparison();
    const decided = comparison.scenarios[2]!;
    comparison.scenarios[2] = {
      ...decided,
      metrics: decided.metrics.map((m) => ({ ...m, verdict: 'no change' as const, reasons: [] })),
    };
    const text = renderComparisonText(comparison);
    const markdown = renderMarkdown(comparison, { now: new Date('2025-11-30T12:05:00.000Z') });
    expect(occurrences(text, SHARED_REASON_WORDS)).toBe(1);
    expect(text).not.toMatch(/all \d+ scenarios/);
    expect(markdown).not.toMatch(/all \d+ scenarios/);
    expect(text).toContain(
      '  json_oracle/fetchByKey: p95, p99; json_oracle/fetchByQuery: p95, p99\n    1. the machine was busier with other work',
    );
    expect(occurrences(text, 'held back: reason 1 below')).toBe(2);
  });

  it('tells a run held back by its noise floor what lowers it, with the floor it had, and not to re-run', () => {
    const text = renderComparisonText(makeFailingComparison());
    const advice = text.slice(text.indexOf('What you can do:'));
    // The command that decides it, as a terminal user would type it, and the action's input.
    expect(advice).toContain("use A/B mode (`perfgate gate --base-ref main`, the action's `base-ref` input");
    expect(advice).toContain('this run could detect only changes beyond ±6.0% (p90 of `json_oracle/fetchByQuery`)');
    // Its figures are this run's: no other service's measurement stands in for them.
    expect(advice).not.toMatch(/\bin \d+ of \d+ runs\b/);
    expect(advice).toContain('`perfgate plan`');
    expect(advice).not.toContain('re-run (noise');
    // A history run is not told to keep a history, nor to set the prior its tests do not read.
    expect(advice).not.toContain('keep a history');
    expect(advice).not.toContain('compare.runnerNoise');
    // What failed the gate comes before what was held back, and each action is named once.
    const lines = advice.split('\n').filter((line) => line.startsWith('    - '));
    expect(lines[0]).toMatch(/^ {4}- find what changed p95, p99 of `json_oracle\/fetchByQuery`/);
    expect(lines[1]).toMatch(/^ {4}- bring `error_rate<0.01` of `json_oracle\/fetchByQuery` back within its threshold/);
    expect(lines[2]).toMatch(/^ {4}- use A\/B mode/);
    expect(lines.filter((line) => /^ {4}- (or )?run longer/.test(line))).toHaveLength(1);
    expect(new Set(lines).size).toBe(lines.length);
  });

  // The demo's second run (5 scenarios against one stored run) listed 22 reasons that differed
  // only in the figures of the rows above them.
  it('says a reason that many metrics share once, leaving its figures to the table', () => {
    const c = makeFailingComparison();
    const past = (m: MetricComparison): MetricComparison => ({
      ...m,
      verdict: 'inconclusive',
      changeInterval: [m.change - 0.15, m.change + 0.15],
      reasons: [
        {
          kind: 'interval-past-min-effect',
          metric: m.metric,
          change: m.change,
          adjustedPValue: 1,
          interval: [m.change - 0.15, m.change + 0.15],
          minEffect: m.minEffect,
        },
      ],
    });
    for (const scenario of c.scenarios)
      scenario.metrics = scenario.metrics.map((m) => (['p50', 'p90', 'p95', 'rps'].includes(m.metric) ? past(m) : m));
    const text = renderComparisonText(c);
    const heldBack = text.slice(text.indexOf('Why verdicts were held back:'), text.indexOf('What you can do:'));
    // p50 and rps (±5%) in every scenario: one group; p90 and p95 (±10%) another.
    expect(heldBack.match(/the interval \(in the table\) reaches past the ±5% that counts/g)).toHaveLength(1);
    expect(heldBack.match(/the interval \(in the table\) reaches past the ±10% that counts/g)).toHaveLength(1);
    expect(heldBack).not.toMatch(/a change of [-+]?\d/);
    // Every scenario's row still points at the group that holds it back.
    for (const scenario of c.scenarios) {
      const from = text.indexOf(`${scenario.name} ·`);
      const section = text.slice(from, text.indexOf('\n\n', from));
      expect(section).toContain('? p50, rps held back: reason 1 below');
      expect(section).toContain('? p90, p95 held back: reason 2 below');
    }
    // The PR comment's statistics table refers to the same numbered group.
    const md = renderMarkdown(c, { now: new Date('2025-11-30T12:05:00.000Z') });
    expect(md).toMatch(/\| p50 +\| history +\|[^\n]+\| reason 1 +\|/);
    expect(md.match(/the interval \(in the table\) reaches past the ±5% that counts/g)).toHaveLength(1);
    // Held in two of the three scenarios, it is still said once, with where it holds.
    const some = makeFailingComparison();
    for (const scenario of some.scenarios)
      scenario.metrics = scenario.metrics.map((m) =>
        ['p90', 'p95'].includes(m.metric) || (scenario.name !== 'checkout' && ['p50', 'rps'].includes(m.metric))
          ? past(m)
          : m,
      );
    const someText = renderComparisonText(some);
    expect(someText.match(/the interval \(in the table\) reaches past the ±5% that counts/g)).toHaveLength(1);
    expect(someText).toContain(
      '  json_oracle/fetchByKey: p50, rps; json_oracle/fetchByQuery: p50, rps\n    2. the interval',
    );
    const someMd = renderMarkdown(some, { now: new Date('2025-11-30T12:05:00.000Z') });
    expect(someMd).toContain(
      '- `json_oracle/fetchByKey`: p50, rps; `json_oracle/fetchByQuery`: p50, rps\n  - reason 2:',
    );
    // Below the crowd size the sentence keeps its figures.
    const few = makeFailingComparison();
    few.scenarios[0]!.metrics = few.scenarios[0]!.metrics.map((m) => (m.metric === 'p50' ? past(m) : m));
    expect(renderComparisonText(few)).toMatch(/a change of [-+]?[\d.]+% \(p = 1\.0 after Holm\), but its interval/);
    // Two metrics are a crowd: one reason, said without the figures their rows show.
    const two = makeFailingComparison();
    for (const scenario of two.scenarios.slice(0, 2))
      scenario.metrics = scenario.metrics.map((m) => (m.metric === 'p50' ? past(m) : m));
    const twoText = renderComparisonText(two);
    expect(twoText.match(/the interval \(in the table\) reaches past the ±5% that counts/g)).toHaveLength(1);
    expect(twoText).not.toMatch(/a change of [-+]?[\d.]+% \(p = 1\.0 after Holm\), but its interval/);
    // Both rows point at that one reason, by the same number, in the text and in the PR comment.
    const number = /(\d+)\. the interval \(in the table\) reaches past/.exec(twoText)?.[1];
    expect(twoText.match(new RegExp(`\\? p50 held back: reason ${number} below`, 'g'))).toHaveLength(2);
    const twoMd = renderMarkdown(two, { now: new Date('2025-11-30T12:05:00.000Z') });
    expect(twoMd.match(/the interval \(in the table\) reaches past the ±5% that counts/g)).toHaveLength(1);
    expect(twoMd.match(new RegExp(`\\| p50 +\\|[^\\n]+\\| reason ${number} +\\|`, 'g'))).toHaveLength(2);
  });

  it('lists under "held back" only inconclusive verdicts, not a "no change" or a regression that carry reasons', () => {
    const c = makeFailingComparison();
    const key = c.scenarios[0]!;
    // A real but small change, judged "no change", and an rps regression because the service fell
    // behind: both verdicts were given, so neither belongs under "Why verdicts were held back".
    key.metrics = key.metrics.map((m) =>
      m.metric === 'p90'
        ? {
            ...m,
            reasons: [{ kind: 'real-but-small', metric: 'p90', change: 0.02, adjustedPValue: 0.01, minEffect: 0.1 }],
          }
        : m.metric === 'rps'
          ? {
              ...m,
              verdict: 'regression',
              reasons: [{ kind: 'service-fell-behind', share: 0.8, intendedPerSec: 300, achievedPerSec: 240 }],
            }
          : m,
    );
    const text = renderComparisonText(c);
    const heldBack = text.slice(text.indexOf('Why verdicts were held back:'));
    expect(heldBack).not.toContain('a real change of');
    expect(heldBack).not.toContain('the service completed only');
    expect(heldBack).not.toContain(key.name);
    const keySection = text.slice(text.indexOf('json_oracle/fetchByKey ·'), text.indexOf('json_oracle/fetchByQuery ·'));
    expect(keySection).not.toContain('held back');
    // The checkout p99 that is inconclusive is still there.
    expect(heldBack).toContain('  checkout: p99');
  });

  it('shows dropped requests, OK/s beside completed/s and the intended rate', () => {
    const text = renderComparisonText(makeAllErrorComparison());
    expect(text).toContain(
      'orders/down · constant-arrival-rate · 116,742 requests, 211 dropped · 1,946/s completed, 0.0/s OK · 400.0/s intended',
    );
  });

  it('prints "—" for latencies of a scenario in which no request succeeded, never 0 ms', () => {
    const text = renderComparisonText(makeAllErrorComparison());
    const down = text.slice(text.indexOf('orders/down ·'));
    expect(down).toMatch(/p95\s+—/);
    expect(down).not.toMatch(/p\d+\s+0 ms/);
    expect(down).toContain('✗ no request succeeded: there is no latency to show');
    expect(down).toContain('✗ p(95)<150  — no request succeeded, so there is no latency to check');
  });

  it('says how requests failed: the status codes, the error classes and the first message of each', () => {
    const c = makeAllErrorComparison();
    const down = c.scenarios.find((s) => s.name === 'orders/down')!;
    down.current = { ...down.current, errorExamples: { ECONNREFUSED: 'connect ECONNREFUSED 127.0.0.1:18080' } };
    const text = renderComparisonText(c);
    const section = text.slice(text.indexOf('orders/down ·'));
    expect(section).toContain(
      '  failed: 116,742 of 116,742 (100.00%) · status codes 0:116742 · errors ECONNREFUSED:116742',
    );
    expect(section).toContain('    first ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:18080');
    // A scenario whose every request succeeded has no such line.
    const healthy = text.slice(0, text.indexOf('orders/down ·'));
    expect(healthy).not.toContain('failed:');
  });

  it("says how the baseline's requests failed too, beside the current run's", () => {
    const text = renderComparisonText(makeFailingComparison());
    expect(text).toMatch(
      /\n {2}failed: [\d,]+ of [\d,]+ \([\d.]+%\) · status codes 0:\d+ 200:\d+ 503:\d+ · errors status 503:92 ETIMEDOUT:22\n/,
    );
    expect(text).toMatch(/\n {2}failed in the baseline: [\d,]+ of [\d,]+ \([\d.]+%\) · status codes /);
  });

  it('explains inconclusive verdicts and the missing baseline in words', () => {
    const text = renderComparisonText(makeFailingComparison());
    expect(text).toContain(
      '  checkout: p99\n    2. only 37 in the current run were above p99 (a p99 needs 50 requests beyond it, so 5,000 per run)',
    );
    const first = renderComparisonText(makeNoBaselineComparison());
    expect(first).toMatch(/\nNotes:\n {2}- no baseline yet: judged on thresholds alone/);
  });
});

describe('the mode in the header', () => {
  it('names compare.mode as the user configured it, stored or ab, not the method behind it', () => {
    // A new user's report said "mode: bootstrap", which no config of theirs set.
    const history = makeInconclusiveComparison();
    expect(renderComparisonText(history)).toContain('mode: stored (against 8 past runs)');
    const one = { ...history, mode: 'bootstrap' as const };
    const text = renderComparisonText(one);
    expect(text).toContain('mode: stored (against one stored run)');
    expect(text).not.toMatch(/mode: (bootstrap|history)/);
    expect(renderMarkdown(one, { now: new Date('2025-11-28T09:30:00.000Z') })).toContain(
      'mode: stored (against one stored run)',
    );
  });
});

describe('describeMetricChange', () => {
  it('says a regression in one plain sentence', () => {
    const m = makeMetric('fetchByQuery', {
      metric: 'p99',
      baseline: 812,
      current: 1_001,
      interval: [0.14, 0.31],
      verdict: 'regression',
    });
    expect(describeMetricChange(m)).toBe('p99 of fetchByQuery rose 23.3% (95% CI 14–31%), from 812 ms to 1,001 ms');
  });

  it('rounds the change as the table does: +13.5% in the table reads "rose 13.5%", not "rose 14%"', () => {
    // A new user's A/B gate: the sentence said "rose 14%" beside the table's +13.5%.
    const m = {
      ...makeMetric('api', { metric: 'p95', baseline: 100, current: 113.5, verdict: 'regression' }),
      change: 0.135,
    };
    expect(describeMetricChange(m)).toContain('rose 13.5%');
    expect(metricComparisonCells(m)[3]).toContain('+13.5%');
  });

  it("says so when an A/B trimmed change and its values' own ratio are far apart, and not when they agree", () => {
    // A new user's busy-machine run: p50 +7.8% [+6%, +10%] by the trimmed per-block ratios, shown
    // from 2.17 ms to 2.68 ms (+23.5%), which read as an arithmetic slip.
    const apart = {
      ...makeMetric('library/book', { metric: 'p50', baseline: 2.17, current: 2.68, verdict: 'regression' }),
      change: 0.078,
      changeInterval: [0.058, 0.098] as [number, number],
      method: 'paired' as const,
      decidedBy: 'pairs' as const,
    };
    expect(describeMetricChange(apart)).toBe(
      "p50 of library/book rose 7.8% (95% CI 6–10%), from 2.17 ms to 2.68 ms (those values are +23.5% apart: the change is the trimmed mean of the per-pair ratios, which leaves out the pairs where the two variants moved apart most, a neighbour's burst or a stall)",
    );
    expect(describeMetricChange({ ...apart, current: 2.35 })).not.toContain('apart');
    expect(describeMetricChange({ ...apart, decidedBy: 'whole-run' as const })).not.toContain('apart');
  });

  it('says an improvement with "fell" and positive bounds', () => {
    const m = makeMetric('fetchByKey', {
      metric: 'p50',
      baseline: 4.66,
      current: 4.1,
      interval: [-0.16, -0.08],
      verdict: 'improvement',
    });
    expect(describeMetricChange(m)).toBe('p50 of fetchByKey fell 12.0% (95% CI 8–16%), from 4.66 ms to 4.10 ms');
  });

  it('keeps the signs of an interval that crosses zero, and decimals for small changes', () => {
    const m = makeMetric('checkout', { metric: 'p95', baseline: 100, current: 106.2, interval: [-0.01, 0.13] });
    expect(describeMetricChange(m)).toBe('p95 of checkout rose 6.2% (95% CI -1% to +13%), from 100 ms to 106 ms');
  });

  it('speaks of throughput in req/s and of the error rate in points', () => {
    const rps = makeMetric('a', { metric: 'rps', baseline: 232.5, current: 204.6, interval: [-0.16, -0.08] });
    expect(describeMetricChange(rps)).toBe('rps of a fell 12.0% (95% CI 8–16%), from 232.5/s to 204.6/s');
    const errors = makeMetric('a', { metric: 'error_rate', baseline: 0.001, current: 0.009 });
    expect(describeMetricChange(errors)).toBe('error rate of a rose 0.80 points, from 0.10% to 0.90%');
  });
});

describe('summarizeVerdict', () => {
  // docs/reports.md: ⚠ only where the reader must act; a metric a short run could not decide stays
  // visible in the words, and a pass still reads as a pass.
  it('passes with the undecided metrics counted, and warns only for what the reader must act on', () => {
    const c = makeFailingComparison();
    const steady = c.scenarios.map((s) => ({
      ...s,
      current: { ...s.current, generator: { ...s.current.generator, saturated: false } },
    }));
    const pass = { ...c, verdict: 'pass' as const, regressions: [], breaches: [], scenarios: steady };
    expect(summarizeVerdict(pass)).toEqual({
      level: 'pass',
      words: 'no regression, 1 improvement (2 metrics could not be decided)',
    });
    const clean = {
      ...pass,
      scenarios: pass.scenarios.map((s) => ({ ...s, metrics: s.metrics.filter((m) => m.verdict !== 'inconclusive') })),
    };
    expect(summarizeVerdict(clean)).toEqual({ level: 'pass', words: 'no regression, 1 improvement' });
    const otherRunner = { ...clean, baseline: { ...clean.baseline!, environmentDiffers: true } };
    expect(summarizeVerdict(otherRunner)).toEqual({
      level: 'warn',
      words: 'no regression, 1 improvement, environment differs',
    });
    expect(summarizeVerdict({ ...pass, scenarios: c.scenarios })).toEqual({
      level: 'warn',
      words: 'no regression, 1 improvement, generator saturated in 1 scenario (2 metrics could not be decided)',
    });
    // A regression judged against the configured prior alone is a warning the gate does not fail.
    const warned = {
      ...clean,
      scenarios: clean.scenarios.map((s, i) =>
        i === 0
          ? {
              ...s,
              metrics: s.metrics.map((m) =>
                m.metric === 'p95'
                  ? {
                      ...m,
                      verdict: 'inconclusive' as const,
                      reasons: [
                        {
                          kind: 'prior-only' as const,
                          metric: 'p95' as const,
                          change: 0.3,
                          direction: 'regression' as const,
                          adjustedPValue: 0.001,
                        },
                      ],
                    }
                  : m,
              ),
            }
          : s,
      ),
    };
    expect(summarizeVerdict(warned)).toEqual({
      level: 'warn',
      words: '1 possible regression the prior cannot fail, 1 improvement (1 metric could not be decided)',
    });
  });

  it('never says no regression when no scenario of the run was in the baseline', () => {
    const c = makeFailingComparison();
    const renamed = {
      ...c,
      verdict: 'pass' as const,
      regressions: [],
      improvements: [],
      breaches: [],
      scenarios: c.scenarios.map((s) => ({ ...s, metrics: [], thresholds: [] })),
    };
    expect(summarizeVerdict(renamed)).toEqual({
      level: 'warn',
      words: 'nothing compared with the baseline, no thresholds set',
    });
  });
});
