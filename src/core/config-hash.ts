// The config hash keys baselines: two runs are comparable when they drive the same load with the
// same requests under the same timing rules. Thresholds, compare rules, services and allowHosts
// do not change what is measured, so editing them keeps the baselines.
// node:crypto only computes here; it does no I/O.
import { createHash } from 'node:crypto';
import type { Config } from './types/config.js';

/** Bump when the hashed shape changes meaning, so old baselines are not compared by mistake. */
const HASH_VERSION = 1;

/** JSON with object keys sorted at every depth and undefined members dropped. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/** What of the config decides the measurement (the base URL's host and port do not). */
export function comparableConfig(config: Config): unknown {
  return {
    version: HASH_VERSION,
    scenarios: config.scenarios.map((scenario) => ({
      name: scenario.name,
      load: scenario.load,
      request: scenario.request,
      ...(scenario.flow ? { flow: scenario.flow } : {}),
      ...(scenario.group === undefined ? {} : { group: scenario.group }),
      data: scenario.data,
      warmupMs: scenario.warmupMs,
      timeoutMs: scenario.timeoutMs,
      thinkTimeMs: scenario.thinkTimeMs,
      maxInFlight: scenario.maxInFlight,
      okStatus: scenario.okStatus,
      segmentMs: scenario.segmentMs,
      // Another protocol is another measurement; HTTP/1.1 (unset or written) keeps the old hashes.
      ...(scenario.http === undefined || scenario.http === '1.1' ? {} : { http: scenario.http }),
      // Baselines of the full time are not compared with a time to first byte.
      ...(scenario.latency === 'ttfb' ? { latency: 'ttfb' } : {}),
      // Where a stream is cut decides its full time.
      ...(scenario.stream ? { stream: scenario.stream } : {}),
      // The call is in `request` (its path names service and method); gRPC is another protocol.
      // Not the proto's path: moving the file changes nothing measured.
      ...(scenario.grpc ? { grpc: true } : {}),
    })),
  };
}

/** First 16 hex characters of the sha256 of the comparable part of the config. */
export function hashConfig(config: Config): string {
  return createHash('sha256')
    .update(canonicalJson(comparableConfig(config)))
    .digest('hex')
    .slice(0, 16);
}
