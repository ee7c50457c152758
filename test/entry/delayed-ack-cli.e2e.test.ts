// The delayed-ACK stall for real (src/core/compare/delayed-ack.ts): `perfgate gate` boots a Node
// service that writes each response in two pieces, headers then body, with Nagle's algorithm on.
// Over perfgate's keep-alive connections each second write waits for the client's delayed ACK
// (40 ms on Linux), and the report says so; the same two writes with TCP_NODELAY are not stalled
// and get no note. Linux only: other kernels' delayed-ACK timers are not the one the note knows.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { textSink } from '../fakes/streams.js';
import { runGateCommand } from '../../src/entry/cli-impl.js';
import type { Results } from '../../src/core/types/results.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-delayed-ack-'));

// /split: Nagle on, headers flushed, the body on the next turn of the loop: two writes, the second
// held until the first is acknowledged. /nodelay: the same two writes on a socket with TCP_NODELAY.
const SERVER = `import { createServer } from 'node:http';
createServer({ noDelay: false }, (req, res) => {
  req.socket.setNoDelay(req.url === '/nodelay');
  res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '11' });
  res.flushHeaders();
  setImmediate(() => res.end('hello world'));
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

const CONFIG = (server: string) => `services:
  - name: api
    run: ${JSON.stringify(`${process.execPath} ${server}`)}
    ready: { http: "http://127.0.0.1:\${port}/nodelay", timeout: 15s }
defaults: { baseUrl: "http://127.0.0.1:\${port}", warmup: 500ms, segment: 1s }
compare: { extend: { maxDuration: 0 } }
scenarios:
  split:
    executor: constant-vus
    vus: 2
    duration: 3s
    request: { path: /split }
  nodelay:
    executor: constant-arrival-rate
    rate: 100/s
    duration: 2s
    request: { path: /nodelay }
`;

describe.runIf(process.platform === 'linux')('a service stalled by Nagle and the delayed ACK', () => {
  it("gets a note naming TCP_NODELAY in the gate's report; the same writes with TCP_NODELAY get none", async () => {
    const server = join(work, 'server.mjs');
    writeFileSync(server, SERVER);
    const configPath = join(work, 'perfgate.yml');
    writeFileSync(configPath, CONFIG(server));
    const io = { stdout: textSink(), stderr: textSink(), env: {} };
    const outputPath = join(work, 'results.json');
    const code = await runGateCommand(io, {
      configPath,
      baselineDir: join(work, 'baselines'),
      outputPath,
      logDir: join(work, 'logs'),
      format: 'markdown',
      failOn: 'regression',
    });
    expect(code, io.stderr.text).toBe(0);
    const results = JSON.parse(readFileSync(outputPath, 'utf8')) as Results;
    const [split, nodelay] = results.scenarios;
    // The stall itself: the split writes wait for the timer, the same writes with TCP_NODELAY do not.
    expect(split!.requests.ok).toBeGreaterThanOrEqual(50);
    expect(split!.latencyMs.p50).toBeGreaterThanOrEqual(40);
    expect(nodelay!.requests.ok).toBeGreaterThanOrEqual(100);
    expect(nodelay!.latencyMs.p50 / split!.latencyMs.p50).toBeLessThan(0.25);
    // The report: one note, on the stalled scenario.
    const notes = io.stdout.text.split('\n').filter((line) => line.includes("Linux's 40 ms delayed-ACK timer"));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^ℹ️ \d+% of requests took 40–55 ms \(p50 [\d.]+ ms on [\d.]+ ms of service CPU per request\)/,
    );
    expect(notes[0]).toContain('TCP\\_NODELAY');
    const splitSection = io.stdout.text.slice(io.stdout.text.indexOf('`split`'), io.stdout.text.indexOf('`nodelay`'));
    expect(splitSection).toContain("Linux's 40 ms delayed-ACK timer");
  }, 30_000);
});
