// judgeRun in A/B mode: the paired comparison when the results carry a base that ran, the stored
// baseline (with a note and the base's log tail) when the base did not boot.
import { describe, expect, it } from 'vitest';
import { defaultCompareConfig } from '../../src/core/config/compare.js';
import { describeBaseFailure, judgeRun } from '../../src/core/gate.js';
import { makeAbResults } from './ab-fixtures.js';
import { NoVerdictError, exitCodeFor } from '../../src/core/errors.js';

const config = { thresholds: {}, compare: { ...defaultCompareConfig(), mode: 'ab' as const } };

describe('judgeRun with an A/B run', () => {
  it('compares head and base pair by pair when the base ran', () => {
    const current = makeAbResults({
      seed: 3,
      schedule: 'duet',
      scenarios: [{ name: 'api', pairs: 12, headScale: 1.3 }],
    });
    const { comparison } = judgeRun({ current, config, baseline: { kind: 'missing', detail: 'nothing saved yet' } });
    expect(comparison.mode).toBe('ab');
    expect(comparison.regressions.map((metric) => metric.metric)).toContain('p50');
    expect(
      comparison.scenarios[0]?.metrics.every(
        (metric) => metric.method === 'paired' || metric.method === 'rate-check' || metric.method === 'none',
      ),
    ).toBe(true);
  });

  it('falls back to the stored baseline when the base did not boot, saying so with its log tail', () => {
    const current = makeAbResults({
      seed: 4,
      schedule: 'duet',
      scenarios: [{ name: 'api', pairs: 12, headScale: 1.3 }],
    });
    current.ab!.base.scenarios = [];
    current.ab!.baseFailure = {
      service: 'api',
      reason: 'service "api" exited early with code 1 before it was ready',
      logTail: ['Error: Cannot find module ./db.js'],
    };
    const { comparison } = judgeRun({ current, config, baseline: { kind: 'missing', detail: 'nothing saved yet' } });
    expect(comparison.mode).toBe('thresholds-only');
    expect(comparison.notes[0]).toBe(
      'A/B: the base did not boot (service "api" exited early with code 1 before it was ready), so this run is compared with the stored baseline instead. Last lines of its log: Error: Cannot find module ./db.js',
    );
    expect(comparison.regressions).toEqual([]);
    // A reason that does not name the service gets the name in front.
    expect(describeBaseFailure({ service: 'api', reason: 'no answer on GET /health within 15 s', logTail: [] })).toBe(
      'A/B: the base did not boot (service "api": no answer on GET /health within 15 s), so this run is compared with the stored baseline instead.',
    );
  });

  it('falls back to the stored baseline when the base ran none of the head scenarios: 0 pairs is no A/B pass', () => {
    const current = makeAbResults({
      seed: 5,
      schedule: 'duet',
      scenarios: [{ name: 'api', pairs: 12, headScale: 3 }],
    });
    current.ab!.base.scenarios = current.ab!.base.scenarios.map((scenario) => ({ ...scenario, name: 'renamed' }));
    // With no stored baseline and no threshold nothing judges it: no verdict (exit 3), never a pass.
    const judgeAlone = () => judgeRun({ current, config, baseline: { kind: 'missing', detail: 'nothing saved yet' } });
    expect(judgeAlone).toThrow(NoVerdictError);
    expect(judgeAlone).toThrow(/the base ran none of the head's scenarios \(api\).*no verdict, not a pass/);
    let thrown: unknown;
    try {
      judgeAlone();
    } catch (error) {
      thrown = error;
    }
    expect(exitCodeFor(thrown)).toBe(3);
    // A threshold judges it: thresholds-only, with the note.
    const withThreshold = { ...config, thresholds: { api: ['p(99) < 5000'] } };
    const { comparison } = judgeRun({
      current,
      config: withThreshold,
      baseline: { kind: 'missing', detail: 'nothing saved yet' },
    });
    expect(comparison.mode).toBe('thresholds-only');
    expect(comparison.ab).toBeUndefined();
    expect(comparison.notes[0]).toBe(
      "A/B: the base ran none of the head's scenarios (head: api; base: renamed), so nothing could be paired and this run is compared with the stored baseline instead. Give the base's config the same scenario names, or set base-ref: none.",
    );
    expect(comparison.notes.join(' ')).not.toMatch(/segment pairs/);
    expect(comparison.scenarios[0]?.thresholds).toHaveLength(1);
    // A stored baseline that holds the head's scenarios judges it in stored mode.
    const stored = structuredClone(current);
    delete stored.ab;
    const fromStore = judgeRun({
      current,
      config,
      baseline: { kind: 'found', text: JSON.stringify(stored), source: 'cache' },
    }).comparison;
    expect(fromStore.mode).not.toBe('ab');
    expect(fromStore.scenarios[0]?.metrics.length).toBeGreaterThan(0);
    expect(fromStore.notes[0]).toMatch(/^A\/B: the base ran none of the head's scenarios/);
    // One shared scenario is enough to pair.
    current.ab!.base.scenarios[0]!.name = 'api';
    expect(judgeRun({ current, config, baseline: { kind: 'missing', detail: 'x' } }).comparison.mode).toBe('ab');
  });
});
