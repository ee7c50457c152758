// A hint for latencies that are mostly a TCP stall, not the service's work: Nagle's algorithm on
// the service's socket meeting the delayed ACK of perfgate's client (docs/reports.md, "Scenario
// notes").
//
// The mechanism. A service that writes one response in two pieces (headers, then body) with Nagle's
// algorithm on (no TCP_NODELAY) may not send the second, small piece while the first is
// unacknowledged. The client has nothing to send back until it has the whole response, so it
// acknowledges the first piece only when its delayed-ACK timer fires. On Linux that timer is
// TCP_DELACK_MIN = HZ/25, 40 ms, on any link whose round trip is shorter (the kernel caps the
// delay at the smoothed RTT, but never below that minimum; up to TCP_DELACK_MAX, 200 ms, on slow
// links, where the RTT shows anyway). Every stalled response then takes 40 ms plus the little the
// service did before its first write: a narrow spike just above 40 ms, whatever the service does.
//
// The rule, and why each part:
// - The band is 40–55 ms. Nothing the timer stalls finishes under its 40 ms floor. It fires on a
//   clock tick, up to 10 ms late at HZ = 100 (4 ms at the HZ = 250 of most distributions'
//   kernels), and the service's own time to its first write and both ends' scheduling add a few
//   ms: 15 ms above the floor holds them. Measured on Linux at HZ = 250 with perfgate's client: a
//   Node server with noDelay off, 43.1–48.5 ms; Python's http.server speaking HTTP/1.1, 40.4–51.5 ms.
// - At least 10% of the ok requests, and 50 of them, are in the band: the share at which p90 and
//   above sit in it, the percentiles the gate judges; and enough requests that a handful of slow
//   ones make no "share" (MIN_TAIL_REQUESTS is 50 for the same reason).
// - It is a spike, not a body: the 10 ms under the floor hold at most 5% as many requests as the
//   band (the timer cannot fire early; a service's own ~40 ms of work spreads both ways, and a
//   broad body around 40 ms puts a third or more of the band's count under it), and the 15 ms
//   above the band at most a quarter as many (a coarse clock tick or a slower first write spill
//   some there).
// - It stands apart from what the service itself takes, one of:
//   - at least 10% of the ok requests finish under 20 ms, half the floor: the responses the timer
//     did not stall (written in one piece, or acknowledged at once in the kernel's quick-ACK
//     mode) show that the service's own work is short, and the spike is far above it; or
//   - the spike holds the median, and the services perfgate started used at most 10 ms of CPU per
//     completed request, a quarter of the floor: at least three quarters of the time is no work of
//     theirs. Without that figure (a service perfgate did not start) a service whose endpoint
//     takes a fixed ~45 ms cannot be told from a stall, and no hint is given.
//   Where perfgate measured the services' CPU, either way also needs it small: at most 10 ms a
//   request (a cached fast path beside ~45 ms of real work has fast requests too) and at most half
//   a core in all (a closed model's VUs queued at a single-threaded service make a narrow spike at
//   VUs × its CPU per request, with the service near a whole core; a stalled one waits).
// What it cannot tell apart: a service that waits a fixed 40–55 ms on purpose (a sleep, a
// downstream with that exact latency), hence "likely" in the note. It only knows Linux's timer:
// perfgate's client on another kernel stalls at that kernel's own delayed-ACK timeout, which this
// rule does not look for.
import { countsBelow, decodeHistogram, type Histogram } from '../histogram.js';
import type { ScenarioResult } from '../types/results.js';

const US_PER_MS = 1000;
/** Linux's TCP_DELACK_MIN (HZ/25 jiffies, whatever HZ is). */
export const DELAYED_ACK_FLOOR_MS = 40;
export const STALL_BAND_MS: readonly [number, number] = [40, 55];
const BELOW_WINDOW_MS = 10;
const ABOVE_WINDOW_MS = 15;
const MIN_SHARE = 0.1;
const MIN_IN_BAND = 50;
const MAX_BELOW_PER_BAND = 0.05;
const MAX_ABOVE_PER_BAND = 0.25;
const FAST_MS = DELAYED_ACK_FLOOR_MS / 2;
const MIN_FAST_SHARE = 0.1;
const MAX_CPU_MS_PER_REQUEST = DELAYED_ACK_FLOOR_MS / 4;
/** A stalled service waits: it is far from busy. A closed model's VUs queued on a single-threaded
 * service also make a narrow spike (latency ≈ VUs × its CPU per request, 20 × 2.3 ms = 46 ms), but
 * with the service near a whole core; half a core tells them apart. */
const MAX_SERVICE_CORES = 0.5;

/** What the test found in a histogram; `evidence` says which separation held. */
export interface DelayedAckStall {
  okRequests: number;
  inBand: number;
  share: number;
  evidence: { kind: 'fast'; fastShare: number } | { kind: 'cpu'; medianMs: number; cpuMsPerRequest: number };
}

/**
 * The stall test on a histogram of ok latencies (µs). `cpuMsPerRequest` and `serviceCores`: the
 * services' CPU per completed request and in all (cores), when perfgate measured them. Where it
 * did, either evidence also needs the services' CPU small: a cached fast path beside ~45 ms of
 * real work has "fast" requests too, at tens of ms of CPU per request.
 */
export function detectDelayedAckStall(
  histogram: Histogram,
  cpuMsPerRequest?: number,
  serviceCores?: number,
): DelayedAckStall | undefined {
  const okRequests = histogram.totalCount;
  const [low, high] = STALL_BAND_MS;
  const limits = [FAST_MS, low - BELOW_WINDOW_MS, low, high, high + ABOVE_WINDOW_MS].map((ms) => ms * US_PER_MS);
  const [fast, belowStart, bandStart, bandEnd, aboveEnd] = countsBelow(histogram, limits) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const inBand = bandEnd - bandStart;
  if (inBand < MIN_IN_BAND || inBand < MIN_SHARE * okRequests) return undefined;
  if (bandStart - belowStart > MAX_BELOW_PER_BAND * inBand) return undefined;
  if (aboveEnd - bandEnd > MAX_ABOVE_PER_BAND * inBand) return undefined;
  const share = inBand / okRequests;
  const idle =
    (cpuMsPerRequest === undefined || cpuMsPerRequest <= MAX_CPU_MS_PER_REQUEST) &&
    (serviceCores === undefined || serviceCores <= MAX_SERVICE_CORES);
  if (!idle) return undefined;
  if (fast >= MIN_FAST_SHARE * okRequests)
    return { okRequests, inBand, share, evidence: { kind: 'fast', fastShare: fast / okRequests } };
  const median = okRequests / 2;
  const medianInBand = bandStart < median && bandEnd >= median;
  if (medianInBand && cpuMsPerRequest !== undefined) {
    const medianMs = histogram.getValueAtPercentile(50) / US_PER_MS;
    return { okRequests, inBand, share, evidence: { kind: 'cpu', medianMs, cpuMsPerRequest } };
  }
  return undefined;
}

/** The cores the services perfgate started used on average; undefined without them. */
export function serviceCores(scenario: ScenarioResult): number | undefined {
  if (scenario.services.length === 0) return undefined;
  return scenario.services.reduce((sum, service) => sum + service.cpuMeanPercent / 100, 0);
}

/** CPU ms per completed request of the services perfgate started; undefined without them or a rate. */
export function cpuMsPerRequest(scenario: ScenarioResult): number | undefined {
  const cores = serviceCores(scenario);
  if (cores === undefined || !(scenario.rps > 0)) return undefined;
  return (cores * 1000) / scenario.rps;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The scenario note, or undefined when the test does not fire. `os`: the run's environment.os
 * ("linux 6.8.0 x64"); another OS's client does not delay its ACKs by Linux's timer. */
export function describeDelayedAckStall(scenario: ScenarioResult, os: string): string | undefined {
  if (!os.startsWith('linux') || scenario.requests.ok === 0 || !scenario.histogram) return undefined;
  const histogram = decodeHistogram(scenario.histogram);
  const stall = detectDelayedAckStall(histogram, cpuMsPerRequest(scenario), serviceCores(scenario));
  histogram.destroy();
  if (stall === undefined) return undefined;
  const [low, high] = STALL_BAND_MS;
  const apart =
    stall.evidence.kind === 'fast'
      ? `while ${percent(stall.evidence.fastShare)} took under ${FAST_MS} ms`
      : `p50 ${round1(stall.evidence.medianMs)} ms on ${round1(stall.evidence.cpuMsPerRequest)} ms of service CPU per request`;
  return (
    `${percent(stall.share)} of requests took ${low}–${high} ms (${apart}), a spike at Linux's ${DELAYED_ACK_FLOOR_MS} ms delayed-ACK timer: ` +
    "the service likely writes each response in two pieces (headers, then body) with Nagle's algorithm on, so the second waits for the client's delayed ACK, and these latencies are mostly that wait. " +
    "Set TCP_NODELAY on the service's sockets, or write each response in one piece. " +
    "Node's http server sets it by default since v18 (unless created with noDelay: false, or a socket is given setNoDelay(false)); " +
    'Python: sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1), or disable_nagle_algorithm = True on an http.server handler class (its default is False); asyncio servers set it by default since Python 3.6.'
  );
}
