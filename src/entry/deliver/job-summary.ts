// The job summary: always written, since it is the report of last resort. It needs no network,
// so a hung GitHub or Slack cannot keep it from being written. This run's report only; the PR's
// earlier runs are listed in the comment.
import * as core from '@actions/core';
import { renderMarkdown } from '../../core/report/markdown.js';
import { renderComparisonText } from '../../core/report/text.js';
import { planAnnotations } from '../../core/report/annotations.js';
import { markdownOptions } from './render.js';
import type { Sink } from './sink.js';
import { guardLog } from '../../core/report/markup/text.js';

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

export const jobSummary: Sink = {
  what: 'the job summary',
  wanted: () => true,
  async deliver(ctx) {
    const summary = renderWithinBytes((maxChars) =>
      renderMarkdown(ctx.comparison, { ...markdownOptions(ctx), maxChars }),
    );
    try {
      await core.summary.addRaw(summary, true).write();
    } catch (error) {
      core.warning(`perfgate: could not write the job summary (${(error as Error).message})`);
      core.info(guardLog(summary));
    }
  },
};

/** The reviewer's text report in the log, for whoever reads the job's output first. */
export const logReport: Sink = {
  what: 'the report in the log',
  wanted: () => true,
  async deliver(ctx) {
    core.info(guardLog(renderComparisonText(ctx.comparison)));
  },
};

/** An annotation per regression and breached threshold, at most a handful (planAnnotations). */
export const annotations: Sink = {
  what: 'the annotations',
  wanted: (ctx) => ctx.comparison.regressions.length + ctx.comparison.breaches.length > 0,
  async deliver({ comparison }) {
    for (const annotation of planAnnotations(comparison)) {
      const write = annotation.level === 'error' ? core.error : core.warning;
      write(annotation.message, { title: annotation.title });
    }
  },
};
