import { describe, expect, it } from 'vitest';
import { comparePaired, type CompareInput } from '../../../src/core/compare/index.js';
import { processSpread, withProcessSpread } from '../../../src/core/compare/process-spread.js';
import { PROCESS_SPREAD_WHY, spreadBound, standardErrorAt, whyNotDetect } from '../../../src/core/compare/more-data.js';
import { createHistogram, encodeHistogram } from '../../../src/core/histogram.js';
import { createRng } from '../../../src/core/stats/prng.js';
import type { PairedTest } from '../../../src/core/stats/paired.js';
import type { MetricComparison, Comparison } from '../../../src/core/types/comparison.js';
import type { ProcessLatency, Results } from '../../../src/core/types/results.js';
import { makeAbResults, segmentsAsRun } from '../ab-fixtures.js';
import { appendExtension, scenarioAtLook } from '../../../src/core/results/extend.js';
import { decodeHistogram } from '../../../src/core/histogram.js';
import { TEST_COMPARE } from '../fixtures.js';
import { planRuns } from '../../../src/core/compare/plan.js';

/** A process that answered `requests` requests at a lognormal latency around `medianUs`. */
function processAt(medianUs: number, requests: number, seed: number): ProcessLatency {
  const random = createRng(seed);
  const histogram = createHistogram();
  for (let i = 0; i < requests; i++) {
    // Box–Muller: sd 0.3 on the log scale.
    const z = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
    histogram.recordValue(Math.round(medianUs * Math.exp(0.3 * z)));
  }
  const encoded = encodeHistogram(histogram);
  histogram.destroy();
  return { requests, histogram: encoded };
}

/** The run's notes and its scenarios' own. */
function allNotes(comparison: Comparison): string {
  return [...comparison.notes, ...comparison.scenarios.flatMap((scenario) => scenario.notes ?? [])].join(' ');
}

function metric(comparison: Comparison, name: string): MetricComparison {
  const found = comparison.scenarios[0]?.metrics.find((m) => m.metric === name);
  if (found === undefined) throw new Error(`no ${name}`);
  return found;
}

/** A duet run of a head `headScale` times slower, whose variants ran in the processes given. */
function runWithProcesses(headScale: number, head: ProcessLatency[], base: ProcessLatency[]): Results {
  const results = makeAbResults({
    seed: 7,
    schedule: 'duet',
    scenarios: [{ name: 'api', pairs: 60, segmentMs: 250, ratePerSec: 400, headScale }],
  });
  results.scenarios[0]!.processes = head;
  results.ab!.base.scenarios[0]!.processes = base;
  return results;
}

function judge(results: Results): Comparison {
  const input: CompareInput = {
    current: results,
    baselineStatus: { kind: 'missing', detail: 'no baseline yet' },
    compare: TEST_COMPARE,
    thresholds: [],
  };
  return comparePaired(input);
}

describe('processSpread', () => {
  it('pools the spread of both variants’ processes into the variance of the change', () => {
    const head = [processAt(1000, 4000, 1), processAt(1100, 4000, 2)];
    const base = [processAt(1000, 4000, 3), processAt(1000, 4000, 4)];
    const spread = processSpread({ processes: head }, { processes: base }, 'p50')!;
    expect(spread.df).toBe(2);
    // The head's two processes sit ln(1.1) apart: their sum of squares is ln(1.1)²/2, the base's ≈ 0.
    const expected = (Math.log(1.1) ** 2 / 2 / 2) * (1 / 2 + 1 / 2);
    expect(spread.variance / expected).toBeGreaterThan(0.8);
    expect(spread.variance / expected).toBeLessThan(1.25);
  });

  it('leaves out a process with too few requests beyond the percentile, and needs two a variant', () => {
    const head = [processAt(1000, 4000, 1), processAt(1000, 500, 2)];
    const base = [processAt(1000, 4000, 3), processAt(1000, 4000, 4)];
    // p99 needs 1,000 requests a process (10 beyond it): the head has one such process only.
    expect(processSpread({ processes: head }, { processes: base }, 'p99')).toBeUndefined();
    expect(processSpread({ processes: head }, { processes: base }, 'p50')).toBeDefined();
    expect(processSpread({}, { processes: base }, 'p50')).toBeUndefined();
  });

  it('raises a test’s standard error to the processes’ where theirs is larger, and takes their df either way', () => {
    const test: PairedTest = {
      effect: 0.05,
      standardError: 0.01,
      df: 40,
      pValue: 1e-6,
      interval: [0.03, 0.07],
      pairs: 60,
    };
    const wide = withProcessSpread(test, { head: [], base: [], variance: 0.03 ** 2, df: 6, sd: 0.03 });
    expect(wide.standardError).toBeCloseTo(0.03, 12);
    expect(wide.df).toBe(6);
    expect(wide.effect).toBe(0.05);
    expect(wide.pValue).toBeGreaterThan(0.05);
    expect(wide.interval[0]).toBeLessThan(0);
    // Processes that happen to agree more closely than the requests: the requests' error, at the
    // processes' df, so that a hair's difference in their spread cannot move p sevenfold.
    const just = (sd: number) => withProcessSpread(test, { head: [], base: [], variance: sd ** 2, df: 6, sd });
    const below = just(0.0099);
    expect(below.standardError).toBe(0.01);
    expect(below.df).toBe(6);
    expect(below.pValue / just(0.0101).pValue).toBeGreaterThan(0.9);
    expect(withProcessSpread(test, undefined)).toBe(test);
  });
});

describe('comparePaired with compare.processes', () => {
  const agreeing = (median: number, seed: number) => [0, 1, 2, 3].map((i) => processAt(median, 6000, seed + i));

  it('keeps a regression whose processes agree, and says their spread is the requests’ own', () => {
    const comparison = judge(runWithProcesses(1.2, agreeing(1200, 10), agreeing(1000, 20)));
    expect(metric(comparison, 'p50').verdict).toBe('regression');
    expect(metric(comparison, 'p50').processes).toBeUndefined();
    const note = allNotes(comparison);
    expect(note).toContain('4 of the head’s and 4 of the base’s'.replace(/’/g, "'"));
    expect(note).toContain('no more than their requests explain');
  });

  it('says which percentiles its processes were too thin to read, and tests those on the requests alone', () => {
    const thin = (median: number, seed: number) => [0, 1, 2, 3].map((i) => processAt(median, 600, seed + i));
    const comparison = judge(runWithProcesses(1.2, thin(1200, 50), thin(1000, 60)));
    expect(metric(comparison, 'p50').df).toBe(6);
    expect(metric(comparison, 'p99').df).not.toBe(6);
    expect(allNotes(comparison)).toContain(
      'p99: fewer than two processes of a variant answered the 1,000 requests each',
    );
  });

  it('does not call a change that one pair of differing processes could make a regression', () => {
    // The same +20% at the requests, but each variant's processes read ±15% apart: four processes
    // of each cannot tell +20% from what another set of processes would read.
    const scattered = (median: number, seed: number) =>
      [0.85, 1.15, 0.9, 1.1].map((factor, i) => processAt(median * factor, 6000, seed + i));
    const unchanged = judge(runWithProcesses(1.2, agreeing(1200, 10), agreeing(1000, 20)));
    const comparison = judge(runWithProcesses(1.2, scattered(1200, 30), scattered(1000, 40)));
    const p50 = metric(comparison, 'p50');
    expect(p50.verdict).not.toBe('regression');
    expect(p50.df).toBe(6);
    expect(p50.dfGrowth).toBe(0);
    expect(p50.processes).toMatchObject({ head: 4, base: 4 });
    // No longer window narrows it: neither compare.extend nor compare.detect runs on for it.
    expect(whyNotDetect(p50, true, { p50: 0.05 })).toBe(PROCESS_SPREAD_WHY);
    expect(p50.standardError!).toBeGreaterThan(3 * metric(unchanged, 'p50').standardError!);
    // The change is the requests' own: only its uncertainty moved.
    expect(p50.change).toBeCloseTo(metric(unchanged, 'p50').change, 12);
    expect(allNotes(comparison)).toMatch(
      /processes' 6 degrees of freedom.*For p50.* the standard error is their spread/,
    );
  });
});

describe('the processes note without a test', () => {
  it('does not say the requests explain the change when no request-level test ran', () => {
    const results = makeAbResults({
      seed: 7,
      schedule: 'duet',
      scenarios: [{ name: 'api', pairs: 1, segmentMs: 250, ratePerSec: 400, headScale: 1.2 }],
    });
    const processes = (median: number, seed: number) => [0, 1].map((i) => processAt(median, 6000, seed + i));
    results.scenarios[0]!.processes = processes(1200, 1);
    results.ab!.base.scenarios[0]!.processes = processes(1000, 5);
    const comparison = judge(results);
    expect(metric(comparison, 'p50').method).toBe('none');
    expect(allNotes(comparison)).not.toContain("the requests' own");
  });
});

describe('perfgate plan with compare.processes', () => {
  it('does not size a longer run for a percentile the processes decided: only more processes narrow it', () => {
    const scattered = (median: number, seed: number) =>
      [0.85, 1.15, 0.9, 1.1].map((factor, i) => processAt(median * factor, 6000, seed + i));
    const results = runWithProcesses(1.2, scattered(1200, 30), scattered(1000, 40));
    const comparison = judge(results);
    expect(metric(comparison, 'p50').processes).toBeDefined();
    const rows = planRuns(comparison, { ...TEST_COMPARE, detect: { p50: 0.05 } })[0]!.rows;
    const p50 = rows.find((row) => row.metric === 'p50')!;
    expect(p50.status).toBe('no-scaling');
    expect(p50.neededMs).toBeUndefined();
    expect(p50.why).toBe(PROCESS_SPREAD_WHY);
  });

  // A Flask app at 8 processes × 19 requests/s read p95 per process at 7–10% sd, about what ~300
  // requests each give by sampling alone. Processes that agree but answered few requests each
  // spread by their sampling, which a longer run does narrow: the planner sizes it.
  it('sizes a longer run where the processes agree and their spread is their few requests each', () => {
    const agreeing = (median: number, seed: number) =>
      Array.from({ length: 8 }, (_, i) => processAt(median, 150, seed + i));
    const comparison = judge(runWithProcesses(1.0, agreeing(1000, 70), agreeing(1000, 170)));
    const p50 = metric(comparison, 'p50');
    // Their spread set the standard error, a little above the requests' own.
    const requestSe = p50.processes!.requestStandardError!;
    expect(p50.standardError!).toBeGreaterThan(requestSe);
    expect(p50.standardError!).toBeLessThan(1.2 * requestSe);
    expect(spreadBound(p50, 1)).toBe(false);
    // Four times the data leaves the offsets' part and a quarter of the requests'.
    const offsets = p50.standardError! ** 2 - requestSe ** 2;
    expect(standardErrorAt(p50, 4)).toBeCloseTo(Math.sqrt(offsets + requestSe ** 2 / 4), 12);
    expect(whyNotDetect(p50, true, { p50: 0.05 })).toBeUndefined();
    const rows = planRuns(comparison, { ...TEST_COMPARE, detect: { p50: 0.05 } })[0]!.rows;
    const row = rows.find((r) => r.metric === 'p50')!;
    expect(row.status).toBe('longer');
    expect(row.neededMs!).toBeGreaterThan(row.windowMs);
    // The same processes, their spread taken as all offsets (results from before the requests'
    // standard error was kept): only more processes.
    const { requestStandardError: _, ...older } = p50.processes!;
    expect(whyNotDetect({ ...p50, processes: older }, true, { p50: 0.05 })).toBe(PROCESS_SPREAD_WHY);
  });
});

describe('an extended run with compare.processes', () => {
  it('adds each process’s requests look by look, and gives each look back the processes it had', () => {
    const source = makeAbResults({ seed: 9, schedule: 'duet', scenarios: [{ name: 'api', pairs: 40 }] }).scenarios[0]!;
    const window = { ...segmentsAsRun(source, 0, 20), processes: [processAt(1000, 300, 1), processAt(1000, 200, 2)] };
    const step = { ...segmentsAsRun(source, 20, 40), processes: [processAt(1000, 100, 3), processAt(1000, 50, 4)] };
    const joined = appendExtension(window, step, ['p50']);
    expect(joined.processes!.map((process) => process.requests)).toEqual([400, 250]);
    const first = decodeHistogram(joined.processes![0]!.histogram);
    expect(first.totalCount).toBe(400);
    first.destroy();
    expect(scenarioAtLook(joined, 0).processes!.map((process) => process.requests)).toEqual([300, 200]);
    expect(scenarioAtLook(joined, 1).processes!.map((process) => process.requests)).toEqual([400, 250]);
    // A step without them (a results file from before) leaves none: a half-counted process would mislead.
    const { processes: _dropped, ...plain } = step;
    expect(appendExtension(window, plain, ['p50']).processes).toBeUndefined();
  });
});
