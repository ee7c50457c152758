// The comparison as files other CI systems read: JUnit XML for their test report, GitLab's
// load-performance JSON for its merge request widget. The CLI's --junit and --gitlab and the
// action's junit-path and gitlab-path write them the same way; neither lets a file that cannot be
// written change the verdict. And GitHub's job summary: the action writes it with @actions/core
// (deliver/job-summary.ts); `perfgate gate` inside an Actions step appends the same report to the
// file GITHUB_STEP_SUMMARY names. The action never runs the CLI, so a step gets it once.
import type { Comparison } from '../core/types/comparison.js';
import type { DistributionChoice } from '../core/report/distribution.js';
import { renderGitlabLoadPerformance } from '../core/report/gitlab.js';
import { renderJunit } from '../core/report/junit.js';
import { renderMarkdown, type MarkdownOptions } from '../core/report/markdown.js';
import { appendText, writeFileAtomic } from '../adapters/output-file.js';
import type { CliIo } from './cli-impl.js';

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

/** GitHub caps a summary at 1 MiB of bytes; emoji and dashes take 3-4 bytes, so leave room. */
const SUMMARY_MAX_CHARS = 600_000;
/** The bytes a summary may take: under GitHub's 1 MiB (1,048,576), with room for the runner's own. */
export const SUMMARY_MAX_BYTES = 1_000_000;

/**
 * The summary rendered within SUMMARY_MAX_BYTES of UTF-8. The renderer bounds characters (UTF-16
 * units), and a CJK or emoji name takes 3-4 bytes for each: 2,000 CJK-named scenarios wrote
 * 1,145,326 bytes within 600,000 characters, and GitHub refused the summary. So the bound is
 * narrowed by the measured bytes per character until the bytes fit.
 */
export function renderWithinBytes(render: (maxChars: number) => string, maxBytes = SUMMARY_MAX_BYTES): string {
  let maxChars = SUMMARY_MAX_CHARS;
  let text = render(maxChars);
  for (let attempt = 0; attempt < 6; attempt++) {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes <= maxBytes) return text;
    maxChars = Math.max(1_000, Math.floor(((maxChars * maxBytes) / bytes) * 0.95));
    text = render(maxChars);
  }
  return text;
}

/** The job summary of `comparison`: the markdown report within GitHub's bound. */
export function renderJobSummary(comparison: Comparison, options: MarkdownOptions): string {
  return renderWithinBytes((maxChars) => renderMarkdown(comparison, { ...options, maxChars }));
}

/**
 * `perfgate gate` in an Actions step: the job summary appended to GITHUB_STEP_SUMMARY, as the
 * action writes it. One that cannot be written is a warning: the verdict stands.
 */
export async function appendStepSummary(
  io: CliIo,
  comparison: Comparison,
  distribution?: DistributionChoice,
): Promise<void> {
  const path = io.env.GITHUB_STEP_SUMMARY;
  if (!path) return;
  const summary = renderJobSummary(comparison, { now: new Date(), ...(distribution ? { distribution } : {}) });
  try {
    await appendText(path, `${summary}\n`, 'GITHUB_STEP_SUMMARY');
    io.stderr.write(`perfgate: the job summary appended to ${path} (GITHUB_STEP_SUMMARY)\n`);
  } catch (error) {
    io.stderr.write(`perfgate: warning: ${(error as Error).message}; the verdict stands\n`);
  }
}
