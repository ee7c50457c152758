// The numbers of a results file or baseline read from disk or the cache, checked before any
// statistic uses them. The shape check (right fields, right types) lets through what decides a
// verdict: a histogram that does not decode threw deep inside the bootstrap, and a crafted count
// (`count: 1e12`) moved a verdict. Every check here is one a run perfgate wrote always passes.
import { decodeHistogram } from '../histogram.js';
import type { HistoryEntry, Results, ScenarioResult } from '../types/results.js';

/** More requests than one scenario of one run can hold (a million a second for almost three hours). */
export const MAX_REQUESTS_PER_SCENARIO = 10_000_000_000;

const PERCENTILES = ['p50', 'p90', 'p95', 'p99'] as const;

function describe(value: unknown): string {
  return typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
}

function countProblem(value: unknown, path: string): string | undefined {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    return `${path} is ${describe(value)}, not a count`;
  if (value > MAX_REQUESTS_PER_SCENARIO)
    return `${path} is ${describe(value)}, more than a run can hold (${MAX_REQUESTS_PER_SCENARIO})`;
  return undefined;
}

function amountProblem(value: unknown, path: string): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? undefined
    : `${path} is ${describe(value)}, not a finite number ≥ 0`;
}

function shareProblem(value: unknown, path: string): string | undefined {
  return typeof value === 'number' && value >= 0 && value <= 1
    ? undefined
    : `${path} is ${describe(value)}, not a share in [0, 1]`;
}

function percentilesProblem(values: Record<string, unknown>, path: string): string | undefined {
  let previous = 0;
  for (const name of PERCENTILES) {
    const problem = amountProblem(values[name], `${path}.${name}`);
    if (problem !== undefined) return problem;
    const value = values[name] as number;
    if (value < previous) return `${path}.${name} (${value}) is below a lower percentile (${previous})`;
    previous = value;
  }
  return undefined;
}

/** A histogram that decodes and holds exactly `expected` values. */
function histogramProblem(encoded: string, expected: number, path: string): string | undefined {
  let total: number;
  try {
    const histogram = decodeHistogram(encoded);
    total = histogram.totalCount;
    histogram.destroy();
  } catch (error) {
    return `${path} does not decode (${(error as Error).message})`;
  }
  return total === expected
    ? undefined
    : `${path} holds ${total} latencies, but the counts say ${expected} ok requests`;
}

function scenarioProblem(scenario: ScenarioResult, path: string): string | undefined {
  const { requests } = scenario;
  const problem =
    countProblem(requests.total, `${path}.requests.total`) ??
    countProblem(requests.ok, `${path}.requests.ok`) ??
    countProblem(requests.ko, `${path}.requests.ko`) ??
    (requests.ok + requests.ko === requests.total
      ? undefined
      : `${path}.requests: ok ${requests.ok} + ko ${requests.ko} is not total ${requests.total}`) ??
    amountProblem(scenario.durationMs, `${path}.durationMs`) ??
    percentilesProblem(scenario.latencyMs as unknown as Record<string, unknown>, `${path}.latencyMs`) ??
    amountProblem(scenario.rps, `${path}.rps`) ??
    shareProblem(scenario.errorRate, `${path}.errorRate`) ??
    histogramProblem(scenario.histogram, requests.ok, `${path}.histogram`);
  if (problem !== undefined) return problem;
  for (let i = 0; i < scenario.segments.length; i++) {
    const segment = scenario.segments[i]!;
    const at = `${path}.segments[${i}]`;
    const segmentProblem =
      amountProblem(segment.startMs, `${at}.startMs`) ??
      amountProblem(segment.durationMs, `${at}.durationMs`) ??
      countProblem(segment.count, `${at}.count`) ??
      countProblem(segment.ko, `${at}.ko`) ??
      (segment.ko <= segment.count
        ? undefined
        : `${at}.ko (${segment.ko}) is more than its count (${segment.count})`) ??
      histogramProblem(segment.histogram, segment.count - segment.ko, `${at}.histogram`);
    if (segmentProblem !== undefined) return segmentProblem;
  }
  return extensionProblem(scenario, path);
}

/** Looks that a run perfgate wrote could have had: each one's segments within the scenario's and
 * more than the look before (a look past the segments would be judged on nothing). */
function extensionProblem(scenario: ScenarioResult, path: string): string | undefined {
  const looks = scenario.extension?.looks ?? [];
  let previous = 0;
  for (let i = 0; i < looks.length; i++) {
    const at = `${path}.extension.looks[${i}]`;
    const segments = looks[i]!.segments;
    const problem =
      countProblem(segments, `${at}.segments`) ??
      (segments > scenario.segments.length
        ? `${at}.segments (${segments}) is more than the scenario's ${scenario.segments.length}`
        : undefined) ??
      (i > 0 && segments <= previous
        ? `${at}.segments (${segments}) is not more than the look before (${previous})`
        : undefined);
    if (problem !== undefined) return problem;
    previous = segments;
  }
  if (looks.length > 0 && previous !== scenario.segments.length)
    return `${path}.extension: its last look has ${previous} segments, the scenario ${scenario.segments.length}`;
  return undefined;
}

/** Each look's share of α: more than α in all would let a forged file look again for free. */
function sequentialProblem(results: Results, path: string): string | undefined {
  const shares = results.sequential?.alphaShares;
  if (shares === undefined) return undefined;
  const sum = shares.reduce((total, share) => total + share, 0);
  return sum <= 1 + 1e-9 ? undefined : `${path}.sequential.alphaShares add up to ${sum}, more than 1`;
}

/** The first number in `results` that perfgate could not have written, as a path; `results` has the right shape already. */
export function findResultsNumberProblem(results: Results, path: string): string | undefined {
  const shares = sequentialProblem(results, path);
  if (shares !== undefined) return shares;
  const names = new Set<string>();
  for (let i = 0; i < results.scenarios.length; i++) {
    const scenario = results.scenarios[i]!;
    if (names.has(scenario.name)) return `${path}.scenarios[${i}].name "${scenario.name}" appears twice`;
    names.add(scenario.name);
    const problem = scenarioProblem(scenario, `${path}.scenarios[${i}]`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** The same for one history entry's per-scenario summaries. */
export function findHistoryNumberProblem(entry: HistoryEntry, path: string): string | undefined {
  for (const [name, summary] of Object.entries(entry.scenarios)) {
    const at = `${path}.scenarios[${JSON.stringify(name)}]`;
    if (typeof summary !== 'object' || summary === null || Array.isArray(summary))
      return `${at} is ${describe(summary)}, not a scenario summary`;
    const values = summary as unknown as Record<string, unknown>;
    const problem =
      percentilesProblem(values, at) ??
      amountProblem(values.rps, `${at}.rps`) ??
      shareProblem(values.errorRate, `${at}.errorRate`) ??
      countProblem(values.count, `${at}.count`) ??
      (values.otherCores === undefined ? undefined : amountProblem(values.otherCores, `${at}.otherCores`));
    if (problem !== undefined) return problem;
  }
  return undefined;
}
