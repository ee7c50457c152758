// It is longer than 500 lines because the setup, both load models and the per-step results share
// one run's state (the window, the vars, the recorders); split, each part would pass all of it.
// Runs a scenario's flow (docs/config/flows.md): its `setup` steps once per variant, then the
// warm-up and the measured window, in which each iteration walks the `steps` in order with the
// values captured so far. Closed models: each virtual user walks the flow, then starts it again;
// open models: each arrival starts a flow, and one due while `maxInFlight` flows are out is
// dropped. A/B variants run side by side, each with its own users (or arrivals) and connections,
// whatever compare.schedule says: a flow's iteration is several requests, which a duet's pairing
// of single requests does not fit.
//
// A flow reads its responses (captures), so it runs on undici's request API (or, with `http: 2`,
// one node:http2 session per variant: src/engine/flow-client.ts) rather than the one-request
// engine's allocation-free path (run-scenario.ts); a one-step scenario without `steps:` never
// comes here, and its cost per request is unchanged. Each step records its full time and its time
// to first byte (`latency: ttfb` makes the latter the steps' latency; the whole iteration's stays
// its full time).
//
// Every step has its own recorder per variant, reported as the scenario `<scenario>/<step>`; the
// scenario's own result is the whole iteration (ok when every step was). An iteration is recorded
// when it started in the measured window, so every step's counts refer to the same iterations.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { applyCapture, describeCapture } from '../core/capture.js';
import { SetupError } from '../core/errors.js';
import { createHistogram, percentileMs } from '../core/histogram.js';
import { maskText } from '../core/mask.js';
import { createRng } from '../core/stats/prng.js';
import type { CompiledRequest, Vars } from '../core/template.js';
import { compileMethod, compileRequest } from '../core/template.js';
import type { DataRow, FlowStep, ScenarioConfig } from '../core/types/config.js';
import type { ScenarioResult } from '../core/types/results.js';
import type { ErrorClass } from './error-class.js';
import { classifyError, describeError, firstLine, MAX_STATUS_EXAMPLES, refusedAnswer } from './error-class.js';
import type { GeneratorLoad } from './generator-watch.js';
import { recordStartDelay, startGeneratorWatch } from './generator-watch.js';
import { planFor, segmentLengthMs } from './plan.js';
import { Recorder } from './recorder.js';
import type { RunScenarioOptions, ScenarioProgress } from './run-scenario.js';
import { createArrivalSchedule, levelAt } from './schedule.js';
import { createFlowClient, type FlowClient } from './flow-client.js';
import { negotiateHttp } from './transport.js';
import { loadUndici } from './undici-connection.js';
import { round3, scenarioResult, type ScheduleCounts } from './variant.js';

/** A closed model's window has no schedule. */
const CLOSED_COUNTS: ScheduleCounts = { scheduled: 0, sent: 0, dropped: 0, lateStarts: 0, maxStartDelayMs: 0 };

export interface FlowOutcome {
  /** The whole iteration, one per target, in the order given. */
  results: ScenarioResult[];
  /** Per target, one result per step (named `<scenario>/<step>`), in the flow's order. */
  steps: ScenarioResult[][];
}

/** A step as the engine sends it. */
interface CompiledStep {
  step: FlowStep;
  method: (row?: DataRow) => string;
  render: (row?: DataRow, vars?: Vars) => CompiledRequest;
  captures: [string, FlowStep['capture'][string]][];
  okStatus: Uint8Array;
}

function okTable(codes: number[] | undefined): Uint8Array {
  const table = new Uint8Array(1000);
  if (codes && codes.length > 0) {
    for (const status of codes) if (status >= 0 && status < 1000) table[status] = 1;
  } else {
    table.fill(1, 200, 400);
  }
  return table;
}

function compileStep(scenario: ScenarioConfig, step: FlowStep, where: string): CompiledStep {
  return {
    step,
    method: compileMethod(step.request, where),
    render: compileRequest(step.request, where),
    captures: Object.entries(step.capture),
    okStatus: okTable(step.okStatus ?? scenario.okStatus),
  };
}

/** What one step's request came back with. */
interface StepOutcome {
  status: number;
  ok: boolean;
  errorClass: ErrorClass | null;
  /** Why it failed, for errorExamples and the setup's message. */
  problem?: string;
  bytesIn: number;
  bytesOut: number;
  vars: Vars;
  /** When the answer's body began (performance time); 0 for a request without an answer. */
  firstByteMs: number;
}

class FlowVariant {
  readonly flow: Recorder;
  readonly steps: Recorder[];
  readonly flowExamples: Record<string, string> = {};
  readonly stepExamples: Record<string, string>[];
  vars: Vars = {};
  private nextRow = 0;
  private readonly random;
  /** mix: which entry each iteration sends (its own stream, so the row order does not change it). */
  readonly mixRandom;
  // open model
  scheduled = 0;
  sent = 0;
  dropped = 0;
  lateStarts = 0;
  maxStartDelayMs = 0;
  inFlight = 0;
  firstMeasuredMs = Infinity;
  lastRecordedEnd = 0;

  /** Made before the setup (`http: auto` asks the service first): see FlowRun.connect. */
  client: FlowClient | undefined;

  constructor(
    readonly name: string,
    readonly origin: string,
    readonly prefix: string,
    stepCount: number,
    segmentMs: number,
    windowMs: number,
    seed: number,
  ) {
    this.flow = new Recorder(segmentMs, windowMs);
    // A step records its time to first byte beside its full time (the whole iteration does not).
    this.steps = Array.from({ length: stepCount }, () => new Recorder(segmentMs, windowMs, true));
    this.stepExamples = Array.from({ length: stepCount }, () => ({}));
    this.random = createRng(seed);
    this.mixRandom = createRng(seed ^ 0x3c6ef372);
  }

  row(rows: DataRow[] | undefined, order: 'round-robin' | 'random' | undefined): DataRow | undefined {
    if (!rows || rows.length === 0) return undefined;
    if (order === 'random') return rows[this.random.int(rows.length)];
    const row = rows[this.nextRow];
    this.nextRow = this.nextRow + 1 === rows.length ? 0 : this.nextRow + 1;
    return row;
  }
}

const NO_LOAD: GeneratorLoad = { cpuCores: 0, eventLoopDelayP99Ms: 0, eventLoopDelayMaxMs: 0 };

export async function runFlowVariants(
  scenario: ScenarioConfig,
  options: RunScenarioOptions = {},
): Promise<FlowOutcome> {
  // A flow reads its responses through undici's request API.
  await loadUndici();
  return new FlowRun(scenario, options).start();
}

class FlowRun {
  private readonly setup: CompiledStep[];
  private readonly steps: CompiledStep[];
  /** mix: the running sums of the entries' weights; empty for steps (all, in order). */
  private readonly cumulativeWeights: number[] = [];
  private readonly plan;
  private readonly variants: FlowVariant[];
  private readonly segmentMs: number;
  private t0 = 0;
  private startWallMs = 0;
  private measureStartMs = Infinity;
  private windowEndMs = Infinity;
  private stopped = false;
  private iterationsLeft: number;
  private readonly loops: Promise<void>[] = [];
  private readonly running: boolean[][];
  // progress: whole iterations, of every variant, since the last report
  private readonly progressHistogram = createHistogram();
  private progressCount = 0;
  private warmCompleted = 0;
  private warmKo = 0;
  private lastProgressAt = 0;

  constructor(
    private readonly scenario: ScenarioConfig,
    private readonly options: RunScenarioOptions,
  ) {
    const flow = scenario.flow;
    if (!flow) throw new Error(`${scenario.name}: runFlowVariants needs a scenario with steps`);
    const at = `scenarios.${scenario.name}`;
    this.setup = flow.setup.map((step, i) => compileStep(scenario, step, `${at}.setup[${i}].request`));
    this.steps = flow.steps.map((step, i) => compileStep(scenario, step, `${at}.steps[${i}].request`));
    if (flow.mix) {
      let total = 0;
      for (const step of flow.steps) this.cumulativeWeights.push((total += step.weight ?? 1));
    }
    this.plan = planFor(scenario);
    this.segmentMs = segmentLengthMs(scenario);
    this.iterationsLeft = this.plan.iterations ?? Infinity;
    const targets = options.targets ?? [{ name: 'head', baseUrl: scenario.baseUrl }];
    this.variants = targets.map((target) => {
      const url = new URL(target.baseUrl);
      return new FlowVariant(
        target.name,
        url.origin,
        url.pathname.replace(/\/+$/, ''),
        this.steps.length,
        this.segmentMs,
        this.plan.windowMs,
        // One seed for every variant: head and base draw the same rows and mix entries, as a plain
        // scenario's variants share one draw, so that they differ by their code and not by their mix.
        options.seed ?? 1,
      );
    });
    this.running = this.variants.map(() => []);
  }

  private maxVus(): number {
    const load = this.scenario.load;
    if (load.executor === 'ramping-vus') return Math.max(load.startVus, ...load.stages.map((stage) => stage.target));
    if (load.executor === 'constant-vus' || load.executor === 'shared-iterations') return load.vus;
    return 1;
  }

  async start(): Promise<FlowOutcome> {
    const { signal } = this.options;
    const onAbort = (): void => {
      this.stopped = true;
      const now = performance.now();
      if (now < this.windowEndMs) this.windowEndMs = Math.max(now, this.measureStartMs);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await this.measure(signal);
    } catch (error) {
      await this.destroy();
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      this.progressHistogram.destroy();
    }
    return this.finishResults(this.load);
  }

  /** The generator's own load over the run (after the setup). */
  private load = NO_LOAD;

  private async destroy(): Promise<void> {
    await Promise.all(
      this.variants.map(async (variant) => {
        await variant.client?.destroy();
        variant.flow.destroy();
        for (const recorder of variant.steps) recorder.destroy();
      }),
    );
  }

  /** The setup of every variant, then the warm-up and the window. */
  private async measure(signal: AbortSignal | undefined): Promise<void> {
    await Promise.all(this.variants.map((variant) => this.connect(variant)));
    // Every variant's setup first (side by side), so that neither warms up while the other logs in.
    await Promise.all(this.variants.map((variant) => this.runSetup(variant)));
    this.t0 = performance.now();
    this.startWallMs = Date.now();
    this.measureStartMs = this.t0 + this.scenario.warmupMs;
    this.windowEndMs = signal?.aborted ? this.t0 : this.measureStartMs + this.plan.windowMs;
    const watch = startGeneratorWatch();
    this.lastProgressAt = this.t0;
    const progressTimer = setInterval(() => this.emitProgress(), this.options.progressIntervalMs ?? 1000);
    try {
      if (this.plan.open) await Promise.all(this.variants.map((variant) => this.runOpen(variant)));
      else await this.runClosed();
    } finally {
      clearInterval(progressTimer);
    }
    this.load = watch.stop();
  }

  private async finishResults(load: GeneratorLoad): Promise<FlowOutcome> {
    const outcome: FlowOutcome = { results: [], steps: [] };
    for (const variant of this.variants) {
      const windowMs = this.windowMsOf();
      const startWallMs = this.startWallMs + (this.measureStartMs - this.t0);
      const open = this.plan.open ? variant : undefined;
      outcome.results.push(
        this.buildResult(
          this.scenario.name,
          variant.flow,
          variant.flowExamples,
          windowMs,
          startWallMs,
          load,
          open,
          undefined,
          variant.client?.protocol,
        ),
      );
      outcome.steps.push(
        this.steps.map((compiled, i) =>
          this.buildResult(
            `${this.scenario.name}/${compiled.step.name}`,
            variant.steps[i]!,
            variant.stepExamples[i]!,
            windowMs,
            startWallMs,
            load,
            open,
            compiled.step.name,
            variant.client?.protocol,
          ),
        ),
      );
    }
    await this.destroy();
    return outcome;
  }

  private windowMsOf(): number {
    if (this.iterationsLeft === 0 && !this.options.signal?.aborted) {
      const lastEnd = Math.max(...this.variants.map((other) => other.lastRecordedEnd));
      return Math.min(this.plan.windowMs, Math.max(0, lastEnd - this.measureStartMs));
    }
    return Math.max(0, Math.min(this.windowEndMs - this.measureStartMs, this.plan.windowMs));
  }

  /** The variant's client: HTTP/1.1, or HTTP/2 as `http:` asks (`auto`: what ALPN agrees, before anything is timed). */
  private async connect(variant: FlowVariant): Promise<void> {
    const { scenario } = this;
    const spoken =
      scenario.http === '2'
        ? 'h2'
        : scenario.http === 'auto'
          ? await negotiateHttp(variant.origin, scenario)
          : 'http/1.1';
    const connections = this.plan.open ? scenario.maxInFlight : this.maxVus();
    variant.client = createFlowClient(variant.origin, spoken, connections, scenario.timeoutMs, scenario.tls);
  }

  // ------------------------------------------------------------------ setup

  /** The setup steps, once: their captures become the variant's vars. A failure stops the run (exit 3). */
  private async runSetup(variant: FlowVariant): Promise<void> {
    const row = this.options.rows?.[0];
    for (const compiled of this.setup) {
      const outcome = await this.send(variant, compiled, row, variant.vars, true);
      if (!outcome.ok) {
        throw new SetupError(
          `scenarios.${this.scenario.name}.setup "${compiled.step.name}" failed on the ${variant.name} (${this.originOf(variant)}): ${outcome.problem ?? `answered ${outcome.status}`}; ` +
            'fix the service or the step (its request, capture or check) and run again',
        );
      }
      variant.vars = outcome.vars;
    }
  }

  private originOf(variant: FlowVariant): string {
    const target = (this.options.targets ?? [{ name: 'head', baseUrl: this.scenario.baseUrl }]).find(
      (candidate) => candidate.name === variant.name,
    );
    return target?.baseUrl ?? this.scenario.baseUrl;
  }

  // ------------------------------------------------------------------ one request

  private async send(
    variant: FlowVariant,
    compiled: CompiledStep,
    row: DataRow | undefined,
    vars: Vars,
    keepBody: boolean,
  ): Promise<StepOutcome> {
    const rendered = compiled.render(row, vars);
    const bytesOut = rendered.body === undefined ? 0 : Buffer.byteLength(rendered.body);
    let status = 0;
    let bytesIn = 0;
    let body = '';
    let firstByteMs = 0;
    let headers: Record<string, string | string[] | undefined> = {};
    try {
      const response = await variant.client!.request(
        {
          method: compiled.method(row),
          path: variant.prefix + rendered.path,
          headers: rendered.headers,
          body: rendered.body,
        },
        (answered) => keepBody || compiled.captures.length > 0 || compiled.okStatus[answered] !== 1,
      );
      ({ status, headers, body, bytesIn, firstByteMs } = response);
    } catch (error) {
      return {
        status: 0,
        ok: false,
        errorClass: classifyError(error),
        problem: describeError(error),
        bytesIn,
        bytesOut,
        vars,
        firstByteMs: 0,
      };
    }
    if (compiled.okStatus[status] !== 1) {
      return {
        status,
        ok: false,
        errorClass: null,
        problem: refusedAnswer(status, body),
        bytesIn,
        bytesOut,
        vars,
        firstByteMs,
      };
    }
    let captured = vars;
    const parsed = {};
    for (const [name, capture] of compiled.captures) {
      const value = applyCapture(capture, { headers, body }, parsed);
      if (value === undefined) {
        return {
          status,
          ok: false,
          errorClass: 'capture',
          problem: `capture ${name} (${describeCapture(capture)}) found nothing in the ${status} response${body ? ` (${maskText(firstLine(body))})` : ' (empty body)'}`,
          bytesIn,
          bytesOut,
          vars,
          firstByteMs,
        };
      }
      if (captured === vars) captured = { ...vars };
      captured[name] = value;
    }
    return { status, ok: true, errorClass: null, bytesIn, bytesOut, vars: captured, firstByteMs };
  }

  // ------------------------------------------------------------------ one iteration

  /** Walks the steps once; `startMs` is the iteration's intended start (the first step is timed from it). */
  private async iterate(variant: FlowVariant, startMs: number, closed: boolean): Promise<void> {
    const inWindow = startMs >= this.measureStartMs && startMs < this.windowEndMs;
    if (inWindow && startMs < variant.firstMeasuredMs) variant.firstMeasuredMs = startMs;
    const row = variant.row(this.options.rows, this.scenario.data?.order);
    let vars = variant.vars;
    let last: StepOutcome | undefined;
    // The whole iteration's bytes and statuses are its steps', not its last step's alone: a step's
    // status is counted as the next one comes, the last one's by record() below.
    let bytesIn = 0;
    let bytesOut = 0;
    let from = 0;
    let to = this.steps.length;
    if (this.cumulativeWeights.length > 0) {
      const weights = this.cumulativeWeights;
      const draw = variant.mixRandom.next() * weights[weights.length - 1]!;
      from = weights.findIndex((sum) => draw < sum);
      if (from === -1) from = weights.length - 1;
      to = from + 1;
    }
    for (let i = from; i < to; i++) {
      const compiled = this.steps[i]!;
      const sentMs = performance.now();
      const outcome = await this.send(variant, compiled, row, vars, false);
      const end = performance.now();
      if (last !== undefined && inWindow) variant.flow.countStatus(last.status);
      last = outcome;
      bytesIn += outcome.bytesIn;
      bytesOut += outcome.bytesOut;
      if (inWindow) {
        const timedFrom = i === from && startMs < sentMs ? startMs : sentMs;
        const fullUs = (end - timedFrom) * 1000;
        const ttfbUs = ((outcome.firstByteMs || end) - timedFrom) * 1000;
        const [latencyUs, otherUs] = this.scenario.latency === 'ttfb' ? [ttfbUs, fullUs] : [fullUs, ttfbUs];
        this.record(variant.steps[i]!, variant.stepExamples[i]!, outcome, end, latencyUs, otherUs);
        variant.lastRecordedEnd = end;
      }
      if (!outcome.ok) break;
      vars = outcome.vars;
      const thinkMs = compiled.step.thinkTimeMs;
      if (closed && thinkMs && thinkMs > 0 && i + 1 < to && !this.stopped) await sleep(thinkMs);
    }
    if (!last) return;
    const end = performance.now();
    if (inWindow) {
      this.record(variant.flow, variant.flowExamples, { ...last, bytesIn, bytesOut }, end, (end - startMs) * 1000);
    } else if (startMs < this.measureStartMs) {
      this.warmCompleted += 1;
      if (!last.ok) this.warmKo += 1;
    }
    this.progressCount += 1;
    if (last.ok) this.progressHistogram.recordValue(Math.max(1, Math.round((end - startMs) * 1000)));
  }

  private record(
    recorder: Recorder,
    examples: Record<string, string>,
    outcome: StepOutcome,
    end: number,
    latencyUs: number,
    otherUs = 0,
  ): void {
    const { errorClass } = outcome;
    // A status the step's check refused has no error class (its count is in statusCodes), yet the
    // reader needs its body as much as a capture's: keyed by the status, a report showed a step
    // whose every request got 401 as "errors none" and no body. Bounded: the results schema keeps
    // at most 50 examples.
    const key = errorClass ?? (outcome.ok ? null : `status ${outcome.status}`);
    if (
      key !== null &&
      !Object.hasOwn(examples, key) &&
      outcome.problem &&
      (errorClass !== null || Object.keys(examples).length < MAX_STATUS_EXAMPLES)
    )
      examples[key] = outcome.problem;
    recorder.record(
      end - this.measureStartMs,
      latencyUs,
      outcome.status,
      outcome.ok,
      errorClass,
      outcome.bytesIn,
      outcome.bytesOut,
      otherUs,
    );
  }

  // ------------------------------------------------------------------ closed model

  private async runClosed(): Promise<void> {
    const vusAt = this.plan.vusAt!;
    const control = (): void => {
      const now = performance.now();
      if (this.stopped || now >= this.windowEndMs) return;
      const target = Math.max(0, vusAt(now - this.t0));
      this.variants.forEach((variant, v) => {
        for (let index = 0; index < target; index++) {
          if (this.running[v]![index]) continue;
          this.running[v]![index] = true;
          this.loops.push(this.vuLoop(variant, v, index));
        }
      });
    };
    control();
    const timer = setInterval(control, 20);
    try {
      // New loops may join while the older ones run (a ramp up, even after a stretch at 0 VUs):
      // wait until the window is over and none is left.
      let done = 0;
      for (;;) {
        const pending = this.loops.slice(done);
        done = this.loops.length;
        await Promise.all(pending);
        const over = this.stopped || performance.now() >= this.windowEndMs || this.iterationsLeft === 0;
        if (over && done === this.loops.length) break;
        if (!over) await sleep(Math.max(1, Math.min(20, this.windowEndMs - performance.now())));
      }
    } finally {
      clearInterval(timer);
    }
  }

  private async vuLoop(variant: FlowVariant, v: number, index: number): Promise<void> {
    const vusAt = this.plan.vusAt!;
    const thinkMs = this.scenario.thinkTimeMs;
    try {
      while (!this.stopped) {
        const now = performance.now();
        if (now >= this.windowEndMs || index >= vusAt(now - this.t0)) break;
        if (this.iterationsLeft !== Infinity && now >= this.measureStartMs) {
          if (this.iterationsLeft <= 0) break;
          this.iterationsLeft -= 1;
        }
        await this.iterate(variant, now, true);
        if (thinkMs > 0 && !this.stopped) await sleep(thinkMs);
        // A failing target fails fast: yield to the loop so errors cannot starve the timers.
        else await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      this.running[v]![index] = false;
    }
  }

  // ------------------------------------------------------------------ open model

  private async runOpen(variant: FlowVariant): Promise<void> {
    const schedule = createArrivalSchedule(this.plan.pieces!);
    const flows = new Set<Promise<void>>();
    let nextDue = this.t0 + schedule.next();
    const maxInFlight = this.scenario.maxInFlight;
    while (!this.stopped && nextDue < this.windowEndMs) {
      const now = performance.now();
      if (nextDue > now) {
        await sleep(Math.max(1, Math.floor(nextDue - now)));
        continue;
      }
      while (nextDue <= performance.now() && nextDue < this.windowEndMs) {
        const intended = nextDue;
        nextDue = this.t0 + schedule.next();
        const inWindow = intended >= this.measureStartMs;
        if (inWindow) variant.scheduled += 1;
        if (variant.inFlight >= maxInFlight) {
          if (inWindow) variant.dropped += 1;
          continue;
        }
        if (inWindow) {
          variant.sent += 1;
          recordStartDelay(variant, performance.now() - intended);
        }
        variant.inFlight += 1;
        const running: Promise<void> = this.iterate(variant, intended, false).finally(() => {
          variant.inFlight -= 1;
          flows.delete(running);
        });
        flows.add(running);
      }
    }
    await Promise.all(flows);
  }

  // ------------------------------------------------------------------ progress

  /** The progress line counts whole iterations (flows), of every variant. */
  private emitProgress(): void {
    const now = performance.now();
    const intervalMs = now - this.lastProgressAt;
    this.lastProgressAt = now;
    const onProgress = this.options.onProgress;
    if (onProgress) {
      const measure = now >= this.measureStartMs;
      const sum = (pick: (variant: FlowVariant) => number): number =>
        this.variants.reduce((total, variant) => total + pick(variant), 0);
      const progress: ScenarioProgress = {
        scenario: this.scenario.name,
        phase: measure ? 'measure' : 'warmup',
        elapsedMs: Math.round(measure ? now - this.measureStartMs : now - this.t0),
        plannedMs: measure ? this.plan.windowMs : this.scenario.warmupMs,
        completed: measure ? sum((variant) => variant.flow.ok + variant.flow.ko) : this.warmCompleted,
        ko: measure ? sum((variant) => variant.flow.ko) : this.warmKo,
        dropped: sum((variant) => variant.dropped),
        inFlight: sum((variant) => variant.inFlight),
        intervalMs: Math.round(intervalMs),
        intervalRps: intervalMs > 0 ? round3((this.progressCount * 1000) / intervalMs) : 0,
        intervalP95Ms: percentileMs(this.progressHistogram, 95),
        variants: this.variants.length,
      };
      if (this.plan.open) progress.intendedRatePerSec = round3(levelAt(this.plan.pieces!, now - this.t0));
      else progress.vus = Math.max(0, this.plan.vusAt!(now - this.t0));
      try {
        onProgress(progress);
      } catch {
        // A failing progress display must not stop the load (this runs in a timer callback).
      }
    }
    this.progressCount = 0;
    this.progressHistogram.reset();
  }

  // ------------------------------------------------------------------ results

  private buildResult(
    name: string,
    recorder: Recorder,
    errorExamples: Record<string, string>,
    windowMs: number,
    startWallMs: number,
    load: GeneratorLoad,
    openVariant: FlowVariant | undefined,
    step?: string,
    protocol?: FlowClient['protocol'],
  ): ScenarioResult {
    return scenarioResult({
      name,
      ...(step ? { flow: { scenario: this.scenario.name, step } } : {}),
      scenario: this.scenario,
      recorder,
      // A copy: the flow's examples object lives on with the variant.
      errorExamples: { ...errorExamples },
      windowMs,
      startWallMs,
      load,
      counts: openVariant ?? CLOSED_COUNTS,
      open: openVariant !== undefined,
      // A step's latency is its first byte under `latency: ttfb`; the whole iteration's is its full time.
      ...(step && this.scenario.latency === 'ttfb' ? { ttfb: true } : {}),
      ...(protocol ? { protocol } : {}),
    });
  }
}
