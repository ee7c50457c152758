// The job summary: always written, since it is the report of last resort. It needs no network,
// so a hung GitHub or Slack cannot keep it from being written. This run's report only; the PR's
// earlier runs are listed in the comment.
import * as core from '@actions/core';
import { renderMarkdown } from '../../core/report/markdown.js';
import { renderComparisonText } from '../../core/report/text.js';
import { describeMetricChange } from '../../core/report/sentences.js';
import { markdownOptions } from './render.js';
import type { Sink } from './sink.js';
import { guardLog } from '../../core/report/markup/text.js';

/** GitHub caps a summary at 1 MiB of bytes; emoji and dashes take 3-4 bytes, so leave room. */
const SUMMARY_MAX_CHARS = 600_000;

export const jobSummary: Sink = {
  what: 'the job summary',
  wanted: () => true,
  async deliver(ctx) {
    const summary = renderMarkdown(ctx.comparison, { ...markdownOptions(ctx), maxChars: SUMMARY_MAX_CHARS });
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

/** One error annotation per regression and per breached threshold, on the workflow run. */
export const annotations: Sink = {
  what: 'the annotations',
  wanted: (ctx) => ctx.comparison.regressions.length + ctx.comparison.breaches.length > 0,
  async deliver({ comparison }) {
    for (const regression of comparison.regressions) {
      core.error(describeMetricChange(regression), {
        title: `perfgate: ${regression.metric} of ${regression.scenario} regressed`,
      });
    }
    for (const breach of comparison.breaches) {
      core.error(`threshold ${breach.expression} of ${breach.scenario} breached: the value was ${breach.actual}`, {
        title: `perfgate: threshold breached in ${breach.scenario}`,
      });
    }
  },
};
