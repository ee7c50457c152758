import { describe, it, expect } from 'vitest';
import { renderRunSummary } from '../../../src/core/report/run-summary.js';
import { allErrors, checkout, fetchByKey, fetchByQuery, makeResults } from './fixtures.js';

describe('renderRunSummary', () => {
  const results = makeResults([fetchByKey, fetchByQuery, checkout]);
  const text = renderRunSummary(results);

  it('matches the committed snapshot', () => {
    expect(text).toMatchSnapshot();
  });

  it('shows OK/KO, status codes and error classes as Gatling and vegeta users know them', () => {
    expect(text).toContain('[total, ok, ko, dropped]    9,372  9,258  114  0');
    expect(text).toContain('Status Codes  [code:count]                0:22 200:9258 503:92');
    expect(text).toContain('ETIMEDOUT:22');
    expect(text).toMatch(/failed\s+114 \(\s+1\.2%\)/);
    const gatling = renderRunSummary(results, { distribution: 'gatling' });
    expect(gatling).toContain("Response time distribution (Gatling's fixed buckets)");
    expect(gatling).toMatch(/800 ms ≤ t < 1,200 ms\s+185 \(\s+2\.0%\)/);
  });

  it('draws the distribution around the latency threshold, else by grade bands', () => {
    expect(text).toContain('Response time distribution (the latency grade bands)');
    expect(text).toMatch(/t < 50 ms\s+[\d,]+ \(/);
    const slo = renderRunSummary(results, {
      thresholds: [{ scenario: 'checkout', expression: 'p(95)<40', actual: 36.1, ok: true }],
    });
    const block = slo.slice(slo.indexOf('\ncheckout\n'));
    expect(block).toContain('Response time distribution (the latency threshold, 40 ms, and its double)');
    expect(block).toMatch(/40 ms ≤ t < 80 ms\s+[\d,]+ \(/);
  });

  it('draws whole seconds of the window only, not its partial last second or the stragglers after it', () => {
    // 5.4 s measured: seconds 0–4 are whole, second 5 holds 0.4 s of requests and second 6 the
    // responses that were in flight when the window closed.
    const timeline = [
      ...Array.from({ length: 5 }, (_, second) => ({ second, count: 100, ko: 0, p50: 4, p95: 8, p99: 9 })),
      { second: 5, count: 40, ko: 0, p50: 4, p95: 8, p99: 9 },
      { second: 6, count: 3, ko: 0, p50: 30, p95: 60, p99: 60 },
    ];
    const summary = renderRunSummary(makeResults([{ ...fetchByKey, durationMs: 5_400, timeline }]));
    expect(summary).toMatch(/Over time {5}\[p95 per s, 5 s\]\s+█████  8\.00 ms … 8\.00 ms\n/);
    expect(summary).toMatch(/\[OK per s\]\s+█████  100 … 100\n/);
  });

  it('shows completed and OK requests per second, and "—" where no request succeeded', () => {
    expect(text).toContain('[completed/s, OK/s]         156.2/s  154.3/s');
    const down = renderRunSummary(makeResults([allErrors]));
    expect(down).toContain('[min, mean, stddev, max]    —  —  —  —');
    expect(down).toContain('✗ no request succeeded: there is no latency to show');
    expect(down).toContain('[completed/s, OK/s]         1,946/s  0.0/s');
  });

  it('shows intended vs achieved rate for open models only', () => {
    const blocks = text.split('='.repeat(80));
    expect(blocks[1]).not.toContain('[intended, achieved]');
    expect(blocks[2]).toContain('160.0/s  156.2/s (97.6% of intended)');
  });

  it('warns when the generator was saturated and says why', () => {
    expect(text).toContain("⚠ generator saturated: the figures above may show the generator's limits");
    expect(text).toContain('    - 412 requests started more than 10 ms late');
    expect(text).toContain('⚠ generator saturated in: checkout');
  });

  it('keeps sub-millisecond precision', () => {
    expect(text).toContain('0.412 ms  131 ms  400 ms  2,210 ms');
  });

  it("lines up each error class's first example, whatever the class's length, and rounds events", () => {
    const scenario = {
      ...fetchByKey,
      errorExamples: { ETIMEDOUT: 'timed out after 5 s', 'grpc:RESOURCE_EXHAUSTED': 'quota exceeded' },
      events: { streams: 1200, total: 8400, perStream: 7, perSecond: 13.608 },
    };
    const lines = renderRunSummary(makeResults([scenario])).split('\n');
    const first = lines.filter((l) => l.trimStart().startsWith('first '));
    expect(first).toHaveLength(2);
    const column = (l: string, example: string): number => l.indexOf(example);
    const requests = lines.find((l) => l.includes('[total, ok, ko, dropped]'))!;
    const valuesAt = requests.indexOf('[total, ok, ko, dropped]') + '[total, ok, ko, dropped]'.length;
    expect(column(first[0]!, 'timed out')).toBe(requests.slice(valuesAt).search(/\S/) + valuesAt);
    expect(first[1]).toMatch(/first grpc:RESOURCE_EXHAUSTED {2,}quota exceeded$/);
    expect(column(first[1]!, 'quota')).toBe(column(first[0]!, 'timed out'));
    expect(lines.find((l) => l.includes('Events'))).toMatch(/\[streams, \/stream, \/s\]\s+1,200  7  13\.6$/);
  });

  it('renders an empty run without dividing by zero', () => {
    const idle = {
      ...checkout,
      requests: { total: 0, ok: 0, ko: 0, dropped: 0 },
      distribution: { under800: 0, from800to1200: 0, over1200: 0, failed: 0 },
    };
    const out = renderRunSummary(makeResults([idle]));
    expect(out).not.toMatch(/NaN|Infinity/);
    expect(out).toContain('[ratio]                     n/a');
    // Nothing sent has no latency band: a flow step no iteration reached once read "unresponsive (≥ 250 ms)".
    expect(out).toContain('✗ no request was sent: there is no latency to show');
    expect(out).toMatch(/Grade\s+none \(no request was sent\)/);
    expect(out).not.toContain('≥ 250 ms)');
  });
});
