import { describe, it, expect } from 'vitest';
import {
  SLACK_MAX_BLOCKS,
  SLACK_MAX_SECTION_CHARS,
  SLACK_MAX_TEXT_CHARS,
  formatJsonOracleLine,
  renderSlackLines,
  renderSlackMessage,
} from '../../../src/core/report/slack.js';
import {
  allErrors,
  fetchByKey,
  fetchByQuery,
  makeAllErrorComparison,
  makeFailingComparison,
  makeLargeComparison,
  makeNoBaselineComparison,
  makeResults,
} from './fixtures.js';

const JSON_ORACLE_LINE = /^[^ ]+: \d+\.\d \d+\.\d \d+\.\d \d+\.\d \d+\.\d$/;

interface SectionBlock {
  type: string;
  text?: { type: string; text: string };
}

const options = {
  runUrl: 'https://github.com/acme/orders/actions/runs/123',
  pr: { number: 42, title: 'Cache the order lookups', url: 'https://github.com/acme/orders/pull/42' },
  repo: 'acme/orders',
  ref: 'refs/pull/42/merge',
};

describe('json_oracle lines', () => {
  it('prints avg, stddev, p90, p99 and rps exactly as the Daml job did', () => {
    expect(formatJsonOracleLine(fetchByKey)).toBe('json_oracle/fetchByKey: 131.0 400.0 7.0 733.0 232.5');
    expect(formatJsonOracleLine(fetchByQuery)).toBe('json_oracle/fetchByQuery: 615.0 489.0 611.0 1066.0 156.2');
  });

  it('uses one decimal and no thousands separators', () => {
    const fast = {
      ...fetchByKey,
      name: 'hot',
      rps: 14_694.25,
      latencyMs: { ...fetchByKey.latencyMs, mean: 0.412, stddev: 0.04, p90: 0.55, p99: 1_234.56 },
    };
    expect(formatJsonOracleLine(fast)).toBe('hot: 0.4 0.0 0.6 1234.6 14694.3');
  });

  it('marks regressed and inconclusive metrics (with interval and MDE), breaches, failures and the intended rate on lines of their own', () => {
    const c = makeFailingComparison();
    expect(renderSlackLines(c.current, c)).toEqual([
      'json_oracle/fetchByKey: 131.0 400.0 7.0 733.0 232.5',
      'json_oracle/fetchByQuery: 615.0 489.0 611.0 1066.0 156.2',
      '  ↳ regression: p95 +13% [+8%, +17%], p99 +23% [+14%, +31%]',
      '  ↳ inconclusive: p90 +9% [+2%, +16%], MDE ±6.0%',
      '  ↳ breached: error_rate<0.01',
      '  ↳ 114 failed · 154.3/s OK',
      'checkout: 18.4 9.7 27.5 88.3 62.4',
      '  ↳ inconclusive: p99 +19% [+3%, +38%], MDE ±31%',
    ]);
  });

  it("keeps a regressed scenario's line parseable as name: avg stddev p90 p99 rps, and no mark line parses", () => {
    const c = makeFailingComparison();
    const lines = renderSlackLines(c.current, c);
    const numbers = lines.filter((line) => JSON_ORACLE_LINE.test(line));
    expect(numbers).toEqual(c.current.scenarios.map((s) => formatJsonOracleLine(s)));
    expect(numbers).toContain('json_oracle/fetchByQuery: 615.0 489.0 611.0 1066.0 156.2');
    for (const line of lines.filter((l) => !JSON_ORACLE_LINE.test(l))) expect(line.startsWith('  ↳ ')).toBe(true);
    // The same holds inside the message's code blocks.
    const blocks = (renderSlackMessage(c, options).blocks as SectionBlock[])
      .map((b) => b.text?.text ?? '')
      .filter((t) => t.startsWith('```'));
    const inBlocks = blocks.flatMap((t) => t.slice(4, -4).split('\n')).filter((l) => JSON_ORACLE_LINE.test(l));
    expect(inBlocks).toHaveLength(3);
  });

  it('prints 0.0 latencies for a scenario without a successful request, and says so on its own line', () => {
    expect(formatJsonOracleLine(allErrors)).toBe('orders/down: 0.0 0.0 0.0 0.0 1945.7');
    expect(formatJsonOracleLine(allErrors)).toMatch(JSON_ORACLE_LINE);
    const c = makeAllErrorComparison();
    const lines = renderSlackLines(c.current, c);
    expect(lines).toContain('  ↳ no request succeeded (116,742 failed): the latencies are not measured, shown as 0.0');
    expect(lines).toContain('  ↳ 211 dropped · 396.5/s sent of 400.0/s intended');
  });

  it('keeps a name with spaces parseable', () => {
    expect(formatJsonOracleLine({ ...fetchByKey, name: 'get order' })).toMatch(JSON_ORACLE_LINE);
  });

  it('prints bare lines without a comparison', () => {
    expect(renderSlackLines(makeResults([fetchByKey]))).toEqual([
      'json_oracle/fetchByKey: 131.0 400.0 7.0 733.0 232.5',
    ]);
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
    expect(first).toContain(':x: *perfgate: FAIL — 2 regressions, 1 threshold breached*');
    expect(first).toContain('<https://github.com/acme/orders/actions/runs/123|workflow run>');
    expect(first).toContain('<https://github.com/acme/orders/pull/42|PR #42: Cache the order lookups>');
    expect(first).not.toContain('refs/pull');
    expect(message.text.split('\n')[0]).toBe(first);
  });

  it('names the PR from its merge ref when the event gave no PR, and a branch by its name', () => {
    const fromRef = renderSlackMessage(makeFailingComparison(), { repo: 'acme/orders', ref: 'refs/pull/7/merge' });
    expect((fromRef.blocks[0] as SectionBlock).text?.text).toContain('acme/orders · PR #7');
    const branch = renderSlackMessage(makeFailingComparison(), { repo: 'acme/orders', ref: 'refs/heads/main' });
    expect((branch.blocks[0] as SectionBlock).text?.text).toContain('acme/orders @ main');
  });

  it('escapes what Slack would read as markup', () => {
    const c = makeFailingComparison();
    const lines = (renderSlackMessage(c, options).blocks as SectionBlock[]).map((b) => b.text?.text ?? '').join('\n');
    expect(lines).toContain('  ↳ breached: error_rate&lt;0.01');
    expect(lines).not.toContain('error_rate<0.01');
  });

  it('stays inside Slack limits with 200 scenarios and never splits a line', () => {
    const c = makeLargeComparison(200);
    const expected = renderSlackLines(c.current, c).map((l) => l.replace(/</g, '&lt;').replace(/>/g, '&gt;'));
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
    expect(last).toMatch(
      /^…and [\d,]+ more scenarios: see the <https:\/\/github\.com\/acme\/orders\/actions\/runs\/123\|workflow run>$/,
    );
    for (const block of message.blocks as SectionBlock[])
      expect((block.text?.text ?? '').length).toBeLessThanOrEqual(SLACK_MAX_SECTION_CHARS);
    expect(message.text.length).toBeLessThanOrEqual(SLACK_MAX_TEXT_CHARS);
    expect(message.text).toMatch(/…and [\d,]+ more scenarios/);
    // The fallback text ends on a whole line and a closed code block before the note.
    expect(message.text.split('```').length).toBe(3);
  });
});
