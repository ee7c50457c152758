// One escaping function per sink, each tried with what a fork's results file can hold (issue 21):
// line breaks, HTML, mentions (also as object keys and as `&#64;`), backtick runs, links and
// workflow commands.
import { describe, expect, it } from 'vitest';
import { code, escapeHtml, escapeText } from '../../../src/core/report/markup/markdown.js';
import { escapeLogText, guardLog } from '../../../src/core/report/markup/text.js';
import { codeBlock, escapeSlack } from '../../../src/core/report/markup/slack.js';
import { renderMarkdown } from '../../../src/core/report/markdown.js';
import { renderComparisonText } from '../../../src/core/report/text.js';
import { judgeRun } from '../../../src/core/gate.js';
import { defaultCompareConfig } from '../../../src/core/config/compare.js';
import { parseUntrustedResults } from '../../../src/entry/report-impl.js';
import { makeResults } from '../fixtures.js';

const HOSTILE = [
  'a\n# ✅ Approved by the security team',
  'x\r\n::error::forged',
  '<img src=x onerror=alert(1)>',
  '[click](https://evil.example)',
  '![pic](https://evil.example/p.png)',
  'ping @alice and @acme/security',
  'a&#64;alice',
  'x`` <img src=x> ``y',
  '``` fence',
  'https://evil.example/bare',
];

/** What a rendered markdown string must not let through: no line break, raw tag, link or live mention. */
function expectInertMarkdown(out: string): void {
  expect(out).not.toMatch(/[\r\n]/);
  expect(out).not.toMatch(/<img|<a /i);
  expect(out).not.toMatch(/(^|[^\\])\[[^\]]*\]\(/);
  expect(out).not.toMatch(/@(?!\u2060)/);
  expect(out).not.toMatch(/&#/);
  expect(out).not.toMatch(/https:\/\//);
}

describe('markdown: escapeText', () => {
  it.each(HOSTILE)('%j shows as written, inert', (text) => expectInertMarkdown(escapeText(text)));
  it('keeps ordinary words as they are', () =>
    expect(escapeText('p95 rose 12% (3 runs)')).toBe('p95 rose 12% (3 runs)'));
});

describe('markdown: escapeHtml', () => {
  it.each(HOSTILE)('%j shows as written, inert', (text) => {
    const out = escapeHtml(text);
    expect(out).not.toMatch(/[\r\n<>"]/);
    expect(out).not.toMatch(/@(?!\u2060)/);
    expect(out).not.toMatch(/&#/);
  });
});

describe('markdown: code', () => {
  it.each(HOSTILE)('%j stays one code span on one line', (text) => {
    const out = code(text);
    expect(out).not.toMatch(/[\r\n]/);
    const fence = /^`+/.exec(out)![0];
    // The fence is longer than any run inside, so nothing inside can close it.
    const inner = out.slice(fence.length, out.length - fence.length);
    expect(out.endsWith(fence)).toBe(true);
    for (const run of inner.match(/`+/g) ?? []) expect(run.length).toBeLessThan(fence.length);
  });
  it('escapes pipes for tables', () => expect(code('a|b')).toBe('`a\\|b`'));
  // A heading showed `a\|b` with its backslash: outside a table a pipe needs no escape.
  it('leaves pipes alone outside tables', () => expect(code('a|b', 'text')).toBe('`a|b`'));
});

describe('job log: escapeLogText and guardLog', () => {
  it.each(HOSTILE)('%j cannot start a line or a workflow command', (text) => {
    const out = escapeLogText(text);
    expect(out).not.toMatch(/[\r\n]/);
    expect(out).not.toContain('::');
  });
  it('guards every line of a block from being a command, keeping the rest', () => {
    const block = 'fine\n::error::forged\n  ::add-mask::x\r\n##[error]legacy\nend :: here';
    const lines = guardLog(block).split('\n');
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line.trim()).not.toMatch(/^::|^##\[/);
    expect(lines[0]).toBe('fine');
    expect(lines[4]).toBe('end :: here');
  });
  it('drops terminal control sequences', () => expect(escapeLogText('a\u001b[2Kb')).toBe('a[2Kb'));
});

describe('Slack: escapeSlack', () => {
  it.each(HOSTILE)('%j cannot break its code block, link or mention', (text) => {
    const out = escapeSlack(text);
    expect(out).not.toMatch(/[\r\n<>`]/);
    expect(out).not.toMatch(/@(?!\u2060)/);
    expect(codeBlock([out]).match(/```/g)).toHaveLength(2);
  });
  it('escapes <!channel> and <@U123>', () =>
    expect(escapeSlack('<!channel> <@U123>')).toBe('&lt;!channel&gt; &lt;@\u2060U123&gt;'));
});

/** A results file as the trusted report job reads and renders it: the markdown, what of it lies
 * outside code spans and fenced blocks (where GitHub shows text as written), and the job log. */
function renderUntrusted(results: ReturnType<typeof makeResults>) {
  const parsed = parseUntrustedResults(JSON.stringify(results), 'results.json');
  const { comparison } = judgeRun({
    current: parsed,
    config: { thresholds: {}, compare: defaultCompareConfig() },
    baseline: { kind: 'missing', detail: 'none' },
  });
  const markdown = renderMarkdown(comparison, { now: new Date(0) });
  const outsideCode = markdown
    .replace(/^```[a-z]*\n[\s\S]*?^```$/gm, '')
    .replace(/(`+)[^`]*?(?:`(?!\1)[^`]*?)*?\1/g, '');
  return { markdown, outsideCode, log: guardLog(renderComparisonText(comparison)) };
}

describe('a hostile results file, end to end', () => {
  it('renders no live markup, mention or command from names, error keys and values, reasons and the base failure', () => {
    const results = makeResults({ seed: 11 });
    const scenario = results.scenarios[0]!;
    scenario.name = 'x`` <img src=x> ``y a&#64;alice';
    scenario.errorExamples = { '@alice <img src=x>': 'v\n# H1 ✅ Approved\n::error::forged' };
    scenario.generator.reasons = ['line\n::error::forged\n# Approved'];
    const { markdown, outsideCode, log } = renderUntrusted(results);
    expect(markdown).not.toMatch(/^#+ .*Approved/m);
    expect(markdown).not.toMatch(/@alice/);
    // Outside code spans and fenced blocks (where GitHub shows it as text) no tag is left.
    expect(outsideCode.split('\n').filter((line) => line.includes('<img'))).toEqual([]);
    expect(outsideCode).not.toMatch(/&#64;/);
    for (const line of log.split('\n')) expect(line.trim()).not.toMatch(/^::/);
  });

  // Found by a fault inventory: an error class (the object key) went into the comment raw, and a
  // capacity search's reasons and failure classes through an escaper of their own that let line
  // breaks, headings and `&#64;` through.
  it('renders no live markup from an error key with a backtick and a line break, nor from capacity reasons and failure classes', () => {
    const results = makeResults({
      seed: 3,
      scenarios: [{ name: 'cap', executor: 'constant-arrival-rate', ratePerSec: 100 }],
    });
    const hostile =
      '`\n# ✅ Approved by the security team\n<img src=x onerror=alert(1)> [l](https://evil.example) &#64;alice `';
    const level = (intendedPerSec: number, held: boolean, failures: Record<string, number> = {}) => ({
      phase: 'climb' as const,
      intendedPerSec,
      achievedPerSec: intendedPerSec,
      sentPerSec: intendedPerSec,
      durationMs: 3000,
      requests: { intended: 300, ok: 300, ko: 0, dropped: 0 },
      latencyMs: { p50: 20, p95: held ? 22 : 500, p99: held ? 26 : 600 },
      errorRate: 0,
      failures,
      held,
      brokeBecause: held ? [] : ['p95'],
      generatorSaturated: false,
      generatorLimited: false,
      notes: [],
    });
    results.scenarios[0] = {
      ...results.scenarios[0]!,
      executor: 'capacity',
      errorExamples: { [`x${hostile}`]: 'v' },
      capacity: {
        ratePerSec: 150,
        bracket: [150, 225],
        resolution: 0.05,
        limitedBy: 'service',
        durationMs: 9000,
        knee: { ratePerSec: 150, reason: `k${hostile}` },
        firstFailure: { ratePerSec: 225, reason: 'f\n::error::forged' },
        levels: [level(100, true), level(150, true), level(225, false, { [`c${hostile}`]: 3 })],
      },
    } as (typeof results.scenarios)[number];
    const { markdown, outsideCode, log } = renderUntrusted(results);
    expect(markdown).not.toMatch(/^#+ .*Approved/m);
    expect(markdown).not.toMatch(/@alice/);
    expect(outsideCode.split('\n').filter((line) => /<img|\]\(https|&#64;/.test(line))).toEqual([]);
    for (const line of log.split('\n')) {
      expect(line.trim()).not.toMatch(/^::/);
      expect(line.trim()).not.toMatch(/^# /);
    }
  });
});
