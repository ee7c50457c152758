// Accepting an intended regression: asked only when the gate failed on regressions, so a passing
// run costs no API call. On a PR the label or a writer's command on that PR; in a merge queue the
// queued PR's; on a push to the default branch the merged PR that brought the commit in, so that
// the accepted level is saved as the new baseline. A lookup that fails is a warning and the
// failure stands.
import * as core from '@actions/core';
import * as github from '@actions/github';
import { acceptRegressions, canAccept } from '../core/accept.js';
import type { Comparison } from '../core/types/comparison.js';
import { findMergedPullAcceptance, findPullAcceptance, type AcceptanceLookup } from '../adapters/github-accept.js';
import { withDeadline } from '../adapters/deadline.js';
import { createOctokit } from './deliver/octokit.js';
import { Inputs, type ActionOptions } from './action-inputs.js';
import type { EventFacts } from './deliver/event.js';

/** pull_request.labels of the event (a labeled event names the new one there too). */
function payloadLabels(): string[] {
  const labels = (github.context.payload.pull_request as { labels?: { name?: unknown }[] } | undefined)?.labels;
  return (labels ?? []).map((label) => label.name).filter((name): name is string => typeof name === 'string');
}

/**
 * The PR a merge queue's run is for, from its temporary branch gh-readonly-queue/<base>/pr-<N>-<sha>:
 * the PR that passed its gate by acceptance must not be thrown out of the queue by the same
 * regression, which the queue's A/B against base_sha finds again.
 */
function mergeQueuePull(): number | undefined {
  const headRef = (github.context.payload.merge_group as { head_ref?: unknown } | undefined)?.head_ref;
  const match = typeof headRef === 'string' ? /\/pr-(\d+)-[0-9a-f]+$/.exec(headRef) : null;
  return match ? Number(match[1]) : undefined;
}

export async function applyAcceptance(
  options: ActionOptions,
  event: EventFacts,
  comparison: Comparison,
): Promise<Comparison> {
  if (comparison.verdict !== 'fail' || comparison.regressions.length === 0) return comparison;
  const rules = options.accept;
  if (rules.label === '' && rules.command === '') return comparison;
  const isPush = event.kind === 'default-branch' && github.context.eventName === 'push';
  const queuedPull = event.name === 'merge_group' ? mergeQueuePull() : undefined;
  if (!(event.kind === 'pull_request' && event.prNumber !== undefined) && !isPush && queuedPull === undefined)
    return comparison;
  const octokit = createOctokit(options.githubToken, options.networkTimeoutMs);
  if (!octokit) {
    core.info(`perfgate: no github-token, so ${Inputs.acceptLabel} and ${Inputs.acceptCommand} cannot be read`);
    return comparison;
  }
  const { owner, repo } = github.context.repo;
  let found: AcceptanceLookup;
  try {
    found = await withDeadline('reading whether the regression was accepted', options.networkTimeoutMs, () =>
      isPush
        ? findMergedPullAcceptance(octokit, { owner, repo, sha: github.context.sha }, rules)
        : queuedPull !== undefined
          ? findPullAcceptance(octokit, { owner, repo, number: queuedPull }, rules).then((lookup) =>
              lookup.acceptance
                ? { ...lookup, acceptance: { by: `${lookup.acceptance.by} on #${queuedPull}` } }
                : lookup,
            )
          : findPullAcceptance(octokit, { owner, repo, number: event.prNumber! }, rules, payloadLabels()),
    );
  } catch (error) {
    core.warning(
      `perfgate: could not read whether the regression was accepted (${(error as Error).message}); the gate fails as judged`,
    );
    return comparison;
  }
  for (const line of found.ignored) core.info(`perfgate: not an acceptance: ${line}`);
  if (!found.acceptance) {
    if (event.kind === 'pull_request' && canAccept(comparison)) {
      core.info(
        `perfgate: if this regression is intended, add the label ${rules.label || '(accept-label is none)'}${rules.command ? ` or comment "${rules.command}" (write access)` : ''} and re-run this job`,
      );
      const ways = [
        ...(rules.label ? [`add the label \`${rules.label}\``] : []),
        ...(rules.command ? [`comment \`${rules.command}\` (users with write access)`] : []),
      ];
      return {
        ...comparison,
        acceptHint: `${ways.join(' or ')} and re-run this job: the gate then passes and says so`,
      };
    }
    return comparison;
  }
  const accepted = acceptRegressions(comparison, found.acceptance);
  if (accepted.accepted) core.info(`perfgate: the regressions were accepted by ${found.acceptance.by}`);
  else core.warning(`perfgate: ${accepted.notes.at(-1) ?? 'the acceptance did not apply'}`);
  return accepted;
}
