// The shapes every layer shares: the validated config and the results file (schemaVersion 1).
// Times are milliseconds and rates are per second unless a name says otherwise.

export type ClosedExecutor = 'constant-vus' | 'ramping-vus' | 'shared-iterations';
export type OpenExecutor = 'constant-arrival-rate' | 'ramping-arrival-rate' | 'capacity';
export type Executor = ClosedExecutor | OpenExecutor;

/** One stage of a ramp: move linearly to `target` (VUs or requests/s) over `durationMs`. */
export interface Stage {
  durationMs: number;
  target: number;
}

export type LoadModel =
  | { executor: 'constant-vus'; vus: number; durationMs: number }
  | { executor: 'ramping-vus'; startVus: number; stages: Stage[] }
  | { executor: 'shared-iterations'; vus: number; iterations: number; maxDurationMs: number }
  | { executor: 'constant-arrival-rate'; ratePerSec: number; durationMs: number }
  | { executor: 'ramping-arrival-rate'; startRatePerSec: number; stages: Stage[] }
  | CapacityLoad;

/** How the capacity search climbs from one level to the next. */
export type CapacityStep = { kind: 'factor'; factor: number } | { kind: 'increment'; ratePerSec: number };

/**
 * The capacity executor: constant-arrival-rate levels from `startRatePerSec` up by `step` until one
 * breaks the scenario's SLO (or `maxRatePerSec`), then a bisection between the last level that held
 * and the first that broke, until the bracket is narrower than `resolution` (a fraction of its low end).
 */
export interface CapacityLoad {
  executor: 'capacity';
  startRatePerSec: number;
  maxRatePerSec: number;
  step: CapacityStep;
  /** Measured time per level; undefined: long enough for the SLO's percentile at that level's rate. */
  holdMs?: number;
  resolution: number;
  /** The whole search (warm-ups included) never starts a level that would end after this;
   * undefined: the worst case of the planned levels (src/core/capacity.ts). */
  maxDurationMs?: number;
}

export type RequestBody = { kind: 'json'; value: unknown } | { kind: 'raw'; value: string };

/** Strings may hold `${row.<column>}` placeholders filled from the scenario's data rows. */
export interface RequestTemplate {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: RequestBody;
}

export interface DataSource {
  /** Path as written in the config, resolved against the config file's folder by the loader. */
  file: string;
  order: 'round-robin' | 'random';
}

export type DataRow = Record<string, string | number | boolean | null>;

export interface ScenarioConfig {
  name: string;
  load: LoadModel;
  /** Origin of the target, e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  request: RequestTemplate;
  data?: DataSource;
  /** Run but not recorded, before the measured window. */
  warmupMs: number;
  /** A request without a complete answer after this long is an ETIMEDOUT. */
  timeoutMs: number;
  /** Closed model: pause between a VU's iterations. */
  thinkTimeMs: number;
  /** Open model: a request due while this many are in flight is dropped (and reported). */
  maxInFlight: number;
  /** Status codes that count as ok; undefined means 2xx and 3xx. */
  okStatus?: number[];
  /** Length of one recording segment (the unit of the statistics). */
  segmentMs: number;
}

export interface ServiceConfig {
  name: string;
  run: string;
  cwd?: string;
  env: Record<string, string>;
  /** Variables of perfgate's own environment passed through by name (`env: { API_KEY: ~ }`), secret-named ones included. */
  passEnv?: string[];
  ready?: { http?: string; tcp?: string; timeoutMs: number };
  /** Time between SIGTERM and SIGKILL when stopping. */
  stopGraceMs: number;
}

export type MetricName = 'p50' | 'p90' | 'p95' | 'p99' | 'rps' | 'error_rate' | 'capacity';

/** How the A/B mode drives the two variants: both at once (duet), or in alternating segments. */
export type AbSchedule = 'duet' | 'alternate';

export interface CompareConfig {
  /** `stored`: against the stored baseline; `ab`: against the base checkout, run beside the head.
   * The config always sets both; they are optional for callers that build compare rules by hand. */
  mode?: 'stored' | 'ab';
  schedule?: AbSchedule;
  metrics: MetricName[];
  /** Smallest change that counts, as a fraction (0.05 = 5%), per metric. */
  minEffect: Record<MetricName, number>;
  /** The metrics whose minimum effect the config set; the others take the mode's default (A/B
   * mode's are smaller: src/core/compare/paired.ts AB_MIN_EFFECT). */
  minEffectSet?: MetricName[];
  /** Family-wise significance level over all tests of a run (Holm). */
  alpha: number;
  /** With fewer past baselines than this, the history test is not used. */
  minHistory: number;
  /** Deprecated and ignored since the variance model (docs/statistics.md): it raised the minimum
   * effect without history; `runnerNoise` now carries run-to-run noise into every test. Still
   * parsed, so old configs load (with a warning). */
  noiseFloor: number;
  /** Run-to-run sd of one run's ln(metric) (a fraction; absolute for error_rate): the prior of the
   * no-history test and, halved, the floor of the history test. Unset metrics use the defaults. */
  runnerNoise?: Partial<Record<MetricName, number>>;
  historyLength: number;
}

/** How the reports present a run (never what is measured or the verdict). */
export interface ReportConfig {
  /** Buckets of the response-time distribution: around the latency SLO, the grade bands, or Gatling's 800/1200 ms. */
  distribution: 'thresholds' | 'grades' | 'gatling';
}

export interface Config {
  services: ServiceConfig[];
  scenarios: ScenarioConfig[];
  /** Scenario-name glob → threshold expressions such as `p(95)<150`. */
  thresholds: Record<string, string[]>;
  compare: CompareConfig;
  allowHosts: string[];
  /** Absent in configs built by hand (tests); the loader always sets it. */
  report?: ReportConfig;
}

// ---------------------------------------------------------------- results file

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
  /** Latencies (µs) of the ok requests of this segment, HDR compressed base64. */
  histogram: string;
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
  /** Latency of ok requests. */
  latencyMs: LatencySummaryMs;
  /** Completed requests per second over the measured window. */
  rps: number;
  errorRate: number;
  bytes: { in: number; out: number };
  /** "0" counts requests without a response. */
  statusCodes: Record<string, number>;
  /** Error classes: ETIMEDOUT, ECONNREFUSED, ECONNRESET, EPIPE, HTTP_<code> is not used, other. */
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
  /** Open model only. */
  rate?: { intendedPerSec: number; achievedPerSec: number };
  generator: GeneratorHealth;
  services: ServiceUsage[];
  /** Absent where /proc is not readable (not Linux) and in results from before it was measured. */
  machine?: MachineLoad;
  /** The capacity executor only: the search and its curve. The scenario's other figures (latency,
   * requests, segments…) are those of the level `capacity.ratePerSec` names, or of the first level
   * when none held. */
  capacity?: CapacityResult;
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
  git?: { commit?: string; ref?: string };
  services: { name: string; logPath: string }[];
  /** The shard of the config's scenarios this run measured (`--shard 2/4`); absent for a whole run. */
  shard?: { index: number; count: number };
  /** Set when the run was stopped (Ctrl-C, SIGTERM) before every scenario finished: the results
   * hold what was measured, and such a run is never compared or saved as a baseline. */
  interrupted?: true;
  scenarios: ScenarioResult[];
  /** A/B mode: the base variant, run on the same runner at the same time. */
  ab?: AbInfo;
}

export interface AbInfo {
  schedule: AbSchedule;
  seed: number;
  /** alternate only: pair i ran head first or base first. */
  order?: ('head-first' | 'base-first')[];
  /** The base variant's results: the same scenarios (those it has), the same segment count per
   * scenario. Segment i of a scenario in head pairs with segment i of it here. */
  base: Results;
  /** Why the base could not run, when it could not (then the run falls back to the stored baseline). */
  baseFailure?: { service: string; reason: string; logTail: string[] };
}

/** One past baseline, boiled down to what the history test needs. */
export interface HistoryEntry {
  commit?: string;
  date: string;
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
}

// ---------------------------------------------------------------- verdicts

export type Verdict = 'regression' | 'improvement' | 'no change' | 'inconclusive';

export interface MetricComparison {
  scenario: string;
  metric: MetricName;
  /** ms for latencies, requests/s for rps and capacity, a fraction for error_rate. */
  baseline: number;
  current: number;
  /** Relative change current/baseline − 1 (0.23 = +23%); for error_rate the absolute difference. */
  change: number;
  /** 95% confidence interval of `change`, when the method gives one. */
  changeInterval?: [number, number];
  /** One-sided p-value in the direction of the observed change, before Holm. */
  pValue?: number;
  adjustedPValue?: number;
  method: 'history' | 'bootstrap' | 'paired' | 'rate-check' | 'bracket' | 'none';
  /** The minimum effect that was applied (the configured one, or A/B mode's default). */
  minEffect: number;
  /** Smallest change this test calls a regression with 80% probability, from its standard error,
   * its degrees of freedom and Holm's strictest threshold α / tests (a magnitude in the bad direction). */
  minDetectableEffect?: number;
  verdict: Verdict;
  /** Why a verdict is inconclusive or was held back, in words. */
  reasons: string[];
}

export interface ThresholdResult {
  scenario: string;
  expression: string;
  actual: number;
  ok: boolean;
  /** Why the check could not use a measured value (e.g. no ok request for a latency metric). */
  reason?: string;
}

export type BaselineStatus =
  { kind: 'ok' } | { kind: 'missing' | 'unreadable' | 'corrupt' | 'future-version' | 'other-config'; detail: string };

export interface ScenarioComparison {
  name: string;
  current: ScenarioResult;
  baseline?: ScenarioResult;
  metrics: MetricComparison[];
  thresholds: ThresholdResult[];
  notes: string[];
}

export interface Comparison {
  /** `fail` when a threshold is breached or a metric regressed; `fail-on` then decides the exit. */
  verdict: 'pass' | 'fail';
  mode: 'history' | 'bootstrap' | 'ab' | 'thresholds-only';
  /** A/B mode: how head and base were run, and the pairs behind the tests. */
  ab?: { schedule: AbSchedule; pairs: number; baseCommit?: string };
  baselineStatus: BaselineStatus;
  baseline?: { commit?: string; savedAt: string; historyLength: number; environmentDiffers: boolean };
  current: Results;
  scenarios: ScenarioComparison[];
  regressions: MetricComparison[];
  improvements: MetricComparison[];
  breaches: ThresholdResult[];
  notes: string[];
}
