// The measure a scenario records beside its latency (time to first byte beside the full time, or
// the full time beside `latency: ttfb`): when results are joined (load shards, the looks of an
// extended run), its histograms are joined as the latency's are, or dropped when a part lacks it.
import { decodeHistogram, mergeEncodedHistograms } from '../histogram.js';
import type { ScenarioResult, SegmentRecord } from '../types/results.js';
import { summarizeLatency } from './summary.js';

type Measure = 'ttfbHistogram' | 'fullHistogram';

/** Which histogram field holds a scenario's other measure. */
function otherField(scenario: Pick<ScenarioResult, 'latency'>): Measure {
  return scenario.latency === 'ttfb' ? 'fullHistogram' : 'ttfbHistogram';
}

/** The encoded histograms joined; undefined if any is missing. */
export function joinEncoded(encoded: (string | undefined)[]): string | undefined {
  if (encoded.length === 0 || encoded.some((item) => item === undefined)) return undefined;
  return mergeEncodedHistograms(encoded as string[]);
}

/** A segment's other-measure histogram, joined over `list` (the same slot of several shards). */
export function joinSegmentOther(merged: SegmentRecord, list: SegmentRecord[]): void {
  for (const field of ['ttfbHistogram', 'fullHistogram'] as const) {
    const joined = joinEncoded(list.map((segment) => segment[field]));
    if (joined !== undefined) merged[field] = joined;
  }
}

/**
 * Sets `target`'s other measure (summary and whole histogram) from `histograms`, the parts'
 * whole-window ones, or removes it when a part has none (a file from before it was recorded).
 */
export function setOtherMeasure(target: ScenarioResult, histograms: (string | undefined)[]): void {
  const field = otherField(target);
  delete target.ttfbMs;
  delete target.ttfbHistogram;
  delete target.fullMs;
  delete target.fullHistogram;
  const joined = joinEncoded(histograms);
  if (joined === undefined) return;
  const histogram = decodeHistogram(joined);
  const summary = summarizeLatency(histogram);
  histogram.destroy();
  if (field === 'ttfbHistogram') {
    target.ttfbMs = summary;
    target.ttfbHistogram = joined;
  } else {
    target.fullMs = summary;
    target.fullHistogram = joined;
  }
}

/** The parts' whole-window other-measure histograms, in order. */
export function otherHistograms(parts: ScenarioResult[]): (string | undefined)[] {
  return parts.map((part) => part[otherField(part)]);
}

/** The segments' other-measure histograms, in order. */
export function segmentOtherHistograms(scenario: ScenarioResult, segments: SegmentRecord[]): (string | undefined)[] {
  const field = otherField(scenario);
  return segments.map((segment) => segment[field]);
}
