// The job summary: always written, since it is the report of last resort. It needs no network,
// so a hung GitHub or Slack cannot keep it from being written. This run's report only; the PR's
// earlier runs are listed in the comment.
import * as core from '@actions/core';
import { renderComparisonText } from '../../core/report/text.js';
import { planAnnotations } from '../../core/report/annotations.js';
import { markdownOptions } from './render.js';
import type { Sink } from './sink.js';
import { guardLog } from '../../core/report/markup/text.js';
import { renderJobSummary } from '../report-files.js';

export const jobSummary: Sink = {
  what: 'the job summary',
  wanted: () => true,
  async deliver(ctx) {
    const summary = renderJobSummary(ctx.comparison, markdownOptions(ctx));
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
