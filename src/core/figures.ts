// The figures that both compare's notes and the reports print, kept below both (compare sits under
// report, src/core/report/format.ts re-exports them): one formatter per kind of figure, so that a
// note and a table never print the same MDE two ways (a note's "±340%" beside the table's
// "−77%/+336%"). No Intl or locale, as format.ts.
import type { MetricComparison } from './types/comparison.js';

/** Fixed decimals, no separators, no unit: the form the Slack json_oracle lines use. */
export function formatFixed(value: number, decimals = 1): string {
  if (!Number.isFinite(value)) return 'n/a';
  const text = value.toFixed(decimals);
  // -0.0 reads as a sign error to a human.
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** The largest MDE printed as a figure (×11, +1000%); a larger one reads >+1000%. */
export const MDE_SHOWN_UP_TO = 10;

/** The MDE as the reports print it: ±x% (±x pp for the error rate); from 20% up, where the smallest
 * fall and rise it calls part by 3 points or more (a log ratio: +43% up is −30% down), −y%/+x%. */
export function formatMdeValue(
  m: Pick<MetricComparison, 'metric' | 'minDetectableEffect' | 'minDetectableChange'>,
): string {
  const mde = m.minDetectableEffect;
  if (mde === undefined || !Number.isFinite(mde)) return '–';
  if (m.metric === 'error_rate') return `±${formatFixed(mde * 100, 2)} pp`;
  const magnitude = (x: number): string => `${formatFixed(Math.abs(x) * 100, Math.abs(x) >= 0.1 ? 0 : 1)}%`;
  // Past ×11 the figure says only that the run could not see the metric: a tail in a few groups
  // of blocks (df 3) printed MDEs of +479760504%.
  const beyond = (sign: string, x: number): string =>
    Math.abs(x) > MDE_SHOWN_UP_TO ? `>${sign}1000%` : `${sign}${magnitude(x)}`;
  const pair = m.minDetectableChange;
  if (pair !== undefined && Number.isFinite(pair[0]) && Number.isFinite(pair[1])) {
    const [fall, rise] = [magnitude(pair[0]), magnitude(pair[1])];
    return Math.max(-pair[0], pair[1]) < 0.2 || fall === rise ? beyond('±', mde) : `−${fall}/${beyond('+', pair[1])}`;
  }
  return beyond('±', mde);
}

/**
 * A minimum effect (compare.minEffect, or A/B's default) as every report and note prints it: as a
 * config would write it, "5%", "2.5%", "10%", and the error rate's in points ("0.50 points", or
 * "0.50 pp" in a table cell). Its own formatter, not a change's: a change's decimals follow its
 * size, which printed "±5.0%" in one reason and "±10%" in the next for two configured figures.
 */
export function formatMinEffect(metric: string, x: number, points: 'points' | 'pp' = 'points'): string {
  // The error rate's in two decimals, as its MDE and its change are printed beside it.
  if (metric === 'error_rate') return `${formatFixed(x * 100, 2)} ${points}`;
  return `${Number((x * 100).toPrecision(3))}%`;
}

/**
 * A significance level (α, or a look's or a test's share of it) as every report and note prints it:
 * three significant digits, "0.05", "0.025", "0.0167". Two roundings printed "p > 0.01667" in a
 * reason and "0.0167" in a note of the same report.
 */
export function formatAlpha(alpha: number): string {
  return String(Number(alpha.toPrecision(3)));
}
