import { describe, expect, it } from 'vitest';
import { decideSave, parseSaveMode } from '../../src/core/save-policy.js';
import type { MetricComparison, ThresholdResult } from '../../src/core/types/comparison.js';

const regression = { scenario: 'api', metric: 'p95', verdict: 'regression' } as MetricComparison;
const breach = { scenario: 'api', expression: 'p(95)<150', actual: 200, ok: false } as ThresholdResult;

describe('decideSave', () => {
  it('saves a run that passed, in either mode', () => {
    for (const mode of ['pass', 'always'] as const) {
      expect(decideSave({ verdict: 'pass', regressions: [], breaches: [] }, mode, '--save always')).toEqual({
        save: true,
      });
    }
  });

  it('never saves a failed run unless asked, and says why and how', () => {
    const failed = { verdict: 'fail' as const, regressions: [regression, regression], breaches: [breach] };
    const refused = decideSave(failed, 'pass', '--save always');
    expect(refused).toEqual({
      save: false,
      reason:
        'this run failed the gate (2 regressions, 1 breached threshold), so it was not saved as the baseline and the stored one stays the reference; if the change is intended, accept it with --save always',
    });
    expect(decideSave(failed, 'always', 'save-baseline: always')).toEqual({
      save: true,
      note: 'saved although it failed the gate (2 regressions, 1 breached threshold), as save-baseline: always asks',
    });
  });

  it('keeps a stored baseline that kept up over a passing run whose generator fell behind, unless asked', () => {
    const passed = { verdict: 'pass' as const, regressions: [], breaches: [] };
    const behind = { saturated: ['shop/product'], storedKeptUp: true };
    const refused = decideSave(passed, 'pass', '--save always', behind);
    expect(refused.save).toBe(false);
    expect(!refused.save && refused.reason).toMatch(
      /^the load generator fell behind in shop\/product, so its latencies carry the generator's delay: it was not saved as the baseline and the stored one, whose generator kept up, stays the reference; .*--save always\)$/,
    );
    expect(decideSave(passed, 'always', '--save always', behind)).toMatchObject({ save: true });
    // With nothing stored, or a stored baseline that fell behind too, it is no worse, and says so.
    const first = decideSave(passed, 'pass', '--save always', { ...behind, storedKeptUp: false });
    expect(first).toMatchObject({ save: true, note: expect.stringMatching(/no stored baseline kept up either/) });
    expect(decideSave(passed, 'pass', '--save always', { saturated: [], storedKeptUp: true })).toEqual({ save: true });
  });

  it('reads the mode and names the fix for anything else', () => {
    expect(parseSaveMode(' Always ', '--save')).toBe('always');
    expect(parseSaveMode('pass', '--save')).toBe('pass');
    expect(() => parseSaveMode('yes', '--save')).toThrow(
      '--save: "yes" is not a save mode; use "pass" (save a run that passed the gate) or "always" (save it even when it failed)',
    );
  });
});
