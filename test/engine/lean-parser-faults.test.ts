// The lean client's behaviour must not depend on which client ran or how TCP split the bytes
// (issue 33, item 10): a bare-LF head failed over to ETIMEDOUT where undici fails fast; the 64 KiB
// head limit held only when the head came in small pieces; a 400-digit content-length became
// Infinity and timed out; the pending head was copied whole on every read. The parser fed at every
// split point, and runs through both clients against raw loopback servers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScenarioConfig } from '../../src/core/types/config.js';
import { classifyError } from '../../src/engine/error-class.js';
import { ResponseParser } from '../../src/engine/response-parser.js';
import { runScenario } from '../../src/engine/run-scenario.js';
import { serveRawOnLoopback } from '../fakes/http.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** Feeds `bytes` in pieces cut at `cuts`: the parser's end offset, or what it threw. */
function feed(bytes: Buffer, cuts: number[]): number | 'incomplete' | Error {
  const parser = new ResponseParser();
  parser.reset(false);
  const bounds = [0, ...cuts, bytes.length];
  try {
    for (let i = 0; i + 1 < bounds.length; i++) {
      const end = parser.execute(bytes.subarray(bounds[i], bounds[i + 1]));
      if (end !== -1) return bounds[i]! + end;
    }
  } catch (error) {
    return error as Error;
  }
  return 'incomplete';
}

const every = (n: number) => Array.from({ length: n - 1 }, (_, i) => i + 1);

function headOf(bytes: number): Buffer {
  const filler = 'x'.repeat(Math.max(0, bytes - 60));
  return Buffer.from(`HTTP/1.1 200 OK\r\nX-Filler: ${filler}\r\nContent-Length: 2\r\n\r\nok`, 'latin1');
}

describe('response-parser: the same outcome whatever the split', () => {
  it('a head ended by bare LFs is a parse error (classed other) at once and at every split, never a wait', () => {
    const bytes = Buffer.from('HTTP/1.1 200 OK\nContent-Length: 2\n\nok', 'latin1');
    for (const cuts of [[], ...every(bytes.length).map((cut) => [cut]), every(bytes.length)]) {
      const outcome = feed(bytes, cuts);
      expect(outcome, `cuts ${cuts.join(',')}`).toBeInstanceOf(Error);
      expect(String(outcome)).toMatch(/LF without CR/);
      expect(classifyError(outcome)).toBe('other');
    }
    // One bare LF among CR LFs too.
    expect(feed(Buffer.from('HTTP/1.1 200 OK\r\nA: b\nContent-Length: 0\r\n\r\n', 'latin1'), [])).toBeInstanceOf(Error);
  });

  it('the 64 KiB head limit holds for a head sent at once as for one in pieces; a 60 KiB head passes both ways', () => {
    const big = headOf(120 * 1024);
    for (const cuts of [[], [100], [64 * 1024], every(200).map((i) => i * 600)]) {
      const outcome = feed(big, cuts);
      expect(outcome, `cuts ${cuts.length}`).toBeInstanceOf(Error);
      expect(String(outcome)).toMatch(/response head too long/);
    }
    const fits = headOf(60 * 1024);
    for (const cuts of [[], [100], [30 * 1024], every(100).map((i) => i * 600)])
      expect(feed(fits, cuts), `cuts ${cuts.length}`).toBe(fits.length);
  });

  it('a content-length of 400 digits is a parse error, not Infinity', () => {
    const bytes = Buffer.from(`HTTP/1.1 200 OK\r\nContent-Length: ${'9'.repeat(400)}\r\n\r\nok`, 'latin1');
    for (const cuts of [[], [20], every(bytes.length)]) {
      const outcome = feed(bytes, cuts);
      expect(outcome).toBeInstanceOf(Error);
      expect(String(outcome)).toMatch(/content-length/);
    }
    // The largest exact integer is still a length.
    const largest = Buffer.from(`HTTP/1.1 200 OK\r\nContent-Length: ${Number.MAX_SAFE_INTEGER}\r\n\r\n`, 'latin1');
    expect(feed(largest, [])).toBe('incomplete');
  });

  it('a head dripping in byte by byte is kept in a buffer that doubles: a handful of allocations, not one per read', () => {
    const head = headOf(60 * 1024);
    const allocations = vi.spyOn(Buffer, 'allocUnsafe');
    const concats = vi.spyOn(Buffer, 'concat');
    try {
      expect(feed(head, every(head.length))).toBe(head.length);
      // 256 bytes doubled up to 64 KiB: 9 buffers for 61,000 reads.
      expect(allocations.mock.calls.length).toBeLessThanOrEqual(10);
      expect(concats).not.toHaveBeenCalled();
    } finally {
      allocations.mockRestore();
      concats.mockRestore();
    }
  });
});

/** A TCP server that writes `response` (in `pieces` writes) for each request it reads. */
async function rawServer(response: Buffer, pieces = 1): Promise<string> {
  const server = await serveRawOnLoopback((socket) => {
    const size = Math.ceil(response.length / pieces);
    for (let at = 0; at < response.length; at += size) socket.write(response.subarray(at, at + size));
  });
  closers.push(server.close);
  return server.url;
}

function scenario(baseUrl: string): ScenarioConfig {
  return {
    name: 'lean-faults',
    load: { executor: 'shared-iterations', vus: 2, iterations: 20, maxDurationMs: 10_000 },
    baseUrl,
    request: { method: 'GET', path: '/', headers: {} },
    warmupMs: 0,
    timeoutMs: 3000,
    thinkTimeMs: 0,
    maxInFlight: 100,
    segmentMs: 1000,
  };
}

describe('both clients against hostile loopback servers', () => {
  it.each([
    ['a bare-LF head', Buffer.from('HTTP/1.1 200 OK\nContent-Length: 2\n\nok', 'latin1'), 1],
    ['a 120 KiB head sent at once', headOf(120 * 1024), 1],
    ['a 120 KiB head in 40 writes', headOf(120 * 1024), 40],
    ['a 400-digit content-length', Buffer.from(`HTTP/1.1 200 OK\r\nContent-Length: ${'9'.repeat(400)}\r\n\r\nok`), 1],
  ])('%s: every request fails fast as "other" through lean, none times out', async (_, response, pieces) => {
    const url = await rawServer(response as Buffer, pieces as number);
    const lean = await runScenario(scenario(url), { httpClient: 'lean' });
    expect(lean.requests).toMatchObject({ total: 20, ok: 0, ko: 20 });
    expect(lean.errors).toEqual({ other: 20 });
    const undici = await runScenario(scenario(url), { httpClient: 'undici' });
    expect(undici.requests.ok).toBe(0);
    expect(undici.errors.ETIMEDOUT ?? 0).toBe(0);
  });
});
