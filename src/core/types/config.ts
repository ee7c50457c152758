// The validated config every layer shares. Times are milliseconds and rates are per second unless
// a name says otherwise.

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
   * undefined: the worst case of the planned levels (src/core/capacity-search.ts). */
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

/** Where a flow step takes a value from its response (docs/config/flows.md). */
export type Capture =
  { kind: 'json'; path: string } | { kind: 'header'; name: string } | { kind: 'regex'; pattern: string };

/** One named request of a flow: sent with the values captured so far, then captures its own. */
export interface FlowStep {
  name: string;
  request: RequestTemplate;
  /** var name → where in the response its value is. */
  capture: Record<string, Capture>;
  /** Status codes that count as ok for this step; undefined: the scenario's okStatus (or 2xx/3xx). */
  okStatus?: number[];
  /** Closed model: pause after this step (before the next one); undefined: none. */
  thinkTimeMs?: number;
  /** A `mix:` entry's share of the iterations, relative to the other entries' (default 1). */
  weight?: number;
}

/**
 * A scenario's flow: `setup` runs once per variant before the warm-up (its captures feed every
 * iteration), `steps` run in order by each iteration. Each step is measured and reported as a
 * scenario of its own named `<scenario>/<step>`; the scenario's own result is the whole iteration.
 */
export interface FlowConfig {
  setup: FlowStep[];
  steps: FlowStep[];
  /** Written as `mix:`: each iteration sends one of the steps, picked by weight (seeded), not all in order. */
  mix?: boolean;
}

/**
 * TLS for https: targets (docs/config/protocols.md). File paths as written in the config; the
 * loader resolves them against the config file's folder and checks that they load.
 */
export interface TlsConfig {
  /** PEM file of the CA (or bundle) that signed the service's certificate, trusted besides Node's. */
  ca?: string;
  /** PEM files of a client certificate and its key (mutual TLS); both or neither. */
  cert?: string;
  key?: string;
  /** The name the certificate is checked against (and sent as SNI) instead of the URL's host. */
  servername?: string;
  /** Skip the certificate check; only on loopback or a host allowHosts names. */
  insecure?: boolean;
}

export interface ScenarioConfig {
  name: string;
  load: LoadModel;
  /** Origin of the target, e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  /** With a flow: its first step's request (what the transport and config hash look at). */
  request: RequestTemplate;
  /** `setup:` and `steps:` instead of one request per iteration. */
  flow?: FlowConfig;
  /** Scenarios with the same group run at the same time (each its own load, window and verdict). */
  group?: string;
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
  /** The config set `segment` (a duet then records segments of that length, not its short blocks). */
  segmentSet?: boolean;
  /** https: only; defaults.tls merged key by key under the scenario's own tls. */
  tls?: TlsConfig;
  /** The HTTP version (docs/config/protocols.md): absent means 1.1. */
  http?: HttpVersion;
  /** What the latency (percentiles, thresholds, verdicts) measures: to the response's end (absent,
   * `full`) or to the first byte of its body (`ttfb`). Both are recorded either way. */
  latency?: LatencyMeasure;
  /** Streamed answers end here, counted as complete: after `events` events (text/event-stream),
   * or `maxDurationMs` after the request's start (any answer whose head has come). */
  stream?: { events?: number; maxDurationMs?: number };
  /** A unary gRPC call instead of an HTTP request (docs/config/protocols.md#grpc-unary): `request`
   * then holds the call as a template (path `/<service>/<method>`, the metadata as headers, the
   * message as a JSON body), so that rows, templates and the config hash treat it as one. */
  grpc?: GrpcCall;
}

/** The call of a gRPC scenario; the message and metadata are in the scenario's request template. */
export interface GrpcCall {
  /** The .proto file as written; the loader resolves it against the config file's folder. */
  proto: string;
  /** Folders the proto's imports are looked up in (resolved like `proto`); its own folder first. */
  includeDirs?: string[];
  /** Fully qualified, with its package: `users.v1.Users`. */
  service: string;
  method: string;
}

export type LatencyMeasure = 'full' | 'ttfb';

/** `2`: h2 by ALPN over https:, h2c by prior knowledge over http:; `auto`: what ALPN agrees (https:), else 1.1. */
export type HttpVersion = '1.1' | '2' | 'auto';

/** One `setup:` command, run in each checkout before any service boots. */
export interface SetupStep {
  run: string;
  /** Relative to the config file's folder; absent: that folder. */
  cwd?: string;
  timeoutMs: number;
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
  /** A CPU profiler, run after the verdict (docs/profiles.md). */
  profile?: ProfilerConfig;
}

/** services[].profile: how a service's CPU is profiled. */
export type ProfilerConfig =
  | { kind: 'node' | 'perf' | 'py-spy' }
  | {
      kind: 'command';
      /** Starts the profiler (PERFGATE_PID, PERFGATE_VARIANT, PERFGATE_PROFILE_FILE set). */
      start: string;
      /** Stops it, leaving collapsed stacks in $PERFGATE_PROFILE_FILE. */
      stop: string;
    };

export type ProfilerKind = ProfilerConfig['kind'];

/** profile: when the services' profilers run, and for how long. */
export interface ProfileConfig {
  when: 'regression' | 'always';
  windowMs: number;
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
  /** The metrics whose runnerNoise the config sets (a spread the user measured on the runner):
   * without history their stored-run test gates; on the default prior it only warns. */
  runnerNoiseSet?: MetricName[];
  /** Family-wise significance level over all tests of a run (Holm). */
  alpha: number;
  /** With fewer past baselines than this, the history test is not used. */
  minHistory: number;
  /** Deprecated and ignored since the variance model (docs/design/statistics.md): it raised the minimum
   * effect without history; `runnerNoise` now carries run-to-run noise into every test. Still
   * parsed, so old configs load (with a warning). */
  noiseFloor: number;
  /** Run-to-run sd of one run's ln(metric) (a fraction; absolute for error_rate): the prior of the
   * no-history test and, halved, the floor of the history test. Unset metrics use the defaults. */
  runnerNoise?: Partial<Record<MetricName, number>>;
  historyLength: number;
  /** The error rate a scenario may reach without an error_rate threshold of its own before it
   * fails the gate (src/core/thresholds.ts errorCeilingBreaches); 1 turns the ceiling off. A
   * scenario in which no request succeeded fails whatever this says. Absent: 0.5. */
  maxErrorRate?: number;
  /** More data instead of an inconclusive verdict (docs/design/statistics.md): a scenario with an
   * undecided metric runs on, in up to EXTENSION_STEPS steps, until its measured window reaches
   * maxWindowFactor × its planned window or maxWindowMs. Absent or 0 (both): never extended. */
  extend?: { maxWindowFactor?: number; maxWindowMs?: number };
  /** compare.detect: the change each metric must be able to see (a fraction; absolute for
   * error_rate). A scenario whose metric's MDE is above it runs on within compare.extend's budget;
   * `perfgate plan` sizes a run for it. Absent: DEFAULT_DETECT in an A/B run, else no target
   * (compare/more-data.ts detectFor); empty (`detect: off`): no target at all. */
  detect?: Partial<Record<MetricName, number>>;
  /** compare.processes: how many processes of its services each variant of an A/B run boots, each
   * on a port of its own, with the variant's requests spread over them in turn, so that the test
   * sees how far two processes of one build differ (compare/process-spread.ts). Absent: 1. */
  processes?: number;
  /** compare.confirm: an A/B regression in a latency percentile (or a closed model's rps) of one
   * process per variant is measured again on a second pair of processes, booted afresh, and fails
   * the gate only if that pair shows it too (compare/confirm.ts). Absent: true. */
  confirm?: boolean;
}

/** `perfgate trends`: the stored runs kept and how change points are found (docs/trends.md). */
export interface TrendsConfig {
  keep: number;
  minSegment: number;
  alpha: number;
}

/** How the reports present a run (never what is measured or the verdict). */
export interface ReportConfig {
  /** Buckets of the response-time distribution: around the latency SLO, the grade bands, or Gatling's 800/1200 ms. */
  distribution: 'thresholds' | 'grades' | 'gatling';
}

export interface Config {
  /** Absent in configs built by hand (tests): no setup. */
  setup?: SetupStep[];
  services: ServiceConfig[];
  scenarios: ScenarioConfig[];
  /** Scenario-name glob → threshold expressions such as `p(95)<150`. */
  thresholds: Record<string, string[]>;
  compare: CompareConfig;
  allowHosts: string[];
  /** defaults.tls: what the ready probes of the services use (each scenario carries its own merge). */
  tls?: TlsConfig;
  /** defaults.http: the version the ready probes speak (`2`: h2 or h2c; `auto`: HTTP/1.1, then h2 if ALPN refuses it). */
  http?: HttpVersion;
  /** Absent in configs built by hand (tests); the loader always sets it. */
  report?: ReportConfig;
  /** Absent in configs built by hand (tests); the loader always sets it. */
  trends?: TrendsConfig;
  /** Absent in configs built by hand (tests); the loader always sets it. */
  profile?: ProfileConfig;
}
