// Checkouts for A/B runs: a folder with perfgate.yml and a small server whose service time is the
// checkout's own code (so head and base differ only there), which leaves its pid and port in
// started/ for the test to check that both variants' processes are gone at the end.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

/**
 * A server that answers after `delayMs` on env PORT (with `status`, 200 unless set), or one that
 * fails to start with `failWith`, or one that crashes (exit 1) once it has answered `dieAfter`
 * load requests. `bootDelays[n]`, where given, is the delay of the checkout's n-th boot (0-based)
 * instead: a process that differs from the next one of the same code for its whole life; its
 * boot `failAtBoot` exits 1 before it listens.
 */
export function serverSource(
  delayMs: number,
  options: { failWith?: string; dieAfter?: number; status?: number; bootDelays?: number[]; failAtBoot?: number } = {},
): string {
  return `import { createServer } from 'node:http';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
${options.failWith ? `console.error(${JSON.stringify(options.failWith)}); process.exit(1);` : ''}
const port = Number(process.env.PORT);
const boot = existsSync('started') ? readdirSync('started').length : 0;
if (boot === ${options.failAtBoot ?? -1}) { console.error('boot ' + boot + ' fails on purpose'); process.exit(1); }
const delayMs = ${JSON.stringify(options.bootDelays ?? [])}[boot] ?? ${delayMs};
mkdirSync('started', { recursive: true });
writeFileSync('started/' + process.pid, String(port));
let answered = 0;
createServer((req, res) => {
  if (req.url !== '/health' && ++answered > ${options.dieAfter ?? Infinity}) {
    console.error('fatal: heap out of memory (the test server crashes on purpose)');
    process.exit(1);
  }
  if (req.url !== '/health') res.statusCode = ${options.status ?? 200};
  setTimeout(() => res.end('ok'), req.url === '/health' ? 0 : delayMs);
}).listen(port, '127.0.0.1');
`;
}

/** Writes server.mjs and perfgate.yml into `dir` (created). */
export function writeCheckout(
  dir: string,
  spec: { delayMs: number; failWith?: string; bootDelays?: number[]; failAtBoot?: number; config: string },
): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'server.mjs'),
    serverSource(spec.delayMs, {
      ...(spec.failWith ? { failWith: spec.failWith } : {}),
      ...(spec.bootDelays ? { bootDelays: spec.bootDelays } : {}),
      ...(spec.failAtBoot !== undefined ? { failAtBoot: spec.failAtBoot } : {}),
    }),
  );
  writeFileSync(join(dir, 'perfgate.yml'), spec.config);
}

/** The processes the checkout's server started: pid and port, from started/. */
export function startedIn(dir: string): { pid: number; port: number }[] {
  const folder = join(dir, 'started');
  return existsSync(folder)
    ? readdirSync(folder).map((pid) => ({ pid: Number(pid), port: Number(readFileSync(join(folder, pid), 'utf8')) }))
    : [];
}

/** Whether something accepts connections on the loopback port. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** A zombie (exited, not yet reaped by whoever adopted it) is not alive. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const state = /^\d+ \(.*\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1];
    return state !== 'Z' && state !== 'X';
  } catch {
    return existsSync(`/proc/${pid}`) ? true : !existsSync('/proc/self');
  }
}
