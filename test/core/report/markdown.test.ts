import { describe, it, expect } from 'vitest';
import { marked, type Token, type Tokens } from 'marked';
import { DEFAULT_MARKER, renderMarkdown } from '../../../src/core/report/markdown.js';
import { extractPreviousRuns, type PrRunEntry } from '../../../src/core/report/comment-history.js';
import type { Comparison } from '../../../src/core/types/comparison.js';
import {
  makeAllErrorComparison,
  makeFailingComparison,
  makeInconclusiveComparison,
  makeLargeComparison,
  makeNoBaselineComparison,
  SHARED_REASON_WORDS,
} from './fixtures.js';

/** A 60-scenario run whose full report is well over GitHub's limit (long notes per scenario). */
function makeHeavyComparison(count = 60): Comparison {
  const c = makeLargeComparison(count);
  const note = (i: number): string =>
    `p99: the history shifts level ${i % 5} runs back; only the newest runs are used. `.repeat(12) + `(scenario ${i})`;
  return { ...c, scenarios: c.scenarios.map((s, i) => ({ ...s, notes: [note(i)] })) };
}

const now = new Date('2025-11-30T12:05:00.000Z');
const runUrl = 'https://github.com/acme/orders/actions/runs/123';
const previousRuns: PrRunEntry[] = [
  { sha: '0a1b2c3d4e5f', verdict: 'pass', date: '2025-11-28T16:20:00.000Z', summary: 'no regression' },
  { sha: '5f6e7d8c9b0a', verdict: 'fail', date: '2025-11-29T10:02:00.000Z', summary: '1 regression' },
];

/**
 * The list items CommonMark (GitHub's parser, here marked's) puts under a bold heading paragraph
 * such as **Regressions**: undefined when the heading is absent. Two lists with only a blank line
 * between them are one list to CommonMark, so counting the source's bullets would not see it.
 */
function itemsUnder(markdown: string, heading: string): string[] | undefined {
  const tokens = marked.lexer(markdown, { gfm: true }).filter((token: Token) => token.type !== 'space');
  const at = tokens.findIndex((token) => token.type === 'paragraph' && token.raw.trim() === `**${heading}**`);
  if (at < 0) return undefined;
  const list = tokens[at + 1];
  return list?.type === 'list' ? (list as Tokens.List).items.map((item) => item.text) : [];
}

/** Cells of a table row, ignoring escaped pipes. */
function cellCount(row: string): number {
  return row.replace(/\\\|/g, '').split('|').length - 2;
}

/** Every table in `markdown`: its lines, as runs of consecutive lines starting with `|`. */
function tablesOf(markdown: string): string[][] {
  const tables: string[][] = [];
  let current: string[] = [];
  for (const line of markdown.split('\n')) {
    if (line.startsWith('|')) current.push(line);
    else if (current.length > 0) {
      tables.push(current);
      current = [];
    }
  }
  if (current.length > 0) tables.push(current);
  return tables;
}

function expectWellFormed(markdown: string): void {
  expect(markdown.split('```').length % 2).toBe(1);
  expect(markdown.match(/<details>/g)?.length ?? 0).toBe(markdown.match(/<\/details>/g)?.length ?? 0);
  for (const table of tablesOf(markdown)) {
    expect(table.length).toBeGreaterThanOrEqual(3);
    expect(table[1]).toMatch(/^\|( *:?-+:? *\|)+$/);
    const cells = cellCount(table[0] ?? '');
    for (const row of table) expect(cellCount(row)).toBe(cells);
  }
}

describe('renderMarkdown', () => {
  it('matches the committed snapshot of a failing comparison', () => {
    expect(
      renderMarkdown(makeFailingComparison(), { now, runUrl, commitSha: 'd1e2f3a4b5c6d7e8', previousRuns }),
    ).toMatchSnapshot();
  });

  it('matches the committed snapshot of a first run without baseline', () => {
    expect(renderMarkdown(makeNoBaselineComparison(), { now, title: 'orders API' })).toMatchSnapshot();
  });

  it('matches the committed snapshots of an inconclusive run, an all-error scenario and a shortened 60-scenario comment', () => {
    expect(renderMarkdown(makeInconclusiveComparison(), { now })).toMatchSnapshot();
    expect(renderMarkdown(makeAllErrorComparison(), { now })).toMatchSnapshot();
    expect(renderMarkdown(makeHeavyComparison(60), { now, runUrl, maxChars: 65_536 })).toMatchSnapshot();
  });

  it('starts with the marker and the verdict', () => {
    const lines = renderMarkdown(makeFailingComparison(), { now }).split('\n');
    expect(lines[0]).toBe(DEFAULT_MARKER);
    expect(lines[2]).toBe('## ❌ perfgate: FAIL — 2 regressions, 1 threshold breached');
    const custom = renderMarkdown(makeNoBaselineComparison(), { now, marker: '<!-- perfgate:perf/api.yml -->' }).split(
      '\n',
    );
    expect(custom[0]).toBe('<!-- perfgate:perf/api.yml -->');
    expect(custom[2]).toBe('## ⚠️ perfgate: PASS — no baseline yet, 3 thresholds met');
  });

  // The run's notes were a second list after a blank line, which CommonMark joined to the list
  // above: 6 bullets under "Regressions" in the rendered comment.
  it('keeps each list of the verdict apart, as GitHub renders it', () => {
    const failing = makeFailingComparison();
    const cases: Comparison[] = [
      failing,
      // Regressions last above the notes and the advice: the case the notes folded into.
      { ...failing, improvements: [], breaches: [], notes: ['one note', 'another note'] },
      makeInconclusiveComparison(),
      makeNoBaselineComparison(),
    ];
    for (const [i, c] of cases.entries()) {
      const md = renderMarkdown(c, { now, runUrl });
      expect(itemsUnder(md, 'Regressions')?.length).toBe(c.regressions.length || undefined);
      expect(itemsUnder(md, 'Improvements')?.length).toBe(c.improvements.length || undefined);
      expect(itemsUnder(md, 'Thresholds breached')?.length).toBe(c.breaches.length || undefined);
      const remedies = itemsUnder(md, 'What you can do') ?? [];
      // A first run without a baseline has nothing held back and nothing failed on statistics.
      expect(remedies.length > 0).toBe(i < 3);
      // Each action once.
      expect(new Set(remedies).size).toBe(remedies.length);
    }
    const md = renderMarkdown(cases[1]!, { now, runUrl });
    expect(itemsUnder(md, 'Regressions')).toEqual([
      'p95 of `json_oracle/fetchByQuery` rose 12.5% (95% CI 8–17%), from 624 ms to 702 ms',
      'p99 of `json_oracle/fetchByQuery` rose 23.0% (95% CI 14–31%), from 867 ms to 1,066 ms',
    ]);
    // The notes are folded after the tables, under a heading of their own.
    const table = md.indexOf('| metric ');
    const notes = md.indexOf('<summary>How perfgate judged this run</summary>');
    expect(table).toBeGreaterThan(0);
    expect(notes).toBeGreaterThan(table);
    expect(itemsUnder(md.slice(notes), 'This run')).toEqual([
      'compared with the baseline and the history of 8 past runs',
      'one note',
      'another note',
    ]);
  });

  it('says ✅ for a clean pass', () => {
    const c = makeFailingComparison();
    const clean = {
      ...c,
      verdict: 'pass' as const,
      regressions: [],
      breaches: [],
      improvements: [],
      scenarios: c.scenarios.map((s) => ({
        ...s,
        current: { ...s.current, generator: { ...s.current.generator, saturated: false } },
        thresholds: s.thresholds.map((t) => ({ ...t, ok: true })),
        metrics: s.metrics.map((m) => ({ ...m, verdict: 'no change' as const, reasons: [] })),
      })),
    };
    expect(renderMarkdown(clean, { now }).split('\n')[2]).toBe('## ✅ perfgate: PASS — no regression');
    // Metrics a short run could not decide stay visible, but a pass still reads as a pass.
    const undecided = {
      ...clean,
      scenarios: clean.scenarios.map((s) => ({
        ...s,
        metrics: s.metrics.map((m) => (m.metric === 'p99' ? { ...m, verdict: 'inconclusive' as const } : m)),
      })),
    };
    expect(renderMarkdown(undecided, { now }).split('\n')[2]).toBe(
      '## ✅ perfgate: PASS — no regression (3 metrics could not be decided)',
    );
    // A generator that could not keep up is something to act on: the figures are its own.
    const saturated = {
      ...undecided,
      scenarios: undecided.scenarios.map((s, i) =>
        i === 0 ? { ...s, current: { ...s.current, generator: { ...s.current.generator, saturated: true } } } : s,
      ),
    };
    expect(renderMarkdown(saturated, { now }).split('\n')[2]).toBe(
      '## ⚠️ perfgate: PASS — no regression, generator saturated in 1 scenario (3 metrics could not be decided)',
    );
  });

  it('heads a scenario none of whose latencies was decided with ❔, not ✅', () => {
    // A new user's A/B gate: ✅ over a scenario whose every latency was inconclusive.
    const c = makeInconclusiveComparison();
    const undecided = {
      ...c,
      scenarios: c.scenarios.map((s, i) =>
        i === 0
          ? {
              ...s,
              metrics: s.metrics.map((m) =>
                m.metric === 'rps' || m.metric === 'error_rate' ? m : { ...m, verdict: 'inconclusive' as const },
              ),
            }
          : s,
      ),
    };
    const md = renderMarkdown(undecided, { now });
    const headings = md.split('\n').filter((line) => line.startsWith('### '));
    expect(headings.filter((line) => line.startsWith('### ❔'))).toHaveLength(1);
    // The others had p50 and p90 decided (no change): they keep their mark.
    expect(
      renderMarkdown(c, { now })
        .split('\n')
        .filter((line) => line.startsWith('### ❔')),
    ).toHaveLength(0);
  });

  it("names the baseline's commit and age, and the plain sentences under the verdict", () => {
    const md = renderMarkdown(makeFailingComparison(), { now, runUrl });
    expect(md).toContain('baseline: `abc1234`, 3 days old');
    expect(md).toContain('- p99 of `json_oracle/fetchByQuery` rose 23.0% (95% CI 14–31%), from 867 ms to 1,066 ms');
    expect(md).toContain(
      '| p99        |   867 ms | 1,066 ms |        +23.0% [+14%, +31%] |     ±12% | ❌ regression   |',
    );
    expect(md).toContain(
      '**Thresholds:** ✅ `p(95)<800` (702 ms) · ❌ `error_rate<0.01` (1.22%) · ✅ `rps>=30` (156.2/s)',
    );
    expect(md).toContain('grade: unresponsive (≥ 250 ms)');
    expectWellFormed(md);
  });

  it('draws the percentiles, baseline against current, where latency moved', () => {
    const md = renderMarkdown(makeFailingComparison(), { now });
    const charts =
      md.match(/```mermaid\n%%\{init: [^\n]+\nxychart-beta\n {2}title "[^"]+: latency percentiles \(ms\)"/g) ?? [];
    // fetchByKey improved and fetchByQuery regressed; checkout only has an inconclusive p99.
    expect(charts).toHaveLength(2);
    expect(md).toContain('  bar [509, 560, 624, 867]');
    expect(md).toContain('  line [512, 611, 702, 1070]');
  });

  it('starts every chart at 0, sets readable colours and says which plot is which', () => {
    const md = renderMarkdown(makeFailingComparison(), { now });
    const charts = md
      .split('```mermaid\n')
      .slice(1)
      .map((rest) => rest.slice(0, rest.indexOf('```')));
    expect(charts.length).toBeGreaterThanOrEqual(4);
    for (const chart of charts) {
      expect(chart).toMatch(/^ {2}y-axis "ms" 0 --> [\d.]+$/m);
      expect(chart).toMatch(
        /^%%\{init: \{"xyChart": \{"height": 260\}, "themeVariables": \{"xyChart": \{"plotColorPalette": "#[0-9a-f]{6}(, #[0-9a-f]{6})?"\}\}\}\}%%$/m,
      );
      expect(chart).not.toMatch(/#ECECFF/i);
    }
    expect(md).toContain('<sub>bars: baseline (grey) · line: this run (blue)</sub>');
  });

  it('says a reason shared by every scenario once, names the metrics, and ends with what to do', () => {
    const md = renderMarkdown(makeInconclusiveComparison(), { now });
    expect(md.split(SHARED_REASON_WORDS).length - 1).toBe(1);
    expect(md).toContain('- **all 3 scenarios**: p95, p99\n  - reason 1: the machine was busier with other work');
    expect(md).toContain('- `checkout`: p99\n  - reason 2: only 37 in the current run were above p99');
    expect(md).toContain('**What you can do**\n\n- run longer');
    expect(md).toContain('re-run on a quieter runner');
    expect(md).toContain('❔ p95, p99 held back: reason 1 under the verdict');
    // The statistics table refers to the reason by number instead of repeating it.
    expect(md).toMatch(/\| p99 +\| history +\| [^|]+\| [^|]+\| [^|]+\| [^|]+\| reason 1, reason 2 \|/);
    expectWellFormed(md);
  });

  it('shows "—" for the latencies of a scenario where no request succeeded, and its dropped requests', () => {
    const md = renderMarkdown(makeAllErrorComparison(), { now });
    const down = md.slice(md.indexOf('### ❌ `orders/down`'));
    expect(down).toContain('116,742 requests (211 dropped) in 1m · 1,946/s completed, 0.0/s OK · 400.0/s intended');
    expect(down).toContain('| p95        |       — |');
    expect(down).toContain('❌ no request succeeded: there is no latency to show');
    expect(down).toMatch(/\| this run \| +— \| +— \|/);
    // Its timeline shows the latency of all requests (the refusals' 1.2 ms) and that all failed.
    expect(down).toContain('  line [1.2, 1.2,');
    expect(down).toContain('failed share where requests failed: 0 s: 100%, 2 s: 100%');
    expectWellFormed(md);
  });

  it('buckets the distribution around the latency threshold, or by grade bands, or as Gatling did', () => {
    const md = renderMarkdown(makeAllErrorComparison(), { now });
    expect(md).toContain('buckets from the latency threshold, 150 ms, and its double');
    expect(md).toContain('| t < 150 ms          |');
    expect(md).toContain('| 150 ms ≤ t < 300 ms |');
    const grades = renderMarkdown(makeInconclusiveComparison(), { now });
    expect(grades).toContain('buckets from the latency grade bands');
    expect(grades).toMatch(/\| 50 ms ≤ t < 100 ms +\|/);
    const gatling = renderMarkdown(makeInconclusiveComparison(), { now, distribution: 'gatling' });
    expect(gatling).toMatch(/\| 800 ms ≤ t < 1,200 ms +\|/);
  });

  it('folds the full summary, status codes, errors, generator health and MDE into <details>', () => {
    const md = renderMarkdown(makeFailingComparison(), { now });
    const details = md.slice(md.indexOf('<summary>Details of <code>json_oracle/fetchByQuery</code></summary>'));
    const block = details.slice(0, details.indexOf('</details>'));
    expect(block).toContain('| this run | 38.2 |  615 |    489 | 512 | 570 | 611 | 702 | 1,066 | 1,402 | 1,817 |');
    expect(block).toContain('**Status codes:** `0:22 200:9258 503:92`');
    // 92 answered 503 beside the 22 timeouts: both are failures.
    expect(block).toContain('**Errors:** `status 503:92 ETIMEDOUT:22`');
    expect(block).toContain('**Generator:** CPU 0.41 cores');
    expect(block).toMatch(/\| p99 +\| history +\| <0\.001 \| +0\.002 \| +15% \| +±12% \|/);
    expect(block).toContain('p95 per second, all requests (ms)');
  });

  it('shows a current-only table when there is no baseline', () => {
    const md = renderMarkdown(makeNoBaselineComparison(), { now });
    expect(md).toContain('- no baseline yet: judged on thresholds alone');
    expect(md).toContain('| p95        | 12.8 ms |');
    expect(md).not.toContain('latency percentiles');
    expectWellFormed(md);
  });

  it('escapes scenario names that look like markup', () => {
    const c = makeFailingComparison();
    const [first, ...rest] = c.scenarios;
    const odd = { ...first!, name: 'a|b <script>', current: { ...first!.current, name: 'a|b <script>' } };
    const md = renderMarkdown({ ...c, scenarios: [odd, ...rest] }, { now });
    // A heading is no table: its pipe stays bare (a backslash would show), and a code span keeps HTML inert.
    expect(md).toContain('### ✅ `a|b <script>`');
    expect(md).toContain('<summary>Details of <code>a|b &lt;script&gt;</code></summary>');
    expect(md).not.toContain('<code>a|b <script>');
  });
});

describe('truncation', () => {
  const big = makeLargeComparison(300);

  it('keeps a 60-scenario comment under 65,536 characters and lists every scenario first', () => {
    const heavy = makeHeavyComparison(60);
    expect(renderMarkdown(heavy, { now, maxChars: 10_000_000 }).length).toBeGreaterThan(65_536);
    const md = renderMarkdown(heavy, { now, runUrl, maxChars: 65_536 });
    expect(md.length).toBeLessThanOrEqual(65_536);
    const overview = md.slice(md.indexOf('**Every scenario** (60 scenarios)'));
    expect(overview.length).toBeLessThan(md.length);
    for (let i = 0; i < 60; i += 1) expect(overview).toContain(`| \`orders/endpoint-${String(i).padStart(3, '0')}\` |`);
    // The table comes before any scenario's own section.
    expect(md.indexOf('**Every scenario**')).toBeLessThan(md.indexOf('\n### '));
    expect(md).toMatch(/\| ❌ +\| `orders\/endpoint-003` \| regression: p99 +\|/);
    expect(md).toMatch(
      /> ✂️ Shortened to fit 65,536 characters: details folded away, and \d+ of 60 scenarios are in the table below without their section\. The full report is in the job summary of \[this workflow run\]/,
    );
    expect(md).not.toContain('artifact');
    expectWellFormed(md);
  });

  it('names the results link only when the caller has one', () => {
    const md = renderMarkdown(makeHeavyComparison(60), {
      now,
      runUrl,
      maxChars: 65_536,
      resultsUrl: 'https://example.test/results.zip',
    });
    expect(md).toContain('and in [its results](https://example.test/results.zip).');
  });

  it('keeps a 300-scenario report under the limit with the marker, the verdict and a note', () => {
    const md = renderMarkdown(big, { now, runUrl, marker: '<!-- perfgate:big -->' });
    expect(md.length).toBeLessThanOrEqual(65_000);
    expect(md.startsWith('<!-- perfgate:big -->\n\n## ❌ perfgate: FAIL — 43 regressions\n')).toBe(true);
    expect(md).toMatch(
      /> ✂️ Shortened to fit 65,000 characters: details folded away, and \d+ of 300 scenarios are in the table below/,
    );
    expect(md).not.toContain('<details>');
    for (let i = 0; i < 300; i += 1) expect(md).toContain(`\`orders/endpoint-${String(i).padStart(3, '0')}\``);
    expectWellFormed(md);
    // The hidden history survives, so the next run still knows this one.
    expect(extractPreviousRuns(md)).toHaveLength(1);
  });

  it('never cuts a scenario table: every heading kept has all its rows', () => {
    for (const maxChars of [65_000, 20_000, 8_000, 3_000]) {
      const md = renderMarkdown(big, { now, maxChars });
      expect(md.length).toBeLessThanOrEqual(maxChars);
      expectWellFormed(md);
      const sections = md.split('\n### ').slice(1);
      for (const section of sections) {
        const [table] = tablesOf(section);
        expect(table).toHaveLength(8);
      }
    }
  });

  it('keeps every failing scenario in the table when even the table must shrink', () => {
    const md = renderMarkdown(big, { now, maxChars: 8_000 });
    for (const s of big.scenarios.filter((x) => x.metrics.some((m) => m.verdict === 'regression')))
      expect(md).toContain(`\`${s.name}\``);
    expect(md).toMatch(/…and [\d,]+ more passing scenarios/);
  });

  it('adds back full sections of failing scenarios before passing ones', () => {
    const md = renderMarkdown(makeHeavyComparison(60), { now, maxChars: 20_000 });
    const kept = [...md.matchAll(/^### (\S+) `([^`]+)`/gm)].map((m) => m[1]);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((emoji) => emoji === '❌')).toBe(true);
  });

  it('drops only the details when that is enough', () => {
    const c = makeFailingComparison();
    const full = renderMarkdown(c, { now });
    const withoutDetails = renderMarkdown(c, { now, maxChars: full.length - 1 });
    expect(withoutDetails).not.toContain('<details>');
    expect(withoutDetails).toContain('### ⚠️ `checkout`');
    expect(withoutDetails).toContain(
      'details folded away. The full report is in the job summary of this workflow run.',
    );
  });

  it('keeps the marker and the verdict even when nothing else fits', () => {
    const md = renderMarkdown(big, { now, maxChars: 400 });
    expect(md.startsWith(`${DEFAULT_MARKER}\n\n## ❌ perfgate: FAIL — 43 regressions\n`)).toBe(true);
    expect(md.length).toBeLessThanOrEqual(400);
  });
});

describe('history of the PR in the comment', () => {
  it('round-trips through the hidden comment, newest last, and shows earlier runs', () => {
    const md = renderMarkdown(makeFailingComparison(), { now, commitSha: 'd1e2f3a4b5c6d7e8', previousRuns });
    expect(extractPreviousRuns(md)).toEqual([
      ...previousRuns,
      {
        sha: 'd1e2f3a4b5c6d7e8',
        verdict: 'fail',
        date: '2025-11-30T12:05:00.000Z',
        summary: '2 regressions, 1 threshold breached',
      },
    ]);
    expect(md).toContain('**Earlier runs on this PR**');
    expect(md).toContain('| `5f6e7d8` | ❌ fail  | 2025-11-29 10:02 UTC | 1 regression  |');
  });

  it('keeps at most 20 runs', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({
      sha: `sha${i}`,
      verdict: 'pass',
      date: now.toISOString(),
      summary: `run ${i}`,
    }));
    const runs = extractPreviousRuns(renderMarkdown(makeNoBaselineComparison(), { now, previousRuns: many }));
    expect(runs).toHaveLength(20);
    expect(runs[0]?.sha).toBe('sha6');
  });

  it('reads nothing from a comment without history or with a damaged one', () => {
    expect(extractPreviousRuns('no marker here')).toEqual([]);
    expect(extractPreviousRuns('<!-- perfgate-history: bm90IGpzb24= -->')).toEqual([]);
    const wrongShape = Buffer.from(
      JSON.stringify([{ sha: 1 }, { sha: 'a', verdict: 'pass', date: 'd', summary: 's', extra: true }]),
    ).toString('base64');
    expect(extractPreviousRuns(`<!-- perfgate-history: ${wrongShape} -->`)).toEqual([
      { sha: 'a', verdict: 'pass', date: 'd', summary: 's' },
    ]);
  });
});

// A new user's comment showed \`perfgate plan\`: the note was escaped whole, its code span too.
it("renders a note's perfgate command as code and keeps a config name's backticks literal", () => {
  const failing = makeFailingComparison();
  const note =
    'compare.detect: p95 of a`b*c* could see ±12%, not the 10% it targets. A longer window sees more (`perfgate plan` on these results says how long).';
  const md = renderMarkdown({ ...failing, notes: [note] }, { now, runUrl });
  const section = md.slice(md.indexOf('<summary>How perfgate judged this run</summary>'));
  const html = marked.parse(section.slice(0, section.indexOf('</details>')), {
    gfm: true,
    async: false,
  });
  expect(html.match(/<code>perfgate plan<\/code>/g)?.length).toBe(1);
  expect(html).not.toContain('\\`');
  // The name's backtick and stars stay text: one code span in the note, no emphasis.
  expect(html).toContain('p95 of a`b*c* could see');
  expect(html.match(/<code>/g)?.length).toBe(1);
  expect(html).not.toContain('<em>');
});
