// A CPU-bound service under test: one Node process that spins `workMs` of CPU per request, one
// request at a time (a Node event loop is one worker), so its capacity is at most 1000 / workMs
// requests per second, less whatever the machine's other work takes from its core. A child
// process, so that the spinning never stalls the generator's event loop in the test's process.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface CpuTarget {
  url: string;
  close(): Promise<void>;
}

const SOURCE = `
const { createServer } = require('node:http');
const workMs = Number(process.argv[1]);
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const until = performance.now() + workMs;
    let x = 0;
    while (performance.now() < until) x += Math.sqrt(x + 1);
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': 2 });
    response.end('ok');
  });
});
server.keepAliveTimeout = 30000;
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
process.on('disconnect', () => process.exit(0));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
`;

export async function startCpuTarget(workMs: number): Promise<CpuTarget> {
  const child: ChildProcess = spawn(process.execPath, ['-e', SOURCE, String(workMs)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the CPU target exited with ${code} before listening`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = /^(\d+)\n/.exec(output);
      if (line) resolve(Number(line[1]));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.stdin!.end();
      child.kill('SIGTERM');
      await exited;
    },
  };
}
