// Absolute SLOs in k6's syntax (`p(95)<150`, `error_rate<0.01`), per scenario-name glob.
// Breached or not: no statistics involved.
import { parseDuration, parsePercent } from './duration.js';
import { ConfigError } from './errors.js';
import { decodeHistogram, percentileMs } from './histogram.js';
import { formatPath } from './paths.js';
import type { ThresholdResult } from './types/comparison.js';
import type { Results, ScenarioResult } from './types/results.js';
import { closestMatch } from './closest-match.js';

export type ThresholdOperator = '<' | '<=' | '>' | '>=' | '==' | '!=';

export type ThresholdMetric =
  'p' | 'avg' | 'med' | 'min' | 'max' | 'stddev' | 'error_rate' | 'rps' | 'dropped' | 'capacity';

export interface Threshold {
  expression: string;
  metric: ThresholdMetric;
  /** For `p(N)`: N, 0 < N ≤ 100. */
  percentile?: number;
  /** A latency metric's measure when written (`p(95):ttfb`); absent: the scenario's `latency`. */
  measure?: 'full' | 'ttfb';
  operator: ThresholdOperator;
  /** ms for latency metrics, a fraction for error_rate, requests/s for rps and capacity, a count for dropped. */
  value: number;
}

const LATENCY_METRICS: readonly ThresholdMetric[] = ['p', 'avg', 'med', 'min', 'max', 'stddev'];

const METRIC_NAMES = ['avg', 'med', 'min', 'max', 'stddev', 'error_rate', 'rps', 'dropped', 'capacity'] as const;

const KNOWN_METRICS = `p(N), ${METRIC_NAMES.join(', ')}`;

const OPERATORS = '< <= > >= == !=';

/** Percentiles the results file records in `latencyMs`; others come from the histogram. */
const RECORDED_PERCENTILES: Record<string, keyof ScenarioResult['latencyMs']> = {
  '50': 'p50',
  '75': 'p75',
  '90': 'p90',
  '95': 'p95',
  '99': 'p99',
  '99.9': 'p999',
};

const EXPRESSION =
  /^\s*([A-Za-z_][A-Za-z0-9_.]*)\s*(?:\(\s*([^)]*?)\s*\))?\s*(?::\s*([A-Za-z_]*)\s*)?(<=|>=|==|!=|<|>|=<|=>|=)?\s*(.*?)\s*$/;

/** Parses one expression; a bad one is a ConfigError naming `path`, the expression and the fix. */
export function parseThreshold(expression: string, path: string): Threshold {
  const prefix = `${path}: ${JSON.stringify(expression)}`;
  const match = EXPRESSION.exec(expression);
  if (!match?.[1] || !match[4] || !match[5]) {
    throw new ConfigError(
      `${prefix} is not a threshold; write <metric><operator><value> like "p(95)<150" (operators ${OPERATORS}; metrics ${KNOWN_METRICS})`,
    );
  }
  const [, name, argument, rawMeasure, rawOperator, rawValue] = match as unknown as [
    string,
    string,
    string | undefined,
    string | undefined,
    string,
    string,
  ];

  let metric: ThresholdMetric;
  let percentile: number | undefined;
  if (name === 'p' && argument !== undefined) {
    percentile = /^[0-9]+(\.[0-9]+)?$/.test(argument) ? Number(argument) : NaN;
    if (!(percentile > 0 && percentile <= 100)) {
      throw new ConfigError(
        `${prefix}: percentile ${JSON.stringify(argument)} is out of range; use p(N) with 0 < N ≤ 100, like p(99.9)`,
      );
    }
    metric = 'p';
  } else if ((METRIC_NAMES as readonly string[]).includes(name) && argument === undefined) {
    metric = name as ThresholdMetric;
  } else {
    const shorthand = /^p([0-9]+(?:\.[0-9]+)?)$/.exec(name);
    const suggestion = shorthand ? `p(${shorthand[1]})` : closestMatch(name, METRIC_NAMES);
    const written = argument === undefined ? name : `${name}(${argument})`;
    throw new ConfigError(
      `${prefix} has an unknown metric ${JSON.stringify(written)}${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; use one of ${KNOWN_METRICS}`,
    );
  }

  if (rawOperator === '=' || rawOperator === '=<' || rawOperator === '=>') {
    const fix = rawOperator === '=' ? '==' : rawOperator === '=<' ? '<=' : '>=';
    throw new ConfigError(
      `${prefix}: "${rawOperator}" is not an operator; did you mean "${fix}"? (operators ${OPERATORS})`,
    );
  }
  let measure: 'full' | 'ttfb' | undefined;
  if (rawMeasure !== undefined) {
    if (!LATENCY_METRICS.includes(metric))
      throw new ConfigError(
        `${prefix}: ":${rawMeasure}" picks a latency measure, and ${metric} is no latency; write it without ":${rawMeasure}"`,
      );
    if (rawMeasure !== 'ttfb' && rawMeasure !== 'full')
      throw new ConfigError(
        `${prefix}: ":${rawMeasure}" is no latency measure; use :ttfb (to the first byte of the body) or :full (to the end of the response), like "p(95):ttfb<200"`,
      );
    measure = rawMeasure;
  }
  const operator = rawOperator as ThresholdOperator;
  const value = parseThresholdValue(metric, rawValue, prefix);
  const threshold: Threshold = { expression, metric, operator, value };
  if (percentile !== undefined) threshold.percentile = percentile;
  if (measure !== undefined) threshold.measure = measure;
  return threshold;
}

/**
 * The latency summary and histogram a threshold reads: the scenario's own latency, or the other
 * measure when the threshold names it (`p(95):ttfb` on a scenario that measures the full time).
 * Undefined when the result does not hold that measure (a flow, a file from before it existed).
 */
export function latencyOf(
  scenario: ScenarioResult,
  measure: 'full' | 'ttfb' | undefined,
): { latencyMs: ScenarioResult['latencyMs']; histogram: string } | undefined {
  const own = scenario.latency ?? 'full';
  if (measure === undefined || measure === own) return { latencyMs: scenario.latencyMs, histogram: scenario.histogram };
  if (measure === 'ttfb')
    return scenario.ttfbMs && scenario.ttfbHistogram
      ? { latencyMs: scenario.ttfbMs, histogram: scenario.ttfbHistogram }
      : undefined;
  return scenario.fullMs && scenario.fullHistogram
    ? { latencyMs: scenario.fullMs, histogram: scenario.fullHistogram }
    : undefined;
}

function parseThresholdValue(metric: ThresholdMetric, text: string, prefix: string): number {
  if (/^-?[0-9]+(\.[0-9]+)?$/.test(text)) return Number(text);
  try {
    if (LATENCY_METRICS.includes(metric) && /[a-z]$/.test(text)) return parseDuration(text, '');
    if (metric === 'error_rate' && text.endsWith('%')) return parsePercent(text, '');
  } catch {
    // Fall through to the message below, which says what the metric takes.
  }
  const unit = LATENCY_METRICS.includes(metric)
    ? 'latency is in ms, like "p(95)<150" (or with a unit: "p(95)<1.5s")'
    : metric === 'error_rate'
      ? 'error_rate is a fraction, like "error_rate<0.01" (or "error_rate<1%")'
      : metric === 'rps'
        ? 'rps is requests per second, like "rps>=30"'
        : metric === 'capacity'
          ? 'capacity is requests per second, like "capacity>=380"'
          : 'dropped is a count of requests, like "dropped==0"';
  throw new ConfigError(`${prefix}: ${JSON.stringify(text)} is not a number; ${unit}`);
}

/** Scenario-name globs: `*` matches any run of characters, `/` included; the rest is literal. */
export function globToRegExp(glob: string): RegExp {
  const pattern = glob
    .split('*')
    .map((piece) => piece.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`);
}

export function matchesGlob(glob: string, name: string): boolean {
  return globToRegExp(glob).test(asWritten(name));
}

/**
 * A scenario's name as its config writes it. Names read from an untrusted results file carry a
 * word joiner after each "@" (src/core/results/read.ts), so that no report can mention anyone;
 * a threshold on `users/@me` must still find its scenario.
 */
function asWritten(name: string): string {
  return name.replace(/@\u2060/g, '@');
}

/** The scenario's value for a threshold's metric, or undefined when latency has no ok requests. */
export function thresholdActual(threshold: Threshold, scenario: ScenarioResult): number | undefined {
  switch (threshold.metric) {
    case 'error_rate':
      return scenario.errorRate;
    case 'rps':
      return scenario.rps;
    case 'dropped':
      return scenario.requests.dropped;
    case 'capacity':
      return scenario.capacity?.ratePerSec;
    default:
      break;
  }
  if (scenario.requests.ok === 0) return undefined;
  const measured = latencyOf(scenario, threshold.measure);
  if (!measured) return undefined;
  const latency = measured.latencyMs;
  switch (threshold.metric) {
    case 'avg':
      return latency.mean;
    case 'med':
      return latency.p50;
    case 'min':
      return latency.min;
    case 'max':
      return latency.max;
    case 'stddev':
      return latency.stddev;
    default: {
      const percentile = threshold.percentile ?? 50;
      const recorded = RECORDED_PERCENTILES[String(percentile)];
      if (recorded) return latency[recorded];
      const histogram = decodeHistogram(measured.histogram);
      try {
        return percentileMs(histogram, percentile);
      } finally {
        histogram.destroy();
      }
    }
  }
}

export function compareThreshold(actual: number, operator: ThresholdOperator, limit: number): boolean {
  switch (operator) {
    case '<':
      return actual < limit;
    case '<=':
      return actual <= limit;
    case '>':
      return actual > limit;
    case '>=':
      return actual >= limit;
    case '==':
      return actual === limit;
    case '!=':
      return actual !== limit;
  }
}

/**
 * Checks every expression against every scenario its glob matches, in the order of the
 * thresholds and then of the scenarios. A latency threshold on a scenario without one ok
 * request is breached: there is no latency to vouch for.
 */
export function evaluateThresholds(thresholds: Record<string, string[]>, results: Results): ThresholdResult[] {
  const outcomes: ThresholdResult[] = [];
  for (const [glob, expressions] of Object.entries(thresholds)) {
    const parsed = expressions.map((expression, i) => parseThreshold(expression, formatPath(['thresholds', glob, i])));
    const pattern = globToRegExp(glob);
    for (const scenario of results.scenarios) {
      if (!pattern.test(asWritten(scenario.name))) continue;
      for (const threshold of parsed) {
        const actual = thresholdActual(threshold, scenario);
        if (actual === undefined) {
          outcomes.push({
            scenario: scenario.name,
            expression: threshold.expression,
            actual: 0,
            ok: false,
            reason:
              threshold.metric === 'capacity'
                ? 'the scenario measured no capacity (only the capacity executor does)'
                : scenario.requests.ok === 0
                  ? 'no request succeeded, so there is no latency to check'
                  : `the results hold no ${threshold.measure === 'ttfb' ? 'time to first byte' : 'full time'} for this scenario (a flow, or a file from before perfgate recorded it), so there is nothing to check`,
          });
        } else {
          outcomes.push({
            scenario: scenario.name,
            expression: threshold.expression,
            actual,
            ok: compareThreshold(actual, threshold.operator, threshold.value),
          });
        }
      }
    }
  }
  return outcomes;
}

/** The error-rate ceiling a scenario is held to without an error_rate threshold of its own
 * (compare.maxErrorRate): a scenario that failed more than half its requests measured a broken
 * service, not a slow one, and no threshold is needed to call that a failure. */
export const DEFAULT_MAX_ERROR_RATE = 0.5;

/**
 * What fails the gate without any threshold: a scenario in which no request succeeded, and one
 * whose error rate is over `maxErrorRate` unless the config sets an error_rate threshold on it
 * (then that threshold is the user's ceiling). Every entry path (run, gate, compare, report, the
 * action) reaches this through judgeRun, as breached threshold results with the reason in words.
 */
export function errorCeilingBreaches(
  thresholds: Record<string, string[]>,
  results: Results,
  maxErrorRate: number = DEFAULT_MAX_ERROR_RATE,
): ThresholdResult[] {
  const ownErrorRate = Object.entries(thresholds)
    .filter(([, expressions]) => expressions.some((expression) => /^\s*error_rate\b/.test(expression)))
    .map(([glob]) => globToRegExp(glob));
  const limit = Number((maxErrorRate * 100).toFixed(2));
  const out: ThresholdResult[] = [];
  for (const scenario of results.scenarios) {
    const { ok, ko, dropped } = scenario.requests;
    const attempted = ok + ko + dropped;
    if (ok === 0) {
      out.push({
        scenario: scenario.name,
        expression: 'a request succeeded',
        actual: 0,
        ok: false,
        reason:
          attempted > 0
            ? `no request succeeded (${attempted} of ${attempted} failed${dropped > 0 ? ` or dropped` : ''}${describeErrors(scenario)}): a run in which nothing succeeded fails even without thresholds; fix the service or the request (is it the right URL, method, protocol?)`
            : (neverReached(scenario, results) ??
              'no request was sent: a run in which nothing succeeded fails even without thresholds; check the scenario sends load'),
      });
      continue;
    }
    if (maxErrorRate >= 1 || !(scenario.errorRate > maxErrorRate)) continue;
    if (ownErrorRate.some((pattern) => pattern.test(asWritten(scenario.name)))) continue;
    out.push({
      scenario: scenario.name,
      expression: `error_rate<=${maxErrorRate} (compare.maxErrorRate)`,
      actual: scenario.errorRate,
      ok: false,
      reason: `${ko} of ${ok + ko} requests failed (${Number((scenario.errorRate * 100).toFixed(1))}%${describeErrors(scenario)}), over the ${limit}% a scenario may fail without an error_rate threshold of its own; fix the service, or set compare.maxErrorRate (or an error_rate threshold on the scenario) if these errors are expected`,
    });
  }
  return out;
}

/**
 * A flow step that no iteration reached: an earlier step failed every time (a capture that found
 * nothing, a 401), and that step's own line says how. "Check the scenario sends load" sent a new
 * user looking at the wrong step.
 */
function neverReached(step: ScenarioResult, results: Results): string | undefined {
  if (step.flow === undefined) return undefined;
  const flow = results.scenarios.find((scenario) => scenario.name === step.flow!.scenario);
  if (flow === undefined || flow.requests.ok + flow.requests.ko === 0) return undefined;
  return `no request was sent: none of the ${flow.requests.ok + flow.requests.ko} iterations of ${flow.name} reached step "${step.flow.step}", since an earlier step failed each time; fix that step (its failures are named on its own line)`;
}

/** "; ECONNREFUSED 400" or "; HTTP 500 312": the commonest failures (transport errors, and
 * answers with an error status), so the line says what failed. */
function describeErrors(scenario: ScenarioResult): string {
  const statuses = Object.entries(scenario.statusCodes ?? {})
    .filter(([code]) => /^[45][0-9][0-9]$/.test(code))
    .map(([code, count]): [string, number] => [`HTTP ${code}`, count]);
  const top = [...new Map([...statuses, ...Object.entries(scenario.errors ?? {})]).entries()]
    .sort(([, a], [, b]) => b - a)
    .slice(0, 3)
    .map(([name, count]) => `${name} ${count}`);
  return top.length > 0 ? `; ${top.join(', ')}` : '';
}
