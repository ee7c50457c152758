import { describe, it, expect } from 'vitest';
import {
  createProgressReporter,
  describeScenarioStart,
  describeServiceStatus,
  formatStatus,
  type ScenarioProgress,
} from '../../src/adapters/console-progress.js';

function fakeStream(isTTY: boolean, columns?: number) {
  const chunks: string[] = [];
  const stream = {
    isTTY,
    columns,
    write(chunk: string) {
      chunks.push(chunk);
      return true;
    },
  } as unknown as NodeJS.WritableStream & { isTTY?: boolean };
  return { stream, chunks, text: () => chunks.join('') };
}

function progress(change: Partial<ScenarioProgress> = {}): ScenarioProgress {
  return {
    scenario: 'fetchByKey',
    phase: 'measure',
    elapsedMs: 15_000,
    plannedMs: 60_000,
    completed: 3120,
    ko: 0,
    dropped: 0,
    inFlight: 3,
    intervalMs: 1000,
    intervalRps: 208,
    intervalP95Ms: 12.44,
    variants: 1,
    ...change,
  };
}

describe('formatStatus', () => {
  it('prints the CI status line', () => {
    expect(formatStatus(progress())).toBe(
      '[fetchByKey] measure 15s/60s  3,120 done  last 1s: 208.0/s p95 12.4 ms  0 ko  0 dropped',
    );
  });

  it('adds VUs for a closed model and the intended rate with the requests in flight for an open one', () => {
    expect(formatStatus(progress({ vus: 100 }))).toMatch(/ {2}100 VUs$/);
    expect(
      formatStatus(progress({ intendedRatePerSec: 200, inFlight: 12, elapsedMs: 75_000, plannedMs: 125_000 })),
    ).toBe(
      '[fetchByKey] measure 75s/2m05s  3,120 done  last 1s: 208.0/s p95 12.4 ms  0 ko  0 dropped  target 200.0/s  12 in flight',
    );
  });

  // `measure 7s/5s` read as a miscount: past the plan the line says what was planned.
  it('says the planned time once the phase runs past it', () => {
    expect(formatStatus(progress({ elapsedMs: 7_200, plannedMs: 5_000 }))).toMatch(
      /^\[fetchByKey\] measure 7s, planned 5s {2}/,
    );
    expect(formatStatus(progress({ elapsedMs: 5_400, plannedMs: 5_000 }))).toMatch(
      /^\[fetchByKey\] measure 5s\/5s {2}/,
    );
  });

  it("says that an A/B run counts both variants and that the target is each one's", () => {
    expect(formatStatus(progress({ variants: 2, completed: 6240, intervalRps: 416, intendedRatePerSec: 208 }))).toBe(
      '[fetchByKey] measure 15s/60s  head+base  6,240 done  last 1s: 416.0/s p95 12.4 ms  0 ko  0 dropped  target 208.0/s each  3 in flight',
    );
  });

  it('shows latencies as every report does (three significant digits) and no latency yet as a dash', () => {
    expect(formatStatus(progress({ intervalP95Ms: 0.456 }))).toContain('p95 0.456 ms');
    expect(formatStatus(progress({ intervalP95Ms: 0, completed: 0 }))).toContain('p95 —  0 ko');
  });

  // The table's rate is the whole window's; the line's is the last interval's, and says so.
  it('labels the rate and p95 as the last interval', () => {
    expect(formatStatus(progress({ intervalMs: 5_000 }))).toContain('  last 5s: 208.0/s p95 12.4 ms  ');
    expect(formatStatus(progress({ intervalMs: 312 }))).toContain('  last 0.3s: 208.0/s');
  });
});

describe('non-TTY (CI logs)', () => {
  it('prints one status line per period, not one per update', () => {
    let nowMs = 0;
    const { stream, chunks } = fakeStream(false);
    const reporter = createProgressReporter(stream, { now: () => nowMs });
    for (let second = 1; second <= 12; second += 1) {
      nowMs = second * 1000;
      reporter.update(progress({ elapsedMs: second * 1000, completed: second * 200 }));
    }
    expect(chunks).toEqual([
      '[fetchByKey] measure 5s/60s  1,000 done  last 1s: 208.0/s p95 12.4 ms  0 ko  0 dropped\n',
      '[fetchByKey] measure 10s/60s  2,000 done  last 1s: 208.0/s p95 12.4 ms  0 ko  0 dropped\n',
    ]);
    reporter.done();
    expect(chunks.at(-1)).toBe(
      '[fetchByKey] measure 12s/60s  2,400 done  last 1s: 208.0/s p95 12.4 ms  0 ko  0 dropped\n',
    );
    expect(chunks.join('')).not.toContain('\r');
    reporter.done();
    expect(chunks).toHaveLength(3);
  });

  it('counts periods from the start of each phase and closes a measured phase with its final line', () => {
    let nowMs = 0;
    const { stream, chunks } = fakeStream(false);
    const reporter = createProgressReporter(stream, { now: () => nowMs, intervalMs: 5000 });
    const at = (phaseStartMs: number, change: Partial<ScenarioProgress>) => {
      nowMs = phaseStartMs + (change.elapsedMs ?? 0);
      reporter.update(progress(change));
    };
    at(0, { phase: 'warmup', elapsedMs: 1000, plannedMs: 3000 });
    at(0, { phase: 'warmup', elapsedMs: 3000, plannedMs: 3000 });
    at(3000, { elapsedMs: 1000 });
    expect(chunks).toEqual([]); // the warm-up ended before a period; the measured phase starts at 0 s
    at(3000, { elapsedMs: 4900 });
    expect(chunks).toEqual([]);
    at(3000, { elapsedMs: 5000 });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatch(/^\[fetchByKey\] measure 5s\/60s/);
    at(3000, { elapsedMs: 7000 });
    at(10_500, { scenario: 'fetchByQuery', phase: 'warmup', elapsedMs: 500 });
    expect(chunks).toHaveLength(2);
    expect(chunks[1]).toMatch(/^\[fetchByKey\] measure 7s\/60s/);
  });
});

describe('TTY', () => {
  it('rewrites one line in place with a bar and ends it with a newline', () => {
    const { stream, chunks, text } = fakeStream(true);
    const reporter = createProgressReporter(stream);
    reporter.update(progress({ elapsedMs: 0, vus: 20 }));
    reporter.update(progress({ elapsedMs: 30_000, vus: 20 }));
    expect(chunks).toHaveLength(2);
    for (const chunk of chunks) expect(chunk.startsWith('\r\x1b[2K')).toBe(true);
    expect(chunks[0]).toContain('[                    ]   0%');
    expect(chunks[1]).toContain('[==========          ]  50% [fetchByKey] measure 30s/60s');
    expect(chunks[1]).toContain('20 VUs');
    expect(text()).not.toContain('\n');
    reporter.done();
    expect(chunks.at(-1)).toBe('\n');
  });

  it("overwrites the warm-up line but keeps each scenario's measured line", () => {
    const { stream, text } = fakeStream(true);
    const reporter = createProgressReporter(stream);
    reporter.update(progress({ phase: 'warmup', elapsedMs: 1000, plannedMs: 3000 }));
    reporter.update(progress({ elapsedMs: 60_000 }));
    reporter.update(progress({ scenario: 'fetchByQuery', elapsedMs: 1000 }));
    reporter.done();
    const lines = text()
      .split('\n')
      .map((line) => line.split('\r\x1b[2K').at(-1));
    expect(lines).toEqual([
      expect.stringContaining('[fetchByKey] measure 60s/60s') as unknown as string,
      expect.stringContaining('[fetchByQuery] measure 1s/60s') as unknown as string,
      '',
    ]);
  });

  it('cuts the line to the terminal width', () => {
    const { stream, chunks } = fakeStream(true, 40);
    createProgressReporter(stream).update(progress());
    expect(chunks[0]!.replace('\r\x1b[2K', '')).toHaveLength(39);
  });
});

describe('progress before the load', () => {
  it('says when a service starts, what it waits for, and when it is ready', () => {
    expect(
      describeServiceStatus({
        kind: 'starting',
        name: 'api',
        run: 'node server.js',
        logPath: '.perfgate/logs/api.log',
        readyCheck: 'GET http://127.0.0.1:3000/health',
      }),
    ).toBe(
      'starting service api: node server.js (log .perfgate/logs/api.log, waiting for GET http://127.0.0.1:3000/health)',
    );
    expect(
      describeServiceStatus({
        kind: 'ready',
        name: 'api',
        afterMs: 412,
        readyCheck: 'GET http://127.0.0.1:3000/health',
      }),
    ).toBe('service api ready after 412 ms (GET http://127.0.0.1:3000/health answered)');
  });

  it('numbers the scenarios and names the warm-up', () => {
    const scenario = {
      name: 'fetchByKey',
      load: { executor: 'constant-vus' as const, vus: 20, durationMs: 20_000 },
      baseUrl: 'http://127.0.0.1:3000',
      request: { method: 'GET', path: '/x', headers: {} },
      warmupMs: 5_000,
      timeoutMs: 5_000,
      thinkTimeMs: 0,
      maxInFlight: 100,
      segmentMs: 5_000,
    };
    expect(describeScenarioStart(scenario, 1, 3)).toBe(
      'scenario 2/3: fetchByKey · constant-vus · VUs 20 · duration 20 s · warm-up 5 s, then 20 s measured',
    );
  });
});
