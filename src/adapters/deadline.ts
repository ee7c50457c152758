// A time limit on a network step whose client offers none we can rely on (@actions/cache: its
// blob download to a non-Azure host has no timeout, its reserve and upload retry for minutes;
// octokit: none at all). A hung call held the job for minutes, and before any report. At the
// deadline the step is given up AND its sockets are destroyed, so that nothing it left open keeps
// the process alive (and a late answer cannot write a file behind our back); a socket the step
// opens after that is destroyed at once. Sockets are told apart by the async context they were
// opened in, so concurrent work outside the step is never touched.
import { PerfgateError } from '../core/errors.js';
import { AsyncLocalStorage } from 'node:async_hooks';
import diagnosticsChannel from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

export class DeadlineError extends PerfgateError {
  override name = 'DeadlineError';
  constructor(
    message: string,
    readonly timeoutMs: number,
  ) {
    super(message, 'PERFGATE_DEADLINE');
  }
}

interface Step {
  sockets: Set<Socket>;
  expired: boolean;
  /** Aborted at the deadline: a pooled socket opened outside the step is not destroyed, so every write checks it. */
  controller: AbortController;
  /** performance.now() at the deadline. */
  endsAt: number;
}

const steps = new AsyncLocalStorage<Step>();
let subscribed = false;
let abandoned = 0;

/**
 * True once a step was given up at its deadline. Its sockets are gone, but a client may still
 * hold a retry timer we cannot reach (the Azure SDK's upload retries for minutes, each retry's
 * socket destroyed at once): the entry point then ends the process itself once all is written.
 */
export function hasAbandonedSteps(): boolean {
  return abandoned > 0;
}

function onClientSocket(message: unknown): void {
  const step = steps.getStore();
  const socket = (message as { socket?: Socket }).socket;
  if (!step || !socket) return;
  if (step.expired) {
    socket.destroy();
    return;
  }
  step.sockets.add(socket);
  socket.once('close', () => step.sockets.delete(socket));
}

/**
 * The signal of the step the caller runs in (undefined outside any): aborted at its deadline, so
 * that a request the step's code sends after that, or a write it was about to make, never happens.
 */
export function stepSignal(): AbortSignal | undefined {
  return steps.getStore()?.controller.signal;
}

/**
 * How long the step the caller runs in has left (undefined outside any): a wait a server asks for
 * (a rate limit's Retry-After) that ends past it is no wait worth starting.
 */
export function stepTimeLeftMs(): number | undefined {
  const step = steps.getStore();
  return step ? Math.max(0, step.endsAt - performance.now()) : undefined;
}

/**
 * `fn`'s result, or a DeadlineError after `timeoutMs` ("<what> did not finish within 60 s"), with
 * every socket `fn` opened destroyed.
 */
export async function withDeadline<T>(
  what: string,
  timeoutMs: number,
  fn: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  if (!subscribed) {
    // Every client socket, http and fetch (undici) alike, is announced here (Node ≥ 16.?, tested on 20 and 24).
    diagnosticsChannel.subscribe('net.client.socket', onClientSocket);
    subscribed = true;
  }
  const step: Step = {
    sockets: new Set(),
    expired: false,
    controller: new AbortController(),
    endsAt: performance.now() + timeoutMs,
  };
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      step.expired = true;
      abandoned += 1;
      const error = new DeadlineError(`${what} did not finish within ${formatSeconds(timeoutMs)}`, timeoutMs);
      step.controller.abort(error);
      for (const socket of step.sockets) socket.destroy();
      step.sockets.clear();
      reject(error);
    }, timeoutMs);
  });
  const work = steps.run(step, () => fn(step.controller.signal));
  // The step's own failure after the deadline is of no interest: it was given up.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
