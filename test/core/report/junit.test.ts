// `--format junit`: valid against the Ant/Jenkins junit-10.xsd (checked by libxml2), one suite per
// scenario, one case per compared metric and threshold, failures and skips where the verdict says
// so, and every string from a results file kept as text whatever it holds.
import { describe, expect, it } from 'vitest';
import { renderJunit } from '../../../src/core/report/junit.js';
import { escapeXmlAttribute, escapeXmlText } from '../../../src/core/report/markup/xml.js';
import { acceptRegressions } from '../../../src/core/accept.js';
import type { Comparison } from '../../../src/core/types/comparison.js';
import { junitSchemaErrors } from './junit-schema.js';
import { judgeRun } from '../../../src/core/gate.js';
import { defaultCompareConfig } from '../../../src/core/config/compare.js';
import { makeAbResults } from '../ab-fixtures.js';
import { makeFailingComparison, makeInconclusiveComparison, makeNoBaselineComparison } from './fixtures.js';

/** An attribute's value as a parser reads it. */
function unescape(value: string): string {
  return value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The attributes of every element named `tag`, in document order (the renderer writes them on one line). */
function elements(xml: string, tag: string): Record<string, string>[] {
  return [...xml.matchAll(new RegExp(`<${tag}((?:\\s+[\\w-]+="[^"]*")*)\\s*/?>`, 'g'))].map((match) =>
    Object.fromEntries([...(match[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1]!, unescape(a[2]!)])),
  );
}

function count(xml: string, tag: string): number {
  return elements(xml, tag).length;
}

describe('renderJunit', () => {
  it('is valid against junit-10.xsd, with a failure per regression and breach and a skip per inconclusive verdict', async () => {
    const comparison = makeFailingComparison();
    const xml = renderJunit(comparison);
    expect(await junitSchemaErrors(xml)).toEqual([]);

    const metrics = comparison.scenarios.reduce((n, s) => n + s.metrics.length, 0);
    const thresholds = comparison.scenarios.reduce((n, s) => n + s.thresholds.length, 0);
    const inconclusive = comparison.scenarios.flatMap((s) => s.metrics).filter((m) => m.verdict === 'inconclusive');
    expect(count(xml, 'testsuite')).toBe(comparison.scenarios.length);
    expect(count(xml, 'testcase')).toBe(metrics + thresholds);
    expect(count(xml, 'failure')).toBe(comparison.regressions.length + comparison.breaches.length);
    expect(count(xml, 'skipped')).toBe(inconclusive.length);
    const [root] = elements(xml, 'testsuites');
    expect(root).toMatchObject({
      tests: String(metrics + thresholds),
      failures: String(comparison.regressions.length + comparison.breaches.length),
      errors: '0',
    });
    expect(root!.name).toMatch(/^perfgate: FAIL — /);
    // Each suite's counts add up to its own cases.
    for (const suite of elements(xml, 'testsuite')) {
      const scenario = comparison.scenarios.find((s) => s.name === suite.name)!;
      expect(Number(suite.tests)).toBe(scenario.metrics.length + scenario.thresholds.length);
      expect(Number(suite.failures)).toBe(
        scenario.metrics.filter((m) => m.verdict === 'regression').length +
          scenario.thresholds.filter((t) => !t.ok).length,
      );
    }
  });

  it("puts the change, its interval, p and the MDE in a regression's failure", () => {
    const xml = renderJunit(makeFailingComparison());
    const regressions = elements(xml, 'failure').filter((f) => f.type === 'regression');
    expect(regressions.map((f) => f.message)).toEqual([
      'regression: p95 +12.5% [+8%, +17%], p 0.004, MDE ±6.0%',
      'regression: p99 +23.0% [+14%, +31%], p 0.002, MDE ±12%',
    ]);
    const breach = elements(xml, 'failure').find((f) => f.type === 'threshold');
    expect(breach?.message).toMatch(/^breached: error_rate<0\.01: 1\.\d\d%$/);
    const skip = elements(xml, 'skipped')[0];
    expect(skip?.message).toMatch(/^inconclusive: p90 \+9\.\d% \[\+2(\.\d)?%, \+16(\.\d)?%\], p [\d.<]+, MDE ±6\.0%/);
  });

  it('says why a scenario was not compared, as a skip, and keeps its thresholds', async () => {
    const comparison = makeNoBaselineComparison();
    const xml = renderJunit(comparison);
    expect(await junitSchemaErrors(xml)).toEqual([]);
    const skips = elements(xml, 'skipped');
    expect(skips).toHaveLength(comparison.scenarios.length);
    for (const skip of skips) expect(skip.message).toMatch(/^no usable baseline \(missing: no cache entry/);
    expect(count(xml, 'testcase')).toBe(comparison.scenarios.length + 3);
    expect(count(xml, 'failure')).toBe(0);
  });

  it('passes an accepted regression and says who accepted it, as the gate does', async () => {
    const failing = makeFailingComparison();
    const withoutBreach: Comparison = {
      ...failing,
      breaches: [],
      scenarios: failing.scenarios.map((s) => ({ ...s, thresholds: s.thresholds.filter((t) => t.ok) })),
    };
    const accepted = acceptRegressions(withoutBreach, { by: 'label perf-accepted' });
    expect(accepted.verdict).toBe('pass');
    const xml = renderJunit(accepted);
    expect(await junitSchemaErrors(xml)).toEqual([]);
    expect(count(xml, 'failure')).toBe(0);
    expect(xml.match(/regression accepted by label perf-accepted \(p9\d \+\d+\.\d%\): the gate passes/g)).toHaveLength(
      accepted.regressions.length,
    );
    expect(elements(xml, 'property').filter((p) => p.name === 'perfgate.accepted')[0]?.value).toBe(
      'label perf-accepted',
    );
  });

  it('skips every inconclusive metric with its reasons', async () => {
    const comparison = makeInconclusiveComparison();
    const xml = renderJunit(comparison);
    expect(await junitSchemaErrors(xml)).toEqual([]);
    const inconclusive = comparison.scenarios.flatMap((s) => s.metrics).filter((m) => m.verdict === 'inconclusive');
    expect(inconclusive.length).toBeGreaterThan(0);
    expect(count(xml, 'skipped')).toBe(inconclusive.length);
    for (const skip of elements(xml, 'skipped')) expect(skip.message).toMatch(/^inconclusive: .+: .+/);
  });

  it('stays well-formed and valid with markup, quotes and control characters in a scenario name and reason', async () => {
    const hostile = 'a<b & "c" \'d\' ]]> \u0000\u0001\u001b[31m \ud800 tab\there\r\nnext </testsuite><x>';
    const comparison = makeFailingComparison();
    const scenario = comparison.scenarios[0]!;
    scenario.name = hostile;
    scenario.notes = [hostile];
    for (const m of scenario.metrics) m.scenario = hostile;
    scenario.current = {
      ...scenario.current,
      name: hostile,
      generator: { ...scenario.current.generator, saturated: true, reasons: [hostile] },
    };
    const xml = renderJunit(comparison);
    expect(await junitSchemaErrors(xml)).toEqual([]);
    expect(count(xml, 'testsuite')).toBe(comparison.scenarios.length);
    expect(xml).not.toContain('<x>');
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    // Read back as written, but for the characters XML cannot hold at all.
    const readable = hostile.replace(/[\u0000\u0001\u001b\ud800]/g, '\ufffd');
    expect(elements(xml, 'testsuite')[0]!.name).toBe(readable);
    expect(elements(xml, 'testcase').filter((c) => c.classname === readable)).toHaveLength(
      scenario.metrics.length + scenario.thresholds.length,
    );
    expect(escapeXmlAttribute(hostile)).toBe(
      'a&lt;b &amp; &quot;c&quot; &apos;d&apos; ]]&gt; \ufffd\ufffd\ufffd[31m \ufffd tab&#9;here&#13;&#10;next &lt;/testsuite&gt;&lt;x&gt;',
    );
  });
});

describe('renderJunit on an A/B run judged by judgeRun', () => {
  it('names base and head, fails the regressions it found, and skips the head-only scenario as not compared', async () => {
    const current = makeAbResults({
      seed: 3,
      schedule: 'duet',
      scenarios: [{ name: 'api', pairs: 12, headScale: 1.3 }],
      headOnly: [{ name: 'new-endpoint', pairs: 12 }],
    });
    const { comparison } = judgeRun({
      current,
      config: { thresholds: {}, compare: { ...defaultCompareConfig(), mode: 'ab' as const } },
      baseline: { kind: 'missing', detail: 'nothing saved yet' },
    });
    expect(comparison.regressions.length).toBeGreaterThan(0);
    const xml = renderJunit(comparison);
    expect(await junitSchemaErrors(xml)).toEqual([]);
    expect(count(xml, 'failure')).toBe(comparison.regressions.length);
    expect(xml).toContain('base → head: ');
    expect(elements(xml, 'property').find((p) => p.name === 'perfgate.mode')?.value).toBe('ab (duet)');
    const notCompared = elements(xml, 'skipped').filter((s) => s.type === 'not-compared');
    expect(notCompared.map((s) => s.message)).toEqual(['new-endpoint is not in the base run: nothing to compare with']);
  });
});

describe('the validator', () => {
  it('refuses what the schema refuses: a testcase without a name, a suite without counts, text outside elements', async () => {
    const valid = renderJunit(makeFailingComparison());
    expect(await junitSchemaErrors(valid.replace(/<testcase name="[^"]*"/, '<testcase'))).not.toEqual([]);
    expect(await junitSchemaErrors(valid.replace(/ failures="\d+"/g, ''))).not.toEqual([]);
    expect(await junitSchemaErrors(valid.replace('</testsuites>', '</testsuite>'))).not.toEqual([]);
    expect(await junitSchemaErrors(`${valid}\u0001`)).not.toEqual([]);
  });

  it('escapes text content: markup, ampersands, carriage returns and characters XML forbids', () => {
    expect(escapeXmlText('a<b>&c\r\n\u0000')).toBe('a&lt;b&gt;&amp;c&#13;\n\ufffd');
    // A well-formed surrogate pair (an emoji) is kept; a lone half is not.
    expect(escapeXmlText('🙂 \udc00')).toBe('🙂 \ufffd');
  });
});
