// The PR comment: one per config, updated in place, with the PR's earlier runs in its history.
// The deadline is the network-timeout input; a fork PR's read-only token gets the fork hint.
import * as core from '@actions/core';
import { PR_COMMENT_SETTLE_MS, findComment, upsertComment, type FoundComment } from '../../adapters/github-comment.js';
import { withDeadline } from '../../adapters/deadline.js';
import { Outputs } from '../action-inputs.js';
import type { ReportContext, Sink } from './sink.js';
import { guardLog } from '../../core/report/markup/text.js';

const FORK_HINT =
  'This looks like a pull request from a fork: its token is read-only and secrets are not passed, so perfgate cannot comment. ' +
  'The report is in the job summary. To comment on fork PRs, set comment: never here and add a trusted `workflow_run` job that runs perfgate with mode: report on the uploaded results (examples/workflows/fork-safe-pr.yml and fork-safe.yml in the perfgate repository).';

/**
 * This config's comment on the PR, when the run may comment: null when there is none yet,
 * undefined when it was not looked up or the lookup failed (upsertComment then looks again).
 */
export async function findPrComment(ctx: ReportContext): Promise<FoundComment | null | undefined> {
  const { event, octokit, options } = ctx;
  if (event.kind !== 'pull_request' || !octokit || event.prNumber === undefined || options.comment === 'never')
    return undefined;
  try {
    const issueNumber = event.prNumber;
    return (
      (await withDeadline("reading the PR's comments", options.networkTimeoutMs, () =>
        findComment(octokit, { owner: ctx.owner, repo: ctx.repo, issueNumber, marker: ctx.marker }),
      )) ?? null
    );
  } catch (error) {
    core.warning(`perfgate: could not read the PR's comments (${(error as Error).message})`);
    return undefined;
  }
}

export function prComment(existing: FoundComment | null | undefined): Sink {
  return {
    what: 'the PR comment',
    wanted: ({ event, options, comparison }) => {
      const noteworthy =
        comparison.regressions.length + comparison.improvements.length + comparison.breaches.length > 0;
      const wants =
        options.comment === 'always' || (options.comment === 'on-change' && (noteworthy || Boolean(existing)));
      return event.kind === 'pull_request' && wants && event.prNumber !== undefined;
    },
    async deliver(ctx) {
      const { octokit, event, options } = ctx;
      if (!octokit) {
        core.warning('perfgate: no github-token, so no PR comment; the report is in the job summary');
        return;
      }
      const issueNumber = event.prNumber!;
      const where = { owner: ctx.owner, repo: ctx.repo, issueNumber, marker: ctx.marker, body: ctx.markdown ?? '' };
      let result;
      try {
        // The settling after the write gets a third of the step's deadline at most; past the
        // deadline the signal stops every write, so a comment the warning calls failed stays unwritten.
        result = await withDeadline('the PR comment', options.networkTimeoutMs, (signal) =>
          upsertComment(octokit, {
            ...where,
            existing,
            stamp: { headSha: event.sha, runOrder: event.runOrder },
            signal,
            settleMs: Math.min(PR_COMMENT_SETTLE_MS, options.networkTimeoutMs / 3),
          }),
        );
      } catch (error) {
        // The fork hint only for a fork: a same-repo 403 is a missing `pull-requests: write`, which the message says.
        core.warning(
          event.isFork
            ? `perfgate: ${FORK_HINT}`
            : `perfgate: the PR comment failed (${(error as Error).message}); the verdict stands`,
        );
        core.info(guardLog(ctx.markdown ?? ''));
        return;
      }
      // A stale run that found no comment has none to name.
      if (result.id > 0) {
        core.setOutput(Outputs.commentId, String(result.id));
        core.setOutput(Outputs.commentUrl, result.url);
      }
      if (result.action === 'skipped-stale')
        core.info(
          `PR comment left as it is: it holds the report of a newer run or of the PR's current head (${result.url})`,
        );
      else core.info(`PR comment ${result.action}: ${result.url}`);
      if (result.removedDuplicates > 0)
        core.info(`removed ${result.removedDuplicates} duplicate comment(s) left by a run at the same time`);
    },
  };
}
