// Two perfgate runs at once in one repository (issue 33): each is a process of its own booting a
// service named "api" into the same .perfgate/logs. Neither may stop the other's live service (the
// stray sweep), nor truncate the log its running service writes.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const gate = path.join(root, 'test/fixtures/gate-services.ts');

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
});

async function startGate(repo: string, tag: string): Promise<{ logPath: string; pid: number }> {
  const child = spawn(tsx, [gate, repo, path.join(repo, '.perfgate/logs'), tag], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let out = '';
  child.stdout!.setEncoding('utf8');
  for await (const chunk of child.stdout!) {
    out += chunk as string;
    if (out.includes('\n')) break;
  }
  return JSON.parse(out.slice(0, out.indexOf('\n'))) as { logPath: string; pid: number };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('two gates at once in one repository', () => {
  it("keep each other's services running and each its own service log", async () => {
    const repo = mkdtempSync(path.join(tmpdir(), 'perfgate-two-gates-'));
    try {
      const first = await startGate(repo, 'first');
      await sleep(200);
      const second = await startGate(repo, 'second');
      await sleep(300);
      // The second run's stray sweep left the first run's live service alone.
      expect(alive(first.pid)).toBe(true);
      expect(alive(second.pid)).toBe(true);
      expect(first.logPath).toBe(path.join(repo, '.perfgate/logs/api.log'));
      // Before: both wrote .perfgate/logs/api.log, the second truncating it under the first's service.
      expect(second.logPath).not.toBe(first.logPath);
      const lines = (file: string) => new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean));
      expect([...lines(first.logPath)]).toEqual(['first']);
      expect([...lines(second.logPath)]).toEqual(['second']);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  }, 60_000);
});
