// The results file (schemaVersion 1) and the stored baseline: what a run writes and what a later
// run reads back (schema/perfgate-results.schema.json checks the untrusted copies).
import type { AbSchedule, Executor, ProfilerKind } from './config.js';

export interface LatencySummaryMs {
  min: number;
  mean: number;
  stddev: number;
  p50: number;
  p75: number;
  p90: number;
  p95: number;
  p99: number;
  p999: number;
  max: number;
}

export type Grade = 'excellent' | 'good' | 'acceptable' | 'arguable' | 'unresponsive';

/** One recording segment: the unit the statistics resample. */
export interface SegmentRecord {
  /** Start, relative to the start of the measured window. */
  startMs: number;
  durationMs: number;
  /** Completed requests (ok + ko) whose response ended in this segment. */
  count: number;
  ko: number;
  /** Latencies (µs) of the ok requests of this segment, HDR compressed base64: the scenario's
   * `latency` measure (the full time unless it says `ttfb`). */
  histogram: string;
  /** The other measure of the same requests (µs, HDR): time to first byte when `histogram` holds
   * the full time, and the reverse. Absent in results from before it was recorded, and in flows. */
  ttfbHistogram?: string;
  fullHistogram?: string;
  /** What competed with the measurement during this segment; absent in results from before it
   * was recorded. A run-mean cannot show a burst, and a tail percentile is made of bursts. */
  contention?: SegmentContention;
}

/** Competing work over one segment (see SegmentRecord.contention), cores as in MachineLoad. */
export interface SegmentContention {
  /** Busy cores outside perfgate and its services, steal included; absent without /proc. */
  otherCores?: number;
  /** Cores the hypervisor took from this machine; absent without /proc. */
  stealCores?: number;
  /** perfgate's own CPU in cores. */
  generatorCores: number;
  /** The generator's event-loop delay at p99, ms: time added to every latency measured then. */
  loopDelayP99Ms: number;
  /** Open model: requests intended in this segment that started more than 10 ms late. */
  lateStarts: number;
  /** Open model: how many started more than `ms` late, for each of the engine's steps
   * (START_DELAY_STEPS_MS) that any request passed; empty when none started 0.25 ms late. Counts
   * all variants that share the segment (a duet's pair). Absent in results from before 2026-12. */
  startsLaterThan?: { ms: number; count: number }[];
}

export interface TimelinePoint {
  /** Seconds since the start of the measured window, by when responses ended: requests in flight
   * when the window closed fall in the seconds after it. */
  second: number;
  count: number;
  ko: number;
  /** Latency of the ok requests; absent in a second without one (older results hold 0). */
  p50?: number;
  p95?: number;
  p99?: number;
  /** p95 of every request that ended in the second, failed ones at their latency (a timeout at
   * its timeout); absent when none ended. */
  allP95?: number;
}

export interface GeneratorHealth {
  /** Requests started later than 10 ms after their intended time (open model). */
  lateStarts: number;
  /** Longest delay between a request's intended and actual start. */
  maxStartDelayMs: number;
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
  /** Generator CPU (user + sys) as a share of one core, 1 = 100%. */
  cpuCores: number;
  /** True when the generator could not keep up; the reasons say why in words. */
  saturated: boolean;
  reasons: string[];
}

export interface ServiceUsage {
  name: string;
  cpuMeanPercent: number;
  cpuMaxPercent: number;
  rssPeakBytes: number;
}

/** How busy the whole machine was while a scenario ran, in cores (1 = one core fully used). */
export interface MachineLoad {
  cpuCount: number;
  /** All CPU time spent on the machine, including time stolen by the hypervisor. */
  busyCores: number;
  /** Busy time outside perfgate's own process and the services it started, steal included:
   * work that competes with the service under test and is not part of the measurement. */
  otherCores: number;
  stealCores: number;
}

export interface ProcessLatency {
  requests: number;
  histogram: string;
}

export interface ScenarioResult {
  name: string;
  executor: Executor;
  /** The executor's parameters as configured (VUs, rate, stages, duration…). */
  params: Record<string, unknown>;
  startTime: string;
  /** Length of the measured window (warm-up excluded). */
  durationMs: number;
  warmupMs: number;
  requests: { total: number; ok: number; ko: number; dropped: number };
  /** Latency of ok requests: to the end of the response, or to its first body byte with `latency: 'ttfb'`. */
  latencyMs: LatencySummaryMs;
  /** `ttfb`: latencyMs, histogram and the segments' histograms measure the time to first byte.
   * Absent: the full time (every results file before it existed). */
  latency?: 'ttfb';
  /** The time to first byte of the ok requests beside a full-time latency (absent in older results and in flows). */
  ttfbMs?: LatencySummaryMs;
  ttfbHistogram?: string;
  /** The ok answers that were `text/event-stream`s (server-sent events): how many, their events
   * in all and per stream, and events per second of stream (all events over all the streams'
   * time). Their time to first byte is the time to their first complete event. */
  events?: { streams: number; total: number; perStream: number; perSecond: number };
  /** The full time of the ok requests beside a `latency: 'ttfb'`. */
  fullMs?: LatencySummaryMs;
  fullHistogram?: string;
  /** Completed requests per second over the measured window. */
  rps: number;
  errorRate: number;
  bytes: { in: number; out: number };
  /** "0" counts requests without a response. */
  statusCodes: Record<string, number>;
  /** Error classes: ETIMEDOUT, ECONNREFUSED, ECONNRESET, EPIPE, ECERT, EPROTO (TLS), ERST, EGOAWAY
   * (HTTP/2), grpc:<CODE> (gRPC statuses), capture, other; HTTP_<code> is not used. */
  errors: Record<string, number>;
  /** The first message seen of each error class, so that a count of `other` can be read. */
  errorExamples?: Record<string, string>;
  /** Gatling's buckets. */
  distribution: { under800: number; from800to1200: number; over1200: number; failed: number };
  grade: Grade;
  /** Whole-window latency histogram (µs), HDR compressed base64. */
  histogram: string;
  segments: SegmentRecord[];
  timeline: TimelinePoint[];
  /** compare.processes > 1 in an A/B run: per process of this variant, in boot order, the ok
   * requests of the measured window it answered and their latencies (µs, HDR compressed base64,
   * the scenario's measure, as `histogram`). The A/B test reads how far they differ. */
  processes?: ProcessLatency[];
  /** Open model only. */
  rate?: { intendedPerSec: number; achievedPerSec: number };
  /** The HTTP version asked for (`http:`) and spoken: `auto` records what ALPN agreed; `grpc`: a
   * gRPC scenario, over h2 (TLS) or h2c. Absent: HTTP/1.1 (results from before `http:` existed,
   * and scenarios that leave it unset). */
  protocol?: { asked: '1.1' | '2' | 'auto' | 'grpc'; spoken: 'http/1.1' | 'h2' | 'h2c' };
  /** A flow step's result (named `<scenario>/<step>`): which flow and step. */
  flow?: { scenario: string; step: string };
  generator: GeneratorHealth;
  services: ServiceUsage[];
  /** Absent where /proc is not readable (not Linux) and in results from before it was measured. */
  machine?: MachineLoad;
  /** The capacity executor only: the search and its curve. The scenario's other figures (latency,
   * requests, segments…) are those of the level `capacity.ratePerSec` names, or of the first level
   * when none held. */
  capacity?: CapacityResult;
  /** A merge of load shards (`--split load`) only: each shard's own figures, in shard order. */
  shards?: ShardFigures[];
  /** The run went on past its planned window because a verdict was inconclusive
   * (compare.extend): what the comparison saw at each look. */
  extension?: ScenarioExtension;
}

/**
 * A scenario whose window was extended (docs/design/statistics.md, "More data instead of inconclusive").
 * Look 0 is the planned window; each later look added one extension step. The comparison judges
 * look k on the first `segments` segments, so that a results file re-judged later reaches the
 * same verdicts.
 */
export interface ScenarioExtension {
  looks: ExtensionLook[];
}

export interface ExtensionLook {
  /** Segments measured by the end of this look (cumulative). */
  segments: number;
  /** Length of the measured window by then (cumulative). */
  durationMs: number;
  /** Requests the open model dropped by then (cumulative). */
  dropped: number;
  /** Open model: the rate over the window by then. */
  rate?: { intendedPerSec: number; achievedPerSec: number };
  /** The generator's health over the window by then. */
  generator: GeneratorHealth;
  /** The metrics still undecided when this look was asked for (absent for look 0). */
  undecided?: string[];
  /** compare.processes > 1: each process's requests and latencies by then (cumulative). */
  processes?: ProcessLatency[];
}

/** One load shard's share of a merged scenario: what tells a shard that started late, fell
 * behind or failed alone from the others. */
export interface ShardFigures {
  index: number;
  /** Start of its measured window minus that of the shard with the median start. */
  startOffsetMs: number;
  durationMs: number;
  requests: { total: number; ok: number; ko: number; dropped: number };
  rps: number;
  p99Ms: number;
  /** Open model: the shard's share of the rate. */
  intendedPerSec?: number;
  lateStarts: number;
  cpuCores: number;
  saturated: boolean;
}

/** One constant-rate level of a capacity search. */
export interface CapacityLevel {
  phase: 'climb' | 'bisect' | 'retry';
  intendedPerSec: number;
  /** Responses completed per second in the steady part of the hold (its first and last second
   * left out): what the service digested, as opposed to what the generator sent. */
  achievedPerSec: number;
  /** Requests the generator sent per second (the rest of the intended ones were dropped). */
  sentPerSec: number;
  durationMs: number;
  /** Every intended request of the hold: intended = ok + ko + dropped. */
  requests: { intended: number; ok: number; ko: number; dropped: number };
  latencyMs: { p50: number; p95: number; p99: number };
  errorRate: number;
  /** Failed requests by class: ETIMEDOUT, ECONNREFUSED, …, and `HTTP <status>` for a non-ok answer. */
  failures: Record<string, number>;
  held: boolean;
  /** Why the level broke (threshold breaches, a shortfall), in words; empty when it held. */
  brokeBecause: string[];
  /** The generator fell behind its own schedule during the level (its reasons are in `notes`). */
  generatorSaturated: boolean;
  /** The level broke, the generator was saturated, and its delays could account for every reason
   * the level broke: the level says nothing about the service, and is run once more. */
  generatorLimited: boolean;
  /** Caveats that do not break the level (too few requests beyond the SLO's percentile, …). */
  notes: string[];
}

/** Why the search stopped where it did; anything but `service` makes the capacity a lower bound. */
export type CapacityLimit = 'service' | 'generator' | 'maxRate' | 'maxDuration' | 'interrupted';

export interface CapacityResult {
  /** The highest intended rate that held (0 when even the start rate broke). */
  ratePerSec: number;
  /** [highest level that held, lowest level that broke]; the upper end is null when none broke. */
  bracket: [number, number | null];
  /** The resolution the bisection aimed for (a fraction of the lower end). */
  resolution: number;
  limitedBy: CapacityLimit;
  /** Wall time of the whole search: every level's warm-up and hold, and the cooldowns. */
  durationMs: number;
  /** The last level before latency (p50) doubled from its lowest-rate value or the service fell behind. */
  knee?: { ratePerSec: number; reason: string };
  /** The first level that broke and why. */
  firstFailure?: { ratePerSec: number; reason: string };
  levels: CapacityLevel[];
  /** A/B mode: the first search's bracket measured again after both variants' searches, to
   * measure the search-to-search noise in this run (src/core/capacity-search.ts planRepeatLevel). */
  repeats?: CapacityRepeat[];
  /** A/B mode: the search-to-search noise the capacity comparison used, and where it came from. */
  searchNoise?: SearchNoise;
}

/** One repeated bracket: the capacity measured again, with its own levels. */
export interface CapacityRepeat {
  ratePerSec: number;
  bracket: [number, number | null];
  limitedBy: CapacityLimit;
  durationMs: number;
  levels: CapacityLevel[];
}

/**
 * The sd of ln(capacity) between two searches of one build on this runner: measured from the
 * repeated brackets (pooled over both variants, with their degrees of freedom), or the prior when
 * no search could be repeated.
 */
export interface SearchNoise {
  source: 'repeats' | 'prior';
  /** On the log scale. */
  sd: number;
  /** Degrees of freedom of `sd`; null for the prior (taken as known). */
  df: number | null;
  /** Searches that measured it (first searches and repeats, both variants). */
  searches: number;
}

export interface Environment {
  cpuModel: string;
  cpuCount: number;
  nodeVersion: string;
  os: string;
  runnerOs?: string;
  runnerName?: string;
  /** Stable digest of the fields above that make timings comparable. */
  fingerprint: string;
}

export interface Results {
  schemaVersion: 1;
  tool: { name: 'perfgate'; version: string };
  configHash: string;
  startTime: string;
  durationMs: number;
  environment: Environment;
  /** Where the run came from: the commit (GITHUB_SHA, else `git rev-parse HEAD` of the config's
   * folder), the ref, and in Actions the run's URL and the event that started it. */
  git?: Provenance;
  services: { name: string; logPath: string }[];
  /** The shard this run measured (`--shard 2/4`): some of the config's scenarios, or with
   * `split: 'load'` every scenario at its share of the load; absent for a whole run. */
  shard?: {
    index: number;
    count: number;
    split?: 'load';
    /** The start barrier (`--start-at`) the shard waited for, ISO 8601. */
    startAt?: string;
  };
  /** Set by `perfgate merge`: how many shards this result was merged from, and how they split. */
  merged?: { shards: number; split: 'scenarios' | 'load' };
  /** Set when the run was stopped (Ctrl-C, SIGTERM) before every scenario finished: the results
   * hold what was measured, and such a run is never compared or saved as a baseline. */
  interrupted?: true;
  /** A service of either variant that died while the load ran: the run stopped there, and such a
   * run (whose load measured a dead port) is never compared or saved. */
  serviceExit?: ServiceExit;
  scenarios: ScenarioResult[];
  /** A/B mode: the base variant, run on the same runner at the same time. */
  ab?: AbInfo;
  /** Set when the run could go on past its planned windows (compare.extend): the share of the
   * family's α each look spends (look 0 first), so that any later judgement of this file tests
   * each look at the level the run was planned with. Absent: one look, all of α. */
  sequential?: { alphaShares: number[] };
  /** The services' CPU profiles, taken after the verdict's windows (profile:, docs/profiles.md). */
  profiles?: ProfileResult[];
}

export interface FunctionCounts {
  own: number;
  total: number;
}

export interface GrownFunction {
  /** The frame as folded: `name (file:line)`. */
  frame: string;
  name: string;
  location?: string;
  base: FunctionCounts;
  head: FunctionCounts;
  /** Own share of the CPU samples, base then head (fractions). */
  ownShare: [number, number];
  totalShare: [number, number];
  /** One-sided, before the Bonferroni correction. */
  pValue: number;
}

/** One service's profile of one scenario, base and head at the same time. */
export interface ProfileResult {
  scenario: string;
  service: string;
  kind: ProfilerKind;
  /** Why it was profiled: the scenario regressed, or profile.when is always. */
  trigger: 'regression' | 'always';
  windowMs: number;
  /** CPU samples (idle left out) of each variant. */
  baseSamples?: number;
  headSamples?: number;
  /** The rule a function's rise had to pass, and how many functions it was tested over. */
  rule?: { alpha: number; minShareChange: number; tested: number };
  /** The functions whose own share of the CPU grew, the largest rise first (at most 10). */
  grown?: GrownFunction[];
  /** What was written: the folded stacks, the differential flame graph, the raw profiles. */
  files?: string[];
  /** Why there is no comparison: the profiler could not run (the verdict is unchanged). */
  error?: string;
}

export interface ServiceExit {
  variant: 'head' | 'base';
  service: string;
  /** How it ended, in words: "exited with code 1", "was killed by SIGKILL". */
  reason: string;
  /** The scenario whose load was running when it was found dead. */
  scenario: string;
  /** The end of its log, masked. */
  logTail: string[];
}

export interface AbInfo {
  schedule: AbSchedule;
  /** The run's draws' seed: the pairs' order, a duet's first variant, `boot`, and the data rows' and
   * a flow's mix draws. Absent in a merge of shards that drew from different seeds. */
  seed?: number;
  /** alternate only: pair i ran head first or base first. Absent in a merge of shards whose orders differ. */
  order?: ('head-first' | 'base-first')[];
  /** Which variant's services were spawned first (each before the other's same service), drawn
   * from `seed`: a fixed order could favour one variant's processes for the whole run (which core
   * they settle on). compare.confirm's second pair starts the other one first. Absent in files
   * written before it was drawn, when the base did not boot, and in a merge of shards that drew
   * different orders or whose base failed. */
  boot?: 'head-first' | 'base-first';
  /** The base variant's results: the same scenarios (those it has), the same segment count per
   * scenario. Segment i of a scenario in head pairs with segment i of it here. */
  base: Results;
  /** Why the base could not run, when it could not (then the run falls back to the stored baseline). */
  baseFailure?: { service: string; reason: string; logTail: string[] };
  /** compare.confirm: the scenarios whose regression was measured again on a second pair of
   * processes, head and base booted afresh (`scenarios` the head's, `base` the base's, flow steps
   * included); `failure` when that pair could not be measured (compare/confirm.ts). */
  /** `failure`: why the second pair could not be measured; `unmeasured` (a merge of shards): the
   * shards whose pair failed, where others measured theirs. `services`: the second pair's
   * services and their logs (`<log>/confirm/…`), once it booted; the top-level `services` and
   * `ab.base.services` stay the first pair's. */
  confirmation?: {
    scenarios: ScenarioResult[];
    base: ScenarioResult[];
    failure?: string;
    unmeasured?: string;
    services?: { head: { name: string; logPath: string }[]; base: { name: string; logPath: string }[] };
  };
}

export interface Provenance {
  commit?: string;
  ref?: string;
  /** GITHUB_SERVER_URL/GITHUB_REPOSITORY/actions/runs/GITHUB_RUN_ID, in Actions only. */
  runUrl?: string;
  /** GITHUB_EVENT_NAME: push, schedule, workflow_dispatch, pull_request… */
  event?: string;
}

/** One past baseline (or, in `Baseline.trends`, one stored run), boiled down to what the history
 * test and `perfgate trends` need: summaries only, no histograms. */
export interface HistoryEntry {
  commit?: string;
  date: string;
  /** The run's gate verdict; trends keeps failed runs too, so a regression that landed is in the series. */
  verdict?: 'pass' | 'fail';
  ref?: string;
  /** The workflow run that measured it (Provenance.runUrl), so trends' page links each point to it. */
  runUrl?: string;
  environmentFingerprint: string;
  scenarios: Record<
    string,
    {
      p50: number;
      p90: number;
      p95: number;
      p99: number;
      rps: number;
      errorRate: number;
      count: number;
      /** The run's competing work in cores (MachineLoad.otherCores), when it was measured; over
       * the segments the comparison kept (src/core/contention.ts) once those were recorded. */
      otherCores?: number;
      stealCores?: number;
      /** The generator's event-loop delay p99 (ms), the mean over the kept segments. */
      loopDelayP99Ms?: number;
      /** Capacity scenarios whose search was bounded by the service: the capacity found. */
      capacity?: number;
    }
  >;
}

export interface Baseline {
  schemaVersion: 1;
  kind: 'perfgate-baseline';
  savedAt: string;
  commit?: string;
  results: Results;
  /** Earlier baselines, newest first, not including `results` itself. */
  history: HistoryEntry[];
  /** Every stored run for `perfgate trends`, newest first, `results` included and failed runs too
   * (trends.keep of them). Absent in baselines from before it: `results` and `history` stand in. */
  trends?: HistoryEntry[];
}
