// What the triggering event says about where a report goes: a PR (its number, head, fork or not),
// a run on the default branch (which saves the baseline), or anything else.
import * as github from '@actions/github';

export interface EventFacts {
  kind: 'pull_request' | 'default-branch' | 'other';
  prNumber?: number;
  prUrl?: string;
  prTitle?: string;
  isFork: boolean;
  runUrl: string;
  sha: string;
  /** Orders the runs of one PR, for the comment's freshness stamp: run id × 1000 + attempt. */
  runOrder: number;
}

function currentRunOrder(): number {
  return Number(github.context.runId || 0) * 1000 + Number(github.context.runAttempt || 1);
}

export function readEvent(): EventFacts {
  const { context } = github;
  const payload = context.payload;
  const runUrl = `${context.serverUrl}/${context.repo.owner}/${context.repo.repo}/actions/runs/${context.runId}`;
  const pr = payload.pull_request;
  if (pr) {
    const headRepo = (pr.head as { repo?: { full_name?: string } } | undefined)?.repo?.full_name;
    const baseRepo = (pr.base as { repo?: { full_name?: string } } | undefined)?.repo?.full_name;
    return {
      kind: 'pull_request',
      prNumber: pr.number,
      prUrl: pr.html_url,
      prTitle: typeof pr.title === 'string' ? pr.title : undefined,
      isFork: Boolean(headRepo && baseRepo && headRepo !== baseRepo),
      runUrl,
      sha: (pr.head as { sha?: string } | undefined)?.sha ?? context.sha,
      runOrder: currentRunOrder(),
    };
  }
  const defaultBranch = (payload.repository as { default_branch?: string } | undefined)?.default_branch;
  // A schedule event carries no repository in its payload, and GitHub runs it on the default
  // branch only.
  const onDefault =
    context.eventName === 'schedule' || (defaultBranch !== undefined && context.ref === `refs/heads/${defaultBranch}`);
  const savingEvents = ['push', 'schedule', 'workflow_dispatch'];
  return {
    kind: onDefault && savingEvents.includes(context.eventName) ? 'default-branch' : 'other',
    isFork: false,
    runUrl,
    sha: context.sha,
    runOrder: currentRunOrder(),
  };
}
