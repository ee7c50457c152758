// The GitHub client of the report sinks: every request with a timeout of its own (octokit sets
// none), inside the deadline of its step.
import * as github from '@actions/github';
import type { Octokit } from '../../adapters/github-comment.js';
import { stepSignal } from '../../adapters/deadline.js';

/** One GitHub or Slack request; a step of several has the network-timeout as its deadline. */
export const REQUEST_TIMEOUT_MS = 20_000;

// A request of a step past its deadline is never sent: it would be a late write (a comment the
// warning said had failed, posted after all).
function fetchWithTimeout(timeoutMs: number): typeof fetch {
  return (input, init) => {
    const signals = [AbortSignal.timeout(timeoutMs), init?.signal, stepSignal()].filter(
      (signal): signal is AbortSignal => signal !== undefined && signal !== null,
    );
    return fetch(input, { ...init, signal: AbortSignal.any(signals) });
  };
}

export function createOctokit(token: string | undefined, networkTimeoutMs: number): Octokit | undefined {
  if (!token) return undefined;
  return github.getOctokit(token, {
    baseUrl: github.context.apiUrl,
    request: { fetch: fetchWithTimeout(Math.min(REQUEST_TIMEOUT_MS, networkTimeoutMs)) },
  });
}
