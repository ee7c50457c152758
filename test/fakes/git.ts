// Real git repositories for the tests that need a history: a checkout with a base and a head
// commit, a bare origin cloned as actions/checkout clones. git runs for real; a failed command
// throws with git's own words.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Runs git in `cwd`: its output, trimmed; an Error naming the command and git's stderr if it fails. */
export function git(cwd: string, args: string[]): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/** Writes `files` (paths relative to `dir`, folders made) and commits everything, even nothing new; the commit's SHA. */
export function commitFiles(dir: string, files: Record<string, string>, message: string): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '--allow-empty', '-m', message]);
  return git(dir, ['rev-parse', 'HEAD']);
}

/** `dir` (made) as a new repository on main with a test committer, `files` its first commit; that commit's SHA. */
export function initRepository(dir: string, files: Record<string, string>, message: string): string {
  mkdirSync(dir, { recursive: true });
  git(dir, ['init', '-q', '-b', 'main']);
  git(dir, ['config', 'user.email', 'test@example.com']);
  git(dir, ['config', 'user.name', 'test']);
  return commitFiles(dir, files, message);
}
