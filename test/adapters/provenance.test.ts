import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readProvenance } from '../../src/adapters/provenance.js';

function gitRepo(): { dir: string; head: string } {
  const dir = mkdtempSync(join(tmpdir(), 'perfgate-provenance-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main');
  writeFileSync(join(dir, 'perfgate.yml'), 'scenarios: {}\n');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'first');
  return { dir, head: git('rev-parse', 'HEAD') };
}

describe('readProvenance', () => {
  it('takes the commit from git in the config folder outside Actions', async () => {
    const { dir, head } = gitRepo();
    expect(await readProvenance({}, dir)).toEqual({ commit: head, ref: 'refs/heads/main' });
  });

  it('prefers GITHUB_SHA and GITHUB_REF, and adds the run URL and event in Actions', async () => {
    const { dir } = gitRepo();
    const env = {
      GITHUB_SHA: 'abc123',
      GITHUB_REF: 'refs/heads/release',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: 'acme/shop',
      GITHUB_RUN_ID: '42',
      GITHUB_EVENT_NAME: 'schedule',
    };
    expect(await readProvenance(env, dir)).toEqual({
      commit: 'abc123',
      ref: 'refs/heads/release',
      runUrl: 'https://github.com/acme/shop/actions/runs/42',
      event: 'schedule',
    });
  });

  it('has no commit outside git (and no git error reaches the user)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-provenance-bare-'));
    // git must not find a checkout above the temp folder, whatever this machine has there.
    const ceiling = process.env.GIT_CEILING_DIRECTORIES;
    process.env.GIT_CEILING_DIRECTORIES = tmpdir();
    try {
      expect(await readProvenance({}, dir)).toBeUndefined();
    } finally {
      if (ceiling === undefined) delete process.env.GIT_CEILING_DIRECTORIES;
      else process.env.GIT_CEILING_DIRECTORIES = ceiling;
    }
  });
});
