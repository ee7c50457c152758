// Whether someone accepted a PR's regression on purpose: the accept label on the PR, or the accept
// command in a comment by a user whose permission on the repository is write or admin (checked
// with GET /repos/{owner}/{repo}/collaborators/{user}/permission, since anyone can comment on a
// public repository). Read live, not from the event payload, so that a re-run after labelling
// sees the label and a re-run after unlabelling does not.
import { hasAcceptCommand, type Acceptance } from '../core/accept.js';
import type { Octokit } from './github-comment.js';

export interface AcceptRules {
  /** The label that accepts; '' for none. */
  label: string;
  /** The comment command that accepts; '' for none. */
  command: string;
}

export interface AcceptanceLookup {
  acceptance?: Acceptance;
  /** What was seen but did not count (a command by a user without write access), for the log. */
  ignored: string[];
}

/** Users whose command counts: `permission` is admin or write (maintain reads as write there). */
const ACCEPTING_PERMISSIONS = new Set(['admin', 'write']);

/** The acceptance on PR `number`, or none; throws when GitHub cannot be read. */
export async function findPullAcceptance(
  octokit: Octokit,
  where: { owner: string; repo: string; number: number },
  rules: AcceptRules,
  /** The labels the event gave: used only when the live labels cannot be read. */
  payloadLabels?: string[],
): Promise<AcceptanceLookup> {
  const ignored: string[] = [];
  if (rules.label !== '') {
    // The live labels decide: a re-run reuses its event's payload, so a label removed since (the
    // re-run of a `labeled` event's run) must no longer accept. The event's labels stand in only
    // where the labels endpoint cannot be read, so that such a GitHub loses no acceptance.
    let names: string[];
    try {
      const labels = await octokit.paginate(octokit.rest.issues.listLabelsOnIssue, {
        owner: where.owner,
        repo: where.repo,
        issue_number: where.number,
        per_page: 100,
      });
      names = labels.map((label) => label.name);
    } catch (error) {
      if (payloadLabels === undefined) throw error;
      names = payloadLabels;
      ignored.push(`the PR's labels could not be read (${(error as Error).message}); the event's labels were used`);
    }
    if (names.includes(rules.label)) return { acceptance: { by: `label ${rules.label}` }, ignored };
  }
  if (rules.command === '') return { ignored };
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    owner: where.owner,
    repo: where.repo,
    issue_number: where.number,
    per_page: 100,
  });
  // The newest command first: its author is the one the report names.
  const checked = new Map<string, boolean>();
  for (const comment of [...comments].reverse()) {
    const login = comment.user?.login;
    if (!login || login.endsWith('[bot]') || !hasAcceptCommand(comment.body ?? '', rules.command)) continue;
    if (!checked.has(login)) checked.set(login, await canWrite(octokit, where, login));
    if (checked.get(login)) return { acceptance: { by: `@${login}` }, ignored };
    ignored.push(`"${rules.command}" by @${login}, who has no write access to ${where.owner}/${where.repo}`);
  }
  return { ignored: [...new Set(ignored)] };
}

/**
 * On a push: the acceptance of the merged PR that brought `sha` in (GET /commits/{sha}/pulls), so
 * that the default branch saves the accepted level as its new baseline.
 */
export async function findMergedPullAcceptance(
  octokit: Octokit,
  where: { owner: string; repo: string; sha: string },
  rules: AcceptRules,
): Promise<AcceptanceLookup & { pullNumber?: number }> {
  if (rules.label === '' && rules.command === '') return { ignored: [] };
  const { data: pulls } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
    owner: where.owner,
    repo: where.repo,
    commit_sha: where.sha,
  });
  const ignored: string[] = [];
  for (const pull of pulls.filter((p) => p.merged_at)) {
    const found = await findPullAcceptance(
      octokit,
      { owner: where.owner, repo: where.repo, number: pull.number },
      rules,
    );
    ignored.push(...found.ignored);
    if (found.acceptance)
      return { acceptance: { by: `${found.acceptance.by} on #${pull.number}` }, ignored, pullNumber: pull.number };
  }
  return { ignored };
}

async function canWrite(octokit: Octokit, where: { owner: string; repo: string }, login: string): Promise<boolean> {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
      owner: where.owner,
      repo: where.repo,
      username: login,
    });
    return ACCEPTING_PERMISSIONS.has(data.permission);
  } catch (error) {
    // 404: not a collaborator at all, so no write access.
    if ((error as { status?: number }).status === 404) return false;
    throw error;
  }
}
