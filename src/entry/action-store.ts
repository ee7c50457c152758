// The action's baseline store: a branch of origin when baseline-branch is set (durable), a folder
// when baseline-dir is, else the Actions cache (evicted 7 days after its last use), keyed by the
// config (or baseline-key) and the shard.
import * as core from '@actions/core';
import { dirname, join, resolve } from 'node:path';
import { createBranchStore } from '../adapters/baseline-store-branch.js';
import type { BaselineStore } from '../adapters/baseline-store.js';
import { createCacheStore } from '../adapters/baseline-store-cache.js';
import { createDirStore } from '../adapters/baseline-store-dir.js';
import { runnerTemp } from '../adapters/runner-temp.js';
import type { ActionOptions } from './action-inputs.js';

export function chooseStore(
  options: Pick<ActionOptions, 'shard' | 'baselineKey' | 'baselineDir' | 'baselineBranch' | 'configPath'>,
  configHash: string,
): BaselineStore | undefined {
  // Each shard runs other scenarios, so each keeps its own baselines: sharing one key would make
  // one shard's partial run the baseline of all.
  const shard = options.shard ? `.s${options.shard.index}of${options.shard.count}` : '';
  const key = `${options.baselineKey ?? configHash}${shard}`;
  if (options.baselineBranch)
    return createBranchStore({ repoDir: dirname(resolve(options.configPath)), branch: options.baselineBranch, key });
  if (options.baselineDir) return createDirStore(options.baselineDir, key);
  if (!process.env.ACTIONS_RESULTS_URL && !process.env.ACTIONS_CACHE_URL) {
    core.warning(
      'perfgate: the Actions cache service is not available here (no ACTIONS_RESULTS_URL), so no baseline is read or saved; set baseline-dir to keep baselines in a folder',
    );
    return undefined;
  }
  // One folder for every step, kept at the same path across runs and workflows: the cache client
  // hashes the path into the entry's version, and a restore matches only the path it was saved
  // from. Steps run one after another and each load removes the file first, so they can share it.
  return createCacheStore({ configHash: key, workDir: join(runnerTemp(), 'perfgate', 'cache') });
}
