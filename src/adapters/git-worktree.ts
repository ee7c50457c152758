// The base checkout perfgate prepares itself for --base-ref: the commit resolved (fetched first when
// a shallow clone lacks it, as actions/checkout's is), then a detached git worktree in the runner's
// temp folder, removed at the end. Each worktree sits in a folder with the pid of the perfgate that
// made it, so that the next start removes those a killed run left behind.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { BaseFetchError, ConfigError } from '../core/errors.js';
import { runnerTemp } from './runner-temp.js';

const run = promisify(execFile);

/** Folders perfgate made for a base worktree: `<temp>/perfgate-base-XXXXXX/tree`. */
const FOLDER_PREFIX = 'perfgate-base-';
const OWNER_FILE = 'owner.pid';
const FETCH_TIMEOUT_MS = 5 * 60_000;
const GIT_TIMEOUT_MS = 2 * 60_000;

/** Never a prompt for credentials in CI: a fetch that needs them fails. */
const gitEnv = (): NodeJS.ProcessEnv => ({ ...process.env, GIT_TERMINAL_PROMPT: '0' });

async function git(cwd: string, args: string[], timeoutMs = GIT_TIMEOUT_MS): Promise<string> {
  const { stdout } = await run('git', args, { cwd, env: gitEnv(), timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim();
}

function firstLine(error: unknown): string {
  const stderr = (error as { stderr?: string }).stderr?.trim();
  const text = stderr || (error as Error).message;
  return text.split('\n').find((line) => line.trim() !== '') ?? text;
}

export interface HeadRepository {
  /** The work tree's top folder (real path). */
  root: string;
  /** HEAD's commit; the head itself is the work tree as it is, changes included. */
  commit: string;
}

/** Whether the folder of `file` is inside a git work tree (false without git at all). */
export async function isGitWorkTree(file: string): Promise<boolean> {
  try {
    return (await git(path.dirname(path.resolve(file)), ['rev-parse', '--is-inside-work-tree'])) === 'true';
  } catch {
    return false;
  }
}

/** The git repository holding `dir`; `source` names the input for the message when there is none. */
export async function findRepository(dir: string, source: string, ref: string): Promise<HeadRepository> {
  try {
    const root = await git(dir, ['rev-parse', '--show-toplevel']);
    const commit = await git(dir, ['rev-parse', 'HEAD']);
    return { root: realpathSync(root), commit };
  } catch (error) {
    throw new ConfigError(
      `${source} ${ref}: ${dir} is not in a git work tree with a commit (${firstLine(error)}); run perfgate inside the repository, or check the base out yourself and pass --base-dir`,
    );
  }
}

/** The commit `ref` names, fetched from origin (one commit deep) when the clone lacks it. */
export async function resolveCommit(repo: string, ref: string, source: string): Promise<string> {
  const verify = async (name: string): Promise<string | undefined> => {
    try {
      return await git(repo, ['rev-parse', '--verify', '--quiet', `${name}^{commit}`]);
    } catch {
      return undefined;
    }
  };
  if (ref.startsWith('-') || ref.trim() === '')
    throw new ConfigError(`${source} ${JSON.stringify(ref)}: not a git ref; name a commit, branch or tag`);
  const local = await verify(ref);
  if (local) return local;
  try {
    await git(repo, ['fetch', '--no-tags', '--depth=1', 'origin', ref], FETCH_TIMEOUT_MS);
  } catch (error) {
    throw new BaseFetchError(
      `${source} ${ref}: no such commit in ${repo}, and "git fetch --depth=1 origin ${ref}" failed (${firstLine(error)}); name a commit, branch or tag that exists (on a shallow clone, HEAD~1 needs actions/checkout with fetch-depth: 2)`,
    );
  }
  const fetched = await verify('FETCH_HEAD');
  if (!fetched) throw new ConfigError(`${source} ${ref}: origin sent no commit for it; name a commit, branch or tag`);
  return fetched;
}

/**
 * Whether the checkout in `dir` is of `sha`: HEAD is that commit, or a merge commit with it as a
 * parent (refs/pull/N/merge). The parents are read from the raw commit, which a shallow clone
 * keeps even where it cut the history. undefined when `dir` is not in a git work tree.
 */
export async function checkoutOf(dir: string, sha: string): Promise<{ head: string; holds: boolean } | undefined> {
  let head: string;
  let raw: string;
  try {
    head = await git(dir, ['rev-parse', 'HEAD']);
    raw = await git(dir, ['cat-file', '-p', head]);
  } catch {
    return undefined;
  }
  const header = raw.split('\n\n')[0] ?? '';
  const parents = [...header.matchAll(/^parent ([0-9a-f]+)$/gm)].map((match) => match[1]);
  const wanted = sha.toLowerCase();
  return { head, holds: head === wanted || (parents.length > 1 && parents.includes(wanted)) };
}

export interface BaseWorktree {
  path: string;
  commit: string;
  /** Removes the worktree and its folder; safe to call more than once. */
  remove(): Promise<void>;
}

/** A detached worktree of `commit` in the runner's temp folder, outside the workspace. */
export async function addWorktree(repo: string, commit: string): Promise<BaseWorktree> {
  const folder = mkdtempSync(path.join(runnerTemp(), FOLDER_PREFIX));
  writeFileSync(path.join(folder, OWNER_FILE), String(process.pid));
  const tree = path.join(folder, 'tree');
  // A crash or a second Ctrl-C leaves no time for async work: the exit hook removes it at once.
  const onExit = (): void => removeSync(repo, folder);
  process.on('exit', onExit);
  let removed = false;
  const remove = async (): Promise<void> => {
    if (removed) return;
    removed = true;
    process.off('exit', onExit);
    try {
      await git(repo, ['worktree', 'remove', '--force', tree]);
    } catch {
      // Already gone, or half made: the folder goes below and prune forgets the entry.
    }
    rmSync(folder, { recursive: true, force: true });
    await git(repo, ['worktree', 'prune']).catch(() => undefined);
  };
  try {
    await git(repo, ['worktree', 'add', '--detach', tree, commit]);
  } catch (error) {
    await remove();
    throw new Error(`git worktree add --detach ${tree} ${commit} failed: ${firstLine(error)}`);
  }
  return { path: tree, commit, remove };
}

function removeSync(repo: string, folder: string): void {
  try {
    execFileSync('git', ['worktree', 'remove', '--force', path.join(folder, 'tree')], {
      cwd: repo,
      stdio: 'ignore',
      env: gitEnv(),
    });
  } catch {
    // The folder goes anyway; prune forgets the entry.
  }
  rmSync(folder, { recursive: true, force: true });
  try {
    execFileSync('git', ['worktree', 'prune'], { cwd: repo, stdio: 'ignore', env: gitEnv() });
  } catch {
    // Nothing to prune.
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the base worktrees of perfgate runs that are gone (SIGKILL, a crash); returns their paths. */
export async function pruneStaleWorktrees(repo: string): Promise<string[]> {
  let listing: string;
  try {
    listing = await git(repo, ['worktree', 'list', '--porcelain']);
  } catch {
    return [];
  }
  const stale: string[] = [];
  for (const line of listing.split('\n')) {
    if (!line.startsWith('worktree ')) continue;
    const tree = line.slice('worktree '.length);
    const folder = path.dirname(tree);
    if (path.basename(tree) !== 'tree' || !path.basename(folder).startsWith(FOLDER_PREFIX)) continue;
    let owner = NaN;
    try {
      owner = Number(readFileSync(path.join(folder, OWNER_FILE), 'utf8'));
    } catch {
      // No owner file: the folder is gone or half made; either way nobody owns it.
    }
    if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) continue;
    removeSync(repo, folder);
    stale.push(tree);
  }
  // Folders of ours whose worktree entry is gone already (a pruned repository).
  try {
    for (const entry of readdirSync(runnerTemp())) {
      if (!entry.startsWith(FOLDER_PREFIX)) continue;
      const folder = path.join(runnerTemp(), entry);
      let owner = NaN;
      try {
        owner = Number(readFileSync(path.join(folder, OWNER_FILE), 'utf8'));
      } catch {
        continue;
      }
      if (!isRunning(owner) && !stale.includes(path.join(folder, 'tree'))) {
        rmSync(folder, { recursive: true, force: true });
      }
    }
  } catch {
    // No temp folder to read.
  }
  await git(repo, ['worktree', 'prune']).catch(() => undefined);
  return stale;
}
