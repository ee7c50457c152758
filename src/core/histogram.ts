// HDR histograms of latency in microseconds: one shape for every histogram perfgate makes, so
// that any two can be added (segments into a run, shards into one result).
// The modules perfgate uses, not the package's index: the index also loads its log writer, whose
// module init builds an Intl.NumberFormat (10-120 ms of a run's start-up CPU, docs/design/measurements.md).
import type * as hdrHistogram from 'hdr-histogram-js/dist/Histogram.js';
import { build } from 'hdr-histogram-js/dist/HistogramBuilder.js';
import { decodeFromCompressedBase64, encodeIntoCompressedBase64 } from 'hdr-histogram-js/dist/encoding.js';

export type Histogram = hdrHistogram.default;

/** One hour in µs: anything slower is a timeout long before. */
export const HIGHEST_TRACKABLE_US = 3_600_000_000;

export function createHistogram(): Histogram {
  return build({
    bitBucketSize: 32,
    autoResize: true,
    lowestDiscernibleValue: 1,
    highestTrackableValue: HIGHEST_TRACKABLE_US,
    numberOfSignificantValueDigits: 3,
    useWebAssembly: false,
  });
}

export function encodeHistogram(histogram: Histogram): string {
  return encodeIntoCompressedBase64(histogram);
}

/** Decodes into our own shape (the encoded form does not carry autoResize). */
export function decodeHistogram(encoded: string): Histogram {
  const decoded = decodeFromCompressedBase64(encoded, 32, false);
  const histogram = createHistogram();
  histogram.add(decoded);
  decoded.destroy();
  return histogram;
}

export function mergeHistograms(histograms: Iterable<Histogram>): Histogram {
  const sum = createHistogram();
  for (const histogram of histograms) sum.add(histogram);
  return sum;
}

/** Encoded histograms as one, encoded; one alone is returned as it is (no decode and re-encode). */
export function mergeEncodedHistograms(encoded: readonly string[]): string {
  if (encoded.length === 1) return encoded[0]!;
  const histograms = encoded.map(decodeHistogram);
  const merged = mergeHistograms(histograms);
  const result = encodeHistogram(merged);
  for (const histogram of histograms) histogram.destroy();
  merged.destroy();
  return result;
}

/** Value at percentile `p` (0–100) in milliseconds; 0 for an empty histogram. */
export function percentileMs(histogram: Histogram, p: number): number {
  if (histogram.totalCount === 0) return 0;
  return histogram.getValueAtPercentile(p) / 1000;
}

/** The parts of hdr-histogram-js's JsHistogram that getValueAtPercentile reads (public in its JS). */
interface CountsView {
  totalCount: number;
  countsArrayLength: number;
  getCountAtIndex(index: number): number;
  valueFromIndex(index: number): number;
  lowestEquivalentValue(value: number): number;
  highestEquivalentValue(value: number): number;
}

/** hdr-histogram-js's ulp(): the count rounding of getValueAtPercentile depends on it. */
const ulp = (x: number): number => Math.pow(2, Math.floor(Math.log2(x)) - 52);

/**
 * `histogram.getValueAtPercentile(p)` for each of `percentiles` (ascending), the same values from
 * one scan of the counts instead of one scan each: a run summarises its histograms once each,
 * with the code still cold, and six scans of ~20,000 counts were a visible part of a short run's
 * CPU (docs/design/measurements.md, start-up). 0 for each when the histogram is empty.
 */
export function valuesAtPercentiles(histogram: Histogram, percentiles: readonly number[]): number[] {
  const view = histogram as unknown as CountsView;
  const values = percentiles.map(() => 0);
  if (view.totalCount === 0) return values;
  const targets = percentiles.map((p) => {
    const fpCount = (Math.min(p, 100) / 100) * view.totalCount;
    return Math.max(Math.ceil(fpCount - ulp(fpCount)), 1);
  });
  let next = 0;
  let total = 0;
  for (let index = 0; index < view.countsArrayLength && next < targets.length; index += 1) {
    total += view.getCountAtIndex(index);
    while (next < targets.length && total >= targets[next]!) {
      const value = view.valueFromIndex(index);
      values[next] = percentiles[next] === 0 ? view.lowestEquivalentValue(value) : view.highestEquivalentValue(value);
      next += 1;
    }
  }
  return values;
}

/**
 * How many recorded values lie below each of `limitsUs` (ascending), in one scan of the counts:
 * what a test of a histogram's shape (src/core/compare/delayed-ack.ts) reads. A bucket counts as
 * below a limit when its lowest equivalent value is, so a limit splits at the histogram's precision.
 */
export function countsBelow(histogram: Histogram, limitsUs: readonly number[]): number[] {
  const view = histogram as unknown as CountsView;
  const counts = limitsUs.map(() => 0);
  for (let index = 0; index < view.countsArrayLength; index += 1) {
    const count = view.getCountAtIndex(index);
    if (count === 0) continue;
    const value = view.lowestEquivalentValue(view.valueFromIndex(index));
    for (let i = limitsUs.length - 1; i >= 0 && value < limitsUs[i]!; i -= 1) counts[i]! += count;
  }
  return counts;
}
