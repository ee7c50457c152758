// The comparison as files other CI systems read (the junit-path and gitlab-path inputs): JUnit XML
// for their test report, GitLab's load-performance JSON for its merge request widget. Written
// before anything that needs the network; each file on its own, and a file that cannot be written
// is a warning: a report never decides the gate.
import * as core from '@actions/core';
import { extname } from 'node:path';
import { renderGitlabLoadPerformance } from '../../core/report/gitlab.js';
import { renderJunit } from '../../core/report/junit.js';
import { writeFileAtomic } from '../../adapters/output-file.js';
import { Inputs, type ActionOptions } from '../action-inputs.js';
import type { Sink } from './sink.js';

const FILES = [
  { key: 'junit', input: Inputs.junitPath, what: 'the JUnit report', render: renderJunit },
  {
    key: 'gitlab',
    input: Inputs.gitlabPath,
    what: "GitLab's load-performance report",
    render: renderGitlabLoadPerformance,
  },
] as const;

export const reportFiles: Sink = {
  what: 'the report files',
  wanted: (ctx) => Object.keys(ctx.options.reportFiles).length > 0,
  async deliver({ options, comparison }) {
    for (const file of FILES) {
      const path = options.reportFiles[file.key];
      if (path === undefined) continue;
      try {
        await writeFileAtomic(path, `${file.render(comparison)}\n`, file.input);
        core.info(`perfgate: ${file.what} of ${options.configId} written to ${path} (${file.input})`);
      } catch (error) {
        // The message names the input, the path and why; the fix is another path.
        core.warning(
          `perfgate: ${file.what} was not written: ${(error as Error).message}; name a writable file in ${file.input}. The verdict stands`,
        );
      }
    }
  },
};

/**
 * The report files of the n-th of several results files (mode: report with one artifact per
 * config): `junit.xml` → `junit-2.xml`, so that one config's report does not replace another's.
 */
export function numberReportFiles(files: ActionOptions['reportFiles'], n: number): ActionOptions['reportFiles'] {
  const numbered = (path: string): string => {
    const extension = extname(path);
    return `${path.slice(0, path.length - extension.length)}-${n}${extension}`;
  };
  return {
    ...(files.junit === undefined ? {} : { junit: numbered(files.junit) }),
    ...(files.gitlab === undefined ? {} : { gitlab: numbered(files.gitlab) }),
  };
}
