// Where a run came from, for every results file: the commit, the ref, and in Actions the run's
// URL and event. `perfgate trends` orders the stored runs by it and names the commit where a
// metric changed, so a local run outside Actions asks git, and a folder outside git has none.
import { execFile } from 'node:child_process';
import type { Provenance } from '../core/types/results.js';

/** git answers in milliseconds; a hung one (a network file system) must not hold the run. */
const GIT_TIMEOUT_MS = 5000;
const COMMIT_PATTERN = /^[0-9A-Za-z]{1,64}$/;

function git(args: string[], cwd: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, timeout: GIT_TIMEOUT_MS, windowsHide: true }, (error, stdout) => {
      const text = error ? '' : String(stdout).trim();
      resolve(text === '' ? undefined : text);
    });
  });
}

/**
 * GITHUB_SHA when set, else `git rev-parse HEAD` in `configDir`, else no commit; GITHUB_REF or the
 * checked-out branch; the run URL and event only in Actions.
 */
export async function readProvenance(env: NodeJS.ProcessEnv, configDir: string): Promise<Provenance | undefined> {
  const fromEnv = env.GITHUB_SHA?.trim();
  const commit =
    fromEnv && COMMIT_PATTERN.test(fromEnv) ? fromEnv : await git(['rev-parse', '--verify', '-q', 'HEAD'], configDir);
  const ref = env.GITHUB_REF?.trim() || (await git(['symbolic-ref', '-q', 'HEAD'], configDir));
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: runId } = env;
  const runUrl = server && repository && runId ? `${server}/${repository}/actions/runs/${runId}` : undefined;
  const event = env.GITHUB_EVENT_NAME?.trim();
  const provenance: Provenance = {
    ...(commit !== undefined && COMMIT_PATTERN.test(commit) ? { commit } : {}),
    ...(ref ? { ref } : {}),
    ...(runUrl ? { runUrl } : {}),
    ...(event ? { event } : {}),
  };
  return Object.keys(provenance).length > 0 ? provenance : undefined;
}
