// The junit-path and gitlab-path inputs: the comparison for other CI systems, written before
// anything that needs the network. A file that cannot be written is a warning: a report never
// decides the gate.
import * as core from '@actions/core';
import { Inputs } from '../action-inputs.js';
import { writeReportFiles } from '../report-files.js';
import type { Sink } from './sink.js';

const INPUTS = { junit: Inputs.junitPath, gitlab: Inputs.gitlabPath } as const;

export const reportFiles: Sink = {
  what: 'the report files',
  wanted: (ctx) => Object.keys(ctx.options.reportFiles).length > 0,
  async deliver({ options, comparison }) {
    const { written, failed } = await writeReportFiles(comparison, options.reportFiles, (key) => INPUTS[key]);
    for (const line of written) core.info(`perfgate: ${line} for ${options.configId}`);
    for (const line of failed) core.warning(`perfgate: ${line}. The verdict stands`);
  },
};
