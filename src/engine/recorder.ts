// Records the outcome of every measured request. Latencies of ok requests go into the current
// segment's HDR histogram (µs) and the current second's; a finished segment is encoded at once and
// added into the whole-window histogram, a finished second becomes one timeline point and its
// histogram is reset for the next. So memory holds five histograms however long the run is.
// The timeline is binned by when each response really ended: a request still in flight when the
// window closes is filed with the second it ended in (after the window), not piled into the last
// one; segments stay within the window, since the statistics need them to tile it.
// A recorder with a second measure (`other`: the engine's requests record both the full time and
// the time to first byte) keeps a segment and a whole-window histogram of the other one too: the
// scenario's `latency:` says which of the two is the latency (the percentiles, the verdicts).
import type { Histogram } from '../core/histogram.js';
import { createHistogram, encodeHistogram, valuesAtPercentiles } from '../core/histogram.js';
import type { ScenarioResult, SegmentRecord, TimelinePoint } from '../core/types/results.js';
import { DISTRIBUTION_LIMITS_MS } from '../core/results/summary.js';
import type { ErrorClass } from './error-class.js';

const FAST_US = DISTRIBUTION_LIMITS_MS.fast * 1000;
const SLOW_US = DISTRIBUTION_LIMITS_MS.slow * 1000;
const STATUS_SLOTS = 600;

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export interface RecorderTotals {
  ok: number;
  ko: number;
  bytesIn: number;
  bytesOut: number;
  statusCodes: Record<string, number>;
  errors: Record<string, number>;
  distribution: ScenarioResult['distribution'];
  whole: Histogram;
  segments: SegmentRecord[];
  timeline: TimelinePoint[];
  /** The other measure, for a recorder that keeps one: its whole-window histogram and one encoded histogram per segment. */
  other?: { whole: Histogram; segments: string[] };
}

export class Recorder {
  ok = 0;
  ko = 0;
  bytesIn = 0;
  bytesOut = 0;
  private under800 = 0;
  private from800to1200 = 0;
  private over1200 = 0;
  private readonly statusCounts = new Float64Array(STATUS_SLOTS);
  private readonly otherStatus = new Map<number, number>();
  private timeouts = 0;
  private refused = 0;
  private resets = 0;
  private pipes = 0;
  private certErrors = 0;
  private protocolErrors = 0;
  private streamResets = 0;
  private goaways = 0;
  private captures = 0;
  private otherErrors = 0;
  /** gRPC statuses other than OK, by class (grpc:UNAVAILABLE …), in the order first seen. */
  private readonly grpcErrors = new Map<string, number>();

  private readonly whole = createHistogram();
  private readonly segmentHistogram = createHistogram();
  private readonly secondHistogram = createHistogram();
  /** Every request of the current second, failed ones at their latency (a timeout at its timeout). */
  private readonly secondAllHistogram = createHistogram();
  private readonly segments: SegmentRecord[] = [];
  private readonly otherWhole: Histogram | undefined;
  private readonly otherSegment: Histogram | undefined;
  private readonly otherSegments: string[] = [];
  private readonly timeline: TimelinePoint[] = [];
  private segmentIndex = 0;
  private segmentCount = 0;
  private segmentKo = 0;
  private second = 0;
  private secondCount = 0;
  private secondKo = 0;
  private finished = false;

  /** `windowMs`: the planned measured window, where segments end. */
  /** `other`: keep the other measure of each ok request too (record's `otherUs`). */
  constructor(
    private readonly segmentMs: number,
    private readonly windowMs = Number.POSITIVE_INFINITY,
    other = false,
  ) {
    if (other) {
      this.otherWhole = createHistogram();
      this.otherSegment = createHistogram();
    }
  }

  /** One more response of `status` in statusCodes, no request: a flow's whole iteration counts
   * the statuses of the steps before its last this way (its last is the one record() takes). */
  countStatus(status: number): void {
    if (status > 0 && status < STATUS_SLOTS) this.statusCounts[status]! += 1;
    else if (status === 0) this.statusCounts[0]! += 1;
    else this.otherStatus.set(status, (this.otherStatus.get(status) ?? 0) + 1);
  }

  /**
   * `endMs` is when the response ended, from the start of the measured window; calls come in
   * completion order, so it never goes back (a late value is filed with the current second).
   * `status` is 0 when there was no response, and then `error` says why. `otherUs`: the other
   * measure of the same request (a recorder made with `other`).
   */
  record(
    endMs: number,
    latencyUs: number,
    status: number,
    ok: boolean,
    error: ErrorClass | null,
    bytesIn: number,
    bytesOut: number,
    otherUs = 0,
  ): void {
    const segmentEndMs = endMs < this.windowMs ? endMs : this.windowMs - 0.001;
    const segment = Math.floor(segmentEndMs / this.segmentMs);
    if (segment > this.segmentIndex) this.closeSegmentsBefore(segment);
    const second = Math.floor(endMs / 1000);
    if (second > this.second) this.closeSecondsBefore(second);

    this.segmentCount += 1;
    this.secondCount += 1;
    this.bytesIn += bytesIn;
    this.bytesOut += bytesOut;
    this.countStatus(status);

    const us = latencyUs < 1 ? 1 : Math.round(latencyUs);
    this.secondAllHistogram.recordValue(us);
    if (ok) {
      this.ok += 1;
      this.segmentHistogram.recordValue(us);
      this.secondHistogram.recordValue(us);
      this.otherSegment?.recordValue(otherUs < 1 ? 1 : Math.round(otherUs));
      if (us < FAST_US) this.under800 += 1;
      else if (us < SLOW_US) this.from800to1200 += 1;
      else this.over1200 += 1;
      return;
    }
    this.ko += 1;
    this.segmentKo += 1;
    this.secondKo += 1;
    switch (error) {
      case null:
        break;
      case 'ETIMEDOUT':
        this.timeouts += 1;
        break;
      case 'ECONNREFUSED':
        this.refused += 1;
        break;
      case 'ECONNRESET':
        this.resets += 1;
        break;
      case 'EPIPE':
        this.pipes += 1;
        break;
      case 'ECERT':
        this.certErrors += 1;
        break;
      case 'EPROTO':
        this.protocolErrors += 1;
        break;
      case 'ERST':
        this.streamResets += 1;
        break;
      case 'EGOAWAY':
        this.goaways += 1;
        break;
      case 'capture':
        this.captures += 1;
        break;
      default:
        if (error.startsWith('grpc:')) this.grpcErrors.set(error, (this.grpcErrors.get(error) ?? 0) + 1);
        else this.otherErrors += 1;
    }
  }

  private closeSegmentsBefore(segment: number): void {
    while (this.segmentIndex < segment) {
      this.segments.push({
        startMs: this.segmentIndex * this.segmentMs,
        durationMs: this.segmentMs,
        count: this.segmentCount,
        ko: this.segmentKo,
        histogram: encodeHistogram(this.segmentHistogram),
      });
      this.whole.add(this.segmentHistogram);
      this.segmentHistogram.reset();
      if (this.otherSegment && this.otherWhole) {
        this.otherSegments.push(encodeHistogram(this.otherSegment));
        this.otherWhole.add(this.otherSegment);
        this.otherSegment.reset();
      }
      this.segmentCount = 0;
      this.segmentKo = 0;
      this.segmentIndex += 1;
    }
  }

  private closeSecondsBefore(second: number): void {
    while (this.second < second) {
      const histogram = this.secondHistogram;
      const all = this.secondAllHistogram;
      const point: TimelinePoint = { second: this.second, count: this.secondCount, ko: this.secondKo };
      // A second without an ok response has no ok latency: absent, never 0 ms.
      if (histogram.totalCount > 0) {
        const [p50, p95, p99] = valuesAtPercentiles(histogram, [50, 95, 99]);
        point.p50 = p50! / 1000;
        point.p95 = p95! / 1000;
        point.p99 = p99! / 1000;
        histogram.reset();
      }
      if (all.totalCount > 0) {
        point.allP95 = all.getValueAtPercentile(95) / 1000;
        all.reset();
      }
      this.timeline.push(point);
      this.secondCount = 0;
      this.secondKo = 0;
      this.second += 1;
    }
  }

  /** Closes the window at `windowMs` (every segment and second up to it) and hands out the totals. */
  finish(windowMs: number): RecorderTotals {
    if (!this.finished) {
      this.finished = true;
      // Every segment and second of the window, and the open ones if they hold anything (a
      // window cut short, e.g. by an interrupt, may end inside them).
      const segments = Math.ceil(windowMs / this.segmentMs);
      this.closeSegmentsBefore(Math.max(segments, this.segmentCount > 0 ? this.segmentIndex + 1 : 0));
      const seconds = Math.ceil(windowMs / 1000);
      this.closeSecondsBefore(Math.max(seconds, this.secondCount > 0 ? this.second + 1 : 0));
      const last = this.segments[this.segments.length - 1];
      if (last) last.durationMs = Math.max(0, Math.min(this.segmentMs, round3(windowMs - last.startMs)));
    }
    const statusCodes: Record<string, number> = {};
    for (let status = 0; status < STATUS_SLOTS; status++) {
      const count = this.statusCounts[status]!;
      if (count > 0) statusCodes[String(status)] = count;
    }
    for (const [status, count] of this.otherStatus) statusCodes[String(status)] = count;
    const errors: Record<string, number> = {};
    const classes: [ErrorClass, number][] = [
      ['ETIMEDOUT', this.timeouts],
      ['ECONNREFUSED', this.refused],
      ['ECONNRESET', this.resets],
      ['EPIPE', this.pipes],
      ['ECERT', this.certErrors],
      ['EPROTO', this.protocolErrors],
      ['ERST', this.streamResets],
      ['EGOAWAY', this.goaways],
      ['capture', this.captures],
      ['other', this.otherErrors],
    ];
    for (const [name, count] of classes) if (count > 0) errors[name] = count;
    for (const [name, count] of this.grpcErrors) errors[name] = count;
    return {
      ok: this.ok,
      ko: this.ko,
      bytesIn: this.bytesIn,
      bytesOut: this.bytesOut,
      statusCodes,
      errors,
      distribution: {
        under800: this.under800,
        from800to1200: this.from800to1200,
        over1200: this.over1200,
        failed: this.ko,
      },
      whole: this.whole,
      segments: this.segments,
      timeline: this.timeline,
      ...(this.otherWhole ? { other: { whole: this.otherWhole, segments: this.otherSegments } } : {}),
    };
  }

  destroy(): void {
    this.whole.destroy();
    this.segmentHistogram.destroy();
    this.secondHistogram.destroy();
    this.secondAllHistogram.destroy();
    this.otherWhole?.destroy();
    this.otherSegment?.destroy();
  }
}
