import { describe, expect, it } from 'vitest';
import { analyzeTrends, orderRuns } from '../../../src/core/trends/analyze.js';
import { defaultCompareConfig } from '../../../src/core/config/compare.js';
import type { HistoryEntry } from '../../../src/core/types/results.js';
import { createRng } from '../../../src/core/stats/prng.js';
import {
  renderTrendsJson,
  renderTrendsMarkdown,
  renderTrendsSlackLines,
  renderTrendsText,
} from '../../../src/core/report/trends.js';

const rules = { compare: defaultCompareConfig() };

interface Level {
  p50: number;
  rps?: number;
}

/** Runs of two scenarios, one a day; `level(i, scenario)` sets each run's p50 (the tails follow it). */
function runs(
  n: number,
  level: (i: number, scenario: string) => Level,
  extra: (i: number) => Partial<HistoryEntry> = () => ({}),
): HistoryEntry[] {
  const rng = createRng(11);
  return Array.from({ length: n }, (_, i) => {
    const scenarios: HistoryEntry['scenarios'] = {};
    for (const name of ['api/a', 'api/b']) {
      const { p50, rps = 100 } = level(i, name);
      const noise = () => 1 + 0.01 * rng.normal();
      scenarios[name] = {
        p50: p50 * noise(),
        p90: p50 * 1.3 * noise(),
        p95: p50 * 1.5 * noise(),
        p99: p50 * 2 * noise(),
        rps: rps * noise(),
        errorRate: 0,
        count: 1000,
      };
    }
    return {
      date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      commit: `c${String(i + 1).padStart(3, '0')}`,
      environmentFingerprint: 'env1',
      scenarios,
      ...extra(i),
    };
  });
}

describe('analyzeTrends', () => {
  it('names one change point per scenario and run, with the metrics that moved with it', () => {
    const history = runs(34, (i, s) => ({ p50: s === 'api/b' && i >= 19 ? 12 : 10 }));
    const analysis = analyzeTrends(history, rules);
    expect(analysis.changePoints).toHaveLength(1);
    const [point] = analysis.changePoints;
    expect(point).toMatchObject({
      scenario: 'api/b',
      metric: 'p50',
      index: 19,
      commit: 'c020',
      previousCommit: 'c019',
      recovered: false,
      regression: true,
    });
    expect(point!.change).toBeCloseTo(0.2, 1);
    expect(point!.alsoChanged.map((m) => m.metric)).toEqual(['p90', 'p95', 'p99']);
    expect(analysis.series).toBe(12); // 2 scenarios × p50, p90, p95, p99, rps, error rate (no capacity)
  });

  it('joins a tail percentile that placed the same step two runs early, as a real busy run did', () => {
    const history = runs(34, (i, s) => ({ p50: s === 'api/b' && i >= 19 ? 12 : 10 }));
    for (const i of [17, 18]) history[i]!.scenarios['api/b']!.p95 *= 1.2;
    const analysis = analyzeTrends(history, rules);
    expect(analysis.changePoints.map((p) => [p.metric, p.index])).toEqual([['p50', 19]]);
    expect(analysis.changePoints[0]!.alsoChanged.find((m) => m.metric === 'p95')?.index).toBe(17);
  });

  it('orders runs by time, whatever order they came in, and counts a run given twice once', () => {
    const history = runs(30, (i, s) => ({ p50: s === 'api/a' && i >= 15 ? 13 : 10 }));
    const shuffled = [...history].reverse().concat(history.slice(0, 5));
    expect(orderRuns(shuffled).map((r) => r.commit)).toEqual(history.map((r) => r.commit));
    expect(analyzeTrends(shuffled, rules).changePoints.map((p) => p.index)).toEqual([15]);
  });

  it('says when a level has recovered, and marks a change whose first run failed its gate', () => {
    const history = runs(
      45,
      (i, s) => ({ p50: s === 'api/a' && i >= 15 && i < 30 ? 13 : 10 }),
      (i) => (i >= 15 && i < 30 ? { verdict: 'fail' } : { verdict: 'pass' }),
    );
    const points = analyzeTrends(history, rules).changePoints.filter((p) => p.metric === 'p50');
    expect(points.map((p) => [p.index, p.regression, p.recovered, p.failedRun])).toEqual([
      [15, true, true, true],
      [30, false, false, false],
    ]);
  });

  it('splits the series where the environment changed instead of calling it a regression', () => {
    const history = runs(
      30,
      (i) => ({ p50: i >= 15 ? 14 : 10 }),
      (i) => ({ environmentFingerprint: i >= 15 ? 'env2' : 'env1' }),
    );
    const analysis = analyzeTrends(history, rules);
    expect(analysis.changePoints).toEqual([]);
    expect(analysis.environmentChanges).toEqual([
      { index: 15, commit: 'c016', time: history[15]!.date, from: 'env1', to: 'env2' },
    ]);
  });

  it('calls a commit that slows every scenario a change point of each, and says they moved together', () => {
    // The case: 4 of 4 scenarios +50% at one commit, the same environment before and after.
    const names = ['api/a', 'api/b', 'api/c', 'api/d'];
    const history = runs(30, () => ({ p50: 10 })).map((run, i) => ({
      ...run,
      scenarios: Object.fromEntries(
        names.map((name, k) => {
          const base = run.scenarios[k % 2 === 0 ? 'api/a' : 'api/b']!;
          const f = i >= 15 ? 1.5 : 1;
          return [name, { ...base, p50: base.p50 * f, p90: base.p90 * f, p95: base.p95 * f, p99: base.p99 * f }];
        }),
      ),
    }));
    const analysis = analyzeTrends(history, rules);
    expect(analysis.changePoints.map((p) => [p.scenario, p.metric, p.index, p.regression])).toEqual(
      names.map((name) => [name, 'p50', 15, true]),
    );
    expect(analysis.changePoints[0]!.together).toEqual(['api/b', 'api/c', 'api/d']);
    expect(analysis.sharedShifts).toEqual([]);
    expect(analysis.commonChanges).toEqual([
      { index: 15, commit: 'c016', previousCommit: 'c015', time: history[15]!.date, scenarios: names, unmoved: [] },
    ]);
    expect(renderTrendsText(analysis)).toContain('api/a, api/b, api/c, api/d moved together at run 16 (c016');
    expect(renderTrendsMarkdown(analysis)).toContain('moved together at run 16');
  });

  it('calls both of two scenarios stepping at the same run (+20% and +100%) change points', () => {
    const history = runs(30, (i, s) => ({ p50: i >= 15 ? (s === 'api/a' ? 12 : 20) : 10 }));
    const analysis = analyzeTrends(history, rules);
    expect(analysis.changePoints.map((p) => [p.scenario, p.index])).toEqual([
      ['api/a', 15],
      ['api/b', 15],
    ]);
    expect(analysis.changePoints.map((p) => Number(p.change!.toFixed(1)))).toEqual([0.2, 1]);
    expect(analysis.sharedShifts).toEqual([]);
  });

  it('blames the runner only where its measured competing work changed the same way', () => {
    const busy = (i: number) => (i >= 15 ? 1.5 : 0.1);
    const history = runs(30, (i) => ({ p50: i >= 15 ? 13 : 10 })).map((run, i) => ({
      ...run,
      scenarios: Object.fromEntries(
        Object.entries(run.scenarios).map(([name, summary]) => [name, { ...summary, otherCores: busy(i) }]),
      ),
    }));
    const analysis = analyzeTrends(history, rules);
    expect(analysis.changePoints).toEqual([]);
    expect(analysis.sharedShifts.find((s) => s.metric === 'p50')).toMatchObject({
      index: 15,
      scenarios: ['api/a', 'api/b'],
      machine: { before: 0.1, after: 1.5 },
    });
    expect(renderTrendsText(analysis)).toContain("the runner's competing work went from 0.1 cores to 1.5 cores");
    // A busier machine that left the other scenario as it was did not slow this one (a real 20-run
    // history on the shared machine: the gauges went from 0.5 to 1.2 cores at the step's commit).
    const alone = analyzeTrends(
      history.map((run, i) => ({
        ...run,
        scenarios: {
          ...run.scenarios,
          'api/b': { ...run.scenarios['api/b']!, p50: run.scenarios['api/b']!.p50 / (i >= 15 ? 1.3 : 1) },
        },
      })),
      rules,
    );
    expect(alone.sharedShifts.filter((s) => s.metric === 'p50')).toEqual([]);
    expect(alone.changePoints.map((p) => [p.scenario, p.metric, p.index])).toEqual([['api/a', 'p50', 15]]);
    // A quieter machine does not excuse a slower service: that is still the commit's.
    const quieter = history.map((run, i) => ({
      ...run,
      scenarios: Object.fromEntries(
        Object.entries(run.scenarios).map(([name, summary]) => [name, { ...summary, otherCores: 1.6 - busy(i) }]),
      ),
    }));
    const stillCommit = analyzeTrends(quieter, rules);
    expect(stillCommit.sharedShifts).toEqual([]);
    expect(stillCommit.changePoints.map((p) => [p.scenario, p.index])).toEqual([
      ['api/a', 15],
      ['api/b', 15],
    ]);
  });

  it('puts a tail that moved with the generator’s event-loop delay down to the runner, never the median', () => {
    // As in real loopback histories on a saturated 2-core machine: the tails of a short run rise
    // by half for a stretch while the generator's loop is ~25 ms late at p99, the median does not.
    const stalled = (i: number) => i >= 14 && i < 24;
    const withLoop = (history: HistoryEntry[], delay: (i: number) => number) =>
      history.map((run, i) => ({
        ...run,
        scenarios: Object.fromEntries(
          Object.entries(run.scenarios).map(([name, summary]) => [
            name,
            { ...summary, loopDelayP99Ms: delay(i), otherCores: 1.9 },
          ]),
        ),
      }));
    const tails = (history: HistoryEntry[], scenario: string, factor: (i: number) => number) =>
      history.map((run, i) => {
        const s = run.scenarios[scenario]!;
        const f = factor(i);
        return {
          ...run,
          scenarios: { ...run.scenarios, [scenario]: { ...s, p90: s.p90 * f, p95: s.p95 * f, p99: s.p99 * f } },
        };
      });
    const base = runs(34, () => ({ p50: 20 }));
    const busyTails = tails(base, 'api/a', (i) => (stalled(i) ? 1.5 : 1));
    const analysis = analyzeTrends(
      withLoop(busyTails, (i) => (stalled(i) ? 25 : 1.5)),
      rules,
    );
    expect(analysis.changePoints).toEqual([]);
    expect(analysis.sharedShifts.map((s) => [s.metric, s.index, s.scenarios])).toEqual(
      expect.arrayContaining([['p90', 14, ['api/a']]]),
    );
    expect(analysis.sharedShifts.every((s) => s.loopDelayMs !== null)).toBe(true);
    expect(renderTrendsText(analysis)).toContain("the generator's event loop went from 1.5 ms to 25 ms late at p99");
    // The same tails with the loop on time: a commit's, change points.
    const onTime = analyzeTrends(
      withLoop(busyTails, () => 1.5),
      rules,
    );
    expect(onTime.sharedShifts).toEqual([]);
    expect(onTime.changePoints.map((p) => [p.scenario, p.metric, p.index])).toEqual([
      ['api/a', 'p90', 14],
      ['api/a', 'p90', 24],
    ]);
    // A slower median in the same stretch is the commit's even with the loop late: stalls of the
    // loop delay the slowest requests, not the middle one; the tails join its change point.
    const slower = runs(34, (i) => ({ p50: stalled(i) ? 26 : 20 }));
    const median = analyzeTrends(
      withLoop(slower, (i) => (stalled(i) ? 25 : 1.5)),
      rules,
    );
    expect(median.sharedShifts).toEqual([]);
    expect(median.changePoints.map((p) => [p.scenario, p.metric, p.index])).toEqual([
      ['api/a', 'p50', 14],
      ['api/b', 'p50', 14],
      ['api/a', 'p50', 24],
      ['api/b', 'p50', 24],
    ]);
    expect(median.changePoints[0]!.alsoChanged.map((c) => c.metric)).toEqual(['p90', 'p95', 'p99']);
  });

  it('searches a tail only in runs with 10 requests beyond it: p95 of a 50-request run is its 3rd slowest', () => {
    const shifted = (count: number) =>
      runs(30, () => ({ p50: 20 })).map((run, i) => ({
        ...run,
        scenarios: Object.fromEntries(
          Object.entries(run.scenarios).map(([name, s]) => [
            name,
            {
              ...s,
              count,
              ...(name === 'api/a' && i < 12 ? { p90: s.p90 * 1.3, p95: s.p95 * 1.3, p99: s.p99 * 1.3 } : {}),
            },
          ]),
        ),
      }));
    const thin = analyzeTrends(shifted(50), rules);
    expect(thin.changePoints).toEqual([]);
    // 3 series a scenario, p50, rps and the error rate: p90–p99 (5 to 0.5 requests beyond) are not searched.
    expect(thin.series).toBe(6);
    const enough = analyzeTrends(shifted(1000), rules);
    expect(enough.changePoints.map((p) => [p.scenario, p.metric, p.index])).toEqual([['api/a', 'p90', 12]]);
    expect(enough.changePoints[0]!.alsoChanged.map((c) => c.metric)).toEqual(['p95', 'p99']);
  });

  it('reads a throughput drop as a regression', () => {
    const history = runs(30, (i, s) => ({ p50: 10, rps: s === 'api/a' && i >= 12 ? 80 : 100 }));
    const [point] = analyzeTrends(history, rules).changePoints;
    expect(point).toMatchObject({ scenario: 'api/a', metric: 'rps', index: 12, regression: true });
  });
});

describe('the trends reports', () => {
  const history = runs(34, (i, s) => ({ p50: s === 'api/b' && i >= 19 ? 12 : 10 }));
  const analysis = analyzeTrends(history, rules);

  it('json carries the change points with the fields the issue names', () => {
    const json = JSON.parse(renderTrendsJson(analysis));
    expect(json.runs).toBe(34);
    expect(Object.keys(json.changePoints[0])).toEqual(
      expect.arrayContaining([
        'scenario',
        'metric',
        'commit',
        'index',
        'time',
        'before',
        'after',
        'change',
        'pValue',
        'recovered',
      ]),
    );
  });

  it('text names the range and the size; markdown links the range and charts the series; slack is one line', () => {
    expect(renderTrendsText(analysis)).toMatch(
      /api\/b p50 \+\d+\.\d% \(.* → .*\), worse, at run 20 \(c020, .*landed in c019\.\.c020; not recovered/,
    );
    const markdown = renderTrendsMarkdown(analysis, { repositoryUrl: 'https://github.com/acme/shop' });
    expect(markdown).toContain('](https://github.com/acme/shop/compare/c019...c020)');
    expect(markdown.match(/```mermaid/g)).toHaveLength(1);
    expect(renderTrendsSlackLines(analysis)).toHaveLength(1);
  });

  it('says nothing on Slack when nothing changed', () => {
    const flat = analyzeTrends(
      runs(34, () => ({ p50: 10 })),
      rules,
    );
    expect(flat.changePoints).toEqual([]);
    expect(renderTrendsSlackLines(flat)).toEqual([]);
    expect(renderTrendsMarkdown(flat)).toContain('no change point');
  });

  it('says when the history is too short to find a change, and how many runs it needs', () => {
    const short = analyzeTrends(
      runs(7, () => ({ p50: 10 })),
      rules,
    );
    // The defaults (minSegment 4): a change needs 4 runs on each side, so 8 runs in all.
    expect(short).toMatchObject({ minRuns: 8, longestSeries: 7, changePoints: [] });
    const clean = analyzeTrends(
      runs(7, (i, name) => ({ p50: name === 'api/a' && i >= 4 ? 20 : 10 })),
      rules,
    );
    expect(clean.changePoints).toEqual([]);
    const text = renderTrendsText(short);
    expect(text).toContain('too few runs to find a change');
    expect(text).toContain('even a clean step needs at least 8 runs of a scenario on one environment');
    expect(text).toContain('the longest series here has 7');
    expect(text).not.toContain('no metric changed level');
    const markdown = renderTrendsMarkdown(short);
    expect(markdown).toContain('## ⏳ perfgate trends: too few runs yet (7 of 8)');
    expect(markdown).not.toContain('no change point');
    expect(JSON.parse(renderTrendsJson(short))).toMatchObject({ minRuns: 8, longestSeries: 7 });
    // From minRuns on, a clean step is found (4 runs on each side); with nothing changed it says so.
    const stepped = analyzeTrends(
      runs(8, (i, name) => ({ p50: name === 'api/a' && i >= 4 ? 20 : 10 })),
      rules,
    );
    expect(stepped.changePoints.map((c) => c.index)).toEqual([4]);
    const enough = analyzeTrends(
      runs(8, () => ({ p50: 10 })),
      rules,
    );
    expect(renderTrendsText(enough)).toContain('no metric changed level');
    expect(renderTrendsText(enough)).not.toContain('too few runs');
  });

  it('escapes what a scenario name could inject', () => {
    const odd = runs(34, (i, s) => ({ p50: s === 'api/b' && i >= 19 ? 12 : 10 })).map((run) => ({
      ...run,
      scenarios: { 'a*b_<x>|y': run.scenarios['api/b']!, plain: run.scenarios['api/a']! },
    }));
    const result = analyzeTrends(odd, rules);
    expect(result.changePoints).toHaveLength(1);
    // Inside code spans it shows as written; anywhere else (the chart's title, prose) it must not be markup.
    const markdown = renderTrendsMarkdown(result).replace(/`[^`]*`/g, '');
    expect(markdown).not.toMatch(/<x>|\|y/);
    expect(renderTrendsSlackLines(result)[0]).toContain('&lt;x&gt;');
  });
});
