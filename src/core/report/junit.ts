// The comparison as JUnit XML (`--format junit`), the report Jenkins, GitLab, CircleCI and Azure
// Pipelines read: one testsuite per scenario, one testcase per compared metric and per threshold.
// A regression or a breached threshold is a <failure> with the change, its interval, p and MDE;
// an inconclusive verdict is <skipped> (the run could not decide it, which is not a pass); an
// accepted regression passes and says so, as the gate does. Valid against the Ant/Jenkins
// junit-10.xsd (test/fixtures/junit-10.xsd), which a test checks with libxml2.
import type { Comparison, MetricComparison, ScenarioComparison, ThresholdResult } from '../types/comparison.js';
import { describeAcceptedChange } from '../accept.js';
import {
  formatChangeWithInterval,
  formatMetricValue,
  formatPValue,
  formatThresholdOutcome,
  isLatencyMetric,
  metricLabel,
  NO_VALUE,
} from './format.js';
import { escapeXmlText, xmlAttributes } from './markup/xml.js';
import { describeReason } from './reasons.js';
import {
  describeBaseline,
  describeMetricChange,
  describeRequests,
  formatMde,
  sortMetrics,
  verdictHeadline,
  verdictPValue,
} from './sentences.js';

interface TestCase {
  name: string;
  outcome?: { element: 'failure' | 'skipped'; type: string; message: string };
  /** The body of the failure or skipped element, or the passing case's system-out. */
  detail: string;
}

export function renderJunit(comparison: Comparison): string {
  const suites = comparison.scenarios.map((scenario) => renderSuite(comparison, scenario));
  const tests = suites.reduce((n, s) => n + s.tests, 0);
  const failures = suites.reduce((n, s) => n + s.failures, 0);
  const seconds = comparison.scenarios.reduce((sum, s) => sum + s.current.durationMs, 0) / 1000;
  const open = `<testsuites${xmlAttributes({
    name: `perfgate: ${verdictHeadline(comparison)}`,
    tests,
    failures,
    errors: 0,
    time: formatSeconds(seconds),
  })}>`;
  return ['<?xml version="1.0" encoding="UTF-8"?>', open, ...suites.map((s) => s.xml), '</testsuites>', ''].join('\n');
}

function renderSuite(
  comparison: Comparison,
  scenario: ScenarioComparison,
): { xml: string; tests: number; failures: number } {
  const cases = [
    ...sortMetrics(scenario.metrics).map((m) => metricCase(comparison, scenario, m)),
    ...scenario.thresholds.map(thresholdCase),
  ];
  if (scenario.metrics.length === 0) cases.unshift(nothingComparedCase(comparison, scenario));
  const failures = cases.filter((c) => c.outcome?.element === 'failure').length;
  const skipped = cases.filter((c) => c.outcome?.element === 'skipped').length;
  const r = scenario.current;
  const open = `  <testsuite${xmlAttributes({
    name: scenario.name,
    tests: cases.length,
    failures,
    errors: 0,
    skipped,
    time: formatSeconds(r.durationMs / 1000),
    timestamp: r.startTime,
  })}>`;
  const lines = [open, ...renderProperties(comparison)];
  for (const c of cases) lines.push(...renderCase(scenario.name, c));
  const out = [describeRequests(r)];
  if (r.generator.saturated)
    out.push(`generator saturated: ${r.generator.reasons.join('; ') || 'it could not keep up'}`);
  for (const [errorClass, example] of Object.entries(r.errorExamples ?? {}))
    out.push(`first ${errorClass}: ${example}`);
  out.push(...scenario.notes.map((note) => `note: ${note}`));
  lines.push(`    <system-out>${escapeXmlText(out.join('\n'))}</system-out>`, '  </testsuite>');
  return { xml: lines.join('\n'), tests: cases.length, failures };
}

/** The run's facts on every suite: the schema has no properties on <testsuites>. */
function renderProperties(comparison: Comparison): string[] {
  const properties: [string, string | undefined][] = [
    ['perfgate.verdict', verdictHeadline(comparison)],
    ['perfgate.mode', comparison.ab ? `ab (${comparison.ab.schedule})` : comparison.mode],
    ['perfgate.commit', comparison.current.git?.commit],
    ['perfgate.baseline', comparison.ab?.baseCommit ?? comparison.baseline?.commit],
    ['perfgate.accepted', comparison.accepted?.by],
    ...describeBaseline(comparison).map((note): [string, string] => ['perfgate.method', note]),
  ];
  const set = properties.filter((p): p is [string, string] => p[1] !== undefined);
  return [
    '    <properties>',
    ...set.map(([name, value]) => `      <property${xmlAttributes({ name, value })}/>`),
    '    </properties>',
  ];
}

function renderCase(scenario: string, c: TestCase): string[] {
  const open = `    <testcase${xmlAttributes({ name: c.name, classname: scenario, time: '0' })}`;
  if (!c.outcome) return [`${open}>`, `      <system-out>${escapeXmlText(c.detail)}</system-out>`, '    </testcase>'];
  const { element, type, message } = c.outcome;
  return [
    `${open}>`,
    `      <${element}${xmlAttributes({ type, message })}>${escapeXmlText(c.detail)}</${element}>`,
    '    </testcase>',
  ];
}

/** "p95 +23.1% [+14%, +31%], p 0.001, MDE ±8.0%": the change, its interval, and what the test could see. */
function describeFigures(m: MetricComparison, okCounts: { baseline?: number; current: number }): string {
  const noLatency = isLatencyMetric(m.metric) && (okCounts.baseline === 0 || okCounts.current === 0);
  const change = noLatency ? NO_VALUE : formatChangeWithInterval(m.metric, m.change, m.changeInterval);
  const p = verdictPValue(m);
  return `${metricLabel(m.metric)} ${change}${p === undefined ? '' : `, p ${formatPValue(p)}`}, MDE ${formatMde(m)}`;
}

function metricCase(comparison: Comparison, scenario: ScenarioComparison, m: MetricComparison): TestCase {
  const ok = { baseline: scenario.baseline?.requests.ok, current: scenario.current.requests.ok };
  const figures = describeFigures(m, ok);
  const values = `${formatMetricValue(m.metric, m.baseline, ok.baseline)} → ${formatMetricValue(m.metric, m.current, ok.current)}`;
  const reasons = m.reasons.map(describeReason);
  const detail = [
    m.verdict === 'no change' || m.verdict === 'inconclusive'
      ? `${figures}: ${m.verdict}`
      : `${m.verdict}: ${describeMetricChange(m)}`,
    `${comparison.ab ? 'base → head' : 'baseline → current'}: ${values}`,
    ...(verdictPValue(m) === undefined ? [] : ['p: two-sided, Holm-adjusted over all tests of the run']),
    ...reasons,
  ].join('\n');
  const name = metricLabel(m.metric);
  if (m.verdict === 'regression' && comparison.accepted)
    return {
      name,
      detail: `regression accepted by ${comparison.accepted.by} (${describeAcceptedChange(m)}): the gate passes\n${detail}`,
    };
  if (m.verdict === 'regression')
    return { name, outcome: { element: 'failure', type: 'regression', message: `regression: ${figures}` }, detail };
  if (m.verdict === 'inconclusive') {
    const why = reasons.length > 0 ? `: ${reasons.join('; ')}` : '';
    return {
      name,
      outcome: { element: 'skipped', type: 'inconclusive', message: `inconclusive: ${figures}${why}` },
      detail,
    };
  }
  return { name, detail };
}

function thresholdCase(t: ThresholdResult): TestCase {
  const name = `threshold ${t.expression}`;
  const detail = `${t.expression}: ${formatThresholdOutcome(t)}`;
  if (t.ok) return { name, detail };
  return { name, outcome: { element: 'failure', type: 'threshold', message: `breached: ${detail}` }, detail };
}

/** A scenario with no compared metric: the comparison did not happen, which is said, not passed. */
function nothingComparedCase(comparison: Comparison, scenario: ScenarioComparison): TestCase {
  const status = comparison.baselineStatus;
  const why =
    status.kind !== 'ok' && comparison.ab === undefined
      ? `no usable baseline (${status.kind}${status.detail ? `: ${status.detail}` : ''}): judged on thresholds alone`
      : scenario.baseline === undefined
        ? `${scenario.name} is not in the ${comparison.ab ? 'base run' : 'baseline'}: nothing to compare with`
        : 'no metric was compared';
  return {
    name: 'compared with the baseline',
    outcome: { element: 'skipped', type: 'not-compared', message: why },
    detail: why,
  };
}

/** Seconds as the schema's SUREFIRE_TIME wants them: digits and a point, no separators. */
function formatSeconds(seconds: number): string {
  return Number.isFinite(seconds) && seconds >= 0 ? seconds.toFixed(3) : '0';
}
