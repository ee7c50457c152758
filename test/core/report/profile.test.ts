import { describe, expect, it } from 'vitest';
import { renderProfilesMarkdown, renderProfilesText } from '../../../src/core/report/profile.js';
import type { GrownFunction, ProfileResult } from '../../../src/core/types/results.js';

function grown(name: string, location: string, base: number, head: number): GrownFunction {
  return {
    frame: `${name} (${location})`,
    name,
    location,
    base: { own: base, total: base },
    head: { own: head, total: head },
    ownShare: [base / 1000, head / 1000],
    totalShare: [base / 1000, head / 1000],
    pValue: 1e-9,
  };
}

const PROFILE: ProfileResult = {
  scenario: 'checkout',
  service: 'api',
  kind: 'node',
  trigger: 'regression',
  windowMs: 10_000,
  baseSamples: 1000,
  headSamples: 1000,
  rule: { alpha: 0.001, minShareChange: 0.02, tested: 40 },
  grown: [
    grown('computeDiscount', 'src/pricing.js:12', 100, 400),
    ...['a', 'b', 'c', 'd', 'e'].map((name, i) => grown(name, `src/${name}.js:1`, 10, 40 - i)),
  ],
  files: ['logs/profile/checkout/base-api.folded', 'logs/profile/checkout/api.diff.svg'],
};

describe('where the time went', () => {
  it('shows the top five grown functions with file:line, their shares and counts, and the link', () => {
    const markdown = renderProfilesMarkdown([PROFILE], 'checkout', {
      url: 'https://x/runs/1#artifacts',
      label: 'artifact perfgate-perfgate.yml, logs/profile/',
    })!;
    expect(markdown).toContain('**Where the time went**');
    expect(markdown).toMatch(
      /\| `computeDiscount` +\| `src\/pricing\.js:12` +\| +10\.0% → 40\.0% \(\+30\.0 pts\) \| 100 → 400 \|/,
    );
    expect(markdown).toContain('[artifact perfgate-perfgate.yml, logs/profile/](https://x/runs/1#artifacts)');
    expect(markdown).toContain('`d`');
    expect(markdown).not.toContain('`e`');
    const text = renderProfilesText([PROFILE], 'checkout');
    expect(text[0]).toContain('where the time went (node profile of api');
    expect(text.find((line) => line.includes('computeDiscount'))).toMatch(
      /computeDiscount\s+src\/pricing\.js:12\s+10\.0% → 40\.0% \(\+30\.0 pts\)\s+100 → 400/,
    );
    expect(text.at(-1)).toBe('    flame graph: logs/profile/checkout/api.diff.svg');
  });

  it('says the rule when nothing grew, and nothing for a scenario not profiled', () => {
    const none = { ...PROFILE, grown: [] };
    expect(renderProfilesMarkdown([none], 'checkout')).toContain(
      "No function's share of the CPU grew by a rise of 2 points of the CPU or more, significant at 0.001 over 40 functions.",
    );
    expect(renderProfilesMarkdown([none], 'browse')).toBeUndefined();
    expect(renderProfilesText([none], 'browse')).toEqual([]);
  });

  it('shows a failed profiler as a warning that keeps the verdict', () => {
    const failed: ProfileResult = { ...PROFILE, grown: undefined, error: 'profile of checkout: py-spy is not on PATH' };
    expect(renderProfilesMarkdown([failed], 'checkout')).toContain(
      'failed (profile of checkout: py-spy is not on PATH); the verdict stands',
    );
    expect(renderProfilesText([failed], 'checkout')[0]).toContain('⚠ where the time went');
  });
});
