// Accepting a regression on purpose: only a failure of regressions alone turns into a pass, every
// report then says who accepted what, and the exit follows.
import { describe, expect, it } from 'vitest';
import { acceptRegressions, canAccept, hasAcceptCommand } from '../../src/core/accept.js';
import { decideExit } from '../../src/core/compare/index.js';
import { decideSave } from '../../src/core/save-policy.js';
import { renderMarkdown } from '../../src/core/report/markdown.js';
import { renderComparisonText } from '../../src/core/report/text.js';
import { renderSlackMessage } from '../../src/core/report/slack.js';
import { planAnnotations } from '../../src/core/report/annotations.js';
import { makeFailingComparison, makeLargeComparison } from './report/fixtures.js';

const byLabel = { by: 'label perf-accepted' };

describe('hasAcceptCommand', () => {
  it.each([
    ['/perfgate accept', true],
    ['/perfgate accept the new serializer is worth it', true],
    ['LGTM\n/perfgate accept\nthanks', true],
    ['  /PERFGATE ACCEPT  ', true],
    ['please /perfgate accept this', false],
    ['/perfgate accepted', false],
    ['`/perfgate accept`', false],
    ['', false],
  ])('%j → %s', (body, expected) => {
    expect(hasAcceptCommand(body, '/perfgate accept')).toBe(expected);
  });

  it('an empty command accepts nothing', () => {
    expect(hasAcceptCommand('/perfgate accept', '')).toBe(false);
  });
});

describe('acceptRegressions', () => {
  const regressionsOnly = () => {
    const failing = makeLargeComparison(12, 4);
    expect(failing.verdict).toBe('fail');
    expect(failing.breaches).toHaveLength(0);
    return failing;
  };

  it('turns a failure of regressions alone into a pass that keeps them and says who accepted', () => {
    const failing = regressionsOnly();
    const accepted = acceptRegressions(failing, byLabel);
    expect(accepted.verdict).toBe('pass');
    expect(accepted.accepted).toEqual(byLabel);
    expect(accepted.regressions).toEqual(failing.regressions);
    expect(decideExit(failing, 'regression')).toBe(1);
    expect(decideExit(accepted, 'regression')).toBe(0);
    expect(decideSave(accepted, 'pass', 'save-baseline: always').save).toBe(true);
  });

  it('every report says it: the comment, the log and Slack, never "no regression"', () => {
    const accepted = acceptRegressions(regressionsOnly(), byLabel);
    const markdown = renderMarkdown(accepted, { now: new Date(0) });
    expect(markdown).toMatch(
      /^## ✅ perfgate: PASS — 3 regressions accepted by label perf-accepted: p\d+ \+\d+\.\d%, p\d+ \+/m,
    );
    const text = renderComparisonText(accepted);
    expect(text.split('\n')[0]).toMatch(/^perfgate: ✓ PASS — 3 regressions accepted by label perf-accepted/);
    const slack = renderSlackMessage(accepted, {});
    expect(slack.text).toContain('PASS — 3 regressions accepted by label perf-accepted');
    for (const report of [markdown, text, slack.text]) expect(report).not.toContain('no regression');
  });

  it('a breached threshold is not accepted: the gate still fails, with a note saying why', () => {
    const failing = makeFailingComparison();
    expect(failing.breaches.length).toBeGreaterThan(0);
    expect(canAccept(failing)).toBe(false);
    const after = acceptRegressions(failing, byLabel);
    expect(after.verdict).toBe('fail');
    expect(after.accepted).toBeUndefined();
    expect(after.notes.at(-1)).toContain('accepts regressions, not breached thresholds');
  });

  it('a pass is left as it is', () => {
    const passing = makeLargeComparison(3, 100);
    expect(passing.verdict).toBe('pass');
    expect(acceptRegressions(passing, byLabel)).toBe(passing);
  });
});

describe('planAnnotations', () => {
  it('a handful or fewer: one per regression and breach, breaches first', () => {
    const failing = makeFailingComparison();
    const planned = planAnnotations(failing, 50);
    expect(planned).toHaveLength(failing.regressions.length + failing.breaches.length);
    expect(planned.slice(0, failing.breaches.length).every((a) => a.title.includes('threshold breached'))).toBe(true);
  });

  it('300 scenarios with 43 regressions give one summary annotation and the 4 worst, the count of the rest named', () => {
    const large = makeLargeComparison(300, 7);
    // Each regression its own size, in no order, so that "the worst" has one answer.
    const regressions = large.regressions.map((r, i) => ({ ...r, change: 0.1 + ((i * 17) % 43) / 100 }));
    expect(regressions).toHaveLength(43);
    const planned = planAnnotations({ ...large, regressions });
    expect(planned).toHaveLength(5);
    expect(planned[0]!.title).toBe('perfgate: 43 regressions');
    expect(planned[0]!.message).toContain('the worst 4 are annotated here, the other 39 are listed in the job summary');
    const worst = [...regressions].sort((a, b) => b.change - a.change).slice(0, 4);
    expect(planned.slice(1).map((a) => a.title)).toEqual(worst.map((r) => `perfgate: p99 of ${r.scenario} regressed`));
    expect(planned.every((a) => a.level === 'error')).toBe(true);
  });

  it('accepted regressions are warnings, not errors', () => {
    const accepted = acceptRegressions(makeLargeComparison(12, 4), byLabel);
    const planned = planAnnotations(accepted);
    expect(planned.every((a) => a.level === 'warning')).toBe(true);
    expect(planned[0]!.title).toContain('accepted by label perf-accepted');
  });
});
