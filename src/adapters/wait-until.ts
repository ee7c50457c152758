// Waiting for a wall-clock time (the start barrier), stopped early by an abort.
import { setTimeout as sleep } from 'node:timers/promises';
import { InterruptedError } from '../core/errors.js';

/** Longest single sleep: the wall clock is read again after each, so an NTP step is followed. */
const STEP_MS = 1000;

export async function waitUntil(atMs: number, signal?: AbortSignal): Promise<void> {
  for (;;) {
    if (signal?.aborted)
      throw new InterruptedError('interrupted while waiting for the start barrier: nothing was measured');
    const left = atMs - Date.now();
    if (left <= 0) return;
    try {
      await sleep(Math.min(STEP_MS, left), undefined, signal ? { signal } : undefined);
    } catch {
      // aborted: the check above says so
    }
  }
}
