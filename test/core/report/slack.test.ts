import { describe, it, expect } from 'vitest';
import {
  SLACK_MAX_BLOCKS,
  SLACK_MAX_SECTION_CHARS,
  SLACK_MAX_TEXT_CHARS,
  formatJsonOracleLine,
  renderSlackLines,
  renderSlackMessage,
} from '../../../src/core/report/slack.js';
import { fetchByKey, fetchByQuery, makeFailingComparison, makeLargeComparison, makeNoBaselineComparison, makeResults } from './fixtures.js';

interface SectionBlock {
  type: string;
  text?: { type: string; text: string };
}

const options = {
  runUrl: 'https://github.com/acme/orders/actions/runs/123',
  prUrl: 'https://github.com/acme/orders/pull/42',
  repo: 'acme/orders',
  ref: 'refs/pull/42/merge',
};

describe('json_oracle lines', () => {
  it('prints avg, stddev, p90, p99 and rps exactly as the Daml job did', () => {
    expect(formatJsonOracleLine(fetchByKey)).toBe('json_oracle/fetchByKey: 131.0 400.0 7.0 733.0 232.5');
    expect(formatJsonOracleLine(fetchByQuery)).toBe('json_oracle/fetchByQuery: 615.0 489.0 611.0 1066.0 156.2');
  });

  it('uses one decimal and no thousands separators', () => {
    const fast = { ...fetchByKey, name: 'hot', rps: 14_694.25, latencyMs: { ...fetchByKey.latencyMs, mean: 0.412, stddev: 0.04, p90: 0.55, p99: 1_234.56 } };
    expect(formatJsonOracleLine(fast)).toBe('hot: 0.4 0.0 0.6 1234.6 14694.3');
  });

  it('marks regressed metrics and breached thresholds after the numbers', () => {
    const c = makeFailingComparison();
    expect(renderSlackLines(c.current, c)).toEqual([
      'json_oracle/fetchByKey: 131.0 400.0 7.0 733.0 232.5',
      'json_oracle/fetchByQuery: 615.0 489.0 611.0 1066.0 156.2  ← regression: p95 +13%, p99 +23%; breached: error_rate<0.01',
      'checkout: 18.4 9.7 27.5 88.3 62.4',
    ]);
  });

  it('prints bare lines without a comparison', () => {
    expect(renderSlackLines(makeResults([fetchByKey]))).toEqual(['json_oracle/fetchByKey: 131.0 400.0 7.0 733.0 232.5']);
  });
});

describe('renderSlackMessage', () => {
  it('matches the committed snapshot of a failing comparison', () => {
    expect(renderSlackMessage(makeFailingComparison(), options)).toMatchSnapshot();
  });

  it('matches the committed snapshot of a first run', () => {
    expect(renderSlackMessage(makeNoBaselineComparison(), { title: 'orders & co' })).toMatchSnapshot();
  });

  it('starts with a one-line verdict that links to the run and the PR', () => {
    const message = renderSlackMessage(makeFailingComparison(), options);
    const first = (message.blocks[0] as SectionBlock).text?.text ?? '';
    expect(first).not.toContain('\n');
    expect(first).toContain(':x: *perfgate: 2 regressions, 1 threshold breached*');
    expect(first).toContain('<https://github.com/acme/orders/actions/runs/123|workflow run>');
    expect(first).toContain('<https://github.com/acme/orders/pull/42|pull request>');
    expect(message.text.split('\n')[0]).toBe(first);
  });

  it('escapes what Slack would read as markup', () => {
    const c = makeFailingComparison();
    const lines = (renderSlackMessage(c, options).blocks as SectionBlock[]).map((b) => b.text?.text ?? '').join('\n');
    expect(lines).toContain('breached: error_rate&lt;0.01');
    expect(lines).not.toContain('error_rate<0.01');
  });

  it('stays inside Slack limits with 200 scenarios and never splits a line', () => {
    const c = makeLargeComparison(200);
    const expected = renderSlackLines(c.current, c).map((l) => l.replace(/</g, '&lt;'));
    const message = renderSlackMessage(c, options);
    expect(message.blocks.length).toBeLessThanOrEqual(SLACK_MAX_BLOCKS);
    expect(message.text.length).toBeLessThanOrEqual(SLACK_MAX_TEXT_CHARS);
    const sections = (message.blocks as SectionBlock[]).filter((b) => b.text?.text.startsWith('```'));
    expect(sections.length).toBeGreaterThan(1);
    const received: string[] = [];
    for (const section of sections) {
      const text = section.text?.text ?? '';
      expect(text.length).toBeLessThanOrEqual(SLACK_MAX_SECTION_CHARS);
      expect(text.endsWith('\n```')).toBe(true);
      received.push(...text.slice(4, -4).split('\n'));
    }
    expect(received).toEqual(expected);
  });

  it('says how many scenarios are left out when even 50 blocks are not enough', () => {
    const c = makeLargeComparison(3_000);
    const message = renderSlackMessage(c, options);
    expect(message.blocks.length).toBe(SLACK_MAX_BLOCKS);
    const last = (message.blocks.at(-1) as SectionBlock).text?.text ?? '';
    expect(last).toMatch(/^…and [\d,]+ more scenarios: see the <https:\/\/github\.com\/acme\/orders\/actions\/runs\/123\|workflow run>$/);
    for (const block of message.blocks as SectionBlock[]) expect((block.text?.text ?? '').length).toBeLessThanOrEqual(SLACK_MAX_SECTION_CHARS);
    expect(message.text.length).toBeLessThanOrEqual(SLACK_MAX_TEXT_CHARS);
    expect(message.text).toMatch(/…and [\d,]+ more scenarios/);
    // The fallback text ends on a whole line and a closed code block before the note.
    expect(message.text.split('```').length).toBe(3);
  });
});
