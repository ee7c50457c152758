// --base-ref / the base-ref input: perfgate checks the base out itself, as a detached worktree of
// the head's repository in the runner's temp folder, and removes it at the end (see
// adapters/git-worktree.ts). The head is the work tree as it is, uncommitted changes included.
import { addWorktree, findRepository, pruneStaleWorktrees, resolveCommit } from '../adapters/git-worktree.js';
import type { BaseWorktree } from '../adapters/git-worktree.js';

export interface PreparedBase {
  worktree: BaseWorktree;
  /** The head repository's top folder: the config's place in the base is the same relative to it. */
  headRoot: string;
  baseGit: { commit: string; ref: string };
  notes: string[];
}

export async function prepareBaseRef(input: {
  ref: string;
  /** How the user named it: "--base-ref", "the base-ref input". */
  source: string;
  /** The config file's folder in the head checkout. */
  configDir: string;
}): Promise<PreparedBase> {
  const repo = await findRepository(input.configDir, input.source, input.ref);
  const notes: string[] = [];
  const stale = await pruneStaleWorktrees(repo.root);
  if (stale.length > 0)
    notes.push(`removed ${stale.length} base worktree(s) a stopped run left behind: ${stale.join(', ')}`);
  const commit = await resolveCommit(repo.root, input.ref, input.source);
  if (commit === repo.commit) {
    notes.push(
      `${input.source} ${input.ref} is the head's own commit ${commit.slice(0, 7)}: an A/A run (the head's uncommitted changes, if any, are all that differs)`,
    );
  }
  const worktree = await addWorktree(repo.root, commit);
  notes.push(`the base is ${input.ref} (${commit.slice(0, 7)}), checked out in ${worktree.path}`);
  return { worktree, headRoot: repo.root, baseGit: { commit, ref: input.ref }, notes };
}
