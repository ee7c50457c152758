// GitHub refuses a job summary over 1 MiB of bytes; the renderer bounds UTF-16 characters, and
// 2,000 CJK-named scenarios wrote 1,145,326 bytes within 600,000 of them.
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/core/report/markdown.js';
import type { Comparison } from '../../src/core/types/comparison.js';
import { renderWithinBytes, SUMMARY_MAX_BYTES } from '../../src/entry/report-files.js';
import { makeLargeComparison } from '../core/report/fixtures.js';

function cjk(count: number): Comparison {
  const large = makeLargeComparison(count);
  const nameOf = (name: string) => `${'注文サービスの検索エンドポイント'.repeat(8)}／${name}`;
  return {
    ...large,
    scenarios: large.scenarios.map((s) => ({
      ...s,
      name: nameOf(s.name),
      current: { ...s.current, name: nameOf(s.current.name) },
      metrics: s.metrics.map((m) => ({ ...m, scenario: nameOf(m.scenario) })),
      thresholds: s.thresholds.map((t) => ({ ...t, scenario: nameOf(t.scenario) })),
    })),
    regressions: large.regressions.map((m) => ({ ...m, scenario: nameOf(m.scenario) })),
  };
}

describe('the job summary cap', () => {
  it('counts bytes: 2,000 CJK-named scenarios fit under 1 MiB', () => {
    const comparison = cjk(2000);
    const now = new Date('2025-11-30T12:05:00Z');
    const render = (maxChars: number) => renderMarkdown(comparison, { now, maxChars });
    // What a bound on characters alone wrote.
    expect(Buffer.byteLength(render(600_000), 'utf8')).toBeGreaterThan(1_048_576);
    const summary = renderWithinBytes(render);
    expect(Buffer.byteLength(summary, 'utf8')).toBeLessThanOrEqual(SUMMARY_MAX_BYTES);
    expect(summary).toContain('注文サービス');
  });

  it('leaves a summary that fits as it is', () => {
    const render = (maxChars: number) => `x`.repeat(Math.min(maxChars, 10));
    expect(renderWithinBytes(render)).toBe('x'.repeat(10));
  });
});
