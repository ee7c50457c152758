// mode: report with several results files (one artifact per config) writes one report file each.
import { describe, expect, it } from 'vitest';
import { numberReportFiles } from '../../src/entry/report-files.js';

describe('numberReportFiles', () => {
  it.each([
    [
      { junit: 'reports/junit.xml', gitlab: 'load-performance.json' },
      2,
      { junit: 'reports/junit-2.xml', gitlab: 'load-performance-2.json' },
    ],
    [{ junit: 'out/junit' }, 1, { junit: 'out/junit-1' }],
    [{ gitlab: 'a.b/report.json' }, 3, { gitlab: 'a.b/report-3.json' }],
    [{}, 1, {}],
  ])('%j, file %i → %j', (files, n, expected) => {
    expect(numberReportFiles(files, n)).toEqual(expected);
  });
});
