// Every default and limit of perfgate.yml in one place (the JSON Schema mirrors the defaults for
// editors; docs/config/reference.md is generated from it).
import type { AbSchedule, MetricName, TrendsConfig } from '../types/config.js';

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_WARMUP_MS = 5000;
/** Below this, the JIT warm-up of Node (generator and service) shows up in p99. */
export const RECOMMENDED_MIN_WARMUP_MS = 3000;
export const DEFAULT_THINK_TIME_MS = 0;
export const DEFAULT_MAX_IN_FLIGHT = 1000;
/** Used when a scenario's measured length is not known up front (per-VU iterations). */
export const DEFAULT_SEGMENT_MS = 1000;
/** The shortest segment the config accepts (an A/B duet's blocks are 250 ms by default). */
export const MIN_SEGMENT_MS = 100;
/** The shortest segment an unset `segment` is sized to: below 1 s a segment holds too few requests
 * for its tail, which the stored modes' per-segment statistics need. */
export const MIN_AUTO_SEGMENT_MS = 1000;
/** An unset segment is sized for the run: about this many segments, whole seconds, 1–5 s. */
export const TARGET_SEGMENTS = 20;
export const MAX_AUTO_SEGMENT_MS = 5000;
export const DEFAULT_READY_TIMEOUT_MS = 30_000;
/** An install and a build on a cold runner: generous, but a hung step still ends. */
export const DEFAULT_SETUP_TIMEOUT_MS = 10 * 60_000;
export const DEFAULT_STOP_GRACE_MS = 5000;
/** profile.window: long enough for some 10,000 samples a side at the inspector's 1 ms interval. */
export const DEFAULT_PROFILE_WINDOW_MS = 10_000;
export const DEFAULT_MAX_DURATION_MS = 600_000;
export const DEFAULT_METRICS: MetricName[] = ['p50', 'p90', 'p95', 'p99', 'rps', 'error_rate', 'capacity'];
export const DEFAULT_MIN_EFFECT: Record<MetricName, number> = {
  p50: 0.05,
  p90: 0.1,
  p95: 0.1,
  p99: 0.15,
  rps: 0.05,
  error_rate: 0.01,
  capacity: 0.1,
};
export const DEFAULT_ALPHA = 0.05;
/**
 * Run-to-run standard deviation of one run's ln(metric) (absolute, as a fraction, for the error
 * rate): the between-run part of the no-history test's variance, and (times HISTORY_FLOOR_SHARE)
 * the floor of the history test's scale. A/A runs on a shared 2-core machine spread by about 5%
 * for p50 and rps and 7–8% for p90–p99, of which the within-run bootstrap sees only a part; the
 * prior is that whole measured spread, so the within-run part is counted twice, which costs a
 * little power and never a false alarm. `compare.runnerNoise` overrides it per metric.
 */
export const DEFAULT_RUNNER_NOISE: Readonly<Record<MetricName, number>> = {
  p50: 0.05,
  p90: 0.07,
  p95: 0.07,
  p99: 0.08,
  rps: 0.05,
  error_rate: 0.001,
  // The capacity search's result from run to run: measured in bench/capacity/search.mjs (bench/capacity/README.md).
  capacity: 0.05,
};
/** Fewer segments than this cannot be block-resampled meaningfully. */
export const MIN_SEGMENTS = 4;
/** A request started later than this after its intended time is a late start: the engine counts
 * them so (engine/generator-watch.ts), and a stored comparison bounds the others' start delay by it
 * (compare/gross-shift.ts). Not a setting. */
export const LATE_START_MS = 10;
/** Start delays counted per segment: how many requests started more than each of these late
 * (SegmentContention.startsLaterThan). A stored comparison bounds a segment's own latencies by the
 * step that suits it (compare/gross-shift.ts): a generator 60 ms behind now and then, whose other
 * starts were under a millisecond late, leaves a 4 ms service readable, which a single 10 ms step
 * did not. They run past the longest start delay a run could have (a timeout's worth). A results
 * file lists only the steps some request passed, so a step it lacks reads as none later than it:
 * adding or moving a step would make older files claim less delay than they had (keep these, or
 * record the list in the file first). */
export const START_DELAY_STEPS_MS: readonly number[] = [
  0.25,
  0.5,
  1,
  2,
  5,
  LATE_START_MS,
  20,
  50,
  100,
  200,
  500,
  1000,
  2000,
  5000,
  10_000,
  30_000,
];
/** Deprecated (ignored): kept so that configs that set compare.noiseFloor still load. */
export const DEFAULT_NOISE_FLOOR = 0.15;
export const DEFAULT_HISTORY_LENGTH = 10;
export const DEFAULT_MIN_HISTORY = 5;
/** compare.extend: an inconclusive scenario may run on until its window is this many times the planned one. */
export const DEFAULT_EXTEND_FACTOR = 4;
/** trends: the stored runs kept for `perfgate trends`, the shortest level a change point may
 * start or end, and the significance of each split (the t-test pays for every split it searched, so 0.01 leaves 0-0.3% of flat series with a false change point: bench/stats/trends.ts). */
export const DEFAULT_TRENDS_KEEP = 100;
export const DEFAULT_TRENDS_MIN_SEGMENT = 4;
export const DEFAULT_TRENDS_ALPHA = 0.01;

/** The trends rules of a config that sets none. */
export function defaultTrendsConfig(): TrendsConfig {
  return { keep: DEFAULT_TRENDS_KEEP, minSegment: DEFAULT_TRENDS_MIN_SEGMENT, alpha: DEFAULT_TRENDS_ALPHA };
}
export const DEFAULT_AB_SCHEDULE: AbSchedule = 'duet';

/**
 * More connections than one process can hold: each VU (or open-model request in flight) is a
 * socket and a file descriptor, and loopback has about 28,000 source ports per target. A count
 * far past it was accepted and aborted the process while allocating its users.
 */
export const MAX_CONNECTIONS = 50_000;
/** More arrivals a second than one generator can schedule (its dispatch loop would never yield). */
export const MAX_RATE_PER_SEC = 1_000_000;

/** The capacity search's step and resolution when the scenario sets none. */
export const DEFAULT_CAPACITY_STEP_FACTOR = 1.5;
export const DEFAULT_CAPACITY_RESOLUTION = 0.05;
/** A level needs a full second between its first and its last to read the achieved rate from. */
export const MIN_CAPACITY_HOLD_MS = 3000;
/** A larger factor skips the levels a search is for (1e9 ran a 2M/s level at once). */
export const MAX_CAPACITY_STEP_FACTOR = 10;

/** `perfgate plan`'s targets when the config sets no compare.detect: a change of 5% at p50 and 10%
 * at p95, the minimum effects of the stored modes. */
export const DEFAULT_DETECT: Partial<Record<MetricName, number>> = { p50: 0.05, p95: 0.1 };
