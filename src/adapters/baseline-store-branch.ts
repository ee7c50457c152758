// Baselines (and with them the stored runs trends reads) kept as files on a branch of the
// repository's own origin, such as perfgate-data: durable where the Actions cache evicts an entry
// 7 days after its last use. The branch is checked out as a detached worktree of the workspace's
// clone in the runner's temp folder (so it uses the credentials actions/checkout persisted), read
// with the folder store's rules, and a save is a commit pushed with retries: a push that another
// run beat is rebuilt on the new tip (that run's baseline kept in the history) and pushed again.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { readdir, rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { addWorktree, type BaseWorktree } from './git-worktree.js';
import { createDirStore } from './baseline-store-dir.js';
import { baselinePrefix, type BaselineStore, type LoadedBaseline, type SaveMeta } from './baseline-store.js';

const run = promisify(execFile);

/** The folder on the branch that holds the baseline files. */
const FOLDER = 'baselines';
/** Pushes tried before the save gives up (each after a fetch of the newer tip). */
export const PUSH_ATTEMPTS = 5;
/** Files kept per config: the newest holds the whole history, older ones are only for undoing a save. */
const FILES_KEPT = 5;
/** The root commit of a new branch: git's empty tree. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const IDENTITY = {
  GIT_AUTHOR_NAME: 'github-actions[bot]',
  GIT_AUTHOR_EMAIL: '41898282+github-actions[bot]@users.noreply.github.com',
  GIT_COMMITTER_NAME: 'github-actions[bot]',
  GIT_COMMITTER_EMAIL: '41898282+github-actions[bot]@users.noreply.github.com',
};

async function git(cwd: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run('git', args, {
      cwd,
      env: { ...process.env, ...IDENTITY, GIT_TERMINAL_PROMPT: '0' },
      timeout: 2 * 60_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout.trim();
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    // Every line: a push's reason ("! [rejected] … (stale info)") follows its "To <url>" line.
    const lines = (stderr || (error as Error).message)
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    throw new Error(`git ${args.join(' ')} failed: ${lines.slice(0, 4).join('; ')}`);
  }
}

export interface BranchStoreOptions {
  /** A folder inside the workspace's git clone. */
  repoDir: string;
  branch: string;
  /** The config hash (or baseline-key), with the shard. */
  key: string;
  /** Between push attempts; tests pass 0. */
  retryDelayMs?: number;
}

export function createBranchStore(
  options: BranchStoreOptions,
): BaselineStore & { update: NonNullable<BaselineStore['update']>; close(): Promise<void> } {
  const { repoDir, branch } = options;
  const ref = `refs/heads/${branch}`;
  const remoteRef = `refs/remotes/origin/${branch}`;
  let tree: BaseWorktree | undefined;
  const description = `branch ${branch} of origin (${FOLDER}/)`;

  /** The branch's tip on origin, fetched; undefined when the branch does not exist yet. */
  async function fetchTip(): Promise<string | undefined> {
    try {
      await git(repoDir, ['fetch', '--no-tags', '--depth=1', 'origin', `+${ref}:${remoteRef}`]);
    } catch (error) {
      if (/couldn't find remote ref|not our ref|no such ref/i.test((error as Error).message)) return undefined;
      throw new Error(`cannot read the baseline branch ${branch} from origin: ${(error as Error).message}`);
    }
    return git(repoDir, ['rev-parse', remoteRef]);
  }

  /** The worktree at the branch's newest tip (or at a new root commit), reset on each call. */
  async function checkoutTip(): Promise<{ path: string; tip?: string }> {
    const tip = await fetchTip();
    const commit =
      tip ??
      (await git(repoDir, ['commit-tree', EMPTY_TREE, '-m', 'perfgate: baselines and the stored runs of trends']));
    if (!tree) tree = await addWorktree(repoDir, commit);
    else await git(tree.path, ['reset', '--quiet', '--hard', commit]);
    return { path: tree.path, ...(tip ? { tip } : {}) };
  }

  const folderStore = (path: string) => createDirStore(join(path, FOLDER), options.key);
  const named = (path: string, loaded: LoadedBaseline | undefined): LoadedBaseline | undefined =>
    loaded && { ...loaded, source: `${branch}:${loaded.source.slice(path.length + 1)}` };

  async function prune(path: string): Promise<void> {
    const prefix = baselinePrefix(options.key);
    const names = (await readdir(join(path, FOLDER)).catch(() => [] as string[]))
      .filter((name) => name.startsWith(prefix) && name.endsWith('.json'))
      .sort();
    for (const name of names.slice(0, Math.max(0, names.length - FILES_KEPT))) await rm(join(path, FOLDER, name));
  }

  const store = {
    description,

    async load(): Promise<LoadedBaseline | undefined> {
      const { path } = await checkoutTip();
      return named(path, await folderStore(path).load());
    },

    save: (text: string, meta: SaveMeta): Promise<void> => store.update(() => text, meta),

    async update(build: (newest: LoadedBaseline | undefined) => string, meta: SaveMeta): Promise<void> {
      let lastRejection = '';
      for (let attempt = 1; attempt <= PUSH_ATTEMPTS; attempt++) {
        const { path, tip } = await checkoutTip();
        // The folder store's update names the file after the newest even when this runner's clock is behind.
        await folderStore(path).update!((newest) => build(named(path, newest)), meta);
        await prune(path);
        await git(path, ['add', '--all', FOLDER]);
        await git(path, [
          'commit',
          '--quiet',
          '-m',
          `perfgate: baseline ${options.key} (run ${meta.runId}-${meta.attempt})`,
        ]);
        try {
          // With the tip it was built on as the lease: a push another run beat is refused, not lost.
          await git(path, ['push', '--quiet', `--force-with-lease=${ref}:${tip ?? ''}`, 'origin', `HEAD:${ref}`]);
          return;
        } catch (error) {
          const message = (error as Error).message;
          if (!/rejected|stale info|fetch first|non-fast-forward|failed to push|cannot lock ref/i.test(message))
            throw error;
          lastRejection = message;
          await sleep((options.retryDelayMs ?? 500) * attempt * (0.5 + Math.random()));
        }
      }
      throw new Error(
        `the baseline branch ${branch} moved on under each of ${PUSH_ATTEMPTS} pushes (${lastRejection}); the next run saves again`,
      );
    },

    async close(): Promise<void> {
      await tree?.remove();
      tree = undefined;
    },
  };
  return store;
}
