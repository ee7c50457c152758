// The comparison as files other CI systems read: JUnit XML for their test report, GitLab's
// load-performance JSON for its merge request widget. The CLI's --junit and --gitlab and the
// action's junit-path and gitlab-path write them the same way; neither lets a file that cannot be
// written change the verdict.
import type { Comparison } from '../core/types/comparison.js';
import { renderGitlabLoadPerformance } from '../core/report/gitlab.js';
import { renderJunit } from '../core/report/junit.js';
import { writeFileAtomic } from '../adapters/output-file.js';

/** Where to write each report; absent: not written. */
export interface ReportFiles {
  junit?: string;
  gitlab?: string;
}

export const REPORT_FILES = [
  { key: 'junit', what: 'the JUnit report', render: renderJunit },
  { key: 'gitlab', what: "GitLab's load-performance report", render: renderGitlabLoadPerformance },
] as const;

export type ReportFileKey = (typeof REPORT_FILES)[number]['key'];

/**
 * Writes each report asked for, each on its own: one that fails does not keep the next from being
 * written. `source` names the flag or input of each, for the messages.
 */
export async function writeReportFiles(
  comparison: Comparison,
  files: ReportFiles,
  source: (key: ReportFileKey) => string,
): Promise<{ written: string[]; failed: string[] }> {
  const written: string[] = [];
  const failed: string[] = [];
  for (const file of REPORT_FILES) {
    const path = files[file.key];
    if (path === undefined) continue;
    try {
      await writeFileAtomic(path, `${file.render(comparison)}\n`, source(file.key));
      written.push(`${file.what} written to ${path} (${source(file.key)})`);
    } catch (error) {
      // The message names the flag or input, the path and why; the fix is another path.
      failed.push(
        `${file.what} was not written: ${(error as Error).message}; name a writable file in ${source(file.key)}`,
      );
    }
  }
  return { written, failed };
}

/**
 * The report files of the n-th of several results files (the action's mode: report with one
 * artifact per config): `junit.xml` → `junit-2.xml`, so that one config's report does not replace another's.
 */
export function numberReportFiles(files: ReportFiles, n: number): ReportFiles {
  const numbered = (path: string): string => {
    const dot = path.lastIndexOf('.');
    const extension = dot > path.lastIndexOf('/') + 1 ? path.slice(dot) : '';
    return `${path.slice(0, path.length - extension.length)}-${n}${extension}`;
  };
  return {
    ...(files.junit === undefined ? {} : { junit: numbered(files.junit) }),
    ...(files.gitlab === undefined ? {} : { gitlab: numbered(files.gitlab) }),
  };
}
