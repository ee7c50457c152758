// Describes the machine a run was measured on, so that a comparison between unlike machines is
// flagged instead of being read as a regression.
import { createHash } from 'node:crypto';
import os from 'node:os';
import type { Environment } from '../core/types/results.js';

/** What the host says about itself; injectable so the fingerprint can be tested. */
export interface HostFacts {
  cpuModel: string;
  cpuCount: number;
  /** As in process.version, e.g. "v24.1.0". */
  nodeVersion: string;
  platform: string;
  release: string;
  arch: string;
}

export function readHostFacts(): HostFacts {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim().replace(/\s+/g, ' ') || 'unknown',
    // Some containers hide /proc/cpuinfo and os.cpus() comes back empty.
    cpuCount: cpus.length || os.availableParallelism(),
    nodeVersion: process.version,
    platform: os.platform(),
    release: os.release(),
    arch: os.arch(),
  };
}

export function readEnvironment(env: NodeJS.ProcessEnv = process.env, host: HostFacts = readHostFacts()): Environment {
  const runnerOs = env.RUNNER_OS?.trim();
  const runnerName = env.RUNNER_NAME?.trim();
  return {
    cpuModel: host.cpuModel,
    cpuCount: host.cpuCount,
    nodeVersion: host.nodeVersion,
    os: `${host.platform} ${host.release} ${host.arch}`,
    ...(runnerOs ? { runnerOs } : {}),
    ...(runnerName ? { runnerName } : {}),
    fingerprint: fingerprintHost(host),
  };
}

/**
 * What makes timings comparable: the CPU, how many of them, the Node major and the OS family.
 * Left out on purpose: the runner name (the machines of one pool are interchangeable), the
 * kernel release and the Node minor (both change with every runner image update, and flagging
 * each of those would teach users to ignore the flag).
 */
export function fingerprintHost(
  host: Pick<HostFacts, 'cpuModel' | 'cpuCount' | 'nodeVersion' | 'platform' | 'arch'>,
): string {
  const nodeMajor = /^v?(\d+)/.exec(host.nodeVersion)?.[1] ?? host.nodeVersion;
  const material = JSON.stringify([host.cpuModel, host.cpuCount, nodeMajor, host.platform, host.arch]);
  return createHash('sha256').update(material).digest('hex').slice(0, 12);
}
