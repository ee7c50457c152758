// What the triggering event says about where a report goes: a PR (its number, head, fork or not),
// a run on the default branch (which saves the baseline), or anything else.
import * as github from '@actions/github';

export interface EventFacts {
  kind: 'pull_request' | 'default-branch' | 'other';
  /** GITHUB_EVENT_NAME: pull_request_target and merge_group need handling of their own. */
  name: string;
  /** The commit the event compares with, when it names one: a PR's base, a merge group's base_sha. */
  baseSha?: string;
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
      name: context.eventName,
      ...((pr.base as { sha?: string } | undefined)?.sha ? { baseSha: (pr.base as { sha: string }).sha } : {}),
      prNumber: pr.number,
      prUrl: pr.html_url,
      prTitle: typeof pr.title === 'string' ? pr.title : undefined,
      isFork: Boolean(headRepo && baseRepo && headRepo !== baseRepo),
      runUrl,
      sha: (pr.head as { sha?: string } | undefined)?.sha ?? context.sha,
      runOrder: currentRunOrder(),
    };
  }
  // A merge queue's temporary branch (gh-readonly-queue/…): its head is the queue's merge of the PR
  // onto base_sha, which is what A/B compares it with. It saves nothing.
  const group = payload.merge_group as { head_sha?: string; base_sha?: string } | undefined;
  if (context.eventName === 'merge_group' && group) {
    return {
      kind: 'other',
      name: context.eventName,
      ...(group.base_sha ? { baseSha: group.base_sha } : {}),
      isFork: false,
      runUrl,
      sha: group.head_sha ?? context.sha,
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
    name: context.eventName,
    isFork: false,
    runUrl,
    sha: context.sha,
    runOrder: currentRunOrder(),
  };
}
