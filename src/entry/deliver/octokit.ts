// The GitHub client of the report sinks: every request with a timeout of its own (octokit sets
// none), inside the deadline of its step.
import * as github from '@actions/github';
import type { Octokit } from '../../adapters/github-comment.js';

/** One GitHub or Slack request; a step of several has the network-timeout as its deadline. */
export const REQUEST_TIMEOUT_MS = 20_000;

function fetchWithTimeout(timeoutMs: number): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetch(input, { ...init, signal });
  };
}

export function createOctokit(token: string | undefined, networkTimeoutMs: number): Octokit | undefined {
  if (!token) return undefined;
  return github.getOctokit(token, {
    baseUrl: github.context.apiUrl,
    request: { fetch: fetchWithTimeout(Math.min(REQUEST_TIMEOUT_MS, networkTimeoutMs)) },
  });
}
