// Two processes of one build can differ for their whole life: a Flask app under gunicorn read p50
// +4.8% and −4.3% between the head and the base of the same commit (docs/design/statistics.md, "Two
// processes of one build differ"). One A/B run of one process per variant cannot see that, since
// every test in it compares requests and time blocks, never processes. With compare.processes k,
// each variant ran in k processes at once, its requests spread over them in turn, so the k
// processes of a variant read its percentile k times under the same load and the same moments:
// how far they spread is what another pair of processes would have moved the change by.
//
// The test: each process's log percentile is one observation of its variant; the pooled variance
// of the head's k and the base's k (both builds' processes are taken to spread alike) gives a
// standard error of the change with k_head + k_base − 2 degrees of freedom, a two-sample t over
// processes as pyperf's comparison over worker processes is. It carries the requests' own noise
// too, so where it is larger than the request-level test's standard error it replaces that one
// (a change must then stand out against the processes), and where it is smaller the request-level
// error stands; either way the test has the processes' degrees of freedom, since k processes are
// all it knows of how far processes differ.
import { decodeHistogram, valuesAtPercentiles } from '../histogram.js';
import { LATENCY_PERCENTILES, type LatencyMetric } from '../stats/bootstrap.js';
import type { PairedTest } from '../stats/paired.js';
import { tQuantile, tUpperTail } from '../stats/t-distribution.js';
import type { ProcessLatency, ScenarioResult } from '../types/results.js';

/** A process's percentile stands on this many of its requests beyond it (as the tail guard asks of a run). */
export const PROCESS_REQUESTS_BEYOND = 10;

/** The ok requests a process must answer for its own `percentile` (0–100) to be read. */
export function processRequestsNeeded(percentile: number): number {
  return PROCESS_REQUESTS_BEYOND / (1 - percentile / 100);
}

export interface ProcessSpread {
  /** The log percentile of each process that answered enough requests, head's and base's. */
  head: number[];
  base: number[];
  /** Variance of the change (log scale) from the processes' spread, and its degrees of freedom. */
  variance: number;
  df: number;
  /** The pooled sd of one process's log percentile about its variant's mean. */
  sd: number;
}

function logPercentiles(processes: readonly ProcessLatency[] | undefined, percentile: number): number[] {
  if (processes === undefined) return [];
  const needed = processRequestsNeeded(percentile);
  const values: number[] = [];
  for (const process of processes) {
    if (process.requests < needed) continue;
    const histogram = decodeHistogram(process.histogram);
    const [value] = valuesAtPercentiles(histogram, [percentile]);
    histogram.destroy();
    if (value !== undefined && value > 0) values.push(Math.log(value));
  }
  return values;
}

function sumOfSquares(values: readonly number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return values.reduce((sum, value) => sum + (value - mean) ** 2, 0);
}

/**
 * The spread of a latency percentile over the variants' processes; undefined unless both ran in at
 * least two processes that each answered enough requests for their own percentile.
 */
export function processSpread(
  head: Pick<ScenarioResult, 'processes'>,
  base: Pick<ScenarioResult, 'processes'>,
  metric: LatencyMetric,
): ProcessSpread | undefined {
  const percentile = LATENCY_PERCENTILES[metric];
  const headValues = logPercentiles(head.processes, percentile);
  const baseValues = logPercentiles(base.processes, percentile);
  if (headValues.length < 2 || baseValues.length < 2) return undefined;
  const df = headValues.length + baseValues.length - 2;
  const pooled = (sumOfSquares(headValues) + sumOfSquares(baseValues)) / df;
  return {
    head: headValues,
    base: baseValues,
    variance: pooled * (1 / headValues.length + 1 / baseValues.length),
    df,
    sd: Math.sqrt(pooled),
  };
}

/**
 * The request-level test, its standard error raised to the processes' where theirs is larger, and
 * its degrees of freedom the processes' either way: where the processes happen to agree more
 * closely than the requests, the request-level error still holds no offset of a process, and its
 * many degrees of freedom would claim a certainty about the processes that k of them cannot give
 * (in simulation, with offsets of 2–3.5%, 26 of 30 false p50 regressions at 15 s were judged on
 * the request-level error with its own df; docs/design/measurements.md). The change it estimates
 * stays the request-level one.
 */
export function withProcessSpread(test: PairedTest, spread: ProcessSpread | undefined): PairedTest {
  if (spread === undefined) return test;
  const standardError = Math.max(Math.sqrt(spread.variance), test.standardError);
  const df = Math.min(spread.df, test.df);
  const t = test.effect / standardError;
  const half = tQuantile(0.975, df) * standardError;
  return {
    ...test,
    standardError,
    df,
    pValue: test.effect === 0 ? 1 : tUpperTail(Math.abs(t), df),
    interval: [test.effect - half, test.effect + half],
  };
}
