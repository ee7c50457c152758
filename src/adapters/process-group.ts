// A process group we started (a service, a setup step): is it alive, and stop it — SIGTERM, a
// grace period, then SIGKILL. One implementation for services.ts and setup.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import { isLiveProcess, scanProcessGroups } from './proc-usage.js';

const GROUP_POLL_MS = 25;
/** After SIGKILL the kernel needs a moment to tear the group down; we wait at most this long. */
export const KILL_SETTLE_MS = 2000;

/**
 * True while a live process of the group exists. kill(-pgid, 0) also counts zombies, and an
 * orphaned grandchild's zombie lingers until init gets round to reaping it (over a second on
 * some hosts), so on Linux the group's members are checked in /proc (see isLiveProcess for
 * when a zombie is really dead).
 */
export function isGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const members = scanProcessGroups(new Set([pgid]));
  return members === undefined || members.some(isLiveProcess);
}

export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: already gone.
  }
}

async function waitForGroupExit(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (isGroupAlive(pgid)) {
    if (performance.now() >= deadline) return false;
    await sleep(GROUP_POLL_MS);
  }
  return true;
}

/** SIGTERM, up to `graceMs` for the group to go, then SIGKILL and a moment for the kernel. */
export async function stopGroup(pgid: number, graceMs: number): Promise<void> {
  if (!isGroupAlive(pgid)) return;
  signalGroup(pgid, 'SIGTERM');
  if (await waitForGroupExit(pgid, graceMs)) return;
  signalGroup(pgid, 'SIGKILL');
  await waitForGroupExit(pgid, KILL_SETTLE_MS);
}
